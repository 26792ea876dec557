import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';
import { ruleHelpUri } from '../core/ruleLinks';
import { findRule, RULES } from '../core/scanner';
import type { Checks } from '../core/detection/rule';
import type { Finding, Severity } from '../core/types';
import { SERVER_SOURCE, type ServerSettings, type SeverityOverride } from '../shared/protocol';

/** Diagnostics the server adds from the assembled prompt (not scanner rules); each has a README section too. */
export const NOTE_RULES = {
  truncated: 'context_file_truncated',
  shadowed: 'context_file_shadowed',
  cacheImpact: 'cache_impact',
  frozenSnapshot: 'frozen_snapshot',
} as const;

/** Rule ids of checks Hermes itself does not make; `beyondHermesChecks` switches these. */
export const BEYOND_HERMES_RULES: readonly string[] = RULES.filter((r) => !r.hermesBlocks).map((r) => r.id);

/** Ids whose findings mark invisible characters, so removing the range removes them. */
export const INVISIBLE_RULES: ReadonlySet<string> = new Set(['invisible_unicode', ...RULES.filter((r) => r.family === 'unicode-context').map((r) => r.id)]);

/** Ids whose finding range is exactly something safe to delete: escape sequences and comments hidden from readers. */
export const REMOVABLE_RULES: ReadonlySet<string> = new Set(['ansi_escape', 'hidden_comment_instruction', 'hidden_comment']);

export function ruleFamily(ruleId: string): string {
  return findRule(ruleId)?.id ?? ruleId;
}

export function isInvisibleRule(ruleId: string): boolean {
  return INVISIBLE_RULES.has(ruleFamily(ruleId));
}

/** The check level to scan with: the setting, or Hermes' verdict only when every beyond-Hermes rule is switched off. */
export function checksWanted(settings: ServerSettings): Checks {
  const scannerRules = BEYOND_HERMES_RULES.filter((id) => id !== 'scan_cap_exceeded');
  return scannerRules.every((id) => settings.beyondHermesChecks[id] === false) ? 'hermes' : settings.checks;
}

const BY_NAME: Record<Exclude<SeverityOverride, 'off'>, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

const BY_FINDING: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** The severity after settings, or undefined when the rule is switched off (exact id first, then its family). */
function effectiveSeverity(ruleId: string, severity: DiagnosticSeverity, settings: ServerSettings): DiagnosticSeverity | undefined {
  const family = ruleFamily(ruleId);
  if (settings.beyondHermesChecks[family] === false && BEYOND_HERMES_RULES.includes(family)) return undefined;
  const override = settings.severityOverrides[ruleId] ?? settings.severityOverrides[family];
  if (override === 'off') return undefined;
  return override ? BY_NAME[override] : severity;
}

export function makeDiagnostic(ruleId: string, severity: DiagnosticSeverity, message: string, range: Range, settings: ServerSettings): Diagnostic | undefined {
  const effective = effectiveSeverity(ruleId, severity, settings);
  if (effective === undefined) return undefined;
  return { range, severity: effective, code: ruleId, codeDescription: { href: ruleHelpUri(ruleId) }, source: SERVER_SOURCE, message };
}

export function findingDiagnostic(f: Finding, settings: ServerSettings): Diagnostic | undefined {
  return makeDiagnostic(f.ruleId, BY_FINDING[f.severity], f.message, f.range, settings);
}

/** Findings the user has not switched off, for results that carry findings rather than diagnostics. */
export function enabledFindings(findings: readonly Finding[], settings: ServerSettings): Finding[] {
  return findings.filter((f) => effectiveSeverity(f.ruleId, BY_FINDING[f.severity], settings) !== undefined);
}
