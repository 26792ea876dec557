/**
 * Text for a terminal or a CI log, where file names and file content are untrusted: a newline in a directory
 * name would start a forged finding line, an escape sequence could recolour or hide output, and bidirectional
 * controls could reorder what a reader sees. Every such character is shown as an escape instead.
 */

const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/** One line of output: control, line-separator and bidirectional characters escaped. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escapeOne);
}
