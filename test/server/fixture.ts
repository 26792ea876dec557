import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir, writeTree } from '../helpers/fixtures';

const roots: string[] = [];
process.on('exit', () => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

/** A workspace folder and a HERMES_HOME side by side in the OS temp dir (outside any git repository), removed at exit. */
export function fixture(folderFiles: Record<string, string> = {}, homeFiles: Record<string, string> = {}): { root: string; folder: string; home: string } {
  const root = tempDir('hpl-server-');
  roots.push(root);
  const folder = path.join(root, 'project');
  const home = path.join(root, 'hermes-home');
  fs.mkdirSync(folder);
  fs.mkdirSync(home);
  writeTree(folder, folderFiles);
  writeTree(home, homeFiles);
  return { root, folder, home };
}
