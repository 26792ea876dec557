import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveHermesTexts, type ResolvedTexts } from '../core/hermesSource/installation';
import { assemble, defaultHermesHome, type AssembledPrompt, type AssembleOptions } from '../core/assemble';
import { cacheImpact, type CacheImpact } from '../core/cache';
import { CHECK_LEVELS } from '../core/detection/rule';
import { UsageError } from '../core/layout';
import { NodeFileSystem } from '../core/nodeFs';
import { findContextFiles, scanFile, type FileScan } from '../core/scanFiles';
import type { PatternTable } from '../core/threatPatterns';
import type { Severity } from '../core/types';
import { choice, dateOption, intOption, parse } from './args';
import { toSarif } from './sarif';

/** Read from the nearest package.json above this file (dist/ when bundled, out/src/cli/ when compiled). */
const VERSION: string = (() => {
  for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version as string;
    } catch {
      // Not here; keep walking up.
    }
  }
  return '0.0.0';
})();

const HELP = `hermes-prompt — preview and check the system prompt Hermes Agent builds

Usage:
  hermes-prompt build [--cwd DIR] [--home DIR] [--layout documented] [--platform NAME] [--model NAME]
                      [--session-id ID] [--now ISO-8601] [--timezone IANA] [--context-length N]
                      [--hermes-source DIR|builtin] [--json]
  hermes-prompt scan  [--scope all|context|strict] [--checks hermes|recommended|all] [--json | --sarif]
                      [--fail-on error|warning|info|never] [--home DIR] [--hermes-source DIR|builtin] PATH...
  hermes-prompt diff  --cwd DIR --file PATH --with NEWFILE [--home DIR] [--json]

--checks: 'hermes' reports Hermes' own verdict only; 'recommended' (default) adds the checks beyond Hermes
that rarely flag honest files; 'all' adds every check.
--hermes-source: a Hermes checkout, site-packages or virtualenv to read Hermes' own texts from
(default: auto-detected; 'builtin' uses the built-in approximations).

Exit codes: 0 success / clean, 1 findings at or above --fail-on (scan), 2 usage or I/O error.`;

