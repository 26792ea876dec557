/**
 * Markdown's soft wraps read as the spaces they are. A paragraph hard-wrapped at 80 or 100 columns is one line to a
 * Markdown reader and to the agent, so a phrase the wrap breaks ("quietly introduce an⏎off-by-one", "copy it to⏎
 * `public/`") is one phrase to the checks too. The joined text has the same length, so every offset still points
 * at the same character of the file.
 */

/**
 * A line that starts a block of its own: a list item, a heading, a quotation, a table row, a fence, HTML, a rule or a
 * banner ("==== END OF … ===="), a key and its value ("User: …", "content: …", "Note: …").
 */
const BLOCK_START = /^[ \t]{0,3}(?:[-*+][ \t]|\d{1,9}[.)][ \t]|#{1,6}(?:[ \t]|$)|>|\||```|~~~|<|\[|([-=*_~#])\1\1)|^[ \t]*[\p{L}\p{N}_.'’ -]{1,30}[:：](?:[ \t]|$)/u;
/** A line after which the next is never its continuation: a heading, a table row, a fence, a banner, a link reference definition. */
const BLOCK_LINE = /^[ \t]{0,3}(?:#{1,6}(?:[ \t]|$)|\||```|~~~|\[[^\]\n]*\]:|([-=*_~#])\1\1)/;
/** A line that ends its sentence: the newline after it stays a boundary, as checks that read a line expect. */
const SENTENCE_ENDED = /[.!?;:。！？；：][`'"’”)\]*_]*[ \t]*$/;
const PROSE = /\S[ \t]+\S/;
const FENCE = /^[ \t]{0,3}(?:```|~~~)/;
const QUOTE = /^[ \t]{0,3}>/;
const INDENTED = /^(?: {4}|\t)/;
/** Above this size the text is read as written: the joined copy would double the memory a huge file takes. */
export const MAX_JOINED = 4 * 1024 * 1024;

/**
 * `text` with each soft wrap (a newline inside a paragraph's sentence, outside fenced or indented code and front matter) replaced
 * by a space; a quotation's continuation line loses its `>` markers to spaces too. The same string when there is none.
 */
export function joinSoftWraps(text: string): string {
  if (text.length > MAX_JOINED || text.indexOf('\n') === -1) return text;
  const cuts: number[] = [];
  let inFence = false;
  let inCode = false;
  let prevBlank = true;
  let start = 0;
  if (text.startsWith('---\n') || text.startsWith('---\r\n')) {
    const close = text.search(/\n---[ \t]*\r?\n/);
    if (close !== -1) start = text.indexOf('\n', close + 1) + 1;
  }
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) break;
    const cr = text.charCodeAt(nl - 1) === 13;
    let first = start;
    while (first < nl && isSpace(text.charCodeAt(first))) first++;
    let last = cr ? nl - 2 : nl - 1;
    while (last >= first && isSpace(text.charCodeAt(last))) last--;
    const blank = last < first;
    // Most lines are settled by their first and last characters; the regexes run on the rest.
    const c = text.charCodeAt(first);
    const line = c === 96 || c === 126 || (!inFence && first > start) ? text.slice(start, cr ? nl - 1 : nl) : '';
    if ((c === 96 || c === 126) && FENCE.test(line)) inFence = !inFence;
    else if (!inFence) inCode = !blank && first > start && INDENTED.test(line) && (prevBlank || inCode);
    if (!inFence && !inCode && !blank && !ENDS_SENTENCE.has(text.charCodeAt(last))) considerCut(text, start, nl, cr, cuts);
    prevBlank = blank;
    start = nl + 1;
  }
  if (!cuts.length) return text;
  const parts: string[] = [];
  let from = 0;
  for (const at of cuts) {
    parts.push(text.slice(from, at), ' ');
    from = at + 1;
  }
  parts.push(text.slice(from));
  return parts.join('');
}

const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 13;
/** Characters a line ends its sentence with, or the closing marks that may follow them (a line "… `--force`." ends in "."). */
const ENDS_SENTENCE = new Set([...'.!?;:。！？；：…'].map((ch) => ch.charCodeAt(0)));

/** The newline at `nl` after the line at `start` is a soft wrap (or a quotation's continuation): record the characters that become spaces. */
function considerCut(text: string, start: number, nl: number, cr: boolean, cuts: number[]): void {
  const line = text.slice(start, cr ? nl - 1 : nl);
  // A line of one word (a base64 or hex run, a URL) is data the encoded checks read line by line, not prose.
  if (!PROSE.test(line) || BLOCK_LINE.test(line) || SENTENCE_ENDED.test(line)) return;
  const nextStart = nl + 1;
  const nextEnd = text.indexOf('\n', nextStart);
  const next = text.slice(nextStart, nextEnd === -1 ? text.length : nextEnd);
  if (next.trim() === '') return;
  // A CRLF break is two characters: both become spaces.
  if (!BLOCK_START.test(next)) {
    if (cr) cuts.push(nl - 1);
    cuts.push(nl);
  } else if (QUOTE.test(line) && QUOTE.test(next) && !BLOCK_START.test(next.replace(/^[ \t]{0,3}>[ \t]?/, '')) && line.replace(/^[ \t]{0,3}>/, '').trim() !== '') {
    if (cr) cuts.push(nl - 1);
    cuts.push(nl, nextStart + next.indexOf('>'));
  }
}
