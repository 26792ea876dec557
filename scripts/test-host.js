#!/usr/bin/env node
// The VS Code tests, end to end, in a real VS Code (code-server + headless Chromium):
//   1. installs the host (bash scripts/vscode-host/install.sh: idempotent, cached);
//   2. packages the extension (vsce package, whose vscode:prepublish bundles dist/ with esbuild);
//   3. runs the extension-host suite (test/vscode/run-extension-tests.js) on the unpacked tree
//      and the packaged UI test (test/vscode/ui/ui.js) on the installed .vsix;
//   4. prints ONE closing line `vscode: N passed, N failed` (host tests + one per UI check group).
// Any failure, including a host that cannot be installed or started, exits non-zero and says so
// on a line starting with "vscode: FAILED —". It never passes silently.
//
// Options: --skip-ui / --skip-suite (debugging only; the closing line then says what was skipped),
//          --keep-screenshots DIR (also keep every screenshot and the UI logs there).
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.join(__dirname, '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const optValue = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };

const T0 = Date.now();
const log = (msg) => console.log(`[test-host +${((Date.now() - T0) / 1000).toFixed(0)}s] ${msg}`);
function fail(reason) {
  console.log(`vscode: FAILED — ${reason}`);
  process.exit(1);
}

/** Runs a command, streaming its output; resolves with its exit code and stdout. */
function run(cmd, cmdArgs, { env, quietPattern } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const relay = (stream, sink) => {
      let buf = '';
      stream.setEncoding('utf8');
      stream.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          out += `${line}\n`;
          if (!quietPattern || !quietPattern.test(line)) sink.write(`${line}\n`);
        }
      });
      stream.on('end', () => { if (buf) { out += buf; sink.write(`${buf}\n`); } });
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('error', (e) => resolve({ code: 127, out: `${out}\n${e.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), out }));
  });
}

// Browser console noise (workbench errors about the unreachable marketplace etc.) is hidden from the
// live output; run.js's own lines and the tests' output stay.
const NOISE = /^\s+at |\[browser:(log|info|debug|warning|warn|error)\]|open-vsx\.org|SettingsEditor2: Settings not included/;

function fixtureForUi() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hpl-ui-'));
  const ws = path.join(dir, 'acme');
  // A copy of the example monorepo: packages/web/AGENTS.md is blocked (hidden injection, a zero-width
  // space), the root AGENTS.md (24 KB) is truncated, CLAUDE.md is shadowed. .git marks the root, so the
  // AGENTS.md walk stops there as in a real checkout.
  fs.cpSync(path.join(root, 'examples', 'workspace'), ws, { recursive: true });
  fs.mkdirSync(path.join(ws, '.git'));
  const home = path.join(dir, 'hermes-home');
  fs.cpSync(path.join(root, 'examples', 'hermes-home'), home, { recursive: true });
  const settings = path.join(dir, 'settings.json');
  fs.writeFileSync(settings, JSON.stringify({ 'hermesPromptLens.hermesHome': home, 'workbench.colorTheme': 'Default Dark Modern' }, null, 2));
  return { dir, folder: path.join(ws, 'packages', 'web'), settings };
}

async function main() {
  // 1. The host.
  log('installing the VS Code host (cached after the first run)');
  const install = await run('bash', [path.join(root, 'scripts', 'vscode-host', 'install.sh')]);
  if (install.code !== 0) fail(`the VS Code host could not be installed (scripts/vscode-host/install.sh exited ${install.code}); no VS Code test ran`);

  // 2. The package (vsce runs vscode:prepublish, the production esbuild bundle of dist/).
  const vsixDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hpl-vsix-'));
  const vsix = path.join(vsixDir, 'hermes-prompt-lens.vsix');
  log('packaging the extension');
  const vsce = path.join(root, 'node_modules', '.bin', 'vsce');
  if (!fs.existsSync(vsce)) fail('node_modules/.bin/vsce is missing (npm install); the extension could not be packaged');
  const pack = await run(vsce, ['package', '--no-dependencies', '-o', vsix]);
  if (pack.code !== 0 || !fs.existsSync(vsix)) fail(`vsce package failed (exit ${pack.code}); no VS Code test ran`);
  const size = fs.statSync(vsix).size;
  log(`vsix: ${(size / 1024).toFixed(0)} KiB (${size} bytes)`);
  const listing = spawnSync('unzip', ['-Z1', vsix], { encoding: 'utf8' });
  if (listing.status === 0) {
    const files = listing.stdout.trim().split('\n');
    log(`vsix holds: ${files.join(', ')}`);
    // Every bundle the server or the extension loads at run time must ship (.vscodeignore is an allow-list).
    const needed = ['extension', 'server', 'engine', 'scanWorker'].filter((n) => fs.existsSync(path.join(root, 'dist', `${n}.js`)));
    const missing = needed.filter((n) => !files.includes(`extension/dist/${n}.js`));
    if (missing.length) fail(`the .vsix lacks ${missing.map((n) => `dist/${n}.js`).join(', ')} (see .vscodeignore)`);
  }

  let passed = 0;
  let failed = 0;
  const problems = [];
  const skipped = [];

  // 3a. The extension-host suite.
  if (flag('--skip-suite')) skipped.push('extension-host suite');
  else {
    log('running the extension-host suite');
    const suite = await run(process.execPath, [path.join(root, 'test', 'vscode', 'run-extension-tests.js')], { quietPattern: NOISE });
    const m = /^exthost: (\d+) passed, (\d+) failed$/m.exec(suite.out);
    if (m) {
      passed += Number(m[1]);
      failed += Number(m[2]);
      if (Number(m[2])) problems.push(`${m[2]} extension-host test(s) failed`);
      else if (suite.code !== 0) { failed += 1; problems.push(`the extension-host run exited ${suite.code} after its tests passed`); }
    } else {
      // No summary: the host did not start, timed out or crashed before the tests reported.
      failed += 1;
      problems.push(`the extension-host suite did not run to the end (run.js exit ${suite.code}${suite.code === 3 ? ': the VS Code host could not be started' : suite.code === 4 ? ': timed out' : ''})`);
    }
  }

  // 3b. The packaged UI test.
  if (flag('--skip-ui')) skipped.push('packaged UI test');
  else {
    const fx = fixtureForUi();
    const shots = path.join(fx.dir, 'screenshots');
    const resultFile = path.join(fx.dir, 'ui-result.json');
    log(`running the packaged UI test on ${fx.folder}`);
    const ui = await run(process.execPath, [
      path.join(root, 'scripts', 'vscode-host', 'run.js'),
      '--install-vsix', vsix, '--workspace', fx.folder, '--settings', fx.settings,
      '--ui-script', path.join(root, 'test', 'vscode', 'ui', 'ui.js'), '--screenshot-dir', shots, '--timeout-ms', '300000',
    ], { env: { HPL_UI_RESULT: resultFile }, quietPattern: NOISE });
    let groups = null;
    try { groups = JSON.parse(fs.readFileSync(resultFile, 'utf8')); } catch { /* the script did not get to the end */ }
    if (groups) {
      for (const g of groups) {
        if (g.ok) passed += 1;
        else { failed += 1; problems.push(`UI check "${g.name}" failed: ${g.error.split('\n')[0]}`); }
      }
      if (ui.code !== 0 && groups.every((g) => g.ok)) { failed += 1; problems.push(`the UI run exited ${ui.code}`); }
    } else {
      failed += 1;
      problems.push(`the packaged UI test did not run to the end (run.js exit ${ui.code}${ui.code === 3 ? ': the VS Code host could not be started' : ui.code === 4 ? ': timed out' : ''})`);
    }
    const docs = path.join(root, 'docs', 'screenshots');
    fs.mkdirSync(docs, { recursive: true });
    for (const name of ['layers', 'preview', 'problems', 'budget-bar', 'hints', 'stale']) {
      const file = path.join(shots, `${name}.png`);
      if (fs.existsSync(file)) fs.copyFileSync(file, path.join(docs, `${name}.png`));
    }
    const keep = optValue('--keep-screenshots');
    if (keep && fs.existsSync(shots)) fs.cpSync(shots, path.resolve(keep), { recursive: true });
    fs.rmSync(fx.dir, { recursive: true, force: true });
  }
  fs.rmSync(vsixDir, { recursive: true, force: true });

  for (const p of problems) console.log(`vscode: FAILED — ${p}`);
  if (skipped.length) console.log(`vscode: skipped ${skipped.join(' and ')} (--skip-*)`);
  console.log(`vscode: ${passed} passed, ${failed} failed`);
  process.exit(failed || skipped.length || !passed ? 1 : 0);
}

main().catch((e) => fail(`scripts/test-host.js crashed: ${e && e.stack || e}`));
