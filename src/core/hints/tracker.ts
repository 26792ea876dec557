/**
 * Hermes' `SubdirectoryHintTracker` (agent/subdirectory_hints.py): one per session, anchored at the launch
 * directory. After each tool call it finds the directories the call touched and returns the text Hermes
 * appends to the tool result: the hints of directories not seen before.
 */
import * as path from 'node:path';
import type { ReadEnv } from '../contextFiles';
import { homeLikeReason } from './homeGuard';
import { launchDirectorySeed, loadDirectoryHint, type DirectoryHint, type SeenDigests } from './hintFile';
import { PRUNE_DIR_NAMES } from './pruneNames';
import { expandUser, isWithin, pathSuffix, resolvePath } from './pyPath';
import { toolCallPaths } from './toolPaths';

/** `_MAX_ANCESTOR_WALK`: levels walked up from each touched path. */
export const MAX_ANCESTOR_WALK = 5;

export interface TrackerOptions {
  /** The launch directory (Hermes' working directory); resolved here. */
  launchDir: string;
  /** The user's home directory, for `~` and the home-directory guard. */
  home: string;
  /** False mirrors `skip_context_files` (delegated sub-agents, cron without a workdir). */
  enabled?: boolean;
}

export interface ToolCallHints {
  /** What Hermes appends to the tool result: "\n\n" + the hints joined by "\n\n", or "" for none. */
  appended: string;
  /** Every directory this call loaded, in order, including those that added nothing. */
  directories: DirectoryHint[];
}

/** The first segment below the launch directory that is a pruned name, if any. */
export function prunedSegment(launchDir: string, dir: string): string | undefined {
  const rel = path.relative(launchDir, dir);
  return rel ? rel.split(path.sep).find((part) => PRUNE_DIR_NAMES.has(part)) : undefined;
}

export class HintTracker {
  readonly launchDir: string;
  /** Set when hints are off for the whole session, with the reason. */
  readonly disabledReason?: string;
  private readonly loaded = new Set<string>();
  private readonly seen: SeenDigests = new Map();

  constructor(private readonly env: ReadEnv, private readonly options: TrackerOptions) {
    this.launchDir = resolvePath(env.fs, options.launchDir, '/');
    this.disabledReason = options.enabled === false
      ? 'context files are skipped for this session (skip_context_files)'
      : homeLikeReason(this.launchDir, options.home);
    // Start-up already loaded the launch directory's own file: it is neither walked into nor re-sent.
    this.loaded.add(this.launchDir);
    const seed = launchDirectorySeed(env, this.launchDir);
    if (seed) this.seen.set(seed.digest, `${seed.name} in the launch directory (already in the system prompt)`);
  }

  /** Whether Hermes has already loaded (or pre-marked) this resolved directory. */
  isLoaded(dir: string): boolean {
    return this.loaded.has(dir);
  }

  checkToolCall(toolName: string, args: Readonly<Record<string, unknown>>): ToolCallHints {
    if (this.disabledReason) return { appended: '', directories: [] };
    const directories = this.touchedDirectories(toolName, args).map((dir) => {
      this.loaded.add(dir);
      return loadDirectoryHint(this.env, this.launchDir, dir, this.seen);
    });
    const texts = directories.map((d) => d.text).filter(Boolean);
    return { appended: texts.length ? '\n\n' + texts.join('\n\n') : '', directories };
  }

  /**
   * The directories a call qualifies for loading. Hermes collects them in a Python set, whose order is
   * arbitrary; we keep the order of the call's paths, and for each path its ancestors before it.
   */
  touchedDirectories(toolName: string, args: Readonly<Record<string, unknown>>): string[] {
    const found: string[] = [];
    for (const raw of toolCallPaths(toolName, args)) {
      for (const dir of this.walk(raw).reverse()) if (!found.includes(dir)) found.push(dir);
    }
    return found;
  }

  /** `_add_path_candidate`: the path's directory and up to 4 ancestors, stopping at a loaded directory or the root. */
  private walk(raw: string): string[] {
    const fs = this.env.fs;
    let p = resolvePath(fs, expandUser(raw, this.options.home), this.launchDir);
    const kind = fs.stat(p)?.kind;
    // A directory named "src.v2" is still a directory; only file paths (existing or not) climb to their parent.
    if (kind !== 'directory' && (pathSuffix(p) || kind === 'file')) p = path.dirname(p);
    const dirs: string[] = [];
    for (let level = 0; level < MAX_ANCESTOR_WALK; level++) {
      if (this.loaded.has(p)) break;
      if (this.qualifies(p)) dirs.push(p);
      if (path.dirname(p) === p) break;
      p = path.dirname(p);
    }
    return dirs;
  }

  /** `_is_valid_subdir`: an existing directory inside the launch directory, not loaded, not under a pruned name. */
  private qualifies(dir: string): boolean {
    return this.env.fs.stat(dir)?.kind === 'directory' && !this.loaded.has(dir) && isWithin(this.launchDir, dir) && !prunedSegment(this.launchDir, dir);
  }
}
