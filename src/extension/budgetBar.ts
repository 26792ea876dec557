/**
 * The preview header's picture of the token budget: one bar, a segment per layer in prompt order, then the
 * per-call layers, then the subdirectory hints the session would append to tool results, each as wide as its
 * share of the tokens, coloured cached / not cached / per call / hint, with the cache breakpoint marked. Pure (no vscode import). Drawn as inline SVG: widths are attributes, not inline
 * styles, so the preview's strict CSP (no inline styles, no scripts for this) stays as it is.
 */
import type { AssembledPromptView, DirectoryHintView } from '../shared/protocol';
import { escapeHtml } from './escapeHtml';

/** The bar's width in SVG user units; the SVG stretches to the header's width. */
export const BAR_UNITS = 1000;

export type SegmentKind = 'cached' | 'uncached' | 'perCall' | 'hint';

export interface BudgetSegment {
  id: string;
  label: string;
  tokens: number;
  kind: SegmentKind;
  /** Position and size in bar units (0..BAR_UNITS). */
  start: number;
  width: number;
}

export interface BudgetBar {
  segments: BudgetSegment[];
  /** Bar units where the cached prefix ends; undefined when nothing is cached. */
  breakpoint?: number;
  /** Tokens of the cached prefix, as the server measured it. */
  prefixTokens: number;
  /** Per-call layers Hermes adds whose text only exists at run time (no width). */
  runtimeOnly: string[];
}

const round = (n: number) => Math.round(n * 100) / 100;

/** `hints`: the folder's subdirectory hints; only directories that append text take room. */
export function budgetBar(view: AssembledPromptView, hints: readonly DirectoryHintView[] = []): BudgetBar {
  const parts: Omit<BudgetSegment, 'start' | 'width'>[] = [
    ...view.layers.filter((l) => l.tokens > 0).map((l) => ({ id: l.id, label: l.title, tokens: l.tokens, kind: (l.cached ? 'cached' : 'uncached') as SegmentKind })),
    ...view.perCall.filter((p) => p.tokens > 0).map((p) => ({ id: `perCall:${p.id}`, label: p.title, tokens: p.tokens, kind: 'perCall' as SegmentKind })),
    ...hints.filter((h) => h.appended && h.tokens > 0).map((h) => {
      const label = h.displayPath ?? h.relativeDirectory;
      return { id: `hint:${label}`, label, tokens: h.tokens, kind: 'hint' as SegmentKind };
    }),
  ];
  const total = parts.reduce((n, p) => n + p.tokens, 0);
  let at = 0;
  const segments = parts.map((p): BudgetSegment => {
    const width = total ? (p.tokens / total) * BAR_UNITS : 0;
    const seg = { ...p, start: round(at), width: round(width) };
    at += width;
    return seg;
  });
  // The cached prefix is the leading run of cached layers.
  const firstUncached = segments.findIndex((s) => s.kind !== 'cached');
  const prefixEnd = firstUncached === -1 ? segments.length : firstUncached;
  const breakpoint = prefixEnd === 0 ? undefined : round(segments[prefixEnd - 1].start + segments[prefixEnd - 1].width);
  const runtimeOnly = view.perCall.filter((p) => p.status === 'runtime' && !p.tokens).map((p) => p.title);
  return { segments, breakpoint, prefixTokens: view.prefixTokens, runtimeOnly };
}

const KIND_TEXT: Record<SegmentKind, string> = {
  cached: 'cached prefix', uncached: 'in the prompt, after the cache breakpoint', perCall: 'sent per call, not cached',
  hint: 'subdirectory hint appended to a tool result, not cached',
};
const count = (n: number) => n.toLocaleString('en-US');

export function renderBudgetBar(view: AssembledPromptView, hints: readonly DirectoryHintView[] = []): string {
  const bar = budgetBar(view, hints);
  if (!bar.segments.length) return '';
  const rects = bar.segments.map((s, i) =>
    `<rect class="seg ${s.kind}${i % 2 ? ' alt' : ''}" data-layer="${escapeHtml(s.id)}" x="${s.start}" y="0" width="${s.width}" height="24" vector-effect="non-scaling-stroke">` +
    `<title>${escapeHtml(`${s.label}: ${count(s.tokens)} tokens, ${KIND_TEXT[s.kind]}`)}</title></rect>`).join('');
  const marker = bar.breakpoint === undefined ? '' :
    `<line class="breakpoint" x1="${bar.breakpoint}" x2="${bar.breakpoint}" y1="0" y2="24" vector-effect="non-scaling-stroke"><title>${escapeHtml(`Cache breakpoint: ${count(bar.prefixTokens)} tokens before it`)}</title></line>`;
  const legend = bar.segments.map((s) => `<li class="${s.kind}"><span class="swatch"></span>${escapeHtml(s.label)} <span class="tokens">${count(s.tokens)}</span></li>`).join('');
  const runtime = bar.runtimeOnly.length ? `<p class="budget-note">Also per call, written at run time (size unknown): ${escapeHtml(bar.runtimeOnly.join(', '))}.</p>` : '';
  const breakpointText = bar.breakpoint === undefined ? 'nothing is cached' : `cache breakpoint after ${count(bar.prefixTokens)} tokens`;
  return (
    `<figure class="budget"><svg class="budget-bar" viewBox="0 0 ${BAR_UNITS} 24" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(`Prompt budget by layer; ${breakpointText}`)}">` +
    `${rects}${marker}</svg>` +
    `<figcaption><span class="key cached"><span class="swatch"></span>cached</span> <span class="key uncached"><span class="swatch"></span>not cached</span> ` +
    `<span class="key perCall"><span class="swatch"></span>per call</span> ` +
    (bar.segments.some((s) => s.kind === 'hint') ? `<span class="key hint"><span class="swatch"></span>hints in tool results</span> ` : '') +
    `<span class="key breakpoint"><span class="swatch"></span>${escapeHtml(breakpointText)}</span></figcaption>` +
    `<ol class="budget-legend">${legend}</ol>${runtime}</figure>`
  );
}
