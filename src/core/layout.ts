/**
 * Layouts are data: which parts make up the cached system prompt, in which order, and which of them
 * sit inside the provider-cached prefix. A new Hermes layout is one more table here.
 */
export type LayerId =
  | 'identity' | 'tool_guidance' | 'honcho' | 'system_message' | 'memory' | 'user_profile'
  | 'skills' | 'context_files' | 'timestamp' | 'platform_hint'
  | 'hermes_help' | 'runtime_environment';

export type TierId = 'stable' | 'context' | 'volatile';

export interface LayoutEntry {
  id: LayerId;
  title: string;
  /** Inside the byte-stable prefix the provider caches. */
  cached: boolean;
  tier?: TierId;
}

export interface Layout {
  id: string;
  title: string;
  description: string;
  entries: LayoutEntry[];
}

/** The ten layers of Hermes' developer guide ("Prompt Assembly"); the whole prompt is the cached state. */
export const DOCUMENTED_LAYOUT: Layout = {
  id: 'documented',
  title: 'Documented (10 layers)',
  description: "The ten-layer order of Hermes' developer guide; every layer is part of the cached system prompt.",
  entries: [
    { id: 'identity', title: 'Agent identity', cached: true },
    { id: 'tool_guidance', title: 'Tool-aware guidance', cached: true },
    { id: 'honcho', title: 'Honcho static block', cached: true },
    { id: 'system_message', title: 'System message', cached: true },
    { id: 'memory', title: 'MEMORY snapshot', cached: true },
    { id: 'user_profile', title: 'USER profile snapshot', cached: true },
    { id: 'skills', title: 'Skills index', cached: true },
    { id: 'context_files', title: 'Context files', cached: true },
    { id: 'timestamp', title: 'Timestamp and session', cached: true },
    { id: 'platform_hint', title: 'Platform hint', cached: true },
  ],
};

/**
 * Current Hermes releases (spec §1.2): stable → context → volatile. Only the stable tier sits before the
 * cache breakpoint (`_cached_system_prompt_static`); the rest is persisted but re-sent after it.
 */
export const TIERED_LAYOUT: Layout = {
  id: 'tiered',
  title: 'Tiered (stable → context → volatile)',
  description: 'The three-tier order of current Hermes releases; the stable tier is the cache-breakpoint prefix.',
  entries: [
    { id: 'identity', title: 'Agent identity', cached: true, tier: 'stable' },
    { id: 'hermes_help', title: 'Hermes help pointer', cached: true, tier: 'stable' },
    { id: 'tool_guidance', title: 'Guidance blocks', cached: true, tier: 'stable' },
    { id: 'platform_hint', title: 'Platform hint', cached: true, tier: 'stable' },
    { id: 'system_message', title: 'System message', cached: false, tier: 'context' },
    { id: 'context_files', title: 'Context files', cached: false, tier: 'context' },
    { id: 'skills', title: 'Skills index', cached: false, tier: 'volatile' },
    { id: 'memory', title: 'MEMORY snapshot', cached: false, tier: 'volatile' },
    { id: 'user_profile', title: 'USER profile snapshot', cached: false, tier: 'volatile' },
    { id: 'honcho', title: 'External memory provider (Honcho)', cached: false, tier: 'volatile' },
    { id: 'timestamp', title: 'Timestamp and session', cached: false, tier: 'volatile' },
    { id: 'runtime_environment', title: 'Runtime environment', cached: false, tier: 'volatile' },
  ],
};

export const LAYOUTS: Record<string, Layout> = { documented: DOCUMENTED_LAYOUT, tiered: TIERED_LAYOUT };

export function getLayout(id: string): Layout {
  const layout = LAYOUTS[id];
  if (!layout) throw new UsageError(`unknown layout '${id}' (known: ${Object.keys(LAYOUTS).join(', ')})`);
  return layout;
}

/** A mistake in what the caller asked for, as opposed to a problem with the files. */
export class UsageError extends Error {}
