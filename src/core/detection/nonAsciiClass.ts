/**
 * A class of non-ASCII code points, searched by jumping to the next non-ASCII code unit (a search the regex
 * engine runs at memory speed) and deciding each unit by a table filled on first sight. A `u` regex class of
 * hundreds of code points and ranges, run over a mostly ASCII text, costs several times more per character.
 * Membership is the regex's own: each unit is decided by the regex itself, once.
 */

const NON_ASCII = /[^\x00-\x7f]/g;

export class NonAsciiClass {
  private readonly sticky: RegExp;
  /** Per BMP code unit outside the surrogates: 0 not yet known, 1 in the class, -1 not. */
  private readonly known = new Int8Array(65536);

  /**
   * `re` (flag `u`) matches exactly one code point, decided by that code point alone (a character class,
   * or alternatives of classes and lookaheads at the same position), and no ASCII one.
   */
  constructor(re: RegExp) {
    if (!re.unicode) throw new Error(`NonAsciiClass needs a regex with flag u: /${re.source}/${re.flags}`);
    this.sticky = new RegExp(re.source, `${re.flags.replace(/[gy]/g, '')}y`);
    for (let c = 0; c < 128; c++) {
      if (this.member(String.fromCharCode(c), 0)) throw new Error(`NonAsciiClass /${re.source}/ matches ASCII ${c}`);
    }
  }

  private member(text: string, at: number): boolean {
    this.sticky.lastIndex = at;
    return this.sticky.test(text);
  }

  /** The offset of the first code point of the class at or after `from` (a code point boundary), or -1. */
  next(text: string, from: number): number {
    const n = text.length;
    NON_ASCII.lastIndex = from;
    // `test` finds the next non-ASCII unit without making a match array; it is the unit before lastIndex.
    while (NON_ASCII.test(text)) {
      // Non-ASCII text (a Russian or Chinese file) is read here unit by unit until the next ASCII one.
      let p = NON_ASCII.lastIndex - 1;
      for (; p < n; p++) {
        const c = text.charCodeAt(p);
        if (c < 128) break;
        if (c < 0xd800 || c > 0xdfff) {
          let k = this.known[c];
          if (k === 0) k = this.known[c] = this.member(String.fromCharCode(c), 0) ? 1 : -1;
          if (k === 1) return p;
        } else {
          if (this.member(text, p)) return p;
          // A surrogate pair is one code point.
          if (c <= 0xdbff && (text.charCodeAt(p + 1) & 0xfc00) === 0xdc00) p++;
        }
      }
      NON_ASCII.lastIndex = p;
    }
    return -1;
  }

  /**
   * As `next`, reading only the offsets in `units` (ascending: every non-ASCII code unit of `text`, from
   * `sparseNonAscii`), so a text with a few non-ASCII characters is read once for all classes.
   */
  nextAmong(text: string, units: Int32Array, from: number): number {
    let lo = 0;
    let hi = units.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (units[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < units.length; k++) {
      const p = units[k];
      const c = text.charCodeAt(p);
      if (c < 0xd800 || c > 0xdfff) {
        let known = this.known[c];
        if (known === 0) known = this.known[c] = this.member(String.fromCharCode(c), 0) ? 1 : -1;
        if (known === 1) return p;
      } else {
        if (this.member(text, p)) return p;
        // A surrogate pair is one code point: its low half is the next offset.
        if (c <= 0xdbff && (text.charCodeAt(p + 1) & 0xfc00) === 0xdc00) k++;
      }
    }
    return -1;
  }

  test(text: string): boolean {
    return this.next(text, 0) !== -1;
  }
}

/**
 * The offsets of the non-ASCII code units of `text` while they are sparse (about one in eight characters or
 * fewer), else null: a Russian or Chinese text is better read unit by unit than listed.
 */
export function sparseNonAscii(text: string): Int32Array | null {
  const re = NON_ASCII;
  re.lastIndex = 0;
  let out = new Int32Array(256);
  let n = 0;
  while (re.test(text)) {
    if (n === out.length) {
      const bigger = new Int32Array(n * 2);
      bigger.set(out);
      out = bigger;
    }
    out[n++] = re.lastIndex - 1;
    if ((n & 1023) === 0 && n * 8 > re.lastIndex) return null;
  }
  return out.subarray(0, n);
}
