import { minimatch } from 'minimatch';
import * as path from 'node:path';
import type { DocumentKind } from './scanner';
import type { SourceKind } from './source';

export interface FileClass {
  sourceKind: SourceKind;
  documentKind: DocumentKind;
}

/** Project files Hermes may load, by name, wherever they sit (subdirectory hints load nested ones during a session). */
const WORKSPACE_PATTERNS: [string, FileClass][] = [
  ['**/{.hermes.md,HERMES.md}', { sourceKind: 'hermes_md', documentKind: 'hermes_md' }],
  ['**/{AGENTS.override.md,AGENTS.md,agents.md}', { sourceKind: 'agents_md', documentKind: 'context' }],
  ['**/{CLAUDE.md,claude.md}', { sourceKind: 'claude_md', documentKind: 'context' }],
  ['**/.cursorrules', { sourceKind: 'cursorrules', documentKind: 'context' }],
  ['**/.cursor/rules/*.mdc', { sourceKind: 'cursorrules', documentKind: 'context' }],
];

/** Files under HERMES_HOME, relative to it. */
const HOME_PATTERNS: [string, FileClass][] = [
  ['SOUL.md', { sourceKind: 'soul', documentKind: 'soul' }],
  ['memories/MEMORY.md', { sourceKind: 'memory', documentKind: 'memory' }],
  ['memories/USER.md', { sourceKind: 'user_profile', documentKind: 'memory' }],
  ['skills/**/SKILL.md', { sourceKind: 'skill', documentKind: 'context' }],
];

const OPTS = { dot: true, nocase: false };

/** What kind of prompt source a path is, or undefined for files Hermes never puts in the prompt. */
export function classifyFile(file: string, hermesHome?: string): FileClass | undefined {
  const abs = path.resolve(file);
  if (hermesHome) {
    const rel = path.relative(path.resolve(hermesHome), abs);
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
      const posix = rel.split(path.sep).join('/');
      for (const [glob, cls] of HOME_PATTERNS) if (minimatch(posix, glob, OPTS)) return cls;
    }
  }
  const posix = abs.split(path.sep).join('/');
  for (const [glob, cls] of WORKSPACE_PATTERNS) if (minimatch(posix, glob, OPTS)) return cls;
  return undefined;
}

/** Classification for a file the user named explicitly: by name, else a generic context file. */
export function classifyExplicit(file: string, hermesHome?: string): FileClass {
  const known = classifyFile(file, hermesHome);
  if (known) return known;
  const base = path.basename(file);
  if (base === 'SOUL.md') return { sourceKind: 'soul', documentKind: 'soul' };
  if (base === 'MEMORY.md') return { sourceKind: 'memory', documentKind: 'memory' };
  if (base === 'USER.md') return { sourceKind: 'user_profile', documentKind: 'memory' };
  return { sourceKind: 'agents_md', documentKind: 'context' };
}
