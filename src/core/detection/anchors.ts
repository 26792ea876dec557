/**
 * The literal-anchor prefilter. Every check names literals one of which any of its matches contains; all
 * checks' literals are searched in one case-insensitive pass per document (one Aho-Corasick table step per
 * character, whatever the number of literals), and a check's regex then runs only on the lines where one of
 * its literals occurs.
 *
 * How a rule declares its anchors (and so gets the prefilter): at module load its detector creates
 * `new Anchor([...literals])` for each check, and the union of them as the detector's `anchor` (which gates
 * the whole detector); in `detect` a check reads only `view.eachLineMatch(anchor, re, …)` or
 * `view.eachLine(anchor, …)`, or tests `view.has(anchor)`. A check whose every match also holds a literal of a
 * second, rarer anchor reads `new AnchorPair(anchor, second)` instead: only the lines that hold both. (A second
 * anchor of common words costs more automaton hits, and a segment list per file, than the regex runs it saves.)
 * Literals are lower case and hold no newline; each
 * is matched as the regex flag `i` matches it (ECMAScript's simple upper-case folding, code unit by code
 * unit), so a check sees the lines a `/literal/i` search finds (a non-ASCII spelling when it also lower-cases
 * to the literal). A check made of non-ASCII characters (invisible or look-alike ones) uses a `NonAsciiClass`
 * instead, searched with `view.nextOf`.
 */

/** A check's anchor literals (lower case), registered when its module loads. */
export class Anchor {
  private static readonly all: Anchor[] = [];
  private static compiled: AnchorIndex | undefined;
  readonly id: number;

  constructor(readonly literals: readonly string[]) {
    for (const lit of literals) {
      if (!lit || lit !== lit.toLowerCase() || lit.includes('\n')) {
        throw new Error(`anchor literal ${JSON.stringify(lit)} must be non-empty, lower case and on one line`);
      }
    }
    this.id = Anchor.all.length;
    Anchor.all.push(this);
    Anchor.compiled = undefined;
  }

  /** One automaton over every literal, and for each literal the anchors it proves present. */
  static index(): AnchorIndex {
    if (Anchor.compiled && Anchor.compiled.count === Anchor.all.length) return Anchor.compiled;
    const literals = [...new Set(Anchor.all.flatMap((a) => a.literals))];
    const anchorsOf = new Map<string, number[]>();
    for (const a of Anchor.all) for (const l of new Set(a.literals)) anchorsOf.set(l, [...(anchorsOf.get(l) ?? []), a.id]);
    const literalSet = new Set(literals);
    const prefixes = new Set<string>();
    for (const l of literals) for (let k = 1; k <= l.length; k++) prefixes.add(l.slice(0, k));
    const owners = new Map<string, LiteralInfo>();
    for (const lit of literals) {
      // A literal that contains another proves that one too: "approve" found means "approv" is there.
      const ids = new Set<number>();
      for (let s = 0; s < lit.length; s++) for (let e = s + 1; e <= lit.length; e++) for (const id of anchorsOf.get(lit.slice(s, e)) ?? []) ids.add(id);
      owners.set(lit, { ids: [...ids].sort((x, y) => x - y), skip: nextPossibleStart(lit, literalSet, prefixes), search: -1, line: -1 });
    }
    const automaton = new LiteralAutomaton(literals);
    const infos = literals.map((lit) => (/^[\x00-\x7f]*$/.test(lit) ? owners.get(lit)! : undefined));
    const longest = literals.reduce((n, lit) => Math.max(n, lit.length), 0);
    Anchor.compiled = { automaton, literals, infos, owners, longest, count: Anchor.all.length };
    return Anchor.compiled;
  }
}

/**
 * Two anchors that must both occur, for a check whose every match holds a literal of each ("curl" and "|" in a
 * download piped into a shell): its regex then skips the lines that hold only one of them, as most do.
 */
