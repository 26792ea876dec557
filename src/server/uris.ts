import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The file-system path of a `file:` URI, or undefined for other schemes and malformed URIs. */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

export function pathToUri(p: string): string {
  return pathToFileURL(p).href;
}

/**
 * The path with its directory's symlinks resolved. The engine discovers files from the real cwd, so
 * editor paths and prompt-source paths only compare equal in this form. The file itself may not exist yet.
 */
export function canonicalPath(p: string): string {
  const abs = path.resolve(p);
  try {
    return path.join(fs.realpathSync.native(path.dirname(abs)), path.basename(abs));
  } catch {
    return abs;
  }
}

/** The path with every symlink resolved, for directories Hermes starts from (it resolves its cwd). */
export function realPath(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return canonicalPath(p);
  }
}

/** `child` is `parent` or lies below it. */
export function isWithin(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
