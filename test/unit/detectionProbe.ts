/** How the detection tests read the scanner: a context file named AGENTS.md, and the warnings beyond Hermes' verdict. */
import { scanDocument, type ScanOptions } from '../../src/core/scanner';

export const contextOptions = (checks: ScanOptions['checks'] = 'recommended', label = 'AGENTS.md'): ScanOptions => ({ kind: 'context', label, checks });

/** Rule ids of the findings Hermes does not block that are not information (checks 'recommended'), in file order. */
export function warnedRules(text: string, label = 'AGENTS.md'): string[] {
  return scanDocument(text, contextOptions('recommended', label)).findings.filter((f) => !f.hermesBlocks && f.severity !== 'info').map((f) => f.ruleId);
}

/** The same rule ids, each once, sorted. */
export function warnedRuleSet(text: string): string[] {
  return [...new Set(warnedRules(text))].sort();
}

/** Whether `rule` is among the rules that warn on `text`. */
export function warnsWith(text: string, rule: string): boolean {
  return warnedRuleSet(text).includes(rule);
}
