import * as nodeFs from 'node:fs';
import * as path from 'node:path';
import { readRegularFile } from './boundedRead';
import { MAX_TZIF_BYTES } from './timestamp';
import { pyStrip } from './text';

/**
 * Which clock zone Hermes uses (hermes_time.py): HERMES_TIMEZONE, else config.yaml `timezone`, each
 * Python-stripped and ignored when blank; else the server's local zone. A name Python's
 * `zoneinfo.ZoneInfo` cannot load is logged as a warning and Hermes falls back to local time.
 */
export interface ResolvedZone {
  /** The IANA key Hermes would load; undefined means the server's local zone. */
  key?: string;
  /** The TZif file the key names, when a tz database on this machine has it. */
  file?: string;
  /** Where the name came from. */
  origin?: 'HERMES_TIMEZONE' | 'config.yaml timezone';
  /** Set when a configured name is unusable: what Hermes logs, in our words. */
  warning?: string;
}

/** Python's default TZPATH on POSIX, replaced by PYTHONTZPATH (absolute entries only) when set. */
export function pythonTzPath(env: NodeJS.ProcessEnv): string[] {
  const custom = env.PYTHONTZPATH;
  if (custom !== undefined) return custom.split(path.delimiter).filter((p) => path.isAbsolute(p));
  return ['/usr/share/zoneinfo', '/usr/lib/zoneinfo', '/usr/share/lib/zoneinfo', '/etc/zoneinfo'];
}

/**
 * Why `ZoneInfo(key)` would fail, or undefined when it loads (returning the file in `found`).
 * Keys are looked up segment by segment against directory listings, so the match is exact in case even
 * on a case-insensitive file system: Hermes runs on Linux, where `america/new_york` does not exist.
 */
export function zoneinfoProblem(key: string, tzPath: string[], found: { file?: string } = {}): string | undefined {
  if (key.startsWith('/')) return 'ZoneInfo keys may not be absolute paths';
  // Python rejects keys that os.path.normpath would shorten ("a//b", "./a", "a/") or that climb out ("..").
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'ZoneInfo keys must be normalized relative paths';
  const roots = tzPath.filter((dir) => isDirectory(dir));
  if (!roots.length) {
    // No system tz database (Windows): Python then reads the tzdata package, whose names Intl also knows.
    return intlZones().has(key) ? undefined : 'no time zone found with this key';
  }
  for (const root of roots) {
    const file = exactPath(root, segments);
    if (!file) continue;
    if (!isTzif(file)) return 'Invalid TZif file: magic not found';
    found.file = file;
    return undefined;
  }
  return 'no time zone found with this key';
}

/** `root/segments…` when every segment is listed under exactly that name and the end is a regular file. */
function exactPath(root: string, segments: string[]): string | undefined {
  let dir = root;
  for (const [i, segment] of segments.entries()) {
    let names: string[];
    try {
      names = nodeFs.readdirSync(dir);
    } catch {
      return undefined;
    }
    if (!names.includes(segment)) return undefined;
    dir = path.join(dir, segment);
    const last = i === segments.length - 1;
    if (last ? !isFile(dir) : !isDirectory(dir)) return undefined;
  }
  return dir;
}

function isDirectory(p: string): boolean {
  try {
    return nodeFs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isFile(p: string): boolean {
  try {
    return nodeFs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function isTzif(file: string): boolean {
  try {
    const head = readRegularFile(file, MAX_TZIF_BYTES).subarray(0, 4);
    return Buffer.from(head).toString('latin1') === 'TZif';
  } catch {
    return false;
  }
}

let intlZoneSet: Set<string> | undefined;
function intlZones(): Set<string> {
  intlZoneSet ??= new Set([...(Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone'), 'UTC']);
  return intlZoneSet;
}

/** True when Intl can compute dates in the zone (the preview renders with Intl). */
function intlAccepts(key: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: key });
    return true;
  } catch {
    return false;
  }
}

/** Hermes' resolution order and failure mode, from the environment and config.yaml's raw `timezone` value. */
export function resolveHermesZone(env: NodeJS.ProcessEnv, configTimezone: unknown): ResolvedZone {
  const fromEnv = pyStrip(env.HERMES_TIMEZONE ?? '');
  const fromConfig = typeof configTimezone === 'string' ? pyStrip(configTimezone) : '';
  const key = fromEnv || fromConfig;
  if (!key) return {};
  const origin = fromEnv ? 'HERMES_TIMEZONE' : 'config.yaml timezone';
  const found: { file?: string } = {};
  const problem = zoneinfoProblem(key, pythonTzPath(env), found);
  if (problem) {
    return { origin, warning: `invalid timezone '${key}' (${origin}): ${problem}. Hermes logs a warning and uses the server's local time.` };
  }
  if (!intlAccepts(key)) {
    return { origin, warning: `timezone '${key}' (${origin}) is in the tz database but this preview cannot compute dates in it; showing the server's local time.` };
  }
  return { key, file: found.file, origin };
}

/** A zone named on our own command line: the same rules, but a bad name is the caller's mistake. */
export function checkExplicitZone(name: string, env: NodeJS.ProcessEnv): { key: string; file?: string } | { problem: string } {
  const key = pyStrip(name);
  if (!key) return { problem: 'is empty' };
  const found: { file?: string } = {};
  const problem = zoneinfoProblem(key, pythonTzPath(env), found) ?? (intlAccepts(key) ? undefined : 'cannot be rendered here');
  return problem ? { problem } : { key, file: found.file };
}
