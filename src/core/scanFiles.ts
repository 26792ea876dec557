import * as path from 'node:path';
import { classifyExplicit, classifyFile, type FileClass } from './contextFileKinds';
import type { Checks } from './detection/rule';
import type { FileSystem } from './fs';
import { scanDocument } from './scanner';
import type { PatternTable, Scope } from './threatPatterns';
import { readText, unreadableMessage } from './source';
import type { Finding } from './types';
import { walkTree, type WalkProblem } from './walk';

/** Folders a workspace scan never descends into: dependencies and VCS data, not project instructions. */
const SKIP_DIRS = new Set(['.git', 'node_modules', '.venv', 'venv', '__pycache__', '.tox', '.mypy_cache', '.pytest_cache', 'dist', 'out', '.hg', '.svn']);

export interface FileScan {
  path: string;
  kind: FileClass;
  findings: Finding[];
  /** Hermes' verdict: the file (or a memory entry) would be replaced by [BLOCKED: …]. */
  hermesBlocks: boolean;
  /** Set when the file could not be read; then there are no findings. */
  error?: string;
}

/** The context files of a tree, and what the walk could not look at, as findings on those paths. */
export interface ContextFileList {
  files: string[];
  /** Findings about a listed file itself (a symlink leading out of the tree), to join that file's scan. */
  notes: Map<string, Finding[]>;
  /** Unlistable directories and directory symlinks out of the tree. */
  problems: FileScan[];
}

const AT_START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** A finding about a file or directory itself rather than its text. */
export function fileFinding(ruleId: string, severity: Finding['severity'], message: string): Finding {
  return { ruleId, severity, message, hermesBlocks: false, range: AT_START };
}

function problemScan(file: string, ruleId: string, message: string, hermesHome?: string): FileScan {
  return { path: file, kind: classifyExplicit(file, hermesHome), findings: [fileFinding(ruleId, 'warning', message)], hermesBlocks: false };
}

/**
 * Context files below `root`, depth first, sorted. Symlinked directories are not followed (one inside the
 * tree is reached by its real path; one leading out is reported), so the walk stays in the tree and is
 * linear in its size.
 */
export function findContextFiles(fs: FileSystem, root: string, hermesHome?: string): ContextFileList {
  const walked = walkTree(fs, path.resolve(root), {
    symlinks: 'stay-in-root',
    enter: (_dir, name) => !SKIP_DIRS.has(name),
    want: (file) => !!classifyFile(file, hermesHome),
  });
  const notes = new Map<string, Finding[]>();
  for (const f of walked.files) {
    if (f.outsideRoot) notes.set(f.path, [fileFinding('symlink_outside_root', 'warning', `A symlink to ${f.outsideRoot}, outside the scanned folder; Hermes reads that file through the link.`)]);
  }
  const problems = walked.problems.map((p) => problemScan(p.path, ...describeProblem(p), hermesHome));
  return { files: walked.files.map((f) => f.path), notes, problems };
}

function describeProblem(p: WalkProblem): [string, string] {
  switch (p.kind) {
    case 'unlistable': return ['unlistable_directory', `This directory could not be listed, so its context files were not scanned: ${p.message.replace(/^.*: /, '')}.`];
    case 'outside-root': return ['symlink_outside_root', `A symlink to ${p.target}, outside the scanned folder: not followed.`];
    case 'loop': return ['symlink_outside_root', `A symlink back to ${p.target}, which is already being walked: not followed.`];
    case 'too-deep': return ['unlistable_directory', `Deeper than ${p.maxDepth} levels: not scanned.`];
    case 'budget': return ['unlistable_directory', `The scan stopped listing directories after ${p.maxDirectories}: this one and the rest were not scanned.`];
  }
}

/** The `unreadable_file` finding's text for a read error ("is a FIFO (named pipe), not a regular file"). */
export function unreadableFileMessage(error: string): string {
  return `Hermes cannot read this file: it ${error}.`;
}

/**
 * Every context file below `root` scanned, plus the problems of the walk; a file that cannot be read is a
 * finding on that file, so one bad file never hides the others.
 */
export function* scanTree(fs: FileSystem, root: string, opts: ScanFileOptions = {}): Generator<FileScan> {
  const { files, notes, problems } = findContextFiles(fs, root, opts.hermesHome);
  yield* problems;
  // One file at a time: a caller that streams its output holds one file's findings at once.
  for (const file of files) {
    const scan = scanFile(fs, file, opts);
    const result = scan.error ? problemScan(file, 'unreadable_file', unreadableFileMessage(scan.error), opts.hermesHome) : scan;
    yield { ...result, findings: [...(notes.get(file) ?? []), ...result.findings] };
  }
}

export interface ScanFileOptions {
  scope?: Scope;
  hermesHome?: string;
  /** Which checks run (default 'recommended'). */
  checks?: Checks;
  /** SOUL.md written by the user (no distribution manifest): Hermes warns but loads. */
  userAuthored?: boolean;
  table?: PatternTable;
}

export function scanFile(fs: FileSystem, file: string, opts: ScanFileOptions = {}): FileScan {
  const kind = classifyExplicit(file, opts.hermesHome);
  const read = readText(fs, file);
  if (!read.ok) return { path: file, kind, findings: [], hermesBlocks: false, error: read.message };
  const notice = unreadableMessage(read);
  // The same answer `build` gives: Hermes skips a file that is not UTF-8, so nothing in it can be blocked.
  if (notice) return { path: file, kind, findings: [fileFinding('invalid_utf8', 'warning', notice)], hermesBlocks: false };
  const findings: Finding[] = [];
  if (read.hadBom && kind.documentKind === 'memory') {
    findings.push({
      ruleId: 'invisible_unicode_U+FEFF', severity: 'error', hermesBlocks: true,
      message: 'Hermes reads memory files without removing a byte-order mark, so the BOM stays in the first entry and Hermes blocks that entry (invisible character U+FEFF). Save the file as UTF-8 without BOM.',
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
  }
  const userAuthored = opts.userAuthored ?? (kind.documentKind === 'soul');
  const scanOpts = { kind: kind.documentKind, label: path.basename(file), userAuthored, checks: opts.checks, table: opts.table };
  // Hermes' verdict always uses Hermes' own scope; a different --scope only changes what is reported.
  const hermes = scanDocument(read.text, scanOpts);
  const asked = opts.scope ? scanDocument(read.text, { ...scanOpts, scope: opts.scope }) : hermes;
  const hermesRules = new Set(hermes.findings.filter((f) => f.hermesBlocks).map((f) => `${f.ruleId}@${f.range.start.line}:${f.range.start.character}`));
  for (const f of asked.findings) {
    if (f.hermesBlocks && !hermesRules.has(`${f.ruleId}@${f.range.start.line}:${f.range.start.character}`)) {
      findings.push({ ...f, severity: 'warning', hermesBlocks: false, message: `Outside the scope Hermes uses for this file (reported because of --scope ${opts.scope}): ${f.message.replace(/^[^:]*: /, '')}` });
    } else {
      findings.push(f);
    }
  }
  return { path: file, kind, findings, hermesBlocks: hermes.blocked || findings.some((f) => f.hermesBlocks) };
}
