#!/usr/bin/env node
// Runs VS Code extension tests (or Playwright UI scripts) inside a real VS Code:
// code-server serves the workbench, headless Debian Chromium opens it, and the Node
// extension host runs the tests, as @vscode/test-electron would (which cannot
// download VS Code here). Install the host first: bash scripts/vscode-host/install.sh
//
// Extension tests:
//   node scripts/vscode-host/run.js --extension <abs dir> --tests <abs index.js exporting run()>
//        --workspace <abs folder | .code-workspace> [--screenshot-dir D] [--timeout-ms N]
// Packaged UI tests:
//   node scripts/vscode-host/run.js [--install-vsix <file.vsix>] [--extension <abs dir>]
//        --workspace <dir> --ui-script <abs module exporting async (page, ctx) => void>
//        [--screenshot-dir D] [--timeout-ms N]
// Common options: --settings <json file> (merged into user settings), --home <dir> (HOME for
//   code-server and the extension host; default: an empty folder), --keep-work (keep the temp
//   work folder), --quiet (hide code-server/browser log lines; test output is always shown).
//
// Exit codes: 0 passed; the tests' own non-zero code, or 1 when a UI script throws;
// 2 bad usage; 3 the host could not be started; 4 timed out.
// Every wait is bounded and every path ends by killing the process groups we started.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const EXIT = { usage: 2, host: 3, timeout: 4 };
const READY_LINE = 'HTTP server listening on';
const SERVER_START_MS = 90_000;
const INSTALL_VSIX_MS = 180_000;
const WORKBENCH_MS = 90_000;

// Until main() decides, any exit (even an emptied event loop) counts as failure.
process.exitCode = 1;

const T0 = Date.now();
function stamp() { return `+${((Date.now() - T0) / 1000).toFixed(1)}s`; }
function log(msg) { process.stdout.write(`[vscode-host ${stamp()}] ${msg}\n`); }
function loud(msg) {
  process.stderr.write(`\n[vscode-host ${stamp()}] ERROR: ${msg}\n\n`);
}
class HostError extends Error { constructor(msg, code = EXIT.host) { super(msg); this.exitCode = code; } }

// ---------------------------------------------------------------- arguments
function parseArgs(argv) {
  const flags = new Set(['keep-work', 'quiet']);
  const known = new Set(['extension', 'tests', 'workspace', 'screenshot-dir', 'timeout-ms',
    'install-vsix', 'ui-script', 'settings', 'home', ...flags]);
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m || !known.has(m[1])) throw new HostError(`unknown argument: ${argv[i]}`, EXIT.usage);
    if (flags.has(m[1])) { out[m[1]] = true; continue; }
    const v = m[2] !== undefined ? m[2] : argv[++i];
    if (v === undefined) throw new HostError(`--${m[1]} needs a value`, EXIT.usage);
    out[m[1]] = v;
  }
  const mode = out['ui-script'] ? 'ui' : 'tests';
  const need = (k, what) => {
    if (!out[k]) throw new HostError(`--${k} is required (${what})`, EXIT.usage);
    if (!path.isAbsolute(out[k])) out[k] = path.resolve(out[k]);
    if (!fs.existsSync(out[k])) throw new HostError(`--${k} ${out[k]} does not exist`, EXIT.usage);
  };
  need('workspace', 'folder or .code-workspace file to open');
  if (mode === 'tests') {
    need('extension', 'folder holding the extension package.json');
    need('tests', 'compiled test index exporting run()');
    if (out['install-vsix']) throw new HostError('--install-vsix needs --ui-script', EXIT.usage);
  } else {
    need('ui-script', 'module exporting async (page, ctx) => void');
    if (out.extension) need('extension', 'extension folder to load as under development');
    if (out['install-vsix']) need('install-vsix', 'packaged extension');
    if (out.tests) throw new HostError('--tests and --ui-script are separate modes', EXIT.usage);
  }
  if (out.extension && !fs.existsSync(path.join(out.extension, 'package.json'))) {
    throw new HostError(`--extension ${out.extension} has no package.json`, EXIT.usage);
  }
  if (out.settings) need('settings', 'JSON file of extra user settings');
  if (out.home) need('home', 'folder to use as HOME');
  out.timeoutMs = Number(out['timeout-ms'] || 600_000);
  if (!Number.isFinite(out.timeoutMs) || out.timeoutMs < 1000) throw new HostError('--timeout-ms must be a number ≥ 1000', EXIT.usage);
  if (out['screenshot-dir']) out['screenshot-dir'] = path.resolve(out['screenshot-dir']);
  out.mode = mode;
  return out;
}

