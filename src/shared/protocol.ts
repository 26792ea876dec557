/**
 * The custom LSP messages between the Hermes Prompt Lens language server and its clients.
 * Both sides import this module; it has no runtime dependency on either.
 */
import type { Checks } from '../core/detection/rule';
import type { Finding } from '../core/types';
import type { Layer } from '../core/assemble';
import type { PerCallLayer } from '../core/perCall';

export const SERVER_SOURCE = 'hermes-prompt-lens';
export const CONFIG_SECTION = 'hermesPromptLens';

export type SeverityOverride = 'error' | 'warning' | 'information' | 'hint' | 'off';

/** `workspace/configuration` section `hermesPromptLens`; the extension's settings use the same keys. */
export interface ServerSettings {
  /** HERMES_HOME; "" means $HERMES_HOME, else ~/.hermes. */
  hermesHome: string;
  /** A Hermes checkout, site-packages or virtualenv to read Hermes' own texts from; "" auto-detects, "builtin" uses the built-in approximations. */
  hermesSource: string;
  layout: string;
  platform: string;
  /** "" means config.yaml's model. */
  model: string;
  /** Model context window in tokens; 0 means unknown (Hermes then caps context files at 20,000 characters). */
  contextLength: number;
  /** Which checks run: Hermes' verdict only, Hermes plus the recommended checks beyond it, or every check. */
  checks: Checks;
  /** Beyond-Hermes rule ids (unicode_tag_characters, bidi_mark, …) mapped to on/off; missing ids are on. */
  beyondHermesChecks: Record<string, boolean>;
  severityOverrides: Record<string, SeverityOverride>;
  /** Report unsaved edits that would invalidate the cached prefix as a diagnostic. */
  cacheImpactDiagnostics: boolean;
  /** The directory Hermes is launched from: relative to each workspace folder, or absolute; "" is the folder root. */
  cwd: string;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  hermesHome: '',
  hermesSource: '',
  layout: 'documented',
  platform: 'cli',
  model: '',
  contextLength: 0,
  checks: 'recommended',
  beyondHermesChecks: {},
  severityOverrides: {},
  cacheImpactDiagnostics: true,
  cwd: '',
};

export interface SourceView {
  uri: string;
  path: string;
  label: string;
  kind: string;
  status: 'loaded' | 'blocked' | 'truncated' | 'shadowed' | 'empty' | 'unreadable' | 'missing';
  shadowedBy?: string;
  message?: string;
  /** A symlink resolving outside the workspace: the file Hermes really reads. */
  resolvesTo?: string;
  findings: Finding[];
}

/** A layer as the server sends it: the engine's Layer with its sources as SourceViews. */
export type LayerView = Omit<Layer, 'id' | 'tier' | 'sources'> & { id: string; tier?: string; sources: SourceView[] };

/** A per-call layer (sent with each API call, outside the cached prompt) with its sources as SourceViews. */
export type PerCallLayerView = Omit<PerCallLayer, 'id' | 'sources'> & { id: string; sources: SourceView[] };

export interface AssembledPromptView {
  folderUri: string;
  /** The launch directory the prompt was assembled for (the `cwd` setting resolved against the folder). */
  launchDir: string;
  layout: string;
  prompt: string;
  prefixHash: string;
  prefixBytes: number;
  prefixTokens: number;
  totalTokens: number;
  layers: LayerView[];
  /** Not part of the prompt above: what Hermes adds at each API call (src/core/perCall.ts). */
  perCall: PerCallLayerView[];
  warnings: string[];
  /**
   * Set when the latest build failed (the engine crashed or timed out, bad settings): everything above is from
   * the last successful build and may no longer match the files. Cleared by the next successful build.
   */
  stale?: StaleState;
}

export interface StaleState {
  /** Why the latest build failed, one line. */
  reason: string;
}

export interface AssembledPromptParams {
  /** A workspace folder URI; omitted means the first folder. */
  folderUri?: string;
}
export const AssembledPromptRequest = 'hermesPromptLens/assembledPrompt';

