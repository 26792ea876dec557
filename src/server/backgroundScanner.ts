import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { InstalledPattern } from '../core/hermesSource/installation';
import type { ScanSnapshot } from '../core/editRescan';
import type { ScanOptions } from '../core/scanner';

export interface ScanRequest {
  id: number;
  text: string;
  /** Without `table`: compiled regexes do not cross threads, so a non-built-in table travels as rows. */
  options: ScanOptions;
  table?: { key: string; rows: InstalledPattern[] };
}

/** A scan's findings with their offsets (the scanned text stays with the caller, who sent it). */
export type ScanResultParts = Omit<ScanSnapshot, 'text'>;

export type ScanReply = ({ id: number } & ScanResultParts) | { id: number; error: string };

/** The scan was dropped because its document changed; it is not a failure. */
export class ScanCancelled extends Error {
  constructor() {
    super('the scan was cancelled');
  }
}

/** A thread nobody needed for this long is stopped; a big document is rarely open for long. */
const IDLE_MS = 30_000;

/**
 * Scans on a worker thread, so a multi-megabyte document (a second or more per scan) does not hold up the
 * server's replies about everything else. Started on first use; callers keep at most one scan per document
 * in flight.
 */
export class BackgroundScanner {
  private worker?: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { worker: Worker; resolve(r: ScanResultParts): void; reject(e: Error): void }>();
  private idle?: NodeJS.Timeout;

  constructor(private readonly script = path.join(__dirname, 'scanWorker.js')) {}

  scan(text: string, options: ScanOptions, table?: ScanRequest['table']): Promise<ScanResultParts> {
    clearTimeout(this.idle);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<ScanResultParts>((resolve, reject) => {
      this.pending.set(id, { worker, resolve, reject });
      const msg: ScanRequest = { id, text, options, table };
      worker.postMessage(msg);
    });
  }

  /** Stops the thread and rejects every pending scan with ScanCancelled; the next scan starts a new thread. */
  cancelAll(): void {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    for (const [id, p] of this.pending) {
      if (p.worker !== worker) continue;
      this.pending.delete(id);
      p.reject(new ScanCancelled());
    }
    void worker.terminate();
  }

  dispose(): void {
    clearTimeout(this.idle);
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private start(): Worker {
    const worker = new Worker(this.script);
    this.worker = worker;
    worker.on('message', (reply: ScanReply) => {
      // A reply from a thread that cancelAll stopped: nobody waits for it any more.
      if (this.worker !== worker) return;
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) p?.reject(new Error(reply.error));
      else p?.resolve({ findings: reply.findings, offsets: reply.offsets, unscanned: reply.unscanned });
      if (!this.pending.size) this.idle = setTimeout(() => this.dispose(), IDLE_MS);
    });
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, p] of this.pending) {
        if (p.worker !== worker) continue;
        this.pending.delete(id);
        p.reject(err);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the scan thread exited (code ${code})`)));
    return worker;
  }
}
