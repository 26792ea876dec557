/**
 * The user-facing injection scanner: what Hermes' scanner reports for a file, as findings with exact ranges
 * in the file as the editor shows it, plus checks Hermes does not make (clearly marked as such).
 */

import { stripHermesFrontmatter } from './frontmatter';
import {
  composeMaps, LineIndex, mapNfkc, mapRange, mapUniversalNewlines, shiftMap, type PositionMap,
} from './offsetMap';
import {
  codePointLabel, compiledPatterns, foldForMatching, INVISIBLE_CHARS, isScope, MAX_SCAN_CHARS, THREAT_PATTERNS, type PatternTable,
  unicodeName, type Scope,
} from './threatPatterns';
import { FindingCollector, type GroupedHit } from './findingCollector';
import { scanForThreats } from './threats';
import { cpLength, cpToUtf16, formatThousands, isPyWhitespace } from './text';
import type { Finding, Severity } from './types';

export type DocumentKind = 'context' | 'hermes_md' | 'soul' | 'memory';

export interface ScanOptions {
  kind: DocumentKind;
  /** Default: 'context' for context files, 'strict' for memory files (as Hermes scans them). */
  scope?: Scope;
  /** The file's name in messages, e.g. 'AGENTS.md'. */
  label?: string;
  /** SOUL.md the user wrote (no distribution manifest owns it): Hermes logs hits but still loads it. */
  userAuthored?: boolean;
  /** Checks beyond Hermes' own (default true); never reported as blocking. */
  extraChecks?: boolean;
  /** The pattern table to apply; the built-in port by default. */
  table?: PatternTable;
}

export interface ScanResult {
  /** Exactly what Hermes' `scan_for_threats` returns for the text it scans (memory: union over entries, first appearance order). */
  hermesIds: string[];
  /** Hermes replaces the content with a [BLOCKED: …] text (memory: at least one entry). */
  blocked: boolean;
  /**
   * Sorted by range start; runs of one rule grouped, at most MAX_FINDINGS_PER_FILE of them, then a
   * `too_many_findings` summary when there were more (see findingCollector).
   */
  findings: Finding[];
}

export interface RuleInfo {
  /** A finding's ruleId, or for `invisible_unicode` the family of `invisible_unicode_U+XXXX` ids. */
  id: string;
  title: string;
  /** Whether Hermes itself acts on this (blocks a context file or drops a memory entry). */
  hermesBlocks: boolean;
  description: string;
  /** For Hermes' patterns: the narrowest scan scope that includes them. */
  scope?: Scope;
}

const SCOPE_EFFECT: Record<Scope, string> = {
  all: 'Hermes blocks context files and drops memory entries that contain it.',
  context: 'Hermes blocks context files and drops memory entries that contain it.',
  strict: 'Hermes drops memory entries that contain it; context files are not checked for it.',
};

const INVISIBLE_LIST = INVISIBLE_CHARS.map(codePointLabel).join(', ');

