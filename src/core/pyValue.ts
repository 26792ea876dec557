/** Python's `str()` of a YAML-loaded value, where Hermes formats frontmatter values with `str()`. */
export function pyStr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return '[' + value.map(pyRepr).join(', ') + ']';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') return '{' + Object.entries(value).map(([k, v]) => `${pyRepr(k)}: ${pyRepr(v)}`).join(', ') + '}';
  return String(value);
}

function pyRepr(value: unknown): string {
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : pyStr(value);
}

/** Python truthiness of a YAML value. */
export function pyTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return Boolean(value);
}

/** Code-point order, as Python sorts str (JS `sort()` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
