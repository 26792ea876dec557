import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpHead, cpLength, cpTail, decodeUtf8, formatThousands, pyStrip, universalNewlines } from '../../src/core/text';

test('pyStrip strips Python whitespace, not U+FEFF', () => {
  assert.equal(pyStrip('\x1c\x1d\x1e\x1f\x85 a b\u3000\n'), 'a b');
  assert.equal(pyStrip('\ufeffa\ufeff'), '\ufeffa\ufeff');
  assert.equal(pyStrip('\u200b x'), '\u200b x');
  assert.equal(pyStrip('   '), '');
});

test('code-point lengths and slices count astral characters once', () => {
  const s = 'a😀b😀c';
  assert.equal(s.length, 7);
  assert.equal(cpLength(s), 5);
  assert.equal(cpHead(s, 2), 'a😀');
  assert.equal(cpTail(s, 2), '😀c');
  assert.equal(cpTail(s, 10), s);
});

test('universal newlines turn CRLF and lone CR into LF', () => {
  assert.equal(universalNewlines('a\r\nb\rc\n'), 'a\nb\nc\n');
});

test('decodeUtf8 removes one BOM and reports invalid UTF-8 and NUL bytes', () => {
  const d = decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41]));
  assert.equal(d.text, '\ufeffA');
  assert.equal(d.hadBom, true);
  const bad = decodeUtf8(new Uint8Array([0x41, 0xff, 0x42]));
  assert.equal(bad.validUtf8, false);
  assert.equal(bad.text, 'A\ufffdB');
  assert.equal(decodeUtf8(new Uint8Array([0x41, 0x00])).binary, true);
});

test('formatThousands matches Python f"{n:,}"', () => {
  assert.equal(formatThousands(2200), '2,200');
  assert.equal(formatThousands(999), '999');
  assert.equal(formatThousands(1234567), '1,234,567');
});
