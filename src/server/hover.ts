import { MarkupKind, type Hover, type Position, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileClass } from '../core/contextFileKinds';
import { codePointLabel, unicodeName } from '../core/threatPatterns';
import { cpLength, formatThousands } from '../core/text';
import type { Finding } from '../core/types';
import { markdownCode, markdownText } from './markdown';
import { isInvisibleRule } from './rules';
import { promptContent } from './truncation';
import type { SourceEntry } from './workspace';

/** Token counts above this size would hold the engine for seconds; the hover says so instead. */
const MAX_COUNTED_CHARS = 500_000;

function contains(r: Range, p: Position): boolean {
  const after = p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character);
  const before = p.line < r.end.line || (p.line === r.end.line && p.character < r.end.character);
  return after && before;
}

/** "Show the character": the code points of the invisible run under the cursor, named. */
export function invisibleHover(doc: TextDocument, findings: readonly Finding[], position: Position): Hover | null {
  const f = findings.find((x) => isInvisibleRule(x.ruleId) && contains(x.range, position));
  if (!f) return null;
  const run = doc.getText(f.range);
  const counts = new Map<number, number>();
  for (const ch of run) counts.set(ch.codePointAt(0)!, (counts.get(ch.codePointAt(0)!) ?? 0) + 1);
  const shown = [...counts].slice(0, 8).map(([cp, n]) => `- ${markdownCode(codePointLabel(cp))} ${unicodeName(cp) ?? '(unnamed format character)'}${n > 1 ? ` ×${n}` : ''}`);
  if (counts.size > 8) shown.push(`- … and ${counts.size - 8} more`);
  const total = [...run].length;
  return {
    range: f.range,
    contents: {
      kind: MarkupKind.Markdown,
      value: [`**Invisible character${total > 1 ? `s (${total})` : ''}** · ${markdownCode(f.ruleId)}`, '', ...shown, '', markdownText(f.message)].join('\n'),
    },
  };
}

const STATUS_TEXT: Record<string, string> = {
  loaded: 'loaded', blocked: 'blocked: Hermes puts a [BLOCKED] notice in its place', truncated: 'truncated',
  shadowed: 'not loaded (shadowed)', empty: 'empty: Hermes treats it as absent', unreadable: 'unreadable', missing: 'missing',
};

/**
 * The hover on a source file's first line: per workspace folder, the layer it feeds and its status, then its
 * size against Hermes' cap and its token count.
 */
/** How a context file reaches Hermes' model from one folder's launch directory. */
export interface ReachLine {
  folder: string;
  reach: 'startup' | 'hint' | 'never';
  reason: string;
}

const REACH_TEXT: Record<ReachLine['reach'], string> = { startup: 'at start-up', hint: 'as a subdirectory hint', never: 'never' };

export async function fileHover(doc: TextDocument, cls: FileClass, entries: readonly SourceEntry[], folderCount: number, countTokens: (text: string) => Promise<number | undefined>, reach: readonly ReachLine[] = []): Promise<Hover> {
  const { content } = promptContent(doc.getText(), cls.documentKind);
  const chars = cpLength(content);
  const lines: string[] = [];
  const label = entries[0]?.source.label;
  lines.push(`**Hermes Prompt Lens** · ${markdownCode(label ?? cls.sourceKind)}`, '');
  for (const r of reach) {
    lines.push(`Reaches Hermes${folderCount > 1 ? ` (from ${markdownText(r.folder)})` : ''}: **${REACH_TEXT[r.reach]}**. ${markdownText(r.reason)}`, '');
  }
  if (!entries.length && !reach.length) {
    lines.push(cls.documentKind === 'context' || cls.documentKind === 'hermes_md'
      ? 'Not in the startup prompt of any workspace folder. Hermes loads context files below its working directory only as subdirectory hints, once the agent works there.'
      : 'No workspace folder is open, so there is no assembled prompt to place it in.');
  }
  for (const e of entries) {
    const where = folderCount > 1 ? ` in workspace folder ${markdownCode(e.folder.name)}` : '';
    lines.push(`Feeds layer **${markdownText(e.layer?.title ?? 'unknown')}** (${markdownCode(e.layer?.id ?? '?')})${where}.`, '');
    lines.push(`Status: **${STATUS_TEXT[e.source.status] ?? markdownText(e.source.status)}**${e.source.message ? `. ${markdownText(e.source.message)}` : ''}`, '');
  }
  const hasHeader = cls.sourceKind !== 'soul' && cls.documentKind !== 'memory' && cls.sourceKind !== 'skill';
  const cap = entries[0]?.maxChars;
  if (cap && cls.documentKind !== 'memory' && cls.sourceKind !== 'skill') {
    const header = hasHeader && label ? cpLength(`## ${label}\n\n`) : 0;
    lines.push(`Size: ${formatThousands(chars + header)} of ${formatThousands(cap)} characters${header ? ` (the header ${markdownCode(`## ${label}`)} counts too)` : ''}.`, '');
  } else {
    lines.push(`Size: ${formatThousands(chars)} characters.`, '');
  }
  const tokens = chars > MAX_COUNTED_CHARS ? undefined : await countTokens(content);
  lines.push(chars > MAX_COUNTED_CHARS
    ? `Tokens: not counted for files over ${formatThousands(MAX_COUNTED_CHARS)} characters.`
    : tokens === undefined ? 'Tokens: could not be counted (see the server log).' : `Tokens: ${formatThousands(tokens)} (o200k_base).`);
  return { contents: { kind: MarkupKind.Markdown, value: lines.join('\n') } };
}
