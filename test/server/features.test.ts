import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import {
  CodeActionRequest, HoverRequest, type CodeAction, type Hover, type MarkupContent, type TextDocumentEdit, type TextEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fixture } from './fixture';
import { withServer } from './lspClient';

const T = { timeout: 30_000 };
const TEXT = 'Title\u200b\u200b\u200b here\nand\u2060 there\u200e.\n';

/** Applies a code action's workspace edit to `text`, as the client would after the preview. */
function applyAction(text: string, action: CodeAction): string {
  const changes = action.edit?.documentChanges as TextDocumentEdit[] | undefined;
  const edits: TextEdit[] = changes ? changes.flatMap((c) => c.edits as TextEdit[]) : Object.values(action.edit?.changes ?? {}).flat();
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'markdown', 1, text), edits);
}

test('code actions: remove one run, or every invisible character of the file, as previewed workspace edits', T, async () => {
  const { folder, home } = fixture({ 'AGENTS.md': TEXT });
  await withServer({ folders: [folder], settings: { hermesHome: home } }, async (c) => {
    const uri = await c.open(path.join(folder, 'AGENTS.md'), TEXT);
    const diags = await c.published(uri, (d) => d.length === 3);
    const zwsp = diags.find((d) => d.code === 'invisible_unicode_U+200B')!;
    const actions = (await c.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri }, range: zwsp.range, context: { diagnostics: [zwsp] },
    })) as CodeAction[];
    assert.deepEqual(actions.map((a) => a.title), [
      'Remove the 3 invisible characters (invisible_unicode_U+200B)',
      'Remove all invisible characters in this file (3 places)',
    ]);
    const [one, all] = actions;
    assert.equal(one.kind, 'quickfix');
    assert.deepEqual(one.diagnostics, [zwsp]);
    const change = one.edit!.documentChanges![0] as TextDocumentEdit;
    assert.deepEqual(change.textDocument, { uri, version: 1 });
    assert.equal(one.edit!.changeAnnotations![(change.edits[0] as { annotationId: string }).annotationId].needsConfirmation, true);
    assert.equal(applyAction(TEXT, one), 'Title here\nand\u2060 there\u200e.\n');
    assert.equal(applyAction(TEXT, all), 'Title here\nand there.\n');

    const none = (await c.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 2 } }, context: { diagnostics: [] },
    })) as CodeAction[];
    assert.deepEqual(none, [], 'no fix away from invisible characters');
  });
});

test('code actions fall back to plain changes for a client without versioned edits', T, async () => {
  const { folder, home } = fixture({ 'AGENTS.md': TEXT });
  await withServer({ folders: [folder], initializationOptions: { hermesHome: home }, minimal: true }, async (c) => {
    const uri = await c.open(path.join(folder, 'AGENTS.md'), TEXT);
    await c.published(uri, (d) => d.length === 3);
    const actions = (await c.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri }, range: { start: { line: 1, character: 3 }, end: { line: 1, character: 3 } }, context: { diagnostics: [] },
    })) as CodeAction[];
    assert.equal(actions[0].title, 'Remove the invisible character (invisible_unicode_U+2060)');
    assert.ok(actions[0].edit?.changes?.[uri]);
    assert.equal(applyAction(TEXT, actions[0]), 'Title\u200b\u200b\u200b here\nand there\u200e.\n');
  });
});

test('hover: the invisible character under the cursor, named; line 0 shows layer, status, size against the cap, tokens', T, async () => {
  const { folder, home } = fixture({ 'AGENTS.md': TEXT });
  await withServer({ folders: [folder], settings: { hermesHome: home } }, async (c) => {
    const uri = await c.open(path.join(folder, 'AGENTS.md'), TEXT);
    await c.published(uri, (d) => d.length === 3);
    const hover = (at: { line: number; character: number }) => c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at }) as Promise<Hover | null>;

    const zw = (await hover({ line: 0, character: 6 }))!;
    const zwText = (zw.contents as MarkupContent).value;
    assert.match(zwText, /^\*\*Invisible characters \(3\)\*\* · `invisible_unicode_U\+200B`/);
    assert.match(zwText, /- `U\+200B` ZERO WIDTH SPACE ×3/);
    assert.deepEqual(zw.range, { start: { line: 0, character: 5 }, end: { line: 0, character: 8 } });
    const lrm = (await hover({ line: 1, character: 10 }))!;
    assert.match((lrm.contents as MarkupContent).value, /`U\+200E` LEFT-TO-RIGHT MARK/);

    const head = (await hover({ line: 0, character: 1 }))!;
    const text = (head.contents as MarkupContent).value;
    assert.match(text, /Feeds layer \*\*Context files\*\* \(`context_files`\)/);
    // Blocked: Hermes replaces it with a [BLOCKED] notice because of the invisible characters.
    assert.match(text, /Status: \*\*blocked: Hermes puts a \[BLOCKED\] notice in its place\*\*/);
    assert.match(text, /Size: 40 of 20,000 characters \(the header `## AGENTS.md` counts too\)/);
    assert.match(text, /Tokens: \d+ \(o200k_base\)/);

    assert.equal(await hover({ line: 1, character: 0 }), null, 'no hover elsewhere');
    const readme = await c.open(path.join(folder, 'README.md'), 'hello');
    assert.equal(await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri: readme }, position: { line: 0, character: 0 } }), null);
  });
});
