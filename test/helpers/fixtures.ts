import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A scratch directory in the OS temp dir: outside any git checkout, so "no git root above" holds. */
export function tempDir(prefix = 'hpl-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(root, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
}

export const HEADER = '# Project Context\n\nThe following project context files have been loaded and should be followed:\n\n';
