import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../core/layout';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with our error type, so every bad flag becomes a one-line usage error (exit 2). */
export function parse(argv: string[], options: Options): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (err) {
    // parseArgs messages run over several lines; the first says what is wrong.
    throw new UsageError((err as Error).message.split('\n')[0]);
  }
}

export function intOption(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} must be a positive whole number, not '${value}'`);
  return Number(value);
}

export function dateOption(value: string | boolean | undefined, name: string): Date | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) throw new UsageError(`${name} must be an ISO-8601 date or date-time, not '${value}'`);
  return date;
}

export function choice<T extends string>(value: string | boolean | undefined, name: string, allowed: readonly T[], dflt: T): T {
  if (value === undefined || typeof value === 'boolean') return dflt;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${name} must be one of ${allowed.join(', ')}, not '${value}'`);
  return value as T;
}
