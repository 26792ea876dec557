import * as path from 'node:path';
import type { FileStat, FileSystem } from './fs';

/** A file system that answers from in-memory contents for some paths (unsaved editor buffers, proposed edits). */
export class OverlayFileSystem implements FileSystem {
  private readonly overlay = new Map<string, Uint8Array>();

  constructor(private readonly base: FileSystem, contents: Record<string, string> = {}) {
    for (const [p, text] of Object.entries(contents)) this.set(p, text);
  }

  set(p: string, text: string): void {
    this.overlay.set(this.key(p), new TextEncoder().encode(text));
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

  readFile(p: string): Uint8Array {
    return this.overlay.get(path.resolve(p)) ?? this.base.readFile(p);
  }

  readDirectory(p: string): string[] {
    const dir = path.resolve(p);
    const names = new Set(this.base.stat(dir)?.kind === 'directory' ? this.base.readDirectory(dir) : []);
    for (const key of this.overlay.keys()) if (path.dirname(key) === dir) names.add(path.basename(key));
    return [...names];
  }

  realpath(p: string): string {
    return this.overlay.has(path.resolve(p)) ? path.resolve(p) : this.base.realpath(p);
  }
}
