import * as path from 'node:path';
import { DidChangeWatchedFilesNotification, WatchKind, type Connection, type Disposable, type FileSystemWatcher } from 'vscode-languageserver';
import { classifyFile } from '../core/contextFileKinds';
import type { Logger } from './engineClient';
import { isWithin, pathToUri } from './uris';

/** Context-file names in any workspace folder (contextFileKinds' workspace globs). */
const WORKSPACE_GLOBS = ['**/{AGENTS.override.md,AGENTS.md,agents.md,CLAUDE.md,claude.md,.hermes.md,HERMES.md,.cursorrules}', '**/.cursor/rules/*.mdc'];
/**
 * Files under HERMES_HOME that shape the prompt: its sources plus the config and distribution manifest, and
 * JSON files at its top, where a relative prefill_messages_file lives (only a folder's actual prefill file
 * triggers a rebuild: Workspace.perCallUsers).
 */
const HOME_GLOB = '{SOUL.md,config.yaml,distribution.yaml,*.json,memories/MEMORY.md,memories/USER.md,skills/**/SKILL.md,skills/**/DESCRIPTION.md}';

export interface WatchSupport {
  dynamicRegistration: boolean;
  relativePatterns: boolean;
}

/** Whether a created, changed or deleted file can change an assembled prompt, and whether it lives in HERMES_HOME. */
export function promptInput(file: string, home: string): { inHome: boolean } | undefined {
  const inHome = isWithin(file, home);
  if (classifyFile(file, home)) return { inHome };
  if (!inHome) return undefined;
  const rel = path.relative(home, file).split(path.sep).join('/');
  return rel === 'config.yaml' || rel === 'distribution.yaml' || (rel.startsWith('skills/') && rel.endsWith('/DESCRIPTION.md')) ? { inHome } : undefined;
}

/**
 * Asks the client to watch the files that feed prompts (workspace/didChangeWatchedFiles): created, deleted
 * and renamed files change discovery, not only saves. Re-registered when HERMES_HOME moves.
 */
export class FileWatchers {
  private registration?: Promise<Disposable | undefined>;

  constructor(private readonly connection: Connection, private readonly support: WatchSupport, private readonly log: Logger) {}

  async watch(home: string): Promise<void> {
    if (!this.support.dynamicRegistration) return;
    const previous = this.registration;
    const kind = WatchKind.Create | WatchKind.Change | WatchKind.Delete;
    const watchers: FileSystemWatcher[] = WORKSPACE_GLOBS.map((globPattern) => ({ globPattern, kind }));
    watchers.push({
      globPattern: this.support.relativePatterns ? { baseUri: pathToUri(home), pattern: HOME_GLOB } : `${home.split(path.sep).join('/')}/${HOME_GLOB}`,
      kind,
    });
    this.registration = this.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch((err: Error) => {
      this.log.error(`Registering file watchers failed: ${err.message}`);
      return undefined;
    });
    (await previous)?.dispose();
  }
}
