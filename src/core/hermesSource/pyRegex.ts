/**
 * Translates a Python `re` pattern (a str pattern, Python 3.11–3.13 semantics) into a JavaScript RegExp that
 * matches exactly the same strings at the same positions, or refuses.
 *
 * The parser mirrors CPython's `re/_parser.py`, so anything Python rejects is refused too. The output is
 * written for the `u` flag and never uses JS `i`, `m` or `s`: JS case folding, line terminators and `\w`
 * differ from Python's. Instead:
 * - case-insensitive letters are spelled out as classes, following sre's rule (equal `lower()`, plus
 *   `_casefix` pairs);
 * - anchors and `.` become explicit `\n` lookarounds or classes;
 * - `\w`, `\d`, `\s` and `\b` become Unicode property classes.
 *
 * Limit: the Unicode tables are Node's. Characters assigned after the Python build's Unicode version can
 * classify differently.
 */
import { lookupUnicodeName } from './pyLiteral';
import { F_A, F_I, F_L, F_M, F_S, F_TEMPLATE, F_U, F_X } from './reFlags';

export interface PyRegexFlags {
  ignoreCase?: boolean;
  multiline?: boolean;
  dotAll?: boolean;
  verbose?: boolean;
  ascii?: boolean;
}

export type PyRegexTranslation = { ok: true; source: string; flags: string } | { ok: false; reason: string };

/**
 * Output flags. Not `v`: Node 20's V8 mis-matches some `v`-mode patterns (e.g. /[^a](?:-[^\n]|k)+?/v finds
 * nothing in "x5-xa"), so negated categories inside classes are spelled without nested classes.
 */
const JS_FLAGS = 'u';


const TYPE_FLAGS = F_A | F_L | F_U;
const INLINE_FLAGS = new Map<string, number>([
  ['i', F_I], ['L', F_L], ['m', F_M], ['s', F_S], ['x', F_X], ['a', F_A], ['t', F_TEMPLATE], ['u', F_U],
]);
/** `re` rejects repeat counts >= MAXREPEAT; V8 silently clamps counts above 2^31-1, so refuse before either. */
const MAX_COUNT = 0x7fffffff;

const DIGITS = '0123456789';
const OCTDIGITS = '01234567';
const HEXDIGITS = '0123456789abcdefABCDEF';
const WHITESPACE = ' \t\n\r\v\f';
const SPECIAL_CHARS = '.\\[{()*+?^$|';

class Refusal extends Error {}

/** The pattern is invalid Python: `re.compile` would raise. */
function pyError(msg: string): never {
  throw new Refusal(`Python rejects this pattern: ${msg}`);
}

/** Valid Python, but no exact JavaScript equivalent is produced. */
function unsupported(msg: string): never {
  throw new Refusal(`not translatable exactly: ${msg}`);
}

type Cat = 'd' | 'D' | 's' | 'S' | 'w' | 'W';
type Member = { t: 'lit'; cp: number } | { t: 'range'; lo: number; hi: number } | { t: 'cat'; cat: Cat };
type AtKind = 'BEGIN' | 'END' | 'BEGIN_STR' | 'END_STR' | 'BOUNDARY' | 'NON_BOUNDARY';

/** Parse tree in the shape of sre's SubPattern items; `flags` are the effective flags of the item's scope. */
type Node =
  | { op: 'LIT'; cp: number; neg: boolean; flags: number }
  | { op: 'IN'; members: Member[]; neg: boolean; flags: number }
  | { op: 'ANY'; flags: number }
  | { op: 'AT'; at: AtKind; flags: number }
  | { op: 'REPEAT'; min: number; max: number; lazy: boolean; body: Node[] }
  | { op: 'GROUP'; gid: number | null; name: string | null; scoped: boolean; body: Node[] }
  | { op: 'BRANCH'; alts: Node[][] }
  | { op: 'ASSERT'; behind: boolean; neg: boolean; body: Node[] }
  | { op: 'REF'; gid: number; flags: number };

/** Python's `re._parser.Tokenizer`: items are one code point, or a backslash plus one code point. */
class Source {
  private readonly chars: string[];
  private index = 0;
  private nextLen = 0;
  next: string | null = null;

  constructor(pattern: string) {
    this.chars = Array.from(pattern);
    this.advance();
  }

  private advance(): void {
    if (this.index >= this.chars.length) {
      this.next = null;
      this.nextLen = 0;
      return;
    }
    let item = this.chars[this.index];
    let len = 1;
    if (item === '\\') {
      if (this.index + 1 >= this.chars.length) pyError('bad escape (end of pattern)');
      item += this.chars[this.index + 1];
      len = 2;
    }
    this.index += len;
    this.next = item;
    this.nextLen = len;
  }

  match(item: string): boolean {
    if (this.next !== item) return false;
    this.advance();
    return true;
  }

  get(): string | null {
    const item = this.next;
    this.advance();
    return item;
  }

  getwhile(n: number, charset: string): string {
    let result = '';
    for (let k = 0; k < n; k++) {
      const c = this.next;
      if (c === null || c.length !== 1 || !charset.includes(c)) break;
      result += c;
      this.advance();
    }
    return result;
  }

  getuntil(terminator: string, name: string): string {
    let result = '';
    for (;;) {
      const c = this.next;
      this.advance();
      if (c === null) pyError(result ? `missing ${terminator}, unterminated name` : `missing ${name}`);
      if (c === terminator) {
        if (!result) pyError(`missing ${name}`);
        return result;
      }
      result += c;
    }
  }

  tell(): number {
    return this.index - this.nextLen;
  }

