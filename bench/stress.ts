/**
 * Hostile-input stress run (`npm run stress`): each heavy case of issue 8 runs as its own child process (the
 * CLI, or a small driver for the server and the FIFO race) on inputs generated in the OS temp dir. Prints per
 * case the wall time, the peak RSS (GNU time's "Maximum resident set size" when /usr/bin/time exists, else the
 * largest VmHWM of the case's processes polled from /proc, also for a case killed at the timeout), the exit code and the first line of stderr, then a verdict against the
 * limits: under 5 s, under 600 MB, no stack trace on stderr. A case still running after STRESS_TIMEOUT_S
 * (default 20) seconds is killed and fails. Children run with a 1.5 GB V8 heap cap so a runaway case cannot
 * take the machine down; it then fails with an out-of-memory exit instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'hermes-prompt.js');
const TIME = '/usr/bin/time';
const LIMIT_MS = 5000;
const LIMIT_MB = 600;
const TIMEOUT_MS = Number(process.env.STRESS_TIMEOUT_S ?? 20) * 1000;
const HEAP_CAP = '--max-old-space-size=1536';
/** A stack frame line as V8 prints it ("    at fn (file:1:2)", "    at Array.join (<anonymous>)"). */
const STACK_TRACE = /^\s{2,}at \S/m;

interface Case {
  name: string;
  /** node arguments (script first). */
  args: string[];
  cwd?: string;
}

