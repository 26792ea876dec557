/**
 * The literal-anchor prefilter. Every check names literals one of which any of its matches contains; all
 * checks' literals are searched in one case-insensitive pass per document, and a check's regex then runs only
 * on the lines where one of its literals occurs. One pass over the text costs about as much as one simple
 * regex, whatever the number of checks.
 */

/** A check's anchor literals (lower case), registered when its module loads. */
export class Anchor {
  private static readonly all: Anchor[] = [];
  private static compiled: { re: RegExp; owners: Map<string, number[]>; count: number } | undefined;
  readonly id: number;

  constructor(readonly literals: readonly string[]) {
    this.id = Anchor.all.length;
    Anchor.all.push(this);
    Anchor.compiled = undefined;
  }

  /** One regex over every literal (longest first), and for each literal the anchors it proves present. */
  static index(): { re: RegExp; owners: Map<string, number[]>; count: number } {
    if (Anchor.compiled && Anchor.compiled.count === Anchor.all.length) return Anchor.compiled;
    const literals = [...new Set(Anchor.all.flatMap((a) => a.literals))].sort((a, b) => b.length - a.length);
    const owners = new Map<string, number[]>();
    // A literal that contains another proves that one too: "approve" found means "approv" is there.
    for (const lit of literals) owners.set(lit, Anchor.all.filter((a) => a.literals.some((l) => lit.includes(l))).map((a) => a.id));
    Anchor.compiled = { re: new RegExp(trieSource(literals), 'gi'), owners, count: Anchor.all.length };
    return Anchor.compiled;
  }
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

/** Where each anchor occurs in one text: the start offsets of the lines holding one of its literals. */
export class AnchorHits {
  private readonly lines = new Map<number, number[]>();

  constructor(text: string) {
    const { re, owners } = Anchor.index();
    re.lastIndex = 0;
    let lineStart = 0;
    let lineEnd = text.indexOf('\n');
    if (lineEnd === -1) lineEnd = text.length;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m.index > lineEnd) {
        lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
        lineEnd = text.indexOf('\n', m.index);
        if (lineEnd === -1) lineEnd = text.length;
      }
      for (const id of owners.get(m[0].toLowerCase()) ?? []) {
        let list = this.lines.get(id);
        if (!list) this.lines.set(id, (list = []));
        if (list[list.length - 1] !== lineStart) list.push(lineStart);
      }
      // Overlapping literals ("ab" in "xab" after "xa") are found too.
      re.lastIndex = m.index + 1;
    }
  }

  has(anchor: Anchor): boolean {
    return this.lines.has(anchor.id);
  }

  /** Ascending start offsets of the lines where the anchor occurs. */
  linesOf(anchor: Anchor): readonly number[] {
    return this.lines.get(anchor.id) ?? [];
  }
}
