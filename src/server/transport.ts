/**
 * The connection to the client named on the command line (--stdio, --node-ipc, --socket=PORT, --pipe=NAME, as
 * vscode-languageserver reads them), opened here rather than by the library so the server sees what the
 * library swallows: read errors and the end of the stream.
 */
import {
  createServerPipeTransport, createServerSocketTransport, ErrorCodes, IPCMessageReader, IPCMessageWriter, StreamMessageReader,
  StreamMessageWriter, type MessageReader, type MessageWriter, type ResponseMessage,
} from 'vscode-languageserver/node';

export interface Transport {
  reader: MessageReader;
  writer: MessageWriter;
  /** stdout carries the protocol, so nothing else may be written to it. */
  stdio: boolean;
  /** A byte stream with Content-Length framing (stdio, socket, pipe), as opposed to Node's IPC channel. */
  framed: boolean;
}

export const TRANSPORT_USAGE = 'start the server with --stdio, --node-ipc, --socket=PORT or --pipe=NAME';

/** The transport the arguments name, or undefined when they name none. */
export function openTransport(args: readonly string[]): Transport | undefined {
  for (let i = 0; i < args.length; i++) {
    const eq = args[i].indexOf('=');
    const flag = eq < 0 ? args[i] : args[i].slice(0, eq);
    const value = eq < 0 ? args[i + 1] : args[i].slice(eq + 1);
    if (flag === '--stdio') return { reader: new StreamMessageReader(process.stdin), writer: new StreamMessageWriter(process.stdout), stdio: true, framed: true };
    if (flag === '--node-ipc') return { reader: new IPCMessageReader(process), writer: new IPCMessageWriter(process), stdio: false, framed: false };
    if (flag === '--socket' && Number.isInteger(Number(value)) && Number(value) > 0) {
      const [reader, writer] = createServerSocketTransport(Number(value));
      return { reader, writer, stdio: false, framed: true };
    }
    if (flag === '--pipe' && value) {
      const [reader, writer] = createServerPipeTransport(value);
      return { reader, writer, stdio: false, framed: true };
    }
  }
  return undefined;
}

/**
 * After a bad header (no or a non-numeric Content-Length, a line without ':') vscode-jsonrpc is out of step
 * with the stream: it misreads every later message, so the server would never answer again. It says why on
 * stderr and exits non-zero instead; the client restarts it. A body that is not JSON leaves the framing
 * intact: that message gets a Parse error (JSON-RPC's answer with id null) and reading goes on.
 */
export function handleReadErrors(transport: Transport): void {
  transport.reader.onError((err) => {
    const message = (err.message ?? String(err)).split('\n')[0];
    if (err instanceof SyntaxError) {
      process.stderr.write(`hermes-prompt-lens: a message is not valid JSON (${message}); it was ignored\n`);
      const response: ResponseMessage = { jsonrpc: '2.0', id: null, error: { code: ErrorCodes.ParseError, message: `Parse error: ${message}` } };
      transport.writer.write(response).catch(() => undefined);
      return;
    }
    if (!transport.framed) {
      process.stderr.write(`hermes-prompt-lens: reading from the client failed: ${message}\n`);
      return;
    }
    process.stderr.write(`hermes-prompt-lens: unrecoverable LSP framing error: ${message}; exiting so the client can restart the server\n`);
    process.exit(1);
  });
}
