/**
 * The user-facing injection scanner: what Hermes' scanner reports for a file, as findings with exact ranges
 * in the file as the editor shows it, plus checks Hermes does not make (clearly marked as such).
 */

import { benignFalseFlags } from './detection/benignFalseFlags';
import { DETECTION_RULES, detectBeyondHermes } from './detection/registry';
import type { Checks, Family, Tier } from './detection/rule';
import { stripHermesFrontmatter } from './frontmatter';
import {
  composeMaps, LineIndex, mapNfkc, mapRange, mapUniversalNewlines, shiftMap, type PositionMap,
} from './offsetMap';
import {
  codePointLabel, compiledPatterns, foldForMatching, INVISIBLE_CHARS, isScope, MAX_SCAN_CHARS, mayMatch, neededLiteralsIn, THREAT_PATTERNS, type PatternTable,
  unicodeName, type Scope,
} from './threatPatterns';
import { FindingCollector, type GroupedHit, type Hit } from './findingCollector';
import { SpanIndex } from './spanIndex';
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
  /**
   * Which checks run (default 'recommended'): 'hermes' reports Hermes' verdict only; 'recommended' adds the
   * beyond-Hermes rules with few false flags on real files; 'all' adds every rule. Beyond-Hermes findings are
   * never reported as blocking.
   */
  checks?: Checks;
  /** The earlier switch for the checks beyond Hermes, kept for callers written against it: false ≡ checks 'hermes'. */
  extraChecks?: boolean;
  /** The pattern table to apply; the built-in port by default. */
  table?: PatternTable;
  /**
   * The text is a window of a longer context file that lies wholly past Hermes' scan cap (see editRescan):
   * every match is reported as loaded unchecked, and there is no verdict, frontmatter or cap note.
   */
  pastCap?: boolean;
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
  /** For checks beyond Hermes: the attack family and the least check level that runs the rule. */
  family?: Family;
  tier?: Tier;
  /** A text the rule reports, and how to fix it (README rule reference). */
  example?: string;
  fix?: string;
  /** SARIF `security-severity` (0–10). */
  securitySeverity?: number;
  /** Files of the benign corpus the rule flags, as the README states it. */
  falseFlags?: string;
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
  ...DETECTION_RULES.map((r) => ({
    id: r.id, title: r.title, hermesBlocks: false, description: r.description, family: r.family, tier: r.tier,
    example: r.example, fix: r.fix, securitySeverity: r.securitySeverity, falseFlags: benignFalseFlags(r.id),
  })),
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