// ---------------------------------------------------------------- host install
function loadHost() {
  const cache = process.env.HPL_HOST_CACHE || path.join(os.homedir(), '.cache', 'hermes-prompt-lens-host');
  const file = path.join(cache, 'host.json');
  let host;
  try { host = JSON.parse(fs.readFileSync(file, 'utf8')); } catch (e) {
    throw new HostError(`no VS Code host installed (${file}: ${e.code || e.message}). Run: bash scripts/vscode-host/install.sh`);
  }
  for (const k of ['node', 'codeServer', 'playwrightCore', 'chromium']) {
    if (!host[k] || !fs.existsSync(host[k])) throw new HostError(`host install is incomplete (${k}: ${host[k]}). Re-run: bash scripts/vscode-host/install.sh`);
  }
  return host;
}

// ---------------------------------------------------------------- processes
const state = { groups: new Set(), work: null, keepWork: false, browser: null, chromium: null, watchdog: null, signal: null };

function alive(pid) { try { process.kill(pid, 0); return true; } catch { return false; } }
function groupAlive(pgid) { try { process.kill(-pgid, 0); return true; } catch { return false; } }

function procStat(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(f[1]), pgrp: Number(f[2]) };
}
function childGroupLeaders() {
  const out = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try { const { ppid, pgrp } = procStat(name); if (ppid === process.pid && pgrp === Number(name)) out.push(pgrp); } catch { /* gone */ }
  }
  return out;
}

// Children that called setsid themselves (terminals, some helpers) escape the group kill;
// find every descendant from /proc before the parent dies and they are reparented.
function descendants(rootPid) {
  const kids = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const { ppid } = procStat(name);
      if (!kids.has(ppid)) kids.set(ppid, []);
      kids.get(ppid).push(Number(name));
    } catch { /* exited meanwhile */ }
  }
  const out = [];
  const queue = [rootPid];
  while (queue.length && out.length < 10_000) {
    for (const c of kids.get(queue.shift()) || []) { out.push(c); queue.push(c); }
  }
  return out;
}

async function killGroup(pgid, label) {
  if (!pgid) return;
  const pids = descendants(pgid);
  const signal = (sig) => {
    try { process.kill(-pgid, sig); } catch { /* group gone */ }
    for (const p of pids) { try { process.kill(p, sig); } catch { /* gone */ } }
  };
  signal('SIGTERM');
  for (let i = 0; i < 30 && (groupAlive(pgid) || pids.some(alive)); i++) await sleep(100);
  if (groupAlive(pgid) || pids.some(alive)) {
    log(`${label} did not stop on SIGTERM; sending SIGKILL`);
    signal('SIGKILL');
    for (let i = 0; i < 20 && (groupAlive(pgid) || pids.some(alive)); i++) await sleep(100);
  }
  if (groupAlive(pgid)) loud(`${label} (process group ${pgid}) survived SIGKILL`);
  state.groups.delete(pgid);
  writeGroupsFile();
}

