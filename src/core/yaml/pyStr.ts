import { PyDate, PyDateTime } from './pyTime';

/**
 * Python's `str()` and `repr()` of a value PyYAML's SafeLoader produced (see pyyamlSchema.ts for the value
 * mapping), where Hermes formats frontmatter with `str()`. Output is capped at `limit` characters: loads are
 * already bounded (safeLoad.ts), and the cap keeps every rendering bounded whatever the caller passes in.
 *
 * Known gap: js-yaml turns mapping keys into strings, so a non-string key prints quoted (`{'1': 'a'}` where
 * Python prints `{1: 'a'}`), and integer-like keys come first, in JS property order.
 */
export function pyStr(value: unknown, limit = 1_000_000): string {
  const out = new Output(limit);
  if (typeof value === 'string') out.push(value);
  else if (value instanceof PyDate) out.push(strTime(value));
  else writeRepr(value, out);
  return out.text();
}

export function pyRepr(value: unknown, limit = 1_000_000): string {
  const out = new Output(limit);
  writeRepr(value, out);
  return out.text();
}

/** Python truthiness: empty containers, 0 and None are false; NaN and every date are true. */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'string' || Array.isArray(value) || value instanceof Uint8Array) return value.length > 0;
  if (value instanceof PyDate) return true;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

class Full extends Error {}

class Output {
  private readonly parts: string[] = [];
  private length = 0;
  constructor(private readonly limit: number) {}
  push(s: string): void {
    if (this.length + s.length > this.limit) {
      this.parts.push(s.slice(0, this.limit - this.length));
      this.length = this.limit;
      throw new Full();
    }
    this.parts.push(s);
    this.length += s.length;
  }
  text(): string {
    return this.parts.join('');
  }
}

function writeRepr(value: unknown, out: Output): void {
  try {
    repr(value, out);
  } catch (err) {
    if (!(err instanceof Full)) throw err;
  }
}

function repr(value: unknown, out: Output): void {
  if (value === null || value === undefined) return out.push('None');
  if (value === true) return out.push('True');
  if (value === false) return out.push('False');
  if (typeof value === 'bigint') return out.push(value.toString());
  if (typeof value === 'number') return out.push(pyFloatRepr(value));
  if (typeof value === 'string') return out.push(pyStrRepr(value));
  if (value instanceof Uint8Array) return out.push(pyBytesRepr(value));
  if (value instanceof PyDate) return out.push(reprTime(value));
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i) out.push(', ');
      repr(item, out);
    });
    return out.push(']');
  }
  if (typeof value === 'object') {
    out.push('{');
    Object.entries(value).forEach(([k, v], i) => {
      if (i) out.push(', ');
      out.push(pyStrRepr(k));
      out.push(': ');
      repr(v, out);
    });
    return out.push('}');
  }
  out.push(String(value));
}

/** `repr(float)`: shortest round-trip digits; scientific below 1e-4 and from 1e16 on. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mantissa, expText] = x.toExponential().split('e');
  const exp = Number(expText);
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace(/[-.]/g, '');
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const whole = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  return `${sign}${whole}.${digits.slice(exp + 1) || '0'}`;
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** `repr(str)`: single quotes unless the text has ' and no ", escapes for what `str.isprintable()` rejects. */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let body = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') body += '\\' + ch;
    else if (ch === '\t') body += '\\t';
    else if (ch === '\n') body += '\\n';
    else if (ch === '\r') body += '\\r';
    else if (c < 0x20 || c === 0x7f) body += '\\x' + hex(c, 2);
    else if (c < 0x7f || (ch !== ' ' && !NOT_PRINTABLE.test(ch))) body += ch;
    else body += c <= 0xff ? '\\x' + hex(c, 2) : c <= 0xffff ? '\\u' + hex(c, 4) : '\\U' + hex(c, 8);
  }
  return quote + body + quote;
}

function pyBytesRepr(b: Uint8Array): string {
  const hasSingle = b.includes(0x27);
  const quote = hasSingle && !b.includes(0x22) ? '"' : "'";
  let body = '';
  for (const c of b) {
    const ch = String.fromCharCode(c);
    if (ch === quote || ch === '\\') body += '\\' + ch;
    else if (ch === '\t') body += '\\t';
    else if (ch === '\n') body += '\\n';
    else if (ch === '\r') body += '\\r';
    else if (c < 0x20 || c >= 0x7f) body += '\\x' + hex(c, 2);
    else body += ch;
  }
  return 'b' + quote + body + quote;
}

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `str(date)` / `str(datetime)`: ISO format with a space, microseconds only when set, offset as ±HH:MM. */
function strTime(t: PyDate): string {
  const date = `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
  if (!(t instanceof PyDateTime)) return date;
  let s = `${date} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
  if (t.microsecond) s += '.' + pad(t.microsecond, 6);
  if (t.offsetMinutes !== undefined) {
    const off = Math.abs(t.offsetMinutes);
    s += `${t.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(off / 60))}:${pad(off % 60)}`;
  }
  return s;
}

/** `repr(date)` / `repr(datetime)`: trailing zero microsecond, then second, are left out. */
function reprTime(t: PyDate): string {
  if (!(t instanceof PyDateTime)) return `datetime.date(${t.year}, ${t.month}, ${t.day})`;
  const fields = [t.year, t.month, t.day, t.hour, t.minute, t.second, t.microsecond];
  if (fields[fields.length - 1] === 0) fields.pop();
  if (fields[fields.length - 1] === 0) fields.pop();
  let tz = '';
  if (t.offsetMinutes === 0) tz = ', tzinfo=datetime.timezone.utc';
  else if (t.offsetMinutes !== undefined) tz = `, tzinfo=datetime.timezone(${reprTimedelta(t.offsetMinutes * 60)})`;
  return `datetime.datetime(${fields.join(', ')}${tz})`;
}

/** `repr(timedelta(seconds=n))`: normalised to days (possibly negative) and 0 ≤ seconds < 86400. */
function reprTimedelta(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86400);
  const seconds = totalSeconds - days * 86400;
  const parts = [days ? `days=${days}` : '', seconds ? `seconds=${seconds}` : ''].filter(Boolean);
  return `datetime.timedelta(${parts.join(', ') || '0'})`;
}
