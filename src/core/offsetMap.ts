/**
 * Maps positions in a derived text (newlines normalized, stripped, sliced, NFKC-normalized…) back to UTF-16
 * offsets in the text it came from, so findings in what Hermes scans can be shown where the editor shows them.
 */

import type { Position } from './types';

/** Derived offset → source offset. Compose maps with `composeMaps`. */
export interface PositionMap {
  /** Source offset where the derived character at `p` starts (for a range start). */
  start(p: number): number;
  /** Source offset where the derived character before `p` ends (for an exclusive range end). */
  end(p: number): number;
}

export interface MappedText {
  text: string;
  /** From `text` back to the text it was derived from. */
  map: PositionMap;
}

export const IDENTITY_MAP: PositionMap = { start: (p) => p, end: (p) => p };

/** The map of `source.slice(offset, …)`. */
export function shiftMap(offset: number): PositionMap {
  return offset === 0 ? IDENTITY_MAP : { start: (p) => p + offset, end: (p) => p + offset };
}

/** `inner` maps a text C to B, `outer` maps B to A: the result maps C to A. */
export function composeMaps(outer: PositionMap, inner: PositionMap): PositionMap {
  if (inner === IDENTITY_MAP) return outer;
  if (outer === IDENTITY_MAP) return inner;
  return { start: (p) => outer.start(inner.start(p)), end: (p) => outer.end(inner.end(p)) };
}

/** The source range of derived range [start, end); never inverted, even across removed source text. */
export function mapRange(map: PositionMap, start: number, end: number): [number, number] {
  const s = map.start(start);
  return end <= start ? [s, s] : [s, Math.max(s, map.end(end))];
}

/**
 * A piecewise map: the derived text is a sequence of segments, each either a one-to-one copy of a source
 * range ("linear") or a replacement of a source range as a whole (a composed character, a `\r\n` turned into
 * `\n`…). Stored in typed arrays and searched by bisection; adjacent contiguous copies are merged.
 */
export class OffsetMap implements PositionMap {
  /** Built by `OffsetMapBuilder`; `count` segments, the derived text `length` units long. */
  constructor(
    private readonly outStart: Int32Array,
    private readonly inStart: Int32Array,
    private readonly inEnd: Int32Array,
    private readonly linear: Uint8Array,
    private readonly count: number,
    private readonly length: number,
  ) {}

  get segmentCount(): number {
    return this.count;
  }

  start(p: number): number {
    if (this.count === 0) return 0;
    if (p >= this.length) return this.inEnd[this.count - 1];
    const i = this.segmentAt(p);
    if (i < 0) return this.inStart[0];
    return this.linear[i] ? this.inStart[i] + (p - this.outStart[i]) : this.inStart[i];
  }

  end(p: number): number {
    if (this.count === 0) return 0;
    if (p > this.length) return this.inEnd[this.count - 1];
    const i = this.segmentAt(p - 1);
    if (i < 0) return this.inStart[0];
    return this.linear[i] ? this.inStart[i] + (p - this.outStart[i]) : this.inEnd[i];
  }

  /** Index of the last segment starting at or before `p`, or -1. */
  private segmentAt(p: number): number {
    if (p < this.outStart[0]) return -1;
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.outStart[mid] <= p) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** Appends segments in derived-text order. */
export class OffsetMapBuilder {
  private outStart = new Int32Array(16);
  private inStart = new Int32Array(16);
  private inEnd = new Int32Array(16);
  private linear = new Uint8Array(16);
  private count = 0;
  private out = 0;

  /** `length` derived units copied one-to-one from source offset `from`. */
  copy(from: number, length: number): void {
    if (length <= 0) return;
    const last = this.count - 1;
    if (last >= 0 && this.linear[last] && this.inEnd[last] === from) {
      this.inEnd[last] += length;
    } else {
      this.push(from, from + length, 1);
    }
    this.out += length;
  }

  /** `outLength` derived units standing for source range [from, from + inLength) as a whole. */
  replace(outLength: number, from: number, inLength: number): void {
    if (outLength <= 0) return;
    if (outLength === inLength) return this.copy(from, inLength);
    this.push(from, from + inLength, 0);
    this.out += outLength;
  }

  build(): OffsetMap {
    return new OffsetMap(this.outStart, this.inStart, this.inEnd, this.linear, this.count, this.out);
  }

  private push(inStart: number, inEnd: number, linear: number): void {
    if (this.count === this.outStart.length) this.grow();
    const i = this.count++;
    this.outStart[i] = this.out;
    this.inStart[i] = inStart;
    this.inEnd[i] = inEnd;
    this.linear[i] = linear;
  }

