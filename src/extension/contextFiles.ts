/** Which files feed Hermes' prompt, as VS Code globs: the client's document selector and file watchers. */
import * as vscode from 'vscode';

/** File names Hermes reads, in the workspace (project context) or under HERMES_HOME (soul, memory, skills). */
export const CONTEXT_FILE_NAMES = [
  'AGENTS.override.md', 'AGENTS.md', 'agents.md', 'CLAUDE.md', 'claude.md', '.hermes.md', 'HERMES.md', '.cursorrules',
  'SOUL.md', 'MEMORY.md', 'USER.md', 'SKILL.md',
] as const;

export const CURSOR_RULES_GLOB = '**/.cursor/rules/*.mdc';
export const CONTEXT_FILE_GLOBS = [...CONTEXT_FILE_NAMES.map((name) => `**/${name}`), CURSOR_RULES_GLOB];

/** Only files on disk: Hermes never sees an untitled buffer. */
export const DOCUMENT_SELECTOR: { scheme: 'file'; pattern: string }[] = CONTEXT_FILE_GLOBS.map((pattern) => ({ scheme: 'file', pattern }));

export function feedsPrompt(document: vscode.TextDocument): boolean {
  return vscode.languages.match(DOCUMENT_SELECTOR, document) > 0;
}