export const RULES: readonly RuleInfo[] = [
  ...THREAT_PATTERNS.map((t) => ({
    id: t.id,
    title: t.title,
    hermesBlocks: true,
    description: `${t.description[0].toUpperCase()}${t.description.slice(1)}. ${SCOPE_EFFECT[t.scope]}`,
    scope: t.scope,
  })),
  {
    id: 'invisible_unicode',
    title: 'Invisible Unicode character',
    hermesBlocks: true,
    description:
      `A zero-width or bidirectional control character (${INVISIBLE_LIST}). Hermes blocks context files and drops ` +
      'memory entries containing any of them; a byte-order mark at the very start of a context file is removed ' +
      'first. Finding ids name the character, e.g. invisible_unicode_U+200B.',
  },
  {
    id: 'unicode_tag_characters',
    title: 'Hidden text in tag characters',
    hermesBlocks: false,
    description:
      'Unicode tag characters (U+E0000–U+E007F) are invisible but spell out ASCII text that models can read. ' +
      'Hermes does not block them. Emoji subdivision flags (🏴 + tags) are not reported.',
  },
  {
    id: 'bidi_mark',
    title: 'Bidirectional mark',
    hermesBlocks: false,
    description:
      'U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK and U+061C ARABIC LETTER MARK are invisible and change ' +
      'how surrounding text is displayed. Hermes blocks the bidirectional embeddings, overrides and isolates, but not these marks.',
  },
  {
    id: 'soft_hyphen',
    title: 'Soft hyphen',
    hermesBlocks: false,
    description:
      'U+00AD SOFT HYPHEN is usually invisible; inside a word it keeps Hermes\' patterns from matching ' +
      '(e.g. "ig\u00adnore previous instructions" is not blocked). Hermes does not block it.',
  },
  {
    id: 'variation_selector_run',
    title: 'Variation selector sequence',
    hermesBlocks: false,
    description:
      'Two or more variation selectors in a row (U+FE00–U+FE0F, U+E0100–U+E01EF), or a supplementary selector ' +
      'that does not follow a CJK ideograph. They are invisible and can encode hidden data, one byte each. ' +
      'Hermes does not block them.',
  },
  {
    id: 'invisible_format_character',
    title: 'Other invisible character',
    hermesBlocks: false,
    description:
      'An invisible format or filler character Hermes does not check: U+034F, U+115F, U+1160, U+17B4, U+17B5, ' +
      'U+180E, U+2061, U+206A–U+206F, U+3164, U+FFA0, U+FFF9–U+FFFB, U+1D173–U+1D17A and any other format ' +
      '(Cf) character, except visible Arabic, Syriac and Kaithi number marks and Egyptian hieroglyph controls.',
  },
  {
    id: 'scan_cap_exceeded',
    title: 'Longer than Hermes scans',
    hermesBlocks: false,
    description:
      `Hermes checks only the first ${formatThousands(MAX_SCAN_CHARS)} characters of a file; anything after that ` +
      'is not checked for prompt injection. Matches found there are reported as warnings.',
  },
  {
    id: 'memory_entry_too_large',
    title: 'Memory entry too large to scan',
    hermesBlocks: true,
    description:
      `A memory entry longer than ${formatThousands(MAX_SCAN_CHARS)} characters: Hermes drops it from the prompt ` +
      'without scanning it.',
  },
];

const RULES_BY_ID = new Map(RULES.map((r) => [r.id, r]));

/** Metadata for a finding's ruleId (`invisible_unicode_U+200B` resolves to `invisible_unicode`). */
export function findRule(ruleId: string): RuleInfo | undefined {
  return RULES_BY_ID.get(ruleId.startsWith('invisible_unicode_') ? 'invisible_unicode' : ruleId);
}

/** How Hermes treats a scanned text that has findings, phrased for messages. */
interface Verdict {
  lead: string;
  severity: Severity;
  hermesBlocks: boolean;
}

/** A text exactly as Hermes scans it, with a map back to the original. */
export interface Unit {
  content: string;
  toSource: PositionMap;
}

const CAP_TEXT = formatThousands(MAX_SCAN_CHARS);

export function scanDocument(text: string, options: ScanOptions): ScanResult {
  const scope = options.scope ?? (options.kind === 'memory' ? 'strict' : 'context');
  if (!isScope(scope)) throw new RangeError(`unknown scan scope '${String(scope)}'`);
  const hits = new FindingCollector();
  let hermesIds: string[];
  let blocked: boolean;
  if (options.kind === 'memory') {
    ({ hermesIds, blocked } = scanMemory(text, scope, options.label, hits, options.table));
  } else {
    const unit = contextContent(text, options.kind === 'hermes_md');
    const label = options.label ?? (options.kind === 'soul' ? 'SOUL.md' : 'this file');
    const userSoul = options.kind === 'soul' && options.userAuthored === true;
    const verdict: Verdict = userSoul
      ? { lead: `Hermes logs this but still loads your own ${label}`, severity: 'warning', hermesBlocks: false }
      : { lead: `Hermes will not load ${label}`, severity: 'error', hermesBlocks: true };
    hermesIds = scanUnit(unit, scope, verdict, label, text.length, hits, options.table);
    blocked = hermesIds.length > 0 && !userSoul;
  }
  if (options.extraChecks !== false) scanExtras(text, hits);
  return { hermesIds, blocked, findings: toFindings(text, hits.finish()) };
}

