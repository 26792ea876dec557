/**
 * Warns while the user edits a file that feeds the cached prefix, before the edit is saved and the
 * provider's prompt cache is lost: a status-bar item, a CodeLens at the top of the file and one
 * notification per file per session. The server computes the impact (cacheImpact request).
 */
import * as vscode from 'vscode';
import { PER_TURN_NOTE } from '../core/perTurn';
import type { CacheImpactView } from '../shared/protocol';
import { formatCount } from './assemblies';
import type { PromptLensClient } from './client';
import { DOCUMENT_SELECTOR, feedsPrompt } from './contextFiles';
import type { PromptDocuments } from './promptDocuments';
import { cacheWarningEnabled } from './settings';

const DEBOUNCE_MS = 300;
const NO_WARN_KEY = 'hermesPromptLens.noCacheWarningFiles';
const SHOW_IMPACT = 'Show Impact';
const DONT_WARN = "Don't Warn for This File";

export function impactMessage(impact: CacheImpactView): string {
  return `Prefix: ${formatCount(impact.prefixTokensBefore)} tokens cached · this edit re-writes ${formatCount(impact.rewrittenTokens)}`;
}

/** The longer text for the notification and tooltips; memory files are snapshots, so the damage comes later. */
export function impactExplanation(impact: CacheImpactView): string {
  if (impact.frozenSnapshot) {
    return `${impactMessage(impact)}. This file is a frozen snapshot: a running Hermes session keeps the copy it read at start, ` +
      'so this edit changes nothing now, but the next session (or a rebuild) re-writes the cached prefix from here on.';
  }
  const layer = impact.firstChangedLayer ? ` It changes the "${impact.firstChangedLayer}" layer` : ' It changes the prompt';
  return `${impactMessage(impact)}.${layer}; the provider's prompt cache cannot be reused past that point at the next session or rebuild. ${PER_TURN_NOTE}`;
}

export class CacheWarnings implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly impacts = new Map<string, CacheImpactView>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly requests = new Map<string, vscode.CancellationTokenSource>();
  /** Files already notified this session. */
  private readonly notified = new Set<string>();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly statusItem = vscode.window.createStatusBarItem('hermesPromptLens.cacheImpact', vscode.StatusBarAlignment.Left, 100);
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly client: PromptLensClient,
    private readonly documents: PromptDocuments,
    private readonly workspaceState: vscode.Memento,
  ) {
    this.statusItem.name = 'Hermes Prompt: Cache Impact';
    this.subscriptions = [
      this.statusItem,
      vscode.languages.registerCodeLensProvider(DOCUMENT_SELECTOR, this),
      vscode.workspace.onDidChangeTextDocument((e) => feedsPrompt(e.document) && this.schedule(e.document)),
      vscode.workspace.onDidSaveTextDocument((d) => this.clear(d.uri.toString())),
      vscode.workspace.onDidCloseTextDocument((d) => this.clear(d.uri.toString())),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateStatus()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('hermesPromptLens.cacheWarnings')) this.refreshUi();
      }),
    ];
  }

  /** The current impact of an open document's unsaved edits, if they change the prompt. */
  impactOf(uri: vscode.Uri): CacheImpactView | undefined {
    return this.impacts.get(uri.toString());
  }

  get statusText(): string | undefined {
    return this.statusItem.text || undefined;
  }

  private schedule(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    if (!document.isDirty) {
      this.clear(key);
      return;
    }
    this.timers.set(key, setTimeout(() => void this.check(document), DEBOUNCE_MS));
  }

  private async check(document: vscode.TextDocument): Promise<void> {
    const key = document.uri.toString();
    this.timers.delete(key);
    // A newer edit supersedes a pending request.
    this.requests.get(key)?.cancel();
    const cancel = new vscode.CancellationTokenSource();
    this.requests.set(key, cancel);
    let impact: CacheImpactView;
    try {
      impact = await this.client.cacheImpact({ uri: key }, cancel.token);
    } catch {
      // Cancelled, or the server failed (it logs why); no warning is better than a wrong one.
      return;
    } finally {
      if (this.requests.get(key) === cancel) this.requests.delete(key);
      cancel.dispose();
    }
    if (cancel.token.isCancellationRequested) return;
    if (!impact.feedsPrompt || !impact.changed || !document.isDirty || this.suppressed(key)) {
      this.clear(key);
      return;
    }
    this.impacts.set(key, impact);
    this.refreshUi();
    this.notify(document.uri, impact);
  }

  private suppressed(key: string): boolean {
    return this.workspaceState.get<string[]>(NO_WARN_KEY, []).includes(key);
  }

  private notify(uri: vscode.Uri, impact: CacheImpactView): void {
    const key = uri.toString();
    if (this.notified.has(key) || !cacheWarningEnabled('notification', uri)) return;
    this.notified.add(key);
    void vscode.window.showWarningMessage(impactExplanation(impact), SHOW_IMPACT, DONT_WARN).then(async (choice) => {
      if (choice === SHOW_IMPACT) await this.showImpact(uri);
      else if (choice === DONT_WARN) {
        await this.workspaceState.update(NO_WARN_KEY, [...this.workspaceState.get<string[]>(NO_WARN_KEY, []), key]);
        this.clear(key);
      }
    });
  }

  /** Opens a diff of the prompt as it is on disk and as it would be with the document's current text. */
  async showImpact(uri: vscode.Uri): Promise<void> {
    const impact = await this.client.cacheImpact({ uri: uri.toString(), includePrompts: true });
    if (!impact.feedsPrompt) {
      void vscode.window.showInformationMessage('This file does not feed the Hermes prompt of any workspace folder.');
      return;
    }
    if (!impact.changed || impact.beforePrompt === undefined || impact.afterPrompt === undefined) {
      void vscode.window.showInformationMessage('The unsaved changes to this file do not change the Hermes prompt.');
      return;
    }
    const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
    const before = this.documents.set(`saved/${name}.prompt.md`, impact.beforePrompt);
    const after = this.documents.set(`edited/${name}.prompt.md`, impact.afterPrompt);
    await vscode.commands.executeCommand('vscode.diff', before, after, `Hermes Prompt: ${name} saved ↔ edited · ${impactMessage(impact)}`);
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const impact = this.impacts.get(document.uri.toString());
    if (!impact || !cacheWarningEnabled('codeLens', document.uri)) return [];
    const title = `$(warning) ${impact.frozenSnapshot ? `${impactMessage(impact)} (next session; frozen snapshot)` : impactMessage(impact)}`;
    return [new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title, command: 'hermesPromptLens.showCacheImpact', arguments: [document.uri], tooltip: impactExplanation(impact) })];
  }

  private clear(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.requests.get(key)?.cancel();
    if (this.impacts.delete(key)) this.refreshUi();
  }

  private refreshUi(): void {
    this.lensesChanged.fire();
    this.updateStatus();
  }

  private updateStatus(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const impact = uri && this.impacts.get(uri.toString());
    if (!impact || !cacheWarningEnabled('statusBar', uri)) {
      this.statusItem.text = '';
      this.statusItem.hide();
      return;
    }
    this.statusItem.text = `$(warning) ${impactMessage(impact)}`;
    this.statusItem.tooltip = impactExplanation(impact);
    this.statusItem.command = { command: 'hermesPromptLens.showCacheImpact', title: 'Show Cache Impact', arguments: [uri] };
    this.statusItem.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    this.statusItem.show();
  }

  dispose(): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.requests.forEach((r) => r.cancel());
    this.subscriptions.forEach((d) => d.dispose());
    this.lensesChanged.dispose();
  }
}
