/** Issue 8's 818-byte YAML: nine items, then sixteen levels of nine aliases each (9^17 values), then `key: *x16`. */
export function aliasBomb(key: string): string {
  const lines = ['a: &a [1,2,3,4,5,6,7,8,9]'];
  for (let i = 1; i <= 16; i++) lines.push(`x${i}: &x${i} [${Array(9).fill(i === 1 ? '*a' : `*x${i - 1}`).join(',')}]`);
  lines.push(`${key}: *x16`);
  return lines.join('\n') + '\n';
}