// If this process is killed outright (CI timeout, SIGKILL), nothing below runs; a tiny
// detached watchdog then kills what we started and removes the work folder.
function startWatchdog() {
  const groupsFile = path.join(state.work, 'pgids');
  fs.writeFileSync(groupsFile, '');
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
for g in $(cat "$1" 2>/dev/null); do kill -9 -$g 2>/dev/null; done
[ "$2" = keep ] || rm -rf -- "$3"`;
  // (dash's kill takes `kill -9 -PGID` but rejects `--`.)
  const wd = spawn('sh', ['-c', script, 'hpl-watchdog', groupsFile, state.keepWork ? 'keep' : 'rm', state.work],
    { detached: true, stdio: 'ignore' });
  wd.unref();
  state.watchdog = wd.pid;
}
function writeGroupsFile() {
  if (state.work && fs.existsSync(state.work)) {
    try { fs.writeFileSync(path.join(state.work, 'pgids'), [...state.groups].join('\n') + '\n'); } catch { /* best effort */ }
  }
}
function track(pgid) { state.groups.add(pgid); writeGroupsFile(); }

// One cleanup, shared by every caller (main, signal handlers, the hard deadline).
let cleaning = null;
function cleanup() { return (cleaning ||= doCleanup()); }
async function doCleanup() {
  if (state.browser) await withTimeout(state.browser.close().catch(() => {}), 5000, 'browser close').catch(() => {});
  if (state.chromium) await killGroup(state.chromium, 'chromium');
  for (const g of [...state.groups]) await killGroup(g, `process group ${g}`);
  if (state.watchdog) { try { process.kill(state.watchdog, 'SIGKILL'); } catch { /* gone */ } }
  if (state.work) {
    if (state.keepWork) log(`work folder kept: ${state.work}`);
    else fs.rmSync(state.work, { recursive: true, force: true, maxRetries: 3 });
  }
}

function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }
function withTimeout(promise, ms, what, code = EXIT.timeout) {
  let t;
  return Promise.race([
    promise,
    new Promise((_, rej) => { t = setTimeout(() => rej(new HostError(`${what} timed out after ${ms} ms`, code)), ms); }),
  ]).finally(() => clearTimeout(t));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

function lineReader(stream, onLine) {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) { onLine(buf.slice(0, i)); buf = buf.slice(i + 1); }
  });
  stream.on('end', () => { if (buf) onLine(buf); });
}

// ---------------------------------------------------------------- code-server
function versionAtLeast(v, major, minor) {
  const [a, b] = String(v).split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

function prepareWork(opts, vscodeVersion) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hpl-vscode-'));
  state.work = base;
  const W = (...p) => path.join(base, ...p);
  for (const d of ['tmp', 'home', 'data/User', 'ext', 'xdg/config', 'xdg/data', 'xdg/cache']) fs.mkdirSync(W(d), { recursive: true });
  let extra = {};
  if (opts.settings) {
    try { extra = JSON.parse(fs.readFileSync(opts.settings, 'utf8')); } catch (e) { throw new HostError(`--settings ${opts.settings}: ${e.message}`, EXIT.usage); }
  }
  const settings = {
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    // VS Code 1.139 migrates `false` to 'off' by rewriting settings.json at startup (noise, a delay).
    'extensions.autoUpdate': versionAtLeast(vscodeVersion, 1, 139) ? 'off' : false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    'workbench.tips.enabled': false,
    // Offline there is no chat/agent backend; keep its panel and log noise out of the way.
    'chat.disableAIFeatures': true,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    // Fixture workspaces live inside this git repo; without this, Git asks about it in a toast.
    'git.openRepositoryInParentFolders': 'never',
    ...extra,
  };
  fs.writeFileSync(W('data/User/settings.json'), JSON.stringify(settings, null, 2));
  // Everything code-server, VS Code, Chromium and the tests write goes below the work folder.
  process.env.TMPDIR = W('tmp');
  return W;
}

function serverEnv(host, W, opts) {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/^(VSCODE_|ELECTRON_RUN_AS_NODE)/.test(k)) delete env[k];
  Object.assign(env, {
    PATH: `${path.dirname(host.node)}:${env.PATH || '/usr/bin:/bin'}`,
    TMPDIR: W('tmp'),
    // The extension host sees this HOME (os.homedir()): empty unless --home names a fixture.
    HOME: opts.home || W('home'),
    XDG_CONFIG_HOME: W('xdg/config'), XDG_DATA_HOME: W('xdg/data'), XDG_CACHE_HOME: W('xdg/cache'),
  });
  if (opts['screenshot-dir']) env.HPL_SCREENSHOT_DIR = opts['screenshot-dir'];
  return env;
}

function baseArgs(host, W) {
  return [host.codeServer, '--config', W('config.yaml'), '--user-data-dir', W('data'), '--extensions-dir', W('ext')];
}

async function installVsix(host, W, opts) {
  const vsix = opts['install-vsix'];
  log(`installing ${vsix}`);
  const child = spawn(host.node, [...baseArgs(host, W), '--force', '--install-extension', vsix],
    { detached: true, env: serverEnv(host, W, opts), stdio: ['ignore', 'pipe', 'pipe'] });
  track(child.pid);
  let out = '';
  const take = (l) => { out += l + '\n'; log(`[install] ${l}`); };
  lineReader(child.stdout, take);
  lineReader(child.stderr, take);
  const code = await withTimeout(new Promise((r) => child.on('exit', (c, s) => r(c === null ? s : c))), INSTALL_VSIX_MS, 'vsix install', EXIT.host)
    .finally(() => killGroup(child.pid, 'vsix install'));
  if (code !== 0 || /failed|error/i.test(out) || !/successfully installed/i.test(out)) {
    throw new HostError(`installing ${vsix} failed (exit ${code})`);
  }
}

// The smoke-test driver is what makes the workbench honour the URL payload (extension under
// development, tests) and call codeAutomationExit; it also suppresses notification toasts, so
// UI runs without --extension go without it.
function smokeDriver(opts) { return opts.mode === 'tests' || !!opts.extension; }

// Resolves with { port, child, exited } once code-server listens; retries on a port race.
async function startServer(host, W, opts) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    fs.writeFileSync(W('config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
    const args = [...baseArgs(host, W), '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`,
      '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
      '--disable-getting-started-override',
      ...(smokeDriver(opts) ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
      opts.workspace];
    log(`starting code-server ${host.codeServerVersion} (VS Code ${host.vscodeVersion}) on 127.0.0.1:${port}`);
    const child = spawn(host.node, args, { detached: true, env: serverEnv(host, W, opts), stdio: ['ignore', 'pipe', 'pipe'] });
    track(child.pid);
    let output = '';
    const exited = new Promise((r) => child.on('exit', (c, s) => r(c === null ? s : c)));
    const ready = new Promise((resolve) => {
      const onLine = (l) => {
        if (output.length < 200_000) output += l + '\n';
        if (!opts.quiet) log(`[code-server] ${l}`);
        if (l.includes(READY_LINE)) resolve(true);
      };
      lineReader(child.stdout, onLine);
      lineReader(child.stderr, onLine);
    });
    const first = await withTimeout(Promise.race([ready, exited.then(() => false)]), SERVER_START_MS, 'code-server start', EXIT.host)
      .catch(async (e) => { await killGroup(child.pid, 'code-server'); throw e; });
    if (first === true) return { port, child, exited };
    await killGroup(child.pid, 'code-server');
    if (/EADDRINUSE/.test(output) && attempt < 3) { log(`port ${port} was taken; retrying`); continue; }
    throw new HostError(`code-server exited before listening. Its output:\n${output.slice(-4000)}`);
  }
  throw new HostError('code-server could not bind a port');
}

