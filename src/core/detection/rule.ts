/**
 * The vocabulary of the checks Hermes Prompt Lens makes on top of Hermes' own scanner: families, tiers,
 * rule metadata and what a detector reports.
 */

import type { Anchor } from './anchors';
import type { DocumentView } from './documentView';
import type { NonAsciiClass } from './nonAsciiClass';

/** Attack families, as the README and the detection benchmark group them. */
export const FAMILIES = [
  'exfil-rendering', 'hidden-text', 'encoded', 'confusables', 'fake-structure', 'conditional-trigger',
  'dangerous-actions', 'other-languages', 'unicode-context',
] as const;
export type Family = (typeof FAMILIES)[number];

/**
 * Which checks run: Hermes' verdict only; Hermes plus the beyond-Hermes rules with few false flags on real
 * files; or every rule.
 */
export const CHECK_LEVELS = ['hermes', 'recommended', 'all'] as const;
export type Checks = (typeof CHECK_LEVELS)[number];

export function isChecks(value: unknown): value is Checks {
  return typeof value === 'string' && (CHECK_LEVELS as readonly string[]).includes(value);
}

/** The least check level that runs a rule. */
export type Tier = Exclude<Checks, 'hermes'>;

export interface DetectionRule {
  id: string;
  title: string;
  family: Family;
  tier: Tier;
  description: string;
  /** A short text the rule reports, for the README. */
  example: string;
  fix: string;
  /** SARIF `security-severity` (0–10, GitHub: ≥ 7 high, ≥ 4 medium). */
  securitySeverity: number;
}

/** One report from a detector, as offsets into the scanned text. */
export interface Detection {
  start: number;
  end: number;
  ruleId: string;
  /** What the text tries to do; the registry adds whether it is quoted and that Hermes does not stop it. */
  message: string;
  /** The message already says how Hermes treats it. */
  complete?: boolean;
  /** Which quotations lower this finding, when it differs from its detector's (a disguised command in a code span is no quotation). */
  quotable?: Quotable;
}

export type Emit = (d: Detection) => void;

/** Whether a scan reports a rule: a detector skips the work that only unreported rules need. */
export type Reported = (ruleId: string) => boolean;

/** For callers that take any finding of any rule (the instruction cues). */
export const EVERY_RULE: Reported = () => true;

/**
 * Which quotations lower a finding to information: none (hidden characters), code blocks and spans, fenced
 * blocks only, or only fenced blocks introduced as examples (commands); marked example quotations always do.
 */
export type Quotable = 'none' | 'code' | 'fence' | 'example-fence';

export interface Detector {
  family: Family;
  /** The rules it reports; it reports no others (the registry stops it once all of them are at their cap). */
  rules: readonly DetectionRule[];
  /**
   * The detector runs only if one of these literals occurs (an Anchor), or this character class matches (a RegExp, or a
   * NonAsciiClass for a class of non-ASCII code points).
   */
  anchor: Anchor | NonAsciiClass | RegExp;
  quotable: Quotable;
  detect(view: DocumentView, emit: Emit, reported: Reported): void;
}
