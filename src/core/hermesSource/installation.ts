import * as path from 'node:path';
import type { FileSystem } from '../fs';
import { BUILTIN_TEXTS, type HermesTexts } from '../guidance';
import { BUILTIN_APPROXIMATION, type Provenance } from '../provenance';
import { readText } from '../source';
import type { Scope } from '../threatPatterns';
import { getString, parsePythonConstants, type PyValue } from './pyLiteral';
import { translatePythonRegex } from './pyRegex';
import { PINNED_PYTHON_PATTERNS } from '../pinnedPatterns';
import { BUILTIN_TABLE, compileTable, type PatternTable } from '../threatPatterns';

/** A Hermes source tree: a checkout or an installed package's site-packages. */
export interface HermesInstallation {
  root: string;
  version?: string;
  /** How it was found: 'configured', 'hermes-home', 'path', 'pipx', 'uv'. */
  via: string;
}

const MARKER = path.join('agent', 'prompt_builder.py');

function isInstallation(fs: FileSystem, dir: string): boolean {
  return fs.stat(path.join(dir, MARKER))?.kind === 'file';
}

function sitePackages(fs: FileSystem, venv: string): string[] {
  const lib = path.join(venv, 'lib');
  let names: string[] = [];
  try {
    names = fs.readDirectory(lib);
  } catch {
    return [];
  }
  return names.filter((n) => /^python3/.test(n)).sort().reverse().map((n) => path.join(lib, n, 'site-packages'));
}

export interface FindOptions {
  /** A user setting: a checkout, a site-packages folder, or a virtualenv. */
  configured?: string;
  hermesHome: string;
  userHome: string;
  /** PATH entries to look for the `hermes` executable in. */
  pathDirs: string[];
}

/** Looks in the usual places, most specific first; the first tree holding agent/prompt_builder.py wins. */
export function findHermesInstallation(fs: FileSystem, opts: FindOptions): HermesInstallation | undefined {
  const candidates: [string, string][] = [];
  if (opts.configured) {
    candidates.push([opts.configured, 'configured']);
    for (const sp of sitePackages(fs, opts.configured)) candidates.push([sp, 'configured']);
  }
  candidates.push([path.join(opts.hermesHome, 'hermes-agent'), 'hermes-home']);
  for (const dir of opts.pathDirs) {
    const exe = path.join(dir, 'hermes');
    if (fs.stat(exe)?.kind !== 'file') continue;
    const real = fs.realpath(exe);
    // <venv>/bin/hermes → the venv's site-packages; <checkout>/venv/bin/hermes → the checkout itself.
    const venv = path.dirname(path.dirname(real));
    for (const sp of sitePackages(fs, venv)) candidates.push([sp, 'path']);
    candidates.push([path.dirname(venv), 'path']);
  }
  for (const sp of sitePackages(fs, path.join(opts.userHome, '.local', 'pipx', 'venvs', 'hermes-agent'))) candidates.push([sp, 'pipx']);
  for (const sp of sitePackages(fs, path.join(opts.userHome, '.local', 'share', 'uv', 'tools', 'hermes-agent'))) candidates.push([sp, 'uv']);
  for (const [root, via] of candidates) {
    if (isInstallation(fs, root)) return { root, via, version: readVersion(fs, root) };
  }
  return undefined;
}

function readTextFile(fs: FileSystem, file: string): string | undefined {
  const r = readText(fs, file);
  return r.ok && r.validUtf8 ? r.text : undefined;
}

/** pyproject.toml's version, a dist-info's Version, or the checkout's commit. */
function readVersion(fs: FileSystem, root: string): string | undefined {
  const pyproject = readTextFile(fs, path.join(root, 'pyproject.toml'));
  const v = pyproject && /^version\s*=\s*["']([^"']+)["']/m.exec(pyproject);
  if (v) return v[1];
  try {
    const info = fs.readDirectory(root).find((n) => /^hermes[_-]agent-.*\.dist-info$/i.test(n));
    const meta = info && readTextFile(fs, path.join(root, info, 'METADATA'));
    const m = meta && /^Version:\s*(\S+)/m.exec(meta);
    if (m) return m[1];
  } catch {
    // Not a listable directory: no version.
  }
  const head = readTextFile(fs, path.join(root, '.git', 'HEAD'))?.trim();
  if (!head) return undefined;
  if (!head.startsWith('ref: ')) return head.slice(0, 12);
  const ref = head.slice(5);
  const loose = readTextFile(fs, path.join(root, '.git', ref))?.trim();
  const packed = readTextFile(fs, path.join(root, '.git', 'packed-refs'))?.split('\n').find((l) => l.endsWith(' ' + ref))?.split(' ')[0];
  const commit = loose || packed;
  return commit ? `${ref.replace(/^refs\/heads\//, '')}@${commit.slice(0, 12)}` : undefined;
}

