import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTimestampLine, sessionStart, utcOffsetLabel, zoneSuffix } from '../../src/core/timestamp';

test('zone bits: key, abbreviation when different, UTC offset', () => {
  assert.equal(zoneSuffix(new Date('2026-07-06T15:00:00Z'), 'America/New_York', '/usr/share/zoneinfo/America/New_York'), ' (America/New_York, EDT, UTC-04:00)');
  assert.equal(zoneSuffix(new Date('2026-01-02T15:00:00Z'), 'America/New_York', '/usr/share/zoneinfo/America/New_York'), ' (America/New_York, EST, UTC-05:00)');
  assert.equal(zoneSuffix(new Date('2026-01-02T15:00:00Z'), 'UTC', '/usr/share/zoneinfo/UTC'), ' (UTC, UTC+00:00)');
  assert.equal(zoneSuffix(new Date('2026-01-02T15:00:00Z'), 'Asia/Ho_Chi_Minh', '/usr/share/zoneinfo/Asia/Ho_Chi_Minh'), ' (Asia/Ho_Chi_Minh, +07, UTC+07:00)');
  assert.equal(zoneSuffix(new Date('2026-01-02T15:00:00Z'), 'Asia/Kolkata', '/usr/share/zoneinfo/Asia/Kolkata'), ' (Asia/Kolkata, IST, UTC+05:30)');
  assert.equal(utcOffsetLabel(-570 * 60), 'UTC-09:30');
  // Local mean time is not a whole number of minutes; Python's %z then has seconds and Hermes prints them after the minutes.
  assert.equal(utcOffsetLabel(-(4 * 3600 + 56 * 60 + 2)), 'UTC-04:5602');
});

test('the line: weekday, month, zero-padded day; session, model, provider, platform lines follow', () => {
  const zoneFile = '/usr/share/zoneinfo/Europe/Berlin';
  assert.equal(
    buildTimestampLine({ start: new Date('2026-01-02T10:00:00Z'), timezone: 'Europe/Berlin', zoneFile, sessionId: 'abc', passSessionId: true, model: 'm', provider: 'p', platform: 'cli' }),
    'Conversation started: Friday, January 02, 2026 (Europe/Berlin, CET, UTC+01:00)\nSession ID: abc\nModel: m\nProvider: p\nPlatform: cli',
  );
});

test('the Session ID line needs pass_session_id (Hermes --pass-session-id) and a session id', () => {
  const start = new Date('2026-01-02T10:00:00Z');
  assert.equal(buildTimestampLine({ start, timezone: 'UTC', sessionId: '20260102_100000_ab12', model: 'm' }), 'Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)\nModel: m');
  assert.equal(buildTimestampLine({ start, timezone: 'UTC', passSessionId: true, model: 'm' }), 'Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)\nModel: m');
  assert.equal(
    buildTimestampLine({ start, timezone: 'UTC', sessionId: '20260102_100000_ab12', passSessionId: true }),
    'Conversation started: Friday, January 02, 2026 (UTC, UTC+00:00)\nSession ID: 20260102_100000_ab12',
  );
});

test('the date is taken in the display zone, and a later day adds the "Today\'s date" line', () => {
  const start = new Date('2026-07-06T02:00:00Z');
  assert.match(buildTimestampLine({ start, timezone: 'America/Los_Angeles' }), /^Conversation started: Sunday, July 05, 2026 /);
  const line = buildTimestampLine({ start, now: new Date('2026-07-08T12:00:00Z'), timezone: 'UTC' });
  // Hermes' _timestamp_line: the second line carries the date alone, no zone bits.
  assert.equal(line, "Conversation started: Monday, July 06, 2026 (UTC, UTC+00:00)\nToday's date (as of the last context rebuild): Wednesday, July 08, 2026 — trust this over the start date for what day it is now; query tools for exact time.");
});

test('the zone bits describe the rebuild instant (Hermes computes them from now()), not the start', () => {
  const zoneFile = '/usr/share/zoneinfo/America/New_York';
  const line = buildTimestampLine({ start: new Date('2026-03-01T15:00:00Z'), now: new Date('2026-03-20T15:00:00Z'), timezone: 'America/New_York', zoneFile });
  assert.equal(line, "Conversation started: Sunday, March 01, 2026 (America/New_York, EDT, UTC-04:00)\nToday's date (as of the last context rebuild): Friday, March 20, 2026 — trust this over the start date for what day it is now; query tools for exact time.");
});

test('years below 100 are not read as 19xx', () => {
  const line = buildTimestampLine({ start: new Date('0045-03-04T12:00:00Z'), timezone: 'UTC' });
  assert.equal(line, 'Conversation started: Saturday, March 04, 45 (UTC, UTC+00:00)');
});

test('a session id stamp is the start date', () => {
  const d = sessionStart('20260102_103000_abcd')!;
  assert.equal(d.getFullYear(), 2026);
  assert.equal(d.getMonth(), 0);
  assert.equal(d.getDate(), 2);
  assert.equal(sessionStart('not-a-stamp'), undefined);
  assert.equal(sessionStart('20261340_000000'), undefined);
  assert.equal(sessionStart('20260230_100000_x'), undefined);
  assert.equal(sessionStart('00000101_000000_x'), undefined);
  assert.equal(sessionStart('20260101_246000_x'), undefined);
  assert.equal(sessionStart('00450304_120000_x')!.getFullYear(), 45);
});
