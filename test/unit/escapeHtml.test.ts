import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml } from '../../src/extension/escapeHtml';
import { highlightRegions, renderPreviewHtml } from '../../src/extension/previewHtml';
import type { AssembledPromptView, LayerView } from '../../src/shared/protocol';

const HOSTILE = `</pre><script>alert("x")</script><img src=x onerror='y'>&amp;`;

test('escapeHtml escapes every character that can open markup or end an attribute', () => {
  assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  assert.equal(escapeHtml('&amp;'), '&amp;amp;', 'an existing entity is escaped again, not passed through');
  assert.equal(escapeHtml('plain text · ünïcödé'), 'plain text · ünïcödé');
});

test('highlightRegions escapes inside and outside the blocked and truncation marks', () => {
  const html = highlightRegions(`a<b [BLOCKED: <x> contained threat] c\n\n[...truncated AGENTS.md: kept 1+1 of 9 chars. <y>]`);
  assert.equal(
    html,
    'a&lt;b <mark class="blocked">[BLOCKED: &lt;x&gt; contained threat]</mark> c\n\n<mark class="truncated">[...truncated AGENTS.md: kept 1+1 of 9 chars. &lt;y&gt;]</mark>',
  );
});

function layer(over: Partial<LayerView>): LayerView {
  return {
    id: 'context_files', title: 'Context files', text: '', chars: 0, tokens: 0, estimatedTokens: 0, cached: true,
    bytes: { start: 0, end: 0 }, hash: 'h', provenance: { origin: 'workspace', approximate: false, detail: 'd' }, notes: [], sources: [],
    ...over,
  };
}

test('the rendered preview contains no unescaped file content anywhere', () => {
  const view: AssembledPromptView = {
    folderUri: 'file:///w', launchDir: HOSTILE, layout: HOSTILE, prompt: HOSTILE, prefixHash: 'abc', prefixBytes: 10, prefixTokens: 5, totalTokens: 7,
    warnings: [HOSTILE],
    perCall: [{
      id: 'prefill_messages', title: HOSTILE, placement: HOSTILE, status: 'active', text: HOSTILE, chars: 3, tokens: 4, whyNotCached: HOSTILE, notes: [HOSTILE],
      feeds: [{ name: HOSTILE, kind: 'file', value: HOSTILE, used: true }],
      sources: [{ uri: 'file:///h/p.json', path: '/h/p.json', label: HOSTILE, kind: 'config', status: 'loaded', findings: [] }],
    }],
    layers: [
      layer({ id: `x"><script>`, title: HOSTILE, text: HOSTILE, chars: 3, tokens: 2, provenance: { origin: 'builtin', approximate: true, detail: HOSTILE },
        sources: [{ uri: 'file:///w/AGENTS.md', path: '/w/AGENTS.md', label: 'AGENTS.md', kind: 'agents_md', status: 'loaded', findings: [] }] }),
      layer({ id: 'timestamp', title: 'Timestamp', text: 'now', cached: false }),
    ],
  };
  const html = renderPreviewHtml(view, HOSTILE, { cspSource: 'vscode-resource:', nonce: 'N0nce', styleUri: 's.css', scriptUri: 's.js' });
  assert.ok(!html.includes(HOSTILE), 'raw hostile text leaked');
  assert.ok(!/<script>|<img|onerror='|"><script/.test(html), 'markup from file content survived');
  assert.equal(html.match(/<script/g)?.length, 1, 'only our own nonce script tag');
  assert.ok(html.includes(`content="default-src &#39;none&#39;; style-src vscode-resource:; script-src &#39;nonce-N0nce&#39;"`));
  assert.ok(html.includes('<script nonce="N0nce" src="s.js">'));
  // The boundary sits after the cached layer and before the uncached one.
  assert.ok(html.indexOf('prefix-boundary') > html.indexOf('layer cached') && html.indexOf('prefix-boundary') < html.indexOf('id="layer-timestamp"'));
});
