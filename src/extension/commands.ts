/** The palette and tree commands (category "Hermes Prompt"). Each maps a user action to a server request or a VS Code API call. */
import * as vscode from 'vscode';
import type { LayerView, SourceView } from '../shared/protocol';
import { pickFolder, formatCount, type AssemblyStore } from './assemblies';
import type { CacheWarnings } from './cacheWarnings';
import type { PromptLensClient } from './client';
import { feedsPrompt } from './contextFiles';
import type { LayerNode, SourceNode } from './layerTree';
import type { PromptPreview } from './preview';
import { config, declaredEnum, hermesHome } from './settings';

/** What the preview posts for a layer; the tree passes its LayerNode instead. */
export interface LayerTarget {
  folderUri: string;
  layerId?: string;
}

const AGENTS_TEMPLATE = `# AGENTS.md

Instructions for Hermes Agent (and other coding agents) working in this repository.

## Project

- What this project is and how its folders are laid out.

## Conventions

- How to build, test and format; what to avoid.
`;

export interface CommandDeps {
  context: vscode.ExtensionContext;
  client: PromptLensClient;
  store: AssemblyStore;
  preview: PromptPreview;
  cacheWarnings: CacheWarnings;
}

export function registerCommands({ context, client, store, preview, cacheWarnings }: CommandDeps): void {
  const folderOf = async (target?: LayerTarget): Promise<vscode.WorkspaceFolder | undefined> => {
    if (target?.folderUri) return vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(target.folderUri));
    return pickFolder();
  };

  const viewOf = async (folder: vscode.WorkspaceFolder) => {
    const assembly = await store.get(folder);
    if (!assembly.ok) {
      void vscode.window.showErrorMessage(`Hermes Prompt: could not assemble the prompt for ${folder.name}: ${assembly.error}`);
      return undefined;
    }
    return assembly.view;
  };

  const resolveLayer = async (arg?: LayerNode | LayerTarget): Promise<LayerView | undefined> => {
    if (arg && 'kind' in arg) return arg.layer;
    const folder = await folderOf(arg);
    const view = folder && (await viewOf(folder));
    if (!view) return undefined;
    if (arg?.layerId) return view.layers.find((l) => l.id === arg.layerId);
    const pick = await vscode.window.showQuickPick(
      view.layers.filter((l) => l.text).map((layer) => ({ label: layer.title, description: `${formatCount(layer.tokens)} tokens`, layer })),
      { placeHolder: 'Layer' },
    );
    return pick?.layer;
  };

  const openSource = (source: SourceView) => vscode.window.showTextDocument(vscode.Uri.parse(source.uri), { preview: false });

  const pickSetting = async (key: 'layout' | 'platform', placeHolder: string) => {
    const current = config().get<string>(key);
    const items = declaredEnum(context.extension, key).map((value) => ({ label: value, description: value === current ? 'current' : undefined }));
    const pick = await vscode.window.showQuickPick(items, { placeHolder });
    if (!pick) return;
    const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await config().update(key, pick.label, target);
  };

  const register = (id: string, run: (...args: any[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, run));

  register('hermesPromptLens.rebuild', async () => {
    try {
      const result = await client.rebuild({});
      vscode.window.setStatusBarMessage(`Hermes Prompt: rebuilt ${result.folders.length} folder${result.folders.length === 1 ? '' : 's'}`, 3000);
      return result;
    } catch (err) {
      // The views then show the last good prompt marked out of date, with the reason.
      void vscode.window.showErrorMessage(`Hermes Prompt: the rebuild failed, so the prompt shown is out of date: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    } finally {
      store.invalidate();
    }
  });

  register('hermesPromptLens.openPreview', async (target?: LayerTarget) => {
    const folder = await folderOf(target);
    if (folder) await preview.show(folder, vscode.ViewColumn.Active);
  });

  register('hermesPromptLens.openPreviewToSide', async (target?: LayerTarget) => {
    const folder = await folderOf(target);
    if (folder) await preview.show(folder, vscode.ViewColumn.Beside);
  });

  register('hermesPromptLens.copyPrompt', async (target?: LayerTarget) => {
    const folder = await folderOf(target);
    const view = folder && (await viewOf(folder));
    if (!view) return;
    await vscode.env.clipboard.writeText(view.prompt);
    vscode.window.setStatusBarMessage(`Hermes Prompt: copied ${formatCount(view.totalTokens)} tokens`, 3000);
  });

  register('hermesPromptLens.copyLayer', async (arg?: LayerNode | LayerTarget) => {
    const layer = await resolveLayer(arg);
    if (!layer) return;
    await vscode.env.clipboard.writeText(layer.text);
    vscode.window.setStatusBarMessage(`Hermes Prompt: copied layer "${layer.title}" (${formatCount(layer.tokens)} tokens)`, 3000);
  });

  register('hermesPromptLens.revealLayerSource', async (arg?: LayerNode | LayerTarget) => {
    const layer = await resolveLayer(arg);
    if (!layer) return;
    // The files whose text is in the prompt come first; shadowed ones only when nothing else exists.
    const present = layer.sources.filter((s) => s.status !== 'missing');
    const winners = present.filter((s) => s.status !== 'shadowed');
    const candidates = winners.length ? winners : present;
    if (!candidates.length) {
      void vscode.window.showInformationMessage(`The "${layer.title}" layer has no source file: its text is built in or comes from settings.`);
      return;
    }
    const source = candidates.length === 1
      ? candidates[0]
      : (await vscode.window.showQuickPick(candidates.map((s) => ({ label: s.label, description: s.status, detail: s.path, source: s })), { placeHolder: `Source of "${layer.title}"` }))?.source;
    if (source) await openSource(source);
  });

  register('hermesPromptLens.openSource', (node?: SourceNode) => node && openSource(node.source));

  register('hermesPromptLens.showCacheImpact', async (uri?: vscode.Uri) => {
    const target = uri ?? vscode.window.activeTextEditor?.document.uri;
    if (!target) {
      void vscode.window.showInformationMessage('Open a context file (AGENTS.md, SOUL.md, MEMORY.md, …) to see the cache impact of its unsaved changes.');
      return;
    }
    await cacheWarnings.showImpact(target);
  });

  register('hermesPromptLens.scanWorkspace', async () => {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Hermes Prompt: scanning context files' },
      () => client.scanWorkspace(),
    );
    const findings = result.files.reduce((n, f) => n + f.findings.length, 0);
    const withFindings = result.files.filter((f) => f.findings.length).length;
    const blocked = result.files.filter((f) => f.findings.some((x) => x.hermesBlocks)).length;
    const summary = findings === 0
      ? `Hermes Prompt: scanned ${result.files.length} context file${result.files.length === 1 ? '' : 's'}; no injection findings.`
      : `Hermes Prompt: ${findings} finding${findings === 1 ? '' : 's'} in ${withFindings} of ${result.files.length} context files` +
        `${blocked ? `; Hermes will block ${blocked} file${blocked === 1 ? '' : 's'}` : ''}. See the Problems panel.`;
    void vscode.window.showInformationMessage(summary, ...(findings ? ['Open Problems'] : [])).then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.actions.view.problems');
    });
    return { files: result.files.length, findings, blocked };
  });

  register('hermesPromptLens.removeInvisibleCharacters', async () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || !feedsPrompt(editor.document)) {
      void vscode.window.showInformationMessage('Open a context file (AGENTS.md, SOUL.md, …) to remove its invisible characters.');
      return false;
    }
    const { document } = editor;
    const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
    // The server offers the fix; resolve up to 10 actions so their edits are filled in.
    const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, whole, vscode.CodeActionKind.QuickFix.value, 10)) ?? [];
    const removals = actions.filter((a) => a.edit && /invisible/i.test(a.title));
    const action = removals.find((a) => /\ball\b|file/i.test(a.title)) ?? (removals.length === 1 ? removals[0] : undefined)
      ?? (await vscode.window.showQuickPick(removals.map((a) => ({ label: a.title, action: a })), { placeHolder: 'Which invisible characters to remove' }))?.action;
    if (!action?.edit) {
      if (!removals.length) void vscode.window.showInformationMessage('This file has no invisible characters to remove.');
      return false;
    }
    return vscode.workspace.applyEdit(action.edit);
  });

  register('hermesPromptLens.openHermesHome', async () => {
    const home = hermesHome();
    try {
      await vscode.workspace.fs.stat(home);
    } catch {
      void vscode.window.showWarningMessage(`HERMES_HOME ${home.fsPath} does not exist. Set hermesPromptLens.hermesHome or $HERMES_HOME.`, 'Open Settings').then((c) => {
        if (c) void vscode.commands.executeCommand('hermesPromptLens.openSettings');
      });
      return;
    }
    // Revealing in the OS file manager only works where the file system is local to the UI.
    if (vscode.env.uiKind === vscode.UIKind.Desktop && !vscode.env.remoteName) {
      await vscode.commands.executeCommand('revealFileInOS', home);
      return;
    }
    const soul = vscode.Uri.joinPath(home, 'SOUL.md');
    try {
      await vscode.workspace.fs.stat(soul);
      await vscode.window.showTextDocument(soul);
    } catch {
      void vscode.window.showInformationMessage(`HERMES_HOME is ${home.fsPath}`);
    }
  });

  register('hermesPromptLens.selectLayout', () => pickSetting('layout', 'Prompt layout Hermes uses'));
  register('hermesPromptLens.selectPlatform', () => pickSetting('platform', 'Platform Hermes runs on (sets the platform hint layer)'));

  register('hermesPromptLens.createAgentsMd', async () => {
    const folder = await pickFolder('Folder to create AGENTS.md in');
    if (!folder) {
      void vscode.window.showInformationMessage('Open a folder first: AGENTS.md belongs at the root of a project.');
      return;
    }
    const uri = vscode.Uri.joinPath(folder.uri, 'AGENTS.md');
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      await vscode.workspace.fs.writeFile(uri, Buffer.from(AGENTS_TEMPLATE, 'utf8'));
    }
    await vscode.window.showTextDocument(uri);
  });

  register('hermesPromptLens.openSettings', () => vscode.commands.executeCommand('workbench.action.openSettings', `@ext:${context.extension.id}`));
}
