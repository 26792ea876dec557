import * as path from 'node:path';
import * as yaml from 'js-yaml';
import type { HermesConfig } from './config';
import { buildContextFiles, loadContextFile } from './contextFiles';
import type { FileSystem } from './fs';
import { executionGuidanceApplies, KNOWN_PLATFORMS, toolUseEnforcementApplies, type HermesTexts } from './guidance';
import type { LayerId } from './layout';
import { DEFAULT_MEMORY_CHAR_LIMIT, DEFAULT_USER_CHAR_LIMIT, parseMemoryEntries, renderMemoryBlock, sanitizeEntries, type MemoryTarget } from './memory';
import type { Provenance } from './provenance';
import type { PatternTable } from './threatPatterns';
import { buildSkillsIndex } from './skills';
import { readText, unreadableMessage, type Source } from './source';
import { buildTimestampLine, sessionStart } from './timestamp';
import type { ResolvedZone } from './timezone';
import { truncateContent } from './truncate';

/** Everything a part needs to render; resolved once per build. */
export interface PartContext {
  fs: FileSystem;
  cwd: string;
  home: string;
  config: HermesConfig;
  texts: HermesTexts;
  textsProvenance: Provenance;
  /** HermesTexts fields that are built-in although an installation supplied the rest, with the reason. */
  textFallbacks: Record<string, string>;
  /** The threat table: the built-in port, or the user's Hermes' own. */
  table?: PatternTable;
  platform: string;
  model?: string;
  provider?: string;
  sessionId?: string;
  passSessionId: boolean;
  now: Date;
  /** The display zone, and why a configured one was not used. */
  zone: ResolvedZone;
  maxChars: number;
  tools: string[];
  toolsets: string[];
  hostPlatform: string;
  skipContextFiles: boolean;
  systemMessage?: string;
  layout: string;
  host: { system: string; release: string; userHome: string };
}

export interface Part {
  text: string;
  sources: Source[];
  provenance: Provenance;
  notes: string[];
}

/** The provenance of a text made from these HermesTexts fields. */
function textProvenance(ctx: PartContext, ...fields: (keyof HermesTexts)[]): Provenance {
  const missing = fields.filter((f) => ctx.textFallbacks[f]);
  if (!missing.length) return ctx.textsProvenance;
  return { origin: 'builtin', approximate: true, detail: `Built-in text, because in your Hermes ${missing.map((f) => ctx.textFallbacks[f]).join('; ')}.` };
}

const none = (detail: string): Provenance => ({ origin: 'none', approximate: false, detail });
const fromHome = (detail: string): Provenance => ({ origin: 'hermes_home', approximate: false, detail });

/** `load_soul_md`: SOUL.md from HERMES_HOME, scanned (user-authored files only warn) and capped. */
export function loadSoul(ctx: PartContext): { text?: string; source: Source; warning?: string } {
  const file = path.join(ctx.home, 'SOUL.md');
  const userAuthored = isUserAuthored(ctx.fs, ctx.home);
  const loaded = loadContextFile({ fs: ctx.fs, table: ctx.table }, file, 'SOUL.md', 'soul', userAuthored);
  if (loaded.source.status === 'missing') loaded.source.message = 'No SOUL.md in HERMES_HOME: Hermes uses its default identity.';
  if (!loaded.content) return { source: loaded.source };
  // Hermes: utf-8-sig drops one BOM at byte 0; str.strip() leaves U+FEFF alone (it is not whitespace in
  // Python); _scan_context_content drops one more leading U+FEFF. If that leaves "", load_soul_md returns ""
  // and the falsy result selects DEFAULT_AGENT_IDENTITY. So BOM + whitespace + BOM is empty, but a third BOM
  // survives and is scanned (invisible_unicode_U+FEFF: loaded as written, or blocked when a distribution owns it).
  if (!loaded.body) {
    loaded.source.status = 'empty';
    loaded.source.message = 'Only byte-order marks and whitespace: nothing is left once Hermes removes them, so it uses its default identity.';
    return { source: loaded.source };
  }
  const t = truncateContent(loaded.body, 'SOUL.md', ctx.maxChars, file);
  if (t.truncated) {
    if (loaded.source.status === 'loaded') loaded.source.status = 'truncated';
    loaded.source.message = `Truncated by Hermes: ${t.originalChars} characters exceed the ${t.maxChars}-character cap.`;
  }
  return { text: t.text, source: loaded.source, warning: t.warning };
}

