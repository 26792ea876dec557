import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { EngineMethod, EngineMethods, EngineOptions, EngineRequestMessage, EngineResponseMessage } from './engineProtocol';

export interface Logger {
  error(message: string): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/** More than this many requests waiting means something upstream is not coalescing: refuse rather than queue. */
const MAX_PENDING = 64;
/** A build that takes this long is stuck (a pathological file); the engine is restarted. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Crash-loop guard: this many engine exits within the window disable it until settings change. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * The server's handle on the engine process: started on first use, restarted after a crash, every request
 * answered (with an error if the engine dies or hangs) so no caller waits forever.
 */
export class EngineClient {
  private child?: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private options?: EngineOptions;
  private exits: number[] = [];

  constructor(private readonly log: Logger, private readonly script = path.join(__dirname, 'engine.js'), private readonly timeoutMs = REQUEST_TIMEOUT_MS) {}

  configure(options: EngineOptions): void {
    this.options = options;
    this.exits = [];
    if (this.child) this.send('configure', options).catch((err: Error) => this.log.error(`engine: ${err.message}`));
  }

  /** The engine's process id, once started (for diagnostics and the memory benchmark). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  request<M extends EngineMethod>(method: M, params: EngineMethods[M]['params']): Promise<EngineMethods[M]['result']> {
    if (!this.options) return Promise.reject(new Error('engine not configured'));
    if (this.exits.length >= MAX_RESTARTS) return Promise.reject(new Error(`the engine exited ${MAX_RESTARTS} times within a minute; change a setting or use the rebuild command to retry`));
    if (!this.child) this.start();
    return this.send(method, params);
  }

  /** Also retries an engine disabled by the crash-loop guard. */
  resetRestarts(): void {
    this.exits = [];
  }

  dispose(): void {
    const child = this.child;
    this.child = undefined;
    child?.kill();
    this.failAll(new Error('engine stopped'));
  }

  private start(): void {
    // A debugged server (--inspect=6019) must not hand its inspector port to the engine, which could not bind it.
    const execArgv = process.execArgv.filter((a) => !a.startsWith('--inspect'));
    const child = fork(this.script, [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', execArgv });
    this.child = child;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => this.log.error(`engine: ${chunk.trimEnd()}`));
    child.on('message', (msg: EngineResponseMessage) => this.settle(msg));
    child.on('error', (err) => this.log.error(`engine: ${err.message}`));
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      const now = Date.now();
      this.exits = [...this.exits.filter((t) => now - t < RESTART_WINDOW_MS), now];
      const how = signal ?? `code ${code}`;
      this.log.error(`engine exited (${how}); it restarts on the next request`);
      this.failAll(new Error(`the engine exited (${how}) while working on this request`));
    });
    // Queued before any other message on the channel, so every request sees the current settings.
    this.send('configure', this.options!).catch((err: Error) => this.log.error(`engine: ${err.message}`));
  }

  private send<M extends EngineMethod>(method: M, params: EngineMethods[M]['params']): Promise<EngineMethods[M]['result']> {
    const child = this.child;
    if (!child) return Promise.reject(new Error('engine not running'));
    if (this.pending.size >= MAX_PENDING) return Promise.reject(new Error('engine busy'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.log.error(`engine: '${method}' took over ${this.timeoutMs / 1000} s; restarting it`);
        // Answered before the kill, so the caller learns it timed out rather than that the engine died.
        this.settle({ id, error: `the engine timed out: '${method}' took over ${this.timeoutMs / 1000} s; it was restarted` });
        child.kill();
      }, this.timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      const msg: EngineRequestMessage<M> = { id, method, params };
      child.send(msg, (err) => {
        if (!err) return;
        // A write to an engine that is dying (killed, crashed) fails before its exit is seen; the exit handler answers
        // the request with how it ended, and the time-out stays the backstop.
        if (isClosedChannel(err) || !child.connected) return;
        this.settle({ id, error: `cannot reach the engine: ${err.message}` });
      });
    });
  }

  private settle(msg: EngineResponseMessage): void {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    clearTimeout(p.timer);
    if ('error' in msg) p.reject(new Error(msg.error));
    else p.resolve(msg.result);
  }

  private failAll(err: Error): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(id);
    }
  }
}

function isClosedChannel(err: Error): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'EPIPE' || code === 'ECONNRESET' || code === 'ERR_IPC_CHANNEL_CLOSED';
}
