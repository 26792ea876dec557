import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/**
 * Incremental edits to a big document, applied without copying its text. `TextDocument.update` rebuilds the
 * whole string per edit (30 MB: about 0.1 s each, so a burst of typing holds the server for seconds). Here the
 * text is a list of slices, edits splice that list, and the text is joined once, when someone reads it. Line
 * offsets and the position-to-offset rules are those of vscode-languageserver-textdocument, so the result is
 * the text `TextDocument.update` would have made.
 */
export class EditBatch {
  private parts: string[];
  private length: number;
  /** Beyond this many slices, lookups cost more than a join: the text is joined and the list starts over. */
  private static readonly MAX_PARTS = 512;

  /** `lineOffsets` are the text's (as computeLineOffsets makes them) and are taken over, not copied. */
  constructor(text: string, private lineOffsets: number[]) {
    this.parts = [text];
    this.length = text.length;
  }

  /** The line offsets of `text`: a line starts after \n, \r and \r\n. */
  static lineOffsets(text: string): number[] {
    return computeLineOffsets(text, true, 0);
  }

  apply(change: TextDocumentContentChangeEvent): void {
    if (!('range' in change) || change.range === undefined) {
      this.reset(change.text, EditBatch.lineOffsets(change.text));
      return;
    }
    const range = wellFormed(change.range);
    const startOffset = this.offsetAt(range.start);
    const endOffset = this.offsetAt(range.end);
    this.splice(startOffset, endOffset, change.text);
    const insertedEnd = startOffset + change.text.length;
    const crlfAtStart = this.charCodeAt(startOffset - 1) === 13 && this.charCodeAt(startOffset) === 10;
    const crlfAtEnd = this.charCodeAt(insertedEnd - 1) === 13 && this.charCodeAt(insertedEnd) === 10;
    if (crlfAtStart || crlfAtEnd) {
      // A CRLF pair across the edit's boundary: recount every line, as TextDocument does.
      const text = this.text();
      this.reset(text, EditBatch.lineOffsets(text));
      return;
    }
    const startLine = Math.max(range.start.line, 0);
    const endLine = Math.max(range.end.line, 0);
    const added = computeLineOffsets(change.text, false, startOffset);
    const lines = this.lineOffsets;
    if (endLine - startLine === added.length) {
      for (let i = 0; i < added.length; i++) lines[i + startLine + 1] = added[i];
    } else {
      this.lineOffsets = [...lines.slice(0, startLine + 1), ...added, ...lines.slice(endLine + 1)];
    }
    const diff = change.text.length - (endOffset - startOffset);
    if (diff !== 0) {
      const offsets = this.lineOffsets;
      for (let i = startLine + 1 + added.length; i < offsets.length; i++) offsets[i] += diff;
    }
  }

  get size(): number {
    return this.length;
  }

  /** The text after every edit so far (one join), with its line offsets. */
  result(): { text: string; lineOffsets: number[] } {
    return { text: this.text(), lineOffsets: this.lineOffsets };
  }

  private text(): string {
    if (this.parts.length !== 1) this.parts = [this.parts.join('')];
    return this.parts[0];
  }

  private reset(text: string, lineOffsets: number[]): void {
    this.parts = [text];
    this.length = text.length;
    this.lineOffsets = lineOffsets;
  }

  private offsetAt(position: Position): number {
    return offsetAt(this.lineOffsets, this.length, (i) => this.charCodeAt(i), position);
  }

  private charCodeAt(offset: number): number {
    if (offset < 0 || offset >= this.length) return NaN;
    for (const part of this.parts) {
      if (offset < part.length) return part.charCodeAt(offset);
      offset -= part.length;
    }
    return NaN;
  }

