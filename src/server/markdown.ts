/**
 * File-derived text (file and folder names, decoded hidden payloads, YAML errors, front-matter values) placed
 * into Markdown an editor renders: it must show as the characters it is, never as links, images, emphasis,
 * headings or HTML. Everything the server writes as MarkupContent goes through these two functions.
 */

/** Line breaks would end a paragraph or a code span and let the next line start a heading or a list. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** CommonMark lets every ASCII punctuation character be backslash-escaped, and only those carry syntax. */
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** `text` as Markdown prose: every ASCII punctuation character escaped, line breaks shown as spaces. */
export function markdownText(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(ASCII_PUNCTUATION, '\\$&');
}

/**
 * `text` as an inline code span nothing inside can close: the fence is one backtick longer than the longest
 * backtick run in the text. A leading or trailing backtick or space gets a padding space on both sides,
 * which CommonMark strips again, so it neither joins the fence nor loses a space of its own.
 */
export function markdownCode(text: string): string {
  const flat = text.replace(LINE_BREAKS, ' ');
  let longest = 0;
  for (const run of flat.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const fence = '`'.repeat(longest + 1);
  const pad = flat === '' || /^[` ]|[` ]$/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}
