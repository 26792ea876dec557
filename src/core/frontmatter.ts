import * as yaml from 'js-yaml';
import { pyLstripChars } from './text';

/**
 * Hermes' `_strip_yaml_frontmatter` for `.hermes.md` (spec §2.6). Returns the body and how many
 * UTF-16 units were removed from the front, so callers can map positions back.
 */
export function stripHermesFrontmatter(content: string): { body: string; removed: number } {
  const noBom = pyLstripChars(content, '\ufeff');
  const bomCount = content.length - noBom.length;
  if (!noBom.startsWith('---')) return { body: noBom, removed: bomCount };
  const end = noBom.indexOf('\n---', 3);
  if (end === -1) return { body: noBom, removed: bomCount };
  let start = end + 4;
  while (start < noBom.length && noBom[start] === '\n') start++;
  const body = noBom.slice(start);
  return body ? { body, removed: bomCount + start } : { body: noBom, removed: bomCount };
}

export interface ParsedFrontmatter {
  data: Record<string, unknown>;
  /** Set when the YAML did not parse and the `key: value` fallback was used. */
  yamlError?: string;
}

/**
 * Hermes' skill `parse_frontmatter`: YAML between a leading `---` and the first `\n---\s*\n`
 * invalid YAML falls back to simple `key: value` lines.
 */
export function parseSkillFrontmatter(raw: string): ParsedFrontmatter {
  if (!raw.startsWith('---')) return { data: {} };
  const close = /\n---\s*\n/.exec(raw.slice(3));
  if (!close) return { data: {} };
  const block = raw.slice(3, 3 + close.index);
  try {
    const parsed = yaml.load(block);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { data: parsed as Record<string, unknown> };
    return { data: {} };
  } catch (err) {
    const data: Record<string, unknown> = {};
    for (const line of block.split('\n')) {
      const idx = line.indexOf(':');
      if (idx > 0 && !/^\s/.test(line)) data[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
    }
    return { data, yamlError: (err as Error).message.split('\n')[0] };
  }
}