/** SOUL.md is the user's own unless a distribution.yaml beside it claims it (spec §2.7). */
function isUserAuthored(fs: FileSystem, home: string): boolean {
  const manifest = readText(fs, path.join(home, 'distribution.yaml'));
  if (!manifest.ok) return manifest.missing;
  try {
    const data = yaml.load(manifest.text) as Record<string, unknown> | null;
    const owned = data && typeof data === 'object' ? data.distribution_owned : undefined;
    return Array.isArray(owned) && owned.length > 0 && !owned.includes('SOUL.md');
  } catch {
    return false;
  }
}

function identity(ctx: PartContext): Part {
  if (ctx.skipContextFiles) {
    return { text: ctx.texts.defaultIdentity, sources: [], provenance: textProvenance(ctx, 'defaultIdentity'), notes: ['Context files are skipped (sub-agent): Hermes uses its default identity.'] };
  }
  const soul = loadSoul(ctx);
  if (soul.source.status === 'missing' && ctx.layout === 'tiered') {
    // Current Hermes seeds SOUL.md with DEFAULT_SOUL_MD (ensure_hermes_home) before reading it.
    soul.source.message = 'No SOUL.md yet: Hermes creates it with its default text on first start, and that text is the identity.';
    return { text: ctx.texts.defaultSoul ?? ctx.texts.defaultIdentity, sources: [soul.source], provenance: textProvenance(ctx, ctx.texts.defaultSoul ? 'defaultSoul' : 'defaultIdentity'), notes: ['Seeded default SOUL.md.'] };
  }
  if (soul.text) {
    return { text: soul.text, sources: [soul.source], provenance: fromHome(`SOUL.md in ${ctx.home}`), notes: soul.warning ? [soul.warning] : [] };
  }
  return { text: ctx.texts.defaultIdentity, sources: [soul.source], provenance: textProvenance(ctx, 'defaultIdentity'), notes: ["Hermes' default identity (no usable SOUL.md)."] };
}

/** A config.yaml `agent.<key>` switch that defaults to on. */
function agentSwitch(ctx: PartContext, key: string): boolean {
  const v = ctx.config.agent[key];
  return v === undefined || v === null ? true : v !== false && !['false', 'off', 'no', '0'].includes(String(v).toLowerCase());
}

/**
 * The guidance blocks. The documented layout has the tool-aware block and tool-use enforcement; the tiered
 * layout adds, in Hermes' order (spec §1.2 item 3), task completion, parallel calls, the skills rule, the steer
 * note, Google's operational guidance and the async hand-off — each only when its text is known.
 */
