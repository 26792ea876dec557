#!/usr/bin/env node
// Runs every compiled test file under out/test with Node's built-in test runner.
// Usage: node scripts/run-tests.js [layer...]   (layers: unit, cli, server; default: all)
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', 'out', 'test');
const layers = process.argv.slice(2);
const files = [];
(function walk(dir) {
  for (const name of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (fs.statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.test.js')) files.push(p);
  }
})(root);
const selected = layers.length ? files.filter((f) => layers.includes(path.relative(root, f).split(path.sep)[0])) : files;
if (!selected.length) {
  console.error('run-tests: no compiled tests found under out/test; run `npm run compile` first');
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...selected], { stdio: 'inherit' });
process.exit(result.status ?? 1);
