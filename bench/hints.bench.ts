/**
 * Subdirectory-hint benchmark (`npm run bench:hints`): the Layers view's survey of a generated monorepo, against
 * a bare recursive directory listing of the same tree (the least any survey must do), and one tool call's
 * tracker check. Prints plain `name: value unit` lines.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NodeFileSystem } from '../src/core/nodeFs';
import { surveyHints } from '../src/core/hints/survey';
import { HintTracker } from '../src/core/hints/tracker';

const PACKAGES = 400;
const DIRS_PER_PACKAGE = 12;
const RUNS = 7;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function timeMs(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** PACKAGES packages, each with nested source directories, an AGENTS.md (every other one also a CLAUDE.md) and a node_modules copy. */
function makeMonorepo(root: string): number {
  let dirs = 0;
  for (let p = 0; p < PACKAGES; p++) {
    const pkg = path.join(root, 'packages', `pkg${p}`);
    for (let d = 0; d < DIRS_PER_PACKAGE; d++) {
      fs.mkdirSync(path.join(pkg, 'src', `m${d}`, 'lib'), { recursive: true });
      fs.writeFileSync(path.join(pkg, 'src', `m${d}`, 'lib', 'index.ts'), 'export {};\n');
      dirs += 2;
    }
    fs.mkdirSync(path.join(pkg, 'node_modules', 'dep'), { recursive: true });
    fs.writeFileSync(path.join(pkg, 'node_modules', 'dep', 'AGENTS.md'), 'vendored copy\n');
    fs.writeFileSync(path.join(pkg, 'AGENTS.md'), `# pkg${p}\n\n${'Keep functions short. '.repeat(40)}\n`);
    if (p % 2) fs.writeFileSync(path.join(pkg, 'src', 'CLAUDE.md'), `# pkg${p} src\n`);
    dirs += 4;
  }
  return dirs;
}

function walk(dir: string): number {
  let n = 1;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) n += walk(path.join(dir, e.name));
  return n;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hpl-hints-bench-'));
try {
  const dirs = makeMonorepo(root);
  const env = { fs: new NodeFileSystem() };
  const options = { launchDir: root, root, home: os.homedir() };
  let found = 0;
  const baseline = median(Array.from({ length: RUNS }, () => timeMs(() => walk(root))));
  const survey = median(Array.from({ length: RUNS }, () => timeMs(() => {
    found = surveyHints(env, options).directories.length;
  })));
  const deep = path.join(root, 'packages', 'pkg7', 'src', 'm3', 'lib', 'index.ts');
  const call = median(Array.from({ length: RUNS }, () => timeMs(() => new HintTracker(env, options).checkToolCall('read_file', { path: deep }))));
  console.log(`hints tree: ${dirs} directories, ${found} hint directories`);
  console.log(`hints readdir walk (baseline): ${baseline.toFixed(1)} ms`);
  console.log(`hints survey: ${survey.toFixed(1)} ms (${(survey / baseline).toFixed(2)}× baseline)`);
  console.log(`hints one tool call (new session, 4-level walk): ${call.toFixed(2)} ms`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
