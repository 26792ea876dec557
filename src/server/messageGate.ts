/**
 * Admission of every incoming message before any handler sees it (vscode-jsonrpc's MessageStrategy):
 * - before the initialize request, LSP requires requests to be refused with ServerNotInitialized (-32002) and
 *   notifications other than exit to be dropped; handlers would otherwise wait for a workspace never announced;
 * - LSP params are objects: vscode-jsonrpc would spread array params into the handler's arguments (the last
 *   one then lands where the cancellation token belongs), so a request with them gets InvalidParams (-32602)
 *   and a notification with them is dropped and logged. Omitted params reach handlers as null, because
 *   vscode-jsonrpc would otherwise pass the cancellation token in their place.
 */
import { ErrorCodes, Message, type MessageStrategy, type MessageWriter, type ResponseError, type ResponseMessage } from 'vscode-languageserver/node';

type Refusal = Pick<ResponseError<unknown>, 'code' | 'message'>;

export class MessageGate implements MessageStrategy {
  private initializing = false;

  constructor(private readonly writer: MessageWriter, private readonly log: (message: string) => void) {}

  handleMessage(message: Message, next: (message: Message) => void): void {
    if (Message.isRequest(message)) {
      const refusal = this.refusal(message.method, message.params);
      if (refusal) {
        const response: ResponseMessage = { jsonrpc: '2.0', id: message.id, error: { code: refusal.code, message: refusal.message } };
        this.writer.write(response).catch(() => undefined);
        return;
      }
      if (message.method === 'initialize') this.initializing = true;
      if (message.params === undefined) {
        next({ ...message, params: null } as Message);
        return;
      }
    } else if (Message.isNotification(message)) {
      if (!this.initializing && message.method !== 'exit') return;
      if (Array.isArray(message.params)) {
        this.log(`Ignored the '${message.method}' notification: its params must be an object, not an array.`);
        return;
      }
    }
    next(message);
  }

  private refusal(method: string, params: unknown): Refusal | undefined {
    if (!this.initializing && method !== 'initialize') return { code: ErrorCodes.ServerNotInitialized, message: `The server is not initialized: '${method}' must come after the initialize request.` };
    if (Array.isArray(params)) return { code: ErrorCodes.InvalidParams, message: `'${method}' takes its params as an object, not an array.` };
    return undefined;
  }
}
