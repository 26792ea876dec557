import { MAX_SCAN_CHARS, type PatternTable } from './threatPatterns';
import { scanForThreats } from './threats';
import { cpHead, cpLength, cpTail, formatThousands, pyStrip, universalNewlines } from './text';

/** The exact three-character entry delimiter of tools/memory_tool.py. */
export const ENTRY_DELIMITER = '\n§\n';
export const DEFAULT_MEMORY_CHAR_LIMIT = 2200;
export const DEFAULT_USER_CHAR_LIMIT = 1375;
const SEPARATOR = '═'.repeat(46);

export type MemoryTarget = 'memory' | 'user';

/**
 * `MemoryStore._read_file` + dedupe: split on the delimiter, strip, drop empties, keep first occurrences.
 * `raw` is the file as Python's plain `utf-8` reader returns it: a BOM is NOT removed there.
 */
export function parseMemoryEntries(raw: string): string[] {
  const text = universalNewlines(raw);
  if (!pyStrip(text)) return [];
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const piece of text.split(ENTRY_DELIMITER)) {
    const entry = pyStrip(piece);
    if (entry && !seen.has(entry)) {
      seen.add(entry);
      entries.push(entry);
    }
  }
  return entries;
}

export interface SanitizedEntry {
  text: string;
  blocked: boolean;
  ids: string[];
}

/** `_sanitize_entries_for_snapshot`: every entry scanned at strict scope, hits replaced by a placeholder. */
export function sanitizeEntries(entries: string[], fileName: string, table?: PatternTable): SanitizedEntry[] {
  return entries.map((entry) => {
    if (!entry || entry.startsWith('[BLOCKED:')) return { text: entry, blocked: false, ids: [] };
    const n = cpLength(entry);
    if (n > MAX_SCAN_CHARS) {
      return {
        text: `[BLOCKED: ${fileName} entry too large to scan (${formatThousands(n)} chars). Removed from system prompt; use memory(action=remove) to delete the original.]`,
        blocked: true,
        ids: ['memory_entry_too_large'],
      };
    }
    const ids = scanForThreats(entry, 'strict', table);
    if (!ids.length) return { text: entry, blocked: false, ids };
    return {
      text: `[BLOCKED: ${fileName} entry contained threat pattern(s): ${ids.join(', ')}. Removed from system prompt; use memory(action=remove) to delete the original.]`,
      blocked: true,
      ids,
    };
  });
}

/** `MemoryStore._render_block`: the frozen snapshot block, "" for no entries. */
export function renderMemoryBlock(target: MemoryTarget, entries: string[], limit: number): string {
  if (!entries.length) return '';
  let content = entries.join(ENTRY_DELIMITER);
  const current = cpLength(content);
  const pct = limit > 0 ? Math.min(100, Math.trunc((current / limit) * 100)) : 0;
  const renderCap = Math.max(limit * 2, 4000);
  if (current > renderCap) {
    const head = Math.trunc(renderCap * 0.7);
    const tail = Math.trunc(renderCap * 0.2);
    const omitted = current - head - tail;
    content =
      cpHead(content, head) +
      `\n\n[... ${formatThousands(omitted)} chars truncated — memory over budget (${formatThousands(current)}/${formatThousands(limit)}); consolidate via memory(action=remove/replace) ...]\n\n` +
      (tail > 0 ? cpTail(content, tail) : content);
  }
  const over = current > limit ? ' ⚠ OVER BUDGET' : '';
  const usage = `[${pct}% — ${formatThousands(current)}/${formatThousands(limit)} chars${over}]`;
  const header = target === 'user' ? `USER PROFILE (who the user is) ${usage}` : `MEMORY (your personal notes) ${usage}`;
  return `${SEPARATOR}\n${header}\n${SEPARATOR}\n${content}`;
}
