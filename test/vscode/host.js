// Helpers for test code running inside the VS Code host started by scripts/vscode-host/run.js.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/**
 * Screenshot of the workbench as it is now, taken by run.js's Chromium (the extension host
 * has no access to the page). Returns the PNG path, or null when run.js was not given
 * --screenshot-dir. Best effort: a screenshot that fails to arrive is a warning, not a failure.
 */
async function screenshot(name, { timeoutMs = 20_000 } = {}) {
  const dir = process.env.HPL_SCREENSHOT_DIR;
  if (!dir) return null;
  if (!/^[\w.-]+$/.test(name)) throw new Error(`screenshot name must match [\\w.-]+: ${name}`);
  const file = path.join(dir, `${name}.png`);
  fs.rmSync(file, { force: true });
  console.log(`[hpl-screenshot] ${name}`);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(file)) return file;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.warn(`screenshot ${name} did not arrive within ${timeoutMs} ms`);
  return null;
}

/** Polls predicate (sync or async) every 100 ms; rejects after timeoutMs. */
async function waitFor(what, predicate, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

module.exports = { screenshot, waitFor };
