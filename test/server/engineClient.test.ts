import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { EngineClient } from '../../src/server/engineClient';
import { tempDir } from '../helpers/fixtures';

const OPTIONS = { home: '/nonexistent', hermesSource: 'builtin', layout: 'documented', platform: 'cli' };

test('an engine request that times out is rejected as a time-out, and the stuck engine is killed', { timeout: 15_000 }, async () => {
  const dir = tempDir('hpl-engine-');
  // An engine that takes its settings and then never answers, like one stuck in a pathological build. (Were the settings
  // left unanswered too, their own time-out could kill the engine a moment before the build's, which then reads as an exit.)
  const script = path.join(dir, 'stuck-engine.js');
  fs.writeFileSync(script, "process.on('message', (m) => { if (m.method === 'configure') process.send({ id: m.id, result: null }); });\n");
  const logs: string[] = [];
  const client = new EngineClient({ error: (m) => logs.push(m) }, script, 300);
  try {
    client.configure(OPTIONS);
    const started = Date.now();
    const request = client.request('assemble', { folderUri: 'file:///w', launchDir: '/w' });
    const pid = client.pid;
    assert.ok(pid, 'the engine was started');
    await assert.rejects(request, /the engine timed out: 'assemble' took over 0\.3 s; it was restarted/);
    // Timers and the wall clock round differently: a few milliseconds of slack.
    assert.ok(Date.now() - started >= 290);
    // The stuck process is gone (killed), so a later request starts a fresh one. A loaded machine can take seconds to report the exit.
    for (let i = 0; i < 250 && client.pid === pid; i++) await new Promise((r) => setTimeout(r, 40));
    assert.equal(client.pid, undefined);
    assert.ok(logs.some((l) => l.includes("'assemble' took over 0.3 s")), logs.join('\n'));
  } finally {
    client.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a request written to an engine whose channel already closed is answered with how the engine exited', { timeout: 15_000 }, async () => {
  const dir = tempDir('hpl-engine-');
  // An engine that closes its channel on the first request and exits a moment later: a request sent in between
  // fails to write (the race a kill during a rebuild produces) and must not read as an unreachable engine.
  const script = path.join(dir, 'dying-engine.js');
  fs.writeFileSync(script, "process.on('message', (m) => { if (m.method !== 'configure') { process.disconnect(); setTimeout(() => process.exit(3), 300); } });\n");
  const client = new EngineClient({ error: () => {} }, script, 10_000);
  try {
    client.configure(OPTIONS);
    const first = client.request('assemble', { folderUri: 'file:///w', launchDir: '/w' });
    first.catch(() => {});
    const pid = client.pid;
    assert.ok(pid, 'the engine was started');
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (!(client as unknown as { child?: { connected: boolean } }).child?.connected) { clearInterval(poll); resolve(); }
      }, 5);
    });
    assert.equal(client.pid, pid, 'the engine has not exited yet');
    const second = client.request('assemble', { folderUri: 'file:///w', launchDir: '/w' });
    await assert.rejects(second, /the engine exited \(code 3\)/);
    await assert.rejects(first, /the engine exited \(code 3\)/);
  } finally {
    client.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