function toolGuidance(ctx: PartContext): Part {
  const tiered = ctx.layout === 'tiered';
  const anyTools = ctx.tools.length > 0;
  const used: (keyof HermesTexts)[] = [];
  const notes: string[] = [];
  const missing: string[] = [];
  const blocks: string[] = [];
  const add = (field: keyof HermesTexts, constant: string, into: string[] = blocks): void => {
    const text = ctx.texts[field];
    if (typeof text === 'string' && text) {
      into.push(text);
      used.push(field);
    } else {
      missing.push(constant);
    }
  };
  if (tiered && anyTools && agentSwitch(ctx, 'task_completion_guidance')) add('taskCompletion', 'TASK_COMPLETION_GUIDANCE');
  if (tiered && anyTools && agentSwitch(ctx, 'parallel_tool_call_guidance')) add('parallelToolCalls', 'PARALLEL_TOOL_CALL_GUIDANCE');
  const pieces: string[] = [];
  if (ctx.tools.includes('memory') && (ctx.config.memoryEnabled || ctx.config.userProfileEnabled)) add('memoryGuidance', 'MEMORY_GUIDANCE', pieces);
  if (ctx.tools.includes('session_search')) add('sessionSearchGuidance', 'SESSION_SEARCH_GUIDANCE', pieces);
  if (tiered && ctx.tools.includes('skill_manage')) add('skillsGuidance', 'SKILLS_GUIDANCE', pieces);
  if (pieces.length) blocks.push(pieces.join(' '));
  if (tiered && anyTools) add('steerNote', 'STEER_CHANNEL_NOTE');
  const model = ctx.model ?? '';
  if (model && toolUseEnforcementApplies(ctx.config.toolUseEnforcement, model)) {
    add('toolUseEnforcement', 'TOOL_USE_ENFORCEMENT_GUIDANCE');
    notes.push(`Tool-use enforcement is included for model ${model}.`);
    if (tiered && /gemini|gemma/i.test(model)) add('googleModelGuidance', 'GOOGLE_MODEL_OPERATIONAL_GUIDANCE');
  }
  if (tiered && model && executionGuidanceApplies(ctx.config.agent.execution_guidance, model)) {
    notes.push(`Hermes adds its "# Execution discipline" block for model ${model}; that text is built by a function (execution_guidance_text) and is not shown.`);
  }
  if (tiered && ctx.tools.includes('delegate_task')) add('asyncHandoff', 'ASYNC_HANDOFF_GUIDANCE');
  if (missing.length) notes.push(`Not shown, because its text is only available from a Hermes installation: ${missing.join(', ')}.`);
  const provenance = textProvenance(ctx, ...used);
  return { text: blocks.join('\n\n'), sources: [], provenance: missing.length ? { ...provenance, approximate: true } : provenance, notes };
}

function honcho(): Part {
  return { text: '', sources: [], provenance: none('Honcho writes this block at session start from its own service; it cannot be previewed from files.'), notes: [] };
}

function systemMessage(ctx: PartContext): Part {
  const text = ctx.systemMessage ?? '';
  return { text, sources: [], provenance: text ? { origin: 'config', approximate: false, detail: 'system_message option or config.yaml' } : none('No system message configured.'), notes: [] };
}

function memoryPart(ctx: PartContext, target: MemoryTarget): Part {
  const fileName = target === 'user' ? 'USER.md' : 'MEMORY.md';
  const file = path.join(ctx.home, 'memories', fileName);
  const enabled = target === 'user' ? ctx.config.userProfileEnabled : ctx.config.memoryEnabled;
  const limit = (target === 'user' ? ctx.config.userCharLimit : ctx.config.memoryCharLimit) ?? (target === 'user' ? DEFAULT_USER_CHAR_LIMIT : DEFAULT_MEMORY_CHAR_LIMIT);
  const source: Source = { path: file, label: `memories/${fileName}`, kind: target === 'user' ? 'user_profile' : 'memory', status: 'loaded', findings: [] };
  const provenance = fromHome(`${fileName} in ${path.join(ctx.home, 'memories')}, frozen at session start`);
  const read = readText(ctx.fs, file);
  if (!read.ok) {
    source.status = read.missing ? 'missing' : 'unreadable';
    source.message = read.missing ? `No ${fileName}: nothing to snapshot.` : unreadableMessage(read);
    return { text: '', sources: [source], provenance, notes: [] };
  }
  if (!enabled || !ctx.tools.includes('memory')) {
    source.status = 'shadowed';
    source.message = !enabled ? `Not loaded: ${target === 'user' ? 'memory.user_profile_enabled' : 'memory.memory_enabled'} is false in config.yaml.` : 'Not loaded: the memory tool is not enabled.';
    return { text: '', sources: [source], provenance, notes: [] };
  }
  if (!read.validUtf8) {
    source.status = 'unreadable';
    source.message = unreadableMessage(read);
    return { text: '', sources: [source], provenance, notes: [] };
  }
  // Hermes reads memory with plain "utf-8", so a BOM stays in the first entry.
  const entries = sanitizeEntries(parseMemoryEntries((read.hadBom ? '\ufeff' : '') + read.text), fileName, ctx.table);
  const text = renderMemoryBlock(target, entries.map((e) => e.text), limit);
  const blocked = entries.filter((e) => e.blocked);
  if (!entries.length) {
    source.status = 'empty';
    source.message = `${fileName} has no entries.`;
  } else if (blocked.length) {
    source.status = 'blocked';
    source.message = `${blocked.length} of ${entries.length} entries are replaced by [BLOCKED] notices (${[...new Set(blocked.flatMap((e) => e.ids))].join(', ')}).`;
  }
  return { text, sources: [source], provenance, notes: [] };
}

