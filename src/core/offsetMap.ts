/**
 * Maps positions in a derived text (newlines normalized, stripped, sliced, NFKC-normalized…) back to UTF-16
 * offsets in the text it came from, so findings in what Hermes scans can be shown where the editor shows them.
 */

import { universalNewlines } from './text';
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
 * range ("linear") or a replacement of a source range as a whole (a composed character, an expanded
 * ligature…). Stored in typed arrays and searched by bisection; adjacent contiguous copies are merged.
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

/**
 * `universalNewlines` with its map. Only `\r\n` changes length (a lone `\r` becomes `\n` in place), so a
 * derived offset p maps to p plus the number of collapsed `\r\n` before it, for range starts and ends alike:
 * a `\n` that was `\r\n` starts at the `\r` and ends after the `\n`.
 */
export function mapUniversalNewlines(text: string): MappedText {
  let cr = text.indexOf('\r');
  if (cr === -1) return { text, map: IDENTITY_MAP };
  let collapsed = new Int32Array(64);
  let n = 0;
  while (cr !== -1) {
    if (text.charCodeAt(cr + 1) === 0x0a) {
      if (n === collapsed.length) {
        const bigger = new Int32Array(n * 2);
        bigger.set(collapsed);
        collapsed = bigger;
      }
      // The derived offset of this `\n`: each earlier `\r\n` lost one unit.
      collapsed[n] = cr - n;
      n++;
    }
    cr = text.indexOf('\r', cr + 1);
  }
  const at = collapsed.subarray(0, n);
  const shift = (p: number): number => p + countBelow(at, p);
  return { text: universalNewlines(text), map: { start: shift, end: shift } };
}

/** How many elements of ascending `a` are < `x`. */
function countBelow(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const NON_ASCII = /[^\0-\x7f]/;

/**
 * Characters that start an NFKC chunk: ASCII and CJK unified ideographs. Each has canonical combining class 0,
 * no decomposition, and is never the second element of a canonical composition, so normalization cannot
 * reorder or compose anything across the position in front of it: NFKC(x + y) = NFKC(x) + NFKC(y) whenever
 * y begins with one (such a position is a "normalization boundary"). Splitting in front of every such
 * character therefore reproduces whole-text NFKC chunk by chunk. A chunk is one of them plus the other
 * characters up to the next one.
 */
function isChunkStart(c: number): boolean {
  return c < 0x80 || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf);
}

/** NFKC of single BMP code points, filled lazily: 0 = not yet known, c + 1 = the one unit c, -1 = see LONGER. */
const BMP_NFKC = new Int32Array(0x10000);
/** NFKC of code points whose result is not a single BMP unit (and of all astral ones). */
const LONGER = new Map<number, string>();

/** The single unit a code point normalizes to, or -1 if its NFKC is longer (then use `longerNfkc`). */
function singleNfkc(cp: number): number {
  if (cp <= 0xffff) {
    const known = BMP_NFKC[cp];
    if (known !== 0) return known > 0 ? known - 1 : -1;
  } else if (LONGER.has(cp)) {
    return -1;
  }
  const s = String.fromCodePoint(cp).normalize('NFKC');
  const single = cp <= 0xffff && s.length === 1;
  if (cp <= 0xffff) BMP_NFKC[cp] = single ? s.charCodeAt(0) + 1 : -1;
  if (!single) LONGER.set(cp, s);
  return single ? s.charCodeAt(0) : -1;
}

function longerNfkc(cp: number): string {
  return LONGER.get(cp)!;
}

/**
 * `text.normalize('NFKC')` with a precise map back to `text`: per code point where each code point's own
 * NFKC concatenates to the chunk's (full-width letters, ligatures…), per chunk where characters combine
 * (e + U+0301 → é).
 *
 * Each chunk's output is checked in place against the whole text's NFKC, which is the self-check
 * "chunks joined = whole NFKC" done incrementally and in linear time. The code points' own normalizations
 * are tried first: they are canonically equivalent to the chunk's NFKC, and two canonically equivalent
 * strings cannot be proper prefixes of one another (their decompositions have equal length), so if they
 * match the whole text at the chunk's output offset they are exactly the chunk's NFKC. Otherwise the chunk
 * is normalized on its own and mapped as a whole.
 */
