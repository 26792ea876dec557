import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { NodeFileSystem } from '../core/nodeFs';
import { readText } from '../core/source';
import { formatThousands } from '../core/text';
import type { CacheImpactView, ServerSettings } from '../shared/protocol';
import { classify, type TrackedDocument } from './documents';
import type { EngineClient, Logger } from './engineClient';
import type { FolderImpact } from './engineProtocol';
import { makeDiagnostic, NOTE_RULES } from './rules';
import { isWithin } from './uris';
import type { Folder, Workspace } from './workspace';

/** Typing pauses shorter than this do not trigger a rebuild with the unsaved text. */
export const IMPACT_DEBOUNCE_MS = 150;
/**
 * The same for a large document (LARGE_DOCUMENT_CHARS): each rebuild reads and decodes the file from disk,
 * diffs it with the buffer and sends the whole text to the engine to be tokenized, which competes with the
 * scan of the latest edit for the CPU. Waiting for a longer pause lets the scanner's diagnostics of each
 * edit come first; the cache-impact note follows once typing stops.
 */
export const LARGE_IMPACT_DEBOUNCE_MS = 1_000;

export interface ImpactContext {
  settings(): ServerSettings;
  home(): string;
  log: Logger;
  /** A document's cache-impact result changed. */
  onChange(doc: TrackedDocument): void;
}

interface Result {
  impacts: FolderImpact[];
  /** Where the unsaved text first differs from the file on disk. */
  range: Range;
}

interface State {
  timer?: NodeJS.Timeout;
  running: boolean;
  again: boolean;
  result?: Result;
}

const disk = new NodeFileSystem();

/** The file as the editor shows it on disk now, or undefined when it is missing, not a regular file or unreadable. */
function diskText(file: string): string | undefined {
  const read = readText(disk, file);
  return read.ok ? read.text : undefined;
}

/** The first differing line of `now` against `before`, as a range in `now`. */
function changedRange(doc: TextDocument, before: string): Range {
  const now = doc.getText();
  const n = Math.min(now.length, before.length);
  let start = 0;
  while (start < n && now.charCodeAt(start) === before.charCodeAt(start)) start++;
  let end = now.length;
  let old = before.length;
  while (end > start && old > start && now.charCodeAt(end - 1) === before.charCodeAt(old - 1)) {
    end--;
    old--;
  }
  const from = doc.positionAt(start);
  const lineEnd = doc.offsetAt({ line: from.line, character: Number.MAX_SAFE_INTEGER });
  return { start: from, end: doc.positionAt(Math.max(start, Math.min(end, lineEnd))) };
}

/**
 * Cache impact of unsaved edits: after a typing pause the engine rebuilds each affected folder's prompt with
 * the document's text and compares it with the prompt from disk. One computation per document runs at a
 * time; edits during it trigger one more, never a queue.
 */
export class ImpactTracker {
  private readonly states = new Map<string, State>();

  constructor(private readonly engine: EngineClient, private readonly workspace: Workspace, private readonly ctx: ImpactContext) {}

