/**
 * The assembled prompt of each workspace folder, fetched from the server on demand and dropped when the
 * server says it changed. The tree, the preview and the status bar all read from here, so one
 * assemblyChanged costs one request per folder however many views show it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AssembledPromptView, HintsView } from '../shared/protocol';
import type { PromptLensClient } from './client';

type Fetched<V> = { ok: true; view: V } | { ok: false; error: string };
export type Assembly = Fetched<AssembledPromptView>;
export type Hints = Fetched<HintsView>;

/** The server may spell a URI differently (e.g. an encoded drive colon); compare VS Code's canonical form. */
export function folderKey(uri: string | vscode.Uri): string {
  return (typeof uri === 'string' ? vscode.Uri.parse(uri) : uri).toString();
}

export class AssemblyStore implements vscode.Disposable {
  private readonly cache = new Map<string, Promise<Assembly>>();
  private readonly hintCache = new Map<string, Promise<Hints>>();
  private readonly changed = new vscode.EventEmitter<string | undefined>();
  /** Fires a folder key, or undefined when every folder may have changed. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly client: PromptLensClient) {
    this.subscriptions = [
      client.onAssemblyChanged((p) => this.invalidate(folderKey(p.folderUri))),
      client.onHintsChanged((p) => this.invalidate(folderKey(p.folderUri))),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.invalidate()),
    ];
  }

  get(folder: vscode.WorkspaceFolder): Promise<Assembly> {
    return fetchOnce(this.cache, folder, (folderUri) => this.client.assembledPrompt({ folderUri }));
  }

  /** The folder's subdirectory hints, dropped with its assembly (a moved launch directory changes both). */
  hints(folder: vscode.WorkspaceFolder): Promise<Hints> {
    return fetchOnce(this.hintCache, folder, (folderUri) => this.client.hints({ folderUri }));
  }

  invalidate(key?: string): void {
    if (key === undefined) {
      this.cache.clear();
      this.hintCache.clear();
    } else {
      this.cache.delete(key);
      this.hintCache.delete(key);
    }
    this.changed.fire(key);
  }

  dispose(): void {
    this.subscriptions.forEach((d) => d.dispose());
    this.changed.dispose();
  }
}

/** One request per folder until invalidated; a failure is kept as data, for the views to show. */
function fetchOnce<V>(cache: Map<string, Promise<Fetched<V>>>, folder: vscode.WorkspaceFolder, request: (folderUri: string) => Promise<V>): Promise<Fetched<V>> {
  const key = folderKey(folder.uri);
  let entry = cache.get(key);
  if (!entry) {
    entry = request(folder.uri.toString()).then(
      (view): Fetched<V> => ({ ok: true, view }),
      (e: unknown): Fetched<V> => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
    );
    cache.set(key, entry);
  }
  return entry;
}

/** The folder a command means: the active editor's, else the only one, else the user's pick. */
export async function pickFolder(placeHolder = 'Workspace folder'): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const active = vscode.window.activeTextEditor?.document.uri;
  const own = active && vscode.workspace.getWorkspaceFolder(active);
  if (own) return own;
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder });
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** The launch directory as users read it: relative to the folder ("packages/web"), "." for the root, else absolute. */
export function launchDirLabel(folder: vscode.WorkspaceFolder, launchDir: string): string {
  // The server resolves symlinks; compare in the same form.
  let root = folder.uri.fsPath;
  try {
    root = fs.realpathSync.native(root);
  } catch {
    // A folder that vanished keeps its own path.
  }
  const rel = path.relative(root, launchDir);
  if (!rel) return '.';
  return rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel) ? launchDir : rel.split(path.sep).join('/');
}
