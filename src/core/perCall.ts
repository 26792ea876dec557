import * as path from 'node:path';
import type { HermesConfig } from './config';
import type { FileSystem } from './fs';
import { readText, type Source } from './source';
import { cpLength, pyStrip } from './text';
import { countTokens } from './tokens';

/**
 * What Hermes sends with each API call but keeps out of the cached system prompt (spec §8): the ephemeral
 * system prompt, prefill messages, the gateway's session-context overlay and later-turn memory-provider
 * recall. Each says what feeds it, where, and why it stays out of the prefix.
 */
export type PerCallId = 'ephemeral_system_prompt' | 'prefill_messages' | 'gateway_overlay' | 'memory_recall';

export interface PerCallFeed {
  /** The environment variable, config.yaml key, file or runtime input, as the user would name it. */
  name: string;
  kind: 'env' | 'config' | 'file' | 'runtime';
  /** What it is set to (for a file, its resolved path), when set. */
  value?: string;
  /** Hermes takes this one: the first that is set, in Hermes' order. */
  used: boolean;
}

/** active: its text is known from files and settings; runtime: Hermes adds it, but the text only exists at run time. */
export type PerCallStatus = 'active' | 'inactive' | 'runtime' | 'unreadable';

export interface PerCallLayer {
  id: PerCallId;
  title: string;
  /** Where it enters the request. */
  placement: string;
  status: PerCallStatus;
  /** The text sent, when known; "" otherwise. */
  text: string;
  chars: number;
  tokens: number;
  feeds: PerCallFeed[];
  /** One line: why Hermes keeps it out of the cached prefix. */
  whyNotCached: string;
  sources: Source[];
  notes: string[];
}

export interface PerCallInputs {
  fs: FileSystem;
  home: string;
  userHome: string;
  env: NodeJS.ProcessEnv;
  config: HermesConfig;
  platform: string;
}

/** Surfaces where Hermes runs without the messaging gateway's per-message session context. */
const LOCAL_SURFACES = ['cli', 'tui'];

function layer(id: PerCallId, title: string, placement: string, whyNotCached: string, status: PerCallStatus, text: string, feeds: PerCallFeed[], sources: Source[] = [], notes: string[] = []): PerCallLayer {
  return { id, title, placement, status, text, chars: cpLength(text), tokens: text ? countTokens(text) : 0, feeds, whyNotCached, sources, notes };
}

/** cli.py: `os.getenv("HERMES_EPHEMERAL_SYSTEM_PROMPT", "") or CLI_CONFIG["agent"].get("system_prompt", "")`; neither is stripped. */
function ephemeral(i: PerCallInputs): PerCallLayer {
  const env = i.env.HERMES_EPHEMERAL_SYSTEM_PROMPT ?? '';
  const cfg = i.config.ephemeralSystemPrompt ?? '';
  const text = env || cfg;
  const notes: string[] = [];
  if (i.config.personalities.length) notes.push(`A /personality command replaces this text for the session (config.yaml agent.personalities: ${i.config.personalities.join(', ')}).`);
  return layer(
    'ephemeral_system_prompt', 'Ephemeral system prompt',
    'Appended to the system message at every API call: (cached prompt + blank line + this), stripped.',
    'It may change between calls (a /personality switch, a gateway overlay), so it follows the cached bytes instead of rewriting them, and it is never stored with the session.',
    text ? 'active' : 'inactive', text,
    [
      { name: 'HERMES_EPHEMERAL_SYSTEM_PROMPT', kind: 'env', value: env || undefined, used: Boolean(env) },
      { name: 'config.yaml agent.system_prompt', kind: 'config', value: cfg || undefined, used: !env && Boolean(cfg) },
    ],
    [], notes,
  );
}

