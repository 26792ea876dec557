import * as path from 'node:path';
import type { FileSystem } from '../core/fs';
import { findContextFiles, scanFile } from '../core/scanFiles';
import type { Finding } from '../core/types';
import type { ScanWorkspaceResult, ServerSettings } from '../shared/protocol';
import type { TrackedDocument } from './documents';
import type { Logger } from './engineClient';
import type { PatternTable } from '../core/threatPatterns';
import { checksWanted, enabledFindings } from './rules';
import { canonicalPath, pathToUri } from './uris';

export interface ScanWorkspaceContext {
  fs: FileSystem;
  settings: ServerSettings;
  home: string;
  /** The threat table the diagnostics apply (undefined: the built-in port). */
  table?: PatternTable;
  log: Logger;
  /** Open documents by path: their unsaved text is what counts. */
  open: Map<string, TrackedDocument>;
  /** Findings of an open document's current text (cached by the diagnostics). */
  openFindings(doc: TrackedDocument): Promise<Finding[] | undefined>;
  isCancelled(): boolean;
}

export class Cancelled extends Error {}

/** Yield to the event loop between files, so edits and cancellations are handled during a long scan. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** HERMES_HOME's prompt sources: SOUL.md, the memory files and every skill's SKILL.md. */
function homeFiles(fs: FileSystem, home: string): string[] {
  const files = ['SOUL.md', path.join('memories', 'MEMORY.md'), path.join('memories', 'USER.md')].map((f) => path.join(home, f)).filter((f) => fs.stat(f)?.kind === 'file');
  const skills = path.join(home, 'skills');
  if (fs.stat(skills)?.kind === 'directory') files.push(...findContextFiles(fs, skills, home).filter((f) => path.basename(f) === 'SKILL.md'));
  return files;
}

/**
 * hermesPromptLens/scanWorkspace: every context file under the folders plus HERMES_HOME's sources, scanned
 * as Hermes would (open documents with their unsaved text). Unreadable files are logged and left out.
 */
export async function scanWorkspace(folders: readonly string[], ctx: ScanWorkspaceContext): Promise<ScanWorkspaceResult> {
  const files = new Set<string>();
  for (const folder of folders) {
    await tick();
    if (ctx.isCancelled()) throw new Cancelled();
    for (const f of findContextFiles(ctx.fs, folder, ctx.home)) files.add(canonicalPath(f));
  }
  for (const f of homeFiles(ctx.fs, ctx.home)) files.add(canonicalPath(f));
  const result: ScanWorkspaceResult = { files: [] };
  const checks = checksWanted(ctx.settings);
  for (const file of files) {
    await tick();
    if (ctx.isCancelled()) throw new Cancelled();
    const open = ctx.open.get(file);
    let findings: Finding[] | undefined;
    if (open) {
      findings = await ctx.openFindings(open);
    } else {
      try {
        const scan = scanFile(ctx.fs, file, { hermesHome: ctx.home, checks, table: ctx.table });
        if (scan.error) ctx.log.error(`Scanning ${file} failed: ${scan.error}`);
        else findings = scan.findings;
      } catch (err) {
        ctx.log.error(`Scanning ${file} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      }
    }
    if (findings) result.files.push({ uri: open?.uri ?? pathToUri(file), findings: enabledFindings(findings, ctx.settings) });
  }
  return result;
}
