/**
 * The custom LSP messages between the Hermes Prompt Lens language server and its clients.
 * Both sides import this module; it has no runtime dependency on either.
 */
import type { Checks } from '../core/detection/rule';
import type { Finding } from '../core/types';
import type { Layer } from '../core/assemble';

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
};

export interface SourceView {
  uri: string;
  path: string;
  label: string;
  kind: string;
  status: 'loaded' | 'blocked' | 'truncated' | 'shadowed' | 'empty' | 'unreadable' | 'missing';
  shadowedBy?: string;
  message?: string;
  findings: Finding[];
}

/** A layer as the server sends it: the engine's Layer with its sources as SourceViews. */
export type LayerView = Omit<Layer, 'id' | 'tier' | 'sources'> & { id: string; tier?: string; sources: SourceView[] };

export interface AssembledPromptView {
  folderUri: string;
  layout: string;
  prompt: string;
  prefixHash: string;
  prefixBytes: number;
  prefixTokens: number;
  totalTokens: number;
  layers: LayerView[];
  warnings: string[];
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
}
export const AssemblyChangedNotification = 'hermesPromptLens/assemblyChanged';
