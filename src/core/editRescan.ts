/**
 * Rescanning a long context file after an edit past Hermes' scan cap without scanning all of it: only a
 * window around the changed lines is scanned again, and the findings elsewhere are kept (moved by the edit).
 *
 * The window is scanned as text that lies wholly past the cap, which is how the full scan treats it. What the
 * window cannot see (a fenced block or comment opened before it, a match reaching across its edge) is kept
 * out by construction where it can be and checked where it cannot: the window reaches past the change by a
 * margin on each side, and the findings it gives in those margins must be exactly the ones the last scan gave
 * there. When any condition fails the answer is `undefined`, and only a full scan can tell.
 */

import { blockAround, fencedBlocks } from './detection/documentView';
import { MAX_PER_RULE, detectionRule } from './detection/registry';
import { groupedCount, MAX_FINDINGS_PER_FILE, TOO_MANY_FINDINGS } from './findingCollector';
import { LineIndex } from './offsetMap';
import { capNoteMessage, codePointCount, contextContent, scanDocument, unitLabel, type ScanOptions } from './scanner';
import { MAX_SCAN_CHARS } from './threatPatterns';
import { isPyWhitespace } from './text';
import type { Finding, Position } from './types';

/** A scanned text with its findings as offsets, so the next edit can reuse them. */
export interface ScanSnapshot {
  text: string;
  findings: Finding[];
  /** [start, end) of each finding as offsets into `text`. */
  offsets: Array<[number, number]>;
  /** Code points past Hermes' cap (the count in the `scan_cap_exceeded` note); undefined when there is no such note. */
  unscanned?: number;
}

/** How far the window reaches before and after the changed lines (room for quotation and anchor context). */
export const WINDOW_MARGIN = 8_192;
/** A window that would have to grow past this to hold a construct open across its edge is not worth it. */
const MAX_WINDOW = 262_144;
/** Files with many findings of one rule, or near the per-file cap, depend on caps the window cannot see. */
const MAX_RULE_FINDINGS = Math.floor(MAX_PER_RULE / 2);
const MAX_FINDINGS = Math.floor(MAX_FINDINGS_PER_FILE / 2);
const CAP_NOTE = 'scan_cap_exceeded';

/** Comments and collapsed blocks: what they hide can be far from where they open. */
const PAIRS: Array<[open: string, close: string]> = [['<!--', '-->'], ['<details', '</details']];
/** Delimiters whose typing or deletion changes how text far after them is read. */
const SPANNING = [...PAIRS.flat(), '```', '~~~'];

/** The snapshot of a full scan's findings for `text`. */
export function snapshotOf(text: string, findings: Finding[], options: Pick<ScanOptions, 'kind'>): ScanSnapshot {
  const lines = new LineIndex(text);
  const hasNote = findings.some((f) => f.ruleId === CAP_NOTE);
  return {
    text,
    findings,
    offsets: findings.map((f) => [lines.offsetAt(f.range.start), lines.offsetAt(f.range.end)]),
    unscanned: hasNote ? codePointCount(contextContent(text, options.kind === 'hermes_md').content) - MAX_SCAN_CHARS : undefined,
  };
}

/**
 * The findings for `text`, an edit of `before.text`, reusing `before`'s outside the edited window; undefined
 * when the edit is not one the window can answer exactly (inside or near Hermes' cap, a memory file, a change
 * to a fence or comment delimiter, a finding crossing the window, many findings, or margins that disagree).
 */
