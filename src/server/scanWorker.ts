/** The background scanner thread (dist/scanWorker.js): scans documents too large to scan on the server's own thread. */
import { parentPort } from 'node:worker_threads';
import { snapshotOf } from '../core/editRescan';
import { scanDocument, type ScanOptions } from '../core/scanner';
import type { ScanReply, ScanRequest } from './backgroundScanner';
import { tableFromRows } from './threatTable';

parentPort?.on('message', (msg: ScanRequest) => {
  let reply: ScanReply;
  try {
    const table = msg.table ? tableFromRows(msg.table.key, msg.table.rows) : undefined;
    const options: ScanOptions = { ...msg.options, table };
    // The offsets are worked out here too, off the server's thread: the next edit's window rescan needs them.
    const { findings, offsets, unscanned } = snapshotOf(msg.text, scanDocument(msg.text, options).findings, options);
    reply = { id: msg.id, findings, offsets, unscanned };
  } catch (err) {
    reply = { id: msg.id, error: err instanceof Error ? err.stack ?? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
