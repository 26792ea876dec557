import * as path from 'node:path';
import type { DirEntry, FileKind, FileSystem } from './fs';

/**
 * How a walk treats symlinked directories:
 * - `stay-in-root`: never entered. One inside the root is walked anyway by its real path; one resolving
 *   outside is reported (a `ln -s / x` must not turn a workspace scan into a scan of the whole disk).
 * - `follow`: entered wherever they lead, like `os.walk(followlinks=True)`, up to `maxDepth`; a link back
 *   into a directory on the current path is a loop and is reported instead of walked.
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
}

export interface WalkedFile {
  path: string;
  /** What the path is, symlinks followed: callers read 'other' (a FIFO, a device) to report it. */
  kind: FileKind;
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
  depth: number;
  entries: DirEntry[];
  next: number;
  /** `follow`: the directory's identity, to detect a link back into it. */
  id?: string;
}

/**
 * The one directory walk: iterative (no recursion limit), one listing per directory, one stat per entered
 * directory only when symlinks are followed, and a realpath only for symlinks. Linear in depth and entries.
 */
export function walkTree(fs: FileSystem, root: string, opts: WalkOptions): WalkResult {
  const files: WalkedFile[] = [];
  const problems: WalkProblem[] = [];
  const maxDepth = opts.maxDepth ?? Number.MAX_SAFE_INTEGER;
  const maxDirectories = opts.maxDirectories ?? DEFAULT_MAX_DIRECTORIES;
  const follow = opts.symlinks === 'follow';
  const realRoot = fs.realpath(root);
  const inRoot = (real: string) => real === realRoot || real.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep);
  const onPath = new Map<string, number>();
  const seen = new Set<string>();
  const stack: Frame[] = [];
  let listed = 0;

  const open = (dir: string, depth: number, id: string | undefined): void => {
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
    if (id !== undefined) {
      onPath.set(id, (onPath.get(id) ?? 0) + 1);
      seen.add(id);
    }
    stack.push({ dir, depth, entries, next: 0, id });
  };

  const enterDirectory = (child: string, depth: number, viaLink: boolean): void => {
    if (depth > maxDepth) {
      problems.push({ kind: 'too-deep', path: child, maxDepth });
      return;
    }
    if (!follow) {
      open(child, depth, undefined);
      return;
    }
    const id = fs.stat(child)?.id;
    if (id !== undefined && onPath.get(id)) {
      problems.push({ kind: 'loop', path: child, target: fs.realpath(child) });
      return;
    }
    if (id !== undefined && opts.once && seen.has(id)) {
      if (viaLink) problems.push({ kind: 'loop', path: child, target: fs.realpath(child) });
      return;
    }
    open(child, depth, id);
  };

  const rootStat = fs.stat(root);
  if (rootStat?.kind !== 'directory') return { files, problems };
  open(root, 0, follow ? rootStat.id : undefined);
  while (stack.length) {
    const frame = stack[stack.length - 1];
    if (frame.next >= frame.entries.length) {
      stack.pop();
      if (frame.id !== undefined) onPath.set(frame.id, onPath.get(frame.id)! - 1);
      continue;
    }
    const entry = frame.entries[frame.next++];
    const child = path.join(frame.dir, entry.name);
    if (entry.kind === 'directory') {
      if (!opts.enter || opts.enter(frame.dir, entry.name, frame.entries)) enterDirectory(child, frame.depth + 1, false);
    } else if (entry.kind === 'symlink') {
      const st = fs.stat(child);
      if (st?.kind === 'directory') {
        if (opts.enter && !opts.enter(frame.dir, entry.name, frame.entries)) continue;
        if (follow) {
          enterDirectory(child, frame.depth + 1, true);
          continue;
        }
        const target = fs.realpath(child);
        if (!inRoot(target)) problems.push({ kind: 'outside-root', path: child, target });
      } else if (st && opts.want(child, entry.name)) {
        const target = fs.realpath(child);
        files.push({ path: child, kind: st.kind, ...(inRoot(target) ? {} : { outsideRoot: target }) });
      }
    } else if (opts.want(child, entry.name)) {
      files.push({ path: child, kind: entry.kind });
    }
  }
  return { files, problems };
}
