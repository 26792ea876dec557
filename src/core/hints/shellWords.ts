/**
 * Python's `shlex` in POSIX mode with `whitespace_split`, as Hermes tokenizes terminal commands: `shlex.split`
 * (no comments, no punctuation) for path-like tokens, and `shlex.shlex(punctuation_chars=True)` (which keeps
 * `#` comments, even inside a word) for `cd`/`pushd` operands. Works on code points, as Python does.
 */

export class ShellSyntaxError extends Error {}

export interface ShellLexOptions {
  /** `punctuation_chars=True`: runs of `();<>|&` become their own tokens. */
  punctuation: boolean;
  /** `#` starts a comment to the end of the line (shlex.shlex's default; shlex.split turns it off). */
  comments: boolean;
}

const WHITESPACE = ' \t\r\n';
const QUOTES = '\'"';
const PUNCTUATION = '();<>|&';

export function shellWords(command: string, options: ShellLexOptions): string[] {
  const chars = Array.from(command);
  const punct = options.punctuation ? PUNCTUATION : '';
  const commenters = options.comments ? '#' : '';
  const pushback: string[] = [];
  let i = 0;
  const next = (): string => (pushback.length ? pushback.pop()! : i < chars.length ? chars[i++] : '');
  const skipLine = (): void => {
    while (i < chars.length && chars[i++] !== '\n');
  };
  const tokens: string[] = [];
  let state: string | null = ' ';
  while (state !== null) {
    let token = '';
    let quoted = false;
    let escaped = ' ';
    for (;;) {
      const c = next();
      if (state === ' ') {
        if (!c) { state = null; break; }
        if (WHITESPACE.includes(c)) { if (token || quoted) break; continue; }
        if (commenters.includes(c)) skipLine();
        else if (c === '\\') { escaped = 'a'; state = c; }
        else if (punct.includes(c)) { token = c; state = 'c'; }
        else if (QUOTES.includes(c)) state = c;
        else { token = c; state = 'a'; }
      } else if (QUOTES.includes(state)) {
        quoted = true;
        if (!c) throw new ShellSyntaxError('No closing quotation');
        if (c === state) state = 'a';
        else if (c === '\\' && state === '"') { escaped = state; state = c; }
        else token += c;
      } else if (state === '\\') {
        if (!c) throw new ShellSyntaxError('No escaped character');
        // Inside double quotes only the quote itself or the backslash can be escaped.
        if (QUOTES.includes(escaped) && c !== state && c !== escaped) token += state;
        token += c;
        state = escaped;
      } else {
        if (!c) { state = null; break; }
        if (WHITESPACE.includes(c)) { state = ' '; if (token || quoted) break; continue; }
        if (commenters.includes(c)) {
          skipLine();
          state = ' ';
          if (token || quoted) break;
          continue;
        }
        if (state === 'c') {
          if (punct.includes(c)) token += c;
          else {
            if (!WHITESPACE.includes(c)) pushback.push(c);
            state = ' ';
            break;
          }
        } else if (QUOTES.includes(c)) state = c;
        else if (c === '\\') { escaped = 'a'; state = c; }
        else if (!punct.includes(c)) token += c;
        else {
          pushback.push(c);
          state = ' ';
          if (token || quoted) break;
        }
      }
    }
    if (token || quoted) tokens.push(token);
  }
  return tokens;
}
