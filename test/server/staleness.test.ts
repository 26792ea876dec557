import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { ErrorCodes, ResponseError } from 'vscode-languageserver-protocol/node';
import { REBUILD_FAILED, type AssembledPromptView, type AssemblyChangedParams, type RebuildFailure, type RebuildResult } from '../../src/shared/protocol';
import { fixture } from './fixture';
import { uriOf, withServer, type TestClient } from './lspClient';

const T = { timeout: 30_000 };

function enginePid(c: TestClient): number {
  const children = fs.readFileSync(`/proc/${c.child.pid}/task/${c.child.pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  assert.equal(children.length, 1, 'the server should have exactly one child process, the engine');
  return children[0];
}

test('an engine killed mid-rebuild fails the rebuild and marks the prompt stale until a rebuild succeeds', T, async () => {
  const { folder, home } = fixture({ 'AGENTS.md': 'Fine.\n' });
  await withServer({ folders: [folder], settings: { hermesHome: home } }, async (c) => {
    await c.notified('hermesPromptLens/assemblyChanged');
    const engine = enginePid(c);
    // Frozen, the engine receives the rebuild's request but never answers it.
    process.kill(engine, 'SIGSTOP');
    const from = c.notifications.length;
    const rebuild = c.request<RebuildResult>('hermesPromptLens/rebuild', {}).then(
      () => assert.fail('the rebuild reported success although the engine died during it'),
      (err: unknown) => err,
    );
    // The server handles messages in order, and the rebuild hands its build to the engine before it yields:
    // once this later request is answered, the build is in flight.
    await assert.rejects(c.request('hermesPromptLens/noSuchThing', {}), (e: unknown) => e instanceof ResponseError && e.code === ErrorCodes.MethodNotFound);
    process.kill(engine, 'SIGKILL');

    const err = await rebuild;
    assert.ok(err instanceof ResponseError, `expected a ResponseError, got ${String(err)}`);
    assert.equal(err.code, REBUILD_FAILED);
    assert.match(err.message, /engine exited \(SIGKILL\)/);
    assert.deepEqual((err.data as RebuildFailure).failed.map((f) => f.folderUri), [uriOf(folder)]);

    const stale = await c.request<AssembledPromptView>('hermesPromptLens/assembledPrompt', {});
    assert.match(stale.prompt, /Fine\./, 'the last good prompt is still served');
    assert.match(stale.stale?.reason ?? '', /engine exited \(SIGKILL\)/);
    const notice = (await c.notified('hermesPromptLens/assemblyChanged', from)) as AssemblyChangedParams;
    assert.match(notice.stale ?? '', /engine exited/);

    // A later rebuild restarts the engine, reads the changed file and clears the stale state.
    fs.writeFileSync(path.join(folder, 'AGENTS.md'), 'Changed.\n');
    const after = c.notifications.length;
    assert.deepEqual((await c.request<RebuildResult>('hermesPromptLens/rebuild', {})).folders, [uriOf(folder)]);
    const fresh = await c.request<AssembledPromptView>('hermesPromptLens/assembledPrompt', {});
    assert.equal(fresh.stale, undefined);
    assert.match(fresh.prompt, /Changed\./);
    const cleared = (await c.notified('hermesPromptLens/assemblyChanged', after)) as AssemblyChangedParams;
    assert.equal(cleared.stale, undefined);
  });
});
