/**
 * The prompt preview: a webview beside the editor. A webview rather than a virtual document because it
 * can mark layer boundaries, blocked and truncated regions and the cached-prefix boundary, and offer
 * per-layer navigation, none of which plain text can show. It shows all three places text reaches Hermes'
 * model: the cached prompt, the per-call layers and the subdirectory hints appended to tool results.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { folderKey, type AssemblyStore } from './assemblies';
import { renderPreviewHtml } from './previewHtml';

type PreviewMessage = { type: 'revealLayer'; layerId: string } | { type: 'copyPrompt' };

export class PromptPreview implements vscode.Disposable {
  static readonly viewType = 'hermesPromptLens.preview';
  private panel?: vscode.WebviewPanel;
  private folder?: vscode.WorkspaceFolder;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly extensionUri: vscode.Uri, private readonly store: AssemblyStore) {
    this.subscription = store.onDidChange((key) => {
      if (this.folder && (key === undefined || key === folderKey(this.folder.uri))) void this.render();
    });
  }

  /** The folder the open preview shows, if any (for tests and the commands that act on "the" prompt). */
  get shownFolder(): vscode.WorkspaceFolder | undefined {
    return this.panel ? this.folder : undefined;
  }

  /** The HTML the open preview shows (for tests). */
  get html(): string | undefined {
    return this.panel?.webview.html;
  }

  async show(folder: vscode.WorkspaceFolder, column: vscode.ViewColumn): Promise<void> {
    this.folder = folder;
    if (this.panel) {
      this.panel.reveal(column, true);
    } else {
      const media = vscode.Uri.joinPath(this.extensionUri, 'media');
      this.panel = vscode.window.createWebviewPanel(PromptPreview.viewType, 'Hermes Prompt', { viewColumn: column, preserveFocus: true }, {
        enableScripts: true,
        localResourceRoots: [media],
      });
      this.panel.iconPath = vscode.Uri.joinPath(media, 'hermes.svg');
      this.panel.onDidDispose(() => (this.panel = undefined));
      this.panel.webview.onDidReceiveMessage((m: PreviewMessage) => this.onMessage(m));
    }
    await this.render();
  }

  private onMessage(message: PreviewMessage): void {
    if (!this.folder) return;
    const folderUri = this.folder.uri.toString();
    if (message.type === 'revealLayer') void vscode.commands.executeCommand('hermesPromptLens.revealLayerSource', { folderUri, layerId: message.layerId });
    else if (message.type === 'copyPrompt') void vscode.commands.executeCommand('hermesPromptLens.copyPrompt', { folderUri });
  }

  private async render(): Promise<void> {
    const panel = this.panel;
    const folder = this.folder;
    if (!panel || !folder) return;
    const [assembly, hints] = await Promise.all([this.store.get(folder), this.store.hints(folder)]);
    if (panel !== this.panel || folder !== this.folder) return;
    const webview = panel.webview;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    panel.title = `Hermes Prompt: ${folder.name}`;
    // A fresh nonce per render: the document is replaced each time, so an old nonce is never reusable.
    webview.html = renderPreviewHtml(assembly.ok ? assembly.view : undefined, folder.name, {
      cspSource: webview.cspSource,
      nonce: randomBytes(16).toString('base64'),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'preview.css')).toString(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'preview.js')).toString(),
    }, assembly.ok ? undefined : assembly.error, hints);
  }

  dispose(): void {
    this.subscription.dispose();
    this.panel?.dispose();
  }
}
