/**
 * The small file-system interface the engine runs on. The CLI passes the real disk, the language
 * server overlays unsaved editor buffers, tests pass an in-memory tree.
 */
export type FileKind = 'file' | 'directory' | 'other';

export interface FileStat {
  kind: FileKind;
  size: number;
}

export interface FileSystem {
  /** Follows symlinks. Undefined when the path is missing, denied, or a dangling or looping link. */
  stat(path: string): FileStat | undefined;
  /** Throws an Error with a readable message when the file cannot be read. */
  readFile(path: string): Uint8Array;
  /** Entry names of a directory; throws when it cannot be listed. */
  readDirectory(path: string): string[];
  /** The path with symlinks resolved, or the path itself when it cannot be resolved. */
  realpath(path: string): string;
}
