import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTimestampLine, sessionStart, utcOffsetLabel, zoneSuffix } from '../../src/core/timestamp';

test('zone bits: key, abbreviation when different, UTC offset', () => {
  assert.equal(zoneSuffix(new Date('2026-07-06T15:00:00Z'), 'America/New_York'), ' (America/New_York, EDT, UTC-04:00)');
  assert.equal(zoneSuffix(new Date('2026-01-02T15:00:00Z'), 'America/New_York'), ' (America/New_York, EST, UTC-05:00)');
  assert.equal(zoneSuffix(new Date('2026-01-02T15:00:00Z'), 'UTC'), ' (UTC, UTC+00:00)');
  assert.equal(zoneSuffix(new Date('2026-01-02T15:00:00Z'), 'Asia/Ho_Chi_Minh'), ' (Asia/Ho_Chi_Minh, +07, UTC+07:00)');
  assert.equal(zoneSuffix(new Date('2026-01-02T15:00:00Z'), 'Asia/Kolkata'), ' (Asia/Kolkata, IST, UTC+05:30)');
  assert.equal(utcOffsetLabel(-570), 'UTC-09:30');
});

test('the line: weekday, month, zero-padded day; session, model, platform lines follow', () => {
  assert.equal(
    buildTimestampLine({ start: new Date('2026-01-02T10:00:00Z'), timezone: 'Europe/Berlin', sessionId: 'abc', model: 'm', platform: 'cli' }),
    'Conversation started: Friday, January 02, 2026 (Europe/Berlin, CET, UTC+01:00)\nSession ID: abc\nModel: m\nPlatform: cli',
  );
});

test('the date is taken in the display zone, and a later day adds the "Today\'s date" line', () => {
  const start = new Date('2026-07-06T02:00:00Z');
  assert.match(buildTimestampLine({ start, timezone: 'America/Los_Angeles' }), /^Conversation started: Sunday, July 05, 2026 /);
  const line = buildTimestampLine({ start, now: new Date('2026-07-08T12:00:00Z'), timezone: 'UTC' });
  assert.equal(line, "Conversation started: Monday, July 06, 2026 (UTC, UTC+00:00)\nToday's date (as of the last context rebuild): Wednesday, July 08, 2026 (UTC, UTC+00:00) — trust this over the start date for what day it is now; query tools for exact time.");
});

test('a session id stamp is the start date', () => {
  const d = sessionStart('20260102_103000_abcd')!;
  assert.equal(d.getFullYear(), 2026);
  assert.equal(d.getMonth(), 0);
  assert.equal(d.getDate(), 2);
  assert.equal(sessionStart('not-a-stamp'), undefined);
  assert.equal(sessionStart('20261340_000000'), undefined);
});
