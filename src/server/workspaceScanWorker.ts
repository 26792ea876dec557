/** The workspace-scan thread (dist/workspaceScanWorker.js): one scan per thread, stopped by terminating it. */
import { parentPort, workerData } from 'node:worker_threads';
import { NodeFileSystem } from '../core/nodeFs';
import { scanWorkspaceFiles, type WorkspaceScanMessage, type WorkspaceScanRequest } from './scanWorkspace';
import { tableFromRows } from './threatTable';

/** Progress is posted at most this often: a message per file would flood the server on a big tree. */
const PROGRESS_MS = 100;

const post = (msg: WorkspaceScanMessage) => parentPort?.postMessage(msg);
const req = workerData as WorkspaceScanRequest;
let last = 0;
try {
  const table = req.table ? tableFromRows(req.table.key, req.table.rows) : undefined;
  const outcome = scanWorkspaceFiles(new NodeFileSystem(), req, table, (done, total) => {
    const now = Date.now();
    if (now - last < PROGRESS_MS && done < total) return;
    last = now;
    post({ type: 'progress', done, total });
  });
  post({ type: 'done', outcome });
} catch (err) {
  post({ type: 'failed', message: err instanceof Error ? err.stack ?? err.message : String(err) });
}
