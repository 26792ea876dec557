import * as path from 'node:path';
import { readRegularFile } from './boundedRead';

/**
 * The timestamp line (spec §7.1): "Conversation started: Friday, January 02, 2026 (America/New_York, EST, UTC-05:00)".
 * Python's %Z comes from the system tz database, so abbreviations are read from the TZif file's footer
 * rule when the zone has one; Intl's names ("GMT+7") differ from zoneinfo's ("+07").
 */
export interface TimestampOptions {
  /** The session start instant. */
  start: Date;
  /** The build instant; a different calendar day adds Hermes' "Today's date" line. */
  now?: Date;
  /** A configured IANA zone (HERMES_TIMEZONE or config `timezone`); undefined means the machine's local zone. */
  timezone?: string;
  sessionId?: string;
  model?: string;
  provider?: string;
  platform?: string;
  zoneinfoDir?: string;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  /** Offset from UTC in minutes. */
  offset: number;
}

function zonedParts(instant: Date, zone: string | undefined): ZonedParts {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric',
    second: 'numeric', hourCycle: 'h23',
  });
  const get = (type: string) => Number(fmt.formatToParts(instant).find((p) => p.type === type)?.value);
  const y = get('year'), mo = get('month'), d = get('day');
  const asUtc = Date.UTC(y, mo - 1, d, get('hour'), get('minute'), get('second'));
  const offset = Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
  return { year: y, month: mo, day: d, weekday: new Date(Date.UTC(y, mo - 1, d)).getUTCDay(), offset };
}

/** Python's %z rendered as "UTC±HH:MM". */
export function utcOffsetLabel(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** TZif files are a few kilobytes; anything far larger is not one. */
const MAX_TZIF_BYTES = 1024 * 1024;

/** Abbreviations of the zone's current POSIX rule ("EST5EDT,M3.2.0,M11.1.0" → EST at -300, EDT at -240). */
export function footerAbbreviations(zone: string, zoneinfoDir = '/usr/share/zoneinfo'): Map<number, string> | undefined {
  let data: Buffer;
  try {
    const file = path.resolve(zoneinfoDir, zone);
    if (!file.startsWith(path.resolve(zoneinfoDir) + path.sep)) return undefined;
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
  const minutes = (s: string) => {
    const [h, mi = '0'] = s.replace(/^[+-]/, '').split(':');
    return (s.startsWith('-') ? 1 : -1) * (Number(h) * 60 + Number(mi));
  };
  const std = minutes(m[2]);
  const out = new Map<number, string>([[std, name(m[1])]]);
  if (m[3]) out.set(m[4] ? minutes(m[4]) : std + 60, name(m[3]));
  return out;
}

function abbreviation(instant: Date, zone: string | undefined, offset: number, zoneinfoDir?: string): string | undefined {
  if (zone === undefined) {
    const tz = process.env.TZ;
    if (tz && !tz.includes(',')) return footerAbbreviations(tz, zoneinfoDir)?.get(offset) ?? intlAbbreviation(instant, undefined);
    return intlAbbreviation(instant, undefined);
  }
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  return footerAbbreviations(zone, zoneinfoDir)?.get(offset) ?? intlAbbreviation(instant, zone);
}

function intlAbbreviation(instant: Date, zone: string | undefined): string | undefined {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(instant).find((p) => p.type === 'timeZoneName');
  return part?.value;
}

function formatDate(p: ZonedParts): string {
  return `${DAYS[p.weekday]}, ${MONTHS[p.month - 1]} ${String(p.day).padStart(2, '0')}, ${p.year}`;
}

/** " (key, abbr, UTC±HH:MM)" with the abbreviation omitted when it equals the key. */
export function zoneSuffix(instant: Date, zone: string | undefined, zoneinfoDir?: string): string {
  const parts = zonedParts(instant, zone);
  const bits: string[] = [];
  if (zone) bits.push(zone);
  const abbr = abbreviation(instant, zone, parts.offset, zoneinfoDir);
  if (abbr && abbr !== zone) bits.push(abbr);
  bits.push(utcOffsetLabel(parts.offset));
  return ` (${bits.join(', ')})`;
}

/** A session id's leading YYYYMMDD_HHMMSS stamp, read in the machine's local zone as Hermes does. */
export function sessionStart(sessionId: string | undefined): Date | undefined {
  const m = sessionId ? /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})/.exec(sessionId) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(y, mo - 1, d, h, mi, s);
  return Number.isNaN(date.getTime()) || date.getMonth() !== mo - 1 ? undefined : date;
}

export function buildTimestampLine(opts: TimestampOptions): string {
  const startParts = zonedParts(opts.start, opts.timezone);
  let text = `Conversation started: ${formatDate(startParts)}${zoneSuffix(opts.start, opts.timezone, opts.zoneinfoDir)}`;
  if (opts.now) {
    const nowParts = zonedParts(opts.now, opts.timezone);
    if (formatDate(nowParts) !== formatDate(startParts)) {
      text += `\nToday's date (as of the last context rebuild): ${formatDate(nowParts)}${zoneSuffix(opts.now, opts.timezone, opts.zoneinfoDir)} — trust this over the start date for what day it is now; query tools for exact time.`;
    }
  }
  if (opts.sessionId) text += `\nSession ID: ${opts.sessionId}`;
  if (opts.model) text += `\nModel: ${opts.model}`;
  if (opts.provider) text += `\nProvider: ${opts.provider}`;
  if (opts.platform) text += `\nPlatform: ${opts.platform}`;
  return text;
}