export interface Io {
  out(text: string): void;
  err(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const BUILD_FLAGS = {
  cwd: { type: 'string' }, home: { type: 'string' }, layout: { type: 'string' }, platform: { type: 'string' },
  model: { type: 'string' }, 'session-id': { type: 'string' }, now: { type: 'string' }, timezone: { type: 'string' },
  'context-length': { type: 'string' }, json: { type: 'boolean' }, 'hermes-source': { type: 'string' },
} as const;

/** Hermes' texts and threat table: from --hermes-source, else auto-detected, else built in. */
function hermesTexts(source: string | undefined, home: string, io: Io): ResolvedTexts {
  const disk = new NodeFileSystem();
  if (source && source !== 'builtin' && !disk.stat(path.resolve(io.cwd, source))) throw new UsageError(`--hermes-source ${source} does not exist`);
  const texts = resolveHermesTexts(disk, {
    configured: source && source !== 'builtin' ? path.resolve(io.cwd, source) : undefined,
    disabled: source === 'builtin',
    hermesHome: home, userHome: os.homedir(), pathDirs: (io.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  });
  if (source && source !== 'builtin' && !texts.installed) throw new UsageError(`--hermes-source ${source} holds no Hermes source (agent/prompt_builder.py)`);
  if (texts.tableNotice) io.err(`hermes-prompt: warning: ${texts.tableNotice}`);
  return texts;
}

function buildOptions(values: Record<string, string | boolean | undefined>, io: Io): AssembleOptions & { table: PatternTable } {
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const cwd = path.resolve(io.cwd, str('cwd') ?? '.');
  const home = path.resolve(io.cwd, str('home') ?? defaultHermesHome(io.env));
  if (!fs.existsSync(cwd) || !fs.statSync(cwd).isDirectory()) throw new UsageError(`--cwd ${cwd} is not a directory`);
  const texts = hermesTexts(str('hermes-source'), home, io);
  return {
    fs: new NodeFileSystem(), cwd, home, texts: texts.texts, textsProvenance: texts.provenance, textFallbacks: texts.fallbacks,
    table: texts.table,
    layout: str('layout'), platform: str('platform'), model: str('model'), sessionId: str('session-id'),
    now: dateOption(values.now, '--now'), timezone: str('timezone'),
    contextLength: intOption(values['context-length'], '--context-length'),
  };
}

/** The `build --json` contract (README "JSON output"): change a field only with a CHANGELOG entry. */
export function buildJson(result: AssembledPrompt, tableOrigin: string): object {
  return {
    layout: result.layout,
    threatTable: tableOrigin,
    prompt: result.prompt,
    prefixHash: result.prefixHash,
    prefixBytes: result.prefixBytes,
    prefixTokens: result.prefixTokens,
    totalTokens: result.totalTokens,
    ...(result.tierPrefixes.length ? { tierPrefixes: result.tierPrefixes } : {}),
    warnings: result.warnings,
    layers: result.layers.map((l) => ({
      id: l.id, title: l.title, ...(l.tier ? { tier: l.tier } : {}), text: l.text, chars: l.chars, tokens: l.tokens,
      estimatedTokens: l.estimatedTokens, cached: l.cached, bytes: l.bytes, hash: l.hash, provenance: l.provenance,
      notes: l.notes,
      sources: l.sources.map((s) => ({
        path: s.path, label: s.label, kind: s.kind, status: s.status,
        ...(s.shadowedBy ? { shadowedBy: s.shadowedBy } : {}),
        ...(s.message ? { message: s.message } : {}),
        findings: s.findings,
      })),
    })),
  };
}

function runBuild(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, BUILD_FLAGS);
  if (positionals.length) throw new UsageError(`build takes no positional arguments (got '${positionals[0]}')`);
  const opts = buildOptions(values, io);
  const result = assemble(opts);
  for (const w of result.warnings) io.err(`hermes-prompt: warning: ${w}`);
  io.out(values.json ? JSON.stringify(buildJson(result, opts.table.origin), null, 2) : result.prompt);
  return 0;
}

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

function runScan(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, {
    scope: { type: 'string' }, json: { type: 'boolean' }, sarif: { type: 'boolean' }, 'fail-on': { type: 'string' }, home: { type: 'string' },
    'hermes-source': { type: 'string' }, checks: { type: 'string' },
  });
  if (values.json && values.sarif) throw new UsageError('--json and --sarif are exclusive');
  if (!positionals.length) throw new UsageError('scan needs at least one PATH');
  const scope = values.scope === undefined ? undefined : choice(values.scope, '--scope', ['all', 'context', 'strict'] as const, 'context');
  const checks = choice(values.checks, '--checks', CHECK_LEVELS, 'recommended');
  const failOn = choice(values['fail-on'], '--fail-on', ['error', 'warning', 'info', 'never'] as const, 'error');
  const home = typeof values.home === 'string' ? path.resolve(io.cwd, values.home) : defaultHermesHome(io.env);
  const { table } = hermesTexts(typeof values['hermes-source'] === 'string' ? values['hermes-source'] : undefined, home, io);
  const nodeFs = new NodeFileSystem();
  const scans: FileScan[] = [];
  for (const p of positionals) {
    const abs = path.resolve(io.cwd, p);
    const st = nodeFs.stat(abs);
    if (!st) throw new UsageError(`${p}: no such file or directory`);
    const files = st.kind === 'directory' ? findContextFiles(nodeFs, abs, home) : [abs];
    for (const file of files) {
      const scan = scanFile(nodeFs, file, { scope, checks, hermesHome: home, table });
      if (scan.error) throw new IoError(`${path.relative(io.cwd, file) || file}: ${scan.error}`);
      scans.push(scan);
    }
  }
  const display = (file: string) => path.relative(io.cwd, file) || file;
  if (values.sarif) io.out(JSON.stringify(toSarif(scans, io.cwd, VERSION), null, 2));
  else if (values.json) {
    io.out(JSON.stringify({
      files: scans.map((s) => ({
        path: display(s.path),
        hermesBlocks: s.hermesBlocks,
        findings: s.findings.map((f) => ({ ruleId: f.ruleId, severity: f.severity, message: f.message, hermesBlocks: f.hermesBlocks, range: f.range })),
      })),
    }, null, 2));
  } else {
    let count = 0;
    for (const s of scans) {
      for (const f of s.findings) {
        count++;
        io.out(`${display(s.path)}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.ruleId}: ${f.message}`);
      }
    }
    const blocked = scans.filter((s) => s.hermesBlocks).map((s) => display(s.path));
    io.out(`${scans.length} file(s) scanned, ${count} finding(s)${blocked.length ? `; Hermes blocks: ${blocked.join(', ')}` : ''}`);
  }
  if (failOn === 'never') return 0;
  return scans.some((s) => s.findings.some((f) => RANK[f.severity] >= RANK[failOn])) ? 1 : 0;
}

function runDiff(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, { ...BUILD_FLAGS, file: { type: 'string' }, with: { type: 'string' } });
  if (positionals.length) throw new UsageError(`diff takes no positional arguments (got '${positionals[0]}')`);
  if (typeof values.file !== 'string' || typeof values.with !== 'string') throw new UsageError('diff needs --file PATH and --with NEWFILE');
  const opts = buildOptions(values, io);
  const withPath = path.resolve(io.cwd, values.with);
  let newContent: string;
  try {
    newContent = new TextDecoder('utf-8').decode(fs.readFileSync(withPath));
  } catch (err) {
    throw new IoError(`${values.with}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  const impact = cacheImpact(opts, path.resolve(io.cwd, values.file), newContent);
  io.out(values.json ? JSON.stringify(diffJson(impact), null, 2) : describeImpact(impact));
  return 0;
}

export function diffJson(i: CacheImpact): object {
  return {
    path: i.path, changed: i.changed, landsInPrefix: i.landsInPrefix, frozenSnapshot: i.frozenSnapshot,
    firstChangedLayer: i.firstChangedLayer ?? null, changedLayers: i.changedLayers,
    ...(i.before.tierPrefixes.length ? { firstInvalidatedTier: i.firstInvalidatedTier ?? null } : {}),
    prefixDivergenceByte: i.prefixDivergenceByte ?? null, rewrittenTokens: i.rewrittenTokens,
    prefixTokensBefore: i.prefixTokensBefore, prefixTokensAfter: i.prefixTokensAfter,
    prefixHashBefore: i.prefixHashBefore, prefixHashAfter: i.prefixHashAfter,
  };
}

export function describeImpact(i: CacheImpact): string {
  if (!i.changed) return `${i.path}: no change to the assembled prompt (the cached prefix stays valid).`;
  const lines = [`${i.path}: changes ${i.changedLayers.join(', ')}.`];
  if (i.landsInPrefix) {
    lines.push(`The cached prefix first differs at byte ${i.prefixDivergenceByte}; ${i.rewrittenTokens} of ${i.prefixTokensAfter} prefix tokens are re-written (was ${i.prefixTokensBefore}).`);
  }
  if (i.frozenSnapshot) lines.push('This is a memory file: a running session keeps its frozen snapshot; the change applies at the next session or rebuild.');
  return lines.join('\n');
}

/** A file the user named could not be read. */
class IoError extends Error {}

export function main(argv: string[], io: Io): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'build': return runBuild(rest, io);
      case 'scan': return runScan(rest, io);
      case 'diff': return runDiff(rest, io);
      case '--version': case '-v': io.out(VERSION); return 0;
      case undefined: case '--help': case '-h': case 'help': io.out(HELP); return command === undefined ? 2 : 0;
      default: throw new UsageError(`unknown command '${command}' (expected build, scan or diff)`);
    }
  } catch (err) {
    if (err instanceof UsageError || err instanceof IoError) {
      io.err(`hermes-prompt: ${err.message}`);
      return 2;
    }
    io.err(`hermes-prompt: internal error: ${(err as Error).stack ?? String(err)}`);
    return 2;
  }
}

if (require.main === module) {
  const code = main(process.argv.slice(2), {
    out: (t) => process.stdout.write(t + '\n'),
    err: (t) => process.stderr.write(t + '\n'),
    env: process.env,
    cwd: process.cwd(),
  });
  process.exitCode = code;
}
