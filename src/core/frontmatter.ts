import { pyLstripChars, pyStrip } from './text';
import { pyyamlSafeLoad } from './yaml/safeLoad';
import { PyDate } from './yaml/pyTime';

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
  /** Set when the YAML's aliases expand past the budget: `data` is empty, nothing of it is used. */
  refused?: string;
}

/** Python's `\s` in a str pattern: JS `\s` also has U+FEFF and lacks U+001C–U+001F (spec §10). */
const CLOSING_FENCE = /\n---[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*\n/;

/**
 * Hermes' skill `parse_frontmatter` (agent/skill_utils.py) on text already decoded as `utf-8-sig` with
 * universal newlines: one more leading BOM is dropped, then YAML between a leading `---` and the first
 * `\n---\s*\n` is loaded as PyYAML's SafeLoader would. Invalid YAML falls back to every line holding a `:`,
 * indented or not, split at the first `:` and stripped (the last duplicate wins).
 */
export function parseSkillFrontmatter(text: string): ParsedFrontmatter {
  const raw = text.startsWith('\ufeff') ? text.slice(1) : text;
  if (!raw.startsWith('---')) return { data: {} };
  const close = CLOSING_FENCE.exec(raw.slice(3));
  if (!close) return { data: {} };
  const block = raw.slice(3, 3 + close.index);
  const loaded = pyyamlSafeLoad(block);
  if (loaded.ok) {
    const v = loaded.value;
    const isDict = v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof PyDate);
    return { data: isDict ? (v as Record<string, unknown>) : {} };
  }
  if (loaded.aliasBomb) return { data: {}, refused: loaded.reason };
  const data: Record<string, unknown> = {};
  for (const line of pyStrip(block).split('\n')) {
    const idx = line.indexOf(':');
    if (idx < 0) continue;
    // defineProperty: a `__proto__:` line is data, not the object's prototype.
    Object.defineProperty(data, pyStrip(line.slice(0, idx)), { value: pyStrip(line.slice(idx + 1)), enumerable: true, writable: true, configurable: true });
  }
  return { data, yamlError: loaded.reason };
}
