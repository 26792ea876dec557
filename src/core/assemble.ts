import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig, type ConfigLoad } from './config';
import type { FileSystem } from './fs';
import { BUILTIN_TEXTS, KNOWN_PLATFORMS, type HermesTexts } from './guidance';
import { sha256 } from './hash';
import { getLayout, UsageError, type LayerId, type Layout, type TierId } from './layout';
import { PART_BUILDERS, type PartContext } from './parts';
import { buildPerCallLayers, type PerCallLayer } from './perCall';
import { BUILTIN_APPROXIMATION, type Provenance } from './provenance';
import type { Source } from './source';
import type { PatternTable } from './threatPatterns';
import { cpLength, pyStrip } from './text';
import type { LocalDateTime } from './dateInput';
import { localToInstant, zonedParts } from './timestamp';
import { checkExplicitZone, resolveHermesZone, type ResolvedZone } from './timezone';
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
  /** Hermes' `--pass-session-id`: print the session id in the timestamp part. */
  passSessionId?: boolean;
  /** The build instant; a wall-clock time without offset is read in the display zone. */
  now?: Date | LocalDateTime;
  /** A zone given explicitly (our --timezone); it replaces HERMES_TIMEZONE and config.yaml and must be valid. */
  timezone?: string;
  /** The environment Hermes would see (HERMES_TIMEZONE, PYTHONTZPATH); defaults to this process's. */
  env?: NodeJS.ProcessEnv;
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
  /** What Hermes adds at each API call outside the cached prompt (ephemeral prompt, prefill, gateway, recall). */
  perCall: PerCallLayer[];
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

/** The display zone: an explicit --timezone, else Hermes' own resolution (which warns and falls back). */
function resolveZone(opts: AssembleOptions, configLoad: ConfigLoad): ResolvedZone {
  const env = opts.env ?? process.env;
  if (opts.timezone === undefined) return resolveHermesZone(env, configLoad.config.timezone);
  const checked = checkExplicitZone(opts.timezone, env);
  if ('problem' in checked) throw new UsageError(`--timezone '${opts.timezone}' ${checked.problem} (use an IANA name such as Europe/Berlin, spelled as in the tz database)`);
  return { key: checked.key, file: checked.file };
}

function inPythonRange(instant: Date, zone: string | undefined): boolean {
  const year = zonedParts(instant, zone).year;
  return year >= 1 && year <= 9999;
}

function resolveContext(opts: AssembleOptions, configLoad: ConfigLoad): PartContext {
  const config = configLoad.config;
  const zone = resolveZone(opts, configLoad);
  if (opts.contextLength !== undefined && (!Number.isInteger(opts.contextLength) || opts.contextLength <= 0)) {
    throw new UsageError(`--context-length must be a positive whole number of tokens, not '${opts.contextLength}'`);
  }
  const now = opts.now === undefined ? new Date() : opts.now instanceof Date ? opts.now : localToInstant(opts.now, zone.key);
  if (Number.isNaN(now.getTime())) throw new UsageError('the start time is not a valid date');
  if (!inPythonRange(now, zone.key)) throw new UsageError(`the build date falls outside the years 0001 to 9999 in ${zone.key ?? 'the local time zone'}`);
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
    passSessionId: opts.passSessionId ?? false,
    now,
    zone,
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
  if (ctx.zone.warning) warnings.push(ctx.zone.warning);
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
    perCall: buildPerCallLayers({ fs: opts.fs, home: ctx.home, userHome: ctx.host.userHome, env: opts.env ?? process.env, config: ctx.config, platform: ctx.platform }),
    warnings,
    config: { path: configLoad.path, loaded: configLoad.loaded, error: configLoad.error },
    inputs: { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform, model: ctx.model, timezone: ctx.zone.key, maxChars: ctx.maxChars, tools: ctx.tools },
  };
}
