import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml } from '../../src/extension/escapeHtml';
import { highlightRegions, MAX_MARKED_REGIONS, renderPreviewHtml } from '../../src/extension/previewHtml';
import type { AssembledPromptView, DirectoryHintView, HintsView, LayerView } from '../../src/shared/protocol';

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

function hintView(over: Partial<DirectoryHintView>): DirectoryHintView {
  const text = '[Subdirectory context discovered: src/checkout/AGENTS.md]\n# Checkout';
  return {
    directory: '/w/src/checkout', relativeDirectory: 'src/checkout', status: 'loaded', path: '/w/src/checkout/AGENTS.md', displayPath: 'src/checkout/AGENTS.md',
    text, appended: `\n\n${text}`, chars: text.length + 2, tokens: 12, threatIds: [], message: 'Sent once.', ...over,
  };
}
const RES = { cspSource: 'vscode-resource:', nonce: 'N0nce', styleUri: 's.css', scriptUri: 's.js' };
const minimalView = (): AssembledPromptView => ({
  folderUri: 'file:///w', launchDir: '/w', layout: 'tiered', prompt: 'p', prefixHash: 'abc', prefixBytes: 1, prefixTokens: 1, totalTokens: 1,
  warnings: [], perCall: [], layers: [layer({ text: 'p', chars: 1, tokens: 1 })],
});

test('the preview shows each hint directory after the per-call layers, with its status, size and exact appended text', () => {
  const hints: HintsView = {
    folderUri: 'file:///w', launchDir: '/w', hintsEnabled: true, incomplete: false,
    directories: [
      hintView({}),
      hintView({ directory: '/w/docs', relativeDirectory: 'docs', status: 'duplicate', displayPath: 'docs/AGENTS.md', text: '', appended: '', chars: 0, tokens: 0, message: 'Same content as src/checkout/AGENTS.md.' }),
    ],
  };
  const html = renderPreviewHtml(minimalView(), 'w', RES, undefined, { ok: true, view: hints });
  const section = html.slice(html.indexOf('<h2 class="hints-heading"'), html.indexOf('<script nonce'));
  assert.equal(section,
    '<h2 class="hints-heading" id="hints">Discovered during the session (appended to tool results, not cached)</h2>' +
    '<p class="hints-why">Launched from /w: the first tool call that touches one of these directories gets its hint appended to its result, once per session.</p>' +
    '<section class="hint-dir loaded" id="hint-src/checkout"><header class="layer-head"><span class="hint-title">src/checkout/AGENTS.md</span>' +
    '<span class="layer-stats">loaded · 70 chars · 12 tokens</span></header><p class="hint-message">Sent once.</p>' +
    // The leading "\n\n" in a span: a newline right after <pre> would be dropped by the HTML parser.
    '<pre class="layer-text hint-text"><span class="hint-join" title="The blank line Hermes puts between the tool output and the hint">\n\n</span>[Subdirectory context discovered: src/checkout/AGENTS.md]\n# Checkout</pre></section>' +
    '<section class="hint-dir duplicate" id="hint-docs"><header class="layer-head"><span class="hint-title">docs/AGENTS.md</span>' +
    '<span class="layer-stats">duplicate, nothing sent</span></header><p class="hint-message">Same content as src/checkout/AGENTS.md.</p></section>');
  // The budget bar counts the hint that sends text.
  assert.match(html, /<rect class="seg hint alt" data-layer="hint:src\/checkout\/AGENTS\.md"/);
  // Without hint data (the server could not answer) the section says so instead of vanishing.
  const failed = renderPreviewHtml(minimalView(), 'w', RES, undefined, { ok: false, error: 'timed out <x>' });
  assert.ok(failed.includes('<p class="error">Could not work out the subdirectory hints: timed out &lt;x&gt;</p>'));
  const home = renderPreviewHtml(minimalView(), 'w', RES, undefined, { ok: true, view: { ...hints, hintsEnabled: false, disabledReason: 'the launch directory looks like a home directory', directories: [] } });
  assert.ok(home.includes('<p class="hints-why">Hermes sends no subdirectory hints: the launch directory looks like a home directory.</p>'));
  assert.ok(!home.includes('seg hint'));
});

test('hostile hint text and paths are escaped in the hints section; blocked notices are marked', () => {
  const evil = `</pre><script>alert(1)</script><img src=x onerror=alert(2)>`;
  const text = `[Subdirectory context discovered: ${evil}/AGENTS.md]\n${evil}\n[BLOCKED: AGENTS.md contained potential prompt injection (<x>). Content not loaded.]`;
  const hints: HintsView = {
    folderUri: 'file:///w', launchDir: evil, hintsEnabled: true, incomplete: false,
    directories: [hintView({ relativeDirectory: `${evil}"`, displayPath: `${evil}/AGENTS.md`, status: 'blocked', text, appended: `\n\n${text}`, message: evil })],
  };
  const html = renderPreviewHtml(minimalView(), 'w', RES, undefined, { ok: true, view: hints });
  assert.ok(!html.includes(evil), 'raw hostile hint text leaked');
  assert.ok(!/<\/pre><script>|<img|onerror=alert\(2\)>/.test(html));
  assert.equal(html.match(/<script/g)?.length, 1, 'only our own nonce script tag');
  assert.equal(html.match(/<\/pre>/g)?.length, 2, 'one <pre> for the layer and one for the hint, each closed once');
  assert.ok(html.includes(`id="hint-&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;"`));
  assert.ok(html.includes('<mark class="blocked">[BLOCKED: AGENTS.md contained potential prompt injection (&lt;x&gt;). Content not loaded.]</mark></pre>'));
});