/**
 * Context-file pipeline: universal newlines → strip → (.hermes.md) frontmatter → one leading BOM removed. The
 * content is what Hermes scans and puts under the file's header; `toSource` maps its offsets back into `text`.
 */
export function contextContent(text: string, hermesMd: boolean): Unit {
  const nl = mapUniversalNewlines(text);
  const [s, e] = stripSpan(nl.text, 0, nl.text.length);
  let start = s;
  let content = nl.text.slice(s, e);
  if (hermesMd) {
    const fm = stripHermesFrontmatter(content);
    start += fm.removed;
    content = fm.body;
  }
  if (content.charCodeAt(0) === 0xfeff) {
    start++;
    content = content.slice(1);
  }
  return { content, toSource: composeMaps(nl.map, shiftMap(start)) };
}

const ENTRY_DELIMITER = '\n§\n';

/** `MemoryStore` load + `_sanitize_entries_for_snapshot`, entry by entry. */
function scanMemory(text: string, scope: Scope, label: string | undefined, hits: FindingCollector, table?: PatternTable): { hermesIds: string[]; blocked: boolean } {
  const nl = mapUniversalNewlines(text);
  const all = nl.text;
  const ids = new Set<string>();
  let blocked = false;
  const [s0, e0] = stripSpan(all, 0, all.length);
  if (s0 === e0) return { hermesIds: [], blocked };
  const verdict: Verdict = {
    lead: `Hermes drops this ${label ? `${label} ` : 'memory '}entry from the prompt`,
    severity: 'error',
    hermesBlocks: true,
  };
  const seen = new Set<string>();
  for (let pos = 0; pos <= all.length; ) {
    const d = all.indexOf(ENTRY_DELIMITER, pos);
    const pieceEnd = d === -1 ? all.length : d;
    const [s, e] = stripSpan(all, pos, pieceEnd);
    pos = d === -1 ? all.length + 1 : d + ENTRY_DELIMITER.length;
    if (s === e) continue;
    const entry = all.slice(s, e);
    if (seen.has(entry)) continue;
    seen.add(entry);
    if (entry.startsWith('[BLOCKED:')) continue;
    const unit: Unit = { content: entry, toSource: composeMaps(nl.map, shiftMap(s)) };
    const length = codePointCount(entry);
    if (length > MAX_SCAN_CHARS) {
      blocked = true;
      const [a, b] = mapRange(unit.toSource, 0, entry.length);
      hits.add({
        start: a, end: b, ruleId: 'memory_entry_too_large', severity: 'error', hermesBlocks: true,
        message: `${verdict.lead}: it is too large to scan (${formatThousands(length)} characters; Hermes scans at most ${CAP_TEXT}).`,
      });
      continue;
    }
    const found = scanUnit(unit, scope, verdict, label ?? 'this file', text.length, hits, table);
    if (found.length) blocked = true;
    for (const id of found) ids.add(id);
  }
  return { hermesIds: [...ids], blocked };
}

const SURROGATE = /[\ud800-\udfff]/;

/** `cpLength` without its per-character loop for the common text without surrogates. */
function codePointCount(text: string): number {
  return SURROGATE.test(text) ? cpLength(text) : text.length;
}

