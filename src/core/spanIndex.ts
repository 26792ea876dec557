/**
 * Ranges of a text, answering "does [start, end) overlap any of them?" in logarithmic time. The scanner keeps
 * Hermes' own findings here so that the checks beyond Hermes do not repeat them; a hostile file can have
 * millions of such ranges, so they are kept in flat typed arrays rather than as objects.
 */
export class SpanIndex {
  private starts: Uint32Array = new Uint32Array(64);
  private ends: Uint32Array = new Uint32Array(64);
  private size = 0;
  /** After `seal`: the largest end among the ranges up to each index (ranges sorted by start). */
  private maxEnd?: Uint32Array;

  add(start: number, end: number): void {
    if (this.maxEnd) throw new Error('SpanIndex: add after a query');
    if (this.size === this.starts.length) {
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.starts[this.size] = start;
    this.ends[this.size] = end;
    this.size++;
  }

  overlaps(start: number, end: number): boolean {
    const maxEnd = this.maxEnd ?? this.seal();
    // The last range that starts before `end`; it or an earlier one overlaps iff the largest end so far passes `start`.
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid] < end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && maxEnd[lo - 1] > start;
  }

  private seal(): Uint32Array {
    const n = this.size;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++) sorted = this.starts[i - 1] <= this.starts[i];
    // Hits mostly arrive in order (one rule at a time), so the sort is usually skipped.
    const order = sorted ? undefined : Array.from({ length: n }, (_, i) => i).sort((a, b) => this.starts[a] - this.starts[b]);
    const starts = new Uint32Array(n);
    const maxEnd = new Uint32Array(n);
    let max = 0;
    for (let i = 0; i < n; i++) {
      const from = order ? order[i] : i;
      starts[i] = this.starts[from];
      max = Math.max(max, this.ends[from]);
      maxEnd[i] = max;
    }
    this.starts = starts;
    this.ends = new Uint32Array(0);
    this.maxEnd = maxEnd;
    return maxEnd;
  }
}

function grow(a: Uint32Array): Uint32Array {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}
