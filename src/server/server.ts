/**
 * The Hermes Prompt Lens language server: `node dist/server.js --stdio` (or --node-ipc / --socket=N).
 * Diagnoses the files Hermes Agent builds its system prompt from, answers the custom requests of
 * src/shared/protocol.ts, and leaves prompt assembly to the engine process (engineClient.ts).
 */
import * as v8 from 'node:v8';
import {
  CodeActionKind, createConnection, DidChangeConfigurationNotification, ErrorCodes, ResponseError,
  TextDocumentSyncKind, type CancellationToken, type ClientCapabilities, type InitializeResult, type WorkspaceFolder,
} from 'vscode-languageserver/node';
import { NodeFileSystem } from '../core/nodeFs';
import {
  AssembledPromptRequest, AssemblyChangedNotification, CacheImpactRequest, CONFIG_SECTION, DEFAULT_SETTINGS, RebuildRequest,
  ScanWorkspaceRequest, SERVER_SOURCE, type AssembledPromptView, type AssemblyChangedParams, type CacheImpactView,
  type RebuildResult, type ScanWorkspaceResult, type ServerSettings,
} from '../shared/protocol';
import { cancelledError, untilCancelled } from './cancellation';
import { removalActions, type EditSupport } from './codeActions';
import { DiagnosticsService, type NoteProvider } from './diagnostics';
import { classify, DocumentStore, type TrackedDocument } from './documents';
import { EngineClient, type Logger } from './engineClient';
import { fileHover, invisibleHover } from './hover';
import { ImpactTracker } from './impact';
import { assemblyNotes } from './notes';
import { enabledFindings } from './rules';
import { Cancelled, scanWorkspace } from './scanWorkspace';
import { resolveServerThreatTable, type ServerThreatTable } from './threatTable';
import { assemblyInputsChanged, engineOptions, normalizeSettings, resolveHermesHome } from './settings';
import { canonicalPath, uriToPath } from './uris';
import * as validate from './validate';
import { FileWatchers, promptInput } from './watchers';
import { Workspace, type Folder, type SourceEntry } from './workspace';

// Scanning makes short-lived garbage in bursts (opening 1,000 files at once); V8 would grow the young
// generation up to 16 MB semi-spaces for it and keep them resident. Not growing it costs no measurable scan
// time and saves ~15 MB.
v8.setFlagsFromString('--semi-space-growth-factor=1');

const connection = createConnection();
const log: Logger = { error: (m) => connection.console.error(m) };
// A bug in a timer or callback must cost one feature, never the server.
process.on('uncaughtException', (err) => log.error(`Internal error: ${err.stack ?? err.message}`));
process.on('unhandledRejection', (err) => log.error(`Internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`));

/** What the client sent at initialize; settings from workspace/configuration are layered on top. */
let initialSettings: ServerSettings = DEFAULT_SETTINGS;
let settings: ServerSettings = DEFAULT_SETTINGS;
let home = resolveHermesHome(settings);
/** The threat table diagnostics apply: re-resolved when HERMES_HOME or hermesSource changes. */
let threats: ServerThreatTable = { key: 'builtin' };
let threatsFor = '';

function updateThreatTable(): void {
  const options = engineOptions(settings);
  const key = `${options.home}\0${options.hermesSource}`;
  if (key === threatsFor) return;
  threatsFor = key;
  try {
    threats = resolveServerThreatTable(options);
    if (threats.notice) log.error(threats.notice);
  } catch (err) {
    threats = { key: 'builtin' };
    log.error(`Could not read the threat table of your Hermes: ${(err as Error).message}; using the built-in one.`);
  }
}
let capabilities: ClientCapabilities = {};
let initialFolders: WorkspaceFolder[] = [];
let editSupport: EditSupport = { documentChanges: false, annotations: false };
let scanGeneration = 0;
/** Resolves once settings are read and the folders are known; requests about folders wait for it. */
let isStarted = false;
let markStarted!: () => void;
const started = new Promise<void>((resolve) => (markStarted = resolve));

