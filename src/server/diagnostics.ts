import { createHash } from 'node:crypto';
import type {
  CancellationToken, Connection, Diagnostic, DocumentDiagnosticParams, DocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { FileClass } from '../core/contextFileKinds';
import { rescanEdit, type ScanSnapshot } from '../core/editRescan';
import { scanDocument, type ScanOptions } from '../core/scanner';
import type { ServerThreatTable } from './threatTable';
import type { Finding } from '../core/types';
import type { ServerSettings } from '../shared/protocol';
import { BackgroundScanner, ScanCancelled } from './backgroundScanner';
import { classify, LARGE_DOCUMENT_CHARS, type DocumentStore, type TrackedDocument } from './documents';
import type { Logger } from './engineClient';
import { checksWanted, findingDiagnostic } from './rules';

export interface DiagnosticsContext {
  settings(): ServerSettings;
  home(): string;
  threatTable(): ServerThreatTable;
  log: Logger;
  /** The client pulls diagnostics (textDocument/diagnostic); otherwise the server publishes them. */
  pull: boolean;
  /** The client honours workspace/diagnostic/refresh. */
  refreshSupport: boolean;
}

/** Diagnostics that come from the assembled prompt rather than the scanner (truncation, shadowing, cache impact). */
export type NoteProvider = (doc: TrackedDocument, cls: FileClass, settings: ServerSettings) => Diagnostic[];

/**
 * A large document's diagnostics wait for this long a pause in its edits (but never longer than
 * LARGE_DOCUMENT_MAX_WAIT_MS), so a burst of typing is read, copied to the worker and scanned once.
 */
const LARGE_DOCUMENT_PAUSE_MS = 40;
const LARGE_DOCUMENT_MAX_WAIT_MS = 500;
/**
 * A large document answered from a window rescan (editRescan) is scanned in full once its edits pause this
 * long: the window's answer is exact when it is given, and the full scan keeps it honest should it not be.
 */
const CONFIRM_PAUSE_MS = 1_000;

interface Scan {
  version: number;
  /** The scanner options the findings were made with. */
  key: string;
  /** Undefined when the scan threw: such a file gets no diagnostics. */
  findings?: Finding[];
  /** Answered by a window rescan; a full scan follows after a pause in the edits. */
  windowed?: boolean;
}

interface Computed {
  version: number;
  generation: number;
  diagnostics: Diagnostic[];
  resultId: string;
}

/**
 * Diagnostics per open source document. Scanner findings are cached per document version and recomputed
 * only for the document that changed; notes are cached per "generation", which moves whenever an assembly,
 * a cache-impact result or the settings change. Push clients get a publish per change (coalesced within a
 * tick, so a burst of edits is scanned once); pull clients get a result id and "unchanged" reports.
 */
export class DiagnosticsService {
  private readonly scans = new Map<string, Scan>();
  private readonly computed = new Map<string, Computed>();
  /** What each document's last publish carried, to skip re-sending the same thing. */
  private readonly published = new Map<string, { version: number; resultId: string }>();
  private readonly queued = new Set<string>();
  /** Large documents waiting for a pause in their edits: the timer, and when the first unscanned edit came. */
  private readonly pausing = new Map<string, { timer: NodeJS.Timeout; since: number }>();
  /** The running background scan per document (at most one each), and the version it scans. */
  private readonly background = new Map<string, Promise<void>>();
  private readonly backgroundVersion = new Map<string, number>();
  /** A large document's last scanned text with its findings (same options key), for the next edit's window rescan. */
  private readonly snapshots = new Map<string, { key: string; snapshot: ScanSnapshot }>();
  /** Full scans waiting for a pause after window rescans. */
  private readonly confirming = new Map<string, NodeJS.Timeout>();
  private readonly scanner = new BackgroundScanner();
  private flushScheduled = false;
  private refreshScheduled = false;
  private generation = 0;

  constructor(
    private readonly connection: Connection,
    private readonly docs: DocumentStore,
    private readonly ctx: DiagnosticsContext,
    private readonly notes: NoteProvider[],
  ) {}

  /** The scanner's findings for the document's current text (waiting for a background scan); undefined when it is no source or its scan failed. */
  async currentFindings(doc: TrackedDocument): Promise<Finding[] | undefined> {
    // A document edited faster than it can be scanned is given up on after a few rounds.
    for (let scans = 0, pauses = 0; scans < 3 && pauses < 25;) {
      const scan = this.scan(doc);
      if (scan) return scan.findings;
      const running = this.background.get(doc.uri);
      if (running) {
        scans++;
        await running;
      } else {
        // A large document between edits: its scan starts when the edits pause.
        pauses++;
        await new Promise((r) => setTimeout(r, LARGE_DOCUMENT_PAUSE_MS));
      }
    }
    return undefined;
  }

  /** How the document is scanned under the current settings (the key names the options), or undefined when it is no source. */
  private request(doc: TrackedDocument): { options: ScanOptions; key: string; threats: ServerThreatTable } | undefined {
    const cls = classify(doc, this.ctx.home());
    if (!cls) return undefined;
    const checks = checksWanted(this.ctx.settings());
    const threats = this.ctx.threatTable();
    // No label: the messages then say "this file", which is what the user is looking at.
    const options: ScanOptions = { kind: cls.documentKind, userAuthored: cls.documentKind === 'soul' || undefined, checks };
    return { options, key: `${cls.documentKind}:${checks}:${threats.key}`, threats };
  }

  /**
   * The scan of the current text: cached per version, made now for normal documents. A large document
   * (LARGE_DOCUMENT_CHARS) is answered from a window rescan when the edit allows it, and otherwise scanned on the
   * worker thread, one scan per document at a time; until that is done this returns undefined, and the
   * diagnostics follow when it is (for the latest version: a scan of a version edited since is not published).
   */
  private scan(doc: TrackedDocument): Scan | undefined {
    const request = this.request(doc);
    if (!request) return { version: doc.version, key: '', findings: undefined };
    const { options, key, threats } = request;
    const version = doc.version;
    const cached = this.scans.get(doc.uri);
    if (cached && cached.version === version && cached.key === key) return cached;
    if (doc.size >= LARGE_DOCUMENT_CHARS) {
      // The text is read (and the pending edits applied) only when a scan starts: not while one runs, and not
      // before a pause in the edits (a pull in the middle of a burst gets the last report).
      if (this.pausing.has(doc.uri) || this.background.has(doc.uri)) return undefined;
      const windowed = this.rescanWindow(doc, { ...options, table: threats.table }, version, key);
      if (!windowed) this.scanInBackground(doc, doc.document.getText(), options, version, key, threats);
      return windowed;
    }
    const text = doc.document.getText();
    options.table = threats.table;
    let findings: Finding[] | undefined;
    try {
      findings = scanDocument(text, options).findings;
    } catch (err) {
      this.scanFailed(doc, err);
    }
    const scan = { version, key, findings };
    this.scans.set(doc.uri, scan);
    return scan;
  }

  /**
   * The findings of an edit to a large document past Hermes' cap, from its last snapshot and a rescan of the
   * window around the edit (on this thread: a few milliseconds); undefined when only a full scan can tell.
   */
  private rescanWindow(doc: TrackedDocument, options: ScanOptions, version: number, key: string): Scan | undefined {
    const held = this.snapshots.get(doc.uri);
    if (!held || held.key !== key) return undefined;
    let next: ScanSnapshot | undefined;
    try {
      next = rescanEdit(held.snapshot, doc.document.getText(), options);
    } catch (err) {
      this.ctx.log.error(`Rescanning the edit to ${doc.path} failed, so it is scanned in full: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    }
    if (!next) return undefined;
    held.snapshot = next;
    const scan: Scan = { version, key, findings: next.findings, windowed: true };
    this.scans.set(doc.uri, scan);
    this.confirmLater(doc);
    return scan;
  }

  private confirmLater(doc: TrackedDocument): void {
    clearTimeout(this.confirming.get(doc.uri));
    this.confirming.set(doc.uri, setTimeout(() => {
      this.confirming.delete(doc.uri);
      const scan = this.scans.get(doc.uri);
      if (this.docs.get(doc.uri) !== doc || !scan?.windowed || scan.version !== doc.version || this.background.has(doc.uri)) return;
      const request = this.request(doc);
      if (request?.key !== scan.key) return;
      this.scanInBackground(doc, doc.document.getText(), request.options, scan.version, scan.key, request.threats);
    }, CONFIRM_PAUSE_MS));
  }

  private scanInBackground(doc: TrackedDocument, text: string, options: ScanOptions, version: number, key: string, threats: ServerThreatTable): void {
    const table = threats.rows ? { key: threats.key, rows: threats.rows } : undefined;
    this.backgroundVersion.set(doc.uri, version);
    const done = this.scanner.scan(text, options, table).catch((err: unknown) => {
      if (err instanceof ScanCancelled) return undefined;
      this.scanFailed(doc, err);
      return { findings: undefined };
    }).then((result) => {
      this.background.delete(doc.uri);
      this.backgroundVersion.delete(doc.uri);
      if (this.docs.get(doc.uri) !== doc) return;
      if (result?.findings && 'offsets' in result) this.snapshots.set(doc.uri, { key, snapshot: { ...result, text } });
      else if (result) this.snapshots.delete(doc.uri);
      if (result) this.scans.set(doc.uri, { version, key, findings: result.findings });
      // A cancelled document that is waiting for a pause in its edits is scanned after the pause.
      else if (this.pausing.has(doc.uri)) return;
      // Publishing (or a refresh) asks for the diagnostics again: a newer version starts the next scan.
      this.refresh(doc);
    });
    this.background.set(doc.uri, done);
  }

  /**
   * A large document was edited while the worker scans an older version of it: that scan's result would never
   * be shown, so the worker is stopped (a scan cannot be interrupted otherwise). Scans of other documents it
   * had queued start again.
   */
  private dropSuperseded(doc: TrackedDocument): void {
    const running = this.backgroundVersion.get(doc.uri);
    if (running !== undefined && running !== doc.version) this.scanner.cancelAll();
  }

  private scanFailed(doc: TrackedDocument, err: unknown): void {
    this.ctx.log.error(`Scanning ${doc.path} failed, so it has no diagnostics: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  }

  /** The document's diagnostics, or undefined while its scan runs in the background. */
  diagnostics(doc: TrackedDocument): Computed | undefined {
    const version = doc.version;
    const cached = this.computed.get(doc.uri);
    if (cached && cached.version === version && cached.generation === this.generation) return cached;
    const scan = this.scan(doc);
    if (!scan) return undefined;
    const diagnostics: Diagnostic[] = [];
    const cls = classify(doc, this.ctx.home());
    if (scan.findings && cls) {
      const settings = this.ctx.settings();
      for (const f of scan.findings) {
        const d = findingDiagnostic(f, settings);
        if (d) diagnostics.push(d);
      }
      for (const note of this.notes) {
        try {
          diagnostics.push(...note(doc, cls, settings));
        } catch (err) {
          this.ctx.log.error(`Prompt notes for ${doc.path} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
        }
      }
    }
    const resultId = createHash('sha1').update(JSON.stringify(diagnostics)).digest('base64');
    const computed = { version, generation: this.generation, diagnostics, resultId };
    this.computed.set(doc.uri, computed);
    return computed;
  }

  /** The document's text changed (or it was opened). */
  changed(doc: TrackedDocument): void {
    if (!doc.large) {
      if (!this.ctx.pull) this.queue(doc.uri);
      return;
    }
    const waiting = this.pausing.get(doc.uri);
    if (waiting) clearTimeout(waiting.timer);
    clearTimeout(this.confirming.get(doc.uri));
    this.confirming.delete(doc.uri);
    this.dropSuperseded(doc);
    const since = waiting?.since ?? Date.now();
    const delay = Math.max(0, Math.min(LARGE_DOCUMENT_PAUSE_MS, since + LARGE_DOCUMENT_MAX_WAIT_MS - Date.now()));
    const timer = setTimeout(() => {
      this.pausing.delete(doc.uri);
      if (this.ctx.pull) this.refresh(doc);
      else this.queue(doc.uri);
    }, delay);
    this.pausing.set(doc.uri, { timer, since });
  }

  /** Something other than the text changed what the documents' diagnostics would be. */
  refreshAll(): void {
    this.generation++;
    if (this.ctx.pull) this.requestRefresh();
    else for (const doc of this.docs.all()) this.queue(doc.uri);
  }

  /** Something other than its text changed one document's diagnostics. */
  refresh(doc: TrackedDocument): void {
    this.computed.delete(doc.uri);
    if (this.ctx.pull) this.requestRefresh();
    else this.queue(doc.uri);
  }

  private requestRefresh(): void {
    if (!this.ctx.refreshSupport || this.refreshScheduled) return;
    this.refreshScheduled = true;
    setImmediate(() => {
      this.refreshScheduled = false;
      void this.connection.languages.diagnostics.refresh();
    });
  }

  dispose(): void {
    for (const timer of this.confirming.values()) clearTimeout(timer);
    this.scanner.dispose();
  }

  closed(uri: string): void {
    clearTimeout(this.pausing.get(uri)?.timer);
    this.pausing.delete(uri);
    clearTimeout(this.confirming.get(uri));
    this.confirming.delete(uri);
    this.snapshots.delete(uri);
    this.scans.delete(uri);
    this.computed.delete(uri);
    this.queued.delete(uri);
    if (!this.ctx.pull && this.published.delete(uri)) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /** textDocument/diagnostic. */
  pull(params: DocumentDiagnosticParams, token: CancellationToken): DocumentDiagnosticReport {
    const doc = this.docs.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested) return { kind: 'full', items: [] };
    // While a big document is scanned, the last report stands; a refresh follows the scan.
    const computed = this.diagnostics(doc) ?? this.computed.get(doc.uri);
    if (!computed) return { kind: 'full', items: [] };
    if (params.previousResultId === computed.resultId) return { kind: 'unchanged', resultId: computed.resultId };
    return { kind: 'full', resultId: computed.resultId, items: computed.diagnostics };
  }

  private queue(uri: string): void {
    this.queued.add(uri);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    const uris = [...this.queued];
    this.queued.clear();
    for (const uri of uris) {
      const doc = this.docs.get(uri);
      const computed = doc && this.diagnostics(doc);
      if (!doc || !computed) continue;
      const { diagnostics, resultId } = computed;
      const version = doc.version;
      const last = this.published.get(uri);
      // A new version of a prompt source is always answered, so the client knows its diagnostics are current;
      // re-sending identical diagnostics after an assembly change would be noise for 1,000 open files.
      const isSource = classify(doc, this.ctx.home()) !== undefined;
      if (last ? last.resultId === resultId && (last.version === version || !isSource) : !isSource) continue;
      this.published.set(uri, { version, resultId });
      void this.connection.sendDiagnostics({ uri, version, diagnostics });
    }
  }
}
