import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BAR_UNITS, budgetBar, renderBudgetBar } from '../../src/extension/budgetBar';
import type { AssembledPromptView, LayerView, PerCallLayerView } from '../../src/shared/protocol';

function layer(id: string, tokens: number, cached: boolean, title = id): LayerView {
  return {
    id, title, text: tokens ? 'x' : '', chars: tokens, tokens, estimatedTokens: tokens, cached, bytes: { start: 0, end: 0 }, hash: 'h',
    provenance: { origin: 'builtin', approximate: false, detail: '' }, notes: [], sources: [],
  };
}
function perCall(id: string, tokens: number, status: PerCallLayerView['status'], title = id): PerCallLayerView {
  return { id, title, placement: '', status, text: tokens ? 'x' : '', chars: tokens, tokens, feeds: [], whyNotCached: '', sources: [], notes: [] };
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
