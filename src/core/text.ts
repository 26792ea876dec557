/**
 * Python string semantics that Hermes relies on, ported exactly (spec §10):
 * lengths and slices in code points, `str.strip()` whitespace, universal newlines,
 * and `utf-8-sig` decoding.
 */

/** Characters for which Python's `str.isspace()` is true. Differs from JS `trim()`: adds U+001C–U+001F and U+0085, lacks U+FEFF. */
export function isPyWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0x85) return false;
  return (
    code === 0x85 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000
  );
}

/** UTF-16 index span that Python `str.strip()` keeps: `text.slice(start, end)`. */
export function pyStripSpan(text: string): { start: number; end: number } {
  let start = 0;
  let end = text.length;
  while (start < end && isPyWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isPyWhitespace(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

export function pyStrip(text: string): string {
  const { start, end } = pyStripSpan(text);
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Python `str.lstrip(chars)` for a set of single UTF-16 unit characters. */
export function pyLstripChars(text: string, chars: string): string {
  let i = 0;
  while (i < text.length && chars.includes(text[i])) i++;
  return i === 0 ? text : text.slice(i);
}

/** Python `len()`: the number of code points. */
export function cpLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** UTF-16 index of the code point with index `cp` (clamped to the text's end). */
export function cpToUtf16(text: string, cp: number): number {
  let i = 0;
  let k = 0;
  while (k < cp && i < text.length) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
    k++;
  }
  return i;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Python `text[:n]` with code-point semantics. */
export function cpHead(text: string, n: number): string {
  return text.slice(0, cpToUtf16(text, n));
}

/** Python `text[-n:]` for n > 0, with code-point semantics. */
export function cpTail(text: string, n: number): string {
  if (n <= 0) return text;
  let i = text.length;
  let k = 0;
  while (k < n && i > 0) {
    const c = text.charCodeAt(i - 1);
    i -= isLowSurrogate(c) && i - 2 >= 0 && text.charCodeAt(i - 2) >= 0xd800 && text.charCodeAt(i - 2) <= 0xdbff ? 2 : 1;
    k++;
  }
  return text.slice(i);
}

/** Python text-mode reading: `\r\n` and lone `\r` become `\n`. */
export function universalNewlines(text: string): string {
  return text.indexOf('\r') === -1 ? text : text.replace(/\r\n?/g, '\n');
}

export interface DecodedText {
  /** The text as an editor shows it: a leading BOM removed, invalid sequences replaced by U+FFFD. */
  text: string;
  hadBom: boolean;
  /** False when the bytes are not valid UTF-8: Python's strict decoder raises and Hermes skips the file. */
  validUtf8: boolean;
  /** A NUL byte in the first 8 KiB: almost certainly not a text file. */
  binary: boolean;
}

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeUtf8(bytes: Uint8Array): DecodedText {
  let validUtf8 = true;
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    validUtf8 = false;
    text = lenient.decode(bytes);
  }
  const hadBom = text.charCodeAt(0) === 0xfeff;
  if (hadBom) text = text.slice(1);
  const probe = bytes.subarray(0, 8192);
  return { text, hadBom, validUtf8, binary: probe.includes(0) };
}

/** Python's `f"{n:,}"` for integers. */
export function formatThousands(n: number): string {
  const s = String(Math.trunc(Math.abs(n)));
  const grouped = s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? '-' + grouped : grouped;
}
