// Minimal extension for the host smoke test: one command that returns a value.
'use strict';
const vscode = require('vscode');

function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('hplSmoke.hello', () => {
    vscode.window.showInformationMessage('Hello from HPL Smoke');
    return { greeting: 'hello from hpl-smoke', vscodeVersion: vscode.version, pid: process.pid };
  }));
}

function deactivate() {}

module.exports = { activate, deactivate };