  seek(index: number): void {
    this.index = index;
    this.advance();
  }
}

interface State {
  flags: number;
  /** Python's `state.groups`: 1 + the number of groups opened so far. */
  groups: number;
  names: Map<string, number>;
  /** Widths of closed groups; an open group has no entry. */
  widths: Map<number, [number, number]>;
  lookbehind: number;
}

/** Flags in force inside nested `(?flags:...)` scopes (re._compiler._combine_flags). */
function combineFlags(flags: number, add: number, del: number): number {
  if (add & TYPE_FLAGS) flags &= ~TYPE_FLAGS;
  return (flags | add) & ~del;
}

type Scope = ReadonlyArray<readonly [number, number]>;

function scopeFlags(state: State, scope: Scope): number {
  let flags = state.flags;
  for (const [add, del] of scope) flags = combineFlags(flags, add, del);
  return flags;
}

function parseSub(src: Source, state: State, verbose: boolean, nested: number, scope: Scope): Node[] {
  const items: Node[][] = [];
  for (;;) {
    items.push(parseSeq(src, state, verbose, nested + 1, !nested && items.length === 0, scope));
    if (!src.match('|')) break;
    if (!nested) verbose = (state.flags & F_X) !== 0;
  }
  if (items.length === 1) return items[0];
  // sre factors out a common prefix, then merges single characters and classes into one class; mirrored
  // because sre's case folding for a class differs from a literal's in corner cases.
  const prefix: Node[] = [];
  while (items.every((it) => it.length > 0 && sameNode(it[0], items[0][0]))) {
    prefix.push(items[0][0]);
    for (const it of items) it.shift();
  }
  if (items.every((it) => it.length === 1 && (it[0].op === 'LIT' || it[0].op === 'IN') && !it[0].neg)) {
    const members: Member[] = [];
    for (const [node] of items) {
      if (node.op === 'LIT') members.push({ t: 'lit', cp: node.cp });
      else if (node.op === 'IN') members.push(...node.members);
    }
    return [...prefix, { op: 'IN', members: uniq(members), neg: false, flags: scopeFlags(state, scope) }];
  }
  return [...prefix, { op: 'BRANCH', alts: items }];
}

