/**
 * Reads module-level constants from Python source without running Python: a tokenizer plus an evaluator
 * for the literal subset Hermes uses to hold its prompt texts, threat patterns and hint tables.
 *
 * Supported: string and bytes literals with every prefix and escape, adjacent-literal concatenation,
 * f-strings whose fields name already-known constants, `+` and `*` over strings, sequences and ints,
 * numbers, None/True/False, tuples, lists, dicts, sets, frozenset()/set() calls and
 * `re.compile(pattern, flags)`.
 *
 * Anything else makes that one assignment "computed": it is recorded with a reason and its line number,
 * and parsing goes on. This includes other calls, comprehensions, conditionals, unknown names, and
 * rebinding inside module-level if/try/for/with blocks. Bodies of def and class are skipped.
 *
 * Not tracked: mutation through aliases or function calls, and code run when functions are called.
 */
import type { PyRegexFlags } from './pyRegex';
import { F_A, F_I, F_L, F_M, F_S, F_TEMPLATE, F_U, F_X } from './reFlags';

export type PyValue =
  | { kind: 'str'; value: string }
  | { kind: 'bytes'; value: Uint8Array }
  | { kind: 'int'; value: number }
  | { kind: 'float'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'none' }
  | { kind: 'list'; items: readonly PyValue[] }
  | { kind: 'tuple'; items: readonly PyValue[] }
  | { kind: 'dict'; entries: ReadonlyMap<string | number, PyValue> }
  /** Items in first-seen source order; Python's own iteration order is hash-based. */
  | { kind: 'set'; frozen: boolean; items: readonly PyValue[] }
  | { kind: 'regex'; pattern: string; flags: PyRegexFlags };

export interface PyRefusal {
  line: number;
  reason: string;
}

export interface PyConstants {
  values: Map<string, PyValue>;
  refused: Map<string, PyRefusal>;
}

