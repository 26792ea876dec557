import * as yaml from 'js-yaml';
import { PYYAML_SAFE_SCHEMA } from './pyyamlSchema';

export type YamlLoad =
  | { ok: true; value: unknown }
  /** `aliasBomb`: the document parsed, but its aliases expand past the budget (see `expansionBudget`). */
  | { ok: false; reason: string; aliasBomb: boolean };

/**
 * Aliases are shared, not copied, when loading, so a 1 KB document can stand for 9^16 values; anything that
 * walks or prints the value (Python's str(), a JSON dump) then runs for minutes and gigabytes. A document
 * may expand to a fixed allowance plus twice its own length, which no alias-free document reaches.
 */
export function expansionBudget(text: string): number {
  return 1_000_000 + 2 * text.length;
}

/** PyYAML's Reader refuses these anywhere in the stream (comments too); js-yaml only inside values. */
const NON_PRINTABLE = /[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** `yaml.safe_load` as PyYAML does it: YAML 1.1 scalars, duplicate keys allowed (the last one wins). */
export function pyyamlSafeLoad(text: string): YamlLoad {
  const bad = NON_PRINTABLE.exec(text);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).padStart(4, '0');
    return { ok: false, reason: `unacceptable character #x${code}: special characters are not allowed`, aliasBomb: false };
  }
  let value: unknown;
  const opens: number[] = [];
  let lastScalar: { start: number; end: number; result: unknown } | undefined;
  // PyYAML's composer refuses an anchor defined twice; js-yaml lets the second win. A node is known by the
  // offset of its `&` (js-yaml may compose a node twice while it tries a block mapping, from the same text).
  const anchors = new Map<string, number>();
  try {
    value = yaml.load(text, {
      schema: PYYAML_SAFE_SCHEMA,
      json: true,
      listener(event, state) {
        if (event === 'open') opens.push(state.position);
        else {
          const start = opens.pop() ?? 0;
          if (state.kind === 'scalar') lastScalar = { start, end: state.position, result: state.result };
          const anchor = (state as unknown as { anchor: string | null }).anchor;
          if (anchor !== null) {
            const at = text.indexOf('&' + anchor, start);
            const first = anchors.get(anchor);
            if (first !== undefined && first !== at) throw new Error(`found duplicate anchor '${anchor}'`);
            anchors.set(anchor, at);
          }
        }
      },
    });
  } catch (err) {
    return { ok: false, reason: firstLine(err), aliasBomb: false };
  }
  if (lastScalar && lastScalar.end > text.length && isBlockScalar(text, lastScalar.start)) value = dropAddedBreak(value, lastScalar.result);
  const budget = expansionBudget(text);
  try {
    if (expandedSize(value, budget) > budget) {
      return { ok: false, reason: `its aliases expand to more than ${budget.toLocaleString('en-US')} values (a YAML alias bomb)`, aliasBomb: true };
    }
  } catch (err) {
    return { ok: false, reason: firstLine(err), aliasBomb: false };
  }
  return { ok: true, value };
}

/** Whether the node starting at `start` (after optional tag and anchor) is a `|` or `>` block scalar. */
function isBlockScalar(text: string, start: number): boolean {
  const m = /^[ \t]*(?:[!&][^ \t\n\r]*[ \t]+)*([|>])/.exec(text.slice(start, start + 1024));
  return m !== null;
}

/**
 * js-yaml appends a line break to a document that lacks one, so a `|`/`>` block scalar that runs to the end
 * gains a final "\n" PyYAML does not give it (frontmatter ends right before the closing `---`, so this is the
 * usual case for a block-scalar last key). Removes it from the last value in document order.
 */
function dropAddedBreak(value: unknown, scalar: unknown): unknown {
  if (typeof scalar !== 'string' || !scalar.endsWith('\n')) return value;
  if (value === scalar) return scalar.slice(0, -1);
  let container = value;
  while (container !== null && typeof container === 'object') {
    const record = container as Record<string, unknown>;
    const keys = Object.keys(record);
    const key = Array.isArray(container) ? String(container.length - 1) : keys[keys.length - 1];
    if (key === undefined) break;
    if (record[key] === scalar) {
      record[key] = scalar.slice(0, -1);
      break;
    }
    container = record[key];
  }
  return value;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0];
}

/**
 * The size of the value with every alias expanded: each node counts 1, a string also its length. Each shared
 * node is measured once, and counting stops once past the budget, so this is linear in the loaded document.
 */
function expandedSize(root: unknown, budget: number): number {
  const memo = new Map<object, number>();
  const size = (v: unknown): number => {
    if (typeof v === 'string') return 1 + v.length;
    if (v === null || typeof v !== 'object' || v instanceof Uint8Array) return 1;
    const known = memo.get(v);
    if (known !== undefined) return known;
    let total = 1;
    const children = Array.isArray(v) ? v : Object.entries(v).flat();
    for (const child of children) {
      total += size(child);
      if (total > budget) break;
    }
    memo.set(v, total);
    return total;
  };
  return size(root);
}
