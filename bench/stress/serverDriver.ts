/**
 * Stress driver: starts the language server (dist/server.js --stdio) on a folder, opens one document with the
 * given file's text, prints the milliseconds until its diagnostics arrive, then shuts the server down and waits
 * for it, so the wrapper's peak-RSS figure covers the server. Usage: node serverDriver.js FOLDER FILE
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ConfigurationRequest, createProtocolConnection, DidOpenTextDocumentNotification, ExitNotification, InitializedNotification,
  InitializeRequest, PublishDiagnosticsNotification, ShutdownRequest, StreamMessageReader, StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

const SERVER = path.join(__dirname, '..', '..', '..', 'dist', 'server.js');

async function main(): Promise<void> {
  const [folder, file] = process.argv.slice(2);
  const server = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
  const connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.onRequest(ConfigurationRequest.type, (p) => p.items.map(() => ({ hermesHome: path.join(folder, '.hermes-home') })));
  const uri = pathToFileURL(file).href;
  let opened = 0;
  const diagnosed = new Promise<number>((resolve) => {
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      if (p.uri === uri) resolve(performance.now() - opened);
    });
  });
  connection.listen();
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid, rootUri: null, workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'stress' }],
    capabilities: { workspace: { configuration: true } },
  });
  await connection.sendNotification(InitializedNotification.type, {});
  const text = fs.readFileSync(file, 'utf8');
  opened = performance.now();
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'markdown', version: 1, text } });
  const ms = await diagnosed;
  process.stdout.write(`diagnostics after ${Math.round(ms)} ms\n`);
  await connection.sendRequest(ShutdownRequest.type);
  await connection.sendNotification(ExitNotification.type);
  await exited;
  connection.dispose();
}

main().catch((err: Error) => {
  process.stderr.write(`server driver: ${err.message}\n`);
  process.exit(2);
});
