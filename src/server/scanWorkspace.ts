import * as path from 'node:path';
import type { Checks } from '../core/detection/rule';
import type { FileSystem } from '../core/fs';
import type { InstalledPattern } from '../core/hermesSource/installation';
import { findContextFiles, fileFinding, scanFile, unreadableFileMessage } from '../core/scanFiles';
import { findSkillFiles } from '../core/skills';
import type { PatternTable } from '../core/threatPatterns';
import type { Finding } from '../core/types';
import { canonicalPath } from './uris';

/** What the workspace-scan thread is asked to do (plain data: it crosses a thread boundary). */
export interface WorkspaceScanRequest {
  folders: string[];
  home: string;
  /** Which checks run (the setting as `checksWanted` reads it). */
  checks: Checks;
  /** A non-built-in threat table, as rows (compiled regexes do not cross threads). */
  table?: { key: string; rows: InstalledPattern[] };
  /** Canonical paths of open documents: their unsaved text counts, so the server scans those itself. */
  open: string[];
}

export interface ScannedPath {
  path: string;
  findings: Finding[];
}

export interface WorkspaceScanOutcome {
  /** Files and walk problems, in discovery order; open documents are left to the caller. */
  files: ScannedPath[];
  /** Open documents that are part of the scan. */
  open: string[];
  /** Files that could not be read, for the server log. */
  unreadable: string[];
}

export type WorkspaceScanMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; outcome: WorkspaceScanOutcome }
  | { type: 'failed'; message: string };

/** HERMES_HOME's prompt sources: SOUL.md, the memory files and every skill's SKILL.md (found as Hermes walks skills). */
function homeFiles(fs: FileSystem, home: string, problems: ScannedPath[]): string[] {
  const files = ['SOUL.md', path.join('memories', 'MEMORY.md'), path.join('memories', 'USER.md')].map((f) => path.join(home, f)).filter((f) => fs.stat(f)?.kind === 'file');
  const notes: string[] = [];
  files.push(...findSkillFiles(fs, path.join(home, 'skills'), 'SKILL.md', notes));
  for (const note of notes) problems.push({ path: path.join(home, 'skills'), findings: [fileFinding('unlistable_directory', 'warning', note)] });
  return files;
}

/**
 * Every context file under the folders plus HERMES_HOME's sources, scanned as Hermes would; what the walk
 * could not look at and files that cannot be read are findings on those paths. Runs on the scan thread.
 */
export function scanWorkspaceFiles(fs: FileSystem, req: WorkspaceScanRequest, table: PatternTable | undefined, progress: (done: number, total: number) => void): WorkspaceScanOutcome {
  const problems: ScannedPath[] = [];
  const files = new Set<string>();
  const notes = new Map<string, Finding[]>();
  for (const folder of req.folders) {
    const found = findContextFiles(fs, folder, req.home);
    problems.push(...found.problems.map((p) => ({ path: p.path, findings: p.findings })));
    for (const f of found.files) files.add(canonicalPath(f));
    for (const [f, n] of found.notes) notes.set(canonicalPath(f), n);
  }
  for (const f of homeFiles(fs, req.home, problems)) files.add(canonicalPath(f));
  const open = new Set(req.open);
  const outcome: WorkspaceScanOutcome = { files: problems, open: [], unreadable: [] };
  let done = 0;
  for (const file of files) {
    progress(done++, files.size);
    if (open.has(file)) {
      outcome.open.push(file);
      continue;
    }
    const scan = scanFile(fs, file, { hermesHome: req.home, checks: req.checks, table });
    if (scan.error) outcome.unreadable.push(`${file}: ${scan.error}`);
    const findings = scan.error ? [fileFinding('unreadable_file', 'warning', unreadableFileMessage(scan.error))] : scan.findings;
    outcome.files.push({ path: file, findings: [...(notes.get(file) ?? []), ...findings] });
  }
  progress(files.size, files.size);
  return outcome;
}