const engine = new EngineClient(log);
const docs = new DocumentStore();
const workspace = new Workspace(engine, log, onAssembled);
const impact = new ImpactTracker(engine, workspace, {
  settings: () => settings, home: () => home, log,
  onChange: (doc) => diagnostics.refresh(doc),
});

/** The document's entries in each folder's prompt; a rebuild with its unsaved text replaces the disk one. */
function sourceEntries(doc: TrackedDocument): SourceEntry[] {
  const impacts = impact.impacts(doc) ?? [];
  const rebuilt = new Set(impacts.map((i) => i.folderUri));
  const entries = workspace.sourcesOf(doc.path).filter((e) => !rebuilt.has(e.folder.uri));
  for (const i of impacts) {
    const folder = workspace.get(i.folderUri);
    if (folder) for (const source of i.sources) entries.push({ folder, source, cut: i.cut, maxChars: i.maxChars });
  }
  return entries;
}

const notes: NoteProvider[] = [
  (doc, cls, s) => assemblyNotes(doc.document, cls.documentKind, sourceEntries(doc), workspace.list().length, s),
  (doc, _cls, s) => impact.diagnostics(doc, s),
];
/** Filled in from the client's capabilities at initialize. */
const diagnosticsContext = { settings: () => settings, home: () => home, threatTable: () => threats, log, pull: false, refreshSupport: false };
const watchSupport = { dynamicRegistration: false, relativePatterns: false };
const diagnostics = new DiagnosticsService(connection, docs, diagnosticsContext, notes);
const watchers = new FileWatchers(connection, watchSupport, log);

function onAssembled(folder: Folder, changed: boolean, announce: boolean): void {
  const a = folder.assembly;
  if (a && (changed || announce)) {
    const params: AssemblyChangedParams = { folderUri: folder.uri, prefixHash: a.view.prefixHash, totalTokens: a.view.totalTokens, prefixTokens: a.view.prefixTokens };
    void connection.sendNotification(AssemblyChangedNotification, params);
  }
  if (changed) {
    diagnostics.refreshAll();
    // Unsaved edits were compared with the old disk prompt.
    impact.rerun(docs.all(), true);
  }
}

function applySettings(next: ServerSettings, problems: readonly string[]): void {
  for (const p of problems) log.error(`Setting ${CONFIG_SECTION}: ${p}; using the default.`);
  const previous = settings;
  const previousHome = home;
  settings = next;
  home = resolveHermesHome(next);
  updateThreatTable();
  if (assemblyInputsChanged(previous, next)) {
    engine.configure(engineOptions(next));
    workspace.invalidate(workspace.list(), true);
  }
  if (home !== previousHome && isStarted) void watchers.watch(home);
  diagnostics.refreshAll();
  impact.rerun(docs.all(), false);
}

async function fetchSettings(): Promise<void> {
  let raw: unknown;
  try {
    raw = await connection.workspace.getConfiguration({ section: CONFIG_SECTION });
  } catch (err) {
    log.error(`Reading the ${CONFIG_SECTION} settings failed: ${(err as Error).message}`);
    return;
  }
  const { settings: next, problems } = normalizeSettings(raw, initialSettings);
  applySettings(next, problems);
}

/** A file on disk changed: rebuild the prompts it can affect (debounced, at most once per burst). */
function sourceChanged(file: string | undefined): void {
  if (!file) return;
  const canonical = canonicalPath(file);
  const input = promptInput(canonical, home);
  if (input) workspace.invalidate(workspace.affectedBy(canonical, input.inHome));
}

/** An open document Hermes reads, or InvalidParams. */
function sourceDocument(uri: string): TrackedDocument {
  const doc = docs.get(uri);
  if (!doc || !classify(doc, home)) throw new ResponseError(ErrorCodes.InvalidParams, `${uri} is not an open prompt source (context file, SOUL.md, memory file or SKILL.md)`);
  return doc;
}