export class AnchorPair {
  constructor(readonly first: Anchor, readonly second: Anchor) {}
}

interface LiteralInfo {
  /** The anchors the literal proves present. */
  ids: number[];
  /** The first offset inside the literal where another literal can start (its length when none can). */
  skip: number;
  /** The search (a counter) and the start of the short line where the literal's segments were last recorded. */
  search: number;
  line: number;
}

/** Counts the searches, so a literal's `search` tells whether `line` belongs to the current one. */
let searches = 0;

interface AnchorIndex {
  automaton: LiteralAutomaton;
  literals: readonly string[];
  /**
   * Per literal, its info when every spelling that matches it lower-cases to it (ASCII literals); otherwise
   * the matched text is lower-cased and looked up, as a case-insensitive match of a non-ASCII letter can
   * lower-case to something else.
   */
  infos: readonly (LiteralInfo | undefined)[];
  owners: Map<string, LiteralInfo>;
  /** The longest literal's length: how far the windows of a long text overlap. */
  longest: number;
  count: number;
}

/**
 * Where, after a hit of `lit`, the search must resume so that no overlapping literal is missed: the first
 * offset whose suffix of `lit` begins some literal or is begun by one ("ab" in "xab" after "xa").
 */
function nextPossibleStart(lit: string, literals: ReadonlySet<string>, prefixes: ReadonlySet<string>): number {
  for (let k = 1; k < lit.length; k++) {
    const rest = lit.slice(k);
    // Some literal starts with `rest` (it is a prefix of one), or `rest` starts with a literal.
    if (prefixes.has(rest)) return k;
    for (let e = k + 1; e <= lit.length; e++) if (literals.has(lit.slice(k, e))) return k;
  }
  return lit.length;
}

let canonicalUnits: Uint16Array | undefined;

/**
 * ECMAScript's Canonicalize for a regex with flag `i` and without `u`, for every code unit: its upper case,
 * unless that is more than one unit or maps a non-ASCII unit to ASCII. Two units match each other
 * case-insensitively exactly when their canonical units are equal.
 */
function canonical(): Uint16Array {
  if (canonicalUnits) return canonicalUnits;
  const out = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) {
    const upper = c >= 0xd800 && c <= 0xdfff ? '' : String.fromCharCode(c).toUpperCase();
    const u = upper.length === 1 ? upper.charCodeAt(0) : c;
    out[c] = c >= 128 && u < 128 ? c : u;
  }
  return (canonicalUnits = out);
}

/**
 * An Aho-Corasick automaton over the literals' canonical code units, as a full transition table: one table
 * step per character of the text, where a regex alternation of hundreds of literals tries its branches at
 * every position. Code units that occur in no literal share class 0, which leads back to the root.
 */
export class LiteralAutomaton {
  /** Code unit → character class (0: in no literal); bytes while the classes fit, as a byte table reads faster. */
  readonly classOf: Uint8Array | Uint16Array;
  /**
   * [state * NARROW + class] → the next state, plus `end` when a literal (or a suffix literal) ends there, for the
   * classes below NARROW: letters, space, digits and common punctuation, which prose is made of. Two bytes an entry
   * and the hot classes at the start of a row: the scan reads the table once per character, each read waiting on the
   * one before, and the rows of the states prose visits then take one cache line each. Between two texts the Hermes
   * scan pushes the table out of the nearer caches, so the fewer lines a text needs, the sooner it runs.
   */
  readonly narrow: Uint16Array | Int32Array;
  /** [state * (classes - NARROW) + class - NARROW] → the same, for the other classes (rare in most texts). */
  readonly wide: Uint16Array | Int32Array;
  /** Added to a transition into a state where a literal ends: above every state number. */
  readonly end: number;
  /** Per state: its length from the root (a trie edge leads to depth + 1, a fallback never does). */
  readonly depth: Int32Array;
  /** Per state: the literal (an index into the constructor's list) that ends exactly there, or -1. */
  readonly literal: Int32Array;

