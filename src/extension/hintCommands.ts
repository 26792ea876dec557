/** "Show Hints for This File" and the text a hint node adds to a tool result, as read-only documents. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PromptLensClient } from './client';
import type { HintNode } from './layerTree';
import type { PromptDocuments } from './promptDocuments';

const REACH_TEXT = { startup: 'is in the start-up (cached) prompt', hint: 'reaches Hermes as a subdirectory hint', never: 'never reaches Hermes' } as const;
const HINT_NAMES = ['AGENTS.override.md', 'AGENTS.md', 'agents.md', 'CLAUDE.md', 'claude.md', '.cursorrules', '.hermes.md', 'HERMES.md'];

export function registerHintCommands(context: vscode.ExtensionContext, client: PromptLensClient, documents: PromptDocuments): void {
  const register = (id: string, run: (...args: any[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, run));

  register('hermesPromptLens.showHintText', async (node?: HintNode) => {
    if (!node?.hint.appended) return undefined;
    const uri = documents.set(`hints/${node.folder.name}/${node.hint.displayPath ?? node.hint.relativeDirectory} (subdirectory hint)`, node.hint.appended);
    await vscode.window.showTextDocument(uri, { preview: true });
    return uri;
  });

  register('hermesPromptLens.showHintsForFile', async (arg?: vscode.Uri) => {
    const target = arg ?? vscode.window.activeTextEditor?.document.uri;
    if (!target || target.scheme !== 'file') {
      void vscode.window.showInformationMessage('Open a file to see the hints Hermes appends when the agent first reads it.');
      return undefined;
    }
    const result = await client.fileHints({ uri: target.toString() });
    const name = path.basename(target.fsPath);
    const reach = HINT_NAMES.includes(name) ? ` ${name} ${REACH_TEXT[result.reach]}: ${result.reason}` : '';
    if (!result.appended) {
      void vscode.window.showInformationMessage(`Hermes appends no hint when the agent first reads ${name}.${reach}`);
      return result;
    }
    const sent = result.directories.filter((d) => d.text).length;
    const uri = documents.set(`hints/${name} (first read)`, result.appended);
    await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    void vscode.window.showInformationMessage(`The agent's first read of ${name} gets ${sent} subdirectory hint${sent === 1 ? '' : 's'} appended.${reach}`);
    return result;
  });
}