function folderOrFail(uri: string | undefined): Folder {
  const folder = workspace.get(uri);
  if (!folder) throw new ResponseError(ErrorCodes.InvalidParams, uri ? `${uri} is not a workspace folder` : 'no workspace folder is open');
  return folder;
}

connection.onInitialize((params): InitializeResult => {
  capabilities = params.capabilities ?? {};
  const pull = !!capabilities.textDocument?.diagnostic;
  diagnosticsContext.pull = pull;
  diagnosticsContext.refreshSupport = !!capabilities.workspace?.diagnostics?.refreshSupport;
  watchSupport.dynamicRegistration = !!capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
  watchSupport.relativePatterns = !!capabilities.workspace?.didChangeWatchedFiles?.relativePatternSupport;
  const we = capabilities.workspace?.workspaceEdit;
  editSupport = { documentChanges: !!we?.documentChanges, annotations: !!we?.documentChanges && !!we?.changeAnnotationSupport };
  const init = normalizeSettings(params.initializationOptions);
  initialSettings = init.settings;
  settings = init.settings;
  home = resolveHermesHome(settings);
  updateThreatTable();
  engine.configure(engineOptions(settings));
  initialFolders = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: '' }] : []);
  if (init.problems.length) setImmediate(() => init.problems.forEach((p) => log.error(`initializationOptions: ${p}; using the default.`)));
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      hoverProvider: true,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      // Other files matter only once saved (shadowing, truncation come from disk), and then a refresh is sent;
      // declaring inter-file dependencies would make clients re-pull every open file on each keystroke.
      ...(pull ? { diagnosticProvider: { identifier: SERVER_SOURCE, interFileDependencies: false, workspaceDiagnostics: false } } : {}),
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: SERVER_SOURCE },
  };
});

connection.onInitialized(async () => {
  if (capabilities.workspace?.workspaceFolders) {
    connection.workspace.onDidChangeWorkspaceFolders((e) => workspace.setFolders(e.added, e.removed));
  }
  if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
    void connection.client.register(DidChangeConfigurationNotification.type, { section: CONFIG_SECTION });
  }
  if (capabilities.workspace?.configuration) await fetchSettings();
  void watchers.watch(home);
  workspace.setFolders(initialFolders);
  isStarted = true;
  markStarted();
});

connection.onDidChangeConfiguration((params) => {
  if (capabilities.workspace?.configuration) {
    void fetchSettings();
    return;
  }
  const raw = (params?.settings as Record<string, unknown> | undefined)?.[CONFIG_SECTION];
  const { settings: next, problems } = normalizeSettings(raw, initialSettings);
  applySettings(next, problems);
});

connection.onDidOpenTextDocument((params) => {
  const doc = docs.open(params);
  if (!doc) return;
  diagnostics.changed(doc);
  impact.changed(doc);
});

connection.onDidChangeTextDocument((params) => {
  let doc: TrackedDocument | undefined;
  try {
    doc = docs.change(params);
  } catch (err) {
    log.error((err as Error).message);
    return;
  }
  if (!doc) return;
  diagnostics.changed(doc);
  impact.changed(doc);
});

connection.onDidCloseTextDocument((params) => {
  const doc = docs.close(params);
  if (!doc) return;
  diagnostics.closed(doc.uri);
  impact.closed(doc.uri);
});

connection.onDidSaveTextDocument((params) => {
  const doc = docs.get(params.textDocument.uri);
  sourceChanged(doc?.path ?? uriToPath(params.textDocument.uri));
  if (doc) impact.changed(doc);
});

connection.onDidChangeWatchedFiles((params) => {
  for (const change of params.changes) sourceChanged(uriToPath(change.uri));
});

connection.languages.diagnostics.on((params, token) => {
  validate.documentUri(params);
  return diagnostics.pull(params, token);
});

