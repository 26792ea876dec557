import * as path from 'node:path';
import { ReadError, type DirEntry, type FileStat, type FileSystem } from './fs';

type Entry =
  | { kind: 'file'; data: Uint8Array } | { kind: 'directory'; unlistable?: boolean } | { kind: 'symlink'; target: string }
  | { kind: 'unreadable' } | { kind: 'fifo' };

/**
 * An in-memory tree with absolute POSIX paths, for tests and for describing a workspace without a disk.
 * Parent directories are created implicitly.
 */
export class MemoryFileSystem implements FileSystem {
  private readonly entries = new Map<string, Entry>([['/', { kind: 'directory' }]]);

  constructor(files: Record<string, string | Uint8Array> = {}) {
    for (const [p, content] of Object.entries(files)) this.writeFile(p, content);
  }

  writeFile(p: string, content: string | Uint8Array): this {
    this.ensureParents(p);
    this.entries.set(norm(p), { kind: 'file', data: typeof content === 'string' ? new TextEncoder().encode(content) : content });
    return this;
  }

  mkdir(p: string): this {
    this.ensureParents(p);
    this.entries.set(norm(p), { kind: 'directory' });
    return this;
  }

  symlink(p: string, target: string): this {
    this.ensureParents(p);
    this.entries.set(norm(p), { kind: 'symlink', target });
    return this;
  }

  /** A file that exists but cannot be read (permission denied). */
  unreadable(p: string): this {
    this.ensureParents(p);
    this.entries.set(norm(p), { kind: 'unreadable' });
    return this;
  }

  /** A directory that exists but cannot be listed (permission denied). */
  unlistable(p: string): this {
    this.ensureParents(p);
    this.entries.set(norm(p), { kind: 'directory', unlistable: true });
    return this;
  }

  /** A named pipe: reading it on a real disk would block until a writer comes. */
  fifo(p: string): this {
    this.ensureParents(p);
    this.entries.set(norm(p), { kind: 'fifo' });
    return this;
  }

  stat(p: string): FileStat | undefined {
    const e = this.resolveEntry(p);
    if (!e) return undefined;
    if (e.entry.kind === 'file') return { kind: 'file', size: e.entry.data.length };
    if (e.entry.kind === 'unreadable') return { kind: 'file', size: 0 };
    if (e.entry.kind === 'fifo') return { kind: 'other', size: 0 };
    return { kind: 'directory', size: 0 };
  }

  readFile(p: string, maxBytes: number): Uint8Array {
    const e = this.resolveEntry(p);
    if (!e) throw new ReadError('missing', 'does not exist');
    if (e.entry.kind === 'directory') throw new ReadError('directory', 'is a directory, not a file');
    if (e.entry.kind === 'unreadable') throw new ReadError('denied', 'cannot be read: permission denied');
    if (e.entry.kind !== 'file') throw new ReadError('special', 'is a FIFO (named pipe), not a regular file');
    if (e.entry.data.length > maxBytes) throw new ReadError('too-large', `is too large to read (${e.entry.data.length} bytes; the limit is ${maxBytes})`);
    return e.entry.data;
  }

  readDirectory(p: string): string[] {
    return this.listDirectory(p).map((e) => e.name);
  }

  listDirectory(p: string): DirEntry[] {
    const e = this.resolveEntry(p);
    if (!e || e.entry.kind !== 'directory') throw new Error(`${p}: not a directory`);
    if (e.entry.unlistable) throw new Error(`${p}: permission denied`);
    const dir = e.path === '/' ? '/' : e.path + '/';
    const list: DirEntry[] = [];
    for (const [key, entry] of this.entries) {
      if (key === '/' || !key.startsWith(dir) || key.slice(dir.length).includes('/')) continue;
      const kind = entry.kind === 'symlink' ? 'symlink' : entry.kind === 'directory' ? 'directory' : entry.kind === 'fifo' ? 'other' : 'file';
      list.push({ name: key.slice(dir.length), kind });
    }
    return list;
  }

  realpath(p: string): string {
    return this.resolveEntry(p)?.path ?? p;
  }

  private ensureParents(p: string): void {
    let dir = path.posix.dirname(norm(p));
    while (!this.entries.has(dir)) {
      this.entries.set(dir, { kind: 'directory' });
      dir = path.posix.dirname(dir);
    }
  }

  /** Resolves symlinks in every component; a loop gives undefined, as ELOOP would. */
  private resolveEntry(p: string): { path: string; entry: Entry } | undefined {
    let parts = norm(p).split('/').filter(Boolean);
    let current = '/';
    let hops = 0;
    while (parts.length) {
      const next = current === '/' ? '/' + parts[0] : current + '/' + parts[0];
      const entry = this.entries.get(next);
      if (!entry) return undefined;
      if (entry.kind === 'symlink') {
        if (++hops > 40) return undefined;
        const target = path.posix.resolve(current, entry.target);
        parts = [...target.split('/').filter(Boolean), ...parts.slice(1)];
        current = '/';
        continue;
      }
      current = next;
      parts = parts.slice(1);
    }
    const entry = this.entries.get(current);
    return entry ? { path: current, entry } : undefined;
  }
}

function norm(p: string): string {
  return path.posix.resolve('/', p);
}
