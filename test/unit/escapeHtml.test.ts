import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml } from '../../src/extension/escapeHtml';
import { highlightRegions, MAX_MARKED_REGIONS, renderPreviewHtml } from '../../src/extension/previewHtml';
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

test('highlightRegions marks what /\[BLOCKED:[^\]]*\]|\[\.\.\.truncated [^\]]*\]/g matches', () => {
  const reference = (text: string): string => {
    let html = '';
    let last = 0;
    for (const m of text.matchAll(/\[BLOCKED:[^\]]*\]|\[\.\.\.truncated [^\]]*\]/g)) {
      html += `${escapeHtml(text.slice(last, m.index))}<mark class="${m[0].startsWith('[BLOCKED:') ? 'blocked' : 'truncated'}">${escapeHtml(m[0])}</mark>`;
      last = m.index + m[0].length;
    }
    return html + escapeHtml(text.slice(last));
  };
  const pieces = ['[BLOCKED:', '[...truncated ', ']', '[', 'x', '\n', '<', '[BLOCKED', '[...truncated'];
  let seed = 7;
  for (let k = 0; k < 2000; k++) {
    let text = '';
    for (let n = 0; n < 12; n++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      text += pieces[seed % pieces.length];
    }
    assert.equal(highlightRegions(text), reference(text), JSON.stringify(text));
  }
});

test(`highlightRegions marks at most ${MAX_MARKED_REGIONS} regions and shows the rest plain`, () => {
  const html = highlightRegions('[BLOCKED: x] '.repeat(5_000));
  assert.equal(html.split('<mark').length - 1, MAX_MARKED_REGIONS);
  assert.ok(html.endsWith('[BLOCKED: x] '));
  // 500,000 characters of unclosed markers: the text comes back escaped and unmarked.
  const unclosed = '[BLOCKED:'.repeat(55_000);
  assert.equal(highlightRegions(unclosed), unclosed);
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
    folderUri: 'file:///w', layout: HOSTILE, prompt: HOSTILE, prefixHash: 'abc', prefixBytes: 10, prefixTokens: 5, totalTokens: 7,
    warnings: [HOSTILE],
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
