import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDateInput } from '../../src/core/dateInput';

test('--now forms: a date, a date-time, with Z or an offset', () => {
  assert.deepEqual(parseDateInput('2026-01-02'), { local: { year: 2026, month: 1, day: 2, hour: 0, minute: 0, second: 0, millisecond: 0 } });
  assert.deepEqual(parseDateInput('2024-02-29T23:59:59.5'), { local: { year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59, millisecond: 500 } });
  assert.deepEqual(parseDateInput('2026-01-02 10:00'), { local: { year: 2026, month: 1, day: 2, hour: 10, minute: 0, second: 0, millisecond: 0 } });
  assert.deepEqual(parseDateInput('2026-01-02T10:00:00Z'), { instant: new Date('2026-01-02T10:00:00Z') });
  assert.deepEqual(parseDateInput('2026-01-02T10:00+05:30'), { instant: new Date('2026-01-02T04:30:00Z') });
  const first = parseDateInput('0001-01-01T00:00:00Z') as { instant: Date };
  assert.equal(first.instant.getUTCFullYear(), 1);
});

test('--now rejects what Python could not hold and anything but the listed forms, with a one-line reason', () => {
  const cases: [string, string][] = [
    ['2026-02-30', 'has day 30, but February 2026 has 28 days'],
    ['2025-02-29', 'has day 29, but February 2025 has 28 days'],
    ['1900-02-29', 'has day 29, but February 1900 has 28 days'],
    ['2026-04-31', 'has day 31, but April 2026 has 30 days'],
    ['2026-01-00', 'has day 00, but January 2026 has 31 days'],
    ['2026-00-10', 'has month 00; months run from 01 to 12'],
    ['0000-01-01', 'has year 0000; years run from 0001 to 9999'],
    ['2026-01-02T24:00', 'has a time of day out of range (00:00:00 to 23:59:59)'],
    ['2026-01-02T10:60', 'has a time of day out of range (00:00:00 to 23:59:59)'],
    ['2026-01-02T10:00:60', 'has a time of day out of range (00:00:00 to 23:59:59)'],
    ['2026-01-02T10:00+24:00', 'has offset +24:00; offsets run from -23:59 to +23:59'],
    ['9999-12-31T23:00-05:00', 'falls outside the years 0001 to 9999 in UTC'],
    ['0001-01-01T00:00+01:00', 'falls outside the years 0001 to 9999 in UTC'],
  ];
  for (const [text, error] of cases) assert.deepEqual(parseDateInput(text), { error }, text);
  const form = 'must be YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fraction]], optionally ending in Z or ±HH:MM';
  for (const text of ['2026-01-01junk', 'yesterday', '2026-1-2', '20260102', '12026-01-01', '2026-01-02Z', '2026-01-02T10', '+002026-01-02', ' 2026-01-02', '2026-01-02T10:00:00.1234567890', '２０２６-01-02']) {
    assert.deepEqual(parseDateInput(text), { error: form }, text);
  }
});
