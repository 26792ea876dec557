import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentKind } from '../core/scanner';
import { formatThousands } from '../core/text';
import type { ServerSettings } from '../shared/protocol';
import { makeDiagnostic, NOTE_RULES } from './rules';
import { cutOffset } from './truncation';
import type { SourceEntry } from './workspace';

/** The first line, where notes about the file as a whole go. */
export function firstLineRange(doc: TextDocument): Range {
  const end = doc.lineCount > 1 ? doc.offsetAt({ line: 1, character: 0 }) : doc.getText().length;
  const line = doc.getText({ start: { line: 0, character: 0 }, end: doc.positionAt(end) }).replace(/\r?\n$|\r$/, '');
  return { start: { line: 0, character: 0 }, end: { line: 0, character: line.length } };
}

/** One character at `offset` (both halves of a surrogate pair). */
function charRange(doc: TextDocument, offset: number): Range {
  const text = doc.getText();
  const cp = text.codePointAt(offset) ?? 0;
  return { start: doc.positionAt(offset), end: doc.positionAt(offset + (cp > 0xffff ? 2 : 1)) };
}

/**
 * Information diagnostics about how the file fares in the assembled prompts: truncated (at the cut) or
 * shadowed by a higher-priority file. The same verdict in several folders is reported once; differing
 * verdicts name their folder.
 */
export function assemblyNotes(doc: TextDocument, kind: DocumentKind, entries: readonly SourceEntry[], folderCount: number, settings: ServerSettings): Diagnostic[] {
  const byKey = new Map<string, { code: string; message: string; range: Range; folders: string[] }>();
  for (const e of entries) {
    const s = e.source;
    let note: { code: string; message: string; range: Range } | undefined;
    if (s.status === 'truncated') {
      const offset = e.cut === undefined ? undefined : cutOffset(doc.getText(), kind, e.cut);
      note = {
        code: NOTE_RULES.truncated,
        range: offset === undefined ? firstLineRange(doc) : charRange(doc, offset),
        message: `File truncated by Hermes at ${formatThousands(e.maxChars)} characters${offset === undefined ? '' : '; the omitted middle starts here'}. ${s.message ?? ''}`.trim(),
      };
    } else if (s.status === 'shadowed') {
      note = {
        code: NOTE_RULES.shadowed,
        range: firstLineRange(doc),
        message: s.shadowedBy ? `File shadowed by ${s.shadowedBy}: ${s.message ?? 'Hermes loads that file instead.'}` : s.message ?? 'Hermes does not load this file.',
      };
    }
    if (!note) continue;
    const key = `${note.code}\u0000${note.message}\u0000${JSON.stringify(note.range)}`;
    const group = byKey.get(key) ?? { ...note, folders: [] };
    group.folders.push(e.folder.name);
    byKey.set(key, group);
  }
  const out: Diagnostic[] = [];
  for (const g of byKey.values()) {
    const everywhere = folderCount <= 1 || g.folders.length >= folderCount;
    const message = everywhere ? g.message : `In workspace folder${g.folders.length > 1 ? 's' : ''} ${g.folders.join(', ')}: ${g.message}`;
    const d = makeDiagnostic(g.code, DiagnosticSeverity.Information, message, g.range, settings);
    if (d) out.push(d);
  }
  return out;
}
