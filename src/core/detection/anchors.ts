/**
 * The literal-anchor prefilter. Every check names literals one of which any of its matches contains; all
 * checks' literals are searched in one case-insensitive pass per document, and a check's regex then runs only
 * on the lines where one of its literals occurs. One pass over the text costs about as much as one simple
 * regex, whatever the number of checks.
 */

/** A check's anchor literals (lower case), registered when its module loads. */
export class Anchor {
  private static readonly all: Anchor[] = [];
  private static compiled: AnchorIndex | undefined;
  readonly id: number;

  constructor(readonly literals: readonly string[]) {
    this.id = Anchor.all.length;
    Anchor.all.push(this);
    Anchor.compiled = undefined;
  }

  /** One regex over every literal (longest first), and for each literal the anchors it proves present. */
  static index(): AnchorIndex {
    if (Anchor.compiled && Anchor.compiled.count === Anchor.all.length) return Anchor.compiled;
    const literals = [...new Set(Anchor.all.flatMap((a) => a.literals))].sort((a, b) => b.length - a.length);
    const owners = new Map<string, LiteralInfo>();
    for (const lit of literals) {
      // A literal that contains another proves that one too: "approve" found means "approv" is there.
      const ids = Anchor.all.filter((a) => a.literals.some((l) => lit.includes(l))).map((a) => a.id);
      owners.set(lit, { ids, skip: nextPossibleStart(lit, literals) });
    }
    Anchor.compiled = { re: new RegExp(trieSource(literals), 'gi'), owners, count: Anchor.all.length };
    return Anchor.compiled;
  }
}

interface LiteralInfo {
  /** The anchors the literal proves present. */
  ids: number[];
  /** The first offset inside the literal where another literal can start (its length when none can). */
  skip: number;
}

interface AnchorIndex {
  re: RegExp;
  owners: Map<string, LiteralInfo>;
  count: number;
}

/**
 * Where, after a hit of `lit`, the search must resume so that no overlapping literal is missed: the first
 * offset whose suffix of `lit` begins some literal or is begun by one ("ab" in "xab" after "xa").
 */
function nextPossibleStart(lit: string, literals: readonly string[]): number {
  for (let k = 1; k < lit.length; k++) {
    const rest = lit.slice(k);
    if (literals.some((l) => l.startsWith(rest) || rest.startsWith(l))) return k;
  }
  return lit.length;
}

interface TrieNode {
  end: boolean;
  next: Map<string, TrieNode>;
}

const escapeChar = (c: string): string => (/[.*+?^${}()|[\]\\/-]/.test(c) ? `\\${c}` : c);

/**
 * The literals as one regex shaped like their trie (`a(?:gent|ssistant)|b(?:ot|ackdoor)`): the engine picks
 * the branch by the next character instead of trying every literal at every position; the longest literal
 * at a position wins, because every branch is greedy.
 */
function trieSource(literals: readonly string[]): string {
  const root: TrieNode = { end: false, next: new Map() };
  for (const lit of literals) {
    let node = root;
    for (const ch of lit) {
      let child = node.next.get(ch);
      if (!child) node.next.set(ch, (child = { end: false, next: new Map() }));
      node = child;
    }
    node.end = true;
  }
  const emit = (node: TrieNode): string => {
    const branches = [...node.next].map(([ch, child]) => escapeChar(ch) + emit(child));
    if (!branches.length) return '';
    const body = branches.length === 1 ? branches[0] : `(?:${branches.join('|')})`;
    if (!node.end) return body;
    return branches.length === 1 && [...node.next.values()][0].next.size === 0 && body.length <= 2 ? `${body}?` : `(?:${branches.join('|')})?`;
  };
  return emit(root);
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
  private readonly segments = new Map<number, number[]>();

  constructor(text: string) {
    const { re, owners } = Anchor.index();
    re.lastIndex = 0;
    let lineStart = 0;
    let lineEnd = text.indexOf('\n');
    if (lineEnd === -1) lineEnd = text.length;
    let long = lineEnd > LONG_LINE;
    let lastRaw = '';
    let lastInfo: LiteralInfo | undefined;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const at = m.index;
      if (at > lineEnd) {
        lineStart = text.lastIndexOf('\n', at - 1) + 1;
        lineEnd = text.indexOf('\n', at);
        if (lineEnd === -1) lineEnd = text.length;
        long = lineEnd - lineStart > LONG_LINE;
      }
      // The same spelling as the last hit (the common case in a repetitive file) needs no lower-casing.
      if (m[0] !== lastRaw) {
        lastRaw = m[0];
        lastInfo = owners.get(lastRaw.toLowerCase());
      }
      const info = lastInfo;
      if (info) {
        const ids = info.ids;
        const from = long ? windowStart(text, lineStart, at - HIT_WINDOW) : lineStart;
        const to = long ? windowEnd(text, lineEnd, at + m[0].length + HIT_WINDOW) : lineEnd;
        for (const id of ids) {
          let list = this.segments.get(id);
          if (!list) this.segments.set(id, (list = []));
          const n = list.length;
          // Segments arrive in ascending order of start; extend the last one when the new one overlaps it.
          if (n && list[n - 1] >= from) {
            if (list[n - 1] < to) list[n - 1] = to;
          } else list.push(from, to);
        }
      }
      // Overlapping literals ("ab" in "xab" after "xa") are found too.
      re.lastIndex = at + (info ? info.skip : 1);
    }
  }

  has(anchor: Anchor): boolean {
    return this.segments.has(anchor.id);
  }

  /** Ascending, disjoint [start, end) pairs (flat) where the anchor's matches can be. */
  segmentsOf(anchor: Anchor): readonly number[] {
    return this.segments.get(anchor.id) ?? [];
  }
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
