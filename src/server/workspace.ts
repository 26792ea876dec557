import * as path from 'node:path';
import type { WorkspaceFolder } from 'vscode-languageserver';
import type { AssembledPromptView, SourceView } from '../shared/protocol';
import type { EngineClient, Logger } from './engineClient';
import type { FolderAssembly } from './engineProtocol';
import { launchDirectory } from './settings';
import { isWithin, realPath, uriToPath } from './uris';

/** Saves, watcher events and settings changes arrive in bursts (a branch switch, "save all"); build once after them. */
export const ASSEMBLY_DEBOUNCE_MS = 100;

export interface Folder {
  uri: string;
  name: string;
  path: string;
  /** Where Hermes is launched from: the `cwd` setting resolved against the folder (the folder itself by default). */
  launchDir: string;
  assembly?: FolderAssembly;
  /** Why the latest build failed (bad settings, engine crashed or timed out); `assembly` is then the last good one. */
  error?: string;
}

interface FolderState extends Folder {
  timer?: NodeJS.Timeout;
  building?: Promise<void>;
  /** A source changed since the current build started or finished. */
  stale: boolean;
  /** Send assemblyChanged after the next build even if nothing changed (explicit rebuild, settings). */
  announce: boolean;
  waiters: (() => void)[];
}

/** A prompt source of some folder's assembly, with what the engine knows about where Hermes cuts it. */
export interface SourceEntry {
  folder: Folder;
  /** The layer the file feeds (absent for results of a rebuild with unsaved text). */
  layer?: { id: string; title: string };
  source: SourceView;
  cut?: number;
  maxChars: number;
}

/**
 * The workspace folders and their assembled prompts, built by the engine from disk, cached, rebuilt
 * (debounced) only when one of their sources changes. At most one build per folder runs at a time; changes
 * during a build mark it stale and trigger exactly one more.
 */
export class Workspace {
  private readonly folders = new Map<string, FolderState>();
  private bySource = new Map<string, SourceEntry[]>();
  private cwdSetting = '';
  /** `cwd` as set for each folder (multi-root workspaces can differ per folder); the global value otherwise. */
  private folderCwd = new Map<string, string>();

  constructor(
    private readonly engine: EngineClient,
    private readonly log: Logger,
    private readonly onBuilt: (folder: Folder, changed: boolean, announce: boolean) => void,
  ) {}

  setFolders(added: readonly WorkspaceFolder[], removed: readonly WorkspaceFolder[] = []): void {
    for (const f of removed) {
      const state = this.folders.get(f.uri);
      this.folders.delete(f.uri);
      if (!state) continue;
      clearTimeout(state.timer);
      state.stale = true;
      for (const wake of state.waiters.splice(0)) wake();
    }
    for (const f of added) {
      const p = uriToPath(f.uri);
      if (!p || this.folders.has(f.uri)) continue;
      const folderPath = realPath(p);
      this.folders.set(f.uri, { uri: f.uri, name: f.name || path.basename(p), path: folderPath, launchDir: this.launchDirOf(f.uri, folderPath), stale: true, announce: true, waiters: [] });
    }
    this.index();
    this.invalidate(this.list().filter((f) => !f.assembly), true);
  }

  /** Applies the `cwd` setting (global, and per folder where given): folders whose launch directory moves are rebuilt. */
  setLaunchSetting(setting: string, perFolder?: ReadonlyMap<string, string>): void {
    this.cwdSetting = setting;
    if (perFolder) this.folderCwd = new Map(perFolder);
    const moved = this.list().filter((f) => {
      const next = this.launchDirOf(f.uri, f.path);
      if (next === f.launchDir) return false;
      f.launchDir = next;
      return true;
    });
    this.invalidate(moved, true);
  }

  private launchDirOf(uri: string, folderPath: string): string {
    const resolved = launchDirectory(folderPath, this.folderCwd.get(uri) ?? this.cwdSetting);
    if (resolved.problem) this.log.error(resolved.problem);
    return resolved.path;
  }

  list(): Folder[] {
    return [...this.folders.values()];
  }

