import { createHash } from 'node:crypto';
import type {
  CancellationToken, Connection, Diagnostic, DocumentDiagnosticParams, DocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { FileClass } from '../core/contextFileKinds';
import { scanDocument, type ScanOptions } from '../core/scanner';
import type { ServerThreatTable } from './threatTable';
import type { Finding } from '../core/types';
import type { ServerSettings } from '../shared/protocol';
import { BackgroundScanner } from './backgroundScanner';
import { classify, type DocumentStore, type TrackedDocument } from './documents';
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

/** Documents longer than this are scanned on a worker thread: a 5 MB file takes the scanner a second or more. */
const BACKGROUND_SCAN_CHARS = 1_000_000;

interface Scan {
  version: number;
  /** The scanner options the findings were made with. */
  key: string;
  /** Undefined when the scan threw: such a file gets no diagnostics. */
  findings?: Finding[];
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
  /** The running background scan per document (at most one each). */
  private readonly background = new Map<string, Promise<void>>();
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
    for (let round = 0; round < 3; round++) {
      const scan = this.scan(doc);
      if (scan) return scan.findings;
      await this.background.get(doc.uri);
    }
    return undefined;
  }

  /**
   * The scan of the current text: cached per version, made now for normal documents. A document over
   * BACKGROUND_SCAN_CHARS is scanned on the worker thread instead, one scan per document at a time; until
   * that is done this returns undefined, and the diagnostics follow when it is.
   */
  private scan(doc: TrackedDocument): Scan | undefined {
    const cls = classify(doc, this.ctx.home());
    if (!cls) return { version: doc.document.version, key: '', findings: undefined };
    const checks = checksWanted(this.ctx.settings());
    const threats = this.ctx.threatTable();
    const key = `${cls.documentKind}:${checks}:${threats.key}`;
    const version = doc.document.version;
    const cached = this.scans.get(doc.uri);
    if (cached && cached.version === version && cached.key === key) return cached;
    // No label: the messages then say "this file", which is what the user is looking at.
    const options: ScanOptions = { kind: cls.documentKind, userAuthored: cls.documentKind === 'soul' || undefined, checks };
    const text = doc.document.getText();
    if (text.length > BACKGROUND_SCAN_CHARS) {
      this.scanInBackground(doc, text, options, version, key, threats);
      return undefined;
    }
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

  private scanInBackground(doc: TrackedDocument, text: string, options: ScanOptions, version: number, key: string, threats: ServerThreatTable): void {
    if (this.background.has(doc.uri)) return;
    const table = threats.rows ? { key: threats.key, rows: threats.rows } : undefined;
    const done = this.scanner.scan(text, options, table).catch((err: unknown) => {
      this.scanFailed(doc, err);
      return undefined;
    }).then((findings) => {
      this.background.delete(doc.uri);
      if (this.docs.get(doc.uri) !== doc) return;
      this.scans.set(doc.uri, { version, key, findings });
      // Publishing (or a refresh) asks for the diagnostics again: a newer version starts the next scan.
      this.refresh(doc);
    });
    this.background.set(doc.uri, done);
  }

  private scanFailed(doc: TrackedDocument, err: unknown): void {
    this.ctx.log.error(`Scanning ${doc.path} failed, so it has no diagnostics: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  }

  /** The document's diagnostics, or undefined while its scan runs in the background. */
  diagnostics(doc: TrackedDocument): Computed | undefined {
    const version = doc.document.version;
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
    if (!this.ctx.pull) this.queue(doc.uri);
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
    this.scanner.dispose();
  }

  closed(uri: string): void {
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
      const version = doc.document.version;
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
