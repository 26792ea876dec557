/**
 * Where in a document a match sits: inside a fenced code block, an inline code span or a clearly marked
 * example (a quotation on a line that introduces it as an example), or after a negation ("never run …").
 * Honest files quote attacks to warn about them; those quotations are reported at information severity.
 */

import { Anchor, AnchorHits, type AnchorPair } from './anchors';
import { NonAsciiClass, sparseNonAscii } from './nonAsciiClass';

/** How far around a match quotation marks and code spans are looked for. */
const WINDOW = 2000;

/** Characters a window around an anchor hit shows its regex beyond each edge, never reporting matches there. */
const EDGE_CONTEXT = 64;

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

/** The header of a table that lists what a tool detects or blocks. */
const PATTERN_TABLE_HEADER = /\b(?:patterns?|signatures?|severity|risk|threats?|detect\w*|blocked|blocks|den(?:y|ied)|forbidden|dangerous|malicious|attacks?|techniques?|indicators?|IOCs?)\b/i;

/** A line that introduces a list of threats, attacks or things refused: each item describes one rather than ordering it. */
const THREAT_LIST_INTRO =
  /\b(?:defends?[ \t]+against|protects?[ \t]+against|guards?[ \t]+against|threats?|threat[ \t]+model|attacks?|attack[ \t]+(?:vectors?|surface)|attackers?|adversar(?:y|ies)|abuse[ \t]+cases?|red[ \t]+flags?|anti-?patterns?|(?:we|it|this[ \t]+\w+)[ \t]+(?:blocks?|detects?|prevents?|rejects?|refuses?|flags?)|known[ \t]+(?:bad|malicious|risks?))\b[^\n]{0,60}:[ \t*_]*$/i;
/** Words that introduce a quotation as an example of something, on the same line before the quote (not a path such as `examples/app`). */
const EXAMPLE_MARKER =
  /(?:^|[^\p{L}/])(?:e\.g\.|i\.e\.|for (?:example|instance)|examples?|such as|like|phrases?|strings?|patterns?|attacks?|injections?|payloads?|attempts?|says?|saying|contain(?:s|ing)?|quoted?|known[ \t]+(?:attacks?|injections?|payloads?|phrases?|patterns?|bad|malicious|exploits?|jailbreaks?|prompts?)|malicious|suspicious|detects?|flagged|blocked|flags[ \t]+(?:the|any|all|such|these|it|them|as)|blocks[ \t]+(?:the|any|all|such|these|it|them)|matches|z\.\s?b\.|p\. ?ej\.|par exemple|por exemplo|例如|比如|例えば|например)(?![\p{L}]|\/)/iu;