/** cli.py `_resolve_prefill_messages_file` + `_load_prefill_messages`: a JSON array, relative paths under HERMES_HOME. */
function prefill(i: PerCallInputs): PerCallLayer {
  const env = pyStrip(i.env.HERMES_PREFILL_MESSAGES_FILE ?? '');
  const top = i.config.prefillMessagesKey === 'prefill_messages_file' ? i.config.prefillMessagesFile : undefined;
  const legacy = i.config.prefillMessagesKey === 'agent.prefill_messages_file' ? i.config.prefillMessagesFile : undefined;
  const configured = env || i.config.prefillMessagesFile || '';
  const feeds: PerCallFeed[] = [
    { name: 'HERMES_PREFILL_MESSAGES_FILE', kind: 'env', value: env || undefined, used: Boolean(env) },
    { name: 'config.yaml prefill_messages_file', kind: 'config', value: top, used: !env && Boolean(top) },
    { name: 'config.yaml agent.prefill_messages_file (legacy)', kind: 'config', value: legacy, used: !env && !top && Boolean(legacy) },
  ];
  const make = (status: PerCallStatus, text: string, sources: Source[] = [], notes: string[] = []) => layer(
    'prefill_messages', 'Prefill messages',
    'Inserted right after the system message and before the conversation, at every API call.',
    'Few-shot priming re-sent with every call but never saved, so the stored prompt and transcript stay exactly what the session built.',
    status, text, feeds, sources, notes,
  );
  if (!configured) return make('inactive', '');
  const expanded = configured === '~' || configured.startsWith('~/') ? path.join(i.userHome, configured.slice(1)) : configured;
  const file = path.isAbsolute(expanded) ? expanded : path.join(i.home, expanded);
  feeds.push({ name: 'prefill messages file', kind: 'file', value: file, used: true });
  const source: Source = { path: file, label: path.basename(file), kind: 'config', status: 'loaded', findings: [] };
  const fail = (status: Source['status'], message: string) => {
    source.status = status;
    source.message = message;
    return make('unreadable', '', [source], [message]);
  };
  const read = readText(i.fs, file);
  if (!read.ok) return fail(read.missing ? 'missing' : 'unreadable', read.missing ? `Hermes logs "Prefill messages file not found: ${file}" and sends none.` : `Hermes cannot read it (it ${read.message}) and sends none.`);
  // Hermes opens it as plain "utf-8", and json.load refuses a byte-order mark.
  if (!read.validUtf8 || read.hadBom) return fail('unreadable', `Not loadable as JSON by Hermes (${read.hadBom ? 'it starts with a byte-order mark' : 'it is not valid UTF-8'}); Hermes logs a warning and sends no prefill messages.`);
  let data: unknown;
  try {
    data = JSON.parse(read.text);
  } catch (err) {
    return fail('unreadable', `Not valid JSON (${(err as Error).message}); Hermes logs a warning and sends no prefill messages.`);
  }
  if (!Array.isArray(data)) return fail('unreadable', 'Not a JSON array; Hermes logs "Prefill messages file must contain a JSON array" and sends none.');
  const text = data.map(describeMessage).join('\n\n');
  source.message = `${data.length} message(s), shown one per paragraph as role: content.`;
  return make('active', text, [source], []);
}

function describeMessage(m: unknown): string {
  if (m && typeof m === 'object' && !Array.isArray(m)) {
    const { role, content } = m as { role?: unknown; content?: unknown };
    return `${typeof role === 'string' ? role : '?'}: ${typeof content === 'string' ? content : JSON.stringify(content ?? null)}`;
  }
  return JSON.stringify(m);
}

function gatewayOverlay(i: PerCallInputs): PerCallLayer {
  const viaGateway = !LOCAL_SURFACES.includes(i.platform);
  return layer(
    'gateway_overlay', 'Gateway session context',
    'Sent with the ephemeral system prompt for each incoming message on a messaging platform.',
    'It describes the message being answered (which platform, chat and user, a reset notice after an expired session), which changes per message; in the cached prompt it would invalidate the cache every turn.',
    viaGateway ? 'runtime' : 'inactive', '',
    [{ name: 'the messaging gateway, per incoming message (platform, chat, user)', kind: 'runtime', used: viaGateway }],
    [],
    [viaGateway
      ? `On ${i.platform} the gateway writes this block for every message; its text depends on the chat and cannot be previewed from files.`
      : `Not used on ${i.platform}: only messages that arrive through the gateway carry a session-context block.`],
  );
}

function memoryRecall(i: PerCallInputs): PerCallLayer {
  const provider = i.config.memoryProvider;
  return layer(
    'memory_recall', 'Memory-provider recall',
    'Fenced as <memory-context> inside the current user message, from the second turn on.',
    'Recall depends on the question being asked, so it changes every turn; it goes into the user message so the system prompt stays byte-identical.',
    provider ? 'runtime' : 'inactive', '',
    [{ name: 'config.yaml memory.provider', kind: 'config', value: provider, used: Boolean(provider) }],
    [],
    [provider
      ? `${provider} recalls memories for each question; the text comes from the provider at run time and is not stored in the session.`
      : 'No external memory provider is configured (memory.provider is empty).'],
  );
}

export function buildPerCallLayers(i: PerCallInputs): PerCallLayer[] {
  return [ephemeral(i), prefill(i), gatewayOverlay(i), memoryRecall(i)];
}
