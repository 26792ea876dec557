/** The language client: starts the server on first use and types the custom protocol requests. */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import {
  AssembledPromptRequest, AssemblyChangedNotification, CacheImpactRequest, CONFIG_SECTION, FileHintsRequest, HintsChangedNotification,
  HintsRequest, RebuildRequest, ScanWorkspaceRequest,
  type AssembledPromptParams, type AssembledPromptView, type AssemblyChangedParams, type CacheImpactParams, type CacheImpactView,
  type FileHintsParams, type FileHintsView, type HintsChangedParams, type HintsParams, type HintsView, type RebuildParams, type RebuildResult,
  type ScanWorkspaceResult,
} from '../shared/protocol';
import { CONTEXT_FILE_NAMES, CURSOR_RULES_GLOB, DOCUMENT_SELECTOR } from './contextFiles';
import { hermesHome } from './settings';

export class PromptLensClient implements vscode.Disposable {
  private readonly assemblyChanged = new vscode.EventEmitter<AssemblyChangedParams>();
  readonly onAssemblyChanged = this.assemblyChanged.event;
  private readonly hintsChanged = new vscode.EventEmitter<HintsChangedParams>();
  readonly onHintsChanged = this.hintsChanged.event;
  private client?: LanguageClient;
  private starting?: Promise<LanguageClient>;

  constructor(private readonly context: vscode.ExtensionContext) {}

  /** Starts the server once; every caller waits for the same start. */
  ready(): Promise<LanguageClient> {
    this.starting ??= this.start();
    return this.starting;
  }

  private async start(): Promise<LanguageClient> {
    const module = this.context.asAbsolutePath('dist/server.js');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const names = `{${CONTEXT_FILE_NAMES.join(',')}}`;
    const clientOptions: LanguageClientOptions = {
      documentSelector: DOCUMENT_SELECTOR,
      synchronize: {
        configurationSection: CONFIG_SECTION,
        fileEvents: [
          vscode.workspace.createFileSystemWatcher(`**/${names}`),
          vscode.workspace.createFileSystemWatcher(CURSOR_RULES_GLOB),
          // HERMES_HOME usually lies outside the workspace; its files and config.yaml change the prompt too.
          vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(hermesHome(), `**/{${[...CONTEXT_FILE_NAMES, 'config.yaml'].join(',')}}`)),
        ],
      },
    };
    const client = new LanguageClient(CONFIG_SECTION, 'Hermes Prompt Lens', serverOptions, clientOptions);
    this.client = client;
    this.context.subscriptions.push(client.onNotification(AssemblyChangedNotification, (p: AssemblyChangedParams) => this.assemblyChanged.fire(p)));
    this.context.subscriptions.push(client.onNotification(HintsChangedNotification, (p: HintsChangedParams) => this.hintsChanged.fire(p)));
    await client.start();
    return client;
  }

  async assembledPrompt(params: AssembledPromptParams): Promise<AssembledPromptView> {
    return (await this.ready()).sendRequest<AssembledPromptView>(AssembledPromptRequest, params);
  }

  async cacheImpact(params: CacheImpactParams, token?: vscode.CancellationToken): Promise<CacheImpactView> {
    const client = await this.ready();
    // An undefined token would be sent as a second positional parameter; pass it only when there is one.
    return token ? client.sendRequest<CacheImpactView>(CacheImpactRequest, params, token) : client.sendRequest<CacheImpactView>(CacheImpactRequest, params);
  }

  async rebuild(params: RebuildParams): Promise<RebuildResult> {
    return (await this.ready()).sendRequest<RebuildResult>(RebuildRequest, params);
  }

  async scanWorkspace(): Promise<ScanWorkspaceResult> {
    return (await this.ready()).sendRequest<ScanWorkspaceResult>(ScanWorkspaceRequest, {});
  }

  async hints(params: HintsParams): Promise<HintsView> {
    return (await this.ready()).sendRequest<HintsView>(HintsRequest, params);
  }

  async fileHints(params: FileHintsParams): Promise<FileHintsView> {
    return (await this.ready()).sendRequest<FileHintsView>(FileHintsRequest, params);
  }

  async stop(): Promise<void> {
    await this.client?.stop();
  }

  dispose(): void {
    this.assemblyChanged.dispose();
    this.hintsChanged.dispose();
    void this.stop();
  }
}
