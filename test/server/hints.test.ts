import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { DidChangeWatchedFilesNotification, FileChangeType, HoverRequest, type Hover, type MarkupContent } from 'vscode-languageserver-protocol';
import type { AssembledPromptView, FileHintsView, HintsView } from '../../src/shared/protocol';
import { fixture } from './fixture';
import { uriOf, withServer } from './lspClient';

const T = { timeout: 30_000 };
const MONOREPO = {
  'AGENTS.md': 'Monorepo rules.\n', 'packages/api/AGENTS.md': 'API rules.\n', 'packages/api/src/checkout/AGENTS.md': 'Checkout rules.\n',
  'packages/api/src/checkout/cart.ts': '', 'packages/api/src/copy/CLAUDE.md': 'API rules.\n', 'packages/api/vendor/AGENTS.md': 'vendored copy',
  'packages/api/src/checkout/CLAUDE.md': 'claude',
};

test('hints: every directory that would send a hint from the launch directory, with status, text and tokens', T, async () => {
  const { folder, home } = fixture(MONOREPO);
  await withServer({ folders: [folder], settings: { hermesHome: home, cwd: 'packages/api' } }, async (c) => {
    const real = fs.realpathSync(folder);
    const view = await c.request<HintsView>('hermesPromptLens/hints', {});
    assert.equal(view.folderUri, uriOf(folder));
    assert.equal(view.launchDir, path.join(real, 'packages/api'));
    assert.equal(view.hintsEnabled, true);
    assert.deepEqual(view.directories.map((d) => [d.relativeDirectory, d.status]), [
      ['../..', 'outside'], ['src/checkout', 'loaded'], ['src/copy', 'duplicate'], ['vendor', 'pruned'],
    ]);
    const checkout = view.directories[1];
    assert.equal(checkout.appended, '\n\n[Subdirectory context discovered: src/checkout/AGENTS.md]\nCheckout rules.');
    assert.equal(checkout.chars, checkout.appended.length);
    assert.ok(checkout.tokens > 5);
    assert.equal(checkout.uri, uriOf(path.join(real, 'packages/api/src/checkout/AGENTS.md')));
    assert.equal(view.directories[2].duplicateOf, 'AGENTS.md in the launch directory (already in the system prompt)');
    // The start-up prompt is assembled for the launch directory too.
    const prompt = await c.request<AssembledPromptView>('hermesPromptLens/assembledPrompt', {});
    assert.equal(prompt.launchDir, path.join(real, 'packages/api'));
    assert.match(prompt.layers.find((l) => l.id === 'context_files')!.text, /## AGENTS\.md\n\nAPI rules\./);
  });
});

test('hints follow the cwd setting; a home-directory launch is reported as disabled', T, async () => {
  const { folder, home } = fixture(MONOREPO);
  await withServer({ folders: [folder], settings: { hermesHome: home } }, async (c) => {
    const atRoot = await c.request<HintsView>('hermesPromptLens/hints', {});
    assert.deepEqual(atRoot.directories.map((d) => d.relativeDirectory), ['packages/api', 'packages/api/src/checkout', 'packages/api/src/copy', 'packages/api/vendor']);
    await c.changeSettings({ hermesHome: home, cwd: path.join(folder, 'packages/api/src') });
    let moved = await c.request<HintsView>('hermesPromptLens/hints', {});
    for (let i = 0; i < 50 && !moved.launchDir.endsWith(path.join('packages', 'api', 'src')); i++) {
      await new Promise((r) => setTimeout(r, 100));
      moved = await c.request<HintsView>('hermesPromptLens/hints', {});
    }
    assert.deepEqual(moved.directories.map((d) => [d.relativeDirectory, d.status]), [['../../..', 'outside'], ['..', 'outside'], ['checkout', 'loaded'], ['copy', 'loaded'], ['../vendor', 'outside']]);
  });
  const homeLike = fixture({ 'a/AGENTS.md': 'A' });
  await withServer({ folders: [homeLike.folder], settings: { hermesHome: homeLike.home }, env: { HOME: fs.realpathSync(homeLike.folder) } }, async (c) => {
    const view = await c.request<HintsView>('hermesPromptLens/hints', {});
    assert.equal(view.hintsEnabled, false);
    assert.equal(view.disabledReason, `it is your home directory (${fs.realpathSync(homeLike.folder)})`);
    assert.deepEqual(view.directories, []);
  });
});

test('fileHints: start-up, hint (with what the first read appends) or never, and why', T, async () => {
  const { folder, home } = fixture(MONOREPO);
  await withServer({ folders: [folder], settings: { hermesHome: home, cwd: 'packages/api' } }, async (c) => {
    const ask = (rel: string) => c.request<FileHintsView>('hermesPromptLens/fileHints', { uri: uriOf(path.join(folder, rel)) });
    const cart = await ask('packages/api/src/checkout/cart.ts');
    assert.equal(cart.appended, '\n\n[Subdirectory context discovered: src/checkout/AGENTS.md]\nCheckout rules.');
    assert.deepEqual(cart.directories.map((d) => [d.relativeDirectory, d.status]), [['src', 'none'], ['src/checkout', 'loaded']]);
    assert.equal((await ask('packages/api/src/checkout/AGENTS.md')).reach, 'hint');
    const startup = await ask('packages/api/AGENTS.md');
    assert.equal(startup.reach, 'startup');
    assert.equal(startup.reason, 'In the start-up (cached) prompt, layer Context files, as AGENTS.md.');
    const claude = await ask('packages/api/src/checkout/CLAUDE.md');
    assert.equal(claude.reach, 'never');
    assert.match(claude.reason, /^AGENTS\.md comes first in this directory/);
    assert.equal((await ask('AGENTS.md')).reach, 'never');
    const bad = await c.connection.sendRequest('hermesPromptLens/fileHints', { uri: 'untitled:x' }).then(() => 'ok', (e: Error) => e.message);
    assert.equal(bad, 'untitled:x is not a file URI');
  });
});

test('hover on a context file says how it reaches Hermes', T, async () => {
  const { folder, home } = fixture(MONOREPO);
  await withServer({ folders: [folder], settings: { hermesHome: home, cwd: 'packages/api' } }, async (c) => {
    const file = path.join(folder, 'packages/api/src/checkout/AGENTS.md');
    const uri = await c.open(file, 'Checkout rules.\n');
    const hover = (await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 0 } })) as Hover;
    const md = (hover.contents as MarkupContent).value;
    assert.match(md, /Reaches Hermes: \*\*as a subdirectory hint\*\*\. As a subdirectory hint appended to the first tool result that touches src\\\/checkout\\\./);
    const outside = await c.open(path.join(folder, 'AGENTS.md'), 'Monorepo rules.\n');
    const h2 = (await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri: outside }, position: { line: 0, character: 0 } })) as Hover;
    assert.match((h2.contents as MarkupContent).value, /Reaches Hermes: \*\*never\*\*\. It is outside the launch directory/);
  });
});

test('hintsChanged: a nested context file created on disk is announced for its folder', T, async () => {
  const { folder, home } = fixture({ 'AGENTS.md': 'root\n' });
  await withServer({ folders: [folder], settings: { hermesHome: home } }, async (c) => {
    assert.deepEqual((await c.request<HintsView>('hermesPromptLens/hints', {})).directories, []);
    const file = path.join(folder, 'pkg', 'AGENTS.md');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, 'package rules\n');
    await c.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: uriOf(file), type: FileChangeType.Created }] });
    assert.deepEqual(await c.notified('hermesPromptLens/hintsChanged'), { folderUri: uriOf(folder) });
    const view = await c.request<HintsView>('hermesPromptLens/hints', {});
    assert.deepEqual(view.directories.map((d) => [d.relativeDirectory, d.status]), [['pkg', 'loaded']]);
  });
});
