import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseDateInput, type LocalDateTime } from '../core/dateInput';
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

/** --now: a calendar-valid ISO date or date-time (src/core/dateInput.ts lists the forms). */
export function dateOption(value: string | boolean | undefined, name: string): Date | LocalDateTime | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  const parsed = parseDateInput(value);
  if ('error' in parsed) throw new UsageError(`${name} '${value}' ${parsed.error}`);
  return 'instant' in parsed ? parsed.instant : parsed.local;
}

export function choice<T extends string>(value: string | boolean | undefined, name: string, allowed: readonly T[], dflt: T): T {
  if (value === undefined || typeof value === 'boolean') return dflt;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${name} must be one of ${allowed.join(', ')}, not '${value}'`);
  return value as T;
}