export interface CacheImpactParams {
  /** An open document; its current (possibly unsaved) text is compared with the file on disk. */
  uri: string;
  /** Include the old and new prompt texts (for a diff view). */
  includePrompts?: boolean;
}
export interface CacheImpactView {
  uri: string;
  /** False when the document feeds no prompt of any workspace folder. */
  feedsPrompt: boolean;
  changed: boolean;
  landsInPrefix: boolean;
  frozenSnapshot: boolean;
  firstChangedLayer?: string;
  changedLayers: string[];
  prefixDivergenceByte?: number;
  rewrittenTokens: number;
  prefixTokensBefore: number;
  prefixTokensAfter: number;
  beforePrompt?: string;
  afterPrompt?: string;
}
export const CacheImpactRequest = 'hermesPromptLens/cacheImpact';

export interface RebuildParams {
  folderUri?: string;
}
export interface RebuildResult {
  folders: string[];
}
/**
 * A rebuild that failed for some folder is answered with this error code (LSP's RequestFailed); `data` lists
 * the folders that failed and why. The folders that did build are rebuilt all the same.
 */
export const REBUILD_FAILED = -32803;
export interface RebuildFailure {
  failed: { folderUri: string; reason: string }[];
}
export const RebuildRequest = 'hermesPromptLens/rebuild';

export interface ScanWorkspaceParams {
  /** A workspace folder URI; omitted means every folder. HERMES_HOME's sources are always included. */
  folderUri?: string;
}
export interface ScanWorkspaceResult {
  files: { uri: string; findings: Finding[] }[];
}
export const ScanWorkspaceRequest = 'hermesPromptLens/scanWorkspace';

/** Server → client: a folder's assembled prompt changed (file created, deleted, renamed, saved, settings). */
export interface AssemblyChangedParams {
  folderUri: string;
  prefixHash: string;
  totalTokens: number;
  prefixTokens: number;
  /** The reason the latest build failed, when the prompt is out of date (AssembledPromptView.stale). */
  stale?: string;
}
export const AssemblyChangedNotification = 'hermesPromptLens/assemblyChanged';

/** What became of one directory in a session's subdirectory hints (core/hints/hintFile.ts). */
export type HintStatusView = 'loaded' | 'blocked' | 'truncated' | 'duplicate' | 'empty' | 'none' | 'pruned' | 'outside';

export interface DirectoryHintView {
  directory: string;
  /** Relative to the launch directory, as Hermes prints it. */
  relativeDirectory: string;
  status: HintStatusView;
  /** The hint file used (for `duplicate`, the one whose content was already sent). */
  uri?: string;
  path?: string;
  displayPath?: string;
  /** "[Subdirectory context discovered: <path>]\n<content>", or "" when nothing is sent. */
  text: string;
  /** What this directory adds to a tool result: "\n\n" + text, or "". */
  appended: string;
  /** Code points and o200k_base tokens of `appended`. */
  chars: number;
  tokens: number;
  threatIds: string[];
  duplicateOf?: string;
  message: string;
}

export interface HintsParams {
  /** A workspace folder URI; omitted means the first folder. */
  folderUri?: string;
}
/** Every directory of the folder that would send a hint in a session launched from its launch directory, parents first. */
export interface HintsView {
  folderUri: string;
  launchDir: string;
  hintsEnabled: boolean;
  /** Why Hermes sends no hints at all (the home-directory guard). */
  disabledReason?: string;
  directories: DirectoryHintView[];
  /** The survey stopped at its directory limit. */
  incomplete: boolean;
}
export const HintsRequest = 'hermesPromptLens/hints';

export interface FileHintsParams {
  /** Any file URI (it need not be open). */
  uri: string;
  /** The workspace folder whose launch directory applies; omitted means the folder containing the file, else the first. */
  folderUri?: string;
}
export interface FileHintsView {
  uri: string;
  folderUri: string;
  launchDir: string;
  /** How a context file with this path reaches Hermes' model: in the start-up prompt, as a hint, or never. */
  reach: 'startup' | 'hint' | 'never';
  reason: string;
  /** What Hermes appends to the result of the agent's first read_file of this file in a fresh session ("" for nothing). */
  appended: string;
  /** The directories that first read loads, in order. */
  directories: DirectoryHintView[];
}
export const FileHintsRequest = 'hermesPromptLens/fileHints';

/** Server → client: a context file of the folder was created, deleted or saved, so its hints may differ (the prompt may not). */
export interface HintsChangedParams {
  folderUri: string;
}
export const HintsChangedNotification = 'hermesPromptLens/hintsChanged';