const skillsMemo = new WeakMap<PartContext, Part>();

/** Built once per context: the help-pointer slot of the tiered layout depends on the index too. */
function skills(ctx: PartContext): Part {
  let part = skillsMemo.get(ctx);
  if (!part) {
    part = buildSkillsPart(ctx);
    skillsMemo.set(ctx, part);
  }
  return part;
}

function buildSkillsPart(ctx: PartContext): Part {
  const hasSkillTools = ['skills_list', 'skill_view', 'skill_manage'].some((t) => ctx.tools.includes(t));
  const files = `SKILL.md files under ${path.join(ctx.home, 'skills')}`;
  const provenance: Provenance = ctx.texts.skillsPreamble
    ? fromHome(files)
    : { origin: 'hermes_home', approximate: true, detail: `${files}; the preamble above the list is a shortened built-in text.` };
  if (!hasSkillTools) return { text: '', sources: [], provenance: none('No skills tool is enabled.'), notes: [] };
  const disabled = [...ctx.config.disabledSkills, ...(ctx.config.platformDisabledSkills[ctx.platform] ?? [])];
  const index = buildSkillsIndex(ctx.fs, {
    skillsDirs: [path.join(ctx.home, 'skills'), ...ctx.config.externalSkillDirs],
    tools: ctx.tools, toolsets: ctx.toolsets, disabled, hostPlatform: ctx.hostPlatform, environments: [],
  }, ctx.texts.skillsPreamble);
  return { text: index.text, sources: index.sources, provenance, notes: index.notes };
}

function contextFiles(ctx: PartContext): Part {
  if (ctx.skipContextFiles) return { text: '', sources: [], provenance: none('Context files are skipped for this agent.'), notes: [] };
  const result = buildContextFiles(ctx.fs, { cwd: ctx.cwd, maxChars: ctx.maxChars, table: ctx.table });
  return { text: result.text, sources: result.sources, provenance: { origin: 'workspace', approximate: false, detail: `Project context discovered from ${ctx.cwd}` }, notes: result.warnings };
}

function timestamp(ctx: PartContext): Part {
  const start = sessionStart(ctx.sessionId) ?? ctx.now;
  const zone = ctx.zone;
  const text = buildTimestampLine({
    start, now: ctx.now, timezone: zone.key, zoneFile: zone.file, sessionId: ctx.sessionId, passSessionId: ctx.passSessionId,
    model: ctx.model, provider: ctx.provider, platform: ctx.platform,
  });
  const notes: string[] = [];
  if (zone.warning) notes.push(zone.warning);
  if (ctx.sessionId && !ctx.passSessionId) notes.push('No "Session ID:" line: Hermes prints it only when started with --pass-session-id.');
  if (ctx.passSessionId && !ctx.sessionId) notes.push('Hermes started with --pass-session-id adds "Session ID: <id>" here; give a session id to see it.');
  const where = zone.key ? `${zone.key} (${zone.origin ?? '--timezone'})` : "the server's local time zone";
  return { text, sources: [], provenance: { origin: 'config', approximate: false, detail: `Date of the session start in ${where}` }, notes };
}

