import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { test } from 'node:test';
import { ErrorCodes, StreamMessageReader, type Message, type ResponseMessage } from 'vscode-languageserver-protocol/node';
import { fixture } from './fixture';
import { SERVER, uriOf } from './lspClient';

const T = { timeout: 30_000 };

/** The real server over stdio, spoken to byte by byte: raw frames out, parsed messages in. */
class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly received: Message[] = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  private nextId = 1;

  constructor() {
    this.child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (d: string) => (this.stderr += d));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    new StreamMessageReader(this.child.stdout).listen((m) => this.received.push(m));
  }

  writeRaw(bytes: string): void {
    this.child.stdin.write(bytes);
  }

  send(message: object): void {
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    this.writeRaw(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }

  /** Sends a request and waits for its response. */
  async request(method: string, params?: unknown, timeoutMs = 5000): Promise<ResponseMessage> {
    const id = this.nextId++;
    this.send({ id, method, ...(params === undefined ? {} : { params }) });
    return this.response(id, timeoutMs);
  }

  async response(id: number | null, timeoutMs = 5000): Promise<ResponseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const r = this.received.find((m) => 'id' in m && (m as ResponseMessage).id === id && ('result' in m || 'error' in m));
      if (r) return r as ResponseMessage;
      if (Date.now() > deadline) throw new Error(`no response to ${id} within ${timeoutMs} ms`);
      await new Promise((res) => setTimeout(res, 10));
    }
  }

  async initialize(folder?: string): Promise<void> {
    const init = await this.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: folder ? [{ uri: uriOf(folder), name: 'project' }] : null });
    assert.ok(init.result, JSON.stringify(init));
    this.send({ method: 'initialized', params: {} });
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}

async function exitCode(server: RawServer, timeoutMs = 5000): Promise<number | null | 'still running'> {
  return Promise.race([server.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), timeoutMs))]);
}

test('a framing error (bad Content-Length) is logged on stderr in one line and the server exits non-zero', T, async () => {
  for (const header of ['Content-Length: abc\r\n\r\n', 'Content-Type: application/json\r\n\r\n', 'no colon here\r\n\r\n']) {
    const server = new RawServer();
    try {
      await server.initialize();
      server.writeRaw(`${header}{"jsonrpc":"2.0","id":99,"method":"shutdown"}`);
      const code = await exitCode(server);
      assert.ok(typeof code === 'number' && code !== 0, `exit code ${String(code)} after ${JSON.stringify(header)}`);
      const lines = server.stderr.trim().split('\n');
      assert.equal(lines.length, 1, `one line on stderr, got ${JSON.stringify(server.stderr)}`);
      assert.match(lines[0], /^hermes-prompt-lens: unrecoverable LSP framing error: .+; exiting so the client can restart the server$/);
    } finally {
      server.kill();
    }
  }
});

test('a well-framed body that is not JSON gets a Parse error and the server keeps answering', T, async () => {
  const server = new RawServer();
  try {
    await server.initialize();
    const body = '{"jsonrpc": "2.0", "id": 5, "method":';
    server.writeRaw(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const parse = await server.response(null);
    assert.equal(parse.error?.code, ErrorCodes.ParseError);
    assert.match(server.stderr, /not valid JSON/);
    const after = await server.request('hermesPromptLens/noSuchThing', {});
    assert.equal(after.error?.code, ErrorCodes.MethodNotFound);
  } finally {
    server.kill();
  }
});

test('requests before initialize are answered with ServerNotInitialized; notifications before it are dropped', T, async () => {
  const { folder } = fixture({ 'AGENTS.md': 'Fine.\n' });
  const server = new RawServer();
  try {
    for (const method of ['hermesPromptLens/assembledPrompt', 'hermesPromptLens/rebuild', 'textDocument/hover', 'shutdown']) {
      const r = await server.request(method, method === 'textDocument/hover' ? { textDocument: { uri: uriOf(folder) }, position: { line: 0, character: 0 } } : {});
      assert.equal(r.error?.code, ErrorCodes.ServerNotInitialized, `${method}: ${JSON.stringify(r)}`);
    }
    server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: uriOf(`${folder}/AGENTS.md`), languageId: 'markdown', version: 1, text: 'x' } } });
    await server.initialize(folder);
    const view = await server.request('hermesPromptLens/assembledPrompt', {}, 15_000);
    assert.match((view.result as { prompt: string }).prompt, /Fine\./);
    assert.equal(server.received.filter((m) => (m as { method?: string }).method === 'textDocument/publishDiagnostics').length, 0, 'the early didOpen was dropped');
  } finally {
    server.kill();
  }
});

test('array params are InvalidParams for every request; omitted params are the defaults', T, async () => {
  const { folder } = fixture({ 'AGENTS.md': 'Fine.\n' });
  const server = new RawServer();
  try {
    await server.initialize(folder);
    const hover = [{ textDocument: { uri: uriOf(`${folder}/AGENTS.md`) }, position: { line: 0, character: 0 } }];
    for (const [method, params] of [
      ['hermesPromptLens/assembledPrompt', []], ['hermesPromptLens/rebuild', []], ['hermesPromptLens/scanWorkspace', [{}]],
      ['hermesPromptLens/cacheImpact', [{ uri: uriOf(`${folder}/AGENTS.md`) }]], ['textDocument/hover', hover],
    ] as const) {
      const r = await server.request(method, params, 15_000);
      assert.equal(r.error?.code, ErrorCodes.InvalidParams, `${method} ${JSON.stringify(params)}: ${JSON.stringify(r)}`);
    }
    // Omitted params mean "defaults", not a crash (vscode-jsonrpc would hand the handler its token as params).
    const view = await server.request('hermesPromptLens/assembledPrompt', undefined, 15_000);
    assert.match((view.result as { prompt: string }).prompt, /Fine\./, JSON.stringify(view));
    const scan = await server.request('hermesPromptLens/scanWorkspace', undefined, 15_000);
    assert.ok(scan.result, JSON.stringify(scan));
  } finally {
    server.kill();
  }
});
