/**
 * The preview's HTML, from the server's assembled prompt. Pure (no vscode import) so the escaping of
 * untrusted prompt text is unit-tested. Every interpolated string goes through escapeHtml.
 */
import type { AssembledPromptView, DirectoryHintView, HintStatusView, LayerView, PerCallLayerView } from '../shared/protocol';
import type { Hints } from './assemblies';
import { renderBudgetBar } from './budgetBar';
import { escapeHtml } from './escapeHtml';

export interface PreviewResources {
  cspSource: string;
  nonce: string;
  styleUri: string;
  scriptUri: string;
}

/** Hermes' replacement for a blocked file or memory entry, and its truncation marker (src/core/truncate.ts). */
const MARKERS = [{ prefix: '[BLOCKED:', cls: 'blocked' }, { prefix: '[...truncated ', cls: 'truncated' }] as const;

/** Regions marked per layer; past this the text is shown plain (a real prompt has a handful). */
export const MAX_MARKED_REGIONS = 200;

const count = (n: number) => n.toLocaleString('en-US');

/** Next index ≥ `from` of `needle`, or Infinity; remembers its answer, since the scan below only moves forward. */
function finder(text: string, needle: string): (from: number) => number {
  let at = -1;
  return (from) => {
    if (at < from) {
      const i = text.indexOf(needle, from);
      at = i === -1 ? Infinity : i;
    }
    return at;
  };
}

/**
 * The layer text, escaped, with blocked and truncation-marker regions (`[BLOCKED:…]`, `[...truncated …]`, each
 * up to the first `]`) wrapped in <mark>. One forward pass: a layer full of unclosed `[BLOCKED:` is linear.
 */
export function highlightRegions(text: string): string {
  const next = MARKERS.map((m) => finder(text, m.prefix));
  const close = finder(text, ']');
  let html = '';
  let last = 0;
  for (let marked = 0; marked < MAX_MARKED_REGIONS; marked++) {
    const starts = next.map((f) => f(last));
    const k = starts[0] <= starts[1] ? 0 : 1;
    const start = starts[k];
    if (start === Infinity) break;
    const end = close(start + MARKERS[k].prefix.length);
    if (end === Infinity) break;
    html += `${escapeHtml(text.slice(last, start))}<mark class="${MARKERS[k].cls}">${escapeHtml(text.slice(start, end + 1))}</mark>`;
    last = end + 1;
  }
  return html + escapeHtml(text.slice(last));
}

function layerSection(layer: LayerView): string {
  const hasSource = layer.sources.some((s) => s.status !== 'missing');
  const reveal = hasSource ? `<button class="reveal" data-layer="${escapeHtml(layer.id)}" title="Open the file this layer comes from">Reveal source</button>` : '';
  const approximate = layer.provenance.approximate ? `<span class="approximate" title="${escapeHtml(layer.provenance.detail)}">approximate</span>` : '';
  const stats = layer.text ? `${count(layer.chars)} chars · ${count(layer.tokens)} tokens${layer.cached ? ' · cached' : ''}` : 'empty';
  const body = layer.text ? `<pre class="layer-text">${highlightRegions(layer.text)}</pre>` : '';
  return (
    `<section class="layer${layer.cached ? ' cached' : ''}${layer.text ? '' : ' empty'}" id="layer-${escapeHtml(layer.id)}">` +
    `<header class="layer-head"><span class="layer-title">${escapeHtml(layer.title)}</span>` +
    `<span class="layer-stats">${escapeHtml(stats)}</span>${approximate}${reveal}</header>${body}</section>`
  );
}

const PER_CALL_STATUS: Record<PerCallLayerView['status'], string> = {
  active: 'sent with each call', inactive: 'not used', runtime: 'written at run time', unreadable: 'not loadable',
};

/** A per-call layer below the prompt: what it is, what feeds it, and why Hermes keeps it out of the cache. */
function perCallSection(layer: PerCallLayerView): string {
  const stats = layer.text ? `${PER_CALL_STATUS[layer.status]} · ${count(layer.chars)} chars · ${count(layer.tokens)} tokens` : PER_CALL_STATUS[layer.status];
  const feeds = layer.feeds.map((f) => `<li${f.used ? ' class="used"' : ''}>${escapeHtml(f.name)}${f.value === undefined ? '' : `: <code>${escapeHtml(f.value)}</code>`}${f.used ? ' (used)' : ''}</li>`).join('');
  const notes = layer.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('');
  return (
    `<section class="per-call ${escapeHtml(layer.status)}" id="per-call-${escapeHtml(layer.id)}">` +
    `<header class="layer-head"><span class="per-call-title">${escapeHtml(layer.title)}</span><span class="layer-stats">${escapeHtml(stats)}</span></header>` +
    `<p class="per-call-why">${escapeHtml(layer.placement)} ${escapeHtml(layer.whyNotCached)}</p>` +
    `<ul class="per-call-feeds">${feeds}${notes}</ul>` +
    (layer.text ? `<pre class="layer-text">${escapeHtml(layer.text)}</pre>` : '') + `</section>`
  );
}

const HINT_STATUS: Record<HintStatusView, string> = {
  loaded: 'loaded', blocked: 'blocked', truncated: 'truncated', duplicate: 'duplicate, nothing sent', empty: 'empty, nothing sent',
  none: 'no hint file, nothing sent', pruned: 'pruned, never sent', outside: 'outside the launch directory, never sent',
};

