import * as yaml from 'js-yaml';
import { isValidDate, PyDate, PyDateTime } from './pyTime';

/**
 * A js-yaml schema that resolves plain scalars as PyYAML's SafeLoader does (YAML 1.1 resolver table of
 * `yaml/resolver.py`, constructors of `yaml/constructor.py`). Hermes reads SKILL.md frontmatter and
 * config.yaml with it, so `yes` is True, `010` is 8, `1:20` is 80, `1e3` stays a string (the 1.1 float
 * needs a dot and a signed exponent) and `2026-01-02` is a date.
 *
 * Value mapping: int → bigint (Python ints are unbounded), float → number, bool → boolean, null → null,
 * timestamp → PyDate/PyDateTime, `!!binary` → Uint8Array.
 */

const NULL_RE = /^(?:~|null|Null|NULL|)$/;
const BOOL_RE = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const INT_RE = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const FLOAT_RE = new RegExp(
  '^(?:[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?' +
  '|\\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?' +
  '|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*' +
  '|[-+]?\\.(?:inf|Inf|INF)' +
  '|\\.(?:nan|NaN|NAN))$',
);
/** The implicit resolver: a date needs two-digit month and day, a datetime may use one digit. */
const TIMESTAMP_RE = new RegExp(
  '^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' +
  '|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \\t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\\.[0-9]*)?' +
  '(?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$',
);
/** The constructor's own pattern (`SafeConstructor.timestamp_regexp`). */
const TIMESTAMP_PARTS = new RegExp(
  '^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)' +
  '(?:(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?' +
  '(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$',
);

const DIGITS = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-f]+$/i };
const PREFIX = { 2: '0b', 8: '0o', 10: '', 16: '0x' } as const;

/** Python's `int(text, base)`: whitespace, one sign, and for bases 2/8/16 an optional 0b/0o/0x prefix. */
function pyInt(text: string, base: 2 | 8 | 10 | 16): bigint {
  let t = text.trim();
  const negative = t[0] === '-';
  if (t[0] === '-' || t[0] === '+') t = t.slice(1);
  if (base !== 10 && t.toLowerCase().startsWith(PREFIX[base])) t = t.slice(2);
  if (!DIGITS[base].test(t)) throw new Error(`invalid literal for int() with base ${base}: '${text}'`);
  const v = BigInt(PREFIX[base] + t);
  return negative ? -v : v;
}

/** Python's `float(text)`. */
function pyFloat(text: string): number {
  const m = /^([-+]?)(?:(inf|infinity|nan)|((?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[-+]?[0-9]+)?))$/i.exec(text.trim());
  if (!m) throw new Error(`could not convert string to float: '${text}'`);
  const sign = m[1] === '-' ? -1 : 1;
  if (m[2]) return m[2].toLowerCase() === 'nan' ? NaN : sign * Infinity;
  return sign * Number(m[3]);
}

/** `construct_yaml_int`: also what an explicit `!!int` runs, whatever the text. */
function constructInt(data: string): bigint {
  let value = data.replace(/_/g, '');
  const sign = value[0] === '-' ? -1n : 1n;
  if (value[0] === '+' || value[0] === '-') value = value.slice(1);
  if (value === '0') return 0n;
  if (value.startsWith('0b')) return sign * pyInt(value.slice(2), 2);
  if (value.startsWith('0x')) return sign * pyInt(value.slice(2), 16);
  if (value[0] === '0') return sign * pyInt(value, 8);
  if (value.includes(':')) {
    return sign * value.split(':').reduce((acc, part) => acc * 60n + pyInt(part, 10), 0n);
  }
  return sign * pyInt(value, 10);
}

/** `construct_yaml_float`: also what an explicit `!!float` runs. */
function constructFloat(data: string): number {
  let value = data.replace(/_/g, '').toLowerCase();
  const sign = value[0] === '-' ? -1 : 1;
  if (value[0] === '+' || value[0] === '-') value = value.slice(1);
  if (value === '.inf') return sign * Infinity;
  if (value === '.nan') return NaN;
  if (value.includes(':')) return sign * value.split(':').reduce((acc, part) => acc * 60 + pyFloat(part), 0);
  return sign * pyFloat(value);
}

function constructTimestamp(data: string): PyDate {
  const m = TIMESTAMP_PARTS.exec(data);
  if (!m) throw new Error(`not a timestamp: ${data}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isValidDate(year, month, day)) throw new Error(`${data}: day is out of range for month`);
  if (m[4] === undefined) return new PyDate(year, month, day);
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6])];
  if (hour > 23 || minute > 59 || second > 59) throw new Error(`${data}: time is out of range`);
  const microsecond = m[7] ? Number(m[7].slice(0, 6).padEnd(6, '0')) : 0;
  let offset: number | undefined;
  if (m[9]) {
    offset = (Number(m[10]) * 60 + Number(m[11] ?? 0)) * (m[9] === '-' ? -1 : 1);
    // datetime.timezone() accepts only offsets strictly inside ±24 h.
    if (Math.abs(offset) >= 24 * 60) throw new Error(`${data}: offset must be strictly between -24 and 24 hours`);
  } else if (m[8]) {
    offset = 0;
  }
  return new PyDateTime(year, month, day, hour, minute, second, microsecond, offset);
}

const BOOL_VALUES: Record<string, boolean> = { yes: true, no: false, true: true, false: false, on: true, off: false };

const scalar = (tag: string, re: RegExp, construct: (data: string) => unknown): yaml.Type =>
  new yaml.Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (data: unknown) => typeof data === 'string' && re.test(data),
    construct: (data: string) => construct(data),
  });

const builtin = (yaml as unknown as { types: Record<'merge' | 'binary' | 'omap' | 'pairs' | 'set', yaml.Type> }).types;

export const PYYAML_SAFE_SCHEMA = yaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    new yaml.Type('tag:yaml.org,2002:null', {
      kind: 'scalar',
      resolve: (data: unknown) => data === null || (typeof data === 'string' && NULL_RE.test(data)),
      construct: () => null,
    }),
    scalar('bool', BOOL_RE, (data) => ['yes', 'true', 'on'].includes(data.toLowerCase())),
    scalar('int', INT_RE, constructInt),
    scalar('float', FLOAT_RE, constructFloat),
    scalar('timestamp', TIMESTAMP_RE, constructTimestamp),
    builtin.merge,
  ],
  // An explicit tag (`!!float 1`) skips the resolver and goes straight to PyYAML's constructor.
  explicit: [
    scalar('null', /[^]*/, () => null),
    scalar('bool', /[^]*/, (data) => {
      const v = BOOL_VALUES[data.toLowerCase()];
      if (v === undefined) throw new Error(`not a YAML 1.1 boolean: '${data}'`);
      return v;
    }),
    scalar('int', /[^]*/, constructInt),
    scalar('float', /[^]*/, constructFloat),
    scalar('timestamp', /[^]*/, constructTimestamp),
    builtin.binary, builtin.omap, builtin.pairs, builtin.set,
  ],
});
