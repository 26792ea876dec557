/**
 * Which raw paths a tool call hands to Hermes' subdirectory-hint tracker (`_extract_directories`): the string
 * values of `path`, `file_path` and `workdir` (any tool), and for `terminal` the `cd`/`pushd` operands that
 * start a shell segment plus every path-like token of the command.
 */
import { isPyWhitespace, pyStrip } from '../text';
import { shellWords, ShellSyntaxError } from './shellWords';

export const PATH_ARGUMENT_KEYS = ['path', 'file_path', 'workdir'] as const;
export const COMMAND_TOOLS: readonly string[] = ['terminal'];

const NAV_COMMANDS = new Set(['cd', 'pushd']);
const SHELL_OPERATORS = new Set(['&&', '||', '|', ';', '&', ';;', '|&', '(', ')']);
const NOT_A_PATH_PREFIXES = ['-', 'http://', 'https://', 'git@'];

/** `_nav_targets`: operands of `cd`/`pushd` at the start of a segment; `cd -` and a bare `cd` give nothing. */
export function navigationTargets(command: string): string[] {
  let tokens: string[];
  try {
    tokens = shellWords(command, { punctuation: true, comments: true });
  } catch (err) {
    if (err instanceof ShellSyntaxError) return [];
    throw err;
  }
  const targets: string[] = [];
  let segmentStart = true;
  tokens.forEach((token, idx) => {
    if (SHELL_OPERATORS.has(token)) {
      segmentStart = true;
      return;
    }
    if (segmentStart && NAV_COMMANDS.has(token)) {
      const operand = tokens.slice(idx + 1).find((t) => SHELL_OPERATORS.has(t) || !t.startsWith('-'));
      if (operand && !SHELL_OPERATORS.has(operand)) targets.push(operand);
    }
    segmentStart = false;
  });
  return targets;
}

/** `_extract_paths_from_command`: navigation operands first, then tokens with "/" or "." that are not flags or URLs. */
export function commandPaths(command: string): string[] {
  let tokens: string[];
  try {
    tokens = shellWords(command, { punctuation: false, comments: false });
  } catch (err) {
    if (!(err instanceof ShellSyntaxError)) throw err;
    tokens = pySplit(command);
  }
  const pathLike = tokens.filter((t) => !NOT_A_PATH_PREFIXES.some((p) => t.startsWith(p)) && (t.includes('/') || t.includes('.')));
  return [...navigationTargets(command), ...pathLike];
}

/** Every raw path the tracker considers for one tool call, in the order we process them. */
export function toolCallPaths(toolName: string, args: Readonly<Record<string, unknown>>): string[] {
  const paths: string[] = [];
  for (const key of PATH_ARGUMENT_KEYS) {
    const value = args[key];
    if (typeof value === 'string' && pyStrip(value)) paths.push(value);
  }
  const command = COMMAND_TOOLS.includes(toolName) ? args.command ?? '' : undefined;
  if (typeof command === 'string') paths.push(...commandPaths(command));
  return paths;
}

/** Python's `str.split()`: runs of Python whitespace separate words; no empty words. */
function pySplit(text: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const ch of text) {
    if (isPyWhitespace(ch.codePointAt(0)!)) {
      if (word) words.push(word);
      word = '';
    } else word += ch;
  }
  if (word) words.push(word);
  return words;
}
