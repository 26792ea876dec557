import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contextFileMaxChars, truncateContent } from '../../src/core/truncate';

test('the cap: 20,000 floor, 6 % of the window, 500,000 ceiling, config override', () => {
  assert.equal(contextFileMaxChars(), 20000);
  assert.equal(contextFileMaxChars(0), 20000);
  assert.equal(contextFileMaxChars(32000), 20000);
  assert.equal(contextFileMaxChars(200000), 48000);
  assert.equal(contextFileMaxChars(1000000), 240000);
  assert.equal(contextFileMaxChars(10000000), 500000);
  assert.equal(contextFileMaxChars(200000, 1234.9), 1234);
  assert.equal(contextFileMaxChars(200000, 0), 48000);
  assert.equal(contextFileMaxChars(200000, 'x'), 48000);
});

test('content at the cap is unchanged; one more character truncates 70/20 with the exact marker', () => {
  const at = 'x'.repeat(20000);
  assert.equal(truncateContent(at, 'AGENTS.md', 20000).text, at);
  const over = 'h'.repeat(14000) + 'm'.repeat(2001) + 't'.repeat(4000);
  const t = truncateContent(over, 'AGENTS.md', 20000, '/w/AGENTS.md');
  const marker = '\n\n[...truncated AGENTS.md: kept 14000+4000 of 20001 chars. The middle is omitted — if you need the full instructions, read the complete file with the read_file tool: /w/AGENTS.md]\n\n';
  assert.equal(t.text, 'h'.repeat(14000) + marker + 't'.repeat(4000));
  assert.equal(marker.length, 181); // Python: len(marker) == 181
  assert.equal(t.warning, '⚠️  Context file AGENTS.md TRUNCATED: 20001 chars exceeds limit of 20000 — trim the file, pin a larger context_file_max_chars, or use a larger-context model!');
});

test('the marker names the file when no read path is given and counts code points', () => {
  const over = '😀'.repeat(11);
  const t = truncateContent(over, 'SOUL.md', 10);
  assert.equal(t.text, '😀'.repeat(7) + '\n\n[...truncated SOUL.md: kept 7+2 of 11 chars. The middle is omitted — if you need the full instructions, read the complete file with the read_file tool: SOUL.md]\n\n' + '😀'.repeat(2));
});
