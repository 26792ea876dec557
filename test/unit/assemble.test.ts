import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble } from '../../src/core/assemble';
import { cacheImpact, firstDifferenceByte } from '../../src/core/cache';
import { UsageError } from '../../src/core/layout';
import { MemoryFileSystem } from '../../src/core/memoryFs';
import { BUILTIN_TEXTS } from '../../src/core/guidance';
import { HEADER } from '../helpers/fixtures';

const SEP = '═'.repeat(46);
const files = {
  '/home/.hermes/SOUL.md': 'You are Atlas.\n',
  '/home/.hermes/config.yaml': 'model:\n  default: anthropic/claude-sonnet-4\ntimezone: UTC\nsystem_message: Be brief.\n',
  '/home/.hermes/memories/MEMORY.md': 'Uses pnpm\n§\nNode 20',
  '/home/.hermes/memories/USER.md': 'Alice',
  '/home/.hermes/skills/dev/review/SKILL.md': '---\nname: review\ndescription: Review code\n---\n',
  '/w/AGENTS.md': 'Run tests.',
};
const opts = (fs = new MemoryFileSystem(files)) => ({ fs, cwd: '/w', home: '/home/.hermes', now: new Date('2026-01-02T10:00:00Z'), userHome: '/home' });

test('the documented layout: ten layers in order, joined by blank lines, all in the cached prefix', () => {
  const r = assemble(opts());
  assert.deepEqual(r.layers.map((l) => l.id), ['identity', 'tool_guidance', 'honcho', 'system_message', 'memory', 'user_profile', 'skills', 'context_files', 'timestamp', 'platform_hint']);
  const byId = Object.fromEntries(r.layers.map((l) => [l.id, l.text]));
  assert.equal(byId.identity, 'You are Atlas.');
  assert.equal(byId.tool_guidance, BUILTIN_TEXTS.memoryGuidance + ' ' + BUILTIN_TEXTS.sessionSearchGuidance);
  assert.equal(byId.honcho, '');
  assert.equal(byId.system_message, 'Be brief.');
  assert.equal(byId.memory, `${SEP}\nMEMORY (your personal notes) [0% — 19/2,200 chars]\n${SEP}\nUses pnpm\n§\nNode 20`);
  assert.equal(byId.user_profile, `${SEP}\nUSER PROFILE (who the user is) [0% — 5/1,375 chars]\n${SEP}\nAlice`);
  assert.match(byId.skills, /<available_skills>\n {2}dev:\n {4}- review: Review code\n<\/available_skills>/);
  assert.equal(byId.context_files, HEADER + '## AGENTS.md\n\nRun tests.');
  assert.equal(byId.timestamp, 'Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)\nModel: anthropic/claude-sonnet-4\nPlatform: cli');
  assert.equal(byId.platform_hint, BUILTIN_TEXTS.platformHints.cli);
  const nonEmpty = r.layers.filter((l) => l.text).map((l) => l.text);
  assert.equal(r.prompt, nonEmpty.join('\n\n'));
  assert.equal(r.prefix, r.prompt);
  assert.ok(r.layers.every((l) => l.cached));
});

test('byte ranges locate each layer in the UTF-8 prompt; counts are code points and tokens', () => {
  const r = assemble(opts());
  const bytes = Buffer.from(r.prompt, 'utf8');
  for (const l of r.layers) {
    assert.equal(bytes.subarray(l.bytes.start, l.bytes.end).toString('utf8'), l.text, l.id);
    assert.equal(l.chars, [...l.text].length);
    assert.equal(l.estimatedTokens, Math.ceil(l.chars / 4));
    assert.ok(l.text ? l.tokens > 0 : l.tokens === 0);
  }
  assert.equal(r.prefixBytes, bytes.length);
});

test('tool-use enforcement follows the model; a GPT model gets it, Claude does not', () => {
  const gpt = assemble({ ...opts(), model: 'openai/gpt-5' });
  assert.ok(gpt.layers[1].text.endsWith('\n\n' + BUILTIN_TEXTS.toolUseEnforcement));
  assert.ok(!assemble(opts()).layers[1].text.includes('Tool-use enforcement'));
});