/** One threat pattern read from the installation, translated to JavaScript. */
export interface InstalledPattern {
  id: string;
  scope: Scope;
  source: string;
  flags: string;
}

export interface InstalledHermes {
  installation: HermesInstallation;
  texts: HermesTexts;
  provenance: Provenance;
  /** HermesTexts fields that fell back to the built-in text, with the reason. */
  fallbacks: Record<string, string>;
  /** The installation's threat table, or undefined (with a reason) when any pattern could not be translated exactly. */
  patterns?: InstalledPattern[];
  patternsNotice?: string;
  /** The installation's table is exactly the one the built-in port implements. */
  patternsIdentical?: boolean;
}

function str(value: PyValue | undefined): string | undefined {
  return value?.kind === 'str' ? value.value : undefined;
}

/** Reads Hermes' prompt texts and threat table from source, without running Python. */
export function readInstalledHermes(fs: FileSystem, installation: HermesInstallation): InstalledHermes {
  const fallbacks: Record<string, string> = {};
  const parse = (rel: string) => {
    const text = readTextFile(fs, path.join(installation.root, rel));
    return text === undefined ? undefined : parsePythonConstants(text);
  };
  const builder = parse(MARKER);
  const take = (field: keyof HermesTexts, file: ReturnType<typeof parse>, name: string): string | undefined => {
    if (!file) {
      fallbacks[field] = `${name}: its file is missing or unreadable`;
      return undefined;
    }
    const value = getString(file.values, name);
    if (value === undefined) {
      const refused = file.refused.get(name);
      fallbacks[field] = refused ? `${name} is computed (line ${refused.line}: ${refused.reason})` : `${name} is not defined`;
    }
    return value;
  };
  const texts: HermesTexts = { ...BUILTIN_TEXTS, platformHints: { ...BUILTIN_TEXTS.platformHints } };
  texts.defaultIdentity = take('defaultIdentity', builder, 'DEFAULT_AGENT_IDENTITY') ?? texts.defaultIdentity;
  texts.memoryGuidance = take('memoryGuidance', builder, 'MEMORY_GUIDANCE') ?? texts.memoryGuidance;
  texts.sessionSearchGuidance = take('sessionSearchGuidance', builder, 'SESSION_SEARCH_GUIDANCE') ?? texts.sessionSearchGuidance;
  texts.toolUseEnforcement = take('toolUseEnforcement', builder, 'TOOL_USE_ENFORCEMENT_GUIDANCE') ?? texts.toolUseEnforcement;
  texts.hermesHelp = take('hermesHelp', builder, 'HERMES_AGENT_HELP_GUIDANCE_NO_SKILLS');
  texts.hermesHelpWithSkill = take('hermesHelpWithSkill', builder, 'HERMES_AGENT_HELP_GUIDANCE');
  texts.defaultSoul = take('defaultSoul', parse(path.join('hermes_cli', 'default_soul.py')), 'DEFAULT_SOUL_MD');
  texts.taskCompletion = take('taskCompletion', builder, 'TASK_COMPLETION_GUIDANCE');
  texts.parallelToolCalls = take('parallelToolCalls', builder, 'PARALLEL_TOOL_CALL_GUIDANCE');
  texts.skillsGuidance = take('skillsGuidance', builder, 'SKILLS_GUIDANCE');
  texts.steerNote = take('steerNote', builder, 'STEER_CHANNEL_NOTE');
  texts.googleModelGuidance = take('googleModelGuidance', builder, 'GOOGLE_MODEL_OPERATIONAL_GUIDANCE');
  texts.asyncHandoff = take('asyncHandoff', builder, 'ASYNC_HANDOFF_GUIDANCE');
  const hints = builder?.values.get('PLATFORM_HINTS');
  if (hints?.kind === 'dict') {
    const table: Record<string, string> = {};
    for (const [k, v] of hints.entries) {
      const s = str(v);
      if (typeof k === 'string' && s !== undefined) table[k] = s;
    }
    texts.platformHints = table;
  } else {
    fallbacks.platformHints = builder?.refused.get('PLATFORM_HINTS') ? `PLATFORM_HINTS is computed (line ${builder.refused.get('PLATFORM_HINTS')!.line})` : 'PLATFORM_HINTS is not defined';
  }
  const where = `Hermes${installation.version ? ` ${installation.version}` : ''} at ${installation.root}`;
  const provenance: Provenance = { origin: 'installation', approximate: false, detail: `Read from ${where}` };
  const threat = readThreatTable(parse(path.join('tools', 'threat_patterns.py')));
  return { installation, texts, provenance, fallbacks, ...threat };
}

