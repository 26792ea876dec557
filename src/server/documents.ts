import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams, TextDocumentContentChangeEvent,
} from 'vscode-languageserver';
import { classifyFile, type FileClass } from '../core/contextFileKinds';
import { EditBatch, KnownLinesDocument } from './editBatch';
import { canonicalPath, uriToPath } from './uris';

/** From this size on, edits are batched (EditBatch), diagnostics wait for a pause in typing and scans run off the main thread. */
export const LARGE_DOCUMENT_CHARS = 1_000_000;

/**
 * An open document. A large one keeps its edits in an EditBatch until its text is read, so a burst of
 * edits costs one join of the text instead of one copy per edit.
 */
export class TrackedDocument {
  /** The last classification, for the HERMES_HOME it was made under (minimatch is not free per keystroke). */
  classified?: { home: string; cls: FileClass | undefined };
  private current: TextDocument;
  private batch?: EditBatch;
  private pendingVersion: number;

  constructor(readonly uri: string, /** Symlink-resolved path, as prompt sources name it. */ readonly path: string, languageId: string, version: number, text: string) {
    // A large text's lines are counted once here; every later batch of edits keeps the count up to date.
    this.current = text.length >= LARGE_DOCUMENT_CHARS
      ? new KnownLinesDocument(uri, languageId, version, text, EditBatch.lineOffsets(text))
      : TextDocument.create(uri, languageId, version, text);
    this.pendingVersion = version;
  }

  /** The version of the latest edit, without applying pending edits. */
  get version(): number {
    return this.pendingVersion;
  }

  /** The length of the current text, without applying pending edits. */
  get size(): number {
    return this.batch ? this.batch.size : this.current.getText().length;
  }

  get large(): boolean {
    return this.current.getText().length >= LARGE_DOCUMENT_CHARS || this.batch !== undefined;
  }

  /** The document with every edit applied. */
  get document(): TextDocument {
    if (this.batch) {
      const { text, lineOffsets } = this.batch.result();
      this.batch = undefined;
      this.current = new KnownLinesDocument(this.uri, this.current.languageId, this.pendingVersion, text, lineOffsets);
    }
    return this.current;
  }

  update(changes: TextDocumentContentChangeEvent[], version: number): void {
    this.pendingVersion = version;
    if (!this.large) {
      // A document that shrank below the threshold goes back to TextDocument's own updates.
      const current = this.current instanceof KnownLinesDocument
        ? TextDocument.create(this.uri, this.current.languageId, this.current.version, this.current.getText())
        : this.current;
      this.current = TextDocument.update(current, changes, version);
      return;
    }
    if (!this.batch) {
      const text = this.current.getText();
      // The batch edits its offsets in place: a KnownLinesDocument's are copied, since that document stays readable.
      const known = this.current instanceof KnownLinesDocument ? [...this.current.lineOffsets] : EditBatch.lineOffsets(text);
      this.batch = new EditBatch(text, known);
    }
    for (const change of changes) this.batch.apply(change);
  }
}

/** Names some prompt source can have (contextFileKinds' globs end in one of these). */
const SOURCE_NAMES = new Set([
  '.hermes.md', 'HERMES.md', 'AGENTS.override.md', 'AGENTS.md', 'agents.md', 'CLAUDE.md', 'claude.md', '.cursorrules',
  'SOUL.md', 'MEMORY.md', 'USER.md', 'SKILL.md',
]);

function mayBeSource(p: string): boolean {
  const name = path.basename(p);
  return SOURCE_NAMES.has(name) || name.endsWith('.mdc');
}

/**
 * The open documents that could be prompt sources, with their unsaved text (incremental sync). Whether one
 * actually is depends on HERMES_HOME, which can change, so candidates are kept by name and classified on use.
 * Everything else the client opens is not stored at all.
 */
export class DocumentStore {
  private readonly docs = new Map<string, TrackedDocument>();

  open(params: DidOpenTextDocumentParams): TrackedDocument | undefined {
    const { uri, languageId, version, text } = params.textDocument;
    const file = uriToPath(uri);
    if (!file || !mayBeSource(file)) return undefined;
    const tracked = new TrackedDocument(uri, canonicalPath(file), languageId, version, text);
    this.docs.set(uri, tracked);
    return tracked;
  }

  change(params: DidChangeTextDocumentParams): TrackedDocument | undefined {
    const tracked = this.docs.get(params.textDocument.uri);
    if (!tracked) return undefined;
    const changes = params.contentChanges.filter(isValidChange);
    if (changes.length !== params.contentChanges.length) throw new Error(`malformed content change for ${tracked.uri}`);
    tracked.update(changes, params.textDocument.version);
    return tracked;
  }

  close(params: DidCloseTextDocumentParams): TrackedDocument | undefined {
    const tracked = this.docs.get(params.textDocument.uri);
    this.docs.delete(params.textDocument.uri);
    return tracked;
  }

  get(uri: string): TrackedDocument | undefined {
    return this.docs.get(uri);
  }

  all(): IterableIterator<TrackedDocument> {
    return this.docs.values();
  }

  byPath(p: string): TrackedDocument | undefined {
    for (const d of this.docs.values()) if (d.path === p) return d;
    return undefined;
  }
}

/** What prompt source the document is under this HERMES_HOME, or undefined when Hermes never reads it. */
export function classify(tracked: TrackedDocument, hermesHome: string): FileClass | undefined {
  if (tracked.classified?.home !== hermesHome) tracked.classified = { home: hermesHome, cls: classifyFile(tracked.path, hermesHome) };
  return tracked.classified.cls;
}

function isValidChange(c: TextDocumentContentChangeEvent): boolean {
  if (typeof c?.text !== 'string') return false;
  if (!('range' in c) || c.range === undefined) return true;
  const r = c.range;
  return [r?.start?.line, r?.start?.character, r?.end?.line, r?.end?.character].every((n) => Number.isInteger(n) && n >= 0);
}