  changed(doc: TrackedDocument): void {
    const state = this.state(doc.uri);
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void this.run(doc);
    }, doc.large ? LARGE_IMPACT_DEBOUNCE_MS : IMPACT_DEBOUNCE_MS);
  }

  /** Recompute after the prompt from disk or the settings changed; `onlyUnsaved` skips documents known to match disk. */
  rerun(docs: Iterable<TrackedDocument>, onlyUnsaved: boolean): void {
    for (const doc of docs) if (!onlyUnsaved || this.states.get(doc.uri)?.result) this.changed(doc);
  }

  closed(uri: string): void {
    clearTimeout(this.states.get(uri)?.timer);
    this.states.delete(uri);
  }

  /** The latest per-folder results for the document, if it has unsaved edits. */
  impacts(doc: TrackedDocument): FolderImpact[] | undefined {
    return this.states.get(doc.uri)?.result?.impacts;
  }

  diagnostics(doc: TrackedDocument, settings: ServerSettings): Diagnostic[] {
    const result = this.states.get(doc.uri)?.result;
    if (!result || !settings.cacheImpactDiagnostics) return [];
    const hits = result.impacts.filter((i) => i.view.landsInPrefix);
    if (!hits.length) return [];
    const worst = hits.reduce((a, b) => (b.view.rewrittenTokens > a.view.rewrittenTokens ? b : a));
    const v = worst.view;
    const layers = `layer${v.changedLayers.length > 1 ? 's' : ''} ${v.changedLayers.join(', ')}`;
    const tokens = `${formatThousands(v.rewrittenTokens)} of ${formatThousands(v.prefixTokensAfter)} prefix tokens re-written`;
    const where = this.workspace.list().length > 1 ? ` (workspace folder ${this.workspace.get(worst.folderUri)?.name ?? worst.folderUri}${hits.length > 1 ? ` and ${hits.length - 1} more` : ''})` : '';
    const d = v.frozenSnapshot
      ? makeDiagnostic(NOTE_RULES.frozenSnapshot, DiagnosticSeverity.Information,
        `Unsaved edit to a memory file: a running Hermes session keeps the snapshot it froze at session start, so this edit does not reach the current prompt. At the next session or rebuild it changes ${layers}; ${tokens}${where}.`,
        result.range, settings)
      : makeDiagnostic(NOTE_RULES.cacheImpact, DiagnosticSeverity.Information,
        `Unsaved edit changes the cached prompt prefix: ${layers}; ${tokens} at the next session or rebuild${where}.`,
        result.range, settings);
    return d ? [d] : [];
  }

  /** hermesPromptLens/cacheImpact: the document's current text against disk, in the first folder it feeds. */
  async request(doc: TrackedDocument, includePrompts: boolean, isCancelled: () => boolean): Promise<CacheImpactView> {
    let first: CacheImpactView | undefined;
    for (const folder of this.folders(doc)) {
      await this.workspace.ready(folder);
      if (isCancelled()) break;
      const impact = await this.compute(folder, doc, includePrompts);
      if (impact.view.feedsPrompt) return impact.view;
      first ??= impact.view;
    }
    return first ?? { uri: doc.uri, feedsPrompt: false, changed: false, landsInPrefix: false, frozenSnapshot: false, changedLayers: [], rewrittenTokens: 0, prefixTokensBefore: 0, prefixTokensAfter: 0 };
  }

  private folders(doc: TrackedDocument): Folder[] {
    return this.workspace.affectedBy(doc.path, isWithin(doc.path, this.ctx.home()));
  }

  private compute(folder: Folder, doc: TrackedDocument, includePrompts: boolean): Promise<FolderImpact> {
    return this.engine.request('cacheImpact', {
      folderUri: folder.uri, launchDir: folder.launchDir, uri: doc.uri, filePath: doc.path, text: doc.document.getText(), includePrompts,
    });
  }

  private state(uri: string): State {
    let s = this.states.get(uri);
    if (!s) {
      s = { running: false, again: false };
      this.states.set(uri, s);
    }
    return s;
  }

  private async run(doc: TrackedDocument): Promise<void> {
    const state = this.states.get(doc.uri);
    if (!state) return;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    const version = doc.version;
    const before = state.result;
    try {
      state.result = await this.evaluate(doc, version);
    } catch (err) {
      this.ctx.log.error(`Cache impact of ${doc.path} failed: ${(err as Error).message}`);
      state.result = undefined;
    } finally {
      state.running = false;
    }
    if (this.states.get(doc.uri) !== state) return;
    // An edit during the run has its own debounce pending; only a debounce that already fired is owed a run.
    if (state.again) {
      state.again = false;
      void this.run(doc);
    } else if (before !== state.result) {
      this.ctx.onChange(doc);
    }
  }

  private async evaluate(doc: TrackedDocument, version: number): Promise<Result | undefined> {
    if (!this.ctx.settings().cacheImpactDiagnostics || !classify(doc, this.ctx.home())) return undefined;
    const disk = diskText(doc.path);
    if (disk === doc.document.getText()) return undefined;
    const range = changedRange(doc.document, disk ?? '');
    const impacts: FolderImpact[] = [];
    for (const folder of this.folders(doc)) {
      if (doc.version !== version) break;
      impacts.push(await this.compute(folder, doc, false));
    }
    return { impacts, range };
  }
}
