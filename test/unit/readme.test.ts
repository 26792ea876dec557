import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { renderRuleDocs } from '../../src/core/ruleDocs';
import { ruleHelpUri } from '../../src/core/ruleLinks';
import { RULES } from '../../src/core/scanner';

const README = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

test('the README rule reference is the generated one (run scripts/gen-rule-docs.js after changing rules)', () => {
  const section = /<!-- rules:start -->\n([\s\S]*?)\n<!-- rules:end -->/.exec(README)?.[1];
  assert.equal(section, renderRuleDocs());
});

test('every rule id, and every invisible character id, links to an anchor that exists', () => {
  for (const id of [...RULES.map((r) => r.id), 'invisible_unicode_U+200B', 'invalid_utf8']) {
    const anchor = ruleHelpUri(id).split('#')[1];
    assert.ok(README.includes(`<a id="${anchor}"></a>`), `${id} → #${anchor}`);
  }
});
