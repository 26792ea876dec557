import {
  CodeActionKind, type AnnotatedTextEdit, type ChangeAnnotation, type CodeAction, type CodeActionParams, type Diagnostic,
  type Range, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../core/types';
import { isInvisibleRule } from './rules';

export interface EditSupport {
  /** Versioned document edits (so a stale edit is rejected rather than misapplied). */
  documentChanges: boolean;
  /** Change annotations with needsConfirmation: the client shows a preview before applying. */
  annotations: boolean;
}

const ANNOTATION = 'hermesPromptLens.removeInvisible';

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  // Touching counts: a cursor placed right after an invisible character should still be offered the fix.
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function workspaceEdit(doc: TextDocument, ranges: Range[], label: string, support: EditSupport): WorkspaceEdit {
  const edits: (TextEdit | AnnotatedTextEdit)[] = ranges.map((range) => (support.annotations ? { range, newText: '', annotationId: ANNOTATION } : { range, newText: '' }));
  if (!support.documentChanges) return { changes: { [doc.uri]: edits } };
  const annotation: ChangeAnnotation = { label, needsConfirmation: true, description: 'Deletes characters you cannot see; review them first.' };
  return {
    documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits }],
    ...(support.annotations ? { changeAnnotations: { [ANNOTATION]: annotation } } : {}),
  };
}

function describe(doc: TextDocument, f: Finding): string {
  const text = doc.getText(f.range);
  const n = [...text].length;
  return n === 1 ? 'Remove the invisible character' : `Remove the ${n} invisible characters`;
}

/**
 * Quick fixes for invisible characters: remove one run, or all of them in the file. Both come back as
 * workspace edits for the client to preview and apply; the server never writes a file.
 */
export function invisibleCharacterActions(doc: TextDocument, findings: readonly Finding[], params: CodeActionParams, support: EditSupport): CodeAction[] {
  const only = params.context.only;
  if (only && !only.some((k) => k === '' || k === CodeActionKind.QuickFix)) return [];
  const invisible = findings.filter((f) => isInvisibleRule(f.ruleId));
  const here = invisible.filter((f) => overlaps(f.range, params.range));
  if (!here.length) return [];
  const diagnosticFor = (f: Finding): Diagnostic[] => params.context.diagnostics.filter((d) => d.code === f.ruleId && sameRange(d.range, f.range));
  const actions: CodeAction[] = here.map((f) => {
    const title = `${describe(doc, f)} (${f.ruleId})`;
    return {
      title, kind: CodeActionKind.QuickFix, isPreferred: true, diagnostics: diagnosticFor(f),
      edit: workspaceEdit(doc, [f.range], title, support),
    };
  });
  if (invisible.length > 1) {
    const title = `Remove all invisible characters in this file (${invisible.length} places)`;
    actions.push({
      title, kind: CodeActionKind.QuickFix, diagnostics: here.flatMap(diagnosticFor),
      edit: workspaceEdit(doc, invisible.map((f) => f.range), title, support),
    });
  }
  return actions;
}
