import * as path from 'node:path';
import type { FileSystem } from './fs';
import { stripHermesFrontmatter } from './frontmatter';
import { compareCodePoints } from './pyValue';
import { scanDocument, type DocumentKind } from './scanner';
import { blockedContextText } from './threats';
import type { PatternTable } from './threatPatterns';
import { hermesContent, readText, unreadableMessage, type Source, type SourceKind } from './source';
import { cpLength } from './text';
import { truncateContent } from './truncate';

export const PROJECT_CONTEXT_HEADER = '# Project Context\n\nThe following project context files have been loaded and should be followed:\n\n';

/** What reading a prompt source needs: the files, and the threat table Hermes applies to them. */
export interface ReadEnv {
  fs: FileSystem;
  table?: PatternTable;
}

export interface ContextFilesOptions {
  cwd: string;
  table?: PatternTable;
  maxChars: number;
  /** SOUL.md text to append as a headerless section (Hermes' skip_soul=false); undefined when SOUL.md is the identity. */
  soulSection?: string;
}

export interface ContextFilesResult {
  text: string;
  sources: Source[];
  /** The project type that won, if any. */
  winner?: SourceKind;
  /** Truncation warnings Hermes prints on the status line. */
  warnings: string[];
}

/** Nearest ancestor of `dir` (or `dir` itself) that has a `.git` entry, file or directory. */
export function findGitRoot(fs: FileSystem, dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.stat(path.join(current, '.git'))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}

/** A file read and scanned the way Hermes' `_scan_context_content` sees it. */
interface Loaded {
  source: Source;
  /** Hermes' stripped content ("" when empty or unreadable). */
  content: string;
  /** What goes under the "## label" header: the content, or the [BLOCKED: …] line. */
  body: string;
}

export function loadContextFile(env: ReadEnv, file: string, label: string, kind: SourceKind, userAuthored = false): Loaded {
  const read = readText(env.fs, file);
  const source: Source = { path: file, label, kind, status: 'loaded', findings: [] };
  if (!read.ok) {
    source.status = read.missing ? 'missing' : 'unreadable';
    source.message = read.missing ? 'Not found.' : unreadableMessage(read);
    return { source, content: '', body: '' };
  }
  // Hermes' strict decoder rejects the file before any scan: it has no findings because Hermes never reads it.
  if (!read.validUtf8) {
    source.status = 'unreadable';
    source.message = unreadableMessage(read);
    return { source, content: '', body: '' };
  }
  const docKind: DocumentKind = kind === 'hermes_md' ? 'hermes_md' : kind === 'soul' ? 'soul' : 'context';
  try {
    const scan = scanDocument(read.text, { kind: docKind, label, userAuthored, table: env.table });
    source.findings = scan.findings;
    const content = hermesContent(read);
    if (read.binary) source.message = 'Looks like a binary file (it contains NUL bytes); Hermes reads it as text anyway.';
    if (!content) {
      source.status = 'empty';
      source.message = 'Empty after stripping whitespace: Hermes treats it as absent.';
      return { source, content, body: '' };
    }
    let body = kind === 'hermes_md' ? stripHermesFrontmatter(content).body : content;
    if (body.charCodeAt(0) === 0xfeff) body = body.slice(1);
    if (scan.blocked) {
      source.status = 'blocked';
      source.message = `Hermes replaces this file with a [BLOCKED] notice (${scan.hermesIds.join(', ')}).`;
      body = blockedContextText(label, scan.hermesIds);
    } else if (scan.hermesIds.length) {
      source.message = `Hermes logs threat patterns (${scan.hermesIds.join(', ')}) but loads this file because you wrote it.`;
    }
    return { source, content, body };
  } catch (err) {
    source.status = 'unreadable';
    source.message = `Could not be analysed: ${(err as Error).message}`;
    return { source, content: '', body: '' };
  }
}

function markTruncated(loaded: Loaded, t: ReturnType<typeof truncateContent>, warnings: string[]): void {
  if (!t.truncated) return;
  if (loaded.source.status === 'loaded') loaded.source.status = 'truncated';
  loaded.source.message = `Truncated by Hermes: ${t.originalChars} characters (header included) exceed the ${t.maxChars}-character cap; the first ${t.headChars} and last ${t.tailChars} are kept.`;
  if (t.warning) warnings.push(t.warning);
}

function section(loaded: Loaded, warnName: string, maxChars: number, warnings: string[]): string {
  const t = truncateContent(`## ${loaded.source.label}\n\n${loaded.body}`, warnName, maxChars, loaded.source.path);
  markTruncated(loaded, t, warnings);
  return t.text;
}

function shadow(sources: Source[], winner: string): void {
  for (const s of sources) {
    if (s.status === 'loaded' || s.status === 'blocked' || s.status === 'truncated') {
      s.status = 'shadowed';
      s.shadowedBy = winner;
      s.message = `Not loaded: ${winner} has higher priority (Hermes loads only one kind of project context).`;
    }
  }
}

