/**
 * One directory's subdirectory hint (Hermes' `_load_hints_for_directory`): the first usable file of
 * HINT_FILE_NAMES, deduplicated by content hash, scanned at context scope under its bare name and truncated
 * at 32,000 characters, as the text Hermes appends to a tool result.
 */
import * as path from 'node:path';
import type { ReadEnv } from '../contextFiles';
import { sha256 } from '../hash';
import { scanDocument } from '../scanner';
import { hermesContent, readText } from '../source';
import { cpLength, pyStrip, universalNewlines } from '../text';
import { blockedContextText } from '../threats';
import { truncateContent } from '../truncate';
import { isWithin } from './pyPath';

/** Hermes' `_HINT_FILENAMES`, in priority order: the first usable one in a directory wins. */
export const HINT_FILE_NAMES: readonly string[] = ['AGENTS.override.md', 'AGENTS.md', 'agents.md', 'CLAUDE.md', 'claude.md', '.cursorrules'];
/** Hermes' `_MAX_HINT_CHARS`: a fixed cap, unlike the start-up cap that follows the model window. */
export const MAX_HINT_CHARS = 32_000;

/** `none`: the directory holds no hint file; `empty`: its hint files are empty or unreadable. */
export type HintStatus = 'loaded' | 'blocked' | 'truncated' | 'duplicate' | 'empty' | 'none' | 'pruned' | 'outside';

/** Why a candidate file of a directory was passed over. */
export interface SkippedHintFile {
  name: string;
  reason: 'not-a-file' | 'outside' | 'unreadable' | 'empty';
  detail: string;
}

export interface DirectoryHint {
  directory: string;
  /** The directory relative to the launch directory, as Hermes prints paths. */
  relativeDirectory: string;
  status: HintStatus;
  /** The hint file used (or, for `duplicate`, the one whose content was already sent). */
  file?: string;
  /** Hermes' display path: the file relative to the launch directory. */
  displayPath?: string;
  /** "[Subdirectory context discovered: <path>]\n<content>", or "" when the directory adds nothing. */
  text: string;
  /** Hermes' threat ids when the file was blocked. */
  threatIds: string[];
  /** Length of the content before truncation, in code points. */
  originalChars?: number;
  /** Display path of the file (or "the launch directory's <name>") that already sent this content. */
  duplicateOf?: string;
  skipped: SkippedHintFile[];
  /** One sentence on why the status is what it is. */
  message: string;
}

/** The content digests already sent, with the display path that sent each. */
export type SeenDigests = Map<string, string>;

interface Candidate {
  name: string;
  file: string;
  content: string;
}

/**
 * Candidates in name order: a regular file (symlinks followed) whose target stays inside `within`, read and
 * stripped. Hermes reads hints as plain `utf-8`, so a leading BOM stays in the content (and its hash); only the
 * seed is read as `utf-8-sig` (`keepBom` false).
 */
function* candidates(env: ReadEnv, directory: string, within: string, skipped: SkippedHintFile[], keepBom = true): Generator<Candidate> {
  for (const name of HINT_FILE_NAMES) {
    const file = path.join(directory, name);
    const st = env.fs.stat(file);
    if (st?.kind !== 'file') {
      if (st) skipped.push({ name, reason: 'not-a-file', detail: `${name} is not a regular file.` });
      continue;
    }
    const target = env.fs.realpath(file);
    if (!isWithin(within, target)) {
      skipped.push({ name, reason: 'outside', detail: `${name} links to ${target}, outside the launch directory; Hermes never follows it.` });
      continue;
    }
    // Hermes reads the vetted target, not the link, so a swapped link cannot redirect the read.
    const read = readText(env.fs, target);
    if (!read.ok || !read.validUtf8) {
      skipped.push({ name, reason: 'unreadable', detail: `${name} cannot be read as UTF-8 text${read.ok ? '' : ` (it ${read.message})`}.` });
      continue;
    }
    // Python's str.strip() leaves U+FEFF alone, so a kept BOM shields the whitespace after it.
    yield { name, file, content: keepBom && read.hadBom ? pyStrip(universalNewlines('\ufeff' + read.text)) : hermesContent(read) };
  }
}

/** The digest Hermes seeds its set with: the launch directory's first readable hint file, even an empty one. */
export function launchDirectorySeed(env: ReadEnv, launchDir: string): { digest: string; name: string } | undefined {
  const first = candidates(env, launchDir, launchDir, [], false).next();
  if (first.done || !first.value.content) return undefined;
  return { digest: sha256(first.value.content), name: first.value.name };
}

export function loadDirectoryHint(env: ReadEnv, launchDir: string, directory: string, seen: SeenDigests): DirectoryHint {
  const skipped: SkippedHintFile[] = [];
  const relativeDirectory = path.relative(launchDir, directory);
  const base = { directory, relativeDirectory, text: '', threatIds: [], skipped };
  for (const c of candidates(env, directory, launchDir, skipped)) {
    if (!c.content) {
      skipped.push({ name: c.name, reason: 'empty', detail: `${c.name} is empty after stripping whitespace.` });
      continue;
    }
    const displayPath = path.relative(launchDir, c.file);
    const digest = sha256(c.content);
    const earlier = seen.get(digest);
    if (earlier !== undefined) {
      return {
        ...base, status: 'duplicate', file: c.file, displayPath, duplicateOf: earlier,
        message: `Same content as ${earlier}, already sent: Hermes sends nothing for this directory.`,
      };
    }
    seen.set(digest, displayPath);
    const scan = scanDocument(c.content, { kind: 'context', label: c.name, table: env.table, checks: 'hermes' });
    // `_scan_context_content` drops one leading BOM and nothing else.
    let body = c.content.charCodeAt(0) === 0xfeff ? c.content.slice(1) : c.content;
    if (scan.blocked) body = blockedContextText(c.name, scan.hermesIds);
    const t = truncateContent(body, c.name, MAX_HINT_CHARS, displayPath);
    const status: HintStatus = scan.blocked ? 'blocked' : t.truncated ? 'truncated' : 'loaded';
    const message = scan.blocked
      ? `Blocked: Hermes sends a [BLOCKED] notice instead of ${c.name} (${scan.hermesIds.join(', ')}).`
      : t.truncated
        ? `Truncated: ${t.originalChars} characters exceed the ${MAX_HINT_CHARS}-character hint cap; the first ${t.headChars} and last ${t.tailChars} are kept.`
        : `Sent once, appended to the result of the first tool call that touches this directory (${cpLength(t.text)} characters).`;
    return {
      ...base, status, file: c.file, displayPath, threatIds: scan.blocked ? scan.hermesIds : [], originalChars: t.originalChars,
      text: `[Subdirectory context discovered: ${displayPath}]\n${t.text}`, message,
    };
  }
  const outside = skipped.some((s) => s.reason === 'outside') && !skipped.some((s) => s.reason === 'empty' || s.reason === 'unreadable');
  return {
    ...base, status: outside ? 'outside' : skipped.length ? 'empty' : 'none',
    message: skipped.length ? skipped.map((s) => s.detail).join(' ') + ' Hermes sends nothing for this directory.' : 'No hint file here.',
  };
}
