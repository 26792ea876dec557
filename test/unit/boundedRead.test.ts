import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { readRegularFile } from '../../src/core/boundedRead';
import { ReadError, type FileStat } from '../../src/core/fs';
import { NodeFileSystem } from '../../src/core/nodeFs';
import { readText } from '../../src/core/source';
import { tempDir } from '../helpers/fixtures';

const refusal = (reason: string, message: RegExp) => (err: unknown) => err instanceof ReadError && err.reason === reason && message.test(err.message);

test('a FIFO is refused at once instead of blocking the reader', () => {
  const dir = tempDir();
  const fifo = path.join(dir, 'AGENTS.md');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  assert.throws(() => readRegularFile(fifo, 1024), refusal('special', /FIFO/));
  assert.deepEqual(readText(new NodeFileSystem(), fifo), { ok: false, missing: false, message: 'is a FIFO (named pipe), not a regular file' });
});

test('a symlink to /dev/zero is refused on the open descriptor', () => {
  const dir = tempDir();
  const link = path.join(dir, 'AGENTS.md');
  fs.symlinkSync('/dev/zero', link);
  assert.throws(() => readRegularFile(link, 1024), refusal('special', /character device/));
});

test('a file longer than its fstat size is read only up to the cap plus one byte', () => {
  // /proc files are regular with st_size 0 but yield text: the case of a file that grows after fstat.
  const status = fs.readFileSync('/proc/self/status');
  assert.ok(status.length > 200);
  assert.throws(() => readRegularFile('/proc/self/status', 100), refusal('too-large', /more than 101 bytes; the limit is 100/));
  assert.ok(readRegularFile('/proc/self/status', 1 << 20).length > 200);
});

test('missing, directory and over-cap files get reasons; a regular file reads whole', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'a.md'), 'hello');
  assert.equal(Buffer.from(readRegularFile(path.join(dir, 'a.md'), 5)).toString(), 'hello');
  assert.throws(() => readRegularFile(path.join(dir, 'a.md'), 4), refusal('too-large', /5 bytes; the limit is 4/));
  assert.throws(() => readRegularFile(path.join(dir, 'nope.md'), 4), refusal('missing', /does not exist/));
  assert.throws(() => readRegularFile(dir, 4), refusal('directory', /is a directory/));
});

test('readText judges the file it opened, not an earlier stat: a file swapped for a FIFO after stat is refused', () => {
  // The swap happens inside stat(), i.e. exactly between a stat and a read. In a child process, because the
  // old stat-then-readFileSync reader blocks its thread on the FIFO for good.
  const dir = tempDir();
  const file = path.join(dir, 'AGENTS.md');
  fs.writeFileSync(file, 'regular');
  const script = `
    const { spawnSync } = require('node:child_process');
    const fs = require('node:fs');
    const { NodeFileSystem } = require(${JSON.stringify(path.join(__dirname, '..', '..', 'src', 'core', 'nodeFs.js'))});
    const { readText } = require(${JSON.stringify(path.join(__dirname, '..', '..', 'src', 'core', 'source.js'))});
    class SwappingFs extends NodeFileSystem {
      stat(p) {
        const st = super.stat(p);
        fs.unlinkSync(p);
        spawnSync('mkfifo', [p]);
        return st;
      }
    }
    process.stdout.write(JSON.stringify(readText(new SwappingFs(), ${JSON.stringify(file)})));`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  assert.equal(r.signal, null, 'the reader blocked on the FIFO');
  const result = JSON.parse(r.stdout) as { ok: boolean; message?: string };
  // Either the swap has not happened (no stat call: the regular file is read) or the FIFO is refused; never a hang.
  assert.ok(result.ok || /FIFO/.test(result.message ?? ''), r.stdout);
});

test('readText never asks for a stat before reading (the read itself decides)', () => {
  const calls: string[] = [];
  class CountingFs extends NodeFileSystem {
    stat(p: string): FileStat | undefined {
      calls.push(p);
      return super.stat(p);
    }
  }
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'a.md'), 'x');
  assert.equal(readText(new CountingFs(), path.join(dir, 'a.md')).ok, true);
  assert.deepEqual(calls, []);
});