// ---------------------------------------------------------------- browser
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

async function openBrowser(host, opts) {
  const { chromium } = require(host.playwrightCore);
  // launch() makes a fresh temporary profile (in TMPDIR, i.e. the work folder).
  const browser = await withTimeout(chromium.launch({
    executablePath: host.chromium, headless: true, args: CHROMIUM_ARGS, timeout: 60_000,
    handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
  }), 70_000, 'chromium launch', EXIT.host);
  state.browser = browser;
  // Playwright starts chromium as a process-group leader, our child; Browser has no process(),
  // so find it in /proc and track its group for cleanup and the watchdog.
  for (const pid of childGroupLeaders()) if (pid !== state.watchdog && !state.groups.has(pid)) { state.chromium = pid; track(pid); }
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (e) => { if (!opts.quiet) log(`[page error] ${e.message}`); });
  page.on('console', (m) => {
    const text = m.text();
    // In test runs '%c'-styled lines (VS Code's log service) also reach codeAutomationLog.
    if (opts.quiet || (opts.mode === 'tests' && text.startsWith('%c'))) return;
    log(`[browser:${m.type()}] ${text.replace(/^%c\s*(\w+)\s+color: #\w+\s*/, '$1 ')}`);
  });
  return { browser, context, page };
}

function workbenchUrl(port, opts, payload) {
  const isWorkspaceFile = opts.workspace.endsWith('.code-workspace');
  const q = new URLSearchParams({ [isWorkspaceFile ? 'workspace' : 'folder']: opts.workspace });
  if (payload) q.set('payload', JSON.stringify(payload));
  return `http://127.0.0.1:${port}/?${q}`;
}
function remoteUri(port, p) { return `vscode-remote://127.0.0.1:${port}${encodeURI(p)}`; }

