// First, so V8's settings hold before any other module runs a regex.
import '../shared/scanProcessSetup';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveHermesTexts, type ResolvedTexts } from '../core/hermesSource/installation';
import { assemble, defaultHermesHome, type AssembledPrompt, type AssembleOptions } from '../core/assemble';
import { cacheImpact, type CacheImpact } from '../core/cache';
import { CHECK_LEVELS } from '../core/detection/rule';
import { UsageError } from '../core/layout';
import { NodeFileSystem } from '../core/nodeFs';
import { PER_TURN_NOTE } from '../core/perTurn';
import { scanFile, scanTree, type FileScan } from '../core/scanFiles';
import { MAX_READ_BYTES } from '../core/source';
import { hintsJson, runHintSession, type HintCall } from './hints';
import type { PatternTable } from '../core/threatPatterns';
import type { Severity } from '../core/types';
import { choice, dateOption, intOption, parse } from './args';
import { writeJson } from './jsonStream';
import { toSarif } from './sarif';
import { terminalSafe } from './terminalText';

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
                      [--session-id ID] [--pass-session-id] [--now DATE] [--timezone IANA] [--context-length N]
                      [--hermes-source DIR|builtin] [--json]
  hermes-prompt scan  [--scope all|context|strict] [--checks hermes|recommended|all] [--json | --sarif]
                      [--fail-on error|warning|info|never] [--home DIR] [--hermes-source DIR|builtin] PATH...
  hermes-prompt diff  --cwd DIR --file PATH --with NEWFILE [--home DIR] [--json]
  hermes-prompt hints [--cwd DIR] [--touch PATH]... [--command "SHELL COMMAND"]... [--home DIR]
                      [--hermes-source DIR|builtin] [--json]

hints: the subdirectory hints Hermes appends to tool results in a session launched from --cwd. Each
--touch is a read_file call on PATH, each --command a terminal call, in the order given; with neither,
every directory below --cwd that holds a hint file is touched, parents first.

--now: YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fraction]][Z|±HH:MM]; without an offset it is read in the display zone.
--timezone: the display zone (default: HERMES_TIMEZONE, else config.yaml timezone, else local time, as Hermes).
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
  model: { type: 'string' }, 'session-id': { type: 'string' }, 'pass-session-id': { type: 'boolean' }, now: { type: 'string' }, timezone: { type: 'string' },
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
  if (new NodeFileSystem().stat(cwd)?.kind !== 'directory') throw new UsageError(`--cwd ${cwd} is not a directory`);
  const texts = hermesTexts(str('hermes-source'), home, io);
  return {
    fs: new NodeFileSystem(), cwd, home, texts: texts.texts, textsProvenance: texts.provenance, textFallbacks: texts.fallbacks,
    table: texts.table,
    layout: str('layout'), platform: str('platform'), model: str('model'), sessionId: str('session-id'),
    passSessionId: values['pass-session-id'] === true, env: io.env,
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
        ...(s.resolvesTo ? { resolvesTo: s.resolvesTo } : {}),
        findings: s.findings,
      })),
    })),
    perCall: result.perCall.map((p) => ({
      id: p.id, title: p.title, placement: p.placement, status: p.status, text: p.text, chars: p.chars, tokens: p.tokens,
      feeds: p.feeds, whyNotCached: p.whyNotCached, notes: p.notes,
      sources: p.sources.map((s) => ({ path: s.path, label: s.label, kind: s.kind, status: s.status, ...(s.message ? { message: s.message } : {}) })),
    })),
  };
}

function runBuild(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, BUILD_FLAGS);
  if (positionals.length) throw new UsageError(`build takes no positional arguments (got '${positionals[0]}')`);
  const opts = buildOptions(values, io);
  const result = assemble(opts);
  for (const w of result.warnings) io.err(`hermes-prompt: warning: ${w}`);
  if (values.json) writeJson(buildJson(result, opts.table.origin), io.out);
  else io.out(result.prompt);
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
  // A file named on the command line that cannot be read is an I/O error, reported before any output; it is
  // scanned now (its findings are capped). A directory is scanned lazily, one file at a time as the output is
  // written, and a file in it that cannot be read is a finding.
  const targets: (FileScan | string)[] = [];
  for (const p of positionals) {
    const abs = path.resolve(io.cwd, p);
    const st = nodeFs.stat(abs);
    if (!st) throw new UsageError(`${p}: no such file or directory`);
    if (st.kind === 'directory') {
      targets.push(abs);
      continue;
    }
    const scan = scanFile(nodeFs, abs, { scope, checks, hermesHome: home, table });
    if (scan.error) throw new IoError(`${p}: ${scan.error}`);
    targets.push(scan);
  }
  let failed = false;
  let scanned = 0;
  function* scans(): Generator<FileScan> {
    for (const t of targets) {
      for (const scan of typeof t === 'string' ? scanTree(nodeFs, t, { scope, checks, hermesHome: home, table }) : [t]) {
        if (failOn !== 'never' && scan.findings.some((f) => RANK[f.severity] >= RANK[failOn])) failed = true;
        scanned++;
        yield scan;
      }
    }
  }
  const display = (file: string) => path.relative(io.cwd, file) || file;
  if (values.sarif) writeJson(toSarif(scans(), io.cwd, VERSION), io.out);
  else if (values.json) {
    writeJson({
      files: mapEach(scans(), (s) => ({
        path: display(s.path),
        hermesBlocks: s.hermesBlocks,
        findings: s.findings.map((f) => ({ ruleId: f.ruleId, severity: f.severity, message: f.message, hermesBlocks: f.hermesBlocks, range: f.range })),
      })),
    }, io.out);
  } else {
    // Each line holds file names and file-derived messages: one line of output per finding, never more.
    const line = (text: string) => io.out(terminalSafe(text));
    let count = 0;
    const blocked: string[] = [];
    for (const s of scans()) {
      for (const f of s.findings) {
        count++;
        line(`${display(s.path)}:${f.range.start.line + 1}:${f.range.start.character + 1}: ${f.severity} ${f.ruleId}: ${f.message}`);
      }
      if (s.hermesBlocks) blocked.push(display(s.path));
    }
    line(`${scanned} file(s) scanned, ${count} finding(s)${blocked.length ? `; Hermes blocks: ${blocked.join(', ')}` : ''}`);
  }
  return failed ? 1 : 0;
}

