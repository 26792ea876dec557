import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectBeyondHermes } from '../../src/core/detection/registry';
import { instructionCue } from '../../src/core/detection/instructionCues';
import { compiledPatterns, foldForMatching } from '../../src/core/threatPatterns';
import { seededRandom as random } from '../helpers/seededRandom';


describe('instruction cues: Hermes\' patterns', () => {
  // Short texts are tested against one alternation of the patterns first; the cue must be the one the patterns
  // give one by one, the first in table order, for texts on both sides of the length where that pass stops.
  const pieces = ['ignore', ' all ', 'previous', ' instructions', 'you are now', ' a ', 'pirate', 'curl ', '$API_KEY', 'cat ', '.env',
    'send ', 'to https://x.example', '<!-- ', 'system', ' -->', 'do not ', 'tell', ' the user', 'authorized_keys', 'ｉｇｎｏｒｅ', 'İ', '\n', ' ', 'word '];

  it('gives the first matching pattern, or none, exactly as testing each pattern does', () => {
    const rnd = random(41);
    const patterns = compiledPatterns('strict');
    let matched = 0;
    for (let n = 0; n < 4000; n++) {
      let text = '';
      const target = n % 4 === 0 ? 480 + Math.floor(rnd() * 80) : Math.floor(rnd() * 120);
      while (text.length < target) text += pieces[Math.floor(rnd() * pieces.length)];
      const folded = foldForMatching(text.normalize('NFKC'));
      const first = patterns.find((c) => c.test(folded));
      const cue = instructionCue(text);
      if (first) {
        matched++;
        assert.equal(cue, `matches Hermes' "${first.pattern.id}" pattern (${first.pattern.description})`, JSON.stringify(text));
      } else {
        assert.ok(!cue?.startsWith('matches Hermes'), JSON.stringify(text));
      }
    }
    assert.ok(matched > 500, `only ${matched} texts matched a pattern`);
  });
});

describe('rules a scan does not report cost nothing', () => {
  it('a bare hidden comment is reported with checks \'all\' only', () => {
    const text = '# Build\n\n<!-- internal note: keep the old build matrix until March -->\n';
    assert.deepEqual(detectBeyondHermes(text, 'all').map((h) => h.ruleId), ['hidden_comment']);
    assert.deepEqual(detectBeyondHermes(text, 'recommended'), []);
  });
});
