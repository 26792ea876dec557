/**
 * The Hermes Prompt Lens language server: `node dist/server.js --stdio` (or --node-ipc / --socket=N).
 * Diagnoses the files Hermes Agent builds its system prompt from, answers the custom requests of
 * src/shared/protocol.ts, and leaves prompt assembly to the engine process (engineClient.ts).
 */
// First, so V8's settings hold before any other module runs a regex.
import '../shared/scanProcessSetup';
import * as util from 'node:util';
import * as v8 from 'node:v8';
import {
  CodeActionKind, createConnection, DidChangeConfigurationNotification, ErrorCodes, ResponseError,
  TextDocumentSyncKind, type CancellationToken, type ClientCapabilities, type InitializeResult, type WorkDoneProgressReporter, type WorkspaceFolder,
} from 'vscode-languageserver/node';
import {
  AssembledPromptRequest, AssemblyChangedNotification, CacheImpactRequest, CONFIG_SECTION, DEFAULT_SETTINGS, FileHintsRequest, HintsChangedNotification, HintsRequest,
  REBUILD_FAILED, RebuildRequest, ScanWorkspaceRequest, SERVER_SOURCE, type AssembledPromptView, type AssemblyChangedParams, type CacheImpactView,
  type FileHintsView, type HintsChangedParams, type HintsView, type RebuildFailure, type RebuildResult, type ScanWorkspaceResult, type ServerSettings,
} from '../shared/protocol';
import { cancelledError, untilCancelled } from './cancellation';
import { removalActions, type EditSupport } from './codeActions';
import { DiagnosticsService, type NoteProvider } from './diagnostics';
import { classify, DocumentStore, type TrackedDocument } from './documents';
import { EngineClient, type Logger } from './engineClient';
import { fileHover, invisibleHover } from './hover';
import { ImpactTracker } from './impact';
import { MessageGate } from './messageGate';
import { assemblyNotes } from './notes';
import { checksWanted, enabledFindings } from './rules';
import { Cancelled, runWorkspaceScan } from './workspaceScanner';
import { resolveServerThreatTable, type ServerThreatTable } from './threatTable';
import { assemblyInputsChanged, engineOptions, normalizeSettings, resolveHermesHome } from './settings';
import { handleReadErrors, openTransport, TRANSPORT_USAGE } from './transport';
import { canonicalPath, isWithin, pathToUri, uriToPath } from './uris';
import * as validate from './validate';
import { FileWatchers, promptInput } from './watchers';
import { Workspace, type Folder, type SourceEntry } from './workspace';

// Scanning makes short-lived garbage in bursts (opening 1,000 files at once); V8 would grow the young
// generation up to 16 MB semi-spaces for it and keep them resident. Not growing it costs no measurable scan
// time and saves ~15 MB.
v8.setFlagsFromString('--semi-space-growth-factor=1');

const transport = openTransport(process.argv.slice(2));
if (!transport) {
  process.stderr.write(`hermes-prompt-lens: no transport given: ${TRANSPORT_USAGE}\n`);
  process.exit(2);
}
handleReadErrors(transport);
const connection = createConnection(transport.reader, transport.writer, { messageStrategy: new MessageGate(transport.writer, (m) => log.error(m)) });
const log: Logger = { error: (m) => connection.console.error(m) };
if (transport.stdio) {
  // stdout carries the protocol: a stray console.log from any module would corrupt it.
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    console[level] = (...args: unknown[]) => connection.console[level === 'debug' ? 'log' : level](util.format(...args));
  }
}
let shutdownReceived = false;
// The client went away without the exit notification: nothing would ever talk to this process again.
transport.reader.onClose(() => process.exit(shutdownReceived ? 0 : 1));
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
    const params: AssemblyChangedParams = {
      folderUri: folder.uri, prefixHash: a.view.prefixHash, totalTokens: a.view.totalTokens, prefixTokens: a.view.prefixTokens,
      ...(folder.error !== undefined ? { stale: folder.error } : {}),
    };
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
  if (previous.cwd !== next.cwd) workspace.setLaunchSetting(next.cwd);
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
  await fetchLaunchSettings();
}

/** `cwd` per workspace folder: a multi-root workspace can launch Hermes from a different place in each. */
async function fetchLaunchSettings(): Promise<void> {
  const folders = workspace.list();
  if (!capabilities.workspace?.configuration || !folders.length) return;
  try {
    const values: unknown[] = await connection.workspace.getConfiguration(folders.map((f) => ({ scopeUri: f.uri, section: `${CONFIG_SECTION}.cwd` })));
    const perFolder = new Map<string, string>();
    folders.forEach((f, i) => {
      if (typeof values[i] === 'string') perFolder.set(f.uri, (values[i] as string).trim());
    });
    workspace.setLaunchSetting(settings.cwd, perFolder);
  } catch (err) {
    log.error(`Reading the ${CONFIG_SECTION}.cwd setting of each folder failed: ${(err as Error).message}`);
  }
}

