import * as path from 'node:path';
import { readRegularFile } from './boundedRead';
import { daysInMonth, utcMillis, type LocalDateTime } from './dateInput';

/**
 * The timestamp line (spec §7.1): "Conversation started: Friday, January 02, 2026 (America/New_York, EST, UTC-05:00)".
 * Python's %Z comes from the system tz database, so abbreviations are read from the TZif file's footer
 * rule when the zone has one; Intl's names ("GMT+7") differ from zoneinfo's ("+07").
 */
export interface TimestampOptions {
  /** The session start instant. */
  start: Date;
  /** The build instant (Hermes' `now()`): its zone bits label the line, and a different calendar day adds the "Today's date" line. */
  now?: Date;
  /** A configured IANA zone that Python's zoneinfo loads; undefined means the machine's local zone. */
  timezone?: string;
  /** The TZif file of `timezone`, for its abbreviations. */
  zoneFile?: string;
  sessionId?: string;
  /** Hermes' `--pass-session-id`: only then does the "Session ID:" line appear. */
  passSessionId?: boolean;
  model?: string;
  provider?: string;
  platform?: string;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A wall-clock time in a zone, with its weekday and its offset from UTC in seconds (LMT offsets are not whole minutes). */
export interface ZonedParts extends Omit<LocalDateTime, 'millisecond'> {
  weekday: number;
  offset: number;
}

export function zonedParts(instant: Date, zone: string | undefined): ZonedParts {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, era: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
    second: 'numeric', hourCycle: 'h23',
  });
  const parts = fmt.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const bc = parts.find((p) => p.type === 'era')?.value === 'BC';
  const year = bc ? 1 - get('year') : get('year');
  const wall = { year, month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second'), millisecond: 0 };
  const offset = Math.round((utcMillis(wall) - Math.floor(instant.getTime() / 1000) * 1000) / 1000);
  const noon = new Date(0);
  noon.setUTCFullYear(year, wall.month - 1, wall.day);
  return { ...wall, weekday: noon.getUTCDay(), offset };
}

/** The instant at which the zone's clocks show this wall-clock time. */
export function localToInstant(local: LocalDateTime, zone: string | undefined): Date {
  const asUtc = utcMillis(local);
  const first = zonedParts(new Date(asUtc), zone).offset;
  const guess = asUtc - first * 1000;
  const second = zonedParts(new Date(guess), zone).offset;
  return new Date(second === first ? guess : asUtc - second * 1000);
}

/** Python's %z ("+0530", "-045602") as Hermes prints it: "UTC" + first three characters + ":" + the rest. */
export function utcOffsetLabel(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  const ss = abs % 60 ? String(abs % 60).padStart(2, '0') : '';
  return `UTC${sign}${hh}:${mm}${ss}`;
}

/** TZif files are a few kilobytes; anything far larger is not one. */
export const MAX_TZIF_BYTES = 1024 * 1024;

/**
 * Abbreviations of a TZif file's current POSIX rule, by offset in seconds ("EST5EDT,M3.2.0,M11.1.0" → EST at
 * -18000, EDT at -14400). Python's %Z comes from the same file, where Intl's names differ ("GMT+7" for "+07").
 */
export function footerAbbreviations(file: string): Map<number, string> | undefined {
  let data: Buffer;
  try {
    data = Buffer.from(readRegularFile(file, MAX_TZIF_BYTES));
  } catch {
    return undefined;
  }
  if (data.subarray(0, 4).toString('latin1') !== 'TZif') return undefined;
  const text = data.toString('latin1');
  const end = text.lastIndexOf('\n', text.length - 2);
  const footer = text.slice(end + 1).replace(/\n$/, '');
  const m = /^(<[^>]+>|[A-Za-z]+)([+-]?\d+(?::\d+){0,2})(?:(<[^>]+>|[A-Za-z]+)([+-]?\d+(?::\d+){0,2})?)?(?:,|$)/.exec(footer);
  if (!m) return undefined;
  const name = (s: string) => s.replace(/^<|>$/g, '');
  const seconds = (s: string) => {
    const [h, mi = '0', se = '0'] = s.replace(/^[+-]/, '').split(':');
    return (s.startsWith('-') ? 1 : -1) * (Number(h) * 3600 + Number(mi) * 60 + Number(se));
  };
  const std = seconds(m[2]);
  const out = new Map<number, string>([[std, name(m[1])]]);
  if (m[3]) out.set(m[4] ? seconds(m[4]) : std + 3600, name(m[3]));
  return out;
}

