import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdownCode, markdownText } from '../../src/server/markdown';
import { FORGED_MARKUP, renderMarkdown, textOf } from '../helpers/renderMarkdown';

/** What a hostile file name, front-matter value, YAML error or hidden payload could hold. */
const HOSTILE = [
  '`](javascript:alert(1))',
  '[click me](javascript:alert(1))',
  '![img](http://x.example/y.png)',
  '<img src=x onerror=alert(1)>',
  'name\n\n# Forged heading',
  'x\r\n- forged list item\r> quote',
  '**✅ loaded**',
  '_em_ ~~gone~~ *also*',
  'http://evil.example www.evil.example mail@evil.example <http://x.example>',
  'a`b``c```d',
  '`',
  ' ` ',
  '\\*not emphasis\\* &lt;b&gt; &amp;',
  '---',
  '    indented',
  'line\u2028separated\u2029paragraph',
];

const flat = (s: string) => s.replace(/\r\n|[\n\r\u2028\u2029]/g, ' ');

test('markdownText: hostile text renders as exactly its characters, with no markup of its own', () => {
  for (const payload of HOSTILE) {
    const html = renderMarkdown(`Status: ${markdownText(payload)}.`);
    assert.doesNotMatch(html, FORGED_MARKUP, `markup from ${JSON.stringify(payload)}: ${html}`);
    assert.doesNotMatch(html, /<strong|<code|<ul|<ol|<li/, `markup from ${JSON.stringify(payload)}: ${html}`);
    assert.equal(html.match(/<p>/g)?.length, 1, `one paragraph for ${JSON.stringify(payload)}: ${html}`);
    assert.equal(textOf(html), `Status: ${flat(payload)}.\n`, `text of ${JSON.stringify(payload)}`);
  }
});

test('markdownCode: no content closes the code span early; the span shows exactly the text', () => {
  for (const payload of HOSTILE) {
    const html = renderMarkdown(`File ${markdownCode(payload)} here`);
    assert.doesNotMatch(html, FORGED_MARKUP, `markup from ${JSON.stringify(payload)}: ${html}`);
    assert.doesNotMatch(html, /<strong|<ul|<ol|<li/, `markup from ${JSON.stringify(payload)}: ${html}`);
    const codes = [...html.matchAll(/<code>([\s\S]*?)<\/code>/g)];
    assert.equal(codes.length, 1, `one code span for ${JSON.stringify(payload)}: ${html}`);
    assert.equal(textOf(codes[0][1]), flat(payload), `code text of ${JSON.stringify(payload)}`);
    assert.match(html, /^<p>File <code>[\s\S]*<\/code> here<\/p>\n$/, `nothing outside the span for ${JSON.stringify(payload)}`);
  }
});

test('markdownCode keeps plain identifiers readable in the Markdown source', () => {
  assert.equal(markdownCode('context_files'), '`context_files`');
  assert.equal(markdownCode('a`b'), '``a`b``');
  assert.equal(markdownCode('`x'), '`` `x ``');
});