interface Outcome {
  ms: number;
  rssMb?: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stderr: string;
  stdout: string;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hpl-stress-'));
const dir = (...parts: string[]) => {
  const p = path.join(tmp, ...parts);
  fs.mkdirSync(p, { recursive: true });
  return p;
};
const home = dir('home');
const cli = (...args: string[]) => [BIN, ...args];

/** Writes `count` copies of `unit` to `file` without building the whole text in memory. */
function writeRepeated(file: string, unit: string, count: number, prefix = ''): void {
  const fd = fs.openSync(file, 'w');
  if (prefix) fs.writeSync(fd, prefix);
  const perChunk = Math.max(1, Math.floor((1 << 20) / Buffer.byteLength(unit)));
  const chunk = unit.repeat(perChunk);
  let left = count;
  while (left > 0) {
    const n = Math.min(left, perChunk);
    fs.writeSync(fd, n === perChunk ? chunk : unit.repeat(n));
    left -= n;
  }
  fs.closeSync(fd);
}

function chain(root: string, depth: number): string {
  let p = root;
  for (let i = 0; i < depth; i++) p = path.join(p, 'd');
  fs.mkdirSync(p, { recursive: true });
  return p;
}

/** The 818-byte YAML of issue 8: nine aliases per level, sixteen levels (9^17 leaves if expanded). */
function aliasBomb(): string {
  const lines = [`a: &a [${Array(9).fill('"lol"').join(',')}]`];
  for (let i = 1; i <= 16; i++) lines.push(`x${i}: &x${i} [${Array(9).fill(i === 1 ? '*a' : `*x${i - 1}`).join(',')}]`);
  return lines.join('\n') + '\n';
}

function cases(): Case[] {
  const list: Case[] = [];
  const builtin = ['--hermes-source', 'builtin', '--home', home];

  const fifoDir = dir('fifo');
  spawnSync('mkfifo', [path.join(fifoDir, 'AGENTS.md')]);
  list.push({ name: 'FIFO context file: scan', args: cli('scan', ...builtin, fifoDir) });
  list.push({ name: 'FIFO context file: build', args: cli('build', ...builtin, '--cwd', fifoDir) });

  const zeroDir = dir('zero');
  fs.symlinkSync('/dev/zero', path.join(zeroDir, 'AGENTS.md'));
  list.push({ name: 'symlink to /dev/zero: build', args: cli('build', ...builtin, '--cwd', zeroDir) });
  list.push({ name: 'symlink to /dev/zero: diff --with', args: cli('diff', ...builtin, '--cwd', fifoDir, '--file', path.join(fifoDir, 'AGENTS.md'), '--with', path.join(zeroDir, 'AGENTS.md')) });

  list.push({ name: 'file swapped for a FIFO: 100 scans', args: [path.join(__dirname, 'stress', 'swapDriver.js'), dir('swap'), '100'] });

  const rootLink = dir('rootlink');
  fs.writeFileSync(path.join(rootLink, 'AGENTS.md'), 'Fine.\n');
  fs.symlinkSync('/', path.join(rootLink, 'rootlink'));
  list.push({ name: 'ln -s / dir/rootlink: scan', args: cli('scan', ...builtin, rootLink) });

  for (const depth of [1000, 2000]) {
    const top = dir(`chain${depth}`);
    fs.writeFileSync(path.join(chain(top, depth), 'AGENTS.md'), 'Deep.\n');
    list.push({ name: `${depth}-deep directory chain: scan`, args: cli('scan', ...builtin, top) });
  }

  const deepHome = dir('deep-home');
  fs.writeFileSync(path.join(chain(path.join(deepHome, 'skills'), 1000), 'SKILL.md'), '---\nname: deep\ndescription: Deep skill\n---\n');
  list.push({ name: '1000-deep skills dir: build', args: cli('build', '--hermes-source', 'builtin', '--home', deepHome, '--cwd', dir('empty')) });

  const bombSkillHome = dir('bomb-skill-home');
  fs.mkdirSync(path.join(bombSkillHome, 'skills', 'bomb'), { recursive: true });
  fs.writeFileSync(path.join(bombSkillHome, 'skills', 'bomb', 'SKILL.md'), `---\n${aliasBomb()}name: *x16\n---\n# bomb\n`);
  list.push({ name: 'YAML alias bomb in SKILL.md: build', args: cli('build', '--hermes-source', 'builtin', '--home', bombSkillHome, '--cwd', dir('empty')) });

  const bombConfigHome = dir('bomb-config-home');
  fs.writeFileSync(path.join(bombConfigHome, 'config.yaml'), `${aliasBomb()}agent:\n  tool_use_enforcement: *x16\n`);
  // A model is needed: tool_use_enforcement is only read for the model gate.
  list.push({ name: 'YAML alias bomb in config.yaml: build', args: cli('build', '--hermes-source', 'builtin', '--home', bombConfigHome, '--model', 'gpt-4o', '--cwd', dir('empty')) });

  const zwj = path.join(dir('zwj'), 'AGENTS.md');
  writeRepeated(zwj, 'a\u200d', 2 * 1024 * 1024);
  list.push({ name: '8 MB a+U+200D: scan --sarif', args: cli('scan', ...builtin, '--sarif', zwj) });
  list.push({ name: '8 MB a+U+200D: scan --json', args: cli('scan', ...builtin, '--json', zwj) });

  const ignoreDir = dir('ignore');
  writeRepeated(path.join(ignoreDir, 'AGENTS.md'), 'ignore previous instructions\n', 5_000_000);
  list.push({ name: '5 M lines "ignore previous instructions": scan --json', args: cli('scan', ...builtin, '--json', path.join(ignoreDir, 'AGENTS.md')) });
  list.push({ name: '5 M lines "ignore previous instructions": build --json', args: cli('build', ...builtin, '--json', '--cwd', ignoreDir) });

  const token = path.join(dir('token'), 'AGENTS.md');
  fs.writeFileSync(token, 'token="' + crypto.randomBytes(6 * 1024 * 1024).toString('base64'));
  list.push({ name: 'token=" + 8 MB base64: scan --scope strict', args: cli('scan', ...builtin, '--scope', 'strict', token) });

  const serverDir = dir('server');
  const serverDoc = path.join(serverDir, 'AGENTS.md');
  writeRepeated(serverDoc, 'ignore previous instructions\n', Math.ceil((2 * 1024 * 1024) / 29));
  fs.mkdirSync(path.join(serverDir, '.hermes-home'));
  list.push({ name: 'server: open 2 MB "ignore previous instructions"', args: [path.join(__dirname, 'stress', 'serverDriver.js'), serverDir, serverDoc] });
  return list;
}

/** First `max` characters of a stream, the rest drained (a case may print hundreds of megabytes). */
function collect(stream: NodeJS.ReadableStream | null, max = 64 * 1024): () => string {
  let text = '';
  stream?.on('data', (d: Buffer) => {
    if (text.length < max) text += d.toString('utf8', 0, Math.min(d.length, max - text.length));
  });
  return () => text;
}

/** The largest VmHWM (peak RSS, MB) among `pid` and its descendants, from /proc; undefined without /proc. */
function peakFromProc(pid: number): number | undefined {
  let peak: number | undefined;
  const visit = (p: number): void => {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      if (kb) peak = Math.max(peak ?? 0, Number(kb) / 1024);
      for (const c of fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(c));
    } catch {
      // The process ended between two reads.
    }
  };
  visit(pid);
  return peak;
}