/** The machine's own zone file: TZ names it (":Europe/Berlin" or "Europe/Berlin"), else /etc/localtime. */
function localZoneFile(): string | undefined {
  const tz = process.env.TZ?.replace(/^:/, '');
  if (tz === undefined) return '/etc/localtime';
  if (!tz || tz.includes(',')) return undefined;
  return path.isAbsolute(tz) ? tz : path.join('/usr/share/zoneinfo', tz);
}

function abbreviation(instant: Date, zone: string | undefined, zoneFile: string | undefined, offset: number): string | undefined {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const file = zone === undefined ? localZoneFile() : zoneFile;
  return (file ? footerAbbreviations(file)?.get(offset) : undefined) ?? intlAbbreviation(instant, zone);
}

function intlAbbreviation(instant: Date, zone: string | undefined): string | undefined {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(instant).find((p) => p.type === 'timeZoneName');
  return part?.value;
}

function formatDate(p: ZonedParts): string {
  return `${DAYS[p.weekday]}, ${MONTHS[p.month - 1]} ${String(p.day).padStart(2, '0')}, ${p.year}`;
}

/** Hermes' `_zone_bits`: the key (configured zones only), %Z when it differs from the key, then the UTC offset. */
export function zoneSuffix(instant: Date, zone: string | undefined, zoneFile?: string): string {
  const parts = zonedParts(instant, zone);
  const bits: string[] = [];
  if (zone) bits.push(zone);
  const abbr = abbreviation(instant, zone, zoneFile, parts.offset);
  if (abbr && abbr !== zone) bits.push(abbr);
  bits.push(utcOffsetLabel(parts.offset));
  return ` (${bits.join(', ')})`;
}

/** A session id's leading YYYYMMDD_HHMMSS stamp, read in the machine's local zone as Hermes does; undefined unless it is a real date and time. */
export function sessionStart(sessionId: string | undefined): Date | undefined {
  const m = sessionId ? /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})/.exec(sessionId) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  const date = new Date(0);
  date.setFullYear(y, mo - 1, d);
  date.setHours(h, mi, s, 0);
  return date;
}

/**
 * The volatile timestamp part as Hermes' `_timestamp_line` writes it. The zone bits describe the build instant
 * (`now`), and the "Today's date" line carries the date alone, without zone bits.
 */
export function buildTimestampLine(opts: TimestampOptions): string {
  const now = opts.now ?? opts.start;
  const startParts = zonedParts(opts.start, opts.timezone);
  const nowParts = zonedParts(now, opts.timezone);
  let text = `Conversation started: ${formatDate(startParts)}${zoneSuffix(now, opts.timezone, opts.zoneFile)}`;
  if (formatDate(nowParts) !== formatDate(startParts)) {
    text += `\nToday's date (as of the last context rebuild): ${formatDate(nowParts)} — trust this over the start date for what day it is now; query tools for exact time.`;
  }
  if (opts.passSessionId && opts.sessionId) text += `\nSession ID: ${opts.sessionId}`;
  if (opts.model) text += `\nModel: ${opts.model}`;
  if (opts.provider) text += `\nProvider: ${opts.provider}`;
  if (opts.platform) text += `\nPlatform: ${opts.platform}`;
  return text;
}
