// Mocha-free test entry for the host smoke test. The extension host calls run() (as with
// @vscode/test-electron); a rejection makes scripts/vscode-host/run.js exit non-zero.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const vscode = require('vscode');
const { screenshot, waitFor } = require('../host');

const EXTENSION_ID = 'hpl-test.hpl-smoke';

async function run() {
  console.log(`[smoke] VS Code ${vscode.version}, extension host pid ${process.pid}, node ${process.version}`);
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not loaded as the extension under development`);
  // onStartupFinished may fire just after the test runner starts; do not call activate().
  await waitFor(`${EXTENSION_ID} to activate on startup`, () => ext.isActive);
  console.log('[smoke] ok - extension is active');

  const result = await vscode.commands.executeCommand('hplSmoke.hello');
  assert.equal(result && result.greeting, 'hello from hpl-smoke', `hplSmoke.hello returned ${JSON.stringify(result)}`);
  assert.equal(result.vscodeVersion, vscode.version);
  console.log(`[smoke] ok - hplSmoke.hello returned ${JSON.stringify(result)}`);

  const folders = vscode.workspace.workspaceFolders || [];
  assert.ok(folders.length > 0, 'no workspace folder is open');
  console.log(`[smoke] ok - workspace folder ${folders[0].uri.toString()}`);

  if (process.env.HPL_SCREENSHOT_DIR) {
    await vscode.window.showTextDocument(vscode.Uri.joinPath(folders[0].uri, 'README.md'));
    const shot = await screenshot('smoke-readme-open');
    assert.ok(shot && fs.statSync(shot).size > 1000, 'screenshot from inside the test did not arrive');
    console.log(`[smoke] ok - screenshot ${shot}`);
  }
}

module.exports = { run };