  constructor(literals: readonly string[]) {
    const canon = canonical();
    // One class per canonical unit (σ and ς share one, as they match each other), numbered so that the classes prose
    // is made of come first (letters, space, digits, common punctuation, other ASCII, other scripts): a table row's
    // hot part is then short.
    const classOfCanon = new Map<number, number>();
    const all = literals.join('');
    const units = [...new Set(Array.from({ length: all.length }, (_, i) => all.charCodeAt(i)))].sort((a, b) => classRank(a) - classRank(b) || a - b);
    for (const u of units) if (!classOfCanon.has(canon[u])) classOfCanon.set(canon[u], classOfCanon.size + 1);
    const width = classOfCanon.size + 1;
    this.classOf = width <= 256 ? new Uint8Array(65536) : new Uint16Array(65536);
    for (let u = 0; u < 65536; u++) this.classOf[u] = classOfCanon.get(canon[u]) ?? 0;

    // The trie, built a level at a time so that states are numbered by depth: the shallow states prose keeps
    // returning to get neighbouring rows, and the part of the table a scan reads stays in cache. Then
    // breadth-first fallbacks filled into a full table.
    const children: Map<number, number>[] = [new Map()];
    const depth = [0];
    const literal = [-1];
    const nodeOf = new Int32Array(literals.length);
    const longest = literals.reduce((n, lit) => Math.max(n, lit.length), 0);
    for (let d = 0; d < longest; d++) {
      literals.forEach((lit, index) => {
        if (d >= lit.length) return;
        const node = nodeOf[index];
        const cls = this.classOf[lit.charCodeAt(d)];
        let next = children[node].get(cls);
        if (next === undefined) {
          next = children.length;
          children[node].set(cls, next);
          children.push(new Map());
          depth.push(d + 1);
          literal.push(-1);
        }
        nodeOf[index] = next;
        if (d === lit.length - 1) literal[next] = index;
      });
    }
    const states = children.length;
    const delta = new Int32Array(states * width);
    const ends = new Uint8Array(states);
    const fail = new Int32Array(states);
    const queue: number[] = [];
    for (const [cls, child] of children[0]) {
      delta[cls] = child;
      queue.push(child);
    }
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q];
      ends[s] = literal[s] >= 0 || ends[fail[s]] ? 1 : 0;
      // Where the fallback state goes, except along the state's own trie edges.
      delta.copyWithin(s * width, fail[s] * width, (fail[s] + 1) * width);
      for (const [cls, child] of children[s]) {
        fail[child] = delta[s * width + cls];
        delta[s * width + cls] = child;
        queue.push(child);
      }
    }
    // Split into the narrow and the wide classes, marking the transitions into states where a literal ends (after all
    // fallbacks are known).
    const end = states < 0x8000 ? 0x8000 : 0x40000000;
    const wideWidth = Math.max(0, width - NARROW);
    const table = (size: number): Uint16Array | Int32Array => (end === 0x8000 ? new Uint16Array(size) : new Int32Array(size));
    const narrow = table(states * NARROW);
    const wide = table(states * wideWidth);
    for (let s = 0; s < states; s++) {
      for (let c = 0; c < width; c++) {
        const to = delta[s * width + c];
        const entry = ends[to] ? to + end : to;
        if (c < NARROW) narrow[s * NARROW + c] = entry;
        else wide[s * wideWidth + c - NARROW] = entry;
      }
    }
    this.narrow = narrow;
    this.wide = wide;
    this.end = end;
    this.depth = Int32Array.from(depth);
    this.literal = Int32Array.from(literal);
    this.shorterEnd = new Int32Array(states).fill(-1);
    // Breadth-first, so a state's fallback is done before the state.
    for (const s of queue) this.shorterEnd[s] = literal[fail[s]] >= 0 ? fail[s] : this.shorterEnd[fail[s]];
    this.next = nextOccurrence(this.classOf, narrow, wide, wideWidth, end, this.depth, this.literal);
    this.literalEnds = literalEndsOver(this.classOf, narrow, wide, wideWidth, end);
  }

  /** Per state: the next state down its chain of fallbacks where a literal ends (a shorter literal ending at the same place), or -1. */
  readonly shorterEnd: Int32Array;

  /**
   * Every place a literal ends in `text` (which holds none across a newline), as the offset of its last code unit
   * and the state there (whose own literal and `shorterEnd` chain are the literals ending there): pairs pushed onto
   * `parts[k]` for the k-th of four parts of the text, split after newlines, each ascending. The parts are walked in
   * turns: each step waits on a table read, which right after the Hermes scan often misses the cache, and four
   * independent walks let the processor wait for four at once.
   */
  readonly literalEnds: (text: Uint16Array, parts: number[][]) => void;

  /**
   * The next occurrence at or after `from` in a text's code units (see codeUnits), as a regex alternation of the
   * literals with flag `i` finds it: the leftmost start, and there the longest literal. Returns the start and sets
   * `hit.literal`, or -1.
   */
  readonly next: (text: Uint16Array, from: number, hit: { literal: number }) => number;
}

