import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkspaceScanMessage, WorkspaceScanOutcome, WorkspaceScanRequest } from './scanWorkspace';

export class Cancelled extends Error {}

export interface ScanControl {
  /** Aborting stops the scan thread at once; the promise then rejects with Cancelled. */
  signal: AbortSignal;
  progress(done: number, total: number): void;
}

/**
 * Runs one workspace scan on its own thread, so walking and reading thousands of files never holds up
 * hovers and edits on the server's thread, and a cancelled scan stops mid-file instead of at its next yield.
 */
export function runWorkspaceScan(req: WorkspaceScanRequest, control: ScanControl, script = path.join(__dirname, 'workspaceScanWorker.js')): Promise<WorkspaceScanOutcome> {
  if (control.signal.aborted) return Promise.reject(new Cancelled());
  return new Promise<WorkspaceScanOutcome>((resolve, reject) => {
    const worker = new Worker(script, { workerData: req });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      control.signal.removeEventListener('abort', abort);
      fn();
    };
    const abort = () => {
      settle(() => reject(new Cancelled()));
      void worker.terminate();
    };
    control.signal.addEventListener('abort', abort);
    worker.on('message', (msg: WorkspaceScanMessage) => {
      if (msg.type === 'progress') {
        if (!settled) control.progress(msg.done, msg.total);
      } else if (msg.type === 'done') {
        settle(() => resolve(msg.outcome));
      } else {
        settle(() => reject(new Error(msg.message)));
      }
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the workspace scan thread exited (code ${code})`))));
  });
}
