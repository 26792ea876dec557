/**
 * Real-file benchmark (`npm run bench:real -- DIR`): how often ordinary context files from real repositories get a
 * beyond-Hermes warning. DIR holds the files and, optionally, an `index.json` listing `{file, repo, path, label}`
 * (label: the context-file name to scan the file as, e.g. AGENTS.md, CLAUDE.md, .cursorrules, rule.mdc, SKILL.md);
 * without it every regular file in DIR is scanned under its own name. Each file goes through `scanFile`, the entry
 * point of the CLI's `scan`, with checks 'recommended', placed at a path its label classifies as. Prints plain
 * `name: value` lines and writes every file's findings (rule, line, matched text clipped to 80 characters) to
 * out/bench/real-files.json. The files themselves are never part of this repository.
 */

import * as fs from 'node:fs';
import * as path from 'node:path';
import { detectionRule } from '../src/core/detection/registry';
import { MemoryFileSystem } from '../src/core/memoryFs';
import { LineIndex } from '../src/core/offsetMap';
import { scanFile } from '../src/core/scanFiles';
import { readText } from '../src/core/source';
import type { Finding } from '../src/core/types';

interface Entry {
  file: string;
  repo?: string;
  path?: string;
  label: string;
}

interface Hit {
  rule: string;
  line: number;
  text: string;
}

interface FileResult extends Entry {
  /** Warnings from the detection rules (src/core/detection): the false flags this benchmark counts. */
  beyondHermes: Hit[];
  /** Hermes' own blocking findings. */
  hermes: Hit[];
  /** Other non-blocking warnings (a Hermes pattern past the scan cap, invalid UTF-8 …). */
  otherWarnings: Hit[];
  /** Information-only findings (quoted in code, marked examples, the scan-cap note). */
  info: Hit[];
}

const HERMES_HOME = '/hermes';
const CLIP = 80;

/** Where a file with this label sits so that classification treats it as that kind of context file. */
function virtualPath(label: string): string {
  if (label.endsWith('.mdc')) return `/workspace/.cursor/rules/${label}`;
  if (label === 'SKILL.md') return `${HERMES_HOME}/skills/real/SKILL.md`;
  return `/workspace/${label}`;
}

function entries(dir: string): Entry[] {
  const index = path.join(dir, 'index.json');
  if (fs.existsSync(index)) return JSON.parse(fs.readFileSync(index, 'utf8')) as Entry[];
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => ({ file: d.name, label: d.name }));
}

function clip(s: string): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > CLIP ? `${flat.slice(0, CLIP - 1)}…` : flat;
}

function scanEntry(dir: string, e: Entry): FileResult {
  const vpath = virtualPath(e.label);
  const memFs = new MemoryFileSystem({ [vpath]: fs.readFileSync(path.join(dir, e.file)) });
  const scan = scanFile(memFs, vpath, { checks: 'recommended', hermesHome: HERMES_HOME });
  const read = readText(memFs, vpath);
  const text = read.ok ? read.text : '';
  const lines = new LineIndex(text);
  const hit = (f: Finding): Hit => ({
    rule: f.ruleId,
    line: f.range.start.line + 1,
    text: clip(text.slice(lines.offsetAt(f.range.start), lines.offsetAt(f.range.end))),
  });
  const flagging = (f: Finding): boolean => f.severity !== 'info';
  const ours = (f: Finding): boolean => !f.hermesBlocks && detectionRule(f.ruleId) !== undefined;
  return {
    ...e,
    beyondHermes: scan.findings.filter((f) => flagging(f) && ours(f)).map(hit),
    hermes: scan.findings.filter((f) => f.hermesBlocks).map(hit),
    otherWarnings: scan.findings.filter((f) => flagging(f) && !f.hermesBlocks && !ours(f)).map(hit),
    info: scan.findings.filter((f) => !flagging(f)).map(hit),
  };
}

function pct(n: number, of: number): string {
  return of ? `${((100 * n) / of).toFixed(1)}% (${n}/${of})` : 'n/a (0 files)';
}

/** Files per rule id (a file counts once per rule), most first. */
function perRule(results: FileResult[], pick: (r: FileResult) => Hit[]): string {
  const counts = new Map<string, number>();
  for (const r of results) for (const id of new Set(pick(r).map((h) => h.rule))) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id, n]) => `${id} ${n}`).join(', ') || 'none';
}

function main(): void {
  const dir = process.argv[2];
  if (!dir || !fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    console.error('usage: npm run bench:real -- DIR   (DIR: context files, optionally with index.json)');
    process.exit(2);
  }
  const results = entries(dir).map((e) => scanEntry(dir, e));
  const n = results.length;
  const flagged = results.filter((r) => r.beyondHermes.length);
  const line = (name: string, value: string): void => console.log(`${name}: ${value}`);
  line('files', String(n));
  line('files with a beyond-Hermes warning', pct(flagged.length, n));
  line('files Hermes blocks', pct(results.filter((r) => r.hermes.length).length, n));
  line('beyond-Hermes warnings per rule (files)', perRule(results, (r) => r.beyondHermes));
  line('Hermes blocking rules (files)', perRule(results, (r) => r.hermes));
  line('other non-blocking warnings (files)', perRule(results, (r) => r.otherWarnings));
  line('information-only findings (files)', perRule(results, (r) => r.info));
  for (const r of flagged) line(`  flagged ${r.file}`, r.beyondHermes.map((h) => `${h.rule}@${h.line} "${h.text}"`).join('; '));
  const out = path.join('out', 'bench', 'real-files.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ dir: path.resolve(dir), files: n, results }, null, 1)}\n`);
  line('report', out);
}

main();