interface TypeResult {
  text: string;
  sources: Source[];
  label?: string;
}

function loadHermesMd(env: ReadEnv, cwd: string, gitRoot: string | undefined, maxChars: number, warnings: string[]): TypeResult {
  const sources: Source[] = [];
  const dirs: string[] = [];
  for (let d = cwd; ; d = path.dirname(d)) {
    dirs.push(d);
    if (!gitRoot || d === gitRoot || path.dirname(d) === d) break;
  }
  let found: Loaded | undefined;
  for (const dir of dirs) {
    for (const name of ['.hermes.md', 'HERMES.md']) {
      const file = path.join(dir, name);
      if (env.fs.stat(file)?.kind !== 'file') continue;
      if (found) {
        sources.push({
          path: file, label: dir === cwd ? name : path.relative(cwd, file), kind: 'hermes_md', status: 'shadowed',
          shadowedBy: found.source.label, findings: loadContextFile(env, file, name, 'hermes_md').source.findings,
          message: found.content
            ? `Not loaded: the nearer ${found.source.label} wins.`
            : `Not loaded: an empty ${found.source.label} hides it (Hermes stops at the first .hermes.md/HERMES.md it finds, even an empty one).`,
        });
        continue;
      }
      found = loadContextFile(env, file, name, 'hermes_md');
      sources.push(found.source);
    }
  }
  if (!found || !found.content) return { text: '', sources };
  return { text: section(found, '.hermes.md', maxChars, warnings), sources, label: found.source.label };
}

function loadAgentsMd(env: ReadEnv, cwd: string, gitRoot: string | undefined, maxChars: number, warnings: string[]): TypeResult {
  const chain: string[] = [];
  if (!gitRoot || gitRoot === cwd || path.relative(gitRoot, cwd).startsWith('..')) chain.push(cwd);
  else {
    chain.push(gitRoot);
    const parts = path.relative(gitRoot, cwd).split(path.sep);
    for (let i = 0; i < parts.length; i++) chain.push(path.join(gitRoot, ...parts.slice(0, i + 1)));
  }
  const sources: Source[] = [];
  const taken: { loaded: Loaded; text: string }[] = [];
  const seen = new Map<string, string>();
  for (const dir of chain) {
    let winner: Loaded | undefined;
    for (const name of ['AGENTS.override.md', 'AGENTS.md', 'agents.md']) {
      const file = path.join(dir, name);
      const label = dir === cwd ? name : path.relative(cwd, file);
      if (!env.fs.stat(file)) continue;
      if (winner) {
        const other = loadContextFile(env, file, label, 'agents_md');
        if (other.content) {
          other.source.status = 'shadowed';
          other.source.shadowedBy = winner.source.label;
          other.source.message = `Not loaded: ${winner.source.label} in the same directory wins.`;
        }
        sources.push(other.source);
        continue;
      }
      const loaded = loadContextFile(env, file, label, 'agents_md');
      sources.push(loaded.source);
      if (!loaded.content) continue;
      winner = loaded;
      const twin = seen.get(loaded.content);
      if (twin !== undefined) {
        loaded.source.status = 'shadowed';
        loaded.source.shadowedBy = twin;
        loaded.source.message = `Not loaded: identical to ${twin}, which is already in the prompt.`;
        continue;
      }
      seen.set(loaded.content, label);
      taken.push({ loaded, text: section(loaded, label, maxChars, warnings) });
    }
  }
  if (!taken.length) return { text: '', sources };
  if (taken.length === 1) return { text: taken[0].text, sources, label: taken[0].loaded.source.label };
  const joined = taken.map((t) => t.text).join('\n\n');
  const t = truncateContent(joined, 'AGENTS.md (directory chain)', maxChars, path.join(cwd, 'AGENTS.md'));
  if (t.truncated) {
    if (t.warning) warnings.push(t.warning);
    // Mark every file whose section overlaps the omitted middle of the merged chain.
    let start = 0;
    for (const { loaded, text } of taken) {
      const end = start + cpLength(text);
      if (end > t.headChars && start < t.originalChars - t.tailChars) {
        if (loaded.source.status === 'loaded') loaded.source.status = 'truncated';
        loaded.source.message = `Truncated by Hermes: the merged AGENTS.md chain (${t.originalChars} characters) exceeds the ${t.maxChars}-character cap.`;
      }
      start = end + 2;
    }
  }
  return { text: t.text, sources, label: taken[taken.length - 1].loaded.source.label };
}

function loadClaudeMd(env: ReadEnv, cwd: string, maxChars: number, warnings: string[]): TypeResult {
  const sources: Source[] = [];
  let winner: Loaded | undefined;
  let text = '';
  for (const name of ['CLAUDE.md', 'claude.md']) {
    const file = path.join(cwd, name);
    if (!env.fs.stat(file)) continue;
    const loaded = loadContextFile(env, file, name, 'claude_md');
    sources.push(loaded.source);
    if (!loaded.content) continue;
    if (winner) {
      shadow([loaded.source], winner.source.label);
      loaded.source.message = `Not loaded: ${winner.source.label} wins.`;
      continue;
    }
    winner = loaded;
    text = section(loaded, 'CLAUDE.md', maxChars, warnings);
  }
  return { text, sources, label: winner?.source.label };
}

