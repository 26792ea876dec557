import * as fs from 'node:fs';
import { readRegularFile } from './boundedRead';
import type { DirEntry, FileStat, FileSystem } from './fs';

/** The real disk. Every error is turned into `undefined` or a readable message; nothing here throws raw errno objects. */
export class NodeFileSystem implements FileSystem {
  stat(path: string): FileStat | undefined {
    try {
      const st = fs.statSync(path);
      return { kind: st.isFile() ? 'file' : st.isDirectory() ? 'directory' : 'other', size: st.size };
    } catch {
      return undefined;
    }
  }

  readFile(path: string, maxBytes: number): Uint8Array {
    return readRegularFile(path, maxBytes);
  }

  readDirectory(path: string): string[] {
    try {
      return fs.readdirSync(path);
    } catch (err) {
      throw new Error(describeFsError(err, path));
    }
  }

  listDirectory(path: string): DirEntry[] {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path, { withFileTypes: true });
    } catch (err) {
      throw new Error(describeFsError(err, path));
    }
    return entries.map((e) => ({ name: e.name, kind: e.isSymbolicLink() ? 'symlink' : e.isDirectory() ? 'directory' : e.isFile() ? 'file' : 'other' }));
  }

  realpath(path: string): string {
    try {
      return fs.realpathSync.native(path);
    } catch {
      return path;
    }
  }
}

export function describeFsError(err: unknown, path: string): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT': return `${path}: no such file`;
    case 'EACCES': case 'EPERM': return `${path}: permission denied`;
    case 'EISDIR': return `${path}: is a directory, not a file`;
    case 'ELOOP': return `${path}: too many levels of symbolic links`;
    case 'ENOTDIR': return `${path}: a parent is not a directory`;
    case 'ENAMETOOLONG': return `${path}: the path is too long for the operating system`;
    default: return `${path}: ${(err as Error | undefined)?.message ?? String(err)}`;
  }
}
