/**
 * A build instant given as text (the CLI's --now). Accepted, and nothing else:
 *   YYYY-MM-DD
 *   YYYY-MM-DDTHH:MM[:SS[.fraction]]   ("T" or one space between date and time)
 * either optionally followed by "Z" or ±HH:MM (only after a time). Years 0001–9999, as Python's datetime.
 * Without an offset the value is a wall-clock time in the display zone, so "2026-01-02" is January 2 there.
 */

/** A wall-clock time with no zone (Python's naive datetime). */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export type DateInput = { instant: Date } | { local: LocalDateTime };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Milliseconds since the epoch of a wall-clock time read as UTC; correct for years 1–99 too. */
export function utcMillis(t: LocalDateTime): number {
  const d = new Date(0);
  d.setUTCFullYear(t.year, t.month - 1, t.day);
  d.setUTCHours(t.hour, t.minute, t.second, t.millisecond);
  return d.getTime();
}

const FORMAT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The parsed value, or a one-line reason it is not one. */
export function parseDateInput(text: string): DateInput | { error: string } {
  const m = FORMAT.exec(text);
  if (!m) return { error: 'must be YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.fraction]], optionally ending in Z or ±HH:MM' };
  const [year, month, day] = [m[1], m[2], m[3]].map(Number);
  if (year < 1) return { error: 'has year 0000; years run from 0001 to 9999' };
  if (month < 1 || month > 12) return { error: `has month ${m[2]}; months run from 01 to 12` };
  const max = daysInMonth(year, month);
  if (day < 1 || day > max) return { error: `has day ${m[3]}, but ${MONTHS[month - 1]} ${year} has ${max} days` };
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (hour > 23 || minute > 59 || second > 59) return { error: 'has a time of day out of range (00:00:00 to 23:59:59)' };
  const millisecond = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  const local: LocalDateTime = { year, month, day, hour, minute, second, millisecond };
  const zone = m[8];
  if (zone === undefined) return { local };
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const oh = Number(zone.slice(1, 3));
    const om = Number(zone.slice(4, 6));
    if (oh > 23 || om > 59) return { error: `has offset ${zone}; offsets run from -23:59 to +23:59` };
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const instant = new Date(utcMillis(local) - offsetMinutes * 60000);
  // An offset can move 0001-01-01 or 9999-12-31 out of Python's range.
  if (instant.getUTCFullYear() < 1 || instant.getUTCFullYear() > 9999) return { error: 'falls outside the years 0001 to 9999 in UTC' };
  return { instant };
}
