/** The shape of a dangerous-actions check, so that the detector runs every concept file's checks from one list. */

import type { DocumentView } from '../documentView';

/** Reports a finding of a rule, unless the text negates it where it starts. */
export type Report = (start: number, end: number, ruleId: string, message: string) => void;

/** One check: it reads the lines its anchor finds and reports what its patterns match there. */
export type Check = (view: DocumentView, report: Report) => void;