/** Classes in a row of the narrow table (a power of two: a row starts at state << NARROW_BITS). */
const NARROW_BITS = 6;
const NARROW = 1 << NARROW_BITS;

const COMMON_PUNCTUATION = new Set([...'.,-_/:\'"()[]`*#<>=!?'].map((c) => c.charCodeAt(0)));

/** Where a literal's code unit ranks when classes are numbered: the units prose is made of first. */
function classRank(u: number): number {
  if ((u >= 97 && u <= 122) || (u >= 65 && u <= 90)) return 0;
  if (u === 32) return 1;
  if (u >= 48 && u <= 57) return 2;
  if (COMMON_PUNCTUATION.has(u)) return 3;
  return u < 128 ? 4 : 5;
}

/**
 * LiteralAutomaton.next over the given tables. A closure rather than a method reading them from `this`: the
 * optimizing compiler then takes the tables as constants, which saves work on every character.
 */
function nextOccurrence(classOf: Uint8Array | Uint16Array, narrow: Uint16Array | Int32Array, wide: Uint16Array | Int32Array, wideWidth: number, end: number, depth: Int32Array, literal: Int32Array) {
  /** The transition from `state` on class `c` (plus `end` into a state where a literal ends). */
  const step = (state: number, c: number): number => (c < NARROW ? narrow[(state << NARROW_BITS) + c] : wide[state * wideWidth + c - NARROW]);
  return (text: Uint16Array, from: number, hit: { literal: number }): number => {
    const n = text.length;
    let state = 0;
    let i = from;
    for (; i < n; i++) {
      const c = classOf[text[i]];
      state = c < NARROW ? narrow[(state << NARROW_BITS) + c] : step(state, c);
      if (state >= end) break;
    }
    if (i >= n) return -1;
    // No occurrence from `from` on ends before i; one that ends at i or later and starts by i is a suffix of
    // the text read so far that the trie holds, so it starts within the state's depth.
    for (let p = Math.max(from, i - depth[state - end] + 1); ; p++) {
      let node = 0;
      let best = -1;
      for (let k = p; k < n; k++) {
        let next = step(node, classOf[text[k]]);
        if (next >= end) next -= end;
        if (depth[next] !== k - p + 1) break;
        node = next;
        if (literal[next] >= 0) best = literal[next];
      }
      if (best >= 0) {
        hit.literal = best;
        return p;
      }
    }
  };
}

