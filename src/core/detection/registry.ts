/**
 * Runs the beyond-Hermes detectors over a text: each only where its literal anchors occur, each finding
 * lowered to information inside code blocks and marked examples, and dropped where Hermes itself already
 * blocks the same text. A detector declares its anchors as anchors.ts describes: its `anchor` gates it here,
 * and each of its checks reads only the lines its own Anchor proves (`view.eachLineMatch`, `view.eachLine`).
 */

import { CONDITIONAL_TRIGGER } from './conditionalTrigger';
import { CONFUSABLES } from './confusables';
import { DANGEROUS_ACTIONS } from './dangerousActions/detector';
import { DocumentView } from './documentView';
import { ENCODED } from './encoded';
import { EXFIL_RENDERING } from './exfilRendering';
import { FAKE_STRUCTURE } from './fakeStructure';
import { HIDDEN_TEXT } from './hiddenText';
import { OTHER_LANGUAGES } from './otherLanguages';
import { joinSoftWraps } from './softWraps';
import type { Checks, Detection, DetectionRule, Detector, Family } from './rule';
import { UNICODE_CONTEXT } from './unicodeContext';

export const DETECTORS: readonly Detector[] = [
  UNICODE_CONTEXT, EXFIL_RENDERING, HIDDEN_TEXT, ENCODED, CONFUSABLES, FAKE_STRUCTURE, CONDITIONAL_TRIGGER, DANGEROUS_ACTIONS, OTHER_LANGUAGES,
];

export const DETECTION_RULES: readonly DetectionRule[] = DETECTORS.flatMap((d) => d.rules);

const RULE_BY_ID = new Map(DETECTION_RULES.map((r) => [r.id, r]));

export function detectionRule(id: string): DetectionRule | undefined {
  return RULE_BY_ID.get(id);
}

/** A beyond-Hermes finding as offsets into the scanned text. */
export interface BeyondHermesHit {
  start: number;
  end: number;
  ruleId: string;
  family: Family;
  severity: 'warning' | 'info';
  message: string;
}

const NOT_STOPPED = 'Hermes does not stop this.';

/** Per check level, each detector with the ids of its rules that level reports. */
const OPEN_RULES: Record<Exclude<Checks, 'hermes'>, [Detector, ReadonlySet<string>][]> = {
  recommended: DETECTORS.map((d) => [d, new Set(d.rules.filter((r) => r.tier === 'recommended').map((r) => r.id))]),
  all: DETECTORS.map((d) => [d, new Set(d.rules.map((r) => r.id))]),
};

/** Findings per rule and file: enough to show a pattern, and a bound on the work a hostile file can cause. */
export const MAX_PER_RULE = 100;

/** Where Hermes' own findings are, as [start, end) offsets into the scanned text. */
export interface HermesSpans {
  overlaps(start: number, end: number): boolean;
}

const NO_SPANS: HermesSpans = { overlaps: () => false };

/**
 * The beyond-Hermes findings for `text` at check level `checks` ('hermes' runs nothing). A finding that
 * overlaps one of `hermesSpans` is Hermes' to report.
 */
export function detectBeyondHermes(text: string, checks: Checks, hermesSpans: HermesSpans = NO_SPANS): BeyondHermesHit[] {
  if (checks === 'hermes' || !text) return [];
  const view = new DocumentView(joinSoftWraps(text));
  const out: BeyondHermesHit[] = [];
  const seen = new Set<string>();
  const perRule = new Map<string, number>();
  for (const [d, open] of OPEN_RULES[checks]) {
    if (!open.size) continue;
    if (!view.present(d.anchor)) continue;
    // A detector reports only its own rules: once each of them is at its cap, nothing it finds can be
    // reported, and its line searches stop.
    view.halted = false;
    d.detect(view, (x: Detection) => {
      const rule = RULE_BY_ID.get(x.ruleId);
      if (!rule || !open.has(x.ruleId)) return;
      const key = `${x.ruleId}@${x.start}`;
      if (seen.has(key) || (perRule.get(x.ruleId) ?? 0) >= MAX_PER_RULE) return;
      seen.add(key);
      if (d.family !== 'unicode-context' && hermesSpans.overlaps(x.start, x.end)) return;
      const quotable = x.quotable ?? d.quotable;
      const quoted = quotable === 'none' ? undefined : view.quotation(x.start, x.end, quotable);
      const message = x.complete
        ? x.message
        : quoted
          ? `${x.message} Reported as information because it is ${quoted}; ${NOT_STOPPED[0].toLowerCase()}${NOT_STOPPED.slice(1)}`
          : `${x.message} ${NOT_STOPPED}`;
      perRule.set(x.ruleId, (perRule.get(x.ruleId) ?? 0) + 1);
      out.push({ start: x.start, end: x.end, ruleId: x.ruleId, family: rule.family, severity: quoted ? 'info' : 'warning', message });
      if ([...open].every((id) => (perRule.get(id) ?? 0) >= MAX_PER_RULE)) view.halted = true;
    }, (id) => open.has(id));
    view.halted = false;
  }
  return out;
}
