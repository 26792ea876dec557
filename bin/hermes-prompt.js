#!/usr/bin/env node
'use strict';
// The published package ships the esbuild bundle; a source checkout falls back to the tsc output.
const path = require('node:path');
const fs = require('node:fs');
const bundled = path.join(__dirname, '..', 'dist', 'cli.js');
const { main } = require(fs.existsSync(bundled) ? bundled : path.join(__dirname, '..', 'out', 'src', 'cli', 'main.js'));
process.exitCode = main(process.argv.slice(2), {
  out: (t) => process.stdout.write(t + '\n'),
  err: (t) => process.stderr.write(t + '\n'),
  env: process.env,
  cwd: process.cwd(),
});
