import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { assemble } from '../../src/core/assemble';
import { UsageError } from '../../src/core/layout';
import { MemoryFileSystem } from '../../src/core/memoryFs';
import { resolveHermesZone, zoneinfoProblem } from '../../src/core/timezone';

const NOW = new Date('2026-01-02T10:00:00Z');
const build = (files: Record<string, string>, env: NodeJS.ProcessEnv, extra: object = {}) =>
  assemble({ fs: new MemoryFileSystem(files), cwd: '/w', home: '/h', now: NOW, userHome: '/u', env: { TZ: 'UTC', ...env }, ...extra });
const stamp = (r: ReturnType<typeof assemble>) => r.layers.find((l) => l.id === 'timestamp')!;

test('HERMES_TIMEZONE and config timezone: blank is ignored, padding is stripped (Python str.strip)', () => {
  const cfg = (tz: string) => ({ '/h/config.yaml': `timezone: ${JSON.stringify(tz)}\n` });
  for (const blank of ['', '   ', '\t\n', '\u001f\u0085']) {
    const r = build(cfg(blank), { HERMES_TIMEZONE: blank });
    assert.equal(stamp(r).text.split('\n')[0], 'Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)', JSON.stringify(blank));
    assert.deepEqual(r.warnings, []);
    assert.equal(r.inputs.timezone, undefined);
  }
  assert.equal(stamp(build({}, { HERMES_TIMEZONE: ' America/New_York ' })).text.split('\n')[0], 'Conversation started: Friday, January 02, 2026 (America/New_York, EST, UTC-05:00)');
  assert.equal(stamp(build(cfg('Europe/Berlin\n'), {})).text.split('\n')[0], 'Conversation started: Friday, January 02, 2026 (Europe/Berlin, CET, UTC+01:00)');
  // The environment wins over config.yaml, and a blank environment value falls through to config.yaml.
  assert.match(stamp(build(cfg('Asia/Kolkata'), { HERMES_TIMEZONE: 'Europe/Berlin' })).text, /\(Europe\/Berlin, CET, UTC\+01:00\)/);
  assert.match(stamp(build(cfg('Asia/Kolkata'), { HERMES_TIMEZONE: '  ' })).text, /\(Asia\/Kolkata, IST, UTC\+05:30\)/);
  // Hermes only takes a string: `timezone: 5` is ignored without a warning.
  const numeric = build({ '/h/config.yaml': 'timezone: 5\n' }, {});
  assert.deepEqual(numeric.warnings, []);
  assert.match(stamp(numeric).text, /\(UTC, UTC\+00:00\)$/m);
});

test('an unknown or wrong-case zone: a warning, the server-local time, and a note on the timestamp layer', () => {
  const cases: [NodeJS.ProcessEnv, Record<string, string>, string][] = [
    [{ HERMES_TIMEZONE: 'Mars/Olympus' }, {}, "invalid timezone 'Mars/Olympus' (HERMES_TIMEZONE): no time zone found with this key. Hermes logs a warning and uses the server's local time."],
    [{ HERMES_TIMEZONE: 'america/new_york' }, {}, "invalid timezone 'america/new_york' (HERMES_TIMEZONE): no time zone found with this key. Hermes logs a warning and uses the server's local time."],
    [{}, { '/h/config.yaml': 'timezone: Europe/berlin\n' }, "invalid timezone 'Europe/berlin' (config.yaml timezone): no time zone found with this key. Hermes logs a warning and uses the server's local time."],
    [{ HERMES_TIMEZONE: '../../etc/passwd' }, {}, "invalid timezone '../../etc/passwd' (HERMES_TIMEZONE): ZoneInfo keys must be normalized relative paths. Hermes logs a warning and uses the server's local time."],
    [{ HERMES_TIMEZONE: '/usr/share/zoneinfo/UTC' }, {}, "invalid timezone '/usr/share/zoneinfo/UTC' (HERMES_TIMEZONE): ZoneInfo keys may not be absolute paths. Hermes logs a warning and uses the server's local time."],
  ];
  for (const [env, files, warning] of cases) {
    const r = build(files, env);
    assert.deepEqual(r.warnings, [warning]);
    assert.deepEqual(stamp(r).notes, [warning]);
    assert.equal(stamp(r).text.split('\n')[0], 'Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)');
    assert.equal(r.inputs.timezone, undefined);
  }
});

