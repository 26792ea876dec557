/**
 * How many files of the benign corpus (test/fixtures/detection/benign on the corpus branch: ordinary context
 * files and honest look-alikes of each attack family) each beyond-Hermes rule flags at warning severity with
 * checks 'all', as `npm run bench:detection` measures it (out/bench/detection-fp.json). The README's rule
 * reference states these figures; re-measure and update them when rules or the corpus change.
 */

export const BENIGN_CORPUS_FILES = 290;

const FLAGGED: Readonly<Record<string, number>> = {
  remote_image: 2,
  hidden_comment: 5,
};

export function benignFalseFlags(ruleId: string): string {
  return `${FLAGGED[ruleId] ?? 0} of ${BENIGN_CORPUS_FILES} files`;
}