function loadCursorRules(env: ReadEnv, cwd: string, maxChars: number, warnings: string[]): TypeResult {
  const candidates: [string, string][] = [[path.join(cwd, '.cursorrules'), '.cursorrules']];
  const rulesDir = path.join(cwd, '.cursor', 'rules');
  if (env.fs.stat(rulesDir)?.kind === 'directory') {
    let names: string[] = [];
    try {
      names = env.fs.readDirectory(rulesDir);
    } catch {
      // Unlistable: Hermes' glob yields nothing either.
    }
    for (const name of names.filter((n) => n.endsWith('.mdc')).sort(compareCodePoints)) {
      candidates.push([path.join(rulesDir, name), `.cursor/rules/${name}`]);
    }
  }
  const sources: Source[] = [];
  const parts: Loaded[] = [];
  for (const [file, label] of candidates) {
    if (!env.fs.stat(file)) continue;
    const loaded = loadContextFile(env, file, label, 'cursorrules');
    sources.push(loaded.source);
    if (loaded.content) parts.push(loaded);
  }
  if (!parts.length) return { text: '', sources };
  const joined = parts.map((p) => `## ${p.source.label}\n\n${p.body}\n\n`).join('');
  const t = truncateContent(joined, '.cursorrules', maxChars, path.join(cwd, '.cursorrules'));
  if (t.truncated) {
    if (t.warning) warnings.push(t.warning);
    let start = 0;
    for (const p of parts) {
      const end = start + cpLength(`## ${p.source.label}\n\n${p.body}\n\n`);
      if (end > t.headChars && start < t.originalChars - t.tailChars) {
        if (p.source.status === 'loaded') p.source.status = 'truncated';
        p.source.message = `Truncated by Hermes: the combined Cursor rules (${t.originalChars} characters) exceed the ${t.maxChars}-character cap.`;
      }
      start = end;
    }
  }
  return { text: t.text, sources, label: parts[0].source.label };
}

/**
 * A context file that is a symlink leading out of the workspace (the git root, else the working directory):
 * Hermes follows it, so the user must see where the text really comes from.
 */
function noteLinksOutside(fs: FileSystem, sources: Source[], workspace: string): void {
  const inside = workspace.endsWith(path.sep) ? workspace : workspace + path.sep;
  for (const s of sources) {
    if (s.status === 'missing') continue;
    const real = fs.realpath(s.path);
    if (real === s.path || real === workspace || real.startsWith(inside)) continue;
    s.resolvesTo = real;
    s.message = `A symlink to ${real}, outside the workspace.${s.message ? ` ${s.message}` : ''}`;
  }
}

/**
 * `build_context_files_prompt` (spec §2): the one project-context type that wins, wrapped in
 * "# Project Context", plus a report on every candidate file Hermes considered.
 */
export function buildContextFiles(fs: FileSystem, opts: ContextFilesOptions): ContextFilesResult {
  const env: ReadEnv = { fs, table: opts.table };
  const cwd = fs.realpath(path.resolve(opts.cwd));
  const gitRoot = findGitRoot(fs, cwd);
  const warnings: string[] = [];
  const types: [SourceKind, () => TypeResult][] = [
    ['hermes_md', () => loadHermesMd(env, cwd, gitRoot, opts.maxChars, warnings)],
    ['agents_md', () => loadAgentsMd(env, cwd, gitRoot, opts.maxChars, warnings)],
    ['claude_md', () => loadClaudeMd(env, cwd, opts.maxChars, warnings)],
    ['cursorrules', () => loadCursorRules(env, cwd, opts.maxChars, warnings)],
  ];
  const sources: Source[] = [];
  let project = '';
  let winner: SourceKind | undefined;
  let winnerLabel = '';
  for (const [kind, run] of types) {
    // Lower-priority types are still evaluated so their files can be reported as shadowed.
    const before = warnings.length;
    const result = run();
    if (winner) {
      warnings.length = before;
      shadow(result.sources, winnerLabel);
    } else if (result.text) {
      project = result.text;
      winner = kind;
      winnerLabel = result.label ?? kind;
    }
    sources.push(...result.sources);
  }
  noteLinksOutside(fs, sources, gitRoot ?? cwd);
  if (!sources.length) {
    sources.push({ path: path.join(cwd, 'AGENTS.md'), label: 'AGENTS.md', kind: 'agents_md', status: 'missing', findings: [], message: 'No project context file: create AGENTS.md (or .hermes.md) to give Hermes project instructions.' });
  }
  const sections = [project, opts.soulSection ?? ''].filter(Boolean);
  return { text: sections.length ? PROJECT_CONTEXT_HEADER + sections.join('\n') : '', sources, winner, warnings };
}