function run(c: Case): Promise<Outcome> {
  const useTime = fs.existsSync(TIME);
  const timeFile = path.join(tmp, 'time.txt');
  fs.rmSync(timeFile, { force: true });
  const argv = useTime ? [TIME, '-v', '-o', timeFile, process.execPath, HEAP_CAP, ...c.args] : [process.execPath, HEAP_CAP, ...c.args];
  const start = performance.now();
  const child = spawn(argv[0], argv.slice(1), { cwd: c.cwd ?? tmp, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, HERMES_HOME: home } });
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  // Also with GNU time: a case killed at the timeout leaves no time report, and its peak still matters.
  let polled: number | undefined;
  const poll = setInterval(() => {
    const now = child.pid ? peakFromProc(child.pid) : undefined;
    if (now !== undefined) polled = Math.max(polled ?? 0, now);
  }, 50);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    // The whole process group: GNU time, node, and whatever the case started.
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, TIMEOUT_MS);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const ms = performance.now() - start;
      clearTimeout(timer);
      clearInterval(poll);
      let rssMb = polled;
      if (useTime && fs.existsSync(timeFile)) {
        const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(fs.readFileSync(timeFile, 'utf8'))?.[1];
        if (kb) rssMb = Number(kb) / 1024;
        const report = fs.readFileSync(timeFile, 'utf8');
        const killedBy = /Command terminated by signal (\d+)/.exec(report)?.[1];
        const status = /Exit status: (\d+)/.exec(report)?.[1];
        if (killedBy !== undefined) {
          code = null;
          signal = os.constants.signals ? (Object.entries(os.constants.signals).find(([, n]) => n === Number(killedBy))?.[0] as NodeJS.Signals) : signal;
        } else if (status !== undefined) code = Number(status);
      }
      resolve({ ms, rssMb, code, signal, timedOut, stderr: stderr(), stdout: stdout() });
    });
  });
}

function verdict(o: Outcome): string {
  const problems: string[] = [];
  if (o.timedOut) problems.push(`killed after ${TIMEOUT_MS / 1000} s`);
  else if (o.ms >= LIMIT_MS) problems.push('over 5 s');
  if (o.rssMb !== undefined && o.rssMb >= LIMIT_MB) problems.push('over 600 MB');
  if (STACK_TRACE.test(o.stderr)) problems.push('stack trace on stderr');
  if (!o.timedOut && (o.code === null || o.code > 2)) problems.push(`crashed (exit ${o.code ?? o.signal})`);
  return problems.length ? `FAIL: ${problems.join(', ')}` : 'PASS';
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli.js'))) {
    console.error('stress: dist/ is missing; run `npm run build` first');
    process.exit(2);
  }
  console.log(`inputs in ${tmp}; limits: < ${LIMIT_MS / 1000} s, < ${LIMIT_MB} MB, no stack trace; peak RSS from ${fs.existsSync(TIME) ? 'GNU time -v' : '/proc VmHWM'}`);
  const list = cases();
  const rows: string[][] = [];
  let failed = 0;
  for (const c of list) {
    const o = await run(c);
    const v = verdict(o);
    if (v !== 'PASS') failed++;
    const firstErr = o.stderr.split('\n').find((l) => l.trim()) ?? '';
    const firstOut = o.stdout.split('\n')[0] ?? '';
    const note = c.args[0].includes(`${path.sep}stress${path.sep}`) ? firstOut : '';
    rows.push([c.name, `${(o.ms / 1000).toFixed(2)} s`, o.rssMb === undefined ? '?' : `${Math.round(o.rssMb)} MB`,
      o.timedOut ? 'killed' : String(o.code ?? o.signal), v, [note, firstErr].filter(Boolean).join(' | ').slice(0, 140)]);
    console.log(`${c.name}: ${rows[rows.length - 1].slice(1).join(' · ')}`);
  }
  const header = ['case', 'wall', 'peak RSS', 'exit', 'verdict', 'first line of stderr (drivers: stdout | stderr)'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (i === 5 ? 0 : r[i].length))));
  const fmt = (r: string[]) => r.map((cell, i) => (i === 5 ? cell : cell.padEnd(widths[i]))).join('  ');
  console.log('\n' + fmt(header));
  for (const r of rows) console.log(fmt(r));
  console.log(`\n${list.length - failed} of ${list.length} cases within the limits`);
  // Node's recursive rmSync overflows its stack on the 2,000-deep chain; rm walks it iteratively.
  spawnSync('rm', ['-rf', tmp]);
}

void main();
