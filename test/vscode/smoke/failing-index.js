// Negative control: this run() must make scripts/vscode-host/run.js exit non-zero, which
// proves a failing assertion inside the host cannot turn into a silent pass.
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');

async function run() {
  const result = await vscode.commands.executeCommand('hplSmoke.hello');
  assert.equal(result && result.greeting, 'deliberately wrong greeting');
}

module.exports = { run };
