#!/usr/bin/env node
// Bundles the CLI, the language server and the extension with esbuild (one file each, in dist/).
'use strict';
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const entries = [
  { in: 'src/cli/main.ts', out: 'cli' },
  { in: 'src/server/server.ts', out: 'server' },
  { in: 'src/server/engine.ts', out: 'engine' },
  { in: 'src/server/scanWorker.ts', out: 'scanWorker' },
  { in: 'src/server/workspaceScanWorker.ts', out: 'workspaceScanWorker' },
  { in: 'src/extension/extension.ts', out: 'extension' },
].filter((e) => fs.existsSync(path.join(root, e.in)));

const production = process.argv.includes('--production');
esbuild
  .build({
    absWorkingDir: root,
    entryPoints: entries.map((e) => ({ in: e.in, out: e.out })),
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    target: 'node18',
    format: 'cjs',
    external: ['vscode'],
    sourcemap: !production,
    minify: production,
    metafile: true,
    logLevel: 'warning',
  })
  .then((result) => {
    for (const [file, info] of Object.entries(result.metafile.outputs)) {
      if (file.endsWith('.js')) console.log(`${file}  ${(info.bytes / 1024).toFixed(0)} KiB`);
    }
  })
  .catch(() => process.exit(1));