export function rescanEdit(before: ScanSnapshot, text: string, options: ScanOptions): ScanSnapshot | undefined {
  const old = before.text;
  if (options.kind === 'memory' || before.unscanned === undefined || options.pastCap) return undefined;
  if (before.findings.some((f) => f.ruleId === TOO_MANY_FINDINGS)) return undefined;
  const noteAt = before.findings.findIndex((f) => f.ruleId === CAP_NOTE);
  if (noteAt === -1) return undefined;
  const capStart = before.offsets[noteAt][0];

  const prefix = commonPrefix(old, text);
  if (prefix === old.length && prefix === text.length) return { ...before, text };
  const suffix = commonSuffix(old, text, Math.min(old.length, text.length) - prefix);
  const delta = text.length - old.length;
  const changeEnd = text.length - suffix;
  // Whole lines around the change, in both texts: a delimiter typed or deleted there changes the file after it.
  const lineA = lineStartBefore(text, prefix);
  const lineB = lineEndAfter(text, changeEnd);
  const changedNew = text.slice(lineA, lineB);
  const changedOld = old.slice(lineA, lineB - delta);
  if (SPANNING.some((d) => changedNew.includes(d) || changedOld.includes(d))) return undefined;

  const fences = fencedBlocks(text);
  let a = lineStartBefore(text, Math.max(0, lineA - WINDOW_MARGIN));
  let b = lineEndAfter(text, Math.min(text.length, lineB + WINDOW_MARGIN));
  // Grow the window until no finding and no spanning construct crosses its edges.
  for (let grown = true; grown;) {
    grown = false;
    if (a <= capStart || b - a > MAX_WINDOW) return undefined;
    const bOld = b - delta;
    for (let i = 0; i < before.findings.length; i++) {
      const [s, e] = before.offsets[i];
      if (i === noteAt) continue;
      if (s < a && e > a) { a = lineStartBefore(text, s); grown = true; }
      if (s < bOld && e > bOld) { b = lineEndAfter(text, e + delta); grown = true; }
    }
    // A fence open at an edge: the window takes in the whole block, and the lines before it that may mark it as an example.
    const fenceAtA = blockAround(fences, a);
    const fenceAtB = blockAround(fences, b);
    let [a2, b2] = [a, b];
    if (fenceAtA) a2 = lineStartBefore(text, Math.max(0, fenceAtA[0] - WINDOW_MARGIN));
    if (fenceAtB) b2 = lineEndAfter(text, fenceAtB[1]);
    for (const [open, close] of PAIRS) [a2, b2] = balancePair(text, open, close, a2, b2);
    if (a2 !== a || b2 !== b) { [a, b] = [Math.min(a, a2), Math.max(b, b2)]; grown = true; }
  }
  const bOld = b - delta;

  const scanned = scanDocument(text.slice(a, b), { ...options, pastCap: true, label: undefined });
  const windowLines = new LineIndex(text.slice(a, b));
  const aLine = lineCount(text, 0, a);
  const lineDelta = lineCount(text, a, b) - lineCount(old, a, bOld);
  const fromWindow = scanned.findings.map((f) => ({ ...f, range: { start: shiftLine(f.range.start, aLine), end: shiftLine(f.range.end, aLine) } }));
  const windowOffsets = scanned.findings.map((f) => [a + windowLines.offsetAt(f.range.start), a + windowLines.offsetAt(f.range.end)] as [number, number]);

  // The margins: findings there, in the last scan and in the window, must agree exactly.
  const oldInside: number[] = [];
  for (let i = 0; i < before.findings.length; i++) {
    const [s, e] = before.offsets[i];
    if (i !== noteAt && s >= a && e <= bOld) oldInside.push(i);
  }
  const key = (f: Finding, s: number, e: number): string => `${f.ruleId}\u0000${f.severity}\u0000${f.hermesBlocks}\u0000${s}\u0000${e}\u0000${f.message}`;
  const leftOld = oldInside.filter((i) => before.offsets[i][1] <= lineA).map((i) => key(before.findings[i], ...before.offsets[i]));
  const leftNew = fromWindow.flatMap((f, i) => (windowOffsets[i][1] <= lineA ? [key(f, ...windowOffsets[i])] : []));
  const rightOld = oldInside.filter((i) => before.offsets[i][0] >= lineB - delta).map((i) => key(before.findings[i], before.offsets[i][0] + delta, before.offsets[i][1] + delta));
  const rightNew = fromWindow.flatMap((f, i) => (windowOffsets[i][0] >= lineB ? [key(f, ...windowOffsets[i])] : []));
  if (leftOld.join('\u0001') !== leftNew.join('\u0001') || rightOld.join('\u0001') !== rightNew.join('\u0001')) return undefined;

  const findings: Finding[] = [];
  const offsets: Array<[number, number]> = [];
  const unscanned = before.unscanned + contentCodePoints(text, a, b) - contentCodePoints(old, a, bOld);
  const endPosition = (): Position => {
    if (b < text.length) {
      const last = before.findings[noteAt].range.end;
      return { line: last.line + lineDelta, character: last.character };
    }
    const p = windowLines.positionAt(b - a);
    return shiftLine(p, aLine);
  };
  let windowAdded = false;
  const addWindow = (): void => {
    if (windowAdded) return;
    windowAdded = true;
    findings.push(...fromWindow);
    offsets.push(...windowOffsets);
  };
  for (let i = 0; i < before.findings.length; i++) {
    const f = before.findings[i];
    const [s, e] = before.offsets[i];
    if (i === noteAt) {
      findings.push({ ...f, message: capNoteMessage(unitLabel(options), unscanned), range: { start: f.range.start, end: endPosition() } });
      offsets.push([s, text.length]);
    } else if (e <= a && s < a) {
      findings.push(f);
      offsets.push([s, e]);
    } else if (s >= bOld) {
      addWindow();
      findings.push({ ...f, range: { start: shiftLine(f.range.start, lineDelta), end: shiftLine(f.range.end, lineDelta) } });
      offsets.push([s + delta, e + delta]);
    }
  }
  addWindow();
  if (findings.length > MAX_FINDINGS || crowdedRule(findings)) return undefined;
  return { text, findings, offsets, unscanned };
}

