import * as path from 'node:path';
import type { DirEntry, FileKind, FileSystem } from './fs';

/**
 * How a walk treats symlinked directories:
 * - `stay-in-root`: never entered. One inside the root is walked anyway by its real path; one resolving
 *   outside is reported (a `ln -s / x` must not turn a workspace scan into a scan of the whole disk).
 * - `follow`: entered wherever they lead, like `os.walk(followlinks=True)`, up to `maxDepth`; a link back
 *   into a directory on the current path is a loop and is reported instead of walked.
 * A caller that must list one directory under each path reaching it (no `once`) bounds the walk by `maxDepth`.
 */
export type SymlinkPolicy = 'stay-in-root' | 'follow';

export interface WalkOptions {
  symlinks: SymlinkPolicy;
  /** Levels below the root that are entered at most; deeper directories are reported. */
  maxDepth?: number;
  /** `follow` only: enter each real directory once, whichever path reaches it first. */
  once?: boolean;
  /** At most this many directories are listed; the rest of the tree is reported as not walked. */
  maxDirectories?: number;
  /** Order of the names within one directory. */
  compare?: (a: string, b: string) => number;
  /** Whether to enter the subdirectory `name` of `dir`, given the entries of `dir`. */
  enter?(dir: string, name: string, siblings: readonly DirEntry[]): boolean;
  /** Whether the file at `file` (kind as listed, symlinks followed) is wanted; only wanted symlinks are resolved. */
  want(file: string, name: string): boolean;
  /** Also return wanted symlinks that lead nowhere (kind `dangling`): `os.walk` lists them among the files. */
  dangling?: boolean;
}

export interface WalkedFile {
  path: string;
  /** What the path is, symlinks followed: callers read 'other' (a FIFO, a device) to report it. */
  kind: FileKind | 'dangling';
  /** Set for a symlink that resolves outside the root: where it leads. */
  outsideRoot?: string;
}

export type WalkProblem =
  | { kind: 'unlistable'; path: string; message: string }
  | { kind: 'outside-root'; path: string; target: string }
  | { kind: 'loop'; path: string; target: string }
  | { kind: 'too-deep'; path: string; maxDepth: number }
  | { kind: 'budget'; path: string; maxDirectories: number };

export interface WalkResult {
  /** Wanted files, depth first in `compare` order. */
  files: WalkedFile[];
  problems: WalkProblem[];
}

const DEFAULT_MAX_DIRECTORIES = 200_000;

interface Frame {
  dir: string;
  /** The directory's real path: the parent's plus the name for a plain directory, resolved only for a symlink. */
  real: string;
  depth: number;
  entries: DirEntry[];
  next: number;
}

/**
 * The one directory walk: iterative (no recursion limit), one listing per directory, and a realpath only for
 * the root and for symlinks; loops are found by comparing real paths, built by concatenation. Linear in
 * depth and entries.
 */
export function walkTree(fs: FileSystem, root: string, opts: WalkOptions): WalkResult {
  const files: WalkedFile[] = [];
  const problems: WalkProblem[] = [];
  const maxDepth = opts.maxDepth ?? Number.MAX_SAFE_INTEGER;
  const maxDirectories = opts.maxDirectories ?? DEFAULT_MAX_DIRECTORIES;
  const follow = opts.symlinks === 'follow';
  const realRoot = fs.realpath(root);
  const under = (real: string, base: string) => real === base || real.startsWith(base.endsWith(path.sep) ? base : base + path.sep);
  const onPath = new Set<string>();
  const seen = new Set<string>();
  const stack: Frame[] = [];
  let listed = 0;

  const open = (dir: string, real: string, depth: number): void => {
    if (listed >= maxDirectories) {
      if (listed++ === maxDirectories) problems.push({ kind: 'budget', path: dir, maxDirectories });
      return;
    }
    let entries: DirEntry[];
    try {
      entries = fs.listDirectory(dir);
    } catch (err) {
      problems.push({ kind: 'unlistable', path: dir, message: (err as Error).message });
      return;
    }
    listed++;
    const compare = opts.compare;
    entries.sort(compare ? (a, b) => compare(a.name, b.name) : (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    onPath.add(real);
    seen.add(real);
    stack.push({ dir, real, depth, entries, next: 0 });
  };

  const enterDirectory = (child: string, real: string, depth: number, viaLink: boolean): void => {
    if (depth > maxDepth) {
      problems.push({ kind: 'too-deep', path: child, maxDepth });
      return;
    }
    if (onPath.has(real)) {
      problems.push({ kind: 'loop', path: child, target: real });
      return;
    }
    if (opts.once && seen.has(real)) {
      if (viaLink) problems.push({ kind: 'loop', path: child, target: real });
      return;
    }
    open(child, real, depth);
  };

  if (fs.stat(root)?.kind !== 'directory') return { files, problems };
  open(path.resolve(root), realRoot, 0);
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (frame.next >= frame.entries.length) {
      stack.pop();
      onPath.delete(frame.real);
      continue;
    }
    const entry = frame.entries[frame.next++];
    const child = join(frame.dir, entry.name);
    if (entry.kind === 'directory') {
      if (!opts.enter || opts.enter(frame.dir, entry.name, frame.entries)) enterDirectory(child, join(frame.real, entry.name), frame.depth + 1, false);
    } else if (entry.kind === 'symlink') {
      const st = fs.stat(child);
      if (st?.kind === 'directory') {
        if (opts.enter && !opts.enter(frame.dir, entry.name, frame.entries)) continue;
        const target = fs.realpath(child);
        if (follow) enterDirectory(child, target, frame.depth + 1, true);
        else if (!under(target, realRoot)) problems.push({ kind: 'outside-root', path: child, target });
      } else if (st && opts.want(child, entry.name)) {
        const target = fs.realpath(child);
        files.push({ path: child, kind: st.kind, ...(under(target, realRoot) ? {} : { outsideRoot: target }) });
      } else if (!st && opts.dangling && opts.want(child, entry.name)) {
        files.push({ path: child, kind: 'dangling' });
      }
    } else if (opts.want(child, entry.name)) {
      files.push({ path: child, kind: entry.kind });
    }
  }
  return { files, problems };
}

/**
 * A child path by concatenation: `path.join` re-normalizes the whole parent every time, which makes a deep walk
 * quadratic in allocations. Directory names hold no separator and the walk's paths are already normal.
 */
function join(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}
