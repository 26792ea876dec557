import { GROUP_GAP, MAX_FINDINGS_PER_FILE, TOO_MANY_FINDINGS } from './findingCollector';
import { findRule, RULES, type RuleInfo } from './scanner';
import { formatThousands } from './text';

export const PROJECT_URL = 'https://github.com/hermes-prompt-lens/hermes-prompt-lens';

/** Rule ids that are not scanner rules but findings about the file itself. */
const FILE_RULES: RuleInfo[] = [
  { id: 'invalid_utf8', title: 'Not valid UTF-8', hermesBlocks: false, description: "Python's strict UTF-8 decoder rejects the file, so Hermes skips it entirely." },
  {
    id: TOO_MANY_FINDINGS, title: 'More findings than are listed', hermesBlocks: false,
    description: `At most ${formatThousands(MAX_FINDINGS_PER_FILE)} findings are listed per file (matches of one pattern at most ` +
      `${GROUP_GAP} characters apart count as one, whose message says how many it groups); this one says how many ` +
      'more there are and where the first of them is. What Hermes blocks and the most severe findings are listed first. ' +
      "Hermes' verdict on the file does not depend on it.",
  },
];

/** Every documented rule: the scanner's and the file-level ones. */
export const ALL_RULES: readonly RuleInfo[] = [...RULES, ...FILE_RULES];

/** The rule's documentation, with invisible_unicode_U+XXXX ids folded into their family. */
export function ruleInfo(ruleId: string): RuleInfo {
  return findRule(ruleId) ?? FILE_RULES.find((r) => r.id === ruleId) ?? { id: ruleId, title: ruleId, hermesBlocks: false, description: ruleId };
}

/** The README section that explains a rule: `#rule-<id with dashes>`. */
export function ruleHelpUri(ruleId: string): string {
  return `${PROJECT_URL}#rule-${ruleInfo(ruleId).id.replace(/_/g, '-').toLowerCase()}`;
}