/** Some beyond-Hermes rule has so many findings that its per-file cap may have cut them short. */
function crowdedRule(findings: Finding[]): boolean {
  const perRule = new Map<string, number>();
  for (const f of findings) {
    if (!detectionRule(f.ruleId)) continue;
    const n = (perRule.get(f.ruleId) ?? 0) + groupedCount(f.message);
    if (n >= MAX_RULE_FINDINGS) return true;
    perRule.set(f.ruleId, n);
  }
  return false;
}

function shiftLine(p: Position, lines: number): Position {
  return { line: p.line + lines, character: p.character };
}

/** Code points of text[from, to) as Hermes' content has them: universal newlines, and no trailing whitespace of the file. */
function contentCodePoints(text: string, from: number, to: number): number {
  let end = text.length;
  while (end > 0 && isPyWhitespace(text.charCodeAt(end - 1))) end--;
  to = Math.min(to, end);
  if (to <= from) return 0;
  const piece = text.slice(from, to);
  return codePointCount(piece) - occurrences(piece, '\r\n', 0, piece.length);
}

function occurrences(text: string, needle: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf(needle, from); i !== -1 && i + needle.length <= to; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** [a, b) grown so that a comment or block closed inside the window opens inside it, and one opened inside it closes inside it. */
function balancePair(text: string, open: string, close: string, a: number, b: number): [number, number] {
  const firstClose = text.indexOf(close, a);
  const firstOpen = text.indexOf(open, a);
  if (firstClose !== -1 && firstClose < b && (firstOpen === -1 || firstClose < firstOpen)) {
    const opener = text.lastIndexOf(open, a - 1);
    if (opener !== -1) return [lineStartBefore(text, opener), b];
  }
  const lastOpen = text.lastIndexOf(open, b - open.length);
  if (lastOpen >= a) {
    const closer = text.indexOf(close, lastOpen + open.length);
    if (closer >= b) return [a, lineEndAfter(text, closer + close.length)];
  }
  return [a, b];
}

/** Line breaks (\n, \r\n, lone \r) in text[from, to), with `from` and `to` at line starts. */
function lineCount(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  // A lone \r also ends a line (rare: only files from classic Mac OS have them).
  for (let i = text.indexOf('\r', from); i !== -1 && i < to; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) n++;
  return n;
}

/** The start of the line holding `pos` (never between a \r and its \n). */
function lineStartBefore(text: string, pos: number): number {
  for (let i = Math.min(pos, text.length) - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return i + 1;
    if (c === 13 && text.charCodeAt(i + 1) !== 10) return i + 1;
  }
  return 0;
}

/** The start of the line after the one holding `pos`, or the text's end. */
function lineEndAfter(text: string, pos: number): number {
  for (let i = pos; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return i + 1;
    if (c === 13) return text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
  }
  return text.length;
}

const CHUNK = 4096;

function commonPrefix(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  let i = 0;
  while (i + CHUNK <= n && x.slice(i, i + CHUNK) === y.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && x.charCodeAt(i) === y.charCodeAt(i)) i++;
  return i;
}

/** Common suffix of x and y, at most `max` long. */
function commonSuffix(x: string, y: string, max: number): number {
  let i = 0;
  while (i + CHUNK <= max && x.slice(x.length - i - CHUNK, x.length - i) === y.slice(y.length - i - CHUNK, y.length - i)) i += CHUNK;
  while (i < max && x.charCodeAt(x.length - 1 - i) === y.charCodeAt(y.length - 1 - i)) i++;
  return i;
}
