/**
 * How many files of the benign corpus (test/fixtures/detection/benign: ordinary context files and honest
 * look-alikes of each attack family) each beyond-Hermes rule flags at warning severity, as measured by
 * `npm run bench:detection` (out/bench/detection-fp.json). The README's rule reference states these figures.
 */

export const BENIGN_CORPUS_FILES = 173;

const FLAGGED: Readonly<Record<string, number>> = {};

export function benignFalseFlags(ruleId: string): string {
  return `${FLAGGED[ruleId] ?? 0} of ${BENIGN_CORPUS_FILES} files`;
}
