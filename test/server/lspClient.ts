/**
 * A minimal LSP client for protocol tests: starts the real server (dist/server.js --stdio) as a child process
 * and talks to it through vscode-languageserver-protocol. It answers the server's requests the way an editor
 * would (workspace/configuration from `settings`, registrations, refreshes) and records what the server sends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ConfigurationRequest, createProtocolConnection, DiagnosticRefreshRequest, DidChangeConfigurationNotification,
  DidChangeTextDocumentNotification, DidCloseTextDocumentNotification, DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification, DocumentDiagnosticRequest, ExitNotification, InitializedNotification, InitializeRequest,
  LogMessageNotification, PublishDiagnosticsNotification, RegistrationRequest, ShutdownRequest, StreamMessageReader,
  StreamMessageWriter, UnregistrationRequest, type ClientCapabilities, type Diagnostic, type DocumentDiagnosticReport,
  type InitializeResult, type ProtocolConnection, type PublishDiagnosticsParams, type Registration,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';

export const SERVER = path.join(__dirname, '..', '..', '..', 'dist', 'server.js');

export interface ClientOptions {
  folders: string[];
  /** Pull diagnostics (textDocument/diagnostic) instead of publishDiagnostics. */
  pull?: boolean;
  /** What the client answers for the hermesPromptLens configuration section (null: no such section). */
  settings?: Record<string, unknown> | null;
  initializationOptions?: Record<string, unknown>;
  /** Extra node arguments before the server script (e.g. --require a preload). */
  nodeArgs?: string[];
  /** Leave out client capabilities (to test fallbacks). */
  minimal?: boolean;
  /** Environment variables for the server (and the engine it forks) on top of this process's. */
  env?: Record<string, string>;
}

export const uriOf = (p: string) => pathToFileURL(p).href;

export class TestClient {
  readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  readonly logs: string[] = [];
  readonly notifications: { method: string; params: unknown }[] = [];
  readonly registrations: Registration[] = [];
  refreshes = 0;
  settings: Record<string, unknown> | null;
  initializeResult!: InitializeResult;
  private readonly versions = new Map<string, number>();
  private exited = false;

  private constructor(readonly child: ChildProcess, readonly connection: ProtocolConnection, options: ClientOptions) {
    this.settings = options.settings === undefined ? null : options.settings;
    child.on('exit', () => (this.exited = true));
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => this.diagnostics.set(p.uri, p));
    connection.onNotification(LogMessageNotification.type, (p) => this.logs.push(p.message));
    connection.onUnhandledNotification((n) => this.notifications.push({ method: n.method, params: n.params }));
    connection.onRequest(ConfigurationRequest.type, (p) => p.items.map(() => this.settings));
    connection.onRequest(RegistrationRequest.type, (p) => {
      this.registrations.push(...p.registrations);
    });
    connection.onRequest(UnregistrationRequest.type, () => undefined);
    connection.onRequest(DiagnosticRefreshRequest.type, () => {
      this.refreshes++;
    });
    connection.onRequest('window/workDoneProgress/create', () => null);
  }

  static async start(options: ClientOptions): Promise<TestClient> {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
    child.stderr!.on('data', () => undefined);
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    connection.onError(() => undefined);
    connection.listen();
    const client = new TestClient(child, connection, options);
    const capabilities: ClientCapabilities = options.minimal ? {} : {
      workspace: {
        configuration: true,
        workspaceFolders: true,
        didChangeConfiguration: { dynamicRegistration: true },
        didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
        workspaceEdit: { documentChanges: true, changeAnnotationSupport: {} },
        diagnostics: { refreshSupport: true },
      },
      textDocument: {
        synchronization: { didSave: true },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        codeAction: {},
        publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true },
        ...(options.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
      },
    };
    client.initializeResult = await connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: null,
      capabilities,
      workspaceFolders: options.folders.map((f) => ({ uri: uriOf(f), name: path.basename(f) })),
      initializationOptions: options.initializationOptions,
    });
    await connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  /** Polls `probe` until it returns something truthy; fails with `what` after `timeoutMs`. */
  async waitFor<T>(probe: () => T | undefined | null | false, what: string, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value) return value;
      if (this.exited) throw new Error(`server exited while waiting for ${what}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Published diagnostics for `uri` once `accept` holds for them. */
  published(uri: string, accept: (d: Diagnostic[]) => boolean, what = `diagnostics for ${uri}`): Promise<Diagnostic[]> {
    return this.waitFor(() => {
      const p = this.diagnostics.get(uri);
      return p && accept(p.diagnostics) ? p.diagnostics : undefined;
    }, what);
  }

  notified(method: string, from = 0): Promise<unknown> {
    return this.waitFor(() => this.notifications.slice(from).find((n) => n.method === method)?.params, method);
  }

  async open(file: string, text: string, languageId = 'markdown'): Promise<string> {
    const uri = uriOf(file);
    this.versions.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
    return uri;
  }

  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: changes });
    return version;
  }

  async save(uri: string): Promise<void> {
    await this.connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async pull(uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri }, previousResultId });
  }

  async changeSettings(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { hermesPromptLens: settings } });
  }

  request<R>(method: string, params?: unknown): Promise<R> {
    // vscode-jsonrpc would send an undefined argument as the positional params [null].
    return (params === undefined ? this.connection.sendRequest(method) : this.connection.sendRequest(method, params)) as Promise<R>;
  }

  /** Shuts the server down politely, then makes sure the process is gone. */
  async stop(): Promise<void> {
    try {
      if (!this.exited) {
        await Promise.race([this.connection.sendRequest(ShutdownRequest.type), new Promise((r) => setTimeout(r, 1000))]);
        await this.connection.sendNotification(ExitNotification.type);
      }
    } catch {
      // Already gone.
    }
    await Promise.race([new Promise((r) => (this.exited ? r(undefined) : this.child.on('exit', r))), new Promise((r) => setTimeout(r, 1000))]);
    if (!this.exited) this.child.kill('SIGKILL');
    this.connection.dispose();
  }
}

/** Starts a client, runs `body`, always stops the server. */
export async function withServer(options: ClientOptions, body: (client: TestClient) => Promise<void>): Promise<void> {
  const client = await TestClient.start(options);
  try {
    await body(client);
  } finally {
    await client.stop();
  }
}
