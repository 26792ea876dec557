import { ReadError, type FileSystem } from './fs';
import { decodeUtf8, pyStrip, universalNewlines } from './text';
import type { Finding } from './types';

/** Which part of Hermes reads a file. */
export type SourceKind =
  | 'soul' | 'hermes_md' | 'agents_md' | 'claude_md' | 'cursorrules'
  | 'memory' | 'user_profile' | 'skill' | 'config';

export type SourceStatus = 'loaded' | 'blocked' | 'truncated' | 'shadowed' | 'empty' | 'unreadable' | 'missing';

/** A file Hermes considered for the prompt, and what became of it. */
export interface Source {
  path: string;
  label: string;
  kind: SourceKind;
  status: SourceStatus;
  /** The label of the file that won over this one. */
  shadowedBy?: string;
  /** Why the status is what it is, in words a user understands. */
  message?: string;
  /** Set when the file is a symlink resolving outside the workspace: the file Hermes really reads. */
  resolvesTo?: string;
  findings: Finding[];
}

/** Above this we refuse to read at all: a context file this size is a mistake, and reading it could exhaust memory. */
export const MAX_READ_BYTES = 256 * 1024 * 1024;

export type ReadResult =
  | { ok: true; text: string; hadBom: boolean; validUtf8: boolean; binary: boolean }
  | { ok: false; missing: boolean; message: string };

/** Reads a file as the editor would show it (BOM removed), through the file system's one bounded read. Never throws. */
export function readText(fs: FileSystem, path: string): ReadResult {
  let bytes: Uint8Array;
  try {
    bytes = fs.readFile(path, MAX_READ_BYTES);
  } catch (err) {
    if (err instanceof ReadError) return { ok: false, missing: err.reason === 'missing', message: err.message };
    return { ok: false, missing: false, message: `cannot be read: ${(err as Error).message}` };
  }
  const decoded = decodeUtf8(bytes);
  return { ok: true, ...decoded };
}

/**
 * What Hermes' `_read_context_file` yields: the `utf-8-sig` text with universal newlines, stripped;
 * "" when missing or unreadable (including invalid UTF-8, which Python's strict decoder rejects).
 */
export function hermesContent(read: ReadResult): string {
  if (!read.ok || !read.validUtf8) return '';
  return pyStrip(universalNewlines(read.text));
}

/** The message for a file Hermes could not use, or undefined when it read fine. */
export function unreadableMessage(read: ReadResult): string | undefined {
  if (!read.ok) return read.missing ? undefined : `Hermes cannot read this file: it ${read.message}.`;
  if (!read.validUtf8) return 'Hermes skips this file: it is not valid UTF-8 (invalid bytes are shown as U+FFFD).';
  return undefined;
}