  /** Replaces [start, end) with `text`; slices of the old parts share their memory. */
  private splice(start: number, end: number, text: string): void {
    const out: string[] = [];
    let pos = 0;
    let inserted = false;
    for (const part of this.parts) {
      const partEnd = pos + part.length;
      if (partEnd <= start || pos >= end) {
        if (pos >= end && !inserted) {
          if (text) out.push(text);
          inserted = true;
        }
        if (part) out.push(part);
      } else {
        if (pos < start) out.push(part.slice(0, start - pos));
        if (!inserted) {
          if (text) out.push(text);
          inserted = true;
        }
        if (partEnd > end) out.push(part.slice(end - pos));
      }
      pos = partEnd;
    }
    if (!inserted && text) out.push(text);
    this.parts = out;
    this.length += text.length - (end - start);
    if (this.parts.length > EditBatch.MAX_PARTS) this.text();
  }
}

/**
 * A TextDocument over a text whose line offsets are already known (from an EditBatch), so reading a 30 MB
 * document after a burst of edits does not count its lines again. Same positions as TextDocument.create's.
 */
export class KnownLinesDocument implements TextDocument {
  constructor(readonly uri: string, readonly languageId: string, readonly version: number, private readonly text: string, readonly lineOffsets: readonly number[]) {}

  get lineCount(): number {
    return this.lineOffsets.length;
  }

  getText(range?: Range): string {
    return range ? this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end)) : this.text;
  }

  offsetAt(position: Position): number {
    return offsetAt(this.lineOffsets, this.text.length, (i) => this.text.charCodeAt(i), position);
  }

  getLineRange(line: number): Range {
    const lines = this.lineOffsets;
    if (line >= lines.length) {
      const last = lines.length - 1;
      return { start: { line: last, character: 0 }, end: { line: last, character: this.text.length - lines[last] } };
    }
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const end = beforeEol(this.lineEnd(line), lines[line], (i) => this.text.charCodeAt(i));
    return { start: { line, character: 0 }, end: { line, character: end - lines[line] } };
  }

  getEOLCharacters(line: number): string {
    if (line < 0 || line >= this.lineOffsets.length) return '';
    const next = this.lineEnd(line);
    return this.text.substring(beforeEol(next, this.lineOffsets[line], (i) => this.text.charCodeAt(i)), next);
  }

  private lineEnd(line: number): number {
    return line + 1 < this.lineOffsets.length ? this.lineOffsets[line + 1] : this.text.length;
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(offset, this.text.length), 0);
    const lines = this.lineOffsets;
    let low = 0;
    let high = lines.length;
    if (high === 0) return { line: 0, character: offset };
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (lines[mid] > offset) high = mid;
      else low = mid + 1;
    }
    const line = low - 1;
    offset = beforeEol(offset, lines[line], (i) => this.text.charCodeAt(i));
    return { line, character: offset - lines[line] };
  }
}

function offsetAt(lines: readonly number[], length: number, charCodeAt: (i: number) => number, position: Position): number {
  if (position.line >= lines.length) return length;
  if (position.line < 0) return 0;
  const lineOffset = lines[position.line];
  if (position.character <= 0) return lineOffset;
  const next = position.line + 1 < lines.length ? lines[position.line + 1] : length;
  return beforeEol(Math.min(lineOffset + position.character, next), lineOffset, charCodeAt);
}

function beforeEol(offset: number, lineOffset: number, charCodeAt: (i: number) => number): number {
  while (offset > lineOffset && isEol(charCodeAt(offset - 1))) offset--;
  return offset;
}

function isEol(c: number): boolean {
  return c === 13 || c === 10;
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  return start.line > end.line || (start.line === end.line && start.character > end.character) ? { start: end, end: start } : range;
}

function computeLineOffsets(text: string, atLineStart: boolean, textOffset: number): number[] {
  const result = atLineStart ? [textOffset] : [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (isEol(ch)) {
      if (ch === 13 && i + 1 < text.length && text.charCodeAt(i + 1) === 10) i++;
      result.push(textOffset + i + 1);
    }
  }
  return result;
}
