/**
 * Core-engine benchmark (`npm run bench`): build time, scan throughput, scan time relative to ripgrep, and a
 * linear-time check, on a generated worst-case workspace. Prints plain `name: value unit` lines.
 * 1 MB = 10^6 bytes throughout.
 */

// First, so V8's settings hold before any other module runs a regex.
import '../src/shared/scanProcessSetup';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assemble } from '../src/core/assemble';
import { NodeFileSystem } from '../src/core/nodeFs';
import { findContextFiles, scanFile } from '../src/core/scanFiles';
import { compiledPatterns } from '../src/core/threatPatterns';
import { PINNED_PYTHON_PATTERNS } from '../src/core/pinnedPatterns';
import { escapeHtml } from '../src/extension/escapeHtml';
import { highlightRegions } from '../src/extension/previewHtml';
import { makeWorkspace, markdown } from './workspace';
import { pyyamlSafeLoad } from '../src/core/yaml/safeLoad';
import { aliasBomb } from '../test/helpers/aliasBomb';

const BUILD_RUNS = 7;
const SCAN_RUNS = 5;
const RG_RUNS = 7;
const LINEAR_BYTES = 65_000_000;

/**
 * Hermes' context-scope patterns as written in Python, for rg: the baseline is Hermes' own pattern set as anyone
 * would run it, not our port. PCRE2 in UCP mode (rg -P) reads `\w`, `\s`, `\b` and -i Unicode-aware, as Python
 * does, and supports pattern 5's lookarounds; rg's default engine has no lookaround at all.
 */
const RG_PATTERNS: [string, string][] = PINNED_PYTHON_PATTERNS.filter(([, scope]) => scope !== 'strict').map(([id, , source]) => [id, source]);

/** Lines are the interface; keep them uniform. */
function line(name: string, value: string): void {
  console.log(`${name}: ${value}`);
}

function ms(n: number): string {
  return `${n.toFixed(n < 10 ? 2 : 1)} ms`;
}

function ratio(n: number): string {
  return `${n.toFixed(2)}× baseline`;
}

function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(2);
}

