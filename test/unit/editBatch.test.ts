import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { EditBatch } from '../../src/server/editBatch';
import { LARGE_DOCUMENT_CHARS, TrackedDocument } from '../../src/server/documents';

describe('EditBatch', () => {
  it('makes the text and line offsets TextDocument.update makes, CRLF and out-of-range positions included', () => {
    let seed = 1;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = ['a', 'b', '\n', '\r', '\r\n', 'xyz', ''];
    const piece = (n: number): string => Array.from({ length: rnd(n) }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let k = 0; k < 3000; k++) {
      const text = piece(30);
      let doc = TextDocument.create('file:///x', 'markdown', 1, text);
      const batch = new EditBatch(text, EditBatch.lineOffsets(text));
      for (let e = 0; e < 8; e++) {
        const at = () => ({ line: rnd(7), character: rnd(9) });
        const change: TextDocumentContentChangeEvent = rnd(12) === 0 ? { text: piece(6) } : { range: { start: at(), end: at() }, text: piece(4) };
        doc = TextDocument.update(doc, [change], e + 2);
        batch.apply(change);
      }
      const { text: got, lineOffsets } = batch.result();
      assert.equal(got, doc.getText(), JSON.stringify(text));
      assert.deepEqual(lineOffsets, EditBatch.lineOffsets(got));
    }
  });
});

describe('TrackedDocument', () => {
  it('keeps a large document\'s edits unapplied until its text is read, then has the same text', () => {
    const text = 'line of text\n'.repeat(Math.ceil(LARGE_DOCUMENT_CHARS / 13) + 10);
    const tracked = new TrackedDocument('file:///x/AGENTS.md', '/x/AGENTS.md', 'markdown', 1, text);
    let reference = TextDocument.create('file:///x/AGENTS.md', 'markdown', 1, text);
    const before = tracked.document;
    for (let v = 2; v < 200; v++) {
      const change = { range: { start: { line: v * 7, character: 4 }, end: { line: v * 7, character: 5 } }, text: v % 3 ? 'X' : 'Y\nZ' };
      tracked.update([change], v);
      reference = TextDocument.update(reference, [change], v);
    }
    assert.equal(tracked.version, 199);
    assert.equal(tracked.size, reference.getText().length);
    const after = tracked.document;
    assert.notEqual(after, before);
    assert.equal(after.version, 199);
    assert.equal(tracked.document, after, 'read again without edits: the same document');
    assert.equal(after.getText(), reference.getText());
    for (const offset of [0, 13, 1_000_000, reference.getText().length, reference.getText().length + 5]) {
      assert.deepEqual(after.positionAt(offset), reference.positionAt(offset));
    }
    for (const line of [-1, 0, 14, 500, reference.lineCount - 1, reference.lineCount + 3]) {
      const position = { line, character: 7 };
      assert.equal(after.offsetAt(position), reference.offsetAt(position));
      assert.deepEqual(after.getLineRange(line), reference.getLineRange(line));
      assert.equal(after.getEOLCharacters(line), reference.getEOLCharacters(line));
    }
    assert.equal(after.lineCount, reference.lineCount);
    // A second burst starts from the first one's line offsets.
    const change = { range: { start: { line: 3, character: 0 }, end: { line: 5, character: 2 } }, text: 'joined' };
    tracked.update([change], 200);
    reference = TextDocument.update(reference, [change], 200);
    assert.equal(tracked.document.getText(), reference.getText());
    assert.deepEqual(tracked.document.positionAt(2_000_000), reference.positionAt(2_000_000));
  });

  it('goes back to plain updates when a large document shrinks below the threshold', () => {
    const text = 'x'.repeat(LARGE_DOCUMENT_CHARS + 10);
    const tracked = new TrackedDocument('file:///x/AGENTS.md', '/x/AGENTS.md', 'markdown', 1, text);
    tracked.update([{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: LARGE_DOCUMENT_CHARS } }, text: 'a\nb' }], 2);
    assert.equal(tracked.document.getText(), 'a\nb' + 'x'.repeat(10));
    assert.equal(tracked.large, false);
    tracked.update([{ range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } }, text: 'c' }], 3);
    assert.equal(tracked.document.getText(), 'a\nbc' + 'x'.repeat(10));
    assert.deepEqual(tracked.document.positionAt(4), { line: 1, character: 2 });
  });
});
