import * as path from 'node:path';
import { classifyExplicit, classifyFile, type FileClass } from './contextFileKinds';
import type { Checks } from './detection/rule';
import type { FileSystem } from './fs';
import { scanDocument } from './scanner';
import type { PatternTable, Scope } from './threatPatterns';
import { readText, unreadableMessage } from './source';
import type { Finding } from './types';

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

/** Context files below `root`, depth first, sorted, never entering a real directory twice (symlink loops). */
export function findContextFiles(fs: FileSystem, root: string, hermesHome?: string): string[] {
  const found: string[] = [];
  const visited = new Set<string>();
  const walk = (dir: string): void => {
    const real = fs.realpath(dir);
    if (visited.has(real)) return;
    visited.add(real);
    let names: string[];
    try {
      names = fs.readDirectory(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const child = path.join(dir, name);
      const st = fs.stat(child);
      if (st?.kind === 'directory') {
        if (!SKIP_DIRS.has(name)) walk(child);
      } else if (st?.kind === 'file' && classifyFile(child, hermesHome)) {
        found.push(child);
      }
    }
  };
  walk(path.resolve(root));
  return found;
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
  const findings: Finding[] = [];
  const notice = unreadableMessage(read);
  if (notice) {
    findings.push({ ruleId: 'invalid_utf8', severity: 'warning', message: notice, hermesBlocks: false, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
  }
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