/** Where Hermes' own findings go: the findings collector, and Hermes' spans when the checks beyond Hermes run. */
interface HitSink {
  add(hit: Hit): void;
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

const BLOCKING_VERDICT: Verdict = { lead: 'Hermes will not load this file', severity: 'error', hermesBlocks: true };

/** How messages name the scanned file. */
export function unitLabel(options: Pick<ScanOptions, 'label' | 'kind'>): string {
  return options.label ?? (options.kind === 'soul' ? 'SOUL.md' : 'this file');
}

/** The file note of a text longer than Hermes' cap; `rest` is the number of code points past it. */
export function capNoteMessage(label: string, rest: number): string {
  return `Hermes checks only the first ${CAP_TEXT} characters of ${label} for prompt injection; the remaining ${formatThousands(rest)} characters are not checked.`;
}

export function scanDocument(text: string, options: ScanOptions): ScanResult {
  const scope = options.scope ?? (options.kind === 'memory' ? 'strict' : 'context');
  if (!isScope(scope)) throw new RangeError(`unknown scan scope '${String(scope)}'`);
  const checks = options.checks ?? (options.extraChecks === false ? 'hermes' : 'recommended');
  const beyondCap = checks !== 'hermes';
  const collector = new FindingCollector();
  // Hermes' own findings are indexed only when the checks beyond Hermes run: those skip what Hermes reports.
  const spans = checks === 'hermes' ? undefined : new SpanIndex();
  const hits: HitSink = spans
    ? { add: (h) => { if (!h.fileNote) spans.add(h.start, h.end); collector.add(h); } }
    : collector;
  let hermesIds: string[];
  let blocked: boolean;
  if (options.pastCap) {
    if (options.kind === 'memory') throw new RangeError('a memory file has no scan cap to be past');
    scanUnit(contextContent(text, false), scope, BLOCKING_VERDICT, '', text.length, hits, beyondCap, options.table, true);
    hermesIds = [];
    blocked = false;
  } else if (options.kind === 'memory') {
    ({ hermesIds, blocked } = scanMemory(text, scope, options.label, hits, beyondCap, options.table));
  } else {
    const unit = contextContent(text, options.kind === 'hermes_md');
    const label = unitLabel(options);
    const userSoul = options.kind === 'soul' && options.userAuthored === true;
    const verdict: Verdict = userSoul
      ? { lead: `Hermes logs this but still loads your own ${label}`, severity: 'warning', hermesBlocks: false }
      : { ...BLOCKING_VERDICT, lead: `Hermes will not load ${label}` };
    hermesIds = scanUnit(unit, scope, verdict, label, text.length, hits, beyondCap, options.table);
    blocked = hermesIds.length > 0 && !userSoul;
  }
  if (spans) {
    // Everything reported so far is Hermes' own finding (blocking, logged, or past the cap): ours would repeat it.
    for (const d of detectBeyondHermes(text, checks, spans)) {
      // Exact: a quick fix deletes a hidden-text finding's range, so it must not be widened by grouping.
      collector.add({ start: d.start, end: d.end, ruleId: d.ruleId, severity: d.severity, hermesBlocks: false, message: d.message, exact: true });
    }
  }
  return { hermesIds, blocked, findings: toFindings(text, collector.finish()) };
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
function scanMemory(text: string, scope: Scope, label: string | undefined, hits: HitSink, beyondCap: boolean, table?: PatternTable): { hermesIds: string[]; blocked: boolean } {
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
    const found = scanUnit(unit, scope, verdict, label ?? 'this file', text.length, hits, beyondCap, table);
    if (found.length) blocked = true;
    for (const id of found) ids.add(id);
  }
  return { hermesIds: [...ids], blocked };
}

const SURROGATE = /[\ud800-\udfff]/;

/** `cpLength` without its per-character loop for the common text without surrogates. */
export function codePointCount(text: string): number {
  return SURROGATE.test(text) ? cpLength(text) : text.length;
}

/** [start, end) of `text.slice(from, to).strip()` (Python whitespace), as offsets into `text`. */
function stripSpan(text: string, from: number, to: number): [number, number] {
  while (from < to && isPyWhitespace(text.charCodeAt(from))) from++;
  while (to > from && isPyWhitespace(text.charCodeAt(to - 1))) to--;
  return [from, to];
}

/**
 * Hermes' verdict on one text, plus a finding per match inside the 65,536-code-point cap and, with
 * `beyondCap`, a warning per match after it (Hermes loads that part unchecked).
 */
function scanUnit(unit: Unit, scope: Scope, verdict: Verdict, label: string, sourceLength: number, hits: HitSink, beyondCap: boolean, table?: PatternTable, pastCap = false): string[] {
  const ids = pastCap ? [] : scanForThreats(unit.content, scope, table);
  const content = unit.content;
  if (!content) return ids;
  const capEnd = pastCap ? 0 : cpToUtf16(content, MAX_SCAN_CHARS);
  const beyond = capEnd < content.length;
  const patterns = compiledPatterns(scope, table);
  const push = (s: number, e: number, ruleId: string, severity: Severity, hermesBlocks: boolean, message: string | (() => string), exact = false): void => {
    const [a, b] = mapRange(unit.toSource, s, e);
    hits.add({ start: a, end: b, ruleId, severity, hermesBlocks, message, exact });
  };

  const inside = mapNfkc(beyond ? content.slice(0, capEnd) : content);
  const insideText = foldForMatching(inside.text);
  const lastInsideEnd = new Map<string, number>();
  /** Matches inside the cap that end near it, as [start, end) pairs: where matching past the cap may start. */
  const nearCap: number[] = [];
  for (const c of patterns) {
    const pattern = c.pattern;
    const message = `${verdict.lead}: it matches Hermes' "${pattern.id}" pattern (${pattern.description}).`;
    c.forEachMatch(insideText, (s, e) => {
      const [a, b] = mapRange(inside.map, s, e);
      lastInsideEnd.set(pattern.id, b);
      if (beyond && b > capEnd - 2 * PAST_CAP_LOOKBACK) nearCap.push(a, b);
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
    if (e > capEnd && beyondCap) {
      const from = Math.max(s, capEnd);
      push(from, e, INVISIBLE_IDS.get(cp)!, 'warning', false, () => `${unchecked}: ${describe(from, e)}`, true);
    }
  });
  if (!beyond) return ids;

  if (!pastCap) {
    const capStart = unit.toSource.start(capEnd);
    hits.add({
      start: capStart, end: Math.max(capStart, sourceLength), ruleId: 'scan_cap_exceeded', severity: 'info', hermesBlocks: false, fileNote: true,
      message: capNoteMessage(label, codePointCount(content) - MAX_SCAN_CHARS),
    });
  }
  if (!beyondCap) return ids;
  const from = pastCapStart(content, capEnd, nearCap);
  const tail = from ? content.slice(from) : content;
  // mapNfkc's text is this one; its map back to `tail` is worked out only when a match needs it (most tails have none).
  const tailText = foldForMatching(tail.normalize('NFKC'));
  let tailMap: PositionMap | undefined;
  // Past the cap, a pattern runs only where its literals occur: on a long file most are absent from the tail.
  const present = neededLiteralsIn(tailText);
  for (const c of patterns) {
    if (!mayMatch(c, present)) continue;
    const pattern = c.pattern;
    const after = lastInsideEnd.get(pattern.id) ?? 0;
    const message = `${unchecked}: it matches Hermes' "${pattern.id}" pattern (${pattern.description}).`;
    c.forEachMatch(tailText, (s, e) => {
      const [a, b] = mapRange((tailMap ??= mapNfkc(tail).map), s, e);
      if (b + from <= capEnd || a + from < after) return;
      push(a + from, b + from, pattern.id, 'warning', false, message);
    });
  }
  return ids;
}

/** How far before Hermes' cap the search for matches past it starts: past the longest match of Hermes' built-in patterns (2,600 characters or so, unless a run of whitespace stretches it). */
const PAST_CAP_LOOKBACK = 4_096;

/**
 * Where matching the text past the cap starts: a line start some way before the cap that no match inside the
 * cap reaches across. Matching from there finds what matching from the file's start would find after it (the
 * same leftmost, non-overlapping matches), so a match reaching across the cap is seen whole, at a fraction of
 * the cost on a long file. 0 (the whole text) when there is no such line start.
 */
function pastCapStart(content: string, capEnd: number, nearCap: number[]): number {
  if (capEnd <= PAST_CAP_LOOKBACK) return 0;
  let at = content.lastIndexOf('\n', capEnd - PAST_CAP_LOOKBACK) + 1;
  for (let moved = true; moved && at > 0;) {
    moved = false;
    for (let i = 0; i < nearCap.length; i += 2) {
      const end = nearCap[i + 1];
      if (nearCap[i] < at && at < end) {
        at = content.charCodeAt(end - 1) === 10 ? end : content.indexOf('\n', end) + 1;
        moved = true;
      }
    }
    if (at > capEnd - PAST_CAP_LOOKBACK / 2) return 0;
  }
  return at;
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
  return joinsEmoji
    ? `${base}. It joins two emoji into one (an emoji ZWJ sequence such as a family or a profession), which is not an attack, but this Hermes version blocks it anyway.`
    : `${base}.`;
}

function characterText(cp: number, count: number): string {
  const name = unicodeName(cp);
  return `invisible character ${codePointLabel(cp)}${name ? ` ${name}` : ''}${count > 1 ? ` (×${count})` : ''}`;
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