  private grow(): void {
    const size = this.outStart.length * 2;
    const widen = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.outStart = widen(this.outStart, (n) => new Int32Array(n));
    this.inStart = widen(this.inStart, (n) => new Int32Array(n));
    this.inEnd = widen(this.inEnd, (n) => new Int32Array(n));
    this.linear = widen(this.linear, (n) => new Uint8Array(n));
  }
}

/** `universalNewlines` with its map: each `\r\n` becomes one `\n` standing for both units. */
export function mapUniversalNewlines(text: string): MappedText {
  let cr = text.indexOf('\r');
  if (cr === -1) return { text, map: IDENTITY_MAP };
  const b = new OffsetMapBuilder();
  const parts: string[] = [];
  let from = 0;
  while (cr !== -1) {
    const crlf = text.charCodeAt(cr + 1) === 0x0a;
    parts.push(text.slice(from, cr), '\n');
    b.copy(from, cr - from);
    b.replace(1, cr, crlf ? 2 : 1);
    from = cr + (crlf ? 2 : 1);
    cr = text.indexOf('\r', from);
  }
  parts.push(text.slice(from));
  b.copy(from, text.length - from);
  return { text: parts.join(''), map: b.build() };
}

/**
 * Characters that start an NFKC chunk: ASCII and CJK unified ideographs. Each has canonical combining class 0,
 * no decomposition, and is never the second element of a canonical composition, so normalization cannot
 * reorder or compose anything across the position in front of it: NFKC(x + y) = NFKC(x) + NFKC(y) whenever
 * y begins with one (such a position is a "normalization boundary"). Splitting in front of every such
 * character therefore reproduces whole-text NFKC chunk by chunk. A chunk is one of them plus the other
 * characters up to the next one; only chunks containing other characters need work.
 */
const NON_STARTER_RUN = /[^\0-\x7f\u3400-\u4dbf\u4e00-\u9fff]+/g;

/**
 * `text.normalize('NFKC')` with a precise map back to `text`: per code point where each code point normalizes
 * on its own (full-width letters, ligatures…), per chunk where characters combine (e + U+0301 → é).
 */
export function mapNfkc(text: string): MappedText {
  const whole = text.normalize('NFKC');
  if (whole === text) return { text, map: IDENTITY_MAP };
  const b = new OffsetMapBuilder();
  let out = 0;
  let done = 0;
  let consistent = true;
  const copyThrough = (end: number): void => {
    if (end <= done) return;
    if (!whole.startsWith(text.slice(done, end), out)) consistent = false;
    b.copy(done, end - done);
    out += end - done;
    done = end;
  };
  NON_STARTER_RUN.lastIndex = 0;
  for (let m = NON_STARTER_RUN.exec(text); m && consistent; m = NON_STARTER_RUN.exec(text)) {
    const chunkStart = m.index > 0 ? m.index - 1 : 0;
    const chunkEnd = m.index + m[0].length;
    copyThrough(chunkStart);
    const chunk = text.slice(chunkStart, chunkEnd);
    const norm = chunk.normalize('NFKC');
    if (!whole.startsWith(norm, out)) consistent = false;
    else if (norm === chunk) b.copy(chunkStart, chunk.length);
    else mapChunk(b, chunk, norm, chunkStart);
    out += norm.length;
    done = chunkEnd;
  }
  copyThrough(text.length);
  if (!consistent || out !== whole.length) {
    // Not expected to happen; stays linear and correct, only coarse.
    const coarse = new OffsetMapBuilder();
    coarse.replace(whole.length, 0, text.length);
    return { text: whole, map: coarse.build() };
  }
  return { text: whole, map: b.build() };
}

/** Per code point when the code points' own normalizations concatenate to the chunk's, else the chunk whole. */
function mapChunk(b: OffsetMapBuilder, chunk: string, norm: string, base: number): void {
  let o = 0;
  for (let k = 0; k < chunk.length; ) {
    const len = chunk.codePointAt(k)! > 0xffff ? 2 : 1;
    const piece = chunk.slice(k, k + len).normalize('NFKC');
    if (!norm.startsWith(piece, o)) return b.replace(norm.length, base, chunk.length);
    o += piece.length;
    k += len;
  }
  if (o !== norm.length) return b.replace(norm.length, base, chunk.length);
  for (let k = 0; k < chunk.length; ) {
    const len = chunk.codePointAt(k)! > 0xffff ? 2 : 1;
    b.replace(chunk.slice(k, k + len).normalize('NFKC').length, base + k, len);
    k += len;
  }
}

/** Offsets → editor positions. Lines end at `\n`, `\r\n` or a lone `\r`, as VS Code counts them. */
export class LineIndex {
  private readonly starts: Int32Array;
  private readonly lines: number;

  constructor(text: string) {
    let starts = new Int32Array(64);
    let n = 1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
      if (n === starts.length) {
        const bigger = new Int32Array(n * 2);
        bigger.set(starts);
        starts = bigger;
      }
      starts[n++] = i + 1;
    }
    this.starts = starts;
    this.lines = n;
  }

  get lineCount(): number {
    return this.lines;
  }

  positionAt(offset: number): Position {
    let lo = 0;
    let hi = this.lines - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - this.starts[lo] };
  }
}
