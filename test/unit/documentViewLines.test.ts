import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentView } from '../../src/core/detection/documentView';

describe('DocumentView.lineAt', () => {
  // The first lookups of a text search around the offset, later ones read the listed line starts: both must give the
  // line a split of the text on '\n' gives, at every offset (a newline belongs to the line it ends).
  const texts = ['', '\n', '\n\nx', 'a', 'ab\ncd\n', '\nabc\n\nd', 'x\r\ny\n\n', 'one line only', '- a\n- b\n\n```sh\nrm -rf /\n```\n'];

  const expected = (text: string, pos: number): [number, number] => {
    let start = 0;
    for (const line of text.split('\n')) {
      const end = start + line.length;
      if (pos <= end) return [start, end];
      start = end + 1;
    }
    const lastStart = text.lastIndexOf('\n') + 1;
    return [lastStart, text.length];
  };

  it('gives the same line by a search around the offset and from the listed line starts', () => {
    for (const text of texts) {
      for (let pos = 0; pos <= text.length; pos++) {
        const fresh = new DocumentView(text);
        const listed = new DocumentView(text);
        for (let k = 0; k < 20; k++) listed.lineAt(0);
        assert.deepEqual(fresh.lineAt(pos), expected(text, pos), `${JSON.stringify(text)} @${pos} (search)`);
        assert.deepEqual(listed.lineAt(pos), expected(text, pos), `${JSON.stringify(text)} @${pos} (listed)`);
      }
    }
  });
});
