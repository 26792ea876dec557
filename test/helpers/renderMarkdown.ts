/**
 * Markdown rendered the way an editor would, at its most permissive (raw HTML and bare-URL links on), for
 * tests that check file-derived text cannot add markup to a hover. markdown-it follows CommonMark, as do the
 * renderers of VS Code and other LSP clients.
 */
// markdown-it ships no type declarations; the tests need only render().
const MarkdownIt = require('markdown-it') as new (options: { html: boolean; linkify: boolean }) => { render(src: string): string };

const md = new MarkdownIt({ html: true, linkify: true });

export function renderMarkdown(src: string): string {
  return md.render(src);
}

/** Elements a file must never be able to produce in a hover (hovers make their own lists, bold text and code). */
export const FORGED_MARKUP = /<(a|img|h[1-6]|script|em|del|s|blockquote|table|hr|pre|iframe|svg|style|input)\b/i;

/** The text of rendered HTML, tags dropped and entities decoded. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(lt|gt|quot|amp|#39);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&', '#39': "'" })[e]!);
}