  /** A folder by URI; the first folder when `uri` is omitted. */
  get(uri?: string): Folder | undefined {
    return uri === undefined ? this.folders.values().next().value : this.folders.get(uri);
  }

  /** Folders whose prompt a change to `file` can alter: it is one of their sources, or Hermes would find it from there. */
  affectedBy(file: string, inHome: boolean): Folder[] {
    if (inHome) return this.list();
    const dir = path.dirname(file);
    return this.list().filter((f) =>
      isWithin(f.path, dir) || isWithin(f.launchDir, dir) || path.dirname(dir) === path.join(f.path, '.cursor') || this.bySource.get(file)?.some((e) => e.folder.uri === f.uri));
  }

  /** Folders whose per-call layers read the file (a prefill messages file). */
  perCallUsers(file: string): Folder[] {
    return this.list().filter((f) => f.assembly?.view.perCall.some((p) => p.sources.some((s) => s.path === file)));
  }

  /** Every folder assembly the file is a source of. */
  sourcesOf(file: string): SourceEntry[] {
    return this.bySource.get(file) ?? [];
  }

  invalidate(folders: readonly Folder[], announce = false): void {
    const states = folders.map((f) => this.folders.get(f.uri)).filter((s): s is FolderState => !!s);
    if (!states.length) return;
    if (this.engine.pid !== undefined) {
      this.engine.request('invalidate', { folders: states.map((s) => s.launchDir) }).catch((err: Error) => this.log.error(`engine: ${err.message}`));
    }
    for (const s of states) {
      s.stale = true;
      s.announce ||= announce;
      clearTimeout(s.timer);
      s.timer = setTimeout(() => {
        s.timer = undefined;
        void this.build(s);
      }, ASSEMBLY_DEBOUNCE_MS);
    }
  }

  /** The folder's current assembly, waiting for a pending or debounced build. */
  async ready(folder: Folder): Promise<FolderState> {
    const s = this.folders.get(folder.uri);
    while (!s || s.stale || s.building) {
      if (!s || this.folders.get(s.uri) !== s) throw new Error(`${folder.uri} is no longer a workspace folder`);
      if (s.stale && !s.building) void this.build(s);
      await new Promise<void>((resolve) => s.waiters.push(resolve));
    }
    return s;
  }

  private async build(s: FolderState): Promise<void> {
    if (s.building) return;
    clearTimeout(s.timer);
    s.timer = undefined;
    s.stale = false;
    const run = (async () => {
      const previous = s.assembly?.signature;
      const previousError = s.error;
      try {
        s.assembly = await this.engine.request('assemble', { folderUri: s.uri, launchDir: s.launchDir });
        s.error = undefined;
      } catch (err) {
        s.error = (err as Error).message;
        this.log.error(`Building the prompt for ${s.path} failed: ${s.error}`);
      }
      if (!this.folders.has(s.uri)) return;
      this.index();
      // A build that failed (or recovered) changes what the client must show even when the prompt did not change.
      const announce = s.announce || s.error !== previousError;
      s.announce = false;
      this.onBuilt(s, s.assembly?.signature !== previous, announce);
    })();
    s.building = run;
    await run;
    s.building = undefined;
    // Changed during the build and no debounce pending: the result is already out of date.
    if (s.stale && !s.timer) void this.build(s);
    for (const wake of s.waiters.splice(0)) wake();
  }

  /** What the client sees of a built folder: its assembly, marked stale with the reason when the latest build failed. */
  view(folder: Folder): AssembledPromptView | undefined {
    const view = folder.assembly?.view;
    if (!view || folder.error === undefined) return view;
    return { ...view, stale: { reason: folder.error } };
  }

  private index(): void {
    const by = new Map<string, SourceEntry[]>();
    for (const folder of this.folders.values()) {
      const a = folder.assembly;
      if (!a) continue;
      for (const layer of a.view.layers) {
        for (const source of layer.sources) {
          const list = by.get(source.path) ?? [];
          list.push({ folder, layer: { id: layer.id, title: layer.title }, source, cut: a.cuts[source.path], maxChars: a.maxChars });
          by.set(source.path, list);
        }
      }
    }
    this.bySource = by;
  }
}
