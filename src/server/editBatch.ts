import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';

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
    const lines = this.lineOffsets;
    if (position.line >= lines.length) return this.length;
    if (position.line < 0) return 0;
    const lineOffset = lines[position.line];
    if (position.character <= 0) return lineOffset;
    const next = position.line + 1 < lines.length ? lines[position.line + 1] : this.length;
    let offset = Math.min(lineOffset + position.character, next);
    while (offset > lineOffset && isEol(this.charCodeAt(offset - 1))) offset--;
    return offset;
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
