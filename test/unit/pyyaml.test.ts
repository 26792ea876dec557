import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pyFloatRepr, pyRepr, pyStr, pyTruthy } from '../../src/core/yaml/pyStr';
import { pyyamlSafeLoad } from '../../src/core/yaml/safeLoad';
import { aliasBomb } from '../helpers/aliasBomb';

// Expected strings are Python's str() of what PyYAML 6.0.3 `yaml.safe_load('v: <scalar>')['v']` returns
// (checked against PyYAML on this machine); they follow the YAML 1.1 resolver table in yaml/resolver.py.
const str = (scalar: string): string => {
  const r = pyyamlSafeLoad(`v: ${scalar}`);
  assert.ok(r.ok, `${scalar}: ${r.ok ? '' : r.reason}`);
  return pyStr((r.value as Record<string, unknown>).v);
};

test('YAML 1.1 booleans: yes/no/on/off/true/false in lower, Capitalised and UPPER case only', () => {
  for (const [s, want] of [['yes', 'True'], ['No', 'False'], ['ON', 'True'], ['off', 'False'], ['TRUE', 'True'], ['False', 'False']]) assert.equal(str(s), want, s);
  for (const s of ['oFF', 'y', 'n', 'Yes!', 'tRUE']) assert.equal(str(s), s, s);
});

test('YAML 1.1 ints: octal 010, sexagesimal, underscores, hex, binary; 0o17 and 07:30 stay strings', () => {
  const cases: [string, string][] = [
    ['010', '8'], ['1:20', '80'], ['1_000', '1000'], ['0x1F', '31'], ['0b101', '5'], ['+12', '12'], ['-0', '0'],
    ['123456789012345678901234567890', '123456789012345678901234567890'],
    ['0o17', '0o17'], ['07:30', '07:30'], ['1_0:2_0', '1_0:2_0'],
  ];
  for (const [s, want] of cases) assert.equal(str(s), want, s);
});

test('YAML 1.1 floats need a dot and a signed exponent; Python prints the shortest repr', () => {
  const cases: [string, string][] = [
    ['1e3', '1e3'], ['1.0e3', '1.0e3'], ['1e+20', '1e+20'], ['1.0', '1.0'], ['1.0e+3', '1000.0'], ['1.e+3', '1000.0'],
    ['.5', '0.5'], ['1:30.5', '90.5'], ['-.inf', '-inf'], ['.NaN', 'nan'], ['-.nan', '-.nan'],
    ['1.0e+16', '1e+16'], ['1.0e+15', '1000000000000000.0'], ['0.0001', '0.0001'], ['0.00001', '1e-05'], ['1.5e-7', '1.5e-07'],
  ];
  for (const [s, want] of cases) assert.equal(str(s), want, s);
  assert.equal(pyFloatRepr(-0), '-0.0');
  assert.equal(pyFloatRepr(1e300 * -1), '-1e+300');
});

test('timestamps: a date prints as YYYY-MM-DD, a datetime as Python prints it; 2026-1-2 stays a string', () => {
  const cases: [string, string][] = [
    ['2026-01-02', '2026-01-02'], ['2026-1-2', '2026-1-2'], ['2026-01-02 10:20:30', '2026-01-02 10:20:30'],
    ['2026-01-02T10:20:30.5Z', '2026-01-02 10:20:30.500000+00:00'],
    ['2026-1-2 3:04:05.123456789 -05:30', '2026-01-02 03:04:05.123456-05:30'],
    ['2026-01-02 10:20:00+01', '2026-01-02 10:20:00+01:00'],
  ];
  for (const [s, want] of cases) assert.equal(str(s), want, s);
  assert.equal(
    str('[2026-01-02, 2026-01-02 10:20:30+00:00, 2026-01-02 10:20:30-01:30, 2026-01-02 10:20:30.25, 2026-01-02 00:00:00]'),
    '[datetime.date(2026, 1, 2), datetime.datetime(2026, 1, 2, 10, 20, 30, tzinfo=datetime.timezone.utc), ' +
      'datetime.datetime(2026, 1, 2, 10, 20, 30, tzinfo=datetime.timezone(datetime.timedelta(days=-1, seconds=81000))), ' +
      'datetime.datetime(2026, 1, 2, 10, 20, 30, 250000), datetime.datetime(2026, 1, 2, 0, 0)]',
  );
});

test('an explicit tag skips the resolver and runs the constructor, as PyYAML does', () => {
  const cases: [string, string][] = [
    ['!!float 1', '1.0'], ['!!float "-+12"', '-12.0'], ['!!float "inf"', 'inf'], ['!!int "0o17"', '15'], ['!!int "010"', '8'],
    ['!!bool "On"', 'True'], ['!!null "x"', 'None'], ['!!str 010', '010'], ['!!timestamp "2026-1-2"', '2026-01-02'],
  ];
  for (const [s, want] of cases) assert.equal(str(s), want, s);
  for (const s of ['!!float "0x10"', '!!int "1.5"', '!!bool "maybe"', '!!timestamp "x"']) assert.equal(pyyamlSafeLoad(`v: ${s}`).ok, false, s);
});

