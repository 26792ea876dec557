import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams, TextDocumentContentChangeEvent,
} from 'vscode-languageserver';
import { classifyFile, type FileClass } from '../core/contextFileKinds';
import { canonicalPath, uriToPath } from './uris';

export interface TrackedDocument {
  uri: string;
  /** Symlink-resolved path, as prompt sources name it. */
  path: string;
  document: TextDocument;
  /** The last classification, for the HERMES_HOME it was made under (minimatch is not free per keystroke). */
  classified?: { home: string; cls: FileClass | undefined };
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
    const tracked: TrackedDocument = { uri, path: canonicalPath(file), document: TextDocument.create(uri, languageId, version, text) };
    this.docs.set(uri, tracked);
    return tracked;
  }

  change(params: DidChangeTextDocumentParams): TrackedDocument | undefined {
    const tracked = this.docs.get(params.textDocument.uri);
    if (!tracked) return undefined;
    const changes = params.contentChanges.filter(isValidChange);
    if (changes.length !== params.contentChanges.length) throw new Error(`malformed content change for ${tracked.uri}`);
    tracked.document = TextDocument.update(tracked.document, changes, params.textDocument.version);
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
