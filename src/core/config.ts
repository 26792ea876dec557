import * as yaml from 'js-yaml';
import * as path from 'node:path';
import type { FileSystem } from './fs';
import { readText } from './source';
import { pyStrip } from './text';

/** The parts of HERMES_HOME/config.yaml that shape the prompt. Everything is optional. */
export interface HermesConfig {
  model?: string;
  provider?: string;
  systemMessage?: string;
  /** The raw `timezone` string; Hermes strips it and ignores it when blank (src/core/timezone.ts). */
  timezone?: string;
  contextFileMaxChars?: number;
  memoryEnabled: boolean;
  userProfileEnabled: boolean;
  memoryCharLimit?: number;
  userCharLimit?: number;
  toolUseEnforcement?: unknown;
  /** The `agent:` section as written (guidance switches and gates). */
  agent: Record<string, unknown>;
  disabledSkills: string[];
  platformDisabledSkills: Record<string, string[]>;
  externalSkillDirs: string[];
  /** Tool names, when config.yaml lists them. */
  tools?: string[];
  platformHints: Record<string, unknown>;
  /** `agent.system_prompt`: the ephemeral system prompt sent with every API call, never cached. */
  ephemeralSystemPrompt?: string;
  /** `prefill_messages_file`, else the legacy `agent.prefill_messages_file` (Python-stripped, may be ""). */
  prefillMessagesFile?: string;
  /** Which key `prefillMessagesFile` came from. */
  prefillMessagesKey?: string;
  /** `agent.personalities`: names a `/personality` command can switch the ephemeral prompt to. */
  personalities: string[];
  /** `memory.provider`: an external memory provider (honcho, …) whose recall is injected per turn. */
  memoryProvider?: string;
}

export interface ConfigLoad {
  config: HermesConfig;
  path: string;
  /** True when config.yaml exists and parsed. */
  loaded: boolean;
  /** A readable reason when config.yaml exists but could not be used. */
  error?: string;
}

const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const asString = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string' || typeof x === 'number').map(String) : []);
const asBool = (v: unknown, dflt: boolean): boolean => (typeof v === 'boolean' ? v : dflt);

export function emptyConfig(): HermesConfig {
  return { memoryEnabled: true, userProfileEnabled: true, agent: {}, disabledSkills: [], platformDisabledSkills: {}, externalSkillDirs: [], platformHints: {}, personalities: [] };
}

/** Maps a parsed config.yaml to HermesConfig; unknown or ill-typed keys are ignored, as Hermes' .get() chains do. */
export function interpretConfig(raw: unknown, homeDir: string): HermesConfig {
  const root = asRecord(raw);
  const model = root.model;
  const modelRec = asRecord(model);
  const memory = asRecord(root.memory);
  const agent = asRecord(root.agent);
  const skills = asRecord(root.skills);
  const platformDisabled: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(asRecord(skills.platform_disabled))) platformDisabled[k] = asStrings(v);
  const expand = (p: string) => (p.startsWith('~') ? path.join(homeDir, p.slice(1)) : p);
  return {
    model: asString(model) ?? asString(modelRec.default) ?? asString(modelRec.name),
    provider: asString(modelRec.provider) ?? asString(root.provider),
    systemMessage: asString(root.system_message) ?? asString(agent.system_message),
    timezone: typeof root.timezone === 'string' ? root.timezone : undefined,
    contextFileMaxChars: asNumber(root.context_file_max_chars),
    memoryEnabled: asBool(memory.memory_enabled, true),
    userProfileEnabled: asBool(memory.user_profile_enabled, true),
    memoryCharLimit: asNumber(memory.memory_char_limit),
    userCharLimit: asNumber(memory.user_char_limit),
    toolUseEnforcement: agent.tool_use_enforcement,
    agent,
    disabledSkills: asStrings(skills.disabled),
    platformDisabledSkills: platformDisabled,
    externalSkillDirs: asStrings(skills.external_dirs).map(expand),
    tools: Array.isArray(root.tools) ? asStrings(root.tools) : undefined,
    platformHints: asRecord(root.platform_hints),
    ephemeralSystemPrompt: typeof agent.system_prompt === 'string' ? agent.system_prompt : undefined,
    ...prefillFile(root, agent),
    personalities: Object.keys(asRecord(agent.personalities)),
    memoryProvider: typeof memory.provider === 'string' && pyStrip(memory.provider) ? pyStrip(memory.provider) : undefined,
  };
}

/** Hermes' order (cli.py `_resolve_prefill_messages_file`): top-level key, then the legacy `agent.` one; values are str()-ed and stripped. */
function prefillFile(root: Record<string, unknown>, agent: Record<string, unknown>): { prefillMessagesFile?: string; prefillMessagesKey?: string } {
  const text = (v: unknown) => (v === undefined || v === null || v === false || v === '' ? '' : pyStrip(String(v)));
  const top = text(root.prefill_messages_file);
  if (top) return { prefillMessagesFile: top, prefillMessagesKey: 'prefill_messages_file' };
  const legacy = text(agent.prefill_messages_file);
  return legacy ? { prefillMessagesFile: legacy, prefillMessagesKey: 'agent.prefill_messages_file' } : {};
}

export function loadConfig(fs: FileSystem, hermesHome: string, userHome: string): ConfigLoad {
  const file = path.join(hermesHome, 'config.yaml');
  const read = readText(fs, file);
  if (!read.ok) {
    return { config: emptyConfig(), path: file, loaded: false, error: read.missing ? undefined : `config.yaml ${read.message}; using defaults` };
  }
  try {
    const raw = yaml.load(read.text, { filename: file, json: true });
    if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
      return { config: emptyConfig(), path: file, loaded: false, error: 'config.yaml is not a mapping of keys to values; using defaults' };
    }
    return { config: interpretConfig(raw, userHome), path: file, loaded: true };
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0];
    return { config: emptyConfig(), path: file, loaded: false, error: `config.yaml is not valid YAML (${reason}); using defaults` };
  }
}