function timeMs(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function fileBytes(files: string[]): number {
  return files.reduce((n, f) => n + fs.statSync(f).size, 0);
}

/** Pattern-rule findings only (not the extra Unicode checks or the scan-cap notice), for the match-count cross-check. */
const PATTERN_IDS = new Set(compiledPatterns('context').map((c) => c.pattern.id));

function scanAll(files: string[], home: string): number {
  const nfs = new NodeFileSystem();
  let matches = 0;
  for (const f of files) {
    for (const finding of scanFile(nfs, f, { hermesHome: home }).findings) if (PATTERN_IDS.has(finding.ruleId)) matches++;
  }
  return matches;
}

interface Rg {
  version: string;
  pcre2: boolean;
  /** Why the comparison cannot run, when it cannot. */
  skip?: string;
}

function probeRg(): Rg {
  const v = spawnSync('rg', ['--version'], { encoding: 'utf8' });
  if (v.error || v.status !== 0) {
    const why = (v.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ? '`rg` is not on PATH' : `\`rg --version\` failed (${v.error?.message ?? `exit ${v.status}`})`;
    return { version: '', pcre2: false, skip: `${why}; install the Debian package ripgrep (apt-get update && apt-get install -y ripgrep)` };
  }
  const p = spawnSync('rg', ['--pcre2-version'], { encoding: 'utf8' });
  return { version: v.stdout.split('\n')[0].trim(), pcre2: p.status === 0 && /available/.test(p.stdout) && !/not available/.test(p.stdout) };
}

/** One rg run over exactly `files`; returns wall time and the total match count, or an error text. */
function runRg(args: string[], files: string[]): { ms: number; matches: number } | { error: string } {
  let r: ReturnType<typeof spawnSync> | undefined;
  // Spawn cost is included on purpose: it is what a user running rg pays, and it is small next to the scan.
  const t = timeMs(() => {
    r = spawnSync('rg', [...args, '--', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  });
  // rg exits 1 when nothing matched; only 2 (or a signal) is an error.
  if (!r || r.error || (r.status !== 0 && r.status !== 1)) return { error: String(r?.error?.message ?? r?.stderr ?? 'unknown').trim().split('\n')[0] };
  let matches = 0;
  for (const l of String(r.stdout).split('\n')) {
    const m = /:(\d+)$/.exec(l);
    if (m) matches += Number(m[1]);
  }
  return { ms: t, matches };
}

/**
 * The benchmark runs in a child process. The work is synchronous, so this process could not react to Ctrl-C
 * while doing it; as the parent it only waits, survives the SIGINT that reaches the whole process group, and
 * deletes the temp files whatever happens. The child also starts cold, which the cold build figure needs.
 */
function main(): void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hpl-bench-'));
  process.on('SIGINT', () => {
    // Nothing to do: spawnSync returns once the child has stopped, and the finally block cleans up.
  });
  let status = 1;
  try {
    const r = spawnSync(process.execPath, [__filename, '--run', root], { stdio: 'inherit' });
    status = r.status ?? 130;
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  process.exitCode = status;
}

function run(root: string): void {
  const cpu = os.cpus();
  line('machine', `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, node ${process.version}, ${os.platform()} ${os.release()}`);
  // Figures are wall-clock: a busy machine inflates them, so say how busy it was.
  line('load average at start (1 min)', os.loadavg()[0].toFixed(2));
  let ws!: ReturnType<typeof makeWorkspace>;
  const genMs = timeMs(() => {
    ws = makeWorkspace(root);
  });
  const bigBytes = fs.statSync(path.join(ws.cwd, 'AGENTS.md')).size;
  line('workspace', `20-level AGENTS.md chain (cwd = level 20), 200 .cursor/rules/*.mdc at cwd, ${mb(bigBytes)} MB AGENTS.md at cwd, 500 skills in HERMES_HOME (generated in ${ms(genMs)})`);

  // (1) Build. The first assemble() in the process is reported apart: it pays for regex compilation, JIT
  // warm-up and the tokenizer's lazy load. The files themselves are in the OS cache either way.
  const now = new Date('2025-06-01T12:00:00Z');
  const build = (): ReturnType<typeof assemble> => assemble({ fs: new NodeFileSystem(), cwd: ws.cwd, home: ws.home, now, timezone: 'Europe/Berlin' });
  let result!: ReturnType<typeof assemble>;
  const cold = timeMs(() => {
    result = build();
  });
  const warm: number[] = [];
  for (let i = 0; i < BUILD_RUNS; i++) warm.push(timeMs(build));
  line('build time (cold, first run)', ms(cold));
  line(`build time (median of ${BUILD_RUNS} warm runs)`, ms(median(warm)));
  const sources = result.layers.flatMap((l) => l.sources);
  const status = new Map<string, number>();
  for (const s of sources) status.set(`${s.kind} ${s.status}`, (status.get(`${s.kind} ${s.status}`) ?? 0) + 1);
  const skillLines = (result.layers.find((l) => l.id === 'skills')?.text.match(/^ {4}- /gm) ?? []).length;
  // Shows the workspace exercises what it should: the chain loads (truncated), the rules are shadowed, skills list.
  const empty = result.layers.filter((l) => !l.text).map((l) => l.id);
  line('build result', `${result.prompt.length} chars, ${result.totalTokens} tokens, ${result.layers.length - empty.length}/${result.layers.length} layers non-empty${empty.length ? ` (empty: ${empty.join(', ')})` : ''}, ${skillLines} skills indexed`);
  line('build sources', [...status].map(([k, n]) => `${n} ${k}`).join(', '));

  // (1b) YAML alias bomb (issue 8): the 818-byte document is refused by its expanded size; the baseline is an
  // alias-free document of about the same length.
  const bomb = aliasBomb('name');
  const plain = Array.from({ length: 18 }, (_, i) => `k${i}: [${Array(9).fill(i).join(',')}]`).join('\n') + '\n';
  const loadMs = (text: string) => median(Array.from({ length: 21 }, () => timeMs(() => pyyamlSafeLoad(text))));
  const [bombMs, plainMs] = [loadMs(bomb), loadMs(plain)];
  line(`YAML alias bomb load+refuse (${bomb.length} bytes, median of 21)`, `${ms(bombMs)} (${ratio(bombMs / plainMs)}: alias-free ${plain.length} bytes, ${ms(plainMs)})`);

  // (2) Scan throughput over every context file discovery finds in the workspace.
  const nfs = new NodeFileSystem();
  let files: string[] = [];
  const discoverMs = timeMs(() => {
    files = findContextFiles(nfs, ws.repo, ws.home).files;
  });
  const totalBytes = fileBytes(files);
  line('scan set', `${files.length} files, ${mb(totalBytes)} MB (findContextFiles took ${ms(discoverMs)})`);
  let ourMatches = 0;
  const scans: number[] = [];
  for (let i = 0; i < SCAN_RUNS; i++) {
    scans.push(timeMs(() => {
      ourMatches = scanAll(files, ws.home);
    }));
  }
  const scanMs = median(scans);
  line(`scan time (median of ${SCAN_RUNS} runs)`, ms(scanMs));
  line('scan throughput', `${(totalBytes / 1e6 / (scanMs / 1000)).toFixed(2)} MB/s`);

  patternBreakdown(path.join(ws.cwd, 'AGENTS.md'));

  // (3) The same files and patterns through rg, in this run.
  compareWithRg(root, files, scanMs, ourMatches, ws.plantedMatches);

  // (4) Linear time: a 65 MB file and its first quarter. Bounded repeats should keep the ratio near the size ratio.
  linearCheck(root);

  // (5) The preview's marking of [BLOCKED: …] regions on hostile layers, against escaping the same text.
  previewRender();
  line('load average at end (1 min)', os.loadavg()[0].toFixed(2));
}

/** highlightRegions on 500,000-character layers, each against escapeHtml of the same text (the least a render does). */
function previewRender(): void {
  const layers: [string, string][] = [
    ['unclosed [BLOCKED: ×55,000', '[BLOCKED:'.repeat(55_000)],
    ['closed [BLOCKED: x] ×38,000', '[BLOCKED: x] '.repeat(38_000)],
  ];
  for (const [name, text] of layers) {
    const base = median([0, 1, 2].map(() => timeMs(() => escapeHtml(text))));
    const render = median([0, 1, 2].map(() => timeMs(() => highlightRegions(text))));
    line(`preview render of a ${(text.length / 1000).toFixed(0)},000-char layer, ${name} (median of 3)`, `${ms(render)} (${(render / base).toFixed(1)}x escapeHtml of the same text, ${ms(base)})`);
  }
}

/** Where scan time goes on the big file: the NFKC pass every scan makes, and the costliest patterns. */
function patternBreakdown(file: string): void {
  const raw = fs.readFileSync(file, 'utf8');
  const nfkc: number[] = [];
  let text = '';
  for (let i = 0; i < 3; i++) nfkc.push(timeMs(() => {
    text = raw.normalize('NFKC');
  }));
  const rows = compiledPatterns('context').map(({ pattern, global }) => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      times.push(timeMs(() => {
        global.lastIndex = 0;
        while (global.exec(text)) { /* count nothing: only the search cost matters here */ }
      }));
    }
    return { id: pattern.id, ms: median(times) };
  });
  const total = rows.reduce((n, r) => n + r.ms, 0);
  rows.sort((a, b) => b.ms - a.ms);
  const size = mb(Buffer.byteLength(raw));
  line(`NFKC normalize of the ${size} MB AGENTS.md (median of 3)`, ms(median(nfkc)));
  line(`pattern search time on it (${rows.length} patterns, medians of 3)`, `${ms(total)}; slowest ${rows.slice(0, 3).map((r) => `${r.id} ${ms(r.ms)}`).join(', ')}`);
}

function compareWithRg(root: string, files: string[], scanMs: number, ourMatches: number, planted: number): void {
  const rg = probeRg();
  if (rg.skip) {
    line('rg ratio', `skipped: ${rg.skip}`);
    return;
  }
  const ids = compiledPatterns('context').map((c) => c.pattern.id);
  if (ids.join() !== RG_PATTERNS.map(([id]) => id).join()) {
    line('rg pattern set', `WARNING: the engine's context-scope ids (${ids.length}) differ from the bench's copy of spec §4.4 (${RG_PATTERNS.length}); the comparison is not like for like`);
  }
  // Without PCRE2, drop the only lookarounds (pattern 5) and Python's identity escapes, which Rust's regex rejects.
  const sources = RG_PATTERNS.map(([, s]) => (rg.pcre2 ? s : s.replace(/\(\?<!\[A-Za-z\]\)|\(\?!\[A-Za-z\]\)/g, '').replace(/\\(['~])/g, '$1')));
  const patternFile = path.join(root, 'rg-patterns.txt');
  fs.writeFileSync(patternFile, sources.join('\n') + '\n');
  // -U: our scanner matches across line breaks (Python's \s matches \n), so rg must too. --no-config keeps a
  // user's RIPGREP_CONFIG_PATH out of it; --no-ignore --hidden because every file is named explicitly anyway.
  const base = ['--no-config', '-U', '-i', '--count-matches', '--with-filename', '--no-ignore', '--hidden', '--no-messages', '-f', patternFile];
  if (rg.pcre2) base.unshift('-P');
  else base.unshift('--regex-size-limit', '1G', '--dfa-size-limit', '1G');
  line('rg', `${rg.version}, ${rg.pcre2 ? 'PCRE2 engine (-P), Python patterns unchanged' : 'default engine (this rg has no PCRE2): the lookarounds of html_comment_injection are dropped, and this engine is far slower on the bounded Unicode repeats, so the ratio flatters us'}, ${sources.length} patterns, flags ${base.filter((a) => a !== patternFile && a !== '-f').join(' ')}`);

  const measure = (extra: string[]): { ms: number; matches: number } | string => {
    const times: number[] = [];
    let matches = 0;
    // The default engine can take seconds per run here; fewer runs keep the whole bench within its budget.
    for (let i = 0; i < (rg.pcre2 ? RG_RUNS : 3); i++) {
      const r = runRg([...base, ...extra], files);
      if ('error' in r) return r.error;
      times.push(r.ms);
      matches = r.matches;
    }
    return { ms: median(times), matches };
  };
  const par = measure([]);
  if (typeof par === 'string') {
    line('rg ratio', `skipped: rg failed: ${par}`);
    return;
  }
  // rg searches files in parallel; -j1 compares with our single-threaded scan like for like.
  const one = measure(['-j1']);
  line(`rg time (default threads, median of ${rg.pcre2 ? RG_RUNS : 3} runs)`, ms(par.ms));
  if (typeof one !== 'string') line(`rg time (-j1, median of ${rg.pcre2 ? RG_RUNS : 3} runs)`, ms(one.ms));
  // Both should find exactly the planted lines; a difference means the two pattern sets are not equivalent.
  line('pattern matches', `ours ${ourMatches}, rg ${par.matches}, planted ${planted}${ourMatches === par.matches && par.matches === planted ? '' : ' (MISMATCH)'}`);
  line('scan time ours / rg', ratio(scanMs / par.ms));
  if (typeof one !== 'string') line('scan time ours / rg -j1', ratio(scanMs / one.ms));
}

/** Child mode: scan one file once and report time and memory, so each measurement starts from a clean heap. */
function linearChild(file: string): void {
  const nfs = new NodeFileSystem();
  const rssBefore = process.memoryUsage().rss;
  let findings = 0;
  const cpu0 = process.cpuUsage();
  const t = timeMs(() => {
    findings = scanFile(nfs, file).findings.length;
  });
  const cpu = process.cpuUsage(cpu0);
  // maxRSS (KiB) is the child's lifetime peak, i.e. the scan's peak plus Node's own baseline.
  console.log(JSON.stringify({ ms: t, cpuMs: (cpu.user + cpu.system) / 1000, findings, rssBefore, peakRss: process.resourceUsage().maxRSS * 1024 }));
}

function linearCheck(root: string): void {
  const quarter = path.join(root, 'linear-quarter.md');
  const big = path.join(root, 'linear-full.md');
  const genMs = timeMs(() => {
    // The full file is the quarter four times over: the same regex work per quarter, so any time ratio above 4
    // is the engine's own non-linearity, not a property of the text. Slightly fewer characters than bytes:
    // the vocabulary has some multi-byte UTF-8 words.
    const text = markdown(Math.round((LINEAR_BYTES / 4) * 0.975), 424242, 1_000_000);
    fs.writeFileSync(quarter, text);
    fs.writeFileSync(big, text.repeat(4));
  });
  const bigBytes = fs.statSync(big).size;
  const quarterBytes = fs.statSync(quarter).size;
  line('linear check files', `${mb(bigBytes)} MB (4 copies of a ${mb(quarterBytes)} MB generated text) and the ${mb(quarterBytes)} MB quarter (generated in ${ms(genMs)})`);
  type Child = { ms: number; cpuMs: number; findings: number; rssBefore: number; peakRss: number };
  const runChild = (file: string): Child | string => {
    const r = spawnSync(process.execPath, [__filename, '--linear-child', file], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
    if (r.status !== 0) return `child failed (exit ${r.status ?? r.signal}): ${(r.stderr || '').trim().split('\n').slice(-1)[0]}`;
    return JSON.parse(r.stdout.trim().split('\n').slice(-1)[0]) as Child;
  };
  // Interleaved (quarter, full, quarter, full, quarter) so a change in machine load hits both sizes alike.
  const qs: Child[] = [];
  const bs: Child[] = [];
  for (const [file, into] of [[quarter, qs], [big, bs], [quarter, qs], [big, bs], [quarter, qs]] as [string, Child[]][]) {
    const r = runChild(file);
    if (typeof r === 'string') {
      line('linear check', `failed: ${r}`);
      return;
    }
    into.push(r);
  }
  const summary = (rs: Child[]): Child => ({
    ...rs[0], ms: median(rs.map((x) => x.ms)), cpuMs: median(rs.map((x) => x.cpuMs)), peakRss: Math.max(...rs.map((x) => x.peakRss)),
  });
  const q = summary(qs);
  const b = summary(bs);
  line(`linear check scan ${mb(quarterBytes)} MB (median of 3)`, `${ms(q.ms)} (${(quarterBytes / 1e6 / (q.ms / 1000)).toFixed(2)} MB/s, ${q.findings} findings)`);
  line(`linear check scan ${mb(bigBytes)} MB (median of 2)`, `${ms(b.ms)} (${(bigBytes / 1e6 / (b.ms / 1000)).toFixed(2)} MB/s, ${b.findings} findings)`);
  line('linear check size ratio', ratio(bigBytes / quarterBytes));
  line('linear check time ratio (linear = size ratio)', ratio(b.ms / q.ms));
  // CPU time is less sensitive than wall time to other processes competing for the cores (not immune: caches are shared).
  line('linear check CPU-time ratio', ratio(b.cpuMs / q.cpuMs));
  line(`peak RSS scanning ${mb(quarterBytes)} MB`, `${(q.peakRss / 1e6).toFixed(0)} MB (${(q.rssBefore / 1e6).toFixed(0)} MB before the scan)`);
  line(`peak RSS scanning ${mb(bigBytes)} MB`, `${(b.peakRss / 1e6).toFixed(0)} MB (${(b.rssBefore / 1e6).toFixed(0)} MB before the scan)`);
}

if (process.argv[2] === '--linear-child') linearChild(process.argv[3]);
else if (process.argv[2] === '--run') run(process.argv[3]);
else main();
