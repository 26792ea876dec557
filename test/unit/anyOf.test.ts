import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnyOf } from '../../src/core/detection/anyOf';
import { seededRandom as random } from '../helpers/seededRandom';

describe('AnyOf: one pretest for a list of regexes', () => {
  // Flags differ ('m' changes what ^ and $ mean, 'u' what \w and case folding do): each regex keeps its own.
  const regexes = [/^to the agent:/im, /\bsecretly\b/i, /^ignore$/, /ǅ/iu, /\bcurl[ \t]+\S+/i];
  const pieces = ['to the agent:', 'To The Agent:', 'secretly', 'secret', 'ly', 'ignore', 'ǆ', 'Ǆ', 'curl', ' ', '\t', '\n', 'x', 'https://x.example'];

  it('matches a text exactly when one of its regexes does', () => {
    const any = new AnyOf(regexes);
    const rnd = random(7);
    let matched = 0;
    for (let n = 0; n < 3000; n++) {
      let text = '';
      const target = Math.floor(rnd() * 40);
      while (text.length < target) text += pieces[Math.floor(rnd() * pieces.length)];
      const expected = regexes.some((re) => re.test(text));
      if (expected) matched++;
      assert.equal(any.test(text), expected, JSON.stringify(text));
    }
    // Both outcomes occur often enough for the comparison to mean something.
    assert.ok(matched > 300 && matched < 2700, `${matched} of 3000 matched`);
  });

  it('refuses a regex with a backreference, which joining would point at another group', () => {
    assert.throws(() => new AnyOf([/(a)b/, /(["'])x\1/]), /backreference/);
    assert.throws(() => new AnyOf([/(?<q>["'])x\k<q>/]), /backreference/);
  });
});
