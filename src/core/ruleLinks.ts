import { GROUP_GAP, MAX_FINDINGS_PER_FILE, TOO_MANY_FINDINGS } from './findingCollector';
import { findRule, RULES, type RuleInfo } from './scanner';
import { formatThousands } from './text';

export const PROJECT_URL = 'https://github.com/hermes-prompt-lens/hermes-prompt-lens';

/** Rule ids that are not scanner rules but findings about the file itself. */
const FILE_RULES: RuleInfo[] = [
  { id: 'invalid_utf8', title: 'Not valid UTF-8', hermesBlocks: false, description: "Python's strict UTF-8 decoder rejects the file, so Hermes skips it entirely." },
  { id: 'unreadable_file', title: 'Unreadable file', hermesBlocks: false, description: 'A context file that cannot be read as a regular file (permission denied, over 256 MiB, a FIFO or a device): the scan could not check it, and Hermes gets no usable text from it (reading a FIFO can even stall it).' },
  { id: 'unlistable_directory', title: 'Directory not scanned', hermesBlocks: false, description: 'A directory the scan could not list (permission denied, path too long): context files in it were not checked.' },
  { id: 'symlink_outside_root', title: 'Symlink out of the scanned folder', hermesBlocks: false, description: 'A symlink that leads outside the scanned folder. A directory link is not followed; a context file link is scanned, because Hermes reads the file it leads to.' },
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
