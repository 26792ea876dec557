/** The status-bar item with the total prompt tokens of the active editor's folder (or the first folder). */
import * as vscode from 'vscode';
import { folderKey, formatCount, launchDirLabel, type AssemblyStore } from './assemblies';

export class TokenStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('hermesPromptLens.tokens', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[];
  /** Orders overlapping updates: only the latest one may write the item. */
  private generation = 0;

  constructor(private readonly store: AssemblyStore) {
    this.item.name = 'Hermes Prompt: Tokens';
    this.item.command = 'hermesPromptLens.openPreviewToSide';
    this.subscriptions = [
      this.item,
      store.onDidChange(() => void this.update()),
      vscode.window.onDidChangeActiveTextEditor(() => void this.update()),
    ];
    void this.update();
  }

  get text(): string | undefined {
    return this.item.text || undefined;
  }

  get tooltip(): string | undefined {
    return typeof this.item.tooltip === 'string' ? this.item.tooltip : undefined;
  }

  private folder(): vscode.WorkspaceFolder | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    return (active && vscode.workspace.getWorkspaceFolder(active)) || vscode.workspace.workspaceFolders?.[0];
  }

  private async update(): Promise<void> {
    const generation = ++this.generation;
    const folder = this.folder();
    if (!folder) {
      this.item.hide();
      return;
    }
    const assembly = await this.store.get(folder);
    if (generation !== this.generation) return;
    if (!assembly.ok) {
      this.item.text = '$(error) Hermes prompt';
      this.item.tooltip = `Could not assemble the Hermes prompt for ${folder.name}: ${assembly.error}`;
    } else {
      const { view } = assembly;
      const launch = launchDirLabel(folder, view.launchDir);
      const where = launch === '.' ? '' : ` · ${launch}`;
      this.item.text = view.stale ? `$(warning) ${formatCount(view.totalTokens)} tokens (out of date)${where}` : `$(symbol-text) ${formatCount(view.totalTokens)} tokens${where}`;
      this.item.tooltip =
        (view.stale ? `The Hermes prompt is out of date: the latest rebuild failed (${view.stale.reason}). Last good build: ` : '') +
        `Hermes prompt for ${folder.name}, launched from ${launch === '.' ? 'the folder root' : launch}: ` +
        `${formatCount(view.totalTokens)} tokens, cached prefix ${formatCount(view.prefixTokens)} tokens` +
        `${(vscode.workspace.workspaceFolders?.length ?? 0) > 1 ? ` (${folderKey(folder.uri)})` : ''}. Click to open the preview.`;
    }
    this.item.backgroundColor = !assembly.ok || assembly.view.stale ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.show();
  }

  dispose(): void {
    this.subscriptions.forEach((d) => d.dispose());
  }
}
