import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble } from '../../src/core/assemble';
import { BUILTIN_TEXTS } from '../../src/core/guidance';
import { LAYOUTS } from '../../src/core/layout';
import { MemoryFileSystem } from '../../src/core/memoryFs';

const base = {
  cwd: '/w', home: '/h', now: new Date('2026-01-02T10:00:00Z'), timezone: 'UTC', userHome: '/home/u',
  fs: new MemoryFileSystem({ '/w/AGENTS.md': 'Run tests.', '/h/memories/MEMORY.md': 'fact', '/h/config.yaml': 'system_message: Be brief.\n' }),
};

test('the tiered layout: stable → context → volatile, and only the stable tier is the cached prefix', () => {
  const r = assemble({ ...base, layout: 'tiered' });
  assert.deepEqual(r.layers.map((l) => `${l.tier}:${l.id}`), [
    'stable:identity', 'stable:hermes_help', 'stable:tool_guidance', 'stable:platform_hint',
    'context:system_message', 'context:context_files',
    'volatile:skills', 'volatile:memory', 'volatile:user_profile', 'volatile:honcho', 'volatile:timestamp', 'volatile:runtime_environment',
  ]);
  const stable = r.layers.filter((l) => l.tier === 'stable' && l.text).map((l) => l.text).join('\n\n');
  assert.equal(r.prefix, stable);
  assert.ok(r.prompt.startsWith(stable + '\n\nBe brief.\n\n# Project Context'));
  assert.ok(r.prefixTokens < r.totalTokens);
});

test('tiered: a missing SOUL.md is seeded with the default text; the runtime block is framed and last', () => {
  const r = assemble({ ...base, layout: 'tiered' });
  assert.equal(r.layers[0].text, BUILTIN_TEXTS.defaultIdentity);
  assert.match(r.layers[0].sources[0].message!, /creates it with its default text/);
  const env = r.layers[r.layers.length - 1];
  assert.equal(env.text, '# Hermes runtime environment\n\n' + env.text.split('\n\n')[1] + '\n\n<!-- End Hermes runtime environment -->');
  assert.match(env.text, /\nUser home directory: \/home\/u\nCurrent working directory: \/w\n/);
  assert.ok(r.prompt.endsWith('<!-- End Hermes runtime environment -->'));
});

test('the documented layout keeps its ten ids; both layouts are tables', () => {
  assert.equal(LAYOUTS.documented.entries.length, 10);
  assert.equal(assemble({ ...base }).layers.length, 10);
});