/** [start, end) of `text.slice(from, to).strip()` (Python whitespace), as offsets into `text`. */
function stripSpan(text: string, from: number, to: number): [number, number] {
  while (from < to && isPyWhitespace(text.charCodeAt(from))) from++;
  while (to > from && isPyWhitespace(text.charCodeAt(to - 1))) to--;
  return [from, to];
}

/** Hermes' verdict on one text, plus a finding per match: inside the 65,536-code-point cap and after it. */
function scanUnit(unit: Unit, scope: Scope, verdict: Verdict, label: string, sourceLength: number, hits: FindingCollector, table?: PatternTable): string[] {
  const ids = scanForThreats(unit.content, scope, table);
  const content = unit.content;
  if (!content) return ids;
  const capEnd = cpToUtf16(content, MAX_SCAN_CHARS);
  const beyond = capEnd < content.length;
  const patterns = compiledPatterns(scope, table);
  const push = (s: number, e: number, ruleId: string, severity: Severity, hermesBlocks: boolean, message: string | (() => string), exact = false): void => {
    const [a, b] = mapRange(unit.toSource, s, e);
    hits.add({ start: a, end: b, ruleId, severity, hermesBlocks, message, exact });
  };

  const inside = mapNfkc(beyond ? content.slice(0, capEnd) : content);
  const insideText = foldForMatching(inside.text);
  const lastInsideEnd = new Map<string, number>();
  for (const c of patterns) {
    const pattern = c.pattern;
    const message = `${verdict.lead}: it matches Hermes' "${pattern.id}" pattern (${pattern.description}).`;
    c.forEachMatch(insideText, (s, e) => {
      const [a, b] = mapRange(inside.map, s, e);
      lastInsideEnd.set(pattern.id, b);
      push(a, b, pattern.id, verdict.severity, verdict.hermesBlocks, message);
    });
  }
  const unchecked = `Hermes does not scan past ${CAP_TEXT} characters, so it would load this unchecked`;
  forEachInvisibleRun(content, (s, e, cp) => {
    const describe = (from: number, to: number): string => invisibleDescription(content, from, to, cp);
    if (s < capEnd) {
      const cut = Math.min(e, capEnd);
      push(s, cut, INVISIBLE_IDS.get(cp)!, verdict.severity, verdict.hermesBlocks,
        () => `${verdict.lead}: ${describe(s, cut)}`, true);
    }
    if (e > capEnd) {
      const from = Math.max(s, capEnd);
      push(from, e, INVISIBLE_IDS.get(cp)!, 'warning', false, () => `${unchecked}: ${describe(from, e)}`, true);
    }
  });
  if (!beyond) return ids;

  const rest = codePointCount(content) - MAX_SCAN_CHARS;
  const capStart = unit.toSource.start(capEnd);
  hits.add({
    start: capStart, end: Math.max(capStart, sourceLength), ruleId: 'scan_cap_exceeded', severity: 'info', hermesBlocks: false, fileNote: true,
    message: `Hermes checks only the first ${CAP_TEXT} characters of ${label} for prompt injection; the remaining ${formatThousands(rest)} characters are not checked.`,
  });
  const full = mapNfkc(content);
  const fullText = foldForMatching(full.text);
  for (const c of patterns) {
    const pattern = c.pattern;
    const after = lastInsideEnd.get(pattern.id) ?? 0;
    const message = `${unchecked}: it matches Hermes' "${pattern.id}" pattern (${pattern.description}).`;
    c.forEachMatch(fullText, (s, e) => {
      const [a, b] = mapRange(full.map, s, e);
      if (b <= capEnd || a < after) return;
      push(a, b, pattern.id, 'warning', false, message);
    });
  }
  return ids;
}

/** Rule id per invisible character, made once: a hostile file has millions of them. */
const INVISIBLE_IDS = new Map(INVISIBLE_CHARS.map((c) => [c, `invisible_unicode_${codePointLabel(c)}`]));

const INVISIBLE_RE = new RegExp(`[${INVISIBLE_CHARS.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}]`, 'g');