connection.onHover(async (params, token) => {
  const doc = docs.get(validate.documentUri(params));
  const position = validate.position(params.position);
  const cls = doc && classify(doc, home);
  if (!doc || !cls) return null;
  const findings = await untilCancelled(diagnostics.currentFindings(doc), token);
  const invisible = invisibleHover(doc.document, enabledFindings(findings ?? [], settings), position);
  if (invisible || position.line !== 0) return invisible;
  await untilCancelled(started.then(() => Promise.all(workspace.list().map((f) => workspace.ready(f)))), token);
  const tokens = (text: string) => engine.request('tokens', { text }).catch((err: Error) => {
    log.error(`Counting tokens failed: ${err.message}`);
    return undefined;
  });
  return untilCancelled(fileHover(doc.document, cls, workspace.sourcesOf(doc.path), workspace.list().length, tokens), token);
});

connection.onCodeAction(async (params, token) => {
  const doc = docs.get(validate.documentUri(params));
  validate.range(params.range);
  validate.record(params.context, 'context');
  if (!doc || !classify(doc, home)) return [];
  const version = doc.document.version;
  const findings = await untilCancelled(diagnostics.currentFindings(doc), token);
  // Edits computed for an older text would delete the wrong characters.
  if (doc.document.version !== version) return [];
  return removalActions(doc.document, enabledFindings(findings ?? [], settings), params, editSupport);
});

connection.onRequest(AssembledPromptRequest, async (params: unknown, token: CancellationToken): Promise<AssembledPromptView> => {
  const uri = validate.optionalString(validate.optionalRecord(params).folderUri, 'folderUri');
  await started;
  const state = await untilCancelled(workspace.ready(folderOrFail(uri)), token);
  if (!state.assembly) throw new ResponseError(ErrorCodes.InternalError, `the prompt for ${state.uri} could not be built: ${state.error ?? 'unknown error'}`);
  return state.assembly.view;
});

connection.onRequest(CacheImpactRequest, async (params: unknown, token: CancellationToken): Promise<CacheImpactView> => {
  const p = validate.record(params);
  const doc = sourceDocument(validate.string(p.uri, 'uri'));
  const includePrompts = validate.optionalBoolean(p.includePrompts, 'includePrompts') ?? false;
  await started;
  return untilCancelled(impact.request(doc, includePrompts, () => token.isCancellationRequested), token);
});

connection.onRequest(RebuildRequest, async (params: unknown, token: CancellationToken): Promise<RebuildResult> => {
  const uri = validate.optionalString(validate.optionalRecord(params).folderUri, 'folderUri');
  await started;
  const folders = uri === undefined ? workspace.list() : [folderOrFail(uri)];
  engine.resetRestarts();
  workspace.invalidate(folders, true);
  await untilCancelled(Promise.all(folders.map((f) => workspace.ready(f))), token);
  return { folders: folders.map((f) => f.uri) };
});

connection.onRequest(ScanWorkspaceRequest, async (params: unknown, token: CancellationToken): Promise<ScanWorkspaceResult> => {
  const uri = validate.optionalString(validate.optionalRecord(params).folderUri, 'folderUri');
  await started;
  const folders = uri === undefined ? workspace.list() : [folderOrFail(uri)];
  // A newer scan makes this one stale: it stops at its next file.
  const generation = ++scanGeneration;
  const open = new Map([...docs.all()].map((d) => [d.path, d]));
  try {
    return await scanWorkspace(folders.map((f) => f.path), {
      fs: new NodeFileSystem(), settings, table: threats.table, home, log, open,
      openFindings: (doc) => diagnostics.currentFindings(doc),
      isCancelled: () => token.isCancellationRequested || generation !== scanGeneration,
    });
  } catch (err) {
    if (err instanceof Cancelled) throw cancelledError();
    throw err;
  }
});

const stop = () => {
  engine.dispose();
  diagnostics.dispose();
};
connection.onShutdown(stop);
connection.onExit(stop);

connection.listen();