/** LiteralAutomaton.literalEnds over the given tables (a closure for the reason nextOccurrence is one). */
function literalEndsOver(classOf: Uint8Array | Uint16Array, narrow: Uint16Array | Int32Array, wide: Uint16Array | Int32Array, wideWidth: number, end: number) {
  const step = (state: number, c: number): number => (c < NARROW ? narrow[(state << NARROW_BITS) + c] : wide[state * wideWidth + c - NARROW]);
  /** The rest of one part, [from, to), from `state` on. */
  const walk = (text: Uint16Array, from: number, to: number, state: number, ends: number[]): void => {
    for (let i = from; i < to; i++) {
      state = step(state, classOf[text[i]]);
      if (state >= end) {
        state -= end;
        ends.push(i, state);
      }
    }
  };
  return (text: Uint16Array, parts: number[][]): void => {
    const n = text.length;
    // After a newline the automaton is back at its start, so each part's walk begins there.
    const bound = [0, 0, 0, 0, n];
    for (let k = 1; k < 4; k++) {
      const newline = text.indexOf(10, Math.max(bound[k - 1], (n * k) >> 2));
      bound[k] = newline === -1 ? n : newline + 1;
    }
    const [p0, p1, p2, p3] = parts;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    const len = Math.min(bound[1] - bound[0], bound[2] - bound[1], bound[3] - bound[2], bound[4] - bound[3]);
    for (let k = 0; k < len; k++) {
      const i0 = bound[0] + k;
      const i1 = bound[1] + k;
      const i2 = bound[2] + k;
      const i3 = bound[3] + k;
      s0 = step(s0, classOf[text[i0]]);
      s1 = step(s1, classOf[text[i1]]);
      s2 = step(s2, classOf[text[i2]]);
      s3 = step(s3, classOf[text[i3]]);
      if (s0 >= end) {
        s0 -= end;
        p0.push(i0, s0);
      }
      if (s1 >= end) {
        s1 -= end;
        p1.push(i1, s1);
      }
      if (s2 >= end) {
        s2 -= end;
        p2.push(i2, s2);
      }
      if (s3 >= end) {
        s3 -= end;
        p3.push(i3, s3);
      }
    }
    walk(text, bound[0] + len, bound[1], s0, p0);
    walk(text, bound[1] + len, bound[2], s1, p1);
    walk(text, bound[2] + len, bound[3], s2, p2);
    walk(text, bound[3] + len, bound[4], s3, p3);
  };
}

/** Texts up to this many code units are copied into one buffer that every scan reuses. */
const SCRATCH_LIMIT = 1 << 20;

let scratch = new Uint16Array(0);

/** The literal ends of the text being recorded, per part (see LiteralAutomaton.literalEnds), reused from text to text. */
const partEnds: number[][] = [[], [], [], []];

/**
 * The UTF-16 code units of `text`, copied out once for the automaton's scan: reading a typed array costs less than
 * charCodeAt, most of all on a string built by concatenation (an editor's text after edits), which charCodeAt
 * reaches through its parts. Up to SCRATCH_LIMIT units the copy goes into a shared buffer (no allocation and no
 * garbage per scan), so the result is valid only until the next call.
 */
export function codeUnits(text: string): Uint16Array {
  const n = text.length;
  if (n > SCRATCH_LIMIT) return writeUnits(text, new Uint16Array(n));
  if (scratch.length < n) scratch = new Uint16Array(Math.min(SCRATCH_LIMIT, Math.max(n, 2 * scratch.length)));
  return writeUnits(text, scratch.subarray(0, n));
}

/** Below this many code units a loop copies faster than a Buffer view and its encoder (most hidden comments and alt texts). */
const SHORT_COPY = 256;

function writeUnits(text: string, units: Uint16Array): Uint16Array {
  const n = text.length;
  if (n < SHORT_COPY) for (let i = 0; i < n; i++) units[i] = text.charCodeAt(i);
  else Buffer.from(units.buffer, units.byteOffset, units.byteLength).write(text, 'utf16le');
  return units;
}

/** Lines longer than this are searched around each anchor hit instead of whole. */
export const LONG_LINE = 4096;

/** How far on each side of an anchor hit a long line is searched (matches of the checks are far shorter). */
export const HIT_WINDOW = 1000;