/** Maximal runs of one and the same Hermes-invisible character (all are single UTF-16 units). */
function forEachInvisibleRun(text: string, f: (start: number, end: number, cp: number) => void): void {
  INVISIBLE_RE.lastIndex = 0;
  for (let m = INVISIBLE_RE.exec(text); m; m = INVISIBLE_RE.exec(text)) {
    const cp = m[0].charCodeAt(0);
    let end = m.index + 1;
    while (text.charCodeAt(end) === cp) end++;
    f(m.index, end, cp);
    INVISIBLE_RE.lastIndex = end;
  }
}

const EMOJI_BEFORE = /\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]*$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

function invisibleDescription(text: string, start: number, end: number, cp: number): string {
  const base = characterText(cp, end - start);
  if (cp !== 0x200d || end - start !== 1) return `${base}.`;
  const joinsEmoji = EMOJI_BEFORE.test(text.slice(Math.max(0, start - 8), start)) && EMOJI_AFTER.test(text.slice(end, end + 2));
  return joinsEmoji ? `${base}, joining emoji (this Hermes version blocks emoji ZWJ sequences too).` : `${base}.`;
}

function characterText(cp: number, count: number): string {
  const name = unicodeName(cp);
  return `invisible character ${codePointLabel(cp)}${name ? ` ${name}` : ''}${count > 1 ? ` (×${count})` : ''}`;
}

/**
 * Characters Hermes does not check. Generic format characters (Cf) are included except those that render
 * visibly as part of their script (Arabic/Syriac/Kaithi number and end-of-ayah marks, Egyptian hieroglyph
 * format controls) and those with their own rule or Hermes' own check, which the explicit class lists first.
 */
const EXTRA_RE = new RegExp(
  '[\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180e\\u200e\\u200f\\u2061\\u206a-\\u206f\\u3164\\ufe00-\\ufe0f' +
    '\\uffa0\\ufff9-\\ufffb\\u{1bca0}-\\u{1bca3}\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}]' +
    '|(?![\\u0600-\\u0605\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u200b-\\u200d\\u202a-\\u202e\\u2060\\u2062-\\u2064' +
    '\\u2066-\\u2069\\ufeff\\u{110bd}\\u{110cd}\\u{13430}-\\u{1343f}])\\p{Cf}',
  'gu',
);

type ExtraClass = 'unicode_tag_characters' | 'bidi_mark' | 'soft_hyphen' | 'variation_selector_run' | 'invisible_format_character';

function extraClass(cp: number): ExtraClass {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'unicode_tag_characters';
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c) return 'bidi_mark';
  if (cp === 0x00ad) return 'soft_hyphen';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation_selector_run';
  return 'invisible_format_character';
}

const NOT_BLOCKED = 'Hermes does NOT block this';

/** Code points kept per run for messages: enough for a flag tag sequence and an 80-character preview. */
const RUN_PREFIX = 96;

/** A maximal run for one finding: its length and first code points (runs can be megabytes long). */
interface Run {
  start: number;
  count: number;
  head: number[];
  last: number;
}

/** The beyond-Hermes checks over the whole text: one finding per run. */
function scanExtras(text: string, hits: FindingCollector): void {
  EXTRA_RE.lastIndex = 0;
  for (let m = EXTRA_RE.exec(text); m; m = EXTRA_RE.exec(text)) {
    const first = text.codePointAt(m.index)!;
    const cls = extraClass(first);
    const grouped = cls === 'unicode_tag_characters' || cls === 'variation_selector_run';
    const run: Run = { start: m.index, count: 0, head: [], last: first };
    let end = m.index;
    while (end < text.length) {
      const cp = text.codePointAt(end)!;
      if (grouped ? extraClass(cp) !== cls : cp !== first) break;
      if (run.count++ < RUN_PREFIX) run.head.push(cp);
      run.last = cp;
      end += cp > 0xffff ? 2 : 1;
    }
    EXTRA_RE.lastIndex = end;
    const message = extraMessage(cls, run, text);
    if (message) hits.add({ start: run.start, end, ruleId: cls, severity: 'warning', hermesBlocks: false, message, exact: true });
  }
}

