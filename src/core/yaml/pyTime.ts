/**
 * The `datetime.date` and `datetime.datetime` values PyYAML's SafeLoader builds from YAML 1.1 timestamps.
 * Kept as fields, not a JS Date: Python prints them field by field, with no time-zone conversion.
 */
export class PyDate {
  constructor(readonly year: number, readonly month: number, readonly day: number) {}
}

export class PyDateTime extends PyDate {
  constructor(
    year: number, month: number, day: number,
    readonly hour: number, readonly minute: number, readonly second: number, readonly microsecond: number,
    /** Offset east of UTC in minutes; undefined for a naive datetime. `utc` is PyYAML's `Z` or an offset of 0. */
    readonly offsetMinutes: number | undefined,
  ) {
    super(year, month, day);
  }
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `datetime.date(...)` validation: Python raises ValueError, which makes the whole YAML load fail. */
export function isValidDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS[month - 1]);
}
