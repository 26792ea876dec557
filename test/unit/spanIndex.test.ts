import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SpanIndex } from '../../src/core/spanIndex';

describe('SpanIndex', () => {
  it('answers overlap of half-open ranges added in any order', () => {
    const spans = new SpanIndex();
    for (const [s, e] of [[50, 60], [10, 20], [30, 31], [12, 14]]) spans.add(s, e);
    assert.equal(spans.overlaps(0, 10), false, 'ends where a range starts');
    assert.equal(spans.overlaps(20, 30), false, 'between ranges');
    assert.equal(spans.overlaps(19, 21), true);
    assert.equal(spans.overlaps(30, 31), true);
    assert.equal(spans.overlaps(31, 50), false);
    assert.equal(spans.overlaps(0, 100), true, 'covers several');
    assert.equal(spans.overlaps(55, 56), true, 'inside one');
    assert.equal(spans.overlaps(60, 70), false);
  });

  it('finds a long range that starts before shorter later ones', () => {
    const spans = new SpanIndex();
    spans.add(0, 1000);
    for (let k = 0; k < 100; k++) spans.add(100 + 2 * k, 101 + 2 * k);
    assert.equal(spans.overlaps(999, 1001), true);
    assert.equal(spans.overlaps(1000, 2000), false);
  });

  it('is empty until something is added', () => {
    assert.equal(new SpanIndex().overlaps(0, 10), false);
  });
});