export function mapNfkc(text: string): MappedText {
  if (!NON_ASCII.test(text)) return { text, map: IDENTITY_MAP };
  const whole = text.normalize('NFKC');
  if (whole === text) return { text, map: IDENTITY_MAP };
  const b = new OffsetMapBuilder();
  const n = text.length;
  let out = 0;
  let start = 0;
  const nonAscii = new RegExp(NON_ASCII.source, 'g');
  while (start < n) {
    // ASCII is NFKC-stable and each ASCII character starts a chunk: copy runs of it in bulk, up to the chunk
    // that holds the next non-ASCII character (it starts one character earlier, at an ASCII character).
    nonAscii.lastIndex = start;
    const firstNonAscii = nonAscii.exec(text)?.index ?? n;
    const run = Math.max(start, firstNonAscii - 1) - start;
    if (run > 0) {
      if (!whole.startsWith(text.slice(start, start + run), out)) break;
      b.copy(start, run);
      out += run;
      start += run;
      if (start >= n) break;
    }
    let end = start + 1;
    while (end < n && !isChunkStart(text.charCodeAt(end))) end++;
    const next = perCodePoint(text, start, end, whole, out, b);
    if (next >= 0) {
      out = next;
    } else {
      const norm = text.slice(start, end).normalize('NFKC');
      if (!whole.startsWith(norm, out)) break;
      b.replace(norm.length, start, end - start);
      out += norm.length;
    }
    start = end;
  }
  if (start < n || out !== whole.length) {
    // Not expected to happen; stays linear and correct, only coarse.
    const coarse = new OffsetMapBuilder();
    coarse.replace(whole.length, 0, n);
    return { text: whole, map: coarse.build() };
  }
  return { text: whole, map: b.build() };
}

/**
 * Maps `text[start, end)` code point by code point if their own NFKC forms appear in `whole` at `out`:
 * returns the output offset after them, or -1 with nothing added to `b`.
 */
function perCodePoint(text: string, start: number, end: number, whole: string, out: number, b: OffsetMapBuilder): number {
  let o = out;
  for (let k = start; k < end; ) {
    const cp = text.codePointAt(k)!;
    const single = cp < 0x80 ? cp : singleNfkc(cp);
    if (single >= 0) {
      if (whole.charCodeAt(o) !== single) return -1;
      o++;
    } else {
      const piece = longerNfkc(cp);
      if (!whole.startsWith(piece, o)) return -1;
      o += piece.length;
    }
    k += cp > 0xffff ? 2 : 1;
  }
  for (let k = start; k < end; ) {
    const cp = text.codePointAt(k)!;
    const len = cp > 0xffff ? 2 : 1;
    b.replace(cp < 0x80 || singleNfkc(cp) >= 0 ? 1 : longerNfkc(cp).length, k, len);
    k += len;
  }
  return o;
}

/** Offsets → editor positions. Lines end at `\n`, `\r\n` or a lone `\r`, as VS Code counts them. */
export class LineIndex {
  private readonly starts: Int32Array;
  private readonly lines: number;
  private readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    let starts = new Int32Array(64);
    let n = 1;
    let lf = text.indexOf('\n');
    let cr = text.indexOf('\r');
    while (lf !== -1 || cr !== -1) {
      let next: number;
      if (cr !== -1 && (lf === -1 || cr < lf)) {
        next = lf === cr + 1 ? cr + 2 : cr + 1;
        if (lf === cr + 1) lf = text.indexOf('\n', next);
        cr = text.indexOf('\r', next);
      } else {
        next = lf + 1;
        lf = text.indexOf('\n', next);
      }
      if (n === starts.length) {
        const bigger = new Int32Array(n * 2);
        bigger.set(starts);
        starts = bigger;
      }
      starts[n++] = next;
    }
    this.starts = starts;
    this.lines = n;
  }

  get lineCount(): number {
    return this.lines;
  }

  /** The offset of an editor position (a position past its line's end is clamped to the text's end). */
  offsetAt(p: Position): number {
    if (p.line >= this.lines) return this.length;
    return Math.min(this.length, this.starts[p.line] + p.character);
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
