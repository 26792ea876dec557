import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderPreviewHtml } from '../../src/extension/previewHtml';
import type { AssembledPromptView } from '../../src/shared/protocol';

const RES = { cspSource: 'vscode-resource:', nonce: 'N0nce', styleUri: 's.css', scriptUri: 's.js' };
const VIEW: AssembledPromptView = {
  folderUri: 'file:///w', launchDir: '/w', layout: 'documented', prompt: 'p', prefixHash: 'abc', prefixBytes: 1, prefixTokens: 1, totalTokens: 1, warnings: [], layers: [], perCall: [],
};

test('a stale prompt gets an out-of-date banner with the escaped reason, before the totals', () => {
  const html = renderPreviewHtml({ ...VIEW, stale: { reason: 'the engine exited (SIGKILL) <img src=x>' } }, 'w', RES);
  const banner = /<div class="stale-banner" role="alert">(.*?)<\/div>/.exec(html);
  assert.ok(banner, 'no banner');
  assert.match(banner[1], /Out of date:.*the engine exited \(SIGKILL\) &lt;img src=x&gt;/);
  assert.ok(html.indexOf('stale-banner') < html.indexOf('class="totals"'));
});

test('a fresh prompt has no banner', () => {
  assert.ok(!renderPreviewHtml(VIEW, 'w', RES).includes('stale-banner'));
});
