/**
 * Where Hermes cuts a truncated file. Hermes keeps `content[:head] + marker + content[-tail:]` of a section
 * (spec §3), and the section is "## label\n\n" + the file's content, so the header counts toward the head.
 * The engine finds, in the built layer, the text kept before the marker; what follows this file's header in
 * it is the part of the file Hermes keeps: its length in code points is the cut, i.e. head − header length
 * for a single file, less for a file later in a merged AGENTS.md chain or Cursor rules set. SOUL.md has no
 * header. The server then maps that count back to a position in the editor's text.
 */
import { PROJECT_CONTEXT_HEADER } from '../core/contextFiles';
import { contextContent, type DocumentKind } from '../core/scanner';
import { cpLength, cpToUtf16 } from '../core/text';
import type { AssembledPromptView } from '../shared/protocol';

const MARKER = /\n\n\[\.\.\.truncated .+?: kept (\d+)\+\d+ of \d+ chars\./gu;

/** The text before the first truncation marker whose own head count matches its position. */
function keptHead(text: string): string | undefined {
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(text); m; m = MARKER.exec(text)) {
    const head = text.slice(0, m.index);
    if (cpLength(head) === Number(m[1])) return head;
  }
  return undefined;
}

/** Per truncated source path: how many code points of the file's content Hermes keeps before the cut. */
export function truncationCuts(view: AssembledPromptView): Record<string, number> {
  const cuts: Record<string, number> = {};
  for (const layer of view.layers) {
    for (const s of layer.sources) {
      if (s.status !== 'truncated') continue;
      if (s.kind === 'soul') {
        const head = keptHead(layer.text);
        if (head !== undefined) cuts[s.path] = cpLength(head);
        continue;
      }
      const text = layer.text.startsWith(PROJECT_CONTEXT_HEADER) ? layer.text.slice(PROJECT_CONTEXT_HEADER.length) : layer.text;
      const head = keptHead(text);
      const header = `## ${s.label}\n\n`;
      const at = head?.indexOf(header) ?? -1;
      // No header in the kept head: the file starts inside the omitted middle, so no cut lies in it.
      if (head !== undefined && at !== -1) cuts[s.path] = cpLength(head.slice(at + header.length));
    }
  }
  return cuts;
}

/**
 * The file's content as Hermes puts it under its header: universal newlines, stripped, without .hermes.md
 * frontmatter and one leading BOM (as the scanner sees it), with `toText` mapping its offsets back.
 */
export function promptContent(text: string, kind: DocumentKind): { content: string; toText: (offset: number) => number } {
  const { content, toSource } = contextContent(text, kind === 'hermes_md');
  return { content, toText: (offset) => toSource.start(offset) };
}

/**
 * The UTF-16 offset in the editor's `text` of the first character Hermes drops, given the `keptChars` code
 * points of its content that Hermes keeps. Undefined when the cut lies past the end of the text.
 */
export function cutOffset(text: string, kind: DocumentKind, keptChars: number): number | undefined {
  const { content, toText } = promptContent(text, kind);
  const at = cpToUtf16(content, keptChars);
  return at >= content.length ? undefined : toText(at);
}
