/**
 * JSON output written as it is produced. A scan of many big files would otherwise build one string of all
 * results (V8 refuses strings over 512 MB: "Invalid string length"). The value may hold generators, whose
 * items are written as they are made (so a scan writes each file's results before scanning the next), and
 * functions, called when their member is reached (so a summary can follow the items it summarizes).
 * The text is exactly `JSON.stringify(value, null, 2)` of the same value with everything evaluated.
 */

/** A member or item to write: plain JSON, a generator of items, or a function called when it is reached. */
export type LazyJson = unknown;

/** Output is flushed in chunks of about this many characters, each ending at a line end. */
const CHUNK = 1 << 16;

/** Writes `value` as pretty JSON through `writeLines`, which receives whole lines without the last line end. */
export function writeJson(value: LazyJson, writeLines: (text: string) => void): void {
  let buf = '';
  const emit = (text: string): void => {
    buf += text;
    if (buf.length < CHUNK) return;
    const cut = buf.lastIndexOf('\n');
    if (cut < 0) return;
    writeLines(buf.slice(0, cut));
    buf = buf.slice(cut + 1);
  };
  write(force(value), '', emit);
  writeLines(buf);
}

function force(value: unknown): unknown {
  return typeof value === 'function' ? force((value as () => unknown)()) : value;
}

function isLazyList(value: unknown): value is Iterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Iterable<unknown>)[Symbol.iterator] === 'function';
}

function write(value: unknown, indent: string, emit: (text: string) => void): void {
  if (isLazyList(value)) {
    const inner = `${indent}  `;
    let first = true;
    for (const item of value) {
      const v = force(item);
      emit(first ? `[\n${inner}` : `,\n${inner}`);
      first = false;
      if (v === undefined || typeof v === 'symbol') emit('null');
      else write(v, inner, emit);
    }
    emit(first ? '[]' : `\n${indent}]`);
    return;
  }
  if (typeof value === 'object' && value !== null && !hasToJson(value)) {
    const inner = `${indent}  `;
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      const v = force(member);
      if (v === undefined || typeof v === 'symbol') continue;
      emit(`${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `);
      first = false;
      write(v, inner, emit);
    }
    emit(first ? '{}' : `\n${indent}}`);
    return;
  }
  emit(JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`));
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}