/** A file on disk changed: rebuild the prompts it can affect (debounced, at most once per burst). */
function sourceChanged(file: string | undefined): void {
  if (!file) return;
  const canonical = canonicalPath(file);
  const input = promptInput(canonical, home);
  if (!input) {
    workspace.invalidate(workspace.perCallUsers(canonical));
    return;
  }
  workspace.invalidate(workspace.affectedBy(canonical, input.inHome));
  if (input.inHome) return;
  // Hints come from below the launch directory, which the start-up prompt never reads.
  for (const f of workspace.list()) {
    if (isWithin(canonical, f.path) || isWithin(canonical, f.launchDir)) void connection.sendNotification(HintsChangedNotification, { folderUri: f.uri } satisfies HintsChangedParams);
  }
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
  workspace.setLaunchSetting(settings.cwd);
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
    connection.workspace.onDidChangeWorkspaceFolders((e) => {
      workspace.setFolders(e.added, e.removed);
      void fetchLaunchSettings();
    });
  }
  if (capabilities.workspace?.didChangeConfiguration?.dynamicRegistration) {
    void connection.client.register(DidChangeConfigurationNotification.type, { section: CONFIG_SECTION });
  }
  if (capabilities.workspace?.configuration) await fetchSettings();
  void watchers.watch(home);
  workspace.setFolders(initialFolders);
  await fetchLaunchSettings();
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
  const entries = workspace.sourcesOf(doc.path);
  const reach = cls.documentKind === 'context' || cls.documentKind === 'hermes_md'
    ? await untilCancelled(Promise.all(workspace.list().map((f) => fileHints(f, doc.path, doc.uri).catch((err: Error) => {
      log.error(`Working out how ${doc.path} reaches Hermes failed: ${err.message}`);
      return undefined;
    }))), token)
    : [];
  const reachLines = reach.filter((r): r is FileHintsView => !!r).map((r) => ({ folder: workspace.get(r.folderUri)?.name ?? r.folderUri, reach: r.reach, reason: r.reason }));
  return untilCancelled(fileHover(doc.document, cls, entries, workspace.list().length, tokens, reachLines), token);
});

connection.onCodeAction(async (params, token) => {
  const doc = docs.get(validate.documentUri(params));
  validate.range(params.range);
  validate.record(params.context, 'context');
  if (!doc || !classify(doc, home)) return [];
  const version = doc.version;
  const findings = await untilCancelled(diagnostics.currentFindings(doc), token);
  // Edits computed for an older text would delete the wrong characters.
  if (doc.version !== version) return [];
  return removalActions(doc.document, enabledFindings(findings ?? [], settings), params, editSupport);
});

connection.onRequest(AssembledPromptRequest, async (params: unknown, token: CancellationToken): Promise<AssembledPromptView> => {
  const uri = validate.optionalString(validate.optionalRecord(params).folderUri, 'folderUri');
  await started;
  const state = await untilCancelled(workspace.ready(folderOrFail(uri)), token);
  const view = workspace.view(state);
  if (!view) throw new ResponseError(ErrorCodes.InternalError, `the prompt for ${state.uri} could not be built: ${state.error ?? 'unknown error'}`);
  return view;
});

connection.onRequest(CacheImpactRequest, async (params: unknown, token: CancellationToken): Promise<CacheImpactView> => {
  const p = validate.record(params);
  const doc = sourceDocument(validate.string(p.uri, 'uri'));
  const includePrompts = validate.optionalBoolean(p.includePrompts, 'includePrompts') ?? false;
  await started;
  return untilCancelled(impact.request(doc, includePrompts, () => token.isCancellationRequested), token);
});

/** How a file reaches Hermes from a folder's launch directory: its start-up status when it is a source there. */
function fileHints(folder: Folder, filePath: string, uri: string): Promise<FileHintsView> {
  const entry = workspace.sourcesOf(filePath).find((e) => e.folder.uri === folder.uri);
  const inPrompt = entry && ['loaded', 'blocked', 'truncated'].includes(entry.source.status);
  const startup = inPrompt
    ? `In the start-up (cached) prompt, layer ${entry.layer?.title ?? 'context files'}, as ${entry.source.label}${entry.source.status === 'loaded' ? '' : ` (${entry.source.status})`}.`
    : undefined;
  return engine.request('fileHints', {
    folderUri: folder.uri, launchDir: folder.launchDir, uri, filePath, ...(startup ? { startup } : {}),
  }).then((view) => (entry && !inPrompt && entry.source.message && view.reach === 'never' ? { ...view, reason: `${entry.source.message} ${view.reason}` } : view));
}

