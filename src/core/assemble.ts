import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig, type ConfigLoad } from './config';
import type { FileSystem } from './fs';
import { BUILTIN_TEXTS, KNOWN_PLATFORMS, type HermesTexts } from './guidance';
import { sha256 } from './hash';
import { getLayout, UsageError, type LayerId, type Layout, type TierId } from './layout';
import { PART_BUILDERS, type PartContext } from './parts';
import { BUILTIN_APPROXIMATION, type Provenance } from './provenance';
import type { Source } from './source';
import type { PatternTable } from './threatPatterns';
import { cpLength, pyStrip } from './text';
import { isValidTimeZone } from './timestamp';
import { countTokens, estimateTokens } from './tokens';
import { contextFileMaxChars } from './truncate';

/** Tools of a default Hermes CLI session that change the prompt (memory, session search, skills, web). */
export const DEFAULT_TOOLS = ['memory', 'session_search', 'skills_list', 'skill_view', 'skill_manage', 'terminal', 'read_file', 'write_file', 'patch', 'search_files', 'web_search', 'web_extract', 'delegate_task'];
export const DEFAULT_TOOLSETS = ['terminal', 'file', 'web', 'memory', 'session_search', 'skills', 'delegation'];

export interface AssembleOptions {
  fs: FileSystem;
  cwd: string;
  /** HERMES_HOME. */
  home: string;
  layout?: string;
  platform?: string;
  model?: string;
  provider?: string;
  sessionId?: string;
  now?: Date;
  timezone?: string;
  contextLength?: number;
  systemMessage?: string;
  tools?: string[];
  toolsets?: string[];
  skipContextFiles?: boolean;
  /** The OS Hermes runs on, for skills' `platforms` filter. */
  hostPlatform?: string;
  /** The user's home directory, for `~` in config paths. */
  userHome?: string;
  texts?: HermesTexts;
  textsProvenance?: Provenance;
  textFallbacks?: Record<string, string>;
  table?: PatternTable;
}

export interface Layer {
  id: LayerId;
  title: string;
  tier?: TierId;
  /** The text as it stands in the prompt (stripped); "" when the layer contributes nothing. */
  text: string;
  /** Code points, as Hermes counts characters. */
  chars: number;
  /** o200k_base tokens. */
  tokens: number;
  /** Hermes' own chars/4 estimate. */
  estimatedTokens: number;
  cached: boolean;
  /** UTF-8 byte range of the layer's text within the prompt (end exclusive). */
  bytes: { start: number; end: number };
  hash: string;
  sources: Source[];
  provenance: Provenance;
  notes: string[];
}

/** The prompt up to the end of one tier: what a provider could cache if its breakpoint sat there. */
export interface TierPrefix {
  tier: TierId;
  /** UTF-8 length of the prompt through this tier. */
  bytes: number;
  hash: string;
  tokens: number;
}

export interface AssembledPrompt {
  layout: string;
  prompt: string;
  /** The byte-stable prefix the provider caches. */
  prefix: string;
  prefixHash: string;
  prefixBytes: number;
  prefixTokens: number;
  totalTokens: number;
  layers: Layer[];
  /** For a tiered layout, the cumulative prefix through each tier (stable, stable+context, the whole prompt). */
  tierPrefixes: TierPrefix[];
  /** Problems with the inputs that did not stop the build (bad config.yaml, unknown platform…). */
  warnings: string[];
  config: { path: string; loaded: boolean; error?: string };
  /** The resolved inputs, so a preview can say what it assumed. */
  inputs: { cwd: string; home: string; platform: string; model?: string; timezone?: string; maxChars: number; tools: string[] };
}

