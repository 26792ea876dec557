/**
 * What a session launched from a directory would be sent as subdirectory hints: every directory of a tree
 * that holds a hint file, as the agent would meet it touching the directories in path order (parents first).
 */
import * as path from 'node:path';
import type { ReadEnv } from '../contextFiles';
import { compareCodePoints } from '../pyValue';
import { HINT_FILE_NAMES, type DirectoryHint } from './hintFile';
import { PRUNE_DIR_NAMES } from './pruneNames';
import { isWithin } from './pyPath';
import { HintTracker, prunedSegment, type TrackerOptions } from './tracker';

/** Directories listed at most: a survey is a preview, not an indexer. */
export const MAX_SURVEY_DIRECTORIES = 20_000;

export interface HintSurvey {
  launchDir: string;
  /** Set when Hermes turns hints off for the session (home-directory guard or skipped context files). */
  disabledReason?: string;
  /** One entry per directory with a hint file, in the order used (parents first). */
  directories: DirectoryHint[];
  /** The walk stopped at MAX_SURVEY_DIRECTORIES. */
  incomplete: boolean;
}

/**
 * Directories under `root` holding a file with a hint name. Pruned directories are reported when they hold one
 * themselves but are not descended into (node_modules would dwarf the rest); symlinked directories are
 * followed once each.
 */
export function hintDirectories(env: ReadEnv, root: string, limit = MAX_SURVEY_DIRECTORIES): { dirs: string[]; incomplete: boolean } {
  const dirs: string[] = [];
  const visited = new Set<string>();
  const stack = [root];
  let count = 0;
  while (stack.length) {
    const dir = stack.pop()!;
    const real = env.fs.realpath(dir);
    if (visited.has(real)) continue;
    visited.add(real);
    if (++count > limit) return { dirs: dirs.sort(compareCodePoints), incomplete: true };
    let names: string[];
    try {
      names = env.fs.readDirectory(dir);
    } catch {
      continue;
    }
    if (names.some((n) => HINT_FILE_NAMES.includes(n))) dirs.push(dir);
    for (const name of names.sort(compareCodePoints).reverse()) {
      const child = path.join(dir, name);
      if (env.fs.stat(child)?.kind !== 'directory') continue;
      if (PRUNE_DIR_NAMES.has(name)) {
        if (holdsHintFile(env, child)) dirs.push(child);
        continue;
      }
      stack.push(child);
    }
  }
  return { dirs: dirs.sort(compareCodePoints), incomplete: false };
}

/** The hints of every directory under `root` (the workspace folder) for a session launched from `options.launchDir`. */
export function surveyHints(env: ReadEnv, options: TrackerOptions & { root: string }): HintSurvey {
  const tracker = new HintTracker(env, options);
  const launchDir = tracker.launchDir;
  const walkRoot = isWithin(options.root, launchDir) ? options.root : launchDir;
  const { dirs, incomplete } = hintDirectories(env, walkRoot);
  const survey: HintSurvey = { launchDir, disabledReason: tracker.disabledReason, directories: [], incomplete };
  if (tracker.disabledReason) return survey;
  for (const dir of dirs) {
    const resolved = env.fs.realpath(dir);
    if (resolved === launchDir) continue;
    const base = { directory: resolved, relativeDirectory: path.relative(launchDir, resolved), text: '', threatIds: [], skipped: [] };
    if (!isWithin(launchDir, resolved)) {
      survey.directories.push({
        ...base, status: 'outside',
        message: `Outside the launch directory: Hermes never sends it as a hint${isWithin(resolved, launchDir) ? ' (as an ancestor it can only reach the start-up prompt)' : ''}.`,
      });
      continue;
    }
    const pruned = prunedSegment(launchDir, resolved);
    if (pruned) {
      survey.directories.push({ ...base, status: 'pruned', message: `Under "${pruned}", a directory Hermes prunes (it holds copies, not the project's own files): never sent.` });
      continue;
    }
    if (tracker.isLoaded(resolved)) continue;
    const hint = tracker.checkToolCall('read_file', { path: resolved }).directories.find((d) => d.directory === resolved);
    if (hint) survey.directories.push(hint);
  }
  return survey;
}

function holdsHintFile(env: ReadEnv, dir: string): boolean {
  try {
    return env.fs.readDirectory(dir).some((n) => HINT_FILE_NAMES.includes(n));
  } catch {
    return false;
  }
}
