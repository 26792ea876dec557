import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const OUT_SRC = path.join(__dirname, '..', '..', 'src');

/**
 * Runs `script` in a child process after requiring `modules` (compiled, under out/src) and prints, for a fresh regex
 * run once, whether V8 holds it as interpreter bytecode and whether as compiled code (one-byte text).
 */
function tiersAfterOneRun(modules: string[]): { bytecode: boolean; compiled: boolean } {
  const requires = modules.map((m) => `require(${JSON.stringify(path.join(OUT_SRC, m))});`).join('');
  const script = `${requires}const re = new RegExp('\\\\b(?:secretly|covertly)\\\\b[^.\\\\n]{0,40}\\\\bsend', 'i'); re.test('x');` +
    'process.stdout.write(JSON.stringify({ bytecode: %RegexpHasBytecode(re, true), compiled: %RegexpHasNativeCode(re, true) }));';
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

describe('V8 settings of the scanning processes', () => {
  it('by default a regex is interpreted at its first run (the control)', () => {
    assert.equal(tiersAfterOneRun([]).bytecode, true);
  });

  it('after the setup, a regex is compiled at its first run', () => {
    assert.deepEqual(tiersAfterOneRun(['shared/scanProcessSetup.js']), { bytecode: false, compiled: true });
  });

  it('the CLI and the engine apply the setup when they load', () => {
    assert.deepEqual(tiersAfterOneRun(['cli/main.js']), { bytecode: false, compiled: true });
    assert.deepEqual(tiersAfterOneRun(['server/engine.js']), { bytecode: false, compiled: true });
  });
});
