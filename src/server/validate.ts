import { ErrorCodes, ResponseError, type Position, type Range } from 'vscode-languageserver';

/** Request parameters are checked before use, so a malformed request gets InvalidParams, not a crash. */

const invalid = (message: string) => new ResponseError(ErrorCodes.InvalidParams, message);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function record(v: unknown, name = 'params'): Record<string, unknown> {
  if (!isRecord(v)) throw invalid(`${name} must be an object`);
  return v;
}

/** Params that may be omitted entirely (`null` counts as omitted). */
export function optionalRecord(v: unknown, name = 'params'): Record<string, unknown> {
  return v === undefined || v === null ? {} : record(v, name);
}

export function string(v: unknown, name: string): string {
  if (typeof v !== 'string' || !v) throw invalid(`${name} must be a non-empty string`);
  return v;
}

export function optionalString(v: unknown, name: string): string | undefined {
  return v === undefined || v === null ? undefined : string(v, name);
}

export function optionalBoolean(v: unknown, name: string): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalid(`${name} must be true or false`);
  return v;
}

export function position(v: unknown, name = 'position'): Position {
  const p = record(v, name);
  if (!Number.isInteger(p.line) || (p.line as number) < 0 || !Number.isInteger(p.character) || (p.character as number) < 0) {
    throw invalid(`${name} needs non-negative integer line and character`);
  }
  return { line: p.line as number, character: p.character as number };
}

export function range(v: unknown, name = 'range'): Range {
  const r = record(v, name);
  return { start: position(r.start, `${name}.start`), end: position(r.end, `${name}.end`) };
}

/** `params.textDocument.uri` of a text-document request. */
export function documentUri(params: unknown): string {
  return string(record(record(params).textDocument, 'textDocument').uri, 'textDocument.uri');
}

/** An LSP progress token (`workDoneToken`): an integer or a string. */
export function optionalProgressToken(v: unknown, name: string): string | number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' && !Number.isInteger(v)) throw invalid(`${name} must be a string or an integer`);
  return v as string | number;
}
