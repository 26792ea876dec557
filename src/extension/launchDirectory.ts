/**
 * The launch directory (the `hermesPromptLens.cwd` setting): the Explorer's "Preview Hermes Prompt from This
 * Folder", the palette picker, and the view title that says where Hermes is launched from.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { launchDirLabel, pickFolder, type AssemblyStore } from './assemblies';
import { CONTEXT_FILE_NAMES } from './contextFiles';
import type { PromptPreview } from './preview';
import { config } from './settings';

/** Writes `cwd` for the folder: workspace-relative inside it, absolute outside it, "" for the root. */
export async function setLaunchDirectory(folder: vscode.WorkspaceFolder, dir: vscode.Uri): Promise<string> {
  const rel = path.relative(folder.uri.fsPath, dir.fsPath);
  const value = rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel) ? dir.fsPath : rel.split(path.sep).join('/');
  // In a multi-root workspace each folder keeps its own launch directory.
  const target = (vscode.workspace.workspaceFolders?.length ?? 0) > 1 ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Workspace;
  await config(folder.uri).update('cwd', value, target);
  return value;
}

/** Directories of the folder that hold a context file, relative and sorted: the likely launch directories. */
async function candidateDirectories(folder: vscode.WorkspaceFolder): Promise<string[]> {
  const names = CONTEXT_FILE_NAMES.filter((n) => !['SOUL.md', 'MEMORY.md', 'USER.md', 'SKILL.md'].includes(n));
  const files = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, `**/{${names.join(',')}}`), '**/{node_modules,.git,dist,build,out,vendor}/**', 500);
  const dirs = new Set(files.map((f) => path.relative(folder.uri.fsPath, path.dirname(f.fsPath)).split(path.sep).join('/')).filter(Boolean));
  return [...dirs].sort();
}

export function registerLaunchDirectoryCommands(context: vscode.ExtensionContext, preview: PromptPreview): void {
  const register = (id: string, run: (...args: any[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, run));

  register('hermesPromptLens.previewFromFolder', async (uri?: vscode.Uri) => {
    const dir = uri ?? (await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Launch Hermes Here' }))?.[0];
    if (!dir) return undefined;
    const folder = vscode.workspace.getWorkspaceFolder(dir);
    if (!folder) {
      void vscode.window.showWarningMessage(`${dir.fsPath} is not inside a workspace folder, so there is no prompt to preview from it.`);
      return undefined;
    }
    const value = await setLaunchDirectory(folder, dir);
    await preview.show(folder, vscode.ViewColumn.Beside);
    return value;
  });

  register('hermesPromptLens.selectLaunchDirectory', async () => {
    const folder = await pickFolder('Workspace folder to set the launch directory of');
    if (!folder) return undefined;
    const current = config(folder.uri).get<string>('cwd', '');
    type Item = vscode.QuickPickItem & { dir?: string; browse?: boolean };
    const items: Item[] = [
      { label: '$(root-folder) Folder root', description: current ? undefined : 'current', dir: '' },
      ...(await candidateDirectories(folder)).map((d): Item => ({ label: d, description: d === current ? 'current' : 'has a context file', dir: d })),
      { label: '$(folder-opened) Browse…', browse: true },
    ];
    const pick = await vscode.window.showQuickPick(items, { placeHolder: 'Directory Hermes is launched from (its start-up prompt and hints follow it)' });
    if (!pick) return undefined;
    if (pick.browse) {
      const dir = (await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, defaultUri: folder.uri, openLabel: 'Launch Hermes Here' }))?.[0];
      return dir ? setLaunchDirectory(folder, dir) : undefined;
    }
    return setLaunchDirectory(folder, vscode.Uri.joinPath(folder.uri, pick.dir ?? ''));
  });
}

/** Keeps the Layers view's description on the launch directory of a single-folder workspace (folder nodes say it otherwise). */
export function showLaunchDirectory(view: vscode.TreeView<unknown>, store: AssemblyStore): vscode.Disposable {
  let generation = 0;
  const update = async () => {
    const mine = ++generation;
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (folders.length !== 1) {
      view.description = undefined;
      return;
    }
    const assembly = await store.get(folders[0]);
    if (mine !== generation) return;
    view.description = assembly.ok ? `launched from ${launchDirLabel(folders[0], assembly.view.launchDir)}` : undefined;
  };
  void update();
  return store.onDidChange(() => void update());
}
