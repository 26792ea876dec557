import * as path from 'node:path';
import { ReadError, type DirEntry, type FileStat, type FileSystem } from './fs';

/** A file system that answers from in-memory contents for some paths (unsaved editor buffers, proposed edits). */
export class OverlayFileSystem implements FileSystem {
  private readonly overlay = new Map<string, Uint8Array>();

  constructor(private readonly base: FileSystem, contents: Record<string, string | Uint8Array> = {}) {
    for (const [p, content] of Object.entries(contents)) this.set(p, content);
  }

  set(p: string, content: string | Uint8Array): void {
    this.overlay.set(this.key(p), typeof content === 'string' ? new TextEncoder().encode(content) : content);
  }

  /** Keys are real paths, because discovery walks from the real cwd. */
  private key(p: string): string {
    const abs = path.resolve(p);
    return path.join(this.base.realpath(path.dirname(abs)), path.basename(abs));
  }

  stat(p: string): FileStat | undefined {
    const data = this.overlay.get(path.resolve(p));
    return data ? { kind: 'file', size: data.length } : this.base.stat(p);
  }

  readFile(p: string, maxBytes: number): Uint8Array {
    const data = this.overlay.get(path.resolve(p));
    if (!data) return this.base.readFile(p, maxBytes);
    if (data.length > maxBytes) throw new ReadError('too-large', `is too large to read (${data.length} bytes; the limit is ${maxBytes})`);
    return data;
  }

  readDirectory(p: string): string[] {
    return this.listDirectory(p).map((e) => e.name);
  }

  listDirectory(p: string): DirEntry[] {
    const dir = path.resolve(p);
    const entries = new Map((this.base.stat(dir)?.kind === 'directory' ? this.base.listDirectory(dir) : []).map((e) => [e.name, e]));
    for (const key of this.overlay.keys()) if (path.dirname(key) === dir) entries.set(path.basename(key), { name: path.basename(key), kind: 'file' });
    return [...entries.values()];
  }

  realpath(p: string): string {
    return this.overlay.has(path.resolve(p)) ? path.resolve(p) : this.base.realpath(p);
  }
}
