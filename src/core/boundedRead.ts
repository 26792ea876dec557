import * as fs from 'node:fs';
import { ReadError } from './fs';

/** O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting (0 where unsupported). */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

/**
 * The one way user paths are read from disk: open once, judge the open descriptor with fstat (regular file,
 * at most `maxBytes`), then read from that descriptor never more than `maxBytes + 1` bytes, so a file that
 * grows after the fstat (or a swapped-in device) is refused instead of read without end.
 */
export function readRegularFile(file: string, maxBytes: number): Uint8Array {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (err) {
    throw fromErrno(err);
  }
  try {
    const st = fs.fstatSync(fd);
    if (st.isDirectory()) throw new ReadError('directory', 'is a directory, not a file');
    if (!st.isFile()) throw new ReadError('special', `is ${specialKind(st)}, not a regular file`);
    if (st.size > maxBytes) throw tooLarge(st.size, maxBytes);
    return readAtMost(fd, st.size, maxBytes);
  } catch (err) {
    throw err instanceof ReadError ? err : fromErrno(err);
  } finally {
    fs.closeSync(fd);
  }
}

function readAtMost(fd: number, expected: number, maxBytes: number): Uint8Array {
  let buf = Buffer.allocUnsafe(Math.min(expected, maxBytes) + 1);
  let length = 0;
  for (;;) {
    if (length === buf.length) {
      if (length > maxBytes) throw tooLarge(length, maxBytes, true);
      const bigger = Buffer.allocUnsafe(Math.min(buf.length + Math.max(buf.length, CHUNK), maxBytes + 1));
      buf.copy(bigger, 0, 0, length);
      buf = bigger;
    }
    const n = fs.readSync(fd, buf, length, buf.length - length, null);
    if (n === 0) break;
    length += n;
  }
  if (length > maxBytes) throw tooLarge(length, maxBytes, true);
  return buf.subarray(0, length);
}

function tooLarge(size: number, maxBytes: number, grew = false): ReadError {
  return new ReadError('too-large', `is too large to read (${grew ? 'more than ' : ''}${size} bytes; the limit is ${maxBytes})`);
}

function specialKind(st: fs.Stats): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'a special file';
}

function fromErrno(err: unknown): ReadError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT': case 'ENOTDIR': return new ReadError('missing', 'does not exist');
    case 'EACCES': case 'EPERM': return new ReadError('denied', 'cannot be read: permission denied');
    case 'EISDIR': return new ReadError('directory', 'is a directory, not a file');
    case 'ELOOP': return new ReadError('failed', 'is a symlink loop (too many levels of symbolic links)');
    case 'ENXIO': case 'ENODEV': return new ReadError('special', 'is a device or socket, not a regular file');
    default: return new ReadError('failed', `cannot be read: ${(err as Error | undefined)?.message ?? String(err)}`);
  }
}