export function defaultHermesHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.HERMES_HOME && env.HERMES_HOME.trim() ? env.HERMES_HOME : path.join(os.homedir(), '.hermes');
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function resolveContext(opts: AssembleOptions, configLoad: ConfigLoad): PartContext {
  const config = configLoad.config;
  const timezone = opts.timezone ?? process.env.HERMES_TIMEZONE ?? config.timezone;
  if (timezone !== undefined && !isValidTimeZone(timezone)) throw new UsageError(`unknown time zone '${timezone}' (use an IANA name such as Europe/Berlin)`);
  if (opts.contextLength !== undefined && (!Number.isInteger(opts.contextLength) || opts.contextLength <= 0)) {
    throw new UsageError(`--context-length must be a positive whole number of tokens, not '${opts.contextLength}'`);
  }
  if (opts.now && Number.isNaN(opts.now.getTime())) throw new UsageError('the start time is not a valid date');
  return {
    fs: opts.fs,
    cwd: path.resolve(opts.cwd),
    home: path.resolve(opts.home),
    config,
    texts: opts.texts ?? BUILTIN_TEXTS,
    textsProvenance: opts.textsProvenance ?? BUILTIN_APPROXIMATION,
    textFallbacks: opts.textFallbacks ?? {},
    table: opts.table,
    platform: (opts.platform ?? 'cli').trim().toLowerCase(),
    model: opts.model ?? config.model,
    provider: opts.provider ?? config.provider,
    sessionId: opts.sessionId,
    now: opts.now ?? new Date(),
    timezone,
    maxChars: contextFileMaxChars(opts.contextLength, config.contextFileMaxChars),
    tools: opts.tools ?? config.tools ?? DEFAULT_TOOLS,
    toolsets: opts.toolsets ?? DEFAULT_TOOLSETS,
    hostPlatform: opts.hostPlatform ?? process.platform,
    skipContextFiles: opts.skipContextFiles ?? false,
    systemMessage: opts.systemMessage ?? config.systemMessage,
    layout: opts.layout ?? 'documented',
    host: { system: os.type(), release: os.release(), userHome: opts.userHome ?? os.homedir() },
  };
}

/**
 * Builds the system prompt Hermes would cache for this workspace and HERMES_HOME: every layer of the
 * layout with its text, sources, byte range, counts and hash. Never throws for bad files; throws
 * UsageError for bad options.
 */
export function assemble(opts: AssembleOptions): AssembledPrompt {
  const layout: Layout = getLayout(opts.layout ?? 'documented');
  const configLoad = loadConfig(opts.fs, path.resolve(opts.home), opts.userHome ?? os.homedir());
  const warnings: string[] = configLoad.error ? [configLoad.error] : [];
  const ctx = resolveContext(opts, configLoad);
  if (!(KNOWN_PLATFORMS as readonly string[]).includes(ctx.platform)) {
    warnings.push(`unknown platform '${ctx.platform}': Hermes adds no platform hint for it (known: ${KNOWN_PLATFORMS.join(', ')})`);
  }

  const layers: Layer[] = [];
  let prompt = '';
  let bytePos = 0;
  let prefixEnd = 0;
  const tierEnds = new Map<TierId, number>();
  for (const entry of layout.entries) {
    const part = PART_BUILDERS[entry.id](ctx);
    const text = pyStrip(part.text);
    let start = bytePos;
    if (text) {
      if (prompt) {
        prompt += '\n\n';
        bytePos += 2;
        start = bytePos;
      }
      prompt += text;
      bytePos += utf8Length(text);
    }
    if (entry.cached && text) prefixEnd = prompt.length;
    if (entry.tier) tierEnds.set(entry.tier, prompt.length);
    layers.push({
      id: entry.id, title: entry.title, tier: entry.tier, text,
      chars: cpLength(text), tokens: countTokens(text), estimatedTokens: estimateTokens(text),
      cached: entry.cached, bytes: { start, end: bytePos }, hash: sha256(text),
      sources: part.sources, provenance: part.provenance, notes: part.notes,
    });
  }
  const prefix = prompt.slice(0, prefixEnd);
  const tierPrefixes = [...tierEnds].map(([tier, end]): TierPrefix => {
    const text = prompt.slice(0, end);
    return { tier, bytes: utf8Length(text), hash: sha256(text), tokens: countTokens(text) };
  });
  return {
    layout: layout.id,
    prompt,
    prefix,
    prefixHash: sha256(prefix),
    prefixBytes: utf8Length(prefix),
    prefixTokens: countTokens(prefix),
    totalTokens: countTokens(prompt),
    layers,
    tierPrefixes,
    warnings,
    config: { path: configLoad.path, loaded: configLoad.loaded, error: configLoad.error },
    inputs: { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform, model: ctx.model, timezone: ctx.timezone, maxChars: ctx.maxChars, tools: ctx.tools },
  };
}