/** `_PATTERNS` of tools/threat_patterns.py; all or nothing, since a partial table would misreport what Hermes blocks. */
function readThreatTable(file: ReturnType<typeof parsePythonConstants> | undefined): { patterns?: InstalledPattern[]; patternsNotice?: string; patternsIdentical?: boolean } {
  if (!file) return { patternsNotice: 'tools/threat_patterns.py is missing; using the built-in pattern table.' };
  const table = file.values.get('_PATTERNS');
  if (!table || (table.kind !== 'list' && table.kind !== 'tuple')) {
    const r = file.refused.get('_PATTERNS');
    return { patternsNotice: `_PATTERNS could not be read${r ? ` (line ${r.line}: ${r.reason})` : ''}; using the built-in pattern table.` };
  }
  const rows: [string, Scope, string][] = [];
  for (const row of table.items) {
    const [regex, id, scope] = row.kind === 'tuple' || row.kind === 'list' ? row.items.map(str) : [];
    if (regex === undefined || id === undefined || (scope !== 'all' && scope !== 'context' && scope !== 'strict')) {
      return { patternsNotice: 'a _PATTERNS row is not a (regex, id, scope) tuple of strings; using the built-in pattern table.' };
    }
    rows.push([id, scope, regex]);
  }
  // The common case: the user's Hermes has the very table the built-in port implements (with its linear-time matchers).
  if (rows.length === PINNED_PYTHON_PATTERNS.length && rows.every((r, i) => r.every((v, j) => v === PINNED_PYTHON_PATTERNS[i][j]))) {
    return { patternsIdentical: true };
  }
  const patterns: InstalledPattern[] = [];
  for (const [id, scope, regex] of rows) {
    const t = translatePythonRegex(regex, { ignoreCase: true });
    if (!t.ok) return { patternsNotice: `pattern ${id} cannot be translated exactly (${t.reason}); using the built-in pattern table.` };
    patterns.push({ id, scope, source: t.source, flags: t.flags });
  }
  return { patterns };
}

export interface ResolvedTexts {
  texts: HermesTexts;
  provenance: Provenance;
  fallbacks: Record<string, string>;
  installed?: InstalledHermes;
  /** The threat table to scan with, and a notice when the installation's table could not be used. */
  table: PatternTable;
  tableNotice?: string;
}

/** Hermes' texts from the user's installation when one is found, else the built-in approximations. */
export function resolveHermesTexts(fs: FileSystem, opts: FindOptions & { disabled?: boolean }): ResolvedTexts {
  const installation = opts.disabled ? undefined : findHermesInstallation(fs, opts);
  if (!installation) return { texts: BUILTIN_TEXTS, provenance: BUILTIN_APPROXIMATION, fallbacks: {}, table: BUILTIN_TABLE };
  const installed = readInstalledHermes(fs, installation);
  const where = `Hermes${installation.version ? ` ${installation.version}` : ''} at ${installation.root}`;
  const table = installed.patternsIdentical
    ? { ...BUILTIN_TABLE, origin: `${BUILTIN_TABLE.origin}, identical to the table of ${where}` }
    : installed.patterns ? compileTable(installed.patterns, `the threat table of ${where}`) : BUILTIN_TABLE;
  return { texts: installed.texts, provenance: installed.provenance, fallbacks: installed.fallbacks, installed, table, tableNotice: installed.patternsNotice };
}