test('bad config.yaml is reported and defaults are used; bad options are usage errors', () => {
  const fs = new MemoryFileSystem({ ...files, '/home/.hermes/config.yaml': 'model: [unclosed\n' });
  const r = assemble(opts(fs));
  assert.match(r.warnings[0], /config.yaml is not valid YAML/);
  assert.equal(r.layers.find((l) => l.id === 'system_message')!.text, '');
  assert.throws(() => assemble({ ...opts(), layout: 'nope' }), UsageError);
  assert.throws(() => assemble({ ...opts(), timezone: 'Mars/Olympus' }), UsageError);
  assert.match(assemble({ ...opts(), platform: 'webui' }).warnings.join('\n'), /unknown platform 'webui'/);
});

test('no SOUL.md: the default identity, with its provenance marked approximate', () => {
  const fs = new MemoryFileSystem({ '/w/x': '' });
  const r = assemble(opts(fs));
  assert.equal(r.layers[0].text, BUILTIN_TEXTS.defaultIdentity);
  assert.equal(r.layers[0].provenance.approximate, true);
  assert.equal(r.layers[0].sources[0].status, 'missing');
});

test('cache impact: an AGENTS.md edit changes the context layer and re-writes the tail of the prefix', () => {
  const i = cacheImpact(opts(), '/w/AGENTS.md', 'Run all tests.');
  assert.equal(i.changed, true);
  assert.equal(i.landsInPrefix, true);
  assert.equal(i.frozenSnapshot, false);
  assert.deepEqual(i.changedLayers, ['context_files']);
  const ctx = i.before.layers.find((l) => l.id === 'context_files')!;
  assert.equal(i.prefixDivergenceByte, ctx.bytes.start + Buffer.byteLength(HEADER + '## AGENTS.md\n\nRun ', 'utf8'));
  assert.ok(i.rewrittenTokens > 0 && i.rewrittenTokens < i.prefixTokensAfter);
});

test('cache impact: a memory edit is a frozen snapshot change; a whitespace-only edit changes nothing', () => {
  const mem = cacheImpact(opts(), '/home/.hermes/memories/MEMORY.md', 'Uses pnpm\n§\nNode 22');
  assert.equal(mem.frozenSnapshot, true);
  assert.deepEqual(mem.changedLayers, ['memory']);
  const same = cacheImpact(opts(), '/w/AGENTS.md', '\n\nRun tests.\n\n');
  assert.equal(same.changed, false);
  assert.equal(same.landsInPrefix, false);
  assert.equal(same.rewrittenTokens, 0);
});

test('firstDifferenceByte counts UTF-8 bytes of the common prefix', () => {
  assert.equal(firstDifferenceByte('é-a', 'é-b'), 3);
  assert.equal(firstDifferenceByte('abc', 'abc'), 3);
});

test('a SOUL.md of BOMs and whitespace: Hermes strips one BOM on reading and one before scanning, then falls back to the default identity', () => {
  const soul = (bytes: string) => ({ ...files, '/home/.hermes/SOUL.md': bytes });
  const identity = (text: string, layout = 'documented') => {
    const r = assemble({ ...opts(new MemoryFileSystem(soul(text))), layout });
    return r.layers.find((l) => l.id === 'identity')!;
  };
  for (const text of ['\ufeff\ufeff  \n', '\ufeff \ufeff \r\n', ' \ufeff\n\t', '\ufeff']) {
    const l = identity(text);
    assert.equal(l.text, BUILTIN_TEXTS.defaultIdentity, JSON.stringify(text));
    assert.equal(l.sources[0].status, 'empty');
    // Current Hermes seeds SOUL.md only when it is missing: an existing empty one still means DEFAULT_AGENT_IDENTITY.
    assert.equal(identity(text, 'tiered').text, BUILTIN_TEXTS.defaultIdentity);
  }
  // Python's str.strip() keeps U+FEFF, so a third BOM survives: a user-authored SOUL.md of one BOM is the identity.
  for (const text of ['\ufeff\ufeff\ufeff', ' \ufeff\ufeff']) {
    const l = identity(text);
    assert.equal(l.text, '\ufeff', JSON.stringify(text));
    assert.deepEqual(l.sources[0].findings.map((f) => f.ruleId), ['invisible_unicode_U+FEFF']);
  }
});
