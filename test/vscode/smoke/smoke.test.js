// Mocha suite for the smoke fixture (loaded by mocha-index.js inside the extension host).
'use strict';
const assert = require('node:assert/strict');
const vscode = require('vscode');
const { waitFor } = require('../host');

describe('hpl-smoke extension', () => {
  const ext = () => vscode.extensions.getExtension('hpl-test.hpl-smoke');

  it('is loaded and activates on startup', async () => {
    assert.ok(ext(), 'extension not found');
    await waitFor('activation', () => ext().isActive);
  });

  it('hplSmoke.hello returns a greeting', async () => {
    const result = await vscode.commands.executeCommand('hplSmoke.hello');
    assert.equal(result.greeting, 'hello from hpl-smoke');
  });

  it('has the workspace folder open', () => {
    assert.equal(vscode.workspace.workspaceFolders[0].name, 'workspace');
  });

  it('runs in a Node extension host, not a web worker', () => {
    assert.match(process.versions.node, /^\d+\./);
    assert.ok(require('node:fs').existsSync(__filename), 'no Node file system access');
    assert.equal(vscode.env.uiKind, vscode.UIKind.Web); // the workbench is a browser page
  });
});