async function screenshot(page, opts, name) {
  if (!opts['screenshot-dir'] || page.isClosed()) return null;
  fs.mkdirSync(opts['screenshot-dir'], { recursive: true });
  const file = path.join(opts['screenshot-dir'], `${String(name).replace(/[^\w.-]+/g, '_')}.png`);
  // Written under a temporary name and renamed, so a test polling for the file never reads half of it.
  const partial = `${file}.partial.png`;
  try {
    await page.screenshot({ path: partial, timeout: 15_000 });
    fs.renameSync(partial, file);
    log(`screenshot: ${file}`);
    return file;
  } catch (e) {
    log(`screenshot ${name} failed: ${e.message.split('\n')[0]}`);
    return null;
  }
}

// ---------------------------------------------------------------- modes
// The window's log service, which also carries the extension host's console (test output).
// Two kinds of lines are special: a screenshot request from test/vscode/host.js, and a
// plain 'N passed, N failed' summary, echoed bare so CI can read it as the closing line.
const SCREENSHOT_MARK = /^\[hpl-screenshot\] ([\w.-]+)$/;
const SUMMARY = /^(\w+: )?\d+ passed, \d+ failed(, \d+ skipped)?$/;
function hostLogger(page, opts) {
  return (level, msg) => {
    const text = String(msg);
    const shot = SCREENSHOT_MARK.exec(text.trim());
    if (shot) { screenshot(page, opts, shot[1]); return; }
    if (SUMMARY.test(text.trim())) { process.stdout.write(`${text.trim()}\n`); return; }
    log(`[vscode:${level}] ${text}`);
  };
}

async function runTests(host, W, opts, deadline) {
  const server = await startServer(host, W, opts);
  const { page } = await openBrowser(host, opts);
  let exitResolve;
  const testsExited = new Promise((r) => { exitResolve = r; });
  await page.exposeFunction('codeAutomationLog', hostLogger(page, opts));
  await page.exposeFunction('codeAutomationExit', (code, logs) => {
    if (opts['screenshot-dir'] && Array.isArray(logs)) {
      for (const l of logs) {
        const dest = path.join(opts['screenshot-dir'], 'logs', path.normalize(String(l.relativePath)).replace(/^(\.\.[/\\])+/, ''));
        try { fs.mkdirSync(path.dirname(dest), { recursive: true }); fs.writeFileSync(dest, String(l.contents)); } catch { /* best effort */ }
      }
    }
    exitResolve(typeof code === 'number' ? code : 1);
  });
  const payload = [['extensionDevelopmentPath', remoteUri(server.port, opts.extension)],
    ['extensionTestsPath', remoteUri(server.port, opts.tests)]];
  const url = workbenchUrl(server.port, opts, payload);
  log(`opening ${url}`);
  await withTimeout(page.goto(url, { waitUntil: 'domcontentloaded' }), WORKBENCH_MS, 'workbench page load', EXIT.host);
  page.waitForSelector('.monaco-workbench', { timeout: WORKBENCH_MS })
    .then(() => screenshot(page, opts, 'workbench')).catch(() => {});

  const failed = (what) => new Promise((_, rej) => what.then((v) => rej(v)));
  const code = await withTimeout(Promise.race([
    testsExited,
    failed(server.exited.then((c) => new HostError(`code-server exited (${c}) before the tests finished`))),
    failed(new Promise((r) => page.once('crash', () => r(new HostError('the workbench page crashed'))))),
    failed(new Promise((r) => state.browser.once('disconnected', () => r(new HostError('chromium disconnected'))))),
  ]), Math.max(1000, deadline - Date.now()), 'extension tests').catch(async (e) => {
    if (e.exitCode === EXIT.timeout) {
      e.message = `extension tests did not finish within --timeout-ms ${opts.timeoutMs}`;
      await screenshot(page, opts, 'timeout');
    }
    throw e;
  });
  await screenshot(page, opts, 'final');
  log(`extension tests finished with exit code ${code}`);
  return code;
}