export function getString(values: ReadonlyMap<string, PyValue>, name: string): string | undefined {
  const v = values.get(name);
  return v?.kind === 'str' ? v.value : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// \N{...} names

/**
 * Python resolves \N{...} against the whole Unicode name database; this table holds the names prompt
 * text realistically uses (punctuation, spaces, invisible and bidi controls, arrows, marks, box drawing)
 * and their aliases. Others are refused, never guessed. Latin letters and digits are derived.
 */
const NAME_TABLE =
  'SPACE=20|EXCLAMATION MARK=21|QUOTATION MARK=22|NUMBER SIGN=23|DOLLAR SIGN=24|PERCENT SIGN=25|AMPERSAND=26|' +
  'APOSTROPHE=27|LEFT PARENTHESIS=28|RIGHT PARENTHESIS=29|ASTERISK=2A|PLUS SIGN=2B|COMMA=2C|HYPHEN-MINUS=2D|' +
  'FULL STOP=2E|SOLIDUS=2F|COLON=3A|SEMICOLON=3B|LESS-THAN SIGN=3C|EQUALS SIGN=3D|GREATER-THAN SIGN=3E|' +
  'QUESTION MARK=3F|COMMERCIAL AT=40|LEFT SQUARE BRACKET=5B|REVERSE SOLIDUS=5C|RIGHT SQUARE BRACKET=5D|' +
  'CIRCUMFLEX ACCENT=5E|LOW LINE=5F|GRAVE ACCENT=60|LEFT CURLY BRACKET=7B|VERTICAL LINE=7C|' +
  'RIGHT CURLY BRACKET=7D|TILDE=7E|NO-BREAK SPACE=A0|INVERTED EXCLAMATION MARK=A1|CENT SIGN=A2|POUND SIGN=A3|' +
  'YEN SIGN=A5|SECTION SIGN=A7|COPYRIGHT SIGN=A9|LEFT-POINTING DOUBLE ANGLE QUOTATION MARK=AB|SOFT HYPHEN=AD|' +
  'REGISTERED SIGN=AE|DEGREE SIGN=B0|PLUS-MINUS SIGN=B1|PILCROW SIGN=B6|MIDDLE DOT=B7|' +
  'RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK=BB|INVERTED QUESTION MARK=BF|MULTIPLICATION SIGN=D7|' +
  'DIVISION SIGN=F7|EN SPACE=2002|EM SPACE=2003|THIN SPACE=2009|HAIR SPACE=200A|ZERO WIDTH SPACE=200B|' +
  'ZERO WIDTH NON-JOINER=200C|ZERO WIDTH JOINER=200D|LEFT-TO-RIGHT MARK=200E|RIGHT-TO-LEFT MARK=200F|' +
  'HYPHEN=2010|NON-BREAKING HYPHEN=2011|FIGURE DASH=2012|EN DASH=2013|EM DASH=2014|HORIZONTAL BAR=2015|' +
  'LEFT SINGLE QUOTATION MARK=2018|RIGHT SINGLE QUOTATION MARK=2019|SINGLE LOW-9 QUOTATION MARK=201A|' +
  'LEFT DOUBLE QUOTATION MARK=201C|RIGHT DOUBLE QUOTATION MARK=201D|DOUBLE LOW-9 QUOTATION MARK=201E|' +
  'DAGGER=2020|DOUBLE DAGGER=2021|BULLET=2022|HORIZONTAL ELLIPSIS=2026|HYPHENATION POINT=2027|' +
  'LINE SEPARATOR=2028|PARAGRAPH SEPARATOR=2029|LEFT-TO-RIGHT EMBEDDING=202A|RIGHT-TO-LEFT EMBEDDING=202B|' +
  'POP DIRECTIONAL FORMATTING=202C|LEFT-TO-RIGHT OVERRIDE=202D|RIGHT-TO-LEFT OVERRIDE=202E|' +
  'NARROW NO-BREAK SPACE=202F|PER MILLE SIGN=2030|PRIME=2032|DOUBLE PRIME=2033|' +
  'SINGLE LEFT-POINTING ANGLE QUOTATION MARK=2039|SINGLE RIGHT-POINTING ANGLE QUOTATION MARK=203A|' +
  'DOUBLE EXCLAMATION MARK=203C|HYPHEN BULLET=2043|WORD JOINER=2060|FUNCTION APPLICATION=2061|' +
  'INVISIBLE TIMES=2062|INVISIBLE SEPARATOR=2063|INVISIBLE PLUS=2064|LEFT-TO-RIGHT ISOLATE=2066|' +
  'RIGHT-TO-LEFT ISOLATE=2067|FIRST STRONG ISOLATE=2068|POP DIRECTIONAL ISOLATE=2069|EURO SIGN=20AC|' +
  'TRADE MARK SIGN=2122|LEFTWARDS ARROW=2190|UPWARDS ARROW=2191|RIGHTWARDS ARROW=2192|DOWNWARDS ARROW=2193|' +
  'LEFT RIGHT ARROW=2194|LEFTWARDS DOUBLE ARROW=21D0|RIGHTWARDS DOUBLE ARROW=21D2|LEFT RIGHT DOUBLE ARROW=21D4|' +
  'MINUS SIGN=2212|BULLET OPERATOR=2219|INFINITY=221E|ALMOST EQUAL TO=2248|NOT EQUAL TO=2260|' +
  'LESS-THAN OR EQUAL TO=2264|GREATER-THAN OR EQUAL TO=2265|BOX DRAWINGS LIGHT HORIZONTAL=2500|' +
  'BOX DRAWINGS LIGHT VERTICAL=2502|BOX DRAWINGS LIGHT DOWN AND RIGHT=250C|BOX DRAWINGS LIGHT DOWN AND LEFT=2510|' +
  'BOX DRAWINGS LIGHT UP AND RIGHT=2514|BOX DRAWINGS LIGHT UP AND LEFT=2518|' +
  'BOX DRAWINGS LIGHT VERTICAL AND RIGHT=251C|BOX DRAWINGS LIGHT VERTICAL AND LEFT=2524|' +
  'BOX DRAWINGS DOUBLE HORIZONTAL=2550|BLACK SQUARE=25A0|WHITE SQUARE=25A1|BLACK RIGHT-POINTING TRIANGLE=25B6|' +
  'WHITE CIRCLE=25CB|BLACK CIRCLE=25CF|WHITE BULLET=25E6|BLACK STAR=2605|WHITE STAR=2606|WARNING SIGN=26A0|' +
  'CHECK MARK=2713|HEAVY CHECK MARK=2714|MULTIPLICATION X=2715|BALLOT X=2717|HEAVY BALLOT X=2718|' +
  'SPARKLES=2728|CROSS MARK=274C|IDEOGRAPHIC SPACE=3000|ZERO WIDTH NO-BREAK SPACE=FEFF|' +
  'REPLACEMENT CHARACTER=FFFD|' +
  // Name aliases that Python's \N{...} also accepts.
  'NULL=0|NUL=0|ALERT=7|BEL=7|BACKSPACE=8|BS=8|CHARACTER TABULATION=9|TAB=9|LINE FEED=A|LF=A|' +
  'LINE TABULATION=B|VT=B|FORM FEED=C|FF=C|CARRIAGE RETURN=D|CR=D|ESCAPE=1B|ESC=1B|SP=20|DELETE=7F|DEL=7F|' +
  'NEXT LINE=85|NEL=85|NBSP=A0|SHY=AD|ZWSP=200B|ZWNJ=200C|ZWJ=200D|LRM=200E|RLM=200F|LRE=202A|RLE=202B|' +
  'PDF=202C|LRO=202D|RLO=202E|NNBSP=202F|WJ=2060|LRI=2066|RLI=2067|FSI=2068|PDI=2069|BYTE ORDER MARK=FEFF|' +
  'BOM=FEFF|ZWNBSP=FEFF';

const DIGIT_NAMES = ['ZERO', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE'];
let nameMap: Map<string, number> | undefined;

/** Code point for a Unicode character name or alias, matched case-insensitively as Python does. */
export function lookupUnicodeName(name: string): number | undefined {
  if (!nameMap) {
    nameMap = new Map();
    for (const entry of NAME_TABLE.split('|')) {
      const eq = entry.indexOf('=');
      nameMap.set(entry.slice(0, eq), parseInt(entry.slice(eq + 1), 16));
    }
  }
  const key = name.toUpperCase();
  const letter = /^LATIN (CAPITAL|SMALL) LETTER ([A-Z])$/.exec(key);
  if (letter) return letter[2].charCodeAt(0) + (letter[1] === 'SMALL' ? 32 : 0);
  const digit = /^DIGIT ([A-Z]+)$/.exec(key);
  if (digit && DIGIT_NAMES.includes(digit[1])) return 0x30 + DIGIT_NAMES.indexOf(digit[1]);
  return nameMap.get(key);
}

// ---------------------------------------------------------------------------------------------------------
// Tokenizer

/** A part of an f-string: literal text, or a replacement field (`name` set only for a bare `{NAME}`). */
type FPart = { lit: string } | { field: string; name: string | null };

type StrTok =
  | { kind: 'str'; value: string }
  | { kind: 'bytes'; value: string }
  | { kind: 'fstr'; parts: FPart[] }
  | { kind: 'tstr' }
  | { kind: 'error'; message: string };

type Tok =
  | { t: 'name'; v: string; line: number }
  | { t: 'num'; v: string; line: number }
  | { t: 'str'; s: StrTok; line: number }
  | { t: 'op'; v: string; line: number }
  | { t: 'err'; v: string; line: number };

interface LogicalLine {
  toks: Tok[];
  line: number;
  indent: number;
}

/** Longest match first, like Python's tokenizer. */
const OPERATOR = /\*\*=|\/\/=|>>=|<<=|\.\.\.|->|:=|[=!<>]=|\*\*|\/\/|<<|>>|[-+*\/%&|^@]=|[()[\]{},:;.+\-*\/%&|^~<>=@!]/y;
const STRING_PREFIX = /^(?:[rRuUbBfFtT]|[rR][bBfFtT]|[bBfFtT][rR])$/;
const IDENT = /[\p{ID_Start}_][\p{ID_Continue}]*/uy;
const NUMBER =
  /0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?/y;
/** Deeper nesting of f-string fields than this is refused instead of recursing further. */
const MAX_FSTRING_NESTING = 16;

class Tokenizer {
  private pos = 0;
  private line = 1;

  constructor(private readonly src: string) {}

  /** Splits the whole source into logical lines; never throws on malformed input. */
  lines(): LogicalLine[] {
    const out: LogicalLine[] = [];
    const src = this.src;
    let toks: Tok[] = [];
    let depth = 0;
    let indent = 0;
    let atLineStart = true;
    while (this.pos < src.length) {
      if (atLineStart) {
        let col = 0;
        while (this.pos < src.length && ' \t\f'.includes(src[this.pos])) {
          const c = src[this.pos++];
          col = c === '\t' ? (Math.floor(col / 8) + 1) * 8 : c === '\f' ? 0 : col + 1;
        }
        if (this.pos >= src.length) break;
        if (src[this.pos] === '#' || src[this.pos] === '\n') {
          this.skipComment();
          if (src[this.pos] === '\n') this.newline();
          continue;
        }
        if (src[this.pos] === '\\' && src[this.pos + 1] === '\n') {
          this.pos += 2;
          this.line++;
          continue;
        }
        indent = col;
        atLineStart = false;
      }
      const c = src[this.pos];
      if (c === ' ' || c === '\t' || c === '\f') {
        this.pos++;
      } else if (c === '#') {
        this.skipComment();
      } else if (c === '\\' && src[this.pos + 1] === '\n') {
        this.pos += 2;
        this.line++;
      } else if (c === '\n') {
        this.newline();
        if (depth === 0) {
          if (toks.length) out.push({ toks, line: toks[0].line, indent });
          toks = [];
          atLineStart = true;
        }
      } else {
        const tok = this.token();
        if (tok.t === 'op') {
          if ('([{'.includes(tok.v)) depth++;
          else if (')]}'.includes(tok.v) && depth > 0) depth--;
        }
        toks.push(tok);
      }
    }
    if (toks.length) out.push({ toks, line: toks[0].line, indent });
    return out;
  }

  private newline(): void {
    this.pos++;
    this.line++;
  }

  private skipComment(): void {
    const end = this.src.indexOf('\n', this.pos);
    this.pos = end < 0 ? this.src.length : end;
  }

  private token(): Tok {
    const src = this.src;
    const line = this.line;
    const c = src[this.pos];
    IDENT.lastIndex = this.pos;
    const ident = IDENT.exec(src);
    if (ident) {
      const word = ident[0];
      this.pos += word.length;
      const q = src[this.pos];
      if ((q === '"' || q === "'") && STRING_PREFIX.test(word)) return { t: 'str', s: this.string(word.toLowerCase()), line };
      // Python compares identifiers after NFKC normalization.
      return { t: 'name', v: /[^\x00-\x7f]/.test(word) ? word.normalize('NFKC') : word, line };
    }
    if (c === '"' || c === "'") return { t: 'str', s: this.string(''), line };
    NUMBER.lastIndex = this.pos;
    const num = /[0-9.]/.test(c) ? NUMBER.exec(src) : null;
    if (num) {
      this.pos += num[0].length;
      return { t: 'num', v: num[0], line };
    }
    OPERATOR.lastIndex = this.pos;
    const op = OPERATOR.exec(src);
    if (op) {
      this.pos += op[0].length;
      return { t: 'op', v: op[0], line };
    }
    const cp = src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return { t: 'err', v: `unexpected character ${JSON.stringify(String.fromCodePoint(cp))}`, line };
  }

  /** At an opening quote; `prefix` is lower-cased. */
  private string(prefix: string): StrTok {
    const raw = prefix.includes('r');
    if (prefix.includes('f') || prefix.includes('t')) {
      const parts = this.fstring(raw, 0);
      if (typeof parts === 'string') return { kind: 'error', message: parts };
      return prefix.includes('t') ? { kind: 'tstr' } : { kind: 'fstr', parts };
    }
    const body = this.stringBody();
    if (body.error) return { kind: 'error', message: body.error };
    const bytes = prefix.includes('b');
    if (bytes && /[^\x00-\x7f]/.test(body.text)) return { kind: 'error', message: 'bytes can only contain ASCII literal characters' };
    if (raw) return bytes ? { kind: 'bytes', value: body.text } : { kind: 'str', value: body.text };
    const decoded = decodeEscapes(body.text, bytes);
    if (typeof decoded !== 'string') return { kind: 'error', message: decoded.error };
    return bytes ? { kind: 'bytes', value: decoded } : { kind: 'str', value: decoded };
  }

  /** Raw text between the quotes of a non-f string (escapes undecoded). */
  private stringBody(): { text: string; error?: string } {
    const src = this.src;
    const quote = src[this.pos];
    const q3 = quote.repeat(3);
    const triple = src.startsWith(q3, this.pos);
    this.pos += triple ? 3 : 1;
    const start = this.pos;
    for (;;) {
      if (this.pos >= src.length) return { text: '', error: 'unterminated string literal' };
      const c = src[this.pos];
      if (c === quote && (!triple || src.startsWith(q3, this.pos))) {
        const text = src.slice(start, this.pos);
        this.pos += triple ? 3 : 1;
        return { text };
      }
      if (c === '\n') {
        if (!triple) return { text: '', error: 'unterminated string literal' };
        this.line++;
      }
      if (c === '\\' && this.pos + 1 < src.length) {
        if (src[this.pos + 1] === '\n') this.line++;
        this.pos += 2;
      } else {
        this.pos++;
      }
    }
  }

  /**
   * At the opening quote of an f-string (or a nested one). Literal parts come back decoded; fields keep
   * their source text. Nested quotes inside fields are scanned as strings (PEP 701), which is also
   * correct for pre-3.12 code. Returns an error message for malformed input.
   */
  private fstring(raw: boolean, nesting: number): FPart[] | string {
    const src = this.src;
    const quote = src[this.pos];
    const q3 = quote.repeat(3);
    const triple = src.startsWith(q3, this.pos);
    this.pos += triple ? 3 : 1;
    const parts: FPart[] = [];
    let lit = '';
    const flush = (): string | null => {
      if (!lit) return null;
      const decoded = raw ? lit : decodeEscapes(lit, false);
      if (typeof decoded !== 'string') return decoded.error;
      parts.push({ lit: decoded });
      lit = '';
      return null;
    };
    for (;;) {
      if (this.pos >= src.length) return 'unterminated f-string';
      const c = src[this.pos];
      if (c === quote && (!triple || src.startsWith(q3, this.pos))) {
        this.pos += triple ? 3 : 1;
        return flush() ?? parts;
      }
      if (c === '\n') {
        if (!triple) return 'unterminated f-string';
        this.line++;
      }
      if (c === '\\') {
        const next = src[this.pos + 1];
        if (!raw && next === 'N' && src[this.pos + 2] === '{') {
          const close = src.indexOf('}', this.pos);
          if (close < 0) return 'malformed \\N character escape';
          lit += src.slice(this.pos, close + 1);
          this.pos = close + 1;
        } else if (next === undefined || next === '{' || next === '}') {
          lit += c;
          this.pos++;
        } else {
          if (next === '\n') this.line++;
          lit += c + next;
          this.pos += 2;
        }
      } else if ((c === '{' || c === '}') && src[this.pos + 1] === c) {
        lit += c;
        this.pos += 2;
      } else if (c === '{') {
        const err = flush();
        if (err) return err;
        this.pos++;
        const field = this.fstringField(quote, triple, nesting);
        if (typeof field === 'string') return field;
        parts.push(field);
      } else if (c === '}') {
        return "f-string: single '}' is not allowed";
      } else {
        lit += c;
        this.pos++;
      }
    }
  }

  /** After the `{` of a replacement field; consumes through its closing `}`. */
  private fstringField(quote: string, triple: boolean, nesting: number): FPart | string {
    if (nesting >= MAX_FSTRING_NESTING) return 'f-string fields nested too deeply';
    const src = this.src;
    const start = this.pos;
    let depth = 0;
    let exprEnd = -1;
    let plain = true;
    for (;;) {
      if (this.pos >= src.length) return 'unterminated f-string field';
      const c = src[this.pos];
      if (c === '\n') {
        this.line++;
        this.pos++;
        continue;
      }
      IDENT.lastIndex = this.pos;
      const ident = /[\p{L}\p{Nl}_]/u.test(c) || c >= '\ud800' ? IDENT.exec(src) : null;
      if (ident) {
        this.pos += ident[0].length;
        const q = src[this.pos];
        if ((q === '"' || q === "'") && STRING_PREFIX.test(ident[0])) {
          const inner = this.nestedString(ident[0].toLowerCase(), nesting);
          if (inner) return inner;
        }
        continue;
      }
      if (c === '"' || c === "'") {
        if (!triple && c === quote && depth === 0 && exprEnd < 0) return 'f-string: expecting }';
        const inner = this.nestedString('', nesting);
        if (inner) return inner;
        continue;
      }
      if (c === '#') {
        this.skipComment();
        continue;
      }
      if ('!=<>'.includes(c) && src[this.pos + 1] === '=') {
        this.pos += 2;
        continue;
      }
      if ('([{'.includes(c)) depth++;
      else if (')]'.includes(c)) depth = Math.max(0, depth - 1);
      else if (c === '}') {
        if (depth > 0) depth--;
        else {
          const expr = src.slice(start, exprEnd < 0 ? this.pos : exprEnd).trim();
          const field = src.slice(start, this.pos).trim();
          this.pos++;
          const isName = plain && /^[\p{ID_Start}_][\p{ID_Continue}]*$/u.test(expr);
          return { field, name: isName ? expr.normalize('NFKC') : null };
        }
      } else if (depth === 0 && exprEnd < 0 && (c === '!' || c === ':' || c === '=')) {
        // Conversion, format spec or "=" debugging: the value is not simply str(name).
        plain = false;
        exprEnd = this.pos;
        if (c === ':') {
          const err = this.formatSpec(quote, triple, nesting);
          if (err) return err;
          continue;
        }
      }
      this.pos++;
    }
  }

  /** After the `:` of a format spec; stops at the field's closing `}` without consuming it. */
  private formatSpec(quote: string, triple: boolean, nesting: number): string | null {
    const src = this.src;
    this.pos++;
    for (;;) {
      if (this.pos >= src.length) return 'unterminated f-string field';
      const c = src[this.pos];
      if (c === '}') return null;
      if (triple ? src.startsWith(quote.repeat(3), this.pos) : c === quote || c === '\n') return 'f-string: expecting }';
      if (c === '\n') this.line++;
      if (c === '{') {
        this.pos++;
        const inner = this.fstringField(quote, triple, nesting + 1);
        if (typeof inner === 'string') return inner;
      } else {
        this.pos++;
      }
    }
  }

  private nestedString(prefix: string, nesting: number): string | null {
    if (prefix.includes('f') || prefix.includes('t')) {
      const parts = this.fstring(prefix.includes('r'), nesting + 1);
      return typeof parts === 'string' ? parts : null;
    }
    return this.stringBody().error ?? null;
  }
}

/** Decodes the escapes of a non-raw literal; for bytes the result holds one char per byte (latin-1). */
function decodeEscapes(text: string, bytes: boolean): string | { error: string } {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const e = text[i + 1];
    i += 2;
    switch (e) {
      case '\n': break;
      case '\\': out += '\\'; break;
      case "'": out += "'"; break;
      case '"': out += '"'; break;
      case 'a': out += '\x07'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case 'x': {
        const h = text.slice(i, i + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(h)) return { error: 'truncated \\xXX escape' };
        out += String.fromCharCode(parseInt(h, 16));
        i += 2;
        break;
      }
      case 'u': case 'U': case 'N': {
        if (bytes) {
          out += '\\' + e;
          break;
        }
        let cp: number | undefined;
        if (e === 'N') {
          const close = text.indexOf('}', i);
          if (text[i] !== '{' || close < 0) return { error: 'malformed \\N character escape' };
          const name = text.slice(i + 1, close);
          cp = lookupUnicodeName(name);
          if (cp === undefined) return { error: `\\N{${name}} is not in the built-in character-name table` };
          i = close + 1;
        } else {
          const n = e === 'u' ? 4 : 8;
          const h = text.slice(i, i + n);
          if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(h)) return { error: `truncated \\${e} escape` };
          cp = parseInt(h, 16);
          if (cp > 0x10ffff) return { error: `illegal Unicode character \\U${h}` };
          i += n;
        }
        // A Python str may hold lone surrogates, but they would pair up into one character in JS.
        if (cp >= 0xd800 && cp <= 0xdfff) return { error: 'lone surrogate escape' };
        out += String.fromCodePoint(cp);
        break;
      }
      default: {
        if (e !== undefined && e >= '0' && e <= '7') {
          const m = /^[0-7]{1,3}/.exec(text.slice(i - 1))![0];
          const v = parseInt(m, 8);
          if (bytes && v > 0xff) return { error: 'octal escape above \\377 in bytes' };
          out += String.fromCharCode(v);
          i += m.length - 1;
        } else if (e !== undefined) {
          // Unknown escapes keep their backslash (a SyntaxWarning in Python 3.12+, same value).
          out += '\\' + e;
        } else {
          out += '\\';
        }
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Expression evaluation

class Computed extends Error {}

function computed(reason: string): never {
  throw new Computed(reason);
}

const KEYWORDS_REFUSED = new Map([
  ['if', 'conditional expression'], ['lambda', 'lambda'], ['for', 'comprehension'], ['not', 'boolean operator'],
  ['and', 'boolean operator'], ['or', 'boolean operator'], ['in', 'comparison'], ['is', 'comparison'],
  ['await', 'await'], ['yield', 'yield'],
]);

/** re flag constants (RegexFlag is an int subclass, so they combine with `|` like ints). */
const RE_FLAGS = new Map([
  ['NOFLAG', 0], ['T', F_TEMPLATE], ['TEMPLATE', F_TEMPLATE], ['I', F_I], ['IGNORECASE', F_I], ['L', F_L], ['LOCALE', F_L],
  ['M', F_M], ['MULTILINE', F_M], ['S', F_S], ['DOTALL', F_S], ['U', F_U], ['UNICODE', F_U], ['X', F_X], ['VERBOSE', F_X],
  ['DEBUG', 128], ['A', F_A], ['ASCII', F_A],
]);

/** Module names bound to `re`, and names imported from it (`from re import compile as c` → c: compile). */
interface ReBindings {
  modules: Set<string>;
  members: Map<string, string>;
}

interface Env {
  values: ReadonlyMap<string, PyValue>;
  refused: ReadonlyMap<string, PyRefusal>;
  /** Every name bound at module level so far (a bound name shadows the builtin of the same name). */
  bound: ReadonlySet<string>;
  re: ReBindings;
}

function describe(tok: Tok | undefined): string {
  if (!tok) return 'end of statement';
  if (tok.t === 'str') return 'string';
  return `'${tok.v}'`;
}

class Evaluator {
  private i = 0;
  private nesting = 0;

  constructor(private readonly toks: readonly Tok[], private readonly env: Env) {}

  /** The whole token list as one expression (a bare `a, b` is a tuple). */
  all(): PyValue {
    // Keywords never occur in a literal; naming the construct gives a clearer reason than failing inside it.
    for (const t of this.toks) if (t.t === 'name' && KEYWORDS_REFUSED.has(t.v)) computed(KEYWORDS_REFUSED.get(t.v)!);
    const v = this.testList();
    if (this.i < this.toks.length) computed(`unsupported syntax at ${describe(this.toks[this.i])}`);
    return v;
  }

  private peek(): Tok | undefined {
    return this.toks[this.i];
  }

  private isOp(v: string, tok = this.peek()): boolean {
    return tok?.t === 'op' && tok.v === v;
  }

  private expectOp(v: string): void {
    if (!this.isOp(v)) computed(`expected '${v}' but found ${describe(this.peek())}`);
    this.i++;
  }

  private testList(): PyValue {
    const first = this.expr();
    if (!this.isOp(',')) return first;
    const items = [first];
    while (this.isOp(',')) {
      this.i++;
      if (this.atEnd()) break;
      items.push(this.expr());
    }
    return { kind: 'tuple', items };
  }

  private atEnd(): boolean {
    const t = this.peek();
    return !t || (t.t === 'op' && (t.v === ')' || t.v === ']' || t.v === '}' || t.v === '='));
  }

  /** Python itself rejects more than 200 nested parentheses; deeper input is refused, not recursed into. */
  private enter(): void {
    if (++this.nesting > 200) computed('expression nested too deeply');
  }

  private expr(): PyValue {
    this.enter();
    const v = this.bitOr();
    const t = this.peek();
    if (t?.t === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(t.v)) computed('comparison');
    this.nesting--;
    return v;
  }

  private bitOr(): PyValue {
    let left = this.arith();
    while (this.isOp('|')) {
      this.i++;
      const right = this.arith();
      if (left.kind !== 'int' || right.kind !== 'int' || left.value < 0 || right.value < 0) computed("unsupported operand for '|'");
      left = { kind: 'int', value: Number(BigInt(left.value) | BigInt(right.value)) };
    }
    const t = this.peek();
    if (t?.t === 'op' && ['&', '^', '<<', '>>'].includes(t.v)) computed(`unsupported operator '${t.v}'`);
    return left;
  }

  private arith(): PyValue {
    let left = this.term();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.toks[this.i++] as { v: string }).v;
      const right = this.term();
      left = op === '+' ? add(left, right) : numeric(left, right, (a, b) => a - b, '-');
    }
    return left;
  }

  private term(): PyValue {
    let left = this.factor();
    for (;;) {
      const t = this.peek();
      if (t?.t !== 'op' || !['*', '/', '//', '%', '@'].includes(t.v)) return left;
      if (t.v !== '*') computed(t.v === '%' && left.kind === 'str' ? '%-formatting' : `unsupported operator '${t.v}'`);
      this.i++;
      left = multiply(left, this.factor());
    }
  }

  private factor(): PyValue {
    const t = this.peek();
    if (t?.t === 'op' && (t.v === '-' || t.v === '+')) {
      this.i++;
      this.enter();
      const v = this.factor();
      this.nesting--;
      if (v.kind !== 'int' && v.kind !== 'float') computed(`unsupported operand for unary '${t.v}'`);
      return t.v === '-' ? { kind: v.kind, value: v.value === 0 && v.kind === 'int' ? 0 : -v.value } : v;
    }
    if (t?.t === 'op' && t.v === '~') computed("unsupported operator '~'");
    const v = this.postfix();
    if (this.isOp('**')) computed("unsupported operator '**'");
    return v;
  }

  private postfix(): PyValue {
    const t = this.peek();
    if (t?.t === 'name' && !['None', 'True', 'False'].includes(t.v)) {
      const call = this.specialCall(t.v);
      if (call) return this.subscripts(call);
      const next = this.toks[this.i + 1];
      if (this.isOp('(', next)) computed(`call to ${t.v}()`);
      const attr = this.toks[this.i + 2];
      if (this.isOp('.', next) && !this.env.values.has(t.v)) computed(`attribute ${t.v}.${attr?.t === 'name' ? attr.v : '?'}`);
    }
    return this.subscripts(this.atom());
  }

  /** `re.compile(...)`, `re.FLAG`, `frozenset(...)`, `set(...)`; null when the name is something else. */
  private specialCall(name: string): PyValue | null {
    const next = this.toks[this.i + 1];
    const { re, bound } = this.env;
    let member: string | null = null;
    let width = 1;
    if (re.modules.has(name) && this.isOp('.', next) && this.toks[this.i + 2]?.t === 'name') {
      member = (this.toks[this.i + 2] as { v: string }).v;
      width = 3;
    } else if (re.members.has(name)) {
      member = re.members.get(name)!;
    }
    if (member !== null) {
      const flag = RE_FLAGS.get(member);
      if (flag !== undefined) {
        this.i += width;
        return { kind: 'int', value: flag };
      }
      if (member === 'compile' && this.isOp('(', this.toks[this.i + width])) {
        this.i += width;
        return this.reCompile(this.callArgs());
      }
      computed(`call or attribute re.${member}`);
    }
    if ((name === 'frozenset' || name === 'set') && !bound.has(name) && this.isOp('(', next)) {
      this.i++;
      const { positional, keywords } = this.callArgs();
      if (keywords.size || positional.length > 1) computed(`unsupported arguments to ${name}()`);
      const items = positional.length ? iterate(positional[0]) : [];
      return { kind: 'set', frozen: name === 'frozenset', items: uniqueItems(items) };
    }
    return null;
  }

  private reCompile({ positional, keywords }: { positional: PyValue[]; keywords: Map<string, PyValue> }): PyValue {
    for (const k of keywords.keys()) if (k !== 'pattern' && k !== 'flags') computed(`unexpected argument ${k}= to re.compile`);
    const pattern = positional[0] ?? keywords.get('pattern');
    const flagValue = positional[1] ?? keywords.get('flags') ?? { kind: 'int', value: 0 };
    if (positional.length > 2 || !pattern || (positional.length >= 1 && keywords.has('pattern')) ||
        (positional.length === 2 && keywords.has('flags'))) computed('unsupported arguments to re.compile');
    if (pattern.kind !== 'str') computed(pattern.kind === 'bytes' ? 're.compile of a bytes pattern' : 're.compile of a non-string');
    if (flagValue.kind !== 'int') computed('re.compile flags are not an int');
    const bits = flagValue.value;
    if (bits & ~(F_I | F_M | F_S | F_X | F_A | F_U)) computed('re.compile flags other than I, M, S, X, A, U');
    if (bits & F_A && bits & F_U) computed('re.compile with both ASCII and UNICODE');
    const flags: PyRegexFlags = {};
    if (bits & F_I) flags.ignoreCase = true;
    if (bits & F_M) flags.multiline = true;
    if (bits & F_S) flags.dotAll = true;
    if (bits & F_X) flags.verbose = true;
    if (bits & F_A) flags.ascii = true;
    return { kind: 'regex', pattern: pattern.value, flags };
  }

  /** At `(`; parses `(arg, ..., name=arg)`. */
  private callArgs(): { positional: PyValue[]; keywords: Map<string, PyValue> } {
    this.expectOp('(');
    const positional: PyValue[] = [];
    const keywords = new Map<string, PyValue>();
    while (!this.isOp(')')) {
      if (this.isOp('*') || this.isOp('**')) computed('argument unpacking');
      const t = this.peek();
      if (t?.t === 'name' && this.isOp('=', this.toks[this.i + 1])) {
        this.i += 2;
        keywords.set(t.v, this.expr());
      } else {
        if (keywords.size) computed('positional argument after keyword argument');
        positional.push(this.expr());
      }
      if (!this.isOp(',')) break;
      this.i++;
    }
    this.expectOp(')');
    return { positional, keywords };
  }

  /** Trailing `[index]` on a constant; calls and attributes on values are computed. */
  private subscripts(value: PyValue): PyValue {
    for (;;) {
      if (this.isOp('(')) computed('function call');
      if (this.isOp('.')) {
        const attr = this.toks[this.i + 1];
        computed(attr?.t === 'name' ? `method or attribute .${attr.v}` : 'attribute access');
      }
      if (!this.isOp('[')) return value;
      this.i++;
      const key = this.expr();
      if (this.isOp(':')) computed('slice');
      this.expectOp(']');
      value = index(value, key);
    }
  }

  private atom(): PyValue {
    const t = this.peek();
    if (!t) computed('missing value');
    if (t.t === 'err') computed(t.v);
    if (t.t === 'str') return this.strings();
    if (t.t === 'num') {
      this.i++;
      return parseNumber(t.v);
    }
    if (t.t === 'name') {
      this.i++;
      if (t.v === 'None') return { kind: 'none' };
      if (t.v === 'True' || t.v === 'False') return { kind: 'bool', value: t.v === 'True' };
      return this.lookup(t.v);
    }
    if (t.v === '(') {
      this.i++;
      if (this.isOp(')')) {
        this.i++;
        return { kind: 'tuple', items: [] };
      }
      const v = this.testList();
      this.expectOp(')');
      return v;
    }
    if (t.v === '[') {
      this.i++;
      return { kind: 'list', items: this.sequence(']') };
    }
    if (t.v === '{') {
      this.i++;
      return this.braces();
    }
    if (t.v === '*') computed('starred expression');
    if (t.v === '...') computed('Ellipsis');
    computed(`unsupported syntax at ${describe(t)}`);
  }

  private lookup(name: string): PyValue {
    const v = this.env.values.get(name);
    if (v) return v;
    const r = this.env.refused.get(name);
    if (r) computed(`depends on ${name}, which is computed (line ${r.line})`);
    computed(`unknown name ${name}`);
  }

  /** Items up to `close`, already past the opener. */
  private sequence(close: string): PyValue[] {
    const items: PyValue[] = [];
    while (!this.isOp(close)) {
      if (this.isOp('*') || this.isOp('**')) computed('unpacking in a display');
      items.push(this.expr());
      if (!this.isOp(',')) break;
      this.i++;
    }
    this.expectOp(close);
    return items;
  }

  private braces(): PyValue {
    if (this.isOp('}')) {
      this.i++;
      return { kind: 'dict', entries: new Map() };
    }
    if (this.isOp('**')) computed('dict unpacking');
    const first = this.expr();
    if (!this.isOp(':')) {
      const rest = this.isOp(',') ? (this.i++, this.sequence('}')) : (this.expectOp('}'), []);
      return { kind: 'set', frozen: false, items: uniqueItems([first, ...rest]) };
    }
    const entries = new Map<string | number, PyValue>();
    let key = first;
    for (;;) {
      this.expectOp(':');
      entries.set(hashKey(key, 'dict key'), this.expr());
      if (!this.isOp(',')) break;
      this.i++;
      if (this.isOp('}')) break;
      if (this.isOp('**')) computed('dict unpacking');
      key = this.expr();
    }
    this.expectOp('}');
    return { kind: 'dict', entries };
  }

  /** Adjacent string literals, concatenated at compile time like Python does. */
  private strings(): PyValue {
    let text = '';
    let kind: 'str' | 'bytes' | null = null;
    while (this.peek()?.t === 'str') {
      const s = (this.toks[this.i++] as { s: StrTok }).s;
      if (s.kind === 'error') computed(s.message);
      if (s.kind === 'tstr') computed('template string (t-string)');
      const k = s.kind === 'bytes' ? 'bytes' : 'str';
      if (kind && kind !== k) computed('cannot mix bytes and nonbytes literals');
      kind = k;
      if (s.kind === 'fstr') {
        for (const part of s.parts) text += 'lit' in part ? part.lit : this.fieldText(part);
      } else {
        text += s.value;
      }
    }
    if (kind === 'bytes') return { kind: 'bytes', value: Uint8Array.from(text, (ch) => ch.charCodeAt(0)) };
    return { kind: 'str', value: text };
  }

  private fieldText(part: { field: string; name: string | null }): string {
    if (part.name === null) computed(`f-string field {${part.field}} is computed`);
    const v = this.lookup(part.name);
    if (v.kind === 'str') return v.value;
    if (v.kind === 'int') return String(v.value);
    if (v.kind === 'bool') return v.value ? 'True' : 'False';
    if (v.kind === 'none') return 'None';
    computed(`f-string field {${part.name}} is a ${v.kind}`);
  }
}

function parseNumber(text: string): PyValue {
  const t = text.replace(/_/g, '');
  if (/[jJ]$/.test(t)) computed('complex number');
  if (/^0[xXoObB]/.test(t)) return safeInt(BigInt(t));
  if (/[.eE]/.test(t)) return { kind: 'float', value: Number(t) };
  if (/^0+[1-9]/.test(t)) computed('invalid decimal literal with leading zeros');
  return safeInt(BigInt(t));
}

function safeInt(v: bigint): PyValue {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) computed('integer too large to represent exactly');
  return { kind: 'int', value: Number(v) };
}

function add(a: PyValue, b: PyValue): PyValue {
  if (a.kind === 'str' && b.kind === 'str') return { kind: 'str', value: a.value + b.value };
  if (a.kind === 'bytes' && b.kind === 'bytes') {
    const out = new Uint8Array(a.value.length + b.value.length);
    out.set(a.value);
    out.set(b.value, a.value.length);
    return { kind: 'bytes', value: out };
  }
  if ((a.kind === 'list' && b.kind === 'list') || (a.kind === 'tuple' && b.kind === 'tuple')) {
    return { kind: a.kind, items: [...a.items, ...b.items] };
  }
  return numeric(a, b, (x, y) => x + y, '+');
}

function numeric(a: PyValue, b: PyValue, op: (x: number, y: number) => number, sym: string): PyValue {
  if ((a.kind !== 'int' && a.kind !== 'float') || (b.kind !== 'int' && b.kind !== 'float')) {
    computed(`unsupported operands for '${sym}': ${a.kind} and ${b.kind}`);
  }
  const value = op(a.value, b.value);
  if (a.kind === 'int' && b.kind === 'int') {
    if (!Number.isSafeInteger(value)) computed('integer too large to represent exactly');
    return { kind: 'int', value: value === 0 ? 0 : value };
  }
  return { kind: 'float', value };
}

function multiply(a: PyValue, b: PyValue): PyValue {
  const [seq, count] = b.kind === 'int' && a.kind !== 'int' && a.kind !== 'float' ? [a, b.value]
    : a.kind === 'int' && b.kind !== 'int' && b.kind !== 'float' ? [b, a.value] : [null, 0];
  if (!seq) return numeric(a, b, (x, y) => x * y, '*');
  const n = Math.max(0, count);
  if (n > 1_000_000) computed('repetition too large');
  if (seq.kind === 'str') return { kind: 'str', value: seq.value.repeat(n) };
  if (seq.kind === 'list' || seq.kind === 'tuple') {
    return { kind: seq.kind, items: Array.from({ length: n }, () => seq.items).flat() };
  }
  computed(`unsupported operands for '*': ${a.kind} and ${b.kind}`);
}

/** Dict keys and set items: str and int (bool, float and tuple keys are refused to keep equality simple). */
function hashKey(v: PyValue, what: string): string | number {
  if (v.kind === 'str' || v.kind === 'int') return v.value;
  computed(`${v.kind} as ${what}`);
}

function uniqueItems(items: readonly PyValue[]): PyValue[] {
  const seen = new Set<string | number>();
  const out: PyValue[] = [];
  for (const item of items) {
    const key = hashKey(item, 'set item');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** Python iteration: a str yields code points, a dict its keys. */
function iterate(v: PyValue): PyValue[] {
  if (v.kind === 'str') return Array.from(v.value, (ch) => ({ kind: 'str', value: ch }));
  if (v.kind === 'list' || v.kind === 'tuple' || v.kind === 'set') return [...v.items];
  if (v.kind === 'dict') return [...v.entries.keys()].map((k) => (typeof k === 'string' ? { kind: 'str', value: k } : { kind: 'int', value: k }));
  computed(`cannot iterate over a ${v.kind}`);
}

function index(v: PyValue, key: PyValue): PyValue {
  if (v.kind === 'dict') {
    const found = v.entries.get(hashKey(key, 'dict key'));
    if (!found) computed('missing dict key');
    return found;
  }
  if ((v.kind === 'list' || v.kind === 'tuple' || v.kind === 'str') && key.kind === 'int') {
    const items = v.kind === 'str' ? Array.from(v.value, (ch): PyValue => ({ kind: 'str', value: ch })) : v.items;
    const k = key.value < 0 ? items.length + key.value : key.value;
    if (k < 0 || k >= items.length) computed('index out of range');
    return items[k];
  }
  computed(`cannot index a ${v.kind}`);
}

// ---------------------------------------------------------------------------------------------------------
// Statements

type Context = 'module' | 'conditional';

const COMPOUND = new Set(['if', 'elif', 'else', 'while', 'for', 'try', 'except', 'finally', 'with', 'def', 'class', 'async', 'match', 'case']);
const AUGMENTED = new Set(['+=', '-=', '*=', '/=', '//=', '%=', '**=', '>>=', '<<=', '&=', '|=', '^=', '@=']);
const MUTABLE = new Set<PyValue['kind']>(['list', 'dict', 'set']);

/** Splits tokens at depth-0 occurrences of `sep`. */
function splitTop(toks: readonly Tok[], sep: (t: Tok) => boolean): Tok[][] {
  const parts: Tok[][] = [[]];
  let depth = 0;
  for (const t of toks) {
    if (t.t === 'op' && '([{'.includes(t.v)) depth++;
    if (t.t === 'op' && ')]}'.includes(t.v)) depth = Math.max(0, depth - 1);
    if (depth === 0 && sep(t)) parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  return parts;
}

/** Index of the first depth-0 token matching `pred`, or -1. */
function findTop(toks: readonly Tok[], pred: (t: Tok) => boolean): number {
  let depth = 0;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    if (depth === 0 && pred(t)) return k;
    if (t.t === 'op' && '([{'.includes(t.v)) depth++;
    if (t.t === 'op' && ')]}'.includes(t.v)) depth = Math.max(0, depth - 1);
  }
  return -1;
}

const isName = (t: Tok | undefined): t is { t: 'name'; v: string; line: number } => t?.t === 'name';
/** A specific word; not a type guard, so a failed check does not narrow `t`. */
const isWord = (t: Tok | undefined, v: string): boolean => t?.t === 'name' && t.v === v;
const isOpTok = (t: Tok | undefined, v: string): boolean => t?.t === 'op' && t.v === v;

class ModuleReader {
  readonly values = new Map<string, PyValue>();
  readonly refused = new Map<string, PyRefusal>();
  private readonly bound = new Set<string>();
  private readonly re: ReBindings = { modules: new Set(), members: new Map() };

  read(lines: readonly LogicalLine[]): void {
    const blocks: Array<{ indent: number; def: boolean }> = [];
    for (const ll of lines) {
      while (blocks.length && ll.indent <= blocks[blocks.length - 1].indent) blocks.pop();
      if (blocks.some((b) => b.def)) continue;
      const context: Context = blocks.length ? 'conditional' : 'module';
      try {
        const header = this.header(ll);
        if (header === 'block-def' || header === 'block') blocks.push({ indent: ll.indent, def: header === 'block-def' });
        else if (header === null) for (const stmt of splitTop(ll.toks, (t) => isOpTok(t, ';'))) if (stmt.length) this.simple(stmt, context);
      } catch (e) {
        // Defensive: a bug in one statement's handling must not lose the rest of the module.
        for (const name of assignedNames(ll.toks)) this.refuse(name, ll.line, `could not be read (${(e as Error).message})`);
      }
    }
  }

  /**
   * Compound statements: returns 'block'/'block-def' for a header that opens an indented body, 'inline'
   * when the body followed on the same line (already handled), or null for a simple statement.
   */
  private header(ll: LogicalLine): 'block' | 'block-def' | 'inline' | null {
    const toks = ll.toks;
    const first = toks[0];
    const endsWithColon = isOpTok(toks[toks.length - 1], ':');
    const keyword = isName(first) && COMPOUND.has(first.v);
    if (!endsWithColon && !keyword) return null;
    const colon = findTop(toks, (t) => isOpTok(t, ':'));
    if (colon < 0 || (!keyword && colon !== toks.length - 1)) return null;
    // `match`/`case` are soft keywords: `match = ...` or `case: int = 1` are assignments.
    if (keyword && (first.v === 'match' || first.v === 'case') && (isOpTok(toks[1], '=') || isOpTok(toks[1], ':') || isOpTok(toks[1], '.'))) return null;
    const head = toks.slice(0, colon);
    const body = toks.slice(colon + 1);
    const kw = isName(first) ? (first.v === 'async' && isName(toks[1]) ? toks[1].v : first.v) : '';
    const isDef = kw === 'def' || kw === 'class';
    if (isDef) {
      const nameTok = head[head.findIndex((t) => isWord(t, kw)) + 1];
      if (isName(nameTok)) this.rebind(nameTok.v, ll.line, `redefined by ${kw} at line ${ll.line}`);
    } else {
      for (const name of headerTargets(head)) this.rebind(name, ll.line, `bound by a ${kw || 'compound'} statement at line ${ll.line}`);
      for (const name of walrusTargets(head)) this.rebind(name, ll.line, `assigned by := at line ${ll.line}`);
    }
    if (body.length === 0) return isDef ? 'block-def' : 'block';
    if (!isDef) for (const stmt of splitTop(body, (t) => isOpTok(t, ';'))) if (stmt.length) this.simple(stmt, 'conditional');
    return 'inline';
  }

  private simple(toks: Tok[], context: Context): void {
    const line = toks[0].line;
    const first = toks[0];
    for (const name of walrusTargets(toks)) this.rebind(name, line, `assigned by := at line ${line}`);
    if (isWord(first, 'import') || isWord(first, 'from')) {
      this.importStmt(toks, line, context);
      return;
    }
    if (isWord(first, 'del')) {
      for (const target of splitTop(toks.slice(1), (t) => isOpTok(t, ','))) {
        if (isName(target[0])) this.rebind(target[0].v, line, `deleted or modified by del at line ${line}`);
      }
      return;
    }
    if (isName(first) && ['global', 'nonlocal', 'pass', 'return', 'raise', 'assert', 'break', 'continue'].includes(first.v)) return;
    // `type X = ...` (3.12) binds X to a type alias object.
    const alias = toks[1];
    if (isWord(first, 'type') && isName(alias) && (isOpTok(toks[2], '=') || isOpTok(toks[2], '['))) {
      this.rebind(alias.v, line, `bound by a type statement at line ${line}`);
      return;
    }
    const aug = findTop(toks, (t) => t.t === 'op' && AUGMENTED.has(t.v));
    const eq = findTop(toks, (t) => isOpTok(t, '='));
    if (aug >= 0 && (eq < 0 || aug < eq)) {
      if (isName(first)) this.refuse(first.v, line, `modified by augmented assignment at line ${line}`);
      return;
    }
    const parts = splitTop(toks, (t) => isOpTok(t, '='));
    if (parts.length === 1) {
      // An annotation alone binds nothing; an expression statement may mutate a container in place.
      if (isName(first) && (isOpTok(toks[1], '.') || isOpTok(toks[1], '[')) && this.isMutable(first.v)) {
        this.refuse(first.v, line, `possibly modified in place at line ${line}`);
      }
      return;
    }
    const targets = parts.slice(0, -1);
    const valueToks = parts[parts.length - 1];
    if (targets.length === 1 && isName(targets[0][0]) && isOpTok(targets[0][1], ':')) targets[0] = [targets[0][0]];
    let value: PyValue | undefined;
    let reason = `assigned conditionally at line ${line}`;
    if (context === 'module') {
      try {
        value = new Evaluator(valueToks, { values: this.values, refused: this.refused, bound: this.bound, re: this.re }).all();
      } catch (e) {
        if (!(e instanceof Computed)) throw e;
        reason = e.message;
      }
    }
    for (const target of targets) this.assign(target, value, reason, line);
  }

  /** `value` is undefined when the assignment is refused for `reason`. */
  private assign(target: Tok[], value: PyValue | undefined, reason: string, line: number): void {
    if (target.length === 1 && isName(target[0])) {
      if (value) this.set(target[0].v, value);
      else this.refuse(target[0].v, line, reason);
      return;
    }
    const bracket = isOpTok(target[0], '(') ? ')' : isOpTok(target[0], '[') ? ']' : null;
    const inner = bracket && isOpTok(target[target.length - 1], bracket) ? target.slice(1, -1) : target;
    const elems = splitTop(inner, (t) => isOpTok(t, ',')).filter((e) => e.length);
    if (elems.length > 1 || inner !== target) {
      const names = elems.map((e) => (e.length === 1 && isName(e[0]) ? e[0].v : null));
      const items = value && (value.kind === 'tuple' || value.kind === 'list') ? value.items : null;
      if (names.every((n) => n !== null) && items && items.length === names.length) {
        names.forEach((n, k) => this.set(n!, items[k]));
        return;
      }
      for (const e of elems) {
        const nameTok = e.find((t) => isName(t));
        if (nameTok?.t === 'name') this.refuse(nameTok.v, line, value ? `assigned by unpacking at line ${line}` : reason);
      }
      return;
    }
    // `X[k] = ...` or `X.attr = ...` changes the object X names.
    if (isName(target[0])) this.refuse(target[0].v, line, `modified by item or attribute assignment at line ${line}`);
  }

  private importStmt(toks: Tok[], line: number, context: Context): void {
    const isFrom = isWord(toks[0], 'from');
    const importAt = toks.findIndex((t) => isWord(t, 'import'));
    const module = isFrom ? toks.slice(1, importAt).map(tokText).join('') : '';
    const clauses = splitTop(toks.slice(importAt + 1).filter((t) => !isOpTok(t, '(') && !isOpTok(t, ')')), (t) => isOpTok(t, ','));
    for (const clause of clauses) {
      if (!clause.length) continue;
      const asAt = clause.findIndex((t) => isWord(t, 'as'));
      const dotted = (asAt < 0 ? clause : clause.slice(0, asAt)).map(tokText).join('');
      const aliasTok = asAt >= 0 ? clause[asAt + 1] : undefined;
      const alias = isName(aliasTok) ? aliasTok.v : null;
      const boundName = alias ?? dotted.split('.')[0];
      if (!boundName || boundName === '*') continue;
      this.rebind(boundName, line, `rebound by import at line ${line}`);
      this.re.modules.delete(boundName);
      this.re.members.delete(boundName);
      if (context !== 'module') continue;
      if (!isFrom && dotted === 're') this.re.modules.add(boundName);
      if (isFrom && module === 're') this.re.members.set(boundName, dotted);
    }
  }

  private isMutable(name: string): boolean {
    const v = this.values.get(name);
    return v !== undefined && MUTABLE.has(v.kind) && !(v.kind === 'set' && v.frozen);
  }

  private set(name: string, value: PyValue): void {
    this.bound.add(name);
    this.refused.delete(name);
    this.values.set(name, value);
    this.re.modules.delete(name);
    this.re.members.delete(name);
  }

  private refuse(name: string, line: number, reason: string): void {
    this.bound.add(name);
    this.values.delete(name);
    this.refused.set(name, { line, reason });
    this.re.modules.delete(name);
    this.re.members.delete(name);
  }

  /**
   * A binding that is not a constant (import, def, for target, ...): a known constant of that name is
   * refused from here on; other names are only remembered as bound, so they no longer mean the builtin.
   */
  private rebind(name: string, line: number, reason: string): void {
    if (this.values.has(name) || this.refused.has(name)) this.refuse(name, line, reason);
    else this.bound.add(name);
  }
}

const tokText = (t: Tok): string => (t.t === 'name' || t.t === 'op' ? t.v : '');

/** Names bound by `for X in`, `with ... as X`, `except E as X`, `case ... as X` headers. */
function headerTargets(head: readonly Tok[]): string[] {
  const names: string[] = [];
  if (isWord(head[0], 'for') || (isWord(head[0], 'async') && isWord(head[1], 'for'))) {
    const start = isWord(head[0], 'for') ? 1 : 2;
    const inAt = findTop(head, (t) => isWord(t, 'in'));
    for (const t of head.slice(start, inAt < 0 ? head.length : inAt)) if (isName(t)) names.push(t.v);
  }
  head.forEach((t, k) => {
    if (isWord(t, 'as') && isName(head[k + 1])) names.push((head[k + 1] as { v: string }).v);
  });
  return names;
}

function walrusTargets(toks: readonly Tok[]): string[] {
  const names: string[] = [];
  toks.forEach((t, k) => {
    if (isOpTok(t, ':=') && isName(toks[k - 1])) names.push((toks[k - 1] as { v: string }).v);
  });
  return names;
}

/** Best-effort names a statement assigns, for refusing them when its handling fails unexpectedly. */
function assignedNames(toks: readonly Tok[]): string[] {
  return isName(toks[0]) && (isOpTok(toks[1], '=') || isOpTok(toks[1], ':')) ? [toks[0].v] : [];
}

/**
 * Module-level constants of a Python source file. Each name ends up in exactly one of the two maps,
 * holding the state after the whole module body has run at import time.
 */
export function parsePythonConstants(source: string): PyConstants {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const reader = new ModuleReader();
  reader.read(new Tokenizer(text).lines());
  return { values: reader.values, refused: reader.refused };
}
