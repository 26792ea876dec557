/**
 * The preview's HTML, from the server's assembled prompt. Pure (no vscode import) so the escaping of
 * untrusted prompt text is unit-tested. Every interpolated string goes through escapeHtml.
 */
import type { AssembledPromptView, LayerView } from '../shared/protocol';
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
    main =
      `<header class="totals"><h1>${escapeHtml(folderName)}</h1>` +
      `<p>Total <strong>${count(view.totalTokens)}</strong> tokens · cached prefix <strong>${count(view.prefixTokens)}</strong> tokens · layout ${escapeHtml(view.layout)}` +
      ` · prefix hash <code>${escapeHtml(view.prefixHash.slice(0, 12))}</code></p>` +
      `<p class="actions"><button class="copy-prompt">Copy prompt</button></p>` +
      (warnings ? `<ul class="warnings">${warnings}</ul>` : '') +
      `</header>${sections.join('')}`;
  }
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1.0">` +
    `<link rel="stylesheet" href="${escapeHtml(res.styleUri)}"><title>Hermes Prompt</title></head>` +
    `<body>${main}<script nonce="${escapeHtml(res.nonce)}" src="${escapeHtml(res.scriptUri)}"></script></body></html>`
  );
}
