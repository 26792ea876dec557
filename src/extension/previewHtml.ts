/**
 * The preview's HTML, from the server's assembled prompt. Pure (no vscode import) so the escaping of
 * untrusted prompt text is unit-tested. Every interpolated string goes through escapeHtml.
 */
import type { AssembledPromptView, LayerView, PerCallLayerView } from '../shared/protocol';
import { renderBudgetBar } from './budgetBar';
import { escapeHtml } from './escapeHtml';

export interface PreviewResources {
  cspSource: string;
  nonce: string;
  styleUri: string;
  scriptUri: string;
}

/** Hermes' replacement for a blocked file or memory entry, and its truncation marker (src/core/truncate.ts). */
const MARKED_REGIONS = /\[BLOCKED:[^\]]*\]|\[\.\.\.truncated [^\]]*\]/g;

const count = (n: number) => n.toLocaleString('en-US');

/** The layer text, escaped, with blocked and truncation-marker regions wrapped in <mark>. */
export function highlightRegions(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(MARKED_REGIONS)) {
    const index = match.index ?? 0;
    const cls = match[0].startsWith('[BLOCKED:') ? 'blocked' : 'truncated';
    html += `${escapeHtml(text.slice(last, index))}<mark class="${cls}">${escapeHtml(match[0])}</mark>`;
    last = index + match[0].length;
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

export function renderPreviewHtml(view: AssembledPromptView | undefined, folderName: string, res: PreviewResources, error?: string): string {
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
      renderBudgetBar(view) +
      (warnings ? `<ul class="warnings">${warnings}</ul>` : '') +
      `</header>${sections.join('')}` +
      (view.perCall.length ? `<h2 class="per-call-heading">Sent per call, outside the cached prompt</h2>${view.perCall.map(perCallSection).join('')}` : '');
  }
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1.0">` +
    `<link rel="stylesheet" href="${escapeHtml(res.styleUri)}"><title>Hermes Prompt</title></head>` +
    `<body>${main}<script nonce="${escapeHtml(res.nonce)}" src="${escapeHtml(res.scriptUri)}"></script></body></html>`
  );
}
