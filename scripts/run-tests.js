#!/usr/bin/env node
// The test command: Node's test runner over the compiled unit, CLI and server tests, then the
// extension tests in a real VS Code host. Ends with one closing line: "total: N passed, N failed".
// Usage: node scripts/run-tests.js [unit|cli|server|host ...]   (default: all layers)
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repo = path.join(__dirname, '..');
const root = path.join(repo, 'out', 'test');
const NODE_LAYERS = ['unit', 'cli', 'server'];
const asked = process.argv.slice(2);
const layers = asked.length ? asked : [...NODE_LAYERS, 'host'];
for (const l of layers) {
  if (![...NODE_LAYERS, 'host'].includes(l)) {
    console.error(`run-tests: unknown layer '${l}' (unit, cli, server, host)`);
    process.exit(2);
  }
}

const files = [];
(function walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.js')) files.push(p);
  }
})(root);

let passed = 0;
let failed = 0;
const nodeFiles = files.filter((f) => layers.includes(path.relative(root, f).split(path.sep)[0]));
if (layers.some((l) => NODE_LAYERS.includes(l))) {
  if (!nodeFiles.length) {
    console.error('run-tests: no compiled tests found under out/test; run `npm run build` first');
    process.exit(2);
  }
  const tap = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hpl-tests-')), 'results.tap');
  const r = spawnSync(process.execPath, [
    '--test', '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...nodeFiles,
  ], { stdio: 'inherit', cwd: repo });
  const summary = fs.existsSync(tap) ? fs.readFileSync(tap, 'utf8') : '';
  const count = (k) => Number((new RegExp(`^# ${k} (\\d+)$`, 'm').exec(summary) || [])[1] || 0);
  passed += count('pass');
  failed += count('fail') + count('cancelled');
  if (r.status !== 0 && count('fail') + count('cancelled') === 0) failed++;
}

if (layers.includes('host')) {
  const script = path.join(repo, 'scripts', 'test-host.js');
  const r = spawnSync(process.execPath, [script], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(r.stdout || '');
  const m = /^vscode: (\d+) passed, (\d+) failed$/m.exec(r.stdout || '');
  if (m) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  if (r.status !== 0 && (!m || Number(m[2]) === 0)) {
    console.log('vscode: FAILED — the extension tests in a real VS Code host did not complete (see above)');
    failed++;
  }
}

console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