test('zone lookup is exact in case even where the file system is not, and needs a TZif file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tz-'));
  fs.mkdirSync(path.join(dir, 'Area'));
  fs.copyFileSync('/usr/share/zoneinfo/UTC', path.join(dir, 'Area', 'City'));
  fs.writeFileSync(path.join(dir, 'Area', 'Junk'), 'not a zone');
  assert.equal(zoneinfoProblem('Area/City', [dir]), undefined);
  assert.equal(zoneinfoProblem('area/city', [dir]), 'no time zone found with this key');
  assert.equal(zoneinfoProblem('Area/CITY', [dir]), 'no time zone found with this key');
  assert.equal(zoneinfoProblem('Area', [dir]), 'no time zone found with this key');
  assert.equal(zoneinfoProblem('Area/Junk', [dir]), 'Invalid TZif file: magic not found');
  assert.equal(zoneinfoProblem('Area/./City', [dir]), 'ZoneInfo keys must be normalized relative paths');
  assert.equal(zoneinfoProblem('Area/City/', [dir]), 'ZoneInfo keys must be normalized relative paths');
  // PYTHONTZPATH replaces the default search path, as in Python.
  assert.deepEqual(resolveHermesZone({ PYTHONTZPATH: dir, HERMES_TIMEZONE: 'UTC' }, undefined).warning, "invalid timezone 'UTC' (HERMES_TIMEZONE): no time zone found with this key. Hermes logs a warning and uses the server's local time.");
  fs.rmSync(dir, { recursive: true, force: true });
});

test('our own --timezone must name a real zone: a usage error otherwise', () => {
  assert.throws(() => build({}, {}, { timezone: 'Mars/Olympus' }), (e: Error) => e instanceof UsageError && e.message === "--timezone 'Mars/Olympus' no time zone found with this key (use an IANA name such as Europe/Berlin, spelled as in the tz database)");
  assert.throws(() => build({}, {}, { timezone: 'europe/berlin' }), UsageError);
  assert.match(stamp(build({}, { HERMES_TIMEZONE: 'Mars/Olympus' }, { timezone: 'Asia/Tokyo' })).text, /\(Asia\/Tokyo, JST, UTC\+09:00\)/);
});

test('a wall-clock --now is read in the display zone; the build date must stay within years 1 to 9999', () => {
  const local = { year: 2026, month: 1, day: 2, hour: 0, minute: 0, second: 0, millisecond: 0 };
  assert.match(stamp(build({}, { HERMES_TIMEZONE: 'Pacific/Kiritimati' }, { now: local })).text, /^Conversation started: Friday, January 02, 2026 \(Pacific\/Kiritimati, \+14, UTC\+14:00\)/);
  assert.match(stamp(build({}, { HERMES_TIMEZONE: 'America/Los_Angeles' }, { now: local })).text, /^Conversation started: Friday, January 02, 2026 \(America\/Los_Angeles, PST, UTC-08:00\)/);
  assert.throws(() => build({}, { HERMES_TIMEZONE: 'America/New_York' }, { now: new Date('0001-01-01T00:00:00Z') }), /outside the years 0001 to 9999 in America\/New_York/);
});

test('pass_session_id: the Session ID line only with it, and a note either way', () => {
  const sid = '20260102_093000_ab12cd';
  const off = build({}, {}, { sessionId: sid, model: 'm' });
  assert.equal(stamp(off).text, 'Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)\nModel: m\nPlatform: cli');
  assert.deepEqual(stamp(off).notes, ['No "Session ID:" line: Hermes prints it only when started with --pass-session-id.']);
  const on = build({}, {}, { sessionId: sid, passSessionId: true, model: 'm' });
  assert.equal(stamp(on).text, `Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)\nSession ID: ${sid}\nModel: m\nPlatform: cli`);
  assert.deepEqual(stamp(on).notes, []);
});

test('a session from an earlier day: start date from the id stamp, and the "Today\'s date" line without zone bits', () => {
  const r = build({}, {}, { sessionId: '20251230_233000_x' });
  assert.equal(stamp(r).text, "Conversation started: Tuesday, December 30, 2025 (UTC, UTC+00:00)\nToday's date (as of the last context rebuild): Friday, January 02, 2026 — trust this over the start date for what day it is now; query tools for exact time.\nPlatform: cli");
});