/** How far a window's edge moves to reach whitespace, so it does not cut a word. */
const EDGE_SLACK = 64;

/**
 * Where each anchor occurs in one text: [start, end) segments, one per line holding one of its literals, or
 * on a line longer than LONG_LINE, windows around the hits (merged when they overlap). A long line such as a
 * megabyte of base64 holds short literals by chance; searching all of it for each of them would cost a whole
 * pass per check.
 */
export class AnchorHits {
  /** Per anchor id, its segments. */
  private readonly segments: (number[] | undefined)[] = [];

  constructor(text: string) {
    if (text.length <= SCRATCH_LIMIT) this.recordLines(text);
    else this.recordWindows(text);
  }

  /**
   * A short line's segments are the whole line for every anchor of a literal on it, whatever the order and place
   * of the literals; so one pass of the automaton notes each literal where it ends, with no occurrence looked up
   * twice, and a line's anchors are recorded when the pass leaves it. A long line (windows around each hit) and a
   * line with a non-ASCII literal (whose matched spelling decides its anchors) are searched hit by hit instead.
   */
  private recordLines(text: string): void {
    const { automaton, infos } = Anchor.index();
    const units = codeUnits(text);
    const seen = ++searches;
    const searchedHitByHit = ++searches;
    const onLine: LiteralInfo[] = [];
    let lineStart = 0;
    let lineEnd = -1;
    /** The end of the last line searched hit by hit: its other literal ends are done. */
    let doneUpTo = -1;
    const leaveLine = (): void => {
      for (const info of onLine) for (const id of info.ids) this.add(id, lineStart, lineEnd);
      onLine.length = 0;
    };
    for (const ends of partEnds) ends.length = 0;
    automaton.literalEnds(units, partEnds);
    for (const ends of partEnds) {
      for (let k = 0; k < ends.length; k += 2) {
        const i = ends[k];
        if (i <= doneUpTo) continue;
        if (i > lineEnd) {
          leaveLine();
          lineStart = text.lastIndexOf('\n', i) + 1;
          lineEnd = text.indexOf('\n', i);
          if (lineEnd === -1) lineEnd = text.length;
        }
        let hitByHit = lineEnd - lineStart > LONG_LINE;
        const state = ends[k + 1];
        for (let s = automaton.literal[state] >= 0 ? state : automaton.shorterEnd[state]; s !== -1 && !hitByHit; s = automaton.shorterEnd[s]) {
          const info = infos[automaton.literal[s]];
          if (!info) hitByHit = true;
          else if (info.search !== seen || info.line !== lineStart) {
            info.search = seen;
            info.line = lineStart;
            onLine.push(info);
          }
        }
        if (hitByHit) {
          onLine.length = 0;
          this.recordHits(text, units.subarray(0, lineEnd), 0, lineStart, lineEnd, searchedHitByHit);
          doneUpTo = lineEnd;
        }
      }
    }
    leaveLine();
  }

  /**
   * A text too long for the shared buffer is searched hit by hit in windows of at most SCRATCH_LIMIT code units:
   * a copy of a 145 MB text would cost 290 MB. Windows overlap by more than the longest literal, and each hit is
   * taken from the first window that holds it whole.
   */
  private recordWindows(text: string): void {
    const { longest } = Anchor.index();
    const search = ++searches;
    const overlap = longest + 8;
    for (let base = 0; base < text.length; ) {
      const end = Math.min(text.length, base + SCRATCH_LIMIT);
      const units = codeUnits(text.slice(base, end));
      const takeBelow = end === text.length ? end : end - overlap;
      this.recordHits(text, units, base, 0, takeBelow, search);
      if (end === text.length) break;
      base = takeBelow;
    }
  }