function* mapEach<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}

function runDiff(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, { ...BUILD_FLAGS, file: { type: 'string' }, with: { type: 'string' } });
  if (positionals.length) throw new UsageError(`diff takes no positional arguments (got '${positionals[0]}')`);
  if (typeof values.file !== 'string' || typeof values.with !== 'string') throw new UsageError('diff needs --file PATH and --with NEWFILE');
  const opts = buildOptions(values, io);
  const withPath = path.resolve(io.cwd, values.with);
  // The bytes, not a decoding: Hermes reads them itself, and skips the file when they are not UTF-8.
  let newContent: Uint8Array;
  try {
    newContent = opts.fs.readFile(withPath, MAX_READ_BYTES);
  } catch (err) {
    throw new IoError(`${values.with}: ${(err as Error).message}`);
  }
  const impact = cacheImpact(opts, path.resolve(io.cwd, values.file), newContent);
  io.out(values.json ? JSON.stringify(diffJson(impact), null, 2) : describeImpact(impact).split('\n').map(terminalSafe).join('\n'));
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
  lines.push(PER_TURN_NOTE);
  return lines.join('\n');
}

function runHints(argv: string[], io: Io): number {
  const { values, positionals } = parse(argv, {
    cwd: { type: 'string' }, touch: { type: 'string', multiple: true }, command: { type: 'string', multiple: true },
    home: { type: 'string' }, 'hermes-source': { type: 'string' }, json: { type: 'boolean' },
  });
  if (positionals.length) throw new UsageError(`hints takes no positional arguments (got '${positionals[0]}'); use --touch PATH`);
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const cwd = path.resolve(io.cwd, str('cwd') ?? '.');
  if (!fs.existsSync(cwd) || !fs.statSync(cwd).isDirectory()) throw new UsageError(`--cwd ${cwd} is not a directory`);
  const hermesHome = path.resolve(io.cwd, str('home') ?? defaultHermesHome(io.env));
  const { table } = hermesTexts(str('hermes-source'), hermesHome, io);
  const session = runHintSession({ fs: new NodeFileSystem(), table }, { launchDir: cwd, home: io.env.HOME || os.homedir() }, orderedCalls(argv));
  if (session.disabledReason) io.err(`hermes-prompt: note: Hermes sends no subdirectory hints in this session: ${session.disabledReason}.`);
  if (values.json) {
    io.out(JSON.stringify(hintsJson(session), null, 2));
    return 0;
  }
  for (const d of session.directories) if (!d.text && d.status !== 'none') io.err(`hermes-prompt: note: ${d.relativeDirectory}: ${d.message}`);
  const texts = session.directories.map((d) => d.text).filter(Boolean);
  if (texts.length) io.out(texts.join('\n\n'));
  return 0;
}

/** The --touch and --command values in command-line order: the order of the tool calls matters for deduplication. */
function orderedCalls(argv: string[]): HintCall[] {
  const calls: HintCall[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(touch|command)(?:=([\s\S]*))?$/.exec(argv[i]);
    if (!m) continue;
    const value = m[2] ?? argv[++i];
    calls.push(m[1] === 'touch' ? { tool: 'read_file', arguments: { path: value } } : { tool: 'terminal', arguments: { command: value } });
  }
  return calls;
}

/** A file the user named could not be read. */
class IoError extends Error {}

export function main(argv: string[], rawIo: Io): number {
  // Warnings and errors quote file names and file content; stderr is never data, so all of it is escaped.
  const io: Io = { ...rawIo, err: (text) => rawIo.err(terminalSafe(text)) };
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'build': return runBuild(rest, io);
      case 'scan': return runScan(rest, io);
      case 'diff': return runDiff(rest, io);
      case 'hints': return runHints(rest, io);
      case '--version': case '-v': io.out(VERSION); return 0;
      case undefined: case '--help': case '-h': case 'help': io.out(HELP); return command === undefined ? 2 : 0;
      default: throw new UsageError(`unknown command '${command}' (expected build, scan, diff or hints)`);
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
