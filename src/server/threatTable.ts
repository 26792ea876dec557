import * as os from 'node:os';
import * as path from 'node:path';
import { resolveHermesTexts, type InstalledPattern } from '../core/hermesSource/installation';
import { NodeFileSystem } from '../core/nodeFs';
import { compileTable, type PatternTable } from '../core/threatPatterns';
import type { EngineOptions } from './engineProtocol';

/** The threat table diagnostics apply, in a form the scan worker can receive (rows, not compiled regexes). */
export interface ServerThreatTable {
  /** Changes whenever the table does; part of the scan cache key. */
  key: string;
  table?: PatternTable;
  rows?: InstalledPattern[];
  notice?: string;
}

/** The user's Hermes table when it differs from the pinned one and translates exactly; else the built-in port. */
export function resolveServerThreatTable(options: Pick<EngineOptions, 'home' | 'hermesSource'>): ServerThreatTable {
  const source = options.hermesSource;
  const texts = resolveHermesTexts(new NodeFileSystem(), {
    configured: source && source !== 'builtin' ? source : undefined,
    disabled: source === 'builtin',
    hermesHome: options.home, userHome: os.homedir(), pathDirs: (process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  });
  const rows = texts.installed?.patterns;
  return rows ? { key: texts.table.origin, table: texts.table, rows } : { key: 'builtin', notice: texts.tableNotice };
}

const compiled = new Map<string, PatternTable>();

/** The worker's side: compile received rows once per table. */
export function tableFromRows(key: string, rows: InstalledPattern[]): PatternTable {
  let table = compiled.get(key);
  if (!table) {
    compiled.clear();
    table = compileTable(rows, key);
    compiled.set(key, table);
  }
  return table;
}