/** One directory of the session's subdirectory hints: what became of it and, when it sends text, exactly that text. */
function hintSection(hint: DirectoryHintView): string {
  const stats = hint.appended ? `${HINT_STATUS[hint.status]} · ${count(hint.chars)} chars · ${count(hint.tokens)} tokens` : HINT_STATUS[hint.status];
  // The separator Hermes puts before the hint ("\n\n") sits in a span: HTML parsers drop a newline that opens a <pre>
  // (the webview parses twice), so the <pre>'s text stays exactly what is appended.
  const join = hint.appended.slice(0, hint.appended.length - hint.text.length);
  const body = hint.appended
    ? `<pre class="layer-text hint-text"><span class="hint-join" title="The blank line Hermes puts between the tool output and the hint">${escapeHtml(join)}</span>${highlightRegions(hint.text)}</pre>`
    : '';
  return (
    `<section class="hint-dir ${escapeHtml(hint.status)}" id="${escapeHtml(`hint-${hint.relativeDirectory}`)}">` +
    `<header class="layer-head"><span class="hint-title">${escapeHtml(hint.displayPath ?? hint.relativeDirectory)}</span><span class="layer-stats">${escapeHtml(stats)}</span></header>` +
    `<p class="hint-message">${escapeHtml(hint.message)}</p>${body}</section>`
  );
}

/** The third place text reaches the model: hint files of directories the agent touches, appended to tool results. */
function hintsPart(hints: Hints): string {
  const heading = `<h2 class="hints-heading" id="hints">Discovered during the session (appended to tool results, not cached)</h2>`;
  if (!hints.ok) return `${heading}<p class="error">${escapeHtml(`Could not work out the subdirectory hints: ${hints.error}`)}</p>`;
  const { view } = hints;
  if (!view.hintsEnabled) return `${heading}<p class="hints-why">${escapeHtml(`Hermes sends no subdirectory hints: ${view.disabledReason ?? 'disabled'}.`)}</p>`;
  const why = `<p class="hints-why">${escapeHtml(`Launched from ${view.launchDir}: the first tool call that touches one of these directories gets its hint appended to its result, once per session.`)}</p>`;
  const sections = view.directories.length ? view.directories.map(hintSection).join('') : `<p class="hints-none">No AGENTS.md, CLAUDE.md or .cursorrules below the launch directory.</p>`;
  const incomplete = view.incomplete ? `<p class="warnings">Only the first 20,000 directories were searched.</p>` : '';
  return heading + why + sections + incomplete;
}

export function renderPreviewHtml(view: AssembledPromptView | undefined, folderName: string, res: PreviewResources, error?: string, hints?: Hints): string {
  const csp = `default-src 'none'; style-src ${res.cspSource}; script-src 'nonce-${res.nonce}'`;
  let main: string;
  if (!view) {
    main = `<p class="error">${escapeHtml(error ?? 'No assembled prompt yet.')}</p>`;
  } else {
    const warnings = view.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join('');
    // The cached prefix is the run of cached layers at the start; the boundary goes after the last of them.
    const firstUncached = view.layers.findIndex((l) => !l.cached);
    const boundaryAt = firstUncached === -1 ? view.layers.length : firstUncached;
    const boundary =
      `<div class="prefix-boundary" role="separator">Cached prefix ends here · ${count(view.prefixTokens)} tokens · ${count(view.prefixBytes)} bytes` +
      `${boundaryAt === view.layers.length ? ' (the whole prompt is cached)' : ''}</div>`;
    const sections = view.layers.map(layerSection);
    sections.splice(boundaryAt, 0, boundary);
    const stale = view.stale
      ? `<div class="stale-banner" role="alert"><strong>Out of date:</strong> the latest rebuild failed (${escapeHtml(view.stale.reason)}). ` +
        'This is the last prompt that built; it may not match your files. Rebuild to retry.</div>'
      : '';
    main =
      stale +
      `<header class="totals"><h1>${escapeHtml(folderName)}</h1>` +
      `<p>Total <strong>${count(view.totalTokens)}</strong> tokens · cached prefix <strong>${count(view.prefixTokens)}</strong> tokens · layout ${escapeHtml(view.layout)}` +
      ` · prefix hash <code>${escapeHtml(view.prefixHash.slice(0, 12))}</code></p>` +
      `<p class="actions"><button class="copy-prompt">Copy prompt</button></p>` +
      renderBudgetBar(view, hints?.ok && hints.view.hintsEnabled ? hints.view.directories : []) +
      (warnings ? `<ul class="warnings">${warnings}</ul>` : '') +
      `</header>${sections.join('')}` +
      (view.perCall.length ? `<h2 class="per-call-heading">Sent per call, outside the cached prompt</h2>${view.perCall.map(perCallSection).join('')}` : '') +
      (hints ? hintsPart(hints) : '');
  }
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1.0">` +
    `<link rel="stylesheet" href="${escapeHtml(res.styleUri)}"><title>Hermes Prompt</title></head>` +
    `<body>${main}<script nonce="${escapeHtml(res.nonce)}" src="${escapeHtml(res.scriptUri)}"></script></body></html>`
  );
}
