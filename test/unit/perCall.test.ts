import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble } from '../../src/core/assemble';
import { MemoryFileSystem } from '../../src/core/memoryFs';
import type { PerCallId, PerCallLayer } from '../../src/core/perCall';

const build = (files: Record<string, string>, env: NodeJS.ProcessEnv = {}, platform = 'cli') =>
  assemble({ fs: new MemoryFileSystem(files), cwd: '/w', home: '/h', now: new Date('2026-01-02T10:00:00Z'), userHome: '/u', env: { TZ: 'UTC', ...env }, platform });
const get = (r: ReturnType<typeof build>, id: PerCallId): PerCallLayer => r.perCall.find((p) => p.id === id)!;

test('four per-call layers, none of them in the prompt, each with a reason to stay out of the prefix', () => {
  const r = build({ '/h/config.yaml': 'agent:\n  system_prompt: Answer in French.\n' });
  assert.deepEqual(r.perCall.map((p) => p.id), ['ephemeral_system_prompt', 'prefill_messages', 'gateway_overlay', 'memory_recall']);
  assert.ok(!r.prompt.includes('Answer in French.'));
  for (const p of r.perCall) assert.ok(p.whyNotCached.length > 20 && !p.whyNotCached.includes('\n'), p.id);
});

test('ephemeral system prompt: HERMES_EPHEMERAL_SYSTEM_PROMPT wins over config.yaml agent.system_prompt', () => {
  const files = { '/h/config.yaml': 'agent:\n  system_prompt: From config.\n  personalities:\n    pirate: Talk like a pirate.\n' };
  const fromConfig = get(build(files), 'ephemeral_system_prompt');
  assert.equal(fromConfig.status, 'active');
  assert.equal(fromConfig.text, 'From config.');
  assert.deepEqual(fromConfig.feeds, [
    { name: 'HERMES_EPHEMERAL_SYSTEM_PROMPT', kind: 'env', value: undefined, used: false },
    { name: 'config.yaml agent.system_prompt', kind: 'config', value: 'From config.', used: true },
  ]);
  assert.deepEqual(fromConfig.notes, ['A /personality command replaces this text for the session (config.yaml agent.personalities: pirate).']);
  const fromEnv = get(build(files, { HERMES_EPHEMERAL_SYSTEM_PROMPT: 'From env.' }), 'ephemeral_system_prompt');
  assert.equal(fromEnv.text, 'From env.');
  assert.deepEqual(fromEnv.feeds.map((f) => f.used), [true, false]);
  assert.equal(get(build({}), 'ephemeral_system_prompt').status, 'inactive');
});

test('prefill messages: env, then prefill_messages_file, then agent.prefill_messages_file; relative to HERMES_HOME', () => {
  const messages = JSON.stringify([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }]);
  const top = build({ '/h/config.yaml': 'prefill_messages_file: " few.json "\nagent:\n  prefill_messages_file: old.json\n', '/h/few.json': messages });
  const p = get(top, 'prefill_messages');
  assert.equal(p.status, 'active');
  assert.equal(p.text, 'user: Hi\n\nassistant: Hello!');
  assert.deepEqual(p.feeds.filter((f) => f.used).map((f) => [f.name, f.value]), [['config.yaml prefill_messages_file', 'few.json'], ['prefill messages file', '/h/few.json']]);
  assert.equal(p.sources[0].path, '/h/few.json');
  const legacy = get(build({ '/h/config.yaml': 'agent:\n  prefill_messages_file: old.json\n', '/h/old.json': '[]' }), 'prefill_messages');
  assert.deepEqual(legacy.feeds.filter((f) => f.used).map((f) => f.name), ['config.yaml agent.prefill_messages_file (legacy)', 'prefill messages file']);
  const env = get(build({ '/h/config.yaml': 'prefill_messages_file: few.json\n', '/u/p.json': messages }, { HERMES_PREFILL_MESSAGES_FILE: '~/p.json' }), 'prefill_messages');
  assert.equal(env.sources[0].path, '/u/p.json');
  assert.equal(env.text, 'user: Hi\n\nassistant: Hello!');
});

test('prefill files Hermes cannot use: missing, a BOM, bad JSON, not an array; each sends nothing', () => {
  const cfg = { '/h/config.yaml': 'prefill_messages_file: p.json\n' };
  const cases: [Record<string, string>, string, string][] = [
    [{}, 'missing', 'Hermes logs "Prefill messages file not found: /h/p.json" and sends none.'],
    [{ '/h/p.json': '\ufeff[]' }, 'unreadable', 'Not loadable as JSON by Hermes (it starts with a byte-order mark); Hermes logs a warning and sends no prefill messages.'],
    [{ '/h/p.json': '{"role": "user"}' }, 'unreadable', 'Not a JSON array; Hermes logs "Prefill messages file must contain a JSON array" and sends none.'],
  ];
  for (const [files, status, message] of cases) {
    const p = get(build({ ...cfg, ...files }), 'prefill_messages');
    assert.equal(p.status, 'unreadable');
    assert.equal(p.text, '');
    assert.equal(p.tokens, 0);
    assert.equal(p.sources[0].status, status);
    assert.deepEqual(p.notes, [message]);
  }
  const bad = get(build({ ...cfg, '/h/p.json': '[{' }), 'prefill_messages');
  assert.match(bad.notes[0], /^Not valid JSON \(.+\); Hermes logs a warning and sends no prefill messages\.$/);
});

test('gateway overlay only off the local surfaces; recall only with memory.provider', () => {
  assert.equal(get(build({}), 'gateway_overlay').status, 'inactive');
  const tg = get(build({}, {}, 'telegram'), 'gateway_overlay');
  assert.equal(tg.status, 'runtime');
  assert.deepEqual(tg.notes, ['On telegram the gateway writes this block for every message; its text depends on the chat and cannot be previewed from files.']);
  assert.equal(get(build({}), 'memory_recall').status, 'inactive');
  const honcho = get(build({ '/h/config.yaml': 'memory:\n  provider: " honcho "\n' }), 'memory_recall');
  assert.equal(honcho.status, 'runtime');
  assert.deepEqual(honcho.feeds, [{ name: 'config.yaml memory.provider', kind: 'config', value: 'honcho', used: true }]);
  assert.equal(honcho.text, '');
});
