import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BAR_UNITS, budgetBar, renderBudgetBar } from '../../src/extension/budgetBar';
import type { AssembledPromptView, DirectoryHintView, LayerView, PerCallLayerView } from '../../src/shared/protocol';

function layer(id: string, tokens: number, cached: boolean, title = id): LayerView {
  return {
    id, title, text: tokens ? 'x' : '', chars: tokens, tokens, estimatedTokens: tokens, cached, bytes: { start: 0, end: 0 }, hash: 'h',
    provenance: { origin: 'builtin', approximate: false, detail: '' }, notes: [], sources: [],
  };
}
function perCall(id: string, tokens: number, status: PerCallLayerView['status'], title = id): PerCallLayerView {
  return { id, title, placement: '', status, text: tokens ? 'x' : '', chars: tokens, tokens, feeds: [], whyNotCached: '', sources: [], notes: [] };
}
function hint(displayPath: string, tokens: number, status: DirectoryHintView['status'] = 'loaded'): DirectoryHintView {
  const sent = ['loaded', 'blocked', 'truncated'].includes(status);
  const text = sent ? `[Subdirectory context discovered: ${displayPath}]\nx` : '';
  return {
    directory: `/w/${displayPath}`, relativeDirectory: displayPath.replace(/\/[^/]*$/, ''), status, path: `/w/${displayPath}`, displayPath,
    text, appended: text && `\n\n${text}`, chars: sent ? tokens : 0, tokens: sent ? tokens : 0, threatIds: [], message: '',
  };
}
const view = (layers: LayerView[], calls: PerCallLayerView[] = [], prefixTokens = 0): AssembledPromptView => ({
  folderUri: 'file:///w', launchDir: '/w', layout: 'tiered', prompt: '', prefixHash: '', prefixBytes: 0, prefixTokens, totalTokens: 0, warnings: [], layers, perCall: calls,
});

test('segments are proportional to tokens, in prompt order, then the per-call layers; empty layers take no room', () => {
  const bar = budgetBar(view([layer('identity', 100, true), layer('empty', 0, true), layer('context_files', 300, false)], [perCall('prefill_messages', 100, 'active'), perCall('memory_recall', 0, 'runtime', 'Recall')], 100));
  assert.deepEqual(bar.segments.map((s) => [s.id, s.kind, s.start, s.width]), [
    ['identity', 'cached', 0, 200],
    ['context_files', 'uncached', 200, 600],
    ['perCall:prefill_messages', 'perCall', 800, 200],
  ]);
  assert.equal(bar.breakpoint, 200);
  assert.deepEqual(bar.runtimeOnly, ['Recall']);
});

test('the breakpoint: after the whole prompt when every layer is cached; absent when nothing is', () => {
  assert.equal(budgetBar(view([layer('a', 1, true), layer('b', 3, true)], [perCall('e', 4, 'active')])).breakpoint, BAR_UNITS / 2);
  assert.equal(budgetBar(view([layer('a', 1, false)])).breakpoint, undefined);
  assert.equal(renderBudgetBar(view([])), '');
});

test('the bar is SVG with attribute widths (no inline style), escaped labels, and a breakpoint line', () => {
  const hostile = '<img src=x onerror=alert(1)>"';
  const html = renderBudgetBar(view([layer('identity', 1, true, hostile), layer(`x"><script>`, 1, false)], [], 1));
  assert.ok(!html.includes(hostile) && !html.includes('<img') && !html.includes('"><script>'));
  assert.ok(!/style=/.test(html), 'inline styles would be blocked by the CSP');
  assert.match(html, /<rect class="seg cached" data-layer="identity" x="0" y="0" width="500" height="24"/);
  assert.match(html, /<rect class="seg uncached alt" data-layer="x&quot;&gt;&lt;script&gt;" x="500" y="0" width="500"/);
  assert.match(html, /<line class="breakpoint" x1="500" x2="500"/);
  assert.match(html, /cache breakpoint after 1 tokens/);
});

test('the subdirectory hints come last, one not-cached segment per directory that sends text', () => {
  const bar = budgetBar(view([layer('identity', 100, true)], [perCall('prefill_messages', 100, 'active')], 100),
    [hint('src/checkout/AGENTS.md', 150), hint('vendor/x/AGENTS.md', 0, 'pruned'), hint('docs/CLAUDE.md', 0, 'duplicate'), hint('lib/AGENTS.md', 50, 'blocked')]);
  assert.deepEqual(bar.segments.map((s) => [s.id, s.label, s.kind, s.start, s.width]), [
    ['identity', 'identity', 'cached', 0, 250],
    ['perCall:prefill_messages', 'prefill_messages', 'perCall', 250, 250],
    ['hint:src/checkout/AGENTS.md', 'src/checkout/AGENTS.md', 'hint', 500, 375],
    ['hint:lib/AGENTS.md', 'lib/AGENTS.md', 'hint', 875, 125],
  ]);
  assert.equal(bar.breakpoint, 250, 'hints never move the cache breakpoint');
  // Before any cached layer, a hint still is not part of the prefix.
  assert.equal(budgetBar(view([], [], 0), [hint('a/AGENTS.md', 5)]).breakpoint, undefined);
});

test('hint segments render with their own class, escaped labels and a key; no hints, no key', () => {
  const hostile = `a/</title><img src=x onerror=alert(1)>"/AGENTS.md`;
  const html = renderBudgetBar(view([layer('identity', 1, true)], [], 1), [hint(hostile, 1)]);
  assert.ok(!html.includes('<img') && !html.includes('</title><img'), 'markup from a hint path survived');
  assert.match(html, /<rect class="seg hint alt" data-layer="hint:a\/&lt;\/title&gt;&lt;img src=x onerror=alert\(1\)&gt;&quot;\/AGENTS\.md" x="500" y="0" width="500"/);
  assert.ok(html.includes('<title>a/&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;&quot;/AGENTS.md: 1 tokens, subdirectory hint appended to a tool result, not cached</title>'));
  assert.ok(html.includes('<span class="key hint"><span class="swatch"></span>hints in tool results</span>'));
  assert.ok(html.includes('<li class="hint"><span class="swatch"></span>a/&lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;&quot;/AGENTS.md <span class="tokens">1</span></li>'));
  assert.ok(!renderBudgetBar(view([layer('identity', 1, true)], [], 1)).includes('key hint'));
});
