/** Read-only virtual documents (scheme `hermes-prompt`) holding prompt texts, so VS Code's diff editor can compare them. */
import * as vscode from 'vscode';

export const PROMPT_SCHEME = 'hermes-prompt';

export class PromptDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** Stores `text` under `name` (a path such as `before/AGENTS.md`) and returns its URI; an open document updates. */
  set(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: PROMPT_SCHEME, path: `/${name}` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.changed.dispose();
  }
}
