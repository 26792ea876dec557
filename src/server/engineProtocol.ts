/**
 * Messages between the language server and its engine process. The engine assembles prompts and counts
 * tokens; the tokenizer tables alone take ~70 MB and a build can take tens of milliseconds, so both stay out
 * of the process that answers the editor.
 */
import type { AssembledPromptView, CacheImpactView, FileHintsView, HintsView, SourceView } from '../shared/protocol';

export interface EngineOptions {
  home: string;
  /** "" auto-detects a Hermes installation, "builtin" skips it, anything else is its path. */
  hermesSource: string;
  layout: string;
  platform: string;
  model?: string;
  contextLength?: number;
}

export interface FolderAssembly {
  view: AssembledPromptView;
  /** Changes whenever the prompt or any source's status or message changes. */
  signature: string;
  /** Hermes' character cap for context files. */
  maxChars: number;
  /** Truncated sources by path: code points of the file's Hermes content kept before the cut. */
  cuts: Record<string, number>;
}

export interface FolderImpact {
  folderUri: string;
  view: CacheImpactView;
  /** The file as a source of the rebuilt prompt (its status with the new text), and its cut if truncated. */
  sources: SourceView[];
  cut?: number;
  maxChars: number;
}

export interface EngineMethods {
  configure: { params: EngineOptions; result: null };
  /** Forget the folders' cached disk builds: a source changed on disk. */
  invalidate: { params: { folders: string[] }; result: null };
  /** `launchDir` is the cwd Hermes assembles for; builds are cached by it. */
  assemble: { params: { folderUri: string; launchDir: string }; result: FolderAssembly };
  cacheImpact: {
    params: { folderUri: string; launchDir: string; uri: string; filePath: string; text: string; includePrompts: boolean };
    result: FolderImpact;
  };
  tokens: { params: { text: string }; result: number };
  hints: { params: { folderUri: string; folderPath: string; launchDir: string }; result: HintsView };
  /** `startup`: the file is a source of the folder's start-up prompt (the server knows; the engine does not rebuild). */
  fileHints: { params: { folderUri: string; launchDir: string; uri: string; filePath: string; startup?: string }; result: FileHintsView };
}

export type EngineMethod = keyof EngineMethods;

export interface EngineRequestMessage<M extends EngineMethod = EngineMethod> {
  id: number;
  method: M;
  params: EngineMethods[M]['params'];
}

export type EngineResponseMessage = { id: number; result: unknown } | { id: number; error: string };