function platformHint(ctx: PartContext): Part {
  const key = ctx.platform.trim().toLowerCase();
  const notes: string[] = [];
  let text = ctx.texts.platformHints[key] ?? '';
  let provenance = text ? textProvenance(ctx, 'platformHints') : none(`No hint text for platform '${key}'.`);
  if (!text && (KNOWN_PLATFORMS as readonly string[]).includes(key)) {
    provenance = { origin: 'builtin', approximate: true, detail: `Hermes has a '${key}' hint, but its text is only available from a Hermes installation.` };
    notes.push(provenance.detail);
  } else if (!(KNOWN_PLATFORMS as readonly string[]).includes(key)) {
    notes.push(`Unknown platform '${key}': Hermes adds no built-in hint (a plugin adapter may supply one).`);
  }
  const custom = ctx.config.platformHints[key];
  if (typeof custom === 'string' && custom.trim()) {
    text = [text, custom.trim()].filter(Boolean).join('\n\n');
  } else if (custom && typeof custom === 'object') {
    const { replace, append } = custom as { replace?: unknown; append?: unknown };
    if (typeof replace === 'string') text = replace.trim();
    if (typeof append === 'string' && append.trim()) text = [text, append.trim()].filter(Boolean).join('\n\n');
  }
  if (custom) provenance = { origin: 'config', approximate: provenance.approximate, detail: `platform_hints.${key} in config.yaml` };
  return { text, sources: [], provenance, notes };
}

/** The NO_SKILLS pointer, swapped for the skill-naming one when skill_view exists and the hermes-agent skill is listed (spec §1.2). */
function hermesHelp(ctx: PartContext): Part {
  const withSkill = ctx.tools.includes('skill_view') && skills(ctx).text.includes('- hermes-agent:') && ctx.texts.hermesHelpWithSkill;
  const text = (withSkill || ctx.texts.hermesHelp) ?? '';
  return {
    text, sources: [],
    provenance: text ? ctx.textsProvenance : { origin: 'builtin', approximate: true, detail: "Hermes' help pointer (HERMES_AGENT_HELP_GUIDANCE) is only available from a Hermes installation." },
    notes: text ? [] : ['This slot holds a short pointer to the Hermes documentation in real prompts; its text is not built in.'],
  };
}

/** `build_environment_hints` for a local terminal backend, framed as in the tiered layout (spec §7.3). */
function runtimeEnvironment(ctx: PartContext): Part {
  const hints = [`Host: ${ctx.host.system} (${ctx.host.release})\nUser home directory: ${ctx.host.userHome}\nCurrent working directory: ${ctx.cwd}`];
  const heading = '# Hermes runtime environment';
  const body = hints.join('\n\n').split(heading).join('> ' + heading);
  return {
    text: `${heading}\n\n${body}\n\n<!-- End Hermes runtime environment -->`,
    sources: [],
    provenance: { origin: 'config', approximate: true, detail: 'Local-backend host lines from this machine; newer releases add a scratch-directory line.' },
    notes: [],
  };
}

export const PART_BUILDERS: Record<LayerId, (ctx: PartContext) => Part> = {
  hermes_help: hermesHelp,
  runtime_environment: runtimeEnvironment,
  identity,
  tool_guidance: toolGuidance,
  honcho,
  system_message: systemMessage,
  memory: (ctx) => memoryPart(ctx, 'memory'),
  user_profile: (ctx) => memoryPart(ctx, 'user'),
  skills,
  context_files: contextFiles,
  timestamp,
  platform_hint: platformHint,
};