const CJK_BEFORE = /[\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3038-\u303b\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{3ffff}]$/u;

/** The finding message, or null for a legitimate use (a subdivision flag, an ideographic variation sequence). */
function extraMessage(cls: ExtraClass, run: Run, text: string): string | null {
  const cp = run.head[0];
  const times = run.count > 1 ? ` (×${run.count})` : '';
  switch (cls) {
    case 'unicode_tag_characters': {
      const flag = text.codePointAt(run.start - 2) === 0x1f3f4 && run.count > 1 && run.count <= RUN_PREFIX && run.last === 0xe007f &&
        run.head.slice(0, -1).every((c) => (c >= 0xe0030 && c <= 0xe0039) || (c >= 0xe0061 && c <= 0xe007a));
      if (flag) return null;
      const hidden = run.head.map((c) => (c >= 0xe0020 && c <= 0xe007e ? String.fromCharCode(c - 0xe0000) : `<${codePointLabel(c)}>`)).join('');
      return `Hidden text in ${run.count} invisible Unicode tag character${run.count > 1 ? 's' : ''}: ` +
        `${quote(hidden, run.count > run.head.length)}. ${NOT_BLOCKED}, but models can read it.`;
    }
    case 'bidi_mark':
      return `Invisible bidirectional mark ${codePointLabel(cp)} ${unicodeName(cp)}${times}. ${NOT_BLOCKED}; it can make text display differently from what the model reads.`;
    case 'soft_hyphen':
      return `Invisible soft hyphen U+00AD${times}. ${NOT_BLOCKED}; inside a word it keeps Hermes' patterns from recognizing the word.`;
    case 'variation_selector_run': {
      if (run.count === 1 && (cp < 0xe0100 || CJK_BEFORE.test(text.slice(Math.max(0, run.start - 2), run.start)))) return null;
      const decoded = run.count > 1 ? decodeSelectors(run.head) : null;
      return `${run.count === 1 ? 'A variation selector' : `${run.count} variation selectors in a row`}` +
        `${decoded ? `, which decode to ${quote(decoded, run.count > run.head.length)}` : ''}. ` +
        `${NOT_BLOCKED}; variation selectors are invisible and can smuggle hidden data.`;
    }
    case 'invisible_format_character': {
      const name = unicodeName(cp);
      return `Invisible character ${codePointLabel(cp)}${name ? ` ${name}` : ''}${times}. ${NOT_BLOCKED}; it can hide text or split words so that Hermes' patterns miss them.`;
    }
  }
}

/**
 * The common "one byte per selector" smuggling scheme (FE00–FE0F = 0–15, E0100–E01EF = 16–255), if the
 * bytes are printable UTF-8 (a sequence cut off by the prefix limit is tolerated).
 */
function decodeSelectors(cps: number[]): string | null {
  const bytes = Uint8Array.from(cps, (c) => (c <= 0xfe0f ? c - 0xfe00 : c - 0xe0100 + 16));
  try {
    const s = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return /^[^\0-\x08\x0e-\x1f\x7f]+$/.test(s) ? s : null;
  } catch {
    return null;
  }
}

/** A JSON-quoted preview of at most 80 characters. */
function quote(s: string, cut = false): string {
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : cut ? `${s}…` : s);
}

function toFindings(text: string, hits: GroupedHit[]): Finding[] {
  if (!hits.length) return [];
  const lines = new LineIndex(text);
  return hits.map((h) => ({
    ruleId: h.ruleId,
    severity: h.severity,
    message: h.message,
    hermesBlocks: h.hermesBlocks,
    range: { start: lines.positionAt(h.start), end: lines.positionAt(h.end) },
  }));
}
