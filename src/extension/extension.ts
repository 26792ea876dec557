/**
 * Hermes Prompt Lens: a thin client over the language server (dist/server.js). The server owns all
 * analysis; the modules here map its data to VS Code UI.
 */
import * as vscode from 'vscode';
import { AssemblyStore } from './assemblies';
import { CacheWarnings } from './cacheWarnings';
import { registerHintCommands } from './hintCommands';
import { registerLaunchDirectoryCommands, showLaunchDirectory } from './launchDirectory';
import { PromptLensClient } from './client';
import { registerCommands } from './commands';
import { LayerTreeProvider } from './layerTree';
import { PromptPreview } from './preview';
import { PROMPT_SCHEME, PromptDocuments } from './promptDocuments';
import { TokenStatus } from './tokenStatus';

/** What activate() returns: the extension-host tests read the UI state through it. */
export interface PromptLensApi {
  client: PromptLensClient;
  layerTree: LayerTreeProvider;
  /** The Layers view (its description shows the launch directory). */
  treeView: vscode.TreeView<unknown>;
  preview: PromptPreview;
  cacheWarnings: CacheWarnings;
  tokenStatus: TokenStatus;
  /** Milliseconds (performance.now()) of activation milestones, for the activation-time measurement. */
  timings: ActivationTimings;
}

export interface ActivationTimings {
  activateStart: number;
  activateEnd: number;
  /** When the Layers view first received an assembled prompt (undefined until then). */
  readonly firstAssembly?: number;
}

let client: PromptLensClient | undefined;

export function activate(context: vscode.ExtensionContext): PromptLensApi {
  const activateStart = performance.now();
  client = new PromptLensClient(context);
  const store = new AssemblyStore(client);
  const documents = new PromptDocuments();
  const layerTree = new LayerTreeProvider(store);
  const preview = new PromptPreview(context.extensionUri, store);
  const cacheWarnings = new CacheWarnings(client, documents, context.workspaceState);
  const tokenStatus = new TokenStatus(store);
  const treeView = vscode.window.createTreeView('hermesPrompt.layers', { treeDataProvider: layerTree, showCollapseAll: true });
  context.subscriptions.push(
    client, store, documents, layerTree, preview, cacheWarnings, tokenStatus, treeView, showLaunchDirectory(treeView, store),
    vscode.workspace.registerTextDocumentContentProvider(PROMPT_SCHEME, documents),
  );
  registerCommands({ context, client, store, preview, cacheWarnings });
  registerLaunchDirectoryCommands(context, preview);
  registerHintCommands(context, client, documents);
  const timings: ActivationTimings = {
    activateStart,
    activateEnd: performance.now(),
    get firstAssembly() { return layerTree.firstAssemblyAt; },
  };
  return { client, layerTree, treeView, preview, cacheWarnings, tokenStatus, timings };
}

export function deactivate(): Promise<void> | undefined {
  return client?.stop();
}