/** sre compares parse items structurally (tuples); the tree is plain data, so JSON equality is the same test. */
function sameNode(a: Node, b: Node): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function uniq(members: Member[]): Member[] {
  const seen = new Set<string>();
  return members.filter((m) => {
    const key = JSON.stringify(m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function parseSeq(src: Source, state: State, verbose: boolean, nested: number, first: boolean, scope: Scope): Node[] {
  const sub: Node[] = [];
  const flagsNow = (): number => scopeFlags(state, scope);
  for (;;) {
    const cur = src.next;
    if (cur === null || cur === '|' || cur === ')') break;
    src.get();
    if (verbose) {
      if (cur.length === 1 && WHITESPACE.includes(cur)) continue;
      if (cur === '#') {
        for (;;) {
          const c = src.get();
          if (c === null || c === '\n') break;
        }
        continue;
      }
    }
    if (cur[0] === '\\') {
      sub.push(parseEscape(src, cur, state, flagsNow()));
    } else if (!SPECIAL_CHARS.includes(cur)) {
      sub.push({ op: 'LIT', cp: cur.codePointAt(0)!, neg: false, flags: flagsNow() });
    } else if (cur === '[') {
      sub.push(parseClass(src, flagsNow()));
    } else if ('*+?{'.includes(cur)) {
      const here = src.tell();
      let min = 0;
      let max = Infinity;
      if (cur === '?') max = 1;
      else if (cur === '+') min = 1;
      else if (cur === '{') {
        if (src.next === '}') {
          sub.push({ op: 'LIT', cp: 0x7b, neg: false, flags: flagsNow() });
          continue;
        }
        let lo = '';
        let hi = '';
        while (src.next !== null && src.next.length === 1 && DIGITS.includes(src.next)) lo += src.get();
        if (src.match(',')) {
          while (src.next !== null && src.next.length === 1 && DIGITS.includes(src.next)) hi += src.get();
        } else hi = lo;
        if (!src.match('}')) {
          // Not a quantifier: Python takes the "{" literally and rescans what followed it.
          sub.push({ op: 'LIT', cp: 0x7b, neg: false, flags: flagsNow() });
          src.seek(here);
          continue;
        }
        if (lo) min = Number(lo);
        if (hi) max = Number(hi);
        if (min >= 0xffffffff || (max !== Infinity && max >= 0xffffffff)) pyError('the repetition number is too large');
        if (max < min) pyError('min repeat greater than max repeat');
        if (min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT)) unsupported('repeat count above 2^31-1');
      }
      const last = sub[sub.length - 1];
      if (!last || last.op === 'AT') pyError('nothing to repeat');
      if (last.op === 'REPEAT') pyError('multiple repeat');
      const body = last.op === 'GROUP' && last.gid === null && !last.scoped ? last.body : [last];
      let lazy = false;
      if (src.match('?')) lazy = true;
      else if (src.match('+')) unsupported('possessive quantifier (Python 3.11+)');
      sub[sub.length - 1] = { op: 'REPEAT', min, max, lazy, body };
    } else if (cur === '.') {
      sub.push({ op: 'ANY', flags: flagsNow() });
    } else if (cur === '(') {
      const node = parseParen(src, state, verbose, nested, first, sub.length === 0, scope);
      if (node) sub.push(node);
      // After global flags such as (?x) the rest of the pattern is parsed under them.
      else verbose = verbose || (state.flags & F_X) !== 0;
    } else if (cur === '^') {
      sub.push({ op: 'AT', at: 'BEGIN', flags: flagsNow() });
    } else if (cur === '$') {
      sub.push({ op: 'AT', at: 'END', flags: flagsNow() });
    }
  }
  // Plain non-capturing groups dissolve into the enclosing sequence, as in sre.
  const out: Node[] = [];
  for (const node of sub) {
    if (node.op === 'GROUP' && node.gid === null && !node.scoped) out.push(...node.body);
    else out.push(node);
  }
  return out;
}

/** `(` was consumed. Returns null for constructs that add no item (comments, global flags). */
function parseParen(
  src: Source, state: State, verbose: boolean, nested: number, first: boolean, empty: boolean, scope: Scope,
): Node | null {
  let capture = true;
  let name: string | null = null;
  let add = 0;
  let del = 0;
  if (src.match('?')) {
    const char = src.get();
    if (char === null) pyError('unexpected end of pattern');
    if (char === 'P') {
      if (src.match('<')) {
        name = src.getuntil('>', 'group name');
        checkGroupName(name);
      } else if (src.match('=')) {
        const ref = src.getuntil(')', 'group name');
        checkGroupName(ref);
        const gid = state.names.get(ref);
        if (gid === undefined) pyError(`unknown group name '${ref}'`);
        return makeRef(state, gid, scopeFlags(state, scope));
      } else {
        const c = src.get();
        if (c === null) pyError('unexpected end of pattern');
        pyError(`unknown extension ?P${c}`);
      }
    } else if (char === ':') {
      capture = false;
    } else if (char === '#') {
      for (;;) {
        if (src.next === null) pyError('missing ), unterminated comment');
        if (src.get() === ')') return null;
      }
    } else if (char === '=' || char === '!' || char === '<') {
      let kind = char;
      const behind = char === '<';
      if (behind) {
        const c = src.get();
        if (c === null) pyError('unexpected end of pattern');
        if (c !== '=' && c !== '!') pyError(`unknown extension ?<${c}`);
        kind = c;
        state.lookbehind++;
      }
      const body = parseSub(src, state, verbose, nested + 1, scope);
      if (behind) state.lookbehind--;
      if (!src.match(')')) pyError('missing ), unterminated subpattern');
      if (behind) {
        const [lo, hi] = seqWidth(body, state);
        if (lo !== hi) pyError('look-behind requires fixed-width pattern');
      }
      return { op: 'ASSERT', behind, neg: kind === '!', body };
    } else if (char === '(') {
      unsupported('conditional group (?(...)...)');
    } else if (char === '>') {
      unsupported('atomic group (?>...) (Python 3.11+)');
    } else if (INLINE_FLAGS.has(char) || char === '-') {
      const scoped = parseFlags(src, state, char);
      if (scoped === null) {
        if (!first || !empty) pyError('global flags not at the start of the expression');
        // Only reachable at the very start, so every later item sees the new global flags.
        return null;
      }
      [add, del] = scoped;
      capture = false;
    } else {
      pyError(`unknown extension ?${char}`);
    }
  }
  let gid: number | null = null;
  if (capture) {
    if (state.lookbehind > 0) unsupported('capturing group inside a lookbehind (JS matches lookbehinds right to left)');
    gid = state.groups++;
    if (name !== null) {
      if (state.names.has(name)) pyError(`redefinition of group name '${name}'`);
      state.names.set(name, gid);
    }
  }
  const innerScope: Scope = add || del ? [...scope, [add, del]] : scope;
  const subVerbose = (verbose || (add & F_X) !== 0) && !(del & F_X);
  const body = parseSub(src, state, subVerbose, nested + 1, innerScope);
  if (!src.match(')')) pyError('missing ), unterminated subpattern');
  if (gid !== null) state.widths.set(gid, seqWidth(body, state));
  return { op: 'GROUP', gid, name, scoped: add !== 0 || del !== 0, body };
}

/** re._parser._parse_flags; returns null for global flags `(?i)`. */
function parseFlags(src: Source, state: State, first: string): [number, number] | null {
  let char: string | null = first;
  let add = 0;
  let del = 0;
  if (char !== '-') {
    for (;;) {
      if (char === 'L') pyError("bad inline flags: cannot use 'L' flag with a str pattern");
      if (char === 't') unsupported('template flag (?t)');
      const flag = INLINE_FLAGS.get(char)!;
      add |= flag;
      if (flag & TYPE_FLAGS && (add & TYPE_FLAGS) !== flag) pyError("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
      char = src.get();
      if (char === null) pyError('missing -, : or )');
      if (char === ')' || char === '-' || char === ':') break;
      if (!INLINE_FLAGS.has(char)) pyError(/^\p{L}$/u.test(char) ? 'unknown flag' : 'missing -, : or )');
    }
  }
  if (char === ')') {
    state.flags |= add;
    return null;
  }
  if (char === '-') {
    char = src.get();
    if (char === null) pyError('missing flag');
    if (!INLINE_FLAGS.has(char)) pyError(/^\p{L}$/u.test(char) ? 'unknown flag' : 'missing flag');
    for (;;) {
      if (char === 't') unsupported('template flag (?t)');
      const flag = INLINE_FLAGS.get(char)!;
      if (flag & TYPE_FLAGS) pyError("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
      del |= flag;
      char = src.get();
      if (char === null) pyError('missing :');
      if (char === ':') break;
      if (!INLINE_FLAGS.has(char)) pyError(/^\p{L}$/u.test(char) ? 'unknown flag' : 'missing :');
    }
  }
  if (add & del) pyError('bad inline flags: flag turned on and off');
  return [add, del];
}

/** Python accepts any identifier; JS group names differ for some non-ASCII ones, so keep to ASCII. */
function checkGroupName(name: string): void {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return;
  if (/^[\p{ID_Start}_][\p{ID_Continue}]*$/u.test(name)) unsupported(`non-ASCII group name '${name}'`);
  pyError(`bad character in group name '${name}'`);
}

function makeRef(state: State, gid: number, flags: number): Node {
  if (!state.widths.has(gid)) pyError('cannot refer to an open group');
  if (state.lookbehind > 0) unsupported('backreference inside a lookbehind');
  if (flags & F_I) unsupported('case-insensitive backreference (sre and JS fold case differently)');
  return { op: 'REF', gid, flags };
}

const CATEGORY_ESCAPES: Record<string, Cat> = { '\\d': 'd', '\\D': 'D', '\\s': 's', '\\S': 'S', '\\w': 'w', '\\W': 'W' };
const CHAR_ESCAPES: Record<string, number> = {
  '\\a': 7, '\\b': 8, '\\f': 12, '\\n': 10, '\\r': 13, '\\t': 9, '\\v': 11, '\\\\': 0x5c,
};

/** The literal forms shared by `_escape` and `_class_escape`: \x \u \U \N{...}. Null when not one of them. */
function parseCodeEscape(src: Source, escape: string): number | null {
  const c = escape.slice(1);
  if (c === 'x' || c === 'u' || c === 'U') {
    const want = c === 'x' ? 2 : c === 'u' ? 4 : 8;
    const digits = src.getwhile(want, HEXDIGITS);
    if (digits.length !== want) pyError(`incomplete escape ${escape}${digits}`);
    const cp = parseInt(digits, 16);
    if (cp > 0x10ffff) pyError(`bad escape ${escape}${digits}`);
    return cp;
  }
  if (c === 'N') {
    if (!src.match('{')) pyError('missing {');
    const charName = src.getuntil('}', 'character name');
    const cp = lookupUnicodeName(charName);
    if (cp === undefined) unsupported(`\\N{${charName}} is not in the built-in character-name table`);
    return cp;
  }
  return null;
}

function parseEscape(src: Source, escape: string, state: State, flags: number): Node {
  const cat = CATEGORY_ESCAPES[escape];
  if (cat) return { op: 'IN', members: [{ t: 'cat', cat }], neg: false, flags };
  if (escape === '\\A') return { op: 'AT', at: 'BEGIN_STR', flags };
  if (escape === '\\Z') return { op: 'AT', at: 'END_STR', flags };
  if (escape === '\\b') return { op: 'AT', at: 'BOUNDARY', flags };
  if (escape === '\\B') return { op: 'AT', at: 'NON_BOUNDARY', flags };
  const lit = (cp: number): Node => ({ op: 'LIT', cp, neg: false, flags });
  if (escape in CHAR_ESCAPES) return lit(CHAR_ESCAPES[escape]);
  const code = parseCodeEscape(src, escape);
  if (code !== null) return lit(code);
  const c = escape.slice(1);
  if (c === '0') return lit(parseInt(c + src.getwhile(2, OCTDIGITS), 8));
  if (DIGITS.includes(c)) {
    let digits = c;
    if (src.next !== null && src.next.length === 1 && DIGITS.includes(src.next)) {
      digits += src.get();
      if (OCTDIGITS.includes(digits[0]) && OCTDIGITS.includes(digits[1]) &&
          src.next !== null && src.next.length === 1 && OCTDIGITS.includes(src.next)) {
        digits += src.get();
        const cp = parseInt(digits, 8);
        if (cp > 0o377) pyError(`octal escape value \\${digits} outside of range 0-0o377`);
        return lit(cp);
      }
    }
    const gid = Number(digits);
    if (gid >= state.groups) pyError(`invalid group reference ${gid}`);
    return makeRef(state, gid, flags);
  }
  if (/^[A-Za-z]$/.test(c)) pyError(`bad escape ${escape}`);
  return lit(c.codePointAt(0)!);
}

function parseClassEscape(src: Source, escape: string): Member {
  if (escape in CHAR_ESCAPES) return { t: 'lit', cp: CHAR_ESCAPES[escape] };
  const cat = CATEGORY_ESCAPES[escape];
  if (cat) return { t: 'cat', cat };
  const code = parseCodeEscape(src, escape);
  if (code !== null) return { t: 'lit', cp: code };
  const c = escape.slice(1);
  if (OCTDIGITS.includes(c)) {
    const digits = c + src.getwhile(2, OCTDIGITS);
    const cp = parseInt(digits, 8);
    if (cp > 0o377) pyError(`octal escape value \\${digits} outside of range 0-0o377`);
    return { t: 'lit', cp };
  }
  if (DIGITS.includes(c) || /^[A-Za-z]$/.test(c)) pyError(`bad escape ${escape}`);
  return { t: 'lit', cp: c.codePointAt(0)! };
}

/** `[` was consumed (re._parser._parse, character-set branch). */
function parseClass(src: Source, flags: number): Node {
  const members: Member[] = [];
  const neg = src.match('^');
  for (;;) {
    const cur = src.get();
    if (cur === null) pyError('unterminated character set');
    if (cur === ']' && members.length > 0) break;
    const code1: Member = cur[0] === '\\' ? parseClassEscape(src, cur) : { t: 'lit', cp: cur.codePointAt(0)! };
    if (src.match('-')) {
      const that = src.get();
      if (that === null) pyError('unterminated character set');
      if (that === ']') {
        members.push(code1, { t: 'lit', cp: 0x2d });
        break;
      }
      const code2: Member = that[0] === '\\' ? parseClassEscape(src, that) : { t: 'lit', cp: that.codePointAt(0)! };
      if (code1.t !== 'lit' || code2.t !== 'lit' || code2.cp < code1.cp) pyError(`bad character range ${cur}-${that}`);
      members.push({ t: 'range', lo: code1.cp, hi: code2.cp });
    } else {
      members.push(code1);
    }
  }
  const set = uniq(members);
  if (set.length === 1 && set[0].t === 'lit') return { op: 'LIT', cp: set[0].cp, neg, flags };
  return { op: 'IN', members: set, neg, flags };
}

// ---------------------------------------------------------------------------------------------------------
// Widths and capture analysis

function seqWidth(seq: readonly Node[], state: State): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const node of seq) {
    const [a, b] = nodeWidth(node, state);
    lo += a;
    hi += b;
  }
  return [lo, hi];
}

function nodeWidth(node: Node, state: State): [number, number] {
  switch (node.op) {
    case 'LIT': case 'IN': case 'ANY': return [1, 1];
    case 'AT': case 'ASSERT': return [0, 0];
    case 'REF': return state.widths.get(node.gid) ?? [0, Infinity];
    case 'GROUP': return seqWidth(node.body, state);
    case 'REPEAT': {
      const [a, b] = seqWidth(node.body, state);
      return [a * node.min, b === 0 ? 0 : b * node.max];
    }
    case 'BRANCH': {
      let lo = Infinity;
      let hi = 0;
      for (const alt of node.alts) {
        const [a, b] = seqWidth(alt, state);
        lo = Math.min(lo, a);
        hi = Math.max(hi, b);
      }
      return [lo, hi];
    }
  }
}

/** Groups that have certainly captured once `seq` has matched. */
function mandatoryGroups(seq: readonly Node[]): Set<number> {
  const out = new Set<number>();
  for (const node of seq) {
    if (node.op === 'GROUP') {
      if (node.gid !== null) out.add(node.gid);
      for (const g of mandatoryGroups(node.body)) out.add(g);
    } else if (node.op === 'REPEAT' && node.min >= 1) {
      for (const g of mandatoryGroups(node.body)) out.add(g);
    } else if (node.op === 'BRANCH') {
      const sets = node.alts.map(mandatoryGroups);
      for (const g of sets[0]) if (sets.every((s) => s.has(g))) out.add(g);
    }
  }
  return out;
}

function allGroups(seq: readonly Node[], out = new Set<number>()): Set<number> {
  for (const node of seq) {
    if (node.op === 'GROUP' || node.op === 'REPEAT' || node.op === 'ASSERT') {
      if (node.op === 'GROUP' && node.gid !== null) out.add(node.gid);
      allGroups(node.body, out);
    } else if (node.op === 'BRANCH') {
      for (const alt of node.alts) allGroups(alt, out);
    }
  }
  return out;
}

/**
 * Refuses where sre and JS disagree about captures:
 * - a backreference to a group that may not have matched (sre fails, JS matches empty);
 * - a group that may skip the last iteration of a repeat (sre keeps the old value, JS resets it each iteration);
 * - a repeat whose body can match empty (sre and JS stop empty iterations differently).
 */
function checkCaptures(seq: readonly Node[], before: ReadonlySet<number>, state: State): void {
  let known = new Set(before);
  for (const node of seq) {
    switch (node.op) {
      case 'REF':
        if (!known.has(node.gid)) unsupported(`backreference to group ${node.gid}, which may not have matched at that point`);
        break;
      case 'GROUP': case 'ASSERT':
        checkCaptures(node.body, known, state);
        break;
      case 'BRANCH':
        for (const alt of node.alts) checkCaptures(alt, known, state);
        break;
      case 'REPEAT': {
        if (seqWidth(node.body, state)[0] === 0) unsupported('repeated subpattern that can match the empty string');
        if (node.max > 1) {
          const mandatory = mandatoryGroups(node.body);
          for (const g of allGroups(node.body)) {
            if (!mandatory.has(g)) unsupported(`group ${g} may not take part in every repetition`);
          }
        }
        checkCaptures(node.body, known, state);
        break;
      }
      default:
        break;
    }
    if (node.op === 'GROUP' || node.op === 'REPEAT' || node.op === 'BRANCH') {
      known = new Set([...known, ...mandatoryGroups([node])]);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Code point sets (sorted, merged, inclusive [lo, hi] pairs)

type Ranges = Array<[number, number]>;

function normalize(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function contains(ranges: Ranges, cp: number): boolean {
  let a = 0;
  let b = ranges.length - 1;
  while (a <= b) {
    const m = (a + b) >> 1;
    if (cp < ranges[m][0]) b = m - 1;
    else if (cp > ranges[m][1]) a = m + 1;
    else return true;
  }
  return false;
}

function intersects(ranges: Ranges, lo: number, hi: number): boolean {
  return ranges.some(([a, b]) => a <= hi && b >= lo);
}

/** `ranges` minus `points` (ascending). */
function withoutPoints(ranges: Ranges, points: readonly number[]): Ranges {
  const out: Ranges = [];
  for (const [lo, hi] of ranges) {
    let start = lo;
    let a = 0;
    let b = points.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (points[m] < lo) a = m + 1;
      else b = m;
    }
    for (let k = a; k < points.length && points[k] <= hi; k++) {
      if (points[k] > start) out.push([start, points[k] - 1]);
      start = points[k] + 1;
    }
    if (start <= hi) out.push([start, hi]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Case folding exactly as sre does it

interface CaseTable {
  lower(cp: number): number;
  /** Code points whose lower() differs from themselves, ascending. */
  changing: readonly number[];
  /** lower() -> the changing code points that lower to it. */
  inverse: ReadonlyMap<number, readonly number[]>;
  /** Code points that are cased (lower() or upper() differs). */
  cased: Ranges;
  /** re._casefix._EXTRA_CASES: lowercase letters that share an uppercase. */
  fixes: ReadonlyMap<number, readonly number[]>;
}

const ASCII_CASE: CaseTable = {
  lower: (cp) => (cp >= 0x41 && cp <= 0x5a ? cp + 32 : cp),
  changing: Array.from({ length: 26 }, (_, k) => 0x41 + k),
  inverse: new Map(Array.from({ length: 26 }, (_, k) => [0x61 + k, [0x41 + k]])),
  cased: [[0x41, 0x5a], [0x61, 0x7a]],
  fixes: new Map(),
};

let unicodeCase: CaseTable | undefined;

/**
 * sre's `lower`/`upper` are the first code point of the full case mapping (no context rules), which is
 * what String#toLowerCase/#toUpperCase give for one code point. No character above U+1FFFF has case.
 */
function getUnicodeCase(): CaseTable {
  if (unicodeCase) return unicodeCase;
  const lowerMap = new Map<number, number>();
  const casedPoints: number[] = [];
  const byUpper = new Map<string, number[]>();
  for (let cp = 0; cp <= 0x1ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    const lo = ch.toLowerCase();
    const up = ch.toUpperCase();
    const l = lo.codePointAt(0)!;
    if (l !== cp) lowerMap.set(cp, l);
    if (l === cp && up === ch) continue;
    casedPoints.push(cp);
    const group = byUpper.get(up);
    if (group) group.push(cp);
    else byUpper.set(up, [cp]);
  }
  // Generated like CPython's Tools/build/generate_re_casefix.py: lowercase forms sharing one uppercase.
  const fixes = new Map<number, number[]>();
  for (const [up, group] of byUpper) {
    // An uncased character is in the group of its own uppercase (itself); the loop skipped those.
    const self = up.codePointAt(0)!;
    if (up === String.fromCodePoint(self) && up.toUpperCase() === up && !group.includes(self)) group.push(self);
    if (group.length < 2) continue;
    const lowers = new Set<number>();
    for (const cp of group) {
      const lo = String.fromCodePoint(cp).toLowerCase();
      if (lo.length === String.fromCodePoint(lo.codePointAt(0)!).length) lowers.add(lo.codePointAt(0)!);
    }
    if (lowers.size < 2) continue;
    for (const x of lowers) fixes.set(x, [...lowers].filter((y) => y !== x));
  }
  const inverse = new Map<number, number[]>();
  for (const [cp, lo] of lowerMap) {
    const list = inverse.get(lo);
    if (list) list.push(cp);
    else inverse.set(lo, [cp]);
  }
  unicodeCase = {
    lower: (cp) => lowerMap.get(cp) ?? cp,
    changing: [...lowerMap.keys()].sort((a, b) => a - b),
    inverse,
    cased: normalize(casedPoints.map((cp) => [cp, cp])),
    fixes,
  };
  return unicodeCase;
}

/** `{ ch : lower(ch) in lowered }`, for a set of already-lowered code points. */
function foldClosure(lowered: Ranges, table: CaseTable): Ranges {
  const out = withoutPoints(lowered, table.changing);
  for (const [lo, sources] of table.inverse) {
    if (contains(lowered, lo)) for (const cp of sources) out.push([cp, cp]);
  }
  return normalize(out);
}

function addFixes(ranges: Ranges, table: CaseTable): Ranges {
  const out = [...ranges];
  for (const [cp, others] of table.fixes) {
    if (contains(ranges, cp)) for (const o of others) out.push([o, o]);
  }
  return normalize(out);
}

const literalCache = new Map<number, Ranges>();

/** Code points matched by a literal (re._compiler: LITERAL / LITERAL_UNI_IGNORE / IN_UNI_IGNORE). */
function literalSet(cp: number, flags: number): Ranges {
  if (!(flags & F_I)) return [[cp, cp]];
  const key = flags & F_A ? -1 - cp : cp;
  let set = literalCache.get(key);
  if (!set) {
    const table = flags & F_A ? ASCII_CASE : getUnicodeCase();
    const lo = table.lower(cp);
    set = contains(table.cased, cp) ? foldClosure(addFixes([[lo, lo]], table), table) : [[cp, cp]];
    literalCache.set(key, set);
  }
  return set;
}

/** Code points and categories matched by a class, before negation (re._compiler._optimize_charset). */
function classSet(members: readonly Member[], flags: number): { ranges: Ranges; cats: Cat[] } {
  const cats = [...new Set(members.flatMap((m) => (m.t === 'cat' ? [m.cat] : [])))];
  const raw = normalize(members.flatMap((m): Ranges => (m.t === 'lit' ? [[m.cp, m.cp]] : m.t === 'range' ? [[m.lo, m.hi]] : [])));
  if (!(flags & F_I)) return { ranges: raw, cats };
  const table = flags & F_A ? ASCII_CASE : getUnicodeCase();
  const astral = raw.some(([, hi]) => hi > 0xffff);
  if (!astral && !raw.some(([lo, hi]) => intersects(table.cased, lo, hi))) return { ranges: raw, cats };
  // sre folds only the BMP part through its charmap; refuse the astral cased cases it special-cases.
  const unicode = getUnicodeCase();
  const bmp: Ranges = [];
  const astralRanges: Ranges = [];
  for (const [lo, hi] of raw) {
    if (lo <= 0xffff) bmp.push([lo, Math.min(hi, 0xffff)]);
    if (hi > 0xffff) {
      const a = Math.max(lo, 0x10000);
      if (intersects(unicode.cased, a, hi)) unsupported('case-insensitive class with cased characters above U+FFFF');
      astralRanges.push([a, hi]);
    }
  }
  const lowered: Ranges = [...bmp];
  for (const cp of table.changing) if (contains(bmp, cp)) lowered.push([table.lower(cp), table.lower(cp)]);
  const folded = foldClosure(addFixes(normalize(lowered), table), table);
  return { ranges: normalize([...folded, ...astralRanges]), cats };
}

// ---------------------------------------------------------------------------------------------------------
// Emission

const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const ASCII_SPACE = '\\t\\n\\v\\f\\r\\x20';
const UNI_WORD = '\\p{L}\\p{N}_';
const ASCII_WORD = 'A-Za-z0-9_';

/** A category as class contents: `pos` is included directly, `neg` means "everything except these". */
function catContents(cat: Cat, ascii: boolean): { pos: string } | { neg: string } {
  switch (cat) {
    case 'd': return { pos: ascii ? '0-9' : '\\p{Nd}' };
    case 'D': return ascii ? { neg: '0-9' } : { pos: '\\P{Nd}' };
    case 's': return { pos: ascii ? ASCII_SPACE : PY_SPACE };
    case 'S': return { neg: ascii ? ASCII_SPACE : PY_SPACE };
    case 'w': return { pos: ascii ? ASCII_WORD : UNI_WORD };
    case 'W': return { neg: ascii ? ASCII_WORD : UNI_WORD };
  }
}

const hex = (cp: number): string => cp.toString(16).toUpperCase();

/** Non-ASCII characters are written literally only when visible and standalone. */
function visible(cp: number): boolean {
  return cp > 0x7f && !(cp >= 0xd800 && cp <= 0xdfff) && /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(String.fromCodePoint(cp));
}

function charOutside(cp: number): string {
  if (cp < 0x80) {
    if ('^$\\.*+?()[]{}|/'.includes(String.fromCharCode(cp))) return `\\${String.fromCharCode(cp)}`;
    if (cp >= 0x20 && cp < 0x7f) return String.fromCharCode(cp);
    return `\\x${cp.toString(16).padStart(2, '0')}`;
  }
  return visible(cp) ? String.fromCodePoint(cp) : `\\u{${hex(cp)}}`;
}

function charInClass(cp: number): string {
  if (cp < 0x80) {
    if (/[A-Za-z0-9_]/.test(String.fromCharCode(cp))) return String.fromCharCode(cp);
    return `\\x${cp.toString(16).padStart(2, '0')}`;
  }
  return visible(cp) ? String.fromCodePoint(cp) : `\\u{${hex(cp)}}`;
}

/**
 * One code point from a set, as an atom. `u` mode has no class union with a complement, so `[a\W]` becomes
 * an alternation and `[^a\W]` a lookahead plus class; each still consumes exactly one code point.
 */
function emitSet(ranges: Ranges, cats: readonly Cat[], neg: boolean, ascii: boolean): string {
  if (!neg && cats.length === 0 && ranges.length === 1 && ranges[0][0] === ranges[0][1]) return charOutside(ranges[0][0]);
  let pos = '';
  for (const [lo, hi] of ranges) {
    pos += lo === hi ? charInClass(lo) : hi === lo + 1 ? charInClass(lo) + charInClass(hi) : `${charInClass(lo)}-${charInClass(hi)}`;
  }
  const negs: string[] = [];
  for (const cat of cats) {
    const c = catContents(cat, ascii);
    if ('pos' in c) pos += c.pos;
    else negs.push(c.neg);
  }
  if (negs.length === 0) return `[${neg ? '^' : ''}${pos}]`;
  if (!neg) {
    const alts = [...(pos ? [`[${pos}]`] : []), ...negs.map((n) => `[^${n}]`)];
    return alts.length === 1 ? alts[0] : `(?:${alts.join('|')})`;
  }
  const last = negs[negs.length - 1];
  return `(?:${pos ? `(?![${pos}])` : ''}${negs.slice(0, -1).map((n) => `(?=[${n}])`).join('')}[${last}])`;
}

function emitAt(at: AtKind, flags: number): string {
  const w = `[${flags & F_A ? ASCII_WORD : UNI_WORD}]`;
  switch (at) {
    case 'BEGIN_STR': return '^';
    case 'END_STR': return '$';
    // Python lines end only at "\n" (JS `m` mode also breaks at \r, U+2028, U+2029).
    case 'BEGIN': return flags & F_M ? '(?<![^\\n])' : '^';
    case 'END': return flags & F_M ? '(?![^\\n])' : '(?=\\n?$)';
    case 'BOUNDARY': return `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;
    // sre's \B never matches in an empty string (CPython < 3.14).
    case 'NON_BOUNDARY': return `(?!^$)(?:(?<=${w})(?=${w})|(?<!${w})(?!${w}))`;
  }
}

function emitSeq(seq: readonly Node[]): string {
  return seq.map(emitNode).join('');
}

function emitNode(node: Node): string {
  switch (node.op) {
    case 'LIT': return emitSet(literalSet(node.cp, node.flags), [], node.neg, (node.flags & F_A) !== 0);
    case 'IN': {
      const { ranges, cats } = classSet(node.members, node.flags);
      return emitSet(ranges, cats, node.neg, (node.flags & F_A) !== 0);
    }
    case 'ANY': return node.flags & F_S ? '[\\s\\S]' : '[^\\n]';
    case 'AT': return emitAt(node.at, node.flags);
    case 'REF': return `(?:\\${node.gid})`;
    case 'GROUP': {
      const open = node.gid === null ? '(?:' : node.name !== null ? `(?<${node.name}>` : '(';
      return `${open}${emitSeq(node.body)})`;
    }
    case 'BRANCH': return `(?:${node.alts.map(emitSeq).join('|')})`;
    case 'ASSERT': return `(?${node.behind ? '<' : ''}${node.neg ? '!' : '='}${emitSeq(node.body)})`;
    case 'REPEAT': {
      const single = node.body.length === 1 && ['LIT', 'IN', 'ANY', 'GROUP'].includes(node.body[0].op);
      const body = single ? emitSeq(node.body) : `(?:${emitSeq(node.body)})`;
      const { min, max } = node;
      const lazy = node.lazy ? '?' : '';
      // V8 overflows its stack on X{n,} (n > 2) over a long run of X (8 MB of base64 after `token="`); X{n}X*
      // is the same language with the same greedy or lazy spans, and its loop runs in constant stack.
      if (max === Infinity && min > 1 && node.body.length === 1 && ['LIT', 'IN', 'ANY'].includes(node.body[0].op)) {
        return `${body}{${min}}${body}*${lazy}`;
      }
      const q = min === 0 && max === 1 ? '?' : min === 0 && max === Infinity ? '*' : min === 1 && max === Infinity ? '+'
        : min === max ? `{${min}}` : max === Infinity ? `{${min},}` : `{${min},${max}}`;
      return body + q + lazy;
    }
  }
}

/**
 * CPython's search prefilter (re._compiler._compile_info) compiles a leading class with the pattern's
 * global flags. When that class's \w/\s/\d sit in a (?a:...) or (?u:...) scope of the other kind,
 * search() demands both readings (re.search(r'(?a:\S)', '\xa0') finds nothing). Refused, not emulated.
 */
function leadingClassPrefilterQuirk(tree: readonly Node[], state: State): boolean {
  if (seqWidth(tree, state)[0] === 0) return false;
  let seq = tree;
  while (seq[0]?.op === 'GROUP') seq = seq[0].body;
  const first = seq[0];
  return first?.op === 'IN' && first.members.some((m) => m.t === 'cat') && ((first.flags & F_A) !== 0) !== ((state.flags & F_A) !== 0);
}

/** Whether a lookaround, anchor or backreference can be evaluated before the match has consumed anything. */
function startsZeroWidth(seq: readonly Node[], state: State): boolean {
  for (const node of seq) {
    switch (node.op) {
      case 'LIT': case 'IN': case 'ANY': return false;
      case 'AT': case 'ASSERT': case 'REF': return true;
      case 'GROUP':
        if (startsZeroWidth(node.body, state)) return true;
        if (seqWidth(node.body, state)[0] > 0) return false;
        break;
      case 'REPEAT':
        if (startsZeroWidth(node.body, state)) return true;
        if (node.min > 0) return false;
        break;
      case 'BRANCH':
        if (node.alts.some((alt) => startsZeroWidth(alt, state))) return true;
        if (node.alts.every((alt) => seqWidth(alt, state)[0] > 0)) return false;
        break;
    }
  }
  return false;
}

/**
 * V8 (unlike the spec) also tries to start a match between the two halves of a surrogate pair, where
 * a negative lookaround sees no character and succeeds. This lookahead fails exactly there.
 */
const CODE_POINT_BOUNDARY = '(?=[\\s\\S]|$)';

function callFlags(flags: PyRegexFlags): number {
  return (flags.ignoreCase ? F_I : 0) | (flags.multiline ? F_M : 0) | (flags.dotAll ? F_S : 0) |
    (flags.verbose ? F_X : 0) | (flags.ascii ? F_A : 0);
}

/**
 * Translates `re.compile(pattern, flags)` for a str pattern. The result is meant for
 * `new RegExp(source, flags)`; match positions are UTF-16 offsets in JS.
 */
export function translatePythonRegex(pattern: string, flags: PyRegexFlags): PyRegexTranslation {
  try {
    const state: State = { flags: callFlags(flags), groups: 1, names: new Map(), widths: new Map(), lookbehind: 0 };
    const src = new Source(pattern);
    const tree = parseSub(src, state, (state.flags & F_X) !== 0, 0, []);
    if (src.next !== null) pyError('unbalanced parenthesis');
    if (state.flags & F_A && state.flags & F_U) pyError('ASCII and UNICODE flags are incompatible');
    checkCaptures(tree, new Set(), state);
    if (leadingClassPrefilterQuirk(tree, state)) unsupported('leading class under (?a:)/(?u:) (CPython search prefilter uses the global flags)');
    const source = (startsZeroWidth(tree, state) ? CODE_POINT_BOUNDARY : '') + (emitSeq(tree) || '(?:)');
    try {
      new RegExp(source, JS_FLAGS);
    } catch (e) {
      return { ok: false, reason: `translation does not compile in JavaScript: ${(e as Error).message}` };
    }
    return { ok: true, source, flags: JS_FLAGS };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.message };
    if (e instanceof RangeError) return { ok: false, reason: 'pattern too deeply nested to translate' };
    throw e;
  }
}
