/**
 * The small file-system interface the engine runs on. The CLI passes the real disk, the language
 * server overlays unsaved editor buffers, tests pass an in-memory tree.
 */
export type FileKind = 'file' | 'directory' | 'other';

export interface FileStat {
  kind: FileKind;
  size: number;
}

/** A directory entry as listed, without following it: a symlink is reported as one. */
export interface DirEntry {
  name: string;
  kind: FileKind | 'symlink';
}

/** Why a read was refused; `message` completes "the file …" for a user. */
export type ReadFailure = 'missing' | 'directory' | 'special' | 'too-large' | 'denied' | 'failed';

export class ReadError extends Error {
  constructor(readonly reason: ReadFailure, message: string) {
    super(message);
  }
}

export interface FileSystem {
  /** Follows symlinks. Undefined when the path is missing, denied, or a dangling or looping link. */
  stat(path: string): FileStat | undefined;
  /**
   * The bytes of a regular file of at most `maxBytes`. The file is opened once and judged on the open
   * descriptor, so a path swapped for a FIFO or a device between a stat and the read cannot block or
   * stream without end. Throws a ReadError otherwise.
   */
  readFile(path: string, maxBytes: number): Uint8Array;
  /** Entry names of a directory; throws when it cannot be listed. */
  readDirectory(path: string): string[];
  /** Entries of a directory with their own kind (symlinks not followed); throws when it cannot be listed. */
  listDirectory(path: string): DirEntry[];
  /** The path with symlinks resolved, or the path itself when it cannot be resolved. */
  realpath(path: string): string;
}
