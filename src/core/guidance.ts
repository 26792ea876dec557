/**
 * Hermes' fixed texts as the design note gives them (spec README: "where the product cannot read them
 * from the user's own Hermes installation it shows what the design note gives and says that the text is
 * approximate"). Exact texts come from an installation via HermesTexts.
 */
export interface HermesTexts {
  defaultIdentity: string;
  memoryGuidance: string;
  sessionSearchGuidance: string;
  toolUseEnforcement: string;
  platformHints: Record<string, string>;
  skillsPreamble?: (basicTools: string) => string;
  /** The tiered layout's help-pointer slot; not in the design note. */
  hermesHelp?: string;
  /** The variant naming skill_view(name='hermes-agent'). */
  hermesHelpWithSkill?: string;
  /** The text Hermes seeds SOUL.md with; the design note's default identity is that text. */
  defaultSoul?: string;
  /** Tiered-layout guidance blocks; none is in the design note, so they come only from an installation. */
  taskCompletion?: string;
  parallelToolCalls?: string;
  skillsGuidance?: string;
  steerNote?: string;
  googleModelGuidance?: string;
  asyncHandoff?: string;
}

export const BUILTIN_TEXTS: HermesTexts = {
  defaultIdentity:
    'You are Hermes Agent, an intelligent AI assistant created by Nous Research. You are helpful, knowledgeable, ' +
    'and direct. You assist users with a wide range of tasks including answering questions, writing and editing code, ' +
    'analyzing information, creative work, and executing actions via your tools. You communicate clearly, admit ' +
    'uncertainty when appropriate, and prioritize being genuinely useful over being verbose unless otherwise directed ' +
    'below. Be targeted and efficient in your exploration and investigations.',
  memoryGuidance:
    'You have persistent memory across sessions. Save durable facts using the memory tool: user preferences, ' +
    'environment details, tool quirks, and stable conventions. Memory is injected into every turn, so keep it ' +
    'compact and focused on facts that will still matter later.',
  sessionSearchGuidance:
    'When the user references something from a past conversation or you suspect relevant cross-session context ' +
    'exists, use session_search to recall it before asking them to repeat themselves.',
  toolUseEnforcement:
    '# Tool-use enforcement\nYou MUST use your tools to take action — do not describe what you would do or plan ' +
    'to do without actually doing it.',
  platformHints: {
    cli: 'You are a CLI AI Agent. Try not to use markdown but simple text renderable inside a terminal.',
  },
};

/** PLATFORM_HINTS keys of the pinned Hermes (spec §7.2). */
export const KNOWN_PLATFORMS = [
  'whatsapp', 'whatsapp_cloud', 'telegram', 'discord', 'slack', 'signal', 'email', 'cron', 'cli', 'tui', 'desktop',
  'sms', 'bluebubbles', 'mattermost', 'matrix', 'feishu', 'weixin', 'wecom', 'qqbot', 'yuanbao', 'api_server',
] as const;

const ENFORCEMENT_MODELS = ['gpt', 'codex', 'gemini', 'gemma', 'grok', 'glm', 'qwen', 'deepseek', 'muse'];
const EXECUTION_MODELS = ['gpt', 'codex', 'grok', 'deepseek', 'kimi', 'qwen', 'glm', 'minimax', 'mimo', 'mistral', 'muse'];
const TRUE_WORDS = new Set(['true', 'always', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', 'never', 'no', 'off']);

/** The `agent.tool_use_enforcement` gate (spec §1.2 item 3). */
export function toolUseEnforcementApplies(setting: unknown, model: string): boolean {
  return modelGate(setting, model, ENFORCEMENT_MODELS);
}

/** The `agent.execution_guidance` gate: the same words, another model list. */
export function executionGuidanceApplies(setting: unknown, model: string): boolean {
  return modelGate(setting, model, EXECUTION_MODELS);
}

function modelGate(setting: unknown, model: string, autoModels: readonly string[]): boolean {
  const lower = model.toLowerCase();
  if (setting === true) return true;
  if (setting === false) return false;
  if (Array.isArray(setting)) return setting.some((s) => lower.includes(String(s).toLowerCase()));
  if (typeof setting === 'string') {
    const word = setting.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return autoModels.some((m) => lower.includes(m));
}