async function runUi(host, W, opts, deadline) {
  if (opts['install-vsix']) await installVsix(host, W, opts);
  const server = await startServer(host, W, opts);
  const { browser, context, page } = await openBrowser(host, opts);
  const payload = opts.extension ? [['extensionDevelopmentPath', remoteUri(server.port, opts.extension)]] : null;
  const url = workbenchUrl(server.port, opts, payload);
  log(`opening ${url}`);
  await withTimeout(page.goto(url, { waitUntil: 'domcontentloaded' }), WORKBENCH_MS, 'workbench page load', EXIT.host);
  await page.waitForSelector('.monaco-workbench', { timeout: WORKBENCH_MS })
    .catch(() => { throw new HostError('the workbench did not render (.monaco-workbench never appeared)'); });
  await page.waitForSelector('.monaco-workbench .part.editor', { timeout: WORKBENCH_MS });
  log('workbench ready; running UI script');

  const script = require(opts['ui-script']);
  const fn = typeof script === 'function' ? script : script.default || script.run;
  if (typeof fn !== 'function') throw new HostError(`${opts['ui-script']} exports no function`, EXIT.usage);
  const ctx = {
    url, port: server.port, workspace: opts.workspace, workDir: W(), extensionsDir: W('ext'),
    vsix: opts['install-vsix'] || null, extension: opts.extension || null,
    toasts: !smokeDriver(opts), // false: notifications only reach the notification center
    screenshotDir: opts['screenshot-dir'] || null, browser, context, host,
    log: (m) => log(`[ui] ${m}`),
    screenshot: (name) => screenshot(page, opts, name),
  };
  const serverDied = server.exited.then((c) => { throw new HostError(`code-server exited (${c}) during the UI script`); });
  try {
    await withTimeout(Promise.race([fn(page, ctx), serverDied]), Math.max(1000, deadline - Date.now()), 'UI script');
  } catch (e) {
    if (e.exitCode === EXIT.timeout) e.message = `the UI script did not finish within --timeout-ms ${opts.timeoutMs}`;
    await screenshot(page, opts, 'failure');
    if (e instanceof HostError) throw e;
    loud(`UI script failed: ${e && e.stack || e}`);
    return 1;
  }
  log('UI script passed');
  return 0;
}

// ---------------------------------------------------------------- main
async function main() {
  const started = Date.now();
  let code;
  try {
    const opts = parseArgs(process.argv.slice(2));
    state.keepWork = !!opts['keep-work'] || process.env.HPL_KEEP_WORK === '1';
    const host = loadHost();
    const W = prepareWork(opts, host.vscodeVersion);
    startWatchdog();
    const deadline = started + opts.timeoutMs;
    // Last resort if something ignores its own timeout: clean up and fail.
    setTimeout(async () => {
      loud(`hard deadline (${opts.timeoutMs} ms + 60 s) reached; killing the host`);
      await withTimeout(cleanup(), 20_000, 'cleanup').catch(() => {});
      process.exit(EXIT.timeout);
    }, opts.timeoutMs + 60_000);
    code = await (opts.mode === 'tests' ? runTests : runUi)(host, W, opts, deadline);
  } catch (e) {
    code = e instanceof HostError ? e.exitCode : EXIT.host;
    if (state.signal) code = signalExit(state.signal); // the error is only a symptom of the stop
    else loud(code === EXIT.usage ? `${e.message}\n(usage: see the header of ${__filename})`
      : code === EXIT.timeout ? `${e.message}; the host was killed`
        : `the VS Code host failed: ${e instanceof HostError ? e.message : (e && e.stack) || e}`);
  }
  await withTimeout(cleanup(), 30_000, 'cleanup').catch((e) => loud(e.message));
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s, exit code ${code}`);
  process.exit(code);
}

function signalExit(sig) { return 128 + (os.constants.signals[sig] || 1); }
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, async () => {
    if (state.signal) return;
    state.signal = sig;
    loud(`received ${sig}; stopping the host`);
    await withTimeout(cleanup(), 20_000, 'cleanup').catch(() => {});
    process.exit(signalExit(sig));
  });
}
process.on('unhandledRejection', (e) => { log(`unhandled rejection: ${e && e.stack || e}`); });

main();
