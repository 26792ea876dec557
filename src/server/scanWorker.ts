/** The background scanner thread (dist/scanWorker.js): scans documents too large to scan on the server's own thread. */
import { parentPort } from 'node:worker_threads';
import { scanDocument, type ScanOptions } from '../core/scanner';
import type { ScanReply, ScanRequest } from './backgroundScanner';
import { tableFromRows } from './threatTable';

parentPort?.on('message', (msg: ScanRequest) => {
  let reply: ScanReply;
  try {
    const table = msg.table ? tableFromRows(msg.table.key, msg.table.rows) : undefined;
    reply = { id: msg.id, findings: scanDocument(msg.text, { ...(msg.options as ScanOptions), table }).findings };
  } catch (err) {
    reply = { id: msg.id, error: err instanceof Error ? err.stack ?? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