test('what PyYAML refuses fails the load: an impossible date, an empty hex literal, a control character anywhere', () => {
  for (const s of ['2026-02-30', '0x_', '2026-01-02 24:00:00']) assert.equal(pyyamlSafeLoad(`v: ${s}`).ok, false, s);
  assert.deepEqual(pyyamlSafeLoad('a: 1 # \x01\n'), { ok: false, reason: 'unacceptable character #x0001: special characters are not allowed', aliasBomb: false });
  assert.equal(pyyamlSafeLoad('a: 1 # \u200b \u{1F600} \x85\n').ok, true);
});

test('null, quoted scalars, lists and mappings print as Python does', () => {
  for (const s of ['~', 'null', '']) assert.equal(str(s), 'None', s);
  assert.equal(str('"yes"'), 'yes');
  assert.equal(str("'010'"), '010');
  assert.equal(str('[a, 1, yes, 1.5, null]'), "['a', 1, True, 1.5, None]");
  assert.equal(str(`["it's", 'say "hi"', "both ' \\"", 'tab\\there']`), `["it's", 'say "hi"', 'both \\' "', 'tab\\\\there']`);
  assert.equal(str('{a: 1, b: [x]}'), "{'a': 1, 'b': ['x']}");
  assert.equal(str('!!binary aGVsbG8='), "b'hello'");
  assert.equal(pyRepr('\u00e9\u200b\x07\u{1F600}\u00a0'), "'\u00e9\\u200b\\x07\u{1F600}\\xa0'");
});

test('duplicate keys: the last one wins, as in a Python dict', () => {
  const r = pyyamlSafeLoad('name: first\nmetadata: {hermes: {requires_tools: [x]}}\nname: second\n');
  assert.ok(r.ok);
  assert.deepEqual(r.value, { name: 'second', metadata: { hermes: { requires_tools: ['x'] } } });
});

test('a block scalar that ends the document has no final line break, as PyYAML reads frontmatter cut before ---', () => {
  const load = (t: string) => (pyyamlSafeLoad(t) as { value: unknown }).value;
  assert.deepEqual(load('name: >\n  folded\n  text'), { name: 'folded text' });
  assert.deepEqual(load('a: 1\nb: !!str &x |\n  lit\n  eral'), { a: 1n, b: 'lit\neral' });
  assert.deepEqual(load('- |+\n  k'), ['k']);
  assert.deepEqual(load('name: >\n  folded\n  text\n'), { name: 'folded text\n' });
  assert.deepEqual(load('q: "ends\\n"'), { q: 'ends\n' });
});

test('an anchor defined twice fails the load, as in PyYAML; one anchor used many times does not', () => {
  assert.deepEqual(pyyamlSafeLoad('a: &x 1\nb: &x 2\n'), { ok: false, reason: "found duplicate anchor 'x'", aliasBomb: false });
  assert.deepEqual((pyyamlSafeLoad('d: &a multi\n  line\ne: *a\n&k key: v\nz: *k\n') as { value: unknown }).value, { d: 'multi line', e: 'multi line', key: 'v', z: 'key' });
});

test('truthiness: NaN and dates are true, 0 and empty containers false', () => {
  const v = (s: string) => (pyyamlSafeLoad(`v: ${s}`) as { value: Record<string, unknown> }).value.v;
  assert.deepEqual(['.nan', '2026-01-02', '0', '0.0', '{}', '[]', "''", 'no', '~'].map((s) => pyTruthy(v(s))), [true, true, false, false, false, false, false, false, false]);
});

test('alias bombs are refused after loading, by the expanded size, not printed', () => {
  const r = pyyamlSafeLoad(aliasBomb('name'));
  assert.equal(r.ok, false);
  assert.ok(!r.ok && r.aliasBomb);
  assert.match(!r.ok ? r.reason : '', /^its aliases expand to more than 1,00\d,\d{3} values \(a YAML alias bomb\)$/);
  // Ordinary sharing stays fine.
  const ok = pyyamlSafeLoad('base: &b {x: 1}\none: *b\ntwo: {<<: *b, y: 2}\n');
  assert.ok(ok.ok);
  assert.deepEqual(ok.value, { base: { x: 1n }, one: { x: 1n }, two: { x: 1n, y: 2n } });
});

test('every rendering is bounded, whatever value it is given', () => {
  let v: unknown[] = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n];
  for (let i = 0; i < 16; i++) v = Array(9).fill(v);
  assert.equal(pyStr(v, 100).length, 100);
  assert.equal(pyStr(v, 100).slice(0, 20), '[[[[[[[[[[[[[[[[[1, ');
});
