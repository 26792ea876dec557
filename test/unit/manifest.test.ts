import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const MANIFEST = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

test('no setting is machine-scoped: a remote window (code-server, Remote-SSH) would drop its User-settings value', () => {
  // VS Code applies a `machine` or `machine-overridable` setting from User settings only in a local window.
  // In code-server the value then came and went with timing: the first assembly could have HERMES_HOME and
  // the rebuild after any settings change (Select Layout, Select Platform) lost it.
  const properties: Record<string, { scope?: string }> = MANIFEST.contributes.configuration.properties;
  const machineScoped = Object.entries(properties).filter(([, p]) => p.scope === 'machine' || p.scope === 'machine-overridable').map(([key]) => key);
  assert.deepEqual(machineScoped, []);
});

test('the packaged extension ships every bundle the server and the extension load (all but the CLI)', () => {
  // A bundle left out of the .vsix only fails once installed: the workspace scan's thread did.
  const repo = path.join(__dirname, '..', '..', '..');
  const bundles = [...fs.readFileSync(path.join(repo, 'scripts', 'build.js'), 'utf8').matchAll(/out: '([^']+)'/g)].map((m) => m[1]);
  const shipped = fs.readFileSync(path.join(repo, '.vscodeignore'), 'utf8').split('\n').filter((l) => l.startsWith('!dist/')).map((l) => l.slice('!dist/'.length));
  assert.ok(bundles.length >= 5, `bundles read from scripts/build.js: ${bundles}`);
  assert.deepEqual(bundles.filter((b) => b !== 'cli' && !shipped.includes(`${b}.js`)), []);
});
