/** The few `pathlib` operations the hint tracker relies on, with Python's semantics, over the FileSystem interface. */
import * as path from 'node:path';
import type { FileSystem } from '../fs';

/** `Path.expanduser()` for `~` and `~/…` (other users' homes are left as they are). */
export function expandUser(p: string, home: string): string {
  return p === '~' ? home : /^~[\\/]/.test(p) ? home + p.slice(1) : p;
}

/**
 * `Path.resolve()` (non-strict): symlinks are followed component by component as far as the path exists, and the
 * missing rest is appended lexically, so `link/..` is the parent of the link's target, not the link's parent.
 */
export function resolvePath(fs: FileSystem, p: string, base: string): string {
  const absolute = path.isAbsolute(p) ? p : path.join(base, p);
  const root = path.parse(absolute).root;
  const parts = absolute.slice(root.length).split(/[\\/]+/).filter((x) => x && x !== '.');
  let current = root;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    if (!fs.stat(next)) return path.resolve(next, ...parts.slice(i + 1));
    current = fs.realpath(next);
  }
  return current;
}

/** `PurePath.suffix`: the last dotted extension of the final component; "" for `.bashrc`, `name.` or none. */
export function pathSuffix(p: string): string {
  const name = path.basename(p);
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot) : '';
}

/** `PurePath.is_relative_to(dir)`: `p` is `dir` or below it (by whole components). */
export function isWithin(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
}
