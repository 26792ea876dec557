import { cpHead, cpLength, cpTail } from './text';

export const CONTEXT_FILE_MAX_CHARS = 20_000;
export const CHARS_PER_TOKEN = 4;
const WINDOW_FRACTION = 0.06;
const DYNAMIC_CEILING = 500_000;
const HEAD_RATIO = 0.7;
const TAIL_RATIO = 0.2;

/** Hermes' cap: an explicit `context_file_max_chars` (> 0) wins, else 6 % of the window in chars, clamped to [20,000, 500,000]. */
export function contextFileMaxChars(contextLength?: number, configuredMax?: unknown): number {
  if (typeof configuredMax === 'number' && Number.isFinite(configuredMax) && configuredMax > 0) return Math.trunc(configuredMax);
  if (typeof contextLength !== 'number' || !Number.isInteger(contextLength) || contextLength <= 0) return CONTEXT_FILE_MAX_CHARS;
  const budget = Math.trunc(contextLength * CHARS_PER_TOKEN * WINDOW_FRACTION);
  return Math.max(CONTEXT_FILE_MAX_CHARS, Math.min(budget, DYNAMIC_CEILING));
}

export interface Truncation {
  text: string;
  truncated: boolean;
  /** Length of the input in code points. */
  originalChars: number;
  headChars: number;
  tailChars: number;
  maxChars: number;
  /** The status-line warning Hermes queues (not part of the prompt). */
  warning?: string;
}

/** Hermes' `_truncate_content` (spec §3): 70 % head + marker + 20 % tail, lengths in code points. */
export function truncateContent(content: string, name: string, maxChars: number, readPath?: string): Truncation {
  const n = cpLength(content);
  if (n <= maxChars) return { text: content, truncated: false, originalChars: n, headChars: n, tailChars: 0, maxChars };
  const head = Math.trunc(maxChars * HEAD_RATIO);
  const tail = Math.trunc(maxChars * TAIL_RATIO);
  const marker =
    `\n\n[...truncated ${name}: kept ${head}+${tail} of ${n} chars. The middle is omitted — ` +
    `if you need the full instructions, read the complete file with the read_file tool: ${readPath || name}]\n\n`;
  const warning =
    `⚠️  Context file ${name} TRUNCATED: ${n} chars exceeds limit of ${maxChars} — ` +
    'trim the file, pin a larger context_file_max_chars, or use a larger-context model!';
  // Python's content[-0:] is the whole string; int(max*0.2) is 0 only for max < 5.
  const tailText = tail > 0 ? cpTail(content, tail) : content;
  return { text: cpHead(content, head) + marker + tailText, truncated: true, originalChars: n, headChars: head, tailChars: tail, maxChars, warning };
}
