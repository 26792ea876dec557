/**
 * Whether a context file reaches Hermes' model as a subdirectory hint, and why or why not: what happens when
 * the agent of a fresh session first reads it.
 */
import * as path from 'node:path';
import type { ReadEnv } from '../contextFiles';
import { HINT_FILE_NAMES, type DirectoryHint } from './hintFile';
import { isWithin, resolvePath } from './pyPath';
import { HintTracker, prunedSegment, type ToolCallHints, type TrackerOptions } from './tracker';

export interface FileReach {
  /** 'launch-directory': the file sits in the launch directory, so only start-up can load it. */
  reach: 'hint' | 'never' | 'launch-directory';
  reason: string;
  /** The file's own directory's hint, when the first read loads that directory. */
  hint?: DirectoryHint;
  /** What Hermes appends to the result of the agent's first `read_file` of the file (ancestors' hints included). */
  firstRead: ToolCallHints;
}

export function fileReach(env: ReadEnv, options: TrackerOptions, file: string): FileReach {
  const tracker = new HintTracker(env, options);
  const launchDir = tracker.launchDir;
  const name = path.basename(file);
  const dir = resolvePath(env.fs, path.dirname(file), launchDir);
  const firstRead = tracker.checkToolCall('read_file', { path: file });
  const never = (reason: string): FileReach => ({ reach: 'never', reason, firstRead });
  if (tracker.disabledReason) return never(`Hermes turns subdirectory hints off for this launch directory: ${tracker.disabledReason}.`);
  if (dir === launchDir) return { reach: 'launch-directory', reason: 'It is in the launch directory, which only the start-up prompt reads.', firstRead };
  if (!isWithin(launchDir, dir)) return never(`It is outside the launch directory (${launchDir}); Hermes sends hints only from directories inside it.`);
  if (!HINT_FILE_NAMES.includes(name)) return never(`Hermes sends only ${HINT_FILE_NAMES.join(', ')} as hints, and loads ${name} only from the launch directory at start-up.`);
  const pruned = prunedSegment(launchDir, dir);
  if (pruned) return never(`It is under "${pruned}", a directory Hermes prunes from hint discovery.`);
  const hint = firstRead.directories.find((d) => d.directory === dir);
  if (!hint) return never('Its directory is not reached by the first read.');
  const own = path.join(dir, name);
  const skipped = hint.skipped.find((s) => s.name === name);
  if (skipped) return { reach: 'never', reason: skipped.detail, hint, firstRead };
  if (hint.file && hint.file !== own) {
    const winner = path.basename(hint.file);
    return {
      reach: 'never', hint, firstRead,
      reason: hint.status === 'duplicate'
        ? `${winner} comes first in this directory and repeats ${hint.duplicateOf}, so Hermes sends nothing from here.`
        : `${winner} comes first in this directory (order: ${HINT_FILE_NAMES.join(', ')}); Hermes sends only that one.`,
    };
  }
  if (hint.status === 'duplicate') return { reach: 'never', reason: hint.message, hint, firstRead };
  return { reach: 'hint', reason: `As a subdirectory hint appended to the first tool result that touches ${hint.relativeDirectory}. ${hint.message}`, hint, firstRead };
}