connection.onRequest(HintsRequest, async (params: unknown, token: CancellationToken): Promise<HintsView> => {
  const uri = validate.optionalString(validate.optionalRecord(params).folderUri, 'folderUri');
  await started;
  const folder = folderOrFail(uri);
  return untilCancelled(engine.request('hints', { folderUri: folder.uri, folderPath: folder.path, launchDir: folder.launchDir }), token);
});

connection.onRequest(FileHintsRequest, async (params: unknown, token: CancellationToken): Promise<FileHintsView> => {
  const p = validate.record(params);
  const uri = validate.string(p.uri, 'uri');
  const folderUri = validate.optionalString(p.folderUri, 'folderUri');
  const filePath = uriToPath(uri);
  if (!filePath) throw new ResponseError(ErrorCodes.InvalidParams, `${uri} is not a file URI`);
  await started;
  const canonical = canonicalPath(filePath);
  const folder = folderUri !== undefined ? folderOrFail(folderUri)
    : workspace.list().find((f) => isWithin(canonical, f.path)) ?? folderOrFail(undefined);
  await untilCancelled(workspace.ready(folder), token);
  return untilCancelled(fileHints(folder, canonical, uri), token);
});

connection.onRequest(RebuildRequest, async (params: unknown, token: CancellationToken): Promise<RebuildResult> => {
  const uri = validate.optionalString(validate.optionalRecord(params).folderUri, 'folderUri');
  await started;
  const folders = uri === undefined ? workspace.list() : [folderOrFail(uri)];
  engine.resetRestarts();
  workspace.invalidate(folders, true);
  const built = await untilCancelled(Promise.all(folders.map((f) => workspace.ready(f))), token);
  const failed = built.filter((f) => f.error !== undefined).map((f) => ({ folderUri: f.uri, reason: f.error! }));
  if (failed.length) {
    const data: RebuildFailure = { failed };
    throw new ResponseError(REBUILD_FAILED, `the prompt could not be rebuilt: ${failed.map((f) => `${f.folderUri}: ${f.reason}`).join('; ')}`, data);
  }
  return { folders: folders.map((f) => f.uri) };
});

/** The running workspace scan: a newer one makes it stale, so starting one stops the other. */
let currentScan: AbortController | undefined;

connection.onRequest(ScanWorkspaceRequest, async (params: unknown, token: CancellationToken): Promise<ScanWorkspaceResult> => {
  const p = validate.optionalRecord(params);
  const uri = validate.optionalString(p.folderUri, 'folderUri');
  const workDoneToken = validate.optionalProgressToken(p.workDoneToken, 'workDoneToken');
  await started;
  const folders = uri === undefined ? workspace.list() : [folderOrFail(uri)];
  currentScan?.abort();
  const scan = new AbortController();
  currentScan = scan;
  if (token.isCancellationRequested) scan.abort();
  const cancelled = token.onCancellationRequested(() => scan.abort());
  // The client's own token when it sent one (cancelled with the request), else one the server creates (with its own cancel).
  let progress: WorkDoneProgressReporter | undefined;
  if (workDoneToken !== undefined) progress = connection.window.attachWorkDoneProgress(workDoneToken);
  else if (capabilities.window?.workDoneProgress) {
    const created = await connection.window.createWorkDoneProgress();
    created.token.onCancellationRequested(() => scan.abort());
    progress = created;
  }
  progress?.begin('Hermes Prompt: scanning context files', 0, undefined, true);
  const open = new Map([...docs.all()].map((d) => [d.path, d]));
  try {
    const outcome = await runWorkspaceScan({
      folders: folders.map((f) => f.path), home, checks: checksWanted(settings),
      table: threats.rows ? { key: threats.key, rows: threats.rows } : undefined, open: [...open.keys()],
    }, {
      signal: scan.signal,
      progress: (done, total) => progress?.report(total ? Math.floor((done / total) * 100) : 100, `${done} of ${total} files`),
    });
    for (const line of outcome.unreadable) log.error(`Scanning ${line}`);
    const result: ScanWorkspaceResult = { files: outcome.files.map((f) => ({ uri: pathToUri(f.path), findings: enabledFindings(f.findings, settings) })) };
    for (const file of outcome.open) {
      const doc = open.get(file)!;
      const findings = await diagnostics.currentFindings(doc);
      if (scan.signal.aborted) throw new Cancelled();
      if (findings) result.files.push({ uri: doc.uri, findings: enabledFindings(findings, settings) });
    }
    return result;
  } catch (err) {
    if (err instanceof Cancelled) throw cancelledError();
    throw err;
  } finally {
    cancelled.dispose();
    progress?.done();
    if (currentScan === scan) currentScan = undefined;
  }
});

const stop = () => {
  engine.dispose();
  diagnostics.dispose();
};
connection.onShutdown(() => {
  shutdownReceived = true;
  stop();
});
connection.onExit(stop);

connection.listen();