  /**
   * The segments of the hits in `units` (the text's code units from `base` on) that start at `first` (an offset into
   * `units`) or later and before `takeBelow`, each hit the leftmost occurrence and there the longest literal.
   */
  private recordHits(text: string, units: Uint16Array, base: number, first: number, takeBelow: number, search: number): void {
    const { automaton, literals, infos, owners } = Anchor.index();
    const hit = { literal: -1 };
    let lineStart = 0;
    let lineEnd = -1;
    let long = false;
    for (let rel = automaton.next(units, first, hit); rel !== -1 && base + rel < takeBelow; ) {
      const at = base + rel;
      const lit = literals[hit.literal];
      if (at > lineEnd) {
        lineStart = text.lastIndexOf('\n', at - 1) + 1;
        lineEnd = text.indexOf('\n', at);
        if (lineEnd === -1) lineEnd = text.length;
        long = lineEnd - lineStart > LONG_LINE;
      }
      const info = infos[hit.literal] ?? owners.get(text.slice(at, at + lit.length).toLowerCase());
      // A literal seen again on the same short line adds nothing: its segments there are the whole line.
      if (info && !long) {
        if (info.search === search && info.line === lineStart) {
          rel = automaton.next(units, rel + info.skip, hit);
          continue;
        }
        info.search = search;
        info.line = lineStart;
      }
      if (info) {
        const from = long ? windowStart(text, lineStart, at - HIT_WINDOW) : lineStart;
        const to = long ? windowEnd(text, lineEnd, at + lit.length + HIT_WINDOW) : lineEnd;
        for (const id of info.ids) this.add(id, from, to);
      }
      // Overlapping literals ("ab" in "xab" after "xa") are found too.
      rel = automaton.next(units, rel + (info ? info.skip : 1), hit);
    }
  }

  /** Adds [from, to) to the anchor's segments, which arrive in ascending order of start: extends the last one when they overlap. */
  private add(id: number, from: number, to: number): void {
    let list = this.segments[id];
    if (!list) this.segments[id] = list = [];
    const n = list.length;
    if (n && list[n - 1] >= from) {
      if (list[n - 1] < to) list[n - 1] = to;
    } else list.push(from, to);
  }

  private readonly pairs = new Map<AnchorPair, number[]>();

  has(anchor: Anchor | AnchorPair): boolean {
    return anchor instanceof Anchor ? this.segments[anchor.id] !== undefined : this.segmentsOf(anchor).length > 0;
  }

  /** Ascending, disjoint [start, end) pairs (flat) where the anchor's matches can be; for a pair, its first anchor's segments that overlap one of its second's. */
  segmentsOf(anchor: Anchor | AnchorPair): readonly number[] {
    if (anchor instanceof Anchor) return this.segments[anchor.id] ?? [];
    let both = this.pairs.get(anchor);
    if (!both) this.pairs.set(anchor, (both = overlapping(this.segmentsOf(anchor.first), this.segmentsOf(anchor.second))));
    return both;
  }
}

/** The segments of `a` that overlap a segment of `b` (both ascending and disjoint). */
function overlapping(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (b[j + 1] <= a[i]) j += 2;
    else if (a[i + 1] <= b[j]) i += 2;
    else {
      out.push(a[i], a[i + 1]);
      i += 2;
    }
  }
  return out;
}

/** `pos` clamped to the line, moved back to just after whitespace when some is near. */
function windowStart(text: string, lineStart: number, pos: number): number {
  if (pos <= lineStart) return lineStart;
  for (let i = pos; i > pos - EDGE_SLACK && i > lineStart; i--) if (isSpace(text.charCodeAt(i - 1))) return i;
  return pos;
}

/** `pos` clamped to the line, moved on to the next whitespace when some is near. */
function windowEnd(text: string, lineEnd: number, pos: number): number {
  if (pos >= lineEnd) return lineEnd;
  for (let i = pos; i < pos + EDGE_SLACK && i < lineEnd; i++) if (isSpace(text.charCodeAt(i))) return i;
  return pos;
}

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 13;