/** An example marker right before the match: "tokens like <|im_start|>", "e.g. curl … | sh". */
const INTRODUCED = /(?:^|[^\p{L}])(?:e\.g\.|for (?:example|instance)|such as|like|z\.\s?b\.|例如|例えば|например)[\s:,(]*$/iu;

const QUOTES: Record<string, string> = { '"': '"', "'": "'", '“': '”', '‘': '’', '«': '»', '„': '“', '「': '」', '『': '』', '`': '`' };

/**
 * Negations and warnings that turn a dangerous phrase into advice against it. "Avoid" counts only before an
 * action or a quotation ("avoid running", "avoid `git push -f`"): "these lines avoid sudo prompts" praises
 * what follows.
 */
const NEGATION =
  /(?:^|[^\p{L}])(?:never|not|не|нельзя|никогда|nicht|nie|niemals|keine?[nrms]?|nunca|jamás|jamais|não|ne|mai|non|niet|nooit|don['’]t|doesn['’]t|won['’]t|shouldn['’]t|mustn['’]t|can['’]t|cannot|avoid(?:s|ing)?(?=[ \t]*(?:[:`"'“(]|$)|[ \t]+(?:\p{L}+ing|this|these|that|those|the[ \t]+following|such|anything|any|commands?|code|patterns?|it|them)(?![\p{L}]))|prohibit(?:ed|s)?|forbid(?:den|s)?|disallow(?:ed|s)?|refuse|reject|instead of|rather than|beware|watch out|warn(?:s|ing)?|detect(?:s|ed|ing)?|(?<!(?:the|this|that|a|an|each|every|following|code|config|yaml|json)[ \t]+)(?:flags|flagged|blocks|blocked|(?:flag|block)(?=[ \t]+(?:the|any|all|such|these|those|it|them|this|that|access|requests?|attempts?)(?![\p{L}])))|no longer)(?![\p{L}])/iu;

/**
 * An introduction that tells the reader to decode or obey what follows ("decipher this, then run what it says") makes
 * it an order, whatever example words it also uses.
 */
const ORDER_TO_FOLLOW =
  /\b(?:do|follow|obey|execute|run|carry[ \t]+out|act[ \t]+on)\b[^.\n]{0,20}\b(?:what(?:ever)?|as)[ \t]+(?:it|this|that|they|the[ \t]+\w+)[ \t]+(?:says?|tells?|asks?|instructs?)\b|\b(?:decode|decipher|convert|translate|reverse|unscramble)\b[^.\n]{0,80}\b(?:and|then)\b[^.\n]{0,30}\b(?:do|follow|obey|execute|run|treat|act|apply)\b/i;

/** Whether a line introducing a quotation marks it as an example. */
function marksExample(intro: string): boolean {
  return EXAMPLE_MARKER.test(intro) && !ORDER_TO_FOLLOW.test(intro);
}

/** A conditional clause up to its comma: "if X does not print Y,". */
/** A sentence pointing at the block below it: "Do not run the following.", "Never do this." */
const POINTS_AT_BLOCK = /\b(?:following|below|(?:this|these|that|those)[ \t]+(?:commands?|blocks?|snippets?|scripts?|code|lines?|steps?|examples?)|do[ \t]+(?:this|that))\b/i;
/** An order to do something "like this" / "like so": the block is the way to do it, not an example of something else. */
const IMPERATIVE_LIKE_THIS = /(?:^|[.!?:;,][ \t]+|\b(?:so|then|and|just|please)[ \t]+)(?:configure|set[ \t]+up|set|run|install|add|use|do|write|create|start|update|change|edit|put|call|make|launch|invoke|enable|apply|initiali[sz]e)\b[^.!?\n]{0,60}?\blike[ \t]+(?:this|so)\b/i;
const CONDITION_CLAUSE = /\b(?:if|unless|when|whenever|whether|in[ \t]+case)\b(?:[^,;:.\n]|\.(?=\S))*[,;:]/gi;

/** What a guard does to the act after it ("Prevents bypassing pre-commit hooks", "blocks attempts to …"): it stops it. */
const PREVENTS = /\b(?:prevent|forbid|disallow|reject|refus|block)(?:s|ed|ing)?(?:[ \t]+(?:any|all|attempts?[ \t]+to|the))?[ \t]+[\w-]*$|\b(?:guards?|protects?|defends?)[ \t]+against[ \t]+[\w-]*$/i;

/** Prohibitions in scripts written without spaces, where NEGATION's word boundaries do not apply. */
const UNSPACED_NEGATION = /不要|禁止|切勿|请勿|請勿|不得|不可以|しないで|してはいけ|しては(?:なら|だめ)|하지[ \t]*(?:마|말)/;

/** "Not for human readers" names an audience, not a prohibition: what follows it is meant for the agent. */
const NOT_FOR_HUMANS = /\bnot[ \t]+(?:(?:meant|intended|written|addressed)[ \t]+)?(?:for|to)[ \t]+(?:the[ \t]+)?human\w*(?:[ \t]+(?:readers?|eyes|reviewers?|developers?|maintainers?|contributors?|users?))?/gi;

/** A condition finished by its comma ("if the author is not a maintainer,"); a dot inside a word ("user.email") does not end it. */
const CLOSED_CONDITION = /\b(?:if|when|whenever|unless|once|while)\b[^,;.]*(?:\.(?=\S)[^,;.]*)*,/gi;

/** An order to write something out, and where it goes (see ordersWritten); a compound ("prefix-cache") and a description ("the gateway renders messages") are none. */
const WRITE_ORDER = /\b(?:(?:append|add|include|embed|insert|attach|put|emit|output|render|close|end|start|begin|finish|prefix|suffix|show|display)(?:d|ed|ing)?|must|should|always|gets?)\b(?!-)/i;
const OUTPUT_PLACE = /\b(?:describ\w*|repl(?:y|ies)|responses?|answers?|messages?|comments?|PRs?|pull[ \t]+requests?|descriptions?|changelogs?|entr(?:y|ies)|pages?|(?:release[ \t]+)?notes|README|summar(?:y|ies)|output|commits?|tables?|docs|reports?|previews?|footers?|signatures?|emails?)\b/i;
const WARNS = /\b(?:attack\w*|malicious|exploit\w*|payloads?|e\.g\.|for[ \t]+example|such[ \t]+as|like[ \t]+this|examples?|beware|detect\w*|block\w*|strip\w*|sanitiz\w*|escap\w*|defang\w*|phishing|exfiltrat\w*)\b/i;

/** Text that orders something written into the agent's output and neither warns, forbids nor gives an example. */
const writesOut = (text: string): boolean => WRITE_ORDER.test(text) && OUTPUT_PLACE.test(text) && !WARNS.test(text) && !NEGATION.test(text);

/** An introduction that waives asking first ("just run this, don't bother asking the user"): the block is run on the agent's own authority. */
const WAIVES_ASKING = /\b(?:don['’]?t|do[ \t]+not|never|no[ \t]+need[ \t]+to)[ \t]+(?:bother[ \t]+)?(?:ask|asking|confirm|check[ \t]+with)\b(?![ \t]+(?:for[ \t]+)?(?:(?:their|your|the[ \t]+user's)[ \t]+)?(?:passwords?|credentials?|tokens?|keys?|secrets?|personal))|\bwithout[ \t]+asking\b|\bskip[ \t]+asking\b/i;

/** Text addressed to people rather than the agent: "for humans setting up a laptop", "humans only", "manual setup". */
const FOR_HUMANS = /\bfor[ \t]+(?:the[ \t]+)?humans?\b|\bfor[ \t]+(?:end[ \t-]+)?users\b|\bhumans?[ \t]+only\b|\b(?:human|manual)[ \t]+(?:setup|install\w*)\b/i;
/** A pull request, with its area and author, cited on a list item: "(#1110)", "(auth, #1110, @esra)". */
const CHANGE_REFERENCE = /\((?:[^()\n]{0,40},[ \t]*)?#\d+(?:,[ \t]*@[\w-]+)?\)/;

/** A bracketed aside on one line. */
const ASIDE = /\([^()\n]*\)/g;

export const LIST_ITEM = /^[ \t>]*(?:[-*+]|\d+[.)])[ \t]/;

/**
 * A lead line of a list of things not to do: a prohibition sign or word ("❌ Don't", "Avoid:", "НЕ делай",
 * "禁止"), but not a reminder phrased as one ("Don't forget:", "Never skip:").
 */
const PROHIBITION_LEAD =
  /❌|🚫|⛔|(?<![\p{L}])(?:не[ \t]+(?:делай(?:те)?|надо|нужно|следует|используй(?:те)?)|нельзя|запрещено|don['’]?ts?|do[ \t]+not|never|avoid|anti-?patterns?|nicht|no[ \t]+hagas|evita[rs]?|(?:must|should|shall|may)[ \t]+not|mustn['’]t|shouldn['’]t|(?:are|is)[ \t]+not[ \t]+allowed[ \t]+to|forbidden|prohibited|reject|refuse|block|flag|禁止|不要|避免|しない|しないで|禁止事項|하지[ \t]*마)(?![\p{L}])(?![ \t]+(?:forget|miss|skip|hesitate|fail|neglect|omit|worry|panic|stop|wait)\b)/iu;

/** A line that leads a list: a heading, a line ending in a colon, or a short label ("Don't", "❌ Avoid"); a paragraph that happens to say "do not" is none. */
const LEAD_LINE = /^[ \t]*#|[:：][ \t*_]*$|^[^\n]{0,60}$/;

/** Lines looked up by a search of the text around the offset before the line starts are listed (see lineAt). */
const DIRECT_LINE_LOOKUPS = 8;

/** How far before and after a match its sentence is read. */
const SENTENCE_REACH = 300;

export class DocumentView {
  private fences: number[] | undefined;
  private hits: AnchorHits | undefined;

  /**
   * Set by the registry while every rule the running detector can report is at its cap: the line searches
   * (`eachLineMatch`, `eachLine`) end early, as nothing they find could be reported.
   */
  halted = false;

  constructor(readonly text: string) {}

  private starts: Int32Array | undefined;
  /** How many lines were found by searching the text around the offset, before the line starts are listed. */
  private directLookups = 0;

  /**
   * [start, end) of the line containing `pos`. The first few are found by searching the text for the newlines around
   * `pos` (most texts ask for a line or two, if any); then the line starts are listed once, and binary-searched.
   */
  lineAt(pos: number): [number, number] {
    const text = this.text;
    if (!this.starts && this.directLookups < DIRECT_LINE_LOOKUPS) {
      this.directLookups++;
      // A newline ends the line it is on; before the text's start, the first line is meant (as in the list).
      const start = pos <= 0 ? 0 : text.lastIndexOf('\n', pos - 1) + 1;
      const end = text.indexOf('\n', Math.max(0, pos));
      return [start, end === -1 ? text.length : end];
    }
    const starts = (this.starts ??= lineStarts(text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    const next = lo + 1 < starts.length ? starts[lo + 1] - 1 : text.length;
    return [starts[lo], next];
  }

  /** Closed fenced code blocks as [start, end) pairs of offsets (unclosed fences do not count: they can hide an attack). */
  private fenceRanges(): number[] {
    if (this.fences) return this.fences;
    const out: number[] = [];
    walkFences(this.text, this.text.length, (start, end) => {
      if (end !== -1) out.push(start, end);
    });
    this.fences = out;
    return out;
  }

  /** The start of the closed fenced block that contains [start, end), or -1. */
  fenceAt(start: number, end: number): number {
    const f = this.fenceRanges();
    // Blocks are disjoint and ascending: only the last one starting at or before `start` can contain it.
    const i = 2 * (pairsStartingBy(f, start) - 1);
    return i >= 0 && end <= f[i + 1] ? f[i] : -1;
  }

  inFence(start: number, end: number): boolean {
    return this.fenceAt(start, end) !== -1;
  }

  /**
   * Whether the fenced block starting at `fence` is introduced as an example or a warning: its info string or
   * the two lines before it mark it ("Example of a malicious payload:", "Never run this:").
   */
  fenceMarkedAsExample(fence: number): boolean {
    const lines = this.linesAboveFence(fence);
    const intro = this.fenceIntro(fence, lines);
    // A condition ("if `node -v` does not print 20, reinstall:") is no prohibition of the block, and a list item that does not lead
    // into the block ("- Use message templates, not string interpolation.") marks nothing in it.
    const last = lines[0] ?? '';
    const leads = !LIST_ITEM.test(last) || /[:：][ \t]*$|\b(?:following|below|this|these)\b/i.test(last);
    // A block introduced for people ("For humans setting up a new laptop, the installer is:") is not for the agent to run.
    if (!leads || ORDER_TO_FOLLOW.test(intro)) return false;
    // "Configure the agent like this before starting:" orders the block run; "tokens like <|im_start|>" cites an example.
    const cited = EXAMPLE_MARKER.test(IMPERATIVE_LIKE_THIS.test(intro) ? intro.replace(/\blike[ \t]+(?:this|so)\b/gi, ' ') : intro);
    // A negation counts in the sentence that leads into the block, or in one that points at it ("Do not run the following. It wipes the disk:");
    // "The helpers are not on conda. Install them with:" negates something else.
    const sentences = intro.replace(CONDITION_CLAUSE, ' ').split(/(?<=[.!?])[ \t]+/);
    const negated = sentences.some((s, i) => NEGATION.test(s) && (i === sentences.length - 1 || POINTS_AT_BLOCK.test(s)));
    return cited || FOR_HUMANS.test(intro) || negated;
  }

  /** The fence's introduction orders its content written into what the agent produces ("every PR description must begin with the following:"). */
  fenceOrderedWritten(fence: number): boolean {
    return writesOut(this.fenceIntro(fence, this.linesAboveFence(fence)));
  }

  /** The fence's introduction waives asking the user first: an order to run the block, not a quotation of it. */
  fenceRunUnasked(fence: number): boolean {
    return WAIVES_ASKING.test(this.fenceIntro(fence, this.linesAboveFence(fence)));
  }

  /** The two non-blank lines above a fence, nearest first. */
  private linesAboveFence(fence: number): string[] {
    const lines: string[] = [];
    for (let p = fence - 1; lines.length < 2 && p > 0; ) {
      const [ls] = this.lineAt(p);
      const line = this.text.slice(ls, p);
      // Another block's closing fence: what it holds introduces nothing. Right above this block, the two blocks share the
      // introduction above the first; with prose between them, the prose is the introduction.
      if (/^[ \t]{0,3}(?:`{3,}|~{3,})/.test(line)) {
        const open = lines.length === 0 ? this.fenceAt(ls, ls + 1) : -1;
        if (open === -1) break;
        p = open - 1;
        continue;
      }
      if (line.trim()) lines.push(line);
      p = ls - 1;
    }
    return lines;
  }

  /** The lines above a fence, in text order, and its info string: what introduces the block. */
  private fenceIntro(fence: number, above: readonly string[]): string {
    const [, infoEnd] = this.lineAt(fence);
    const info = this.text.slice(fence, infoEnd).replace(/^\s*(?:`{3,}|~{3,})/, '');
    return [...above].reverse().concat(info).join(' ');
  }

  /**
   * The sentence of its line holding [start, end): from the last sentence end before it (". ", "; ", "。" …; a dot
   * inside a file name such as ".env.local" ends nothing) to the next one after it, at most SENTENCE_REACH either side.
   */
  sentenceAround(start: number, end: number): string {
    const [ls, le] = this.lineAt(start);
    const before = this.text.slice(Math.max(ls, start - SENTENCE_REACH), start);
    const after = this.text.slice(end, Math.min(le, end + SENTENCE_REACH));
    const from = before.search(/[.!?;。！？；](?:[^.!?;。！？；]|\.(?=\S))*$/);
    const to = after.search(/[.!?;。！？；](?:\s|$)/);
    return before.slice(from + 1) + this.text.slice(start, end) + (to === -1 ? after : after.slice(0, to));
  }

  /**
   * The sentence around an inline code span orders it written into what the agent produces ("append `<img …>` to every
   * answer", "release notes must include `…`"): the span is the agent's output, not a quotation. A sentence that warns,
   * forbids or gives an example keeps it a quotation.
   */
  ordersWritten(start: number, end: number): boolean {
    // Sentence ends are punctuation before a space: "<!--" and "?jwt=" inside the snippet end nothing.
    const [ls, le] = this.lineAt(start);
    const before = this.text.slice(Math.max(ls, start - SENTENCE_REACH), start);
    const after = this.text.slice(end, Math.min(le, end + SENTENCE_REACH));
    const from = before.search(/[.!?;。！？；]\s(?:(?![.!?;。！？；]\s)[\s\S])*$/);
    const to = after.search(/[.!?;。！？；](?:\s|$)/);
    const sentence = before.slice(from + 1) + (to === -1 ? after : after.slice(0, to));
    return writesOut(sentence) && !this.negated(start);
  }

  /** Inside a `code span` on one line. */
  inCodeSpan(start: number, end: number): boolean {
    const [lineStart, le] = this.lineAt(start);
    if (end > le) return false;
    // Backticks pair up from the start of the line; on a very long line, from a window before the match.
    const ls = Math.max(lineStart, start - WINDOW);
    const line = this.text.slice(ls, Math.min(le, end + WINDOW));
    let open = -1;
    let openLen = 0;
    for (let i = 0; i < line.length; i++) {
      if (line[i] !== '`') continue;
      let j = i;
      while (line[j] === '`') j++;
      if (open === -1) {
        open = i;
        openLen = j - i;
      } else if (j - i === openLen) {
        if (start >= ls + open && end <= ls + i + openLen) return true;
        open = -1;
      }
      i = j - 1;
    }
    return false;
  }

  /** The text of the nearest ATX heading (`## …`) in the 20,000 characters above `at`, or '' when there is none. */
  headingAbove(at: number): string {
    let heading = '';
    for (const m of this.text.slice(Math.max(0, at - 20000), at).matchAll(/^[ \t]{0,3}#{1,6}[ \t]+(.*)$/gm)) heading = m[1];
    return heading.trim();
  }

  /** In a row of a Markdown table whose header names patterns, severities or threats (a security tool's rule list), below the header. */
  inPatternTable(start: number): boolean {
    const [ls] = this.lineAt(start);
    if (!/^[ \t]*\|/.test(this.text.slice(ls, ls + 8))) return false;
    let header = ls;
    for (let p = ls - 1, n = 0; p > 0 && n < 200; n++) {
      const [ps] = this.lineAt(p);
      if (!/^[ \t]*\|/.test(this.text.slice(ps, ps + 8))) break;
      header = ps;
      p = ps - 1;
    }
    return header !== ls && PATTERN_TABLE_HEADER.test(this.text.slice(header, this.lineAt(header)[1]));
  }

  /** Inside a quotation that its line introduces as an example, or a blockquote introduced that way. */
  inMarkedExample(start: number, end: number): boolean {
    const [lineStart, le] = this.lineAt(start);
    if (end > le) return false;
    const ls = Math.max(lineStart, start - WINDOW);
    const line = this.text.slice(ls, Math.min(le, end + WINDOW));
    const rel = start - ls;
    for (let i = rel - 1; i >= 0 && rel - i <= 400; i--) {
      const close = QUOTES[line[i]];
      // An apostrophe inside a word ("you're", "it's") opens no quotation.
      if (!close || (close === "'" && /\p{L}/u.test(line[i - 1] ?? ''))) continue;
      const j = line.indexOf(close, Math.max(rel, i + 1));
      if (j !== -1 && j >= end - ls - 1 && marksExample(line.slice(Math.max(0, i - 120), i))) return true;
    }
    if (INTRODUCED.test(line.slice(Math.max(0, rel - 40), rel))) return true;
    // A list item under a line that introduces threats ("We defend against:", "Known attack vectors:") describes one.
    const lead = this.listLead(lineStart);
    if (lead !== undefined && THREAT_LIST_INTRO.test(lead)) return true;
    if (/^ {0,3}>/.test(this.text.slice(lineStart, lineStart + 8))) {
      // A blockquote whose introducing line (the nearest non-quote line above, at most 50 lines up) marks it as an example.
      for (let p = lineStart - 1, n = 0; p >= 0 && n < 50; n++) {
        const [ps, pe] = this.lineAt(p);
        const prev = this.text.slice(ps, Math.min(pe, ps + WINDOW));
        if (!/^ {0,3}>/.test(prev)) return prev.trim() !== '' && marksExample(prev);
        p = ps - 1;
      }
    }
    return false;
  }

  /**
   * Matches of `re` (global, unable to cross a newline) on the lines where `anchor` occurs, so a check costs
   * one pass of its literal anchor over the text plus its own regex over the few lines that can match.
   * On a very long line the regex runs on windows around the anchor's hits: it sees EDGE_CONTEXT characters
   * beyond each edge (for `^`, `$`, lookbehinds and `\b`), and a match reaching past an edge of a window that
   * is not a line edge is dropped, so a window never creates a match the whole line would not have.
   * `f` gets each match with its index as an offset into the whole text.
   */
  eachLineMatch(anchor: Anchor | AnchorPair, re: RegExp, f: (m: RegExpExecArray) => void): void {
    const text = this.text;
    const seg = this.anchorHits().segmentsOf(anchor);
    for (let i = 0; i < seg.length && !this.halted; i += 2) {
      const from = seg[i];
      const to = seg[i + 1];
      let sliceFrom = from;
      let sliceTo = to;
      if (!this.isWholeLine(from, to)) {
        const [ls, le] = this.lineAt(from);
        sliceFrom = Math.max(ls, from - EDGE_CONTEXT);
        sliceTo = Math.min(le, to + EDGE_CONTEXT);
      }
      const slice = text.slice(sliceFrom, sliceTo);
      const min = from - sliceFrom;
      const max = to - sliceFrom;
      re.lastIndex = 0;
      for (let m = re.exec(slice); m; m = re.exec(slice)) {
        const start = m.index;
        if (m[0] === '') re.lastIndex++;
        if (start < min) continue;
        if (start + m[0].length > max) break;
        m.index = start + sliceFrom;
        f(m);
        if (this.halted) return;
      }
    }
  }

  private isWholeLine(from: number, to: number): boolean {
    const text = this.text;
    return (from === 0 || text.charCodeAt(from - 1) === 10) && (to === text.length || text.charCodeAt(to) === 10);
  }

  /** [start, end) of each line where the anchor occurs (checks that read a line read at most its start). */
  eachLine(anchor: Anchor | AnchorPair, f: (start: number, end: number) => void): void {
    const seg = this.anchorHits().segmentsOf(anchor);
    let last = -1;
    for (let i = 0; i < seg.length && !this.halted; i += 2) {
      const [ls, le] = this.isWholeLine(seg[i], seg[i + 1]) ? [seg[i], seg[i + 1]] : this.lineAt(seg[i]);
      if (ls !== last) f(ls, le);
      last = ls;
    }
  }

  /** Whether one of the anchor's literals occurs in the text (for a pair, one of each on a line). */
  has(anchor: Anchor | AnchorPair): boolean {
    return this.anchorHits().has(anchor);
  }

  /** Whether a detector's anchor occurs: one of its literals, a code point of its class, or a match of its regex. */
  present(anchor: Anchor | NonAsciiClass | RegExp): boolean {
    if (anchor instanceof Anchor) return this.has(anchor);
    if (anchor instanceof NonAsciiClass) return this.nextOf(anchor, 0) !== -1;
    return anchor.test(this.text);
  }

  private nonAsciiUnits: Int32Array | null | undefined;

  /**
   * The offset of the class's first code point at or after `from`, or -1. The text's non-ASCII units are
   * listed once when they are sparse, and every class then reads only those.
   */
  nextOf(cls: NonAsciiClass, from: number): number {
    if (this.nonAsciiUnits === undefined) this.nonAsciiUnits = sparseNonAscii(this.text);
    return this.nonAsciiUnits ? cls.nextAmong(this.text, this.nonAsciiUnits, from) : cls.next(this.text, from);
  }

  private anchorHits(): AnchorHits {
    return (this.hits ??= new AnchorHits(this.text));
  }

  /**
   * Why a match at [start, end) is a quotation, if it is one. `code`: any code block or span quotes; `fence`:
   * a fenced block does; `example-fence`: only a fenced block introduced as an example (commands are what
   * code blocks normally hold, so an unmarked block of commands is an instruction, not a quotation).
   */
  quotation(start: number, end: number, mode: 'code' | 'fence' | 'example-fence'): string | undefined {
    const fence = this.fenceAt(start, end);
    // A block to run without asking is an order whatever else its introduction says ("don't bother asking" is no prohibition of it).
    const written = fence !== -1 && ((mode !== 'example-fence' && this.fenceOrderedWritten(fence)) || this.fenceRunUnasked(fence));
    if (fence !== -1 && !written && (mode !== 'example-fence' || this.fenceMarkedAsExample(fence))) {
      return mode === 'example-fence' ? 'inside a fenced code block introduced as an example' : 'inside a fenced code block';
    }
    if (this.inCodeSpan(start, end)) {
      // A snippet ordered into the agent's output is not a quotation, whatever quote marks its HTML holds.
      if (this.ordersWritten(start, end)) return undefined;
      if (mode === 'code') return 'inside inline code';
    }
    if (this.inMarkedExample(start, end)) return 'inside a quoted example';
    if (this.inPatternTable(start)) return 'inside a table of detection patterns';
    if (this.inExampleTag(start, end)) return 'inside an <example> block';
    return undefined;
  }

  private exampleTags: number[] | undefined;

  /**
   * Inside `<example …>` … `</example>` (or `<examples>`): the tag prompts and rules use to mark sample dialogues
   * and outputs, a quotation like a fenced block. Only a closed pair whose opening tag starts a line counts.
   */
  inExampleTag(start: number, end: number): boolean {
    if (!this.exampleTags) {
      this.exampleTags = [];
      const re = /^[ \t]*<(examples?)\b[^>\n]{0,80}>|<\/(examples?)>/gim;
      let open = -1;
      for (let m = re.exec(this.text); m; m = re.exec(this.text)) {
        if (m[1] && open === -1) open = m.index;
        else if (m[2] && open !== -1) {
          this.exampleTags.push(open, m.index);
          open = -1;
        }
      }
    }
    // Pairs are disjoint and ascending: only the last one opening at or before `start` can contain it.
    const t = this.exampleTags;
    const n = pairsStartingBy(t, start);
    return n > 0 && end <= t[2 * n - 1];
  }

  /**
   * Whether the sentence before `start` negates or warns about what follows ("never run …", "detects …"), or
   * `start` is in a list item under a lead line that lists what not to do ("Don't:", "❌ Avoid", "禁止：").
   */
  negated(start: number): boolean {
    const [ls] = this.lineAt(start);
    const from = Math.max(ls, start - 80);
    const before = this.text.slice(from, start);
    const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('; '), before.lastIndexOf('。'), before.lastIndexOf('；'), -1) + 1);
    return (NEGATION.test(sentence.replace(NOT_FOR_HUMANS, '')) && !this.onlyInCondition(ls, start)) || UNSPACED_NEGATION.test(sentence) || PREVENTS.test(sentence.slice(-60)) ||
      this.underProhibitionLead(ls);
  }

  /**
   * The negation before `start` sits in a condition finished before it ("if the author is not a maintainer, …") or in an aside
   * ("(i.e. a workstation, not a sandbox)"), neither of which negates it.
   */
  private onlyInCondition(ls: number, start: number): boolean {
    const raw = this.text.slice(Math.max(ls, start - 240), start);
    const wide = raw.replace(ASIDE, '');
    const sentence = wide.slice(Math.max(wide.lastIndexOf('. '), wide.lastIndexOf('; '), -1) + 1);
    const rest = sentence.replace(CLOSED_CONDITION, '');
    const setAside = rest !== sentence || wide !== raw;
    return setAside && !NEGATION.test(rest.replace(NOT_FOR_HUMANS, '').slice(-80));
  }

  /**
   * A list item that records a past change, the text at `start` ending in the pull request or author it cites ("- Remove the
   * login rate limiter (auth, #1110, @esra)"): history, not an order to the agent. Text after the citation (a lazy continuation
   * line joined to the item) is not part of the entry.
   */
  changelogEntry(start: number): boolean {
    const [ls, le] = this.lineAt(start);
    if (!LIST_ITEM.test(this.text.slice(ls, ls + 12))) return false;
    const rest = this.text.slice(start, Math.min(le, start + 300));
    const ref = CHANGE_REFERENCE.exec(rest);
    return ref !== null && !/[.!?;][ \t]/.test(rest.slice(0, ref.index)) && /^[ \t]*$/.test(rest.slice(ref.index + ref[0].length));
  }

  /** The list item starting its line at `ls` belongs to a list whose lead line forbids. */
  private underProhibitionLead(ls: number): boolean {
    const lead = this.listLead(ls);
    return lead !== undefined && LEAD_LINE.test(lead) && PROHIBITION_LEAD.test(lead);
  }

  /** For a list item starting its line at `ls`: the list's lead line (the nearest non-item line above, at most 30 lines up), or undefined. */
  private listLead(ls: number): string | undefined {
    if (!LIST_ITEM.test(this.text.slice(ls, ls + 12))) return undefined;
    for (let p = ls - 1, n = 0; p >= 0 && n < 30; n++) {
      const [ps, pe] = this.lineAt(p);
      const line = this.text.slice(ps, Math.min(pe, ps + 300));
      if (line.trim() !== '' && !LIST_ITEM.test(line) && !/^[ \t]{2,}\S/.test(line)) return line;
      p = ps - 1;
    }
    return undefined;
  }
}

/**
 * The fences of `text` (line by line, as a fence opens and closes) up to the line starting before `until`:
 * `f(start, end)` per fence, `end` -1 when it is still open there. Only lines holding ``` or ~~~ are looked at.
 */
function walkFences(text: string, until: number, f: (start: number, end: number) => void): void {
  let open: { char: string; len: number; start: number } | undefined;
  let backticks = text.indexOf('```');
  let tildes = text.indexOf('~~~');
  while (backticks !== -1 || tildes !== -1) {
    const at = backticks === -1 ? tildes : tildes === -1 ? backticks : Math.min(backticks, tildes);
    const pos = text.lastIndexOf('\n', at - 1) + 1;
    if (pos >= until) break;
    const nl = text.indexOf('\n', at);
    const end = nl === -1 ? text.length : nl;
    const m = FENCE_OPEN.exec(text.slice(pos, Math.min(end, pos + 64)));
    if (m) {
      const fence = m[1];
      if (!open) open = { char: fence[0], len: fence.length, start: pos };
      else if (fence[0] === open.char && fence.length >= open.len && text.slice(pos + m[0].length, end).trim() === '') {
        f(open.start, end);
        open = undefined;
      }
    }
    if (nl === -1) break;
    if (backticks !== -1 && backticks <= nl) backticks = text.indexOf('```', nl + 1);
    if (tildes !== -1 && tildes <= nl) tildes = text.indexOf('~~~', nl + 1);
  }
  if (open) f(open.start, -1);
}

/**
 * Every fenced block of `text` as flat [start of its opening line, end of its closing line] pairs, ascending; a
 * block still open at the end of the text ends there.
 */
export function fencedBlocks(text: string): number[] {
  const out: number[] = [];
  walkFences(text, text.length, (start, end) => out.push(start, end === -1 ? text.length : end));
  return out;
}

/** The block of `blocks` (see fencedBlocks) that the line starting at `pos` lies in, or undefined. */
export function blockAround(blocks: readonly number[], pos: number): [number, number] | undefined {
  const n = pairsStartingBy(blocks, pos - 1);
  return n > 0 && pos <= blocks[2 * n - 1] ? [blocks[2 * n - 2], blocks[2 * n - 1]] : undefined;
}

/** How many of the ascending [start, end) pairs (flat) start at or before `pos`. */
function pairsStartingBy(pairs: readonly number[], pos: number): number {
  let lo = 0;
  let hi = pairs.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pairs[2 * mid] <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The offset of each line's first character, in one pass over the text (the array grows as lines come). */
function lineStarts(text: string): Int32Array {
  let out = new Int32Array(Math.max(16, text.length >> 6));
  let k = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (k === out.length) {
      const bigger = new Int32Array(2 * k);
      bigger.set(out);
      out = bigger;
    }
    out[k++] = i + 1;
  }
  return out.subarray(0, k);
}

/** Every match of a global regex, leftmost first, never stuck on an empty match. */
export function eachMatch(re: RegExp, text: string, f: (m: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    f(m);
    if (m[0] === '') re.lastIndex++;
  }
}

/** A JSON-quoted, single-line preview of at most `max` characters. */
export function preview(s: string, max = 80): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}
