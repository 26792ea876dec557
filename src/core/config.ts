import * as path from 'node:path';
import type { FileSystem } from './fs';
import { parsePythonConstants, type PyValue } from './hermesSource/pyLiteral';
import { readText } from './source';
import { pyStrip } from './text';
import { pyFloatRepr, pyStr, pyTruthy } from './yaml/pyStr';
import { pyyamlSafeLoad } from './yaml/safeLoad';

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
const asNumber = (v: unknown): number | undefined =>
  typeof v === 'bigint' ? Number(v) : typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => ['string', 'number', 'bigint'].includes(typeof x)).map(String) : []);
const asBool = (v: unknown, dflt: boolean): boolean => (typeof v === 'boolean' ? v : dflt);

export function emptyConfig(): HermesConfig {
  return { memoryEnabled: true, userProfileEnabled: true, agent: {}, disabledSkills: [], platformDisabledSkills: {}, externalSkillDirs: [], platformHints: {}, personalities: [] };
}

/** Maps a parsed config.yaml to HermesConfig; unknown or ill-typed keys are ignored, as Hermes' .get() chains do. */
export function interpretConfig(raw: unknown, homeDir: string, hermesHome = path.join(homeDir, '.hermes'), env: Env = {}): HermesConfig {
  const root = asRecord(raw);
  const model = root.model;
  const modelRec = asRecord(model);
  const memory = asRecord(root.memory);
  const agent = asRecord(root.agent);
  const skills = asRecord(root.skills);
  const platformDisabled: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(asRecord(skills.platform_disabled))) if (v !== null) platformDisabled[k] = skillNameSet(v);
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
    disabledSkills: skillNameSet(skills.disabled),
    platformDisabledSkills: platformDisabled,
    externalSkillDirs: externalSkillDirs(skills.external_dirs, hermesHome, homeDir, env),
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
  const text = (v: unknown) => (pyTruthy(v) ? pyStrip(pyStr(v)) : '');
  const top = text(root.prefill_messages_file);
  if (top) return { prefillMessagesFile: top, prefillMessagesKey: 'prefill_messages_file' };
  const legacy = text(agent.prefill_messages_file);
  return legacy ? { prefillMessagesFile: legacy, prefillMessagesKey: 'agent.prefill_messages_file' } : {};
}

export function loadConfig(fs: FileSystem, hermesHome: string, userHome: string, env: Env = process.env): ConfigLoad {
  const file = path.join(hermesHome, 'config.yaml');
  const read = readText(fs, file);
  if (!read.ok) {
    return { config: emptyConfig(), path: file, loaded: false, error: read.missing ? undefined : `config.yaml ${read.message}; using defaults` };
  }
  const loaded = pyyamlSafeLoad(read.text);
  if (!loaded.ok) {
    const what = loaded.aliasBomb ? 'is refused' : 'is not valid YAML';
    return { config: emptyConfig(), path: file, loaded: false, error: `config.yaml ${what} (${loaded.reason}); using defaults` };
  }
  const raw = loaded.value;
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    return { config: emptyConfig(), path: file, loaded: false, error: 'config.yaml is not a mapping of keys to values; using defaults' };
  }
  return { config: interpretConfig(raw, userHome, hermesHome, { ...env, HERMES_HOME: hermesHome }), path: file, loaded: true };
}

type Env = Record<string, string | undefined>;

/**
 * `skills.disabled` (and each `platform_disabled` list) as Hermes' `_normalize_string_set` reads it: a list,
 * one name as a string, or a string holding a JSON/Python list (`hermes config set` writes those); names are
 * stripped and empty ones dropped.
 */
function skillNameSet(value: unknown): string[] {
  let names: string[] = [];
  if (typeof value === 'string') {
    const stripped = pyStrip(value);
    names = (stripped.startsWith('[') && literalList(stripped)) || [value];
  } else if (Array.isArray(value)) {
    names = value.map((v) => pyStr(v));
  }
  return [...new Set(names.map(pyStrip).filter(Boolean))];
}

/** `ast.literal_eval` of a list of scalars; undefined when Python would not produce such a list. */
function literalList(source: string): string[] | undefined {
  const parsed = parsePythonConstants(`value = ${source}\n`);
  const v = parsed.values.get('value');
  if (parsed.values.size !== 1 || parsed.refused.size || v?.kind !== 'list') return undefined;
  const out: string[] = [];
  for (const item of v.items) {
    const s = scalarStr(item);
    if (s === undefined) return undefined;
    out.push(s);
  }
  return out;
}

function scalarStr(v: PyValue): string | undefined {
  switch (v.kind) {
    case 'str': return v.value;
    case 'int': return String(v.value);
    case 'float': return pyFloatRepr(v.value);
    case 'bool': return v.value ? 'True' : 'False';
    case 'none': return 'None';
    default: return undefined;
  }
}

/**
 * `get_external_skills_dirs`: one path or a list; each entry stripped, `$VAR`/`${VAR}` and `~` expanded,
 * relative paths taken from HERMES_HOME. Existence, duplicates and the local skills dir are checked where
 * the walk starts (skills.ts), because they need the file system.
 */
function externalSkillDirs(value: unknown, hermesHome: string, userHome: string, env: Env): string[] {
  if (!pyTruthy(value)) return [];
  const entries = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const dirs: string[] = [];
  for (const entry of entries) {
    const text = pyStrip(pyStr(entry));
    if (!text) continue;
    const vars = text.replace(/\$([A-Za-z0-9_]+|\{[^}]*\})/g, (all, name: string) => {
      const key = name.startsWith('{') ? name.slice(1, -1) : name;
      return env[key] ?? all;
    });
    const expanded = vars === '~' || vars.startsWith('~/') ? userHome + vars.slice(1) : vars;
    dirs.push(path.resolve(hermesHome, expanded));
  }
  return dirs;
}
