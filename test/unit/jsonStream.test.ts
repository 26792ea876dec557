import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeJson } from '../../src/cli/jsonStream';

const written = (value: unknown): string => {
  const parts: string[] = [];
  writeJson(value, (t) => parts.push(t));
  return parts.join('\n');
};

describe('writeJson', () => {
  it('writes exactly what JSON.stringify(value, null, 2) writes', () => {
    const values: unknown[] = [
      null, 1, 'a\n"b"\u2028', [], {}, [[]], { a: {} }, { a: [1, { b: 'x\ny', c: undefined, d: [null, true] }], e: { f: { g: [] } } },
      [undefined, Symbol('s')], { date: new Date(0), n: -0.5, big: 'x'.repeat(200_000) },
    ];
    for (const v of values) assert.equal(written(v), JSON.stringify(v, null, 2));
  });

  it('writes generator items as they come and calls functions when reached', () => {
    const parts: string[] = [];
    let made = 0;
    function* items(): Generator<object> {
      for (let k = 0; k < 3; k++) {
        made++;
        yield { k, pad: 'p'.repeat(70_000) };
      }
    }
    writeJson({ items: items(), total: () => made }, (t) => parts.push(t));
    const text = parts.join('\n');
    assert.deepEqual(JSON.parse(text).items.map((i: { k: number }) => i.k), [0, 1, 2]);
    assert.equal(JSON.parse(text).total, 3);
    assert.ok(parts.length >= 3, 'flushed in chunks as items were made');
    assert.ok(parts.every((p) => p.length < 3 * 70_000));
  });
});
