import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble } from '../../src/core/assemble';
import { BUILTIN_TEXTS } from '../../src/core/guidance';
import { LAYOUTS } from '../../src/core/layout';
import { MemoryFileSystem } from '../../src/core/memoryFs';
import { cacheImpact } from '../../src/core/cache';

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

const PLACEHOLDERS = {
  ...BUILTIN_TEXTS,
  defaultIdentity: 'IDENTITY', defaultSoul: 'IDENTITY', hermesHelp: 'HELP', taskCompletion: 'TASK', parallelToolCalls: 'PARALLEL',
  memoryGuidance: 'MEM', sessionSearchGuidance: 'SEARCH', skillsGuidance: 'SKILLS_RULE', steerNote: 'STEER',
  toolUseEnforcement: 'ENFORCE', googleModelGuidance: 'GOOGLE', asyncHandoff: 'HANDOFF', platformHints: { cli: 'HINT' },
};
const SEP = '═'.repeat(46);

test('tiered ordering, exactly: the newer layout puts SYSTEM_MESSAGE and CONTEXT_FILES right after the stable tier (spec §1.2/§1.3)', () => {
  const fs = new MemoryFileSystem({ '/w/AGENTS.md': 'CONTEXT', '/h/memories/MEMORY.md': 'FACT' });
  const r = assemble({
    fs, cwd: '/w', home: '/h', layout: 'tiered', now: new Date('2026-01-02T10:00:00Z'), timezone: 'UTC', userHome: '/home/u',
    tools: ['memory', 'session_search', 'skill_manage'], model: 'openai/gpt-5', systemMessage: 'SYSTEM_MESSAGE', texts: PLACEHOLDERS,
  });
  const env = r.layers.find((l) => l.id === 'runtime_environment')!.text;
  const stable = ['IDENTITY', 'HELP', 'TASK\n\nPARALLEL\n\nMEM SEARCH SKILLS_RULE\n\nSTEER\n\nENFORCE', 'HINT'];
  assert.equal(r.prompt, [
    ...stable,
    'SYSTEM_MESSAGE',
    '# Project Context\n\nThe following project context files have been loaded and should be followed:\n\n## AGENTS.md\n\nCONTEXT',
    `${SEP}\nMEMORY (your personal notes) [0% — 4/2,200 chars]\n${SEP}\nFACT`,
    'Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)\nModel: openai/gpt-5\nPlatform: cli',
    env,
  ].join('\n\n'));
  assert.equal(r.prefix, stable.join('\n\n'));
  assert.deepEqual(r.tierPrefixes.map((t) => [t.tier, t.bytes]), [
    ['stable', Buffer.byteLength(stable.join('\n\n'))],
    ['context', Buffer.byteLength(r.prompt.slice(0, r.prompt.indexOf('\n\n' + SEP)))],
    ['volatile', Buffer.byteLength(r.prompt)],
  ]);
  assert.match(r.layers.find((l) => l.id === 'tool_guidance')!.notes.join('\n'), /Execution discipline" block for model openai\/gpt-5/);
});

test('tiered: Google guidance follows enforcement for Gemini; the async hand-off needs delegate_task; missing texts are named', () => {
  const fs = new MemoryFileSystem({ '/w/x': '' });
  const gem = assemble({ fs, cwd: '/w', home: '/h', layout: 'tiered', tools: ['delegate_task'], model: 'google/gemini-3', texts: PLACEHOLDERS });
  assert.equal(gem.layers.find((l) => l.id === 'tool_guidance')!.text, 'TASK\n\nPARALLEL\n\nSTEER\n\nENFORCE\n\nGOOGLE\n\nHANDOFF');
  const builtin = assemble({ fs, cwd: '/w', home: '/h', layout: 'tiered', tools: ['memory'], model: 'claude' });
  const g = builtin.layers.find((l) => l.id === 'tool_guidance')!;
  assert.equal(g.text, BUILTIN_TEXTS.memoryGuidance);
  assert.equal(g.provenance.approximate, true);
  assert.match(g.notes.join('\n'), /TASK_COMPLETION_GUIDANCE, PARALLEL_TOOL_CALL_GUIDANCE, STEER_CHANNEL_NOTE/);
});

test('tiered cache model: a context-file edit keeps the stable prefix and invalidates from the context tier on', () => {
  const fs = new MemoryFileSystem({ '/w/AGENTS.md': 'Run tests.' });
  const opts = { fs, cwd: '/w', home: '/h', layout: 'tiered', now: new Date('2026-01-02T10:00:00Z'), texts: PLACEHOLDERS };
  const i = cacheImpact(opts, '/w/AGENTS.md', 'Run every test.');
  assert.equal(i.changed, true);
  assert.equal(i.landsInPrefix, false);
  assert.equal(i.rewrittenTokens, 0);
  assert.equal(i.firstInvalidatedTier, 'context');
  assert.equal(cacheImpact({ ...opts, layout: 'documented' }, '/w/AGENTS.md', 'Run every test.').landsInPrefix, true);
});
