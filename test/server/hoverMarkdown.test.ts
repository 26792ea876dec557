import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol/node';
import { FORGED_MARKUP, renderMarkdown, textOf } from '../helpers/renderMarkdown';
import { fixture } from './fixture';
import { withServer, type TestClient } from './lspClient';

const T = { timeout: 30_000 };

/** Text a file controls, built to fake a bold status, a link and images if rendered as Markdown (ASCII: tag characters encode only ASCII). */
const FAKE = '`**FORGED** [d](javascript:alert(1)) ![i](http://x.example/y.png) <img src=x>';
const tags = (s: string) => [...s].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
/** Bytes as variation selectors (U+FE00–FE0F for 0–15, U+E0100… for 16–255), the way payloads are smuggled. */
const selectors = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => String.fromCodePoint(b < 16 ? 0xfe00 + b : 0xe0100 + b - 16)).join('');

async function hoverMarkdown(c: TestClient, uri: string, line: number, character: number): Promise<string> {
  const hover = (await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } })) as Hover | null;
  assert.ok(hover, `no hover at ${line}:${character} of ${uri}`);
  return (hover.contents as MarkupContent).value;
}

/** The hover renders with no markup a file could have made, and shows `shown` as plain text. */
function assertInert(markdown: string, shown: string): void {
  const html = renderMarkdown(markdown);
  assert.doesNotMatch(html, FORGED_MARKUP, `forged markup in ${html}`);
  for (const strong of html.matchAll(/<strong>([\s\S]*?)<\/strong>/g)) assert.doesNotMatch(strong[1], /FORGED/, `forged bold text: ${strong[0]}`);
  assert.ok(textOf(html).includes(shown), `expected ${JSON.stringify(shown)} as text in ${textOf(html)}`);
}

test('hovers show hidden payloads, names, front-matter values and YAML errors as text, never as Markdown', T, async () => {
  assert.ok(FAKE.length <= 80, 'the finding quotes at most 80 characters of a payload');
  const line0 = `Plain${tags(FAKE)} start\n`;
  const line1 = `Other${selectors(FAKE)} end\n`;
  const { root, folder, home } = fixture({}, {
    // requires_tools names a tool that does not exist: the skill is hidden with that name in its status message.
    'skills/tools/evil/SKILL.md': `---\nname: evil\ndescription: d\nmetadata:\n  hermes:\n    requires_tools: ["${FAKE.replace(/"/g, '\\"')}"]\n---\nBody\n`,
    // js-yaml's error quotes the unknown alias: file text inside the YAML error.
    'skills/tools/broken/SKILL.md': `---\nname: *${FAKE}\n---\nBody\n`,
  });
  // A folder whose name fakes Markdown too (shown when there is more than one folder).
  const hostileFolder = path.join(root, 'x`**FORGED ✅** [f](javascript:0)');
  fs.mkdirSync(hostileFolder);
  fs.writeFileSync(path.join(hostileFolder, 'AGENTS.md'), line0 + line1);
  fs.mkdirSync(path.join(hostileFolder, '.cursor', 'rules'), { recursive: true });
  const ruleName = 'r`](javascript:alert(1)) ![i](http:x) # h.mdc';
  fs.writeFileSync(path.join(hostileFolder, '.cursor', 'rules', ruleName), 'Rule.\n');

  await withServer({ folders: [hostileFolder, folder], settings: { hermesHome: home } }, async (c) => {
    const agents = await c.open(path.join(hostileFolder, 'AGENTS.md'), line0 + line1);
    await c.published(agents, (d) => d.some((x) => x.code === 'unicode_tag_characters') && d.some((x) => x.code === 'variation_selector_run'));

    // Decoded payloads of the invisible characters.
    assertInert(await hoverMarkdown(c, agents, 0, 6), FAKE);
    assertInert(await hoverMarkdown(c, agents, 1, 6), FAKE);
    // The file's own hover names the hostile folder.
    assertInert(await hoverMarkdown(c, agents, 0, 0), path.basename(hostileFolder));

    // A file name with backticks, brackets and a '#'.
    const rule = await c.open(path.join(hostileFolder, '.cursor', 'rules', ruleName), 'Rule.\n');
    assertInert(await hoverMarkdown(c, rule, 0, 0), ruleName);

    // A requires_tools value and a YAML error quoting the file.
    const evil = await c.open(path.join(home, 'skills', 'tools', 'evil', 'SKILL.md'), fs.readFileSync(path.join(home, 'skills', 'tools', 'evil', 'SKILL.md'), 'utf8'));
    const evilHover = await hoverMarkdown(c, evil, 0, 0);
    assertInert(evilHover, `requires the ${FAKE} tool`);
    const broken = await c.open(path.join(home, 'skills', 'tools', 'broken', 'SKILL.md'), fs.readFileSync(path.join(home, 'skills', 'tools', 'broken', 'SKILL.md'), 'utf8'));
    const brokenHover = await hoverMarkdown(c, broken, 0, 0);
    assertInert(brokenHover, 'frontmatter is not valid YAML for PyYAML (unidentified alias "`**FORGED**"');
  });
});
