import {
  CodeActionKind, type AnnotatedTextEdit, type ChangeAnnotation, type CodeAction, type CodeActionParams, type Diagnostic,
  type Range, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Finding } from '../core/types';
import { isInvisibleRule, REMOVABLE_RULES } from './rules';

export interface EditSupport {
  /** Versioned document edits (so a stale edit is rejected rather than misapplied). */
  documentChanges: boolean;
  /** Change annotations with needsConfirmation: the client shows a preview before applying. */
  annotations: boolean;
}

const ANNOTATION = 'hermesPromptLens.removeInvisible';
const HIDDEN_ANNOTATION = 'hermesPromptLens.removeHidden';

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  // Touching counts: a cursor placed right after an invisible character should still be offered the fix.
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function workspaceEdit(doc: TextDocument, ranges: Range[], label: string, support: EditSupport, hidden = false): WorkspaceEdit {
  const id = hidden ? HIDDEN_ANNOTATION : ANNOTATION;
  const edits: (TextEdit | AnnotatedTextEdit)[] = ranges.map((range) => (support.annotations ? { range, newText: '', annotationId: id } : { range, newText: '' }));
  if (!support.documentChanges) return { changes: { [doc.uri]: edits } };
  const annotation: ChangeAnnotation = {
    label, needsConfirmation: true,
    description: hidden ? 'Deletes text that readers of the rendered file do not see; review it first.' : 'Deletes characters you cannot see; review them first.',
  };
  return {
    documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits }],
    ...(support.annotations ? { changeAnnotations: { [id]: annotation } } : {}),
  };
}

function describe(doc: TextDocument, f: Finding): string {
  const text = doc.getText(f.range);
  const n = [...text].length;
  return n === 1 ? 'Remove the invisible character' : `Remove the ${n} invisible characters`;
}

/**
 * Quick fixes that delete invisible characters (one run, or all of them in the file), escape sequences and hidden comments. They come back as
 * workspace edits for the client to preview and apply; the server never writes a file.
 */
export function removalActions(doc: TextDocument, findings: readonly Finding[], params: CodeActionParams, support: EditSupport): CodeAction[] {
  const only = params.context.only;
  if (only && !only.some((k) => k === '' || k === CodeActionKind.QuickFix)) return [];
  return [...invisibleActions(doc, findings, params, support), ...hiddenTextActions(doc, findings, params, support)];
}

function diagnosticsOf(params: CodeActionParams, f: Finding): Diagnostic[] {
  return params.context.diagnostics.filter((d) => d.code === f.ruleId && sameRange(d.range, f.range));
}

function invisibleActions(doc: TextDocument, findings: readonly Finding[], params: CodeActionParams, support: EditSupport): CodeAction[] {
  const invisible = findings.filter((f) => isInvisibleRule(f.ruleId));
  const here = invisible.filter((f) => overlaps(f.range, params.range));
  if (!here.length) return [];
  const diagnosticFor = (f: Finding): Diagnostic[] => diagnosticsOf(params, f);
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

const HIDDEN_KIND: Record<string, string> = {
  ansi_escape: 'the terminal escape sequence',
  hidden_comment_instruction: 'the hidden comment',
  hidden_comment: 'the hidden comment',
};

/**
 * Quick fixes that delete what a reader of the rendered file cannot see: an ANSI escape sequence or a comment
 * (the finding's range is exactly the sequence or the whole comment). Offered, previewed, never applied by itself.
 */
function hiddenTextActions(doc: TextDocument, findings: readonly Finding[], params: CodeActionParams, support: EditSupport): CodeAction[] {
  const removable = findings.filter((f) => REMOVABLE_RULES.has(f.ruleId));
  const actions: CodeAction[] = removable.filter((f) => overlaps(f.range, params.range)).map((f) => {
    const title = `Remove ${HIDDEN_KIND[f.ruleId]} (${f.ruleId})`;
    return { title, kind: CodeActionKind.QuickFix, isPreferred: true, diagnostics: diagnosticsOf(params, f), edit: workspaceEdit(doc, [f.range], title, support, true) };
  });
  const ansi = removable.filter((f) => f.ruleId === 'ansi_escape');
  if (actions.some((a) => a.title.endsWith('(ansi_escape)')) && ansi.length > 1) {
    const title = `Remove all terminal escape sequences in this file (${ansi.length} places)`;
    actions.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [], edit: workspaceEdit(doc, ansi.map((f) => f.range), title, support, true) });
  }
  return actions;
}
