import * as path from 'node:path';
import type { DirEntry, FileSystem } from './fs';
import { parseSkillFrontmatter } from './frontmatter';
import { compareCodePoints, pyStr, pyTruthy } from './pyValue';
import type { Source } from './source';
import { readText } from './source';
import { pyStrip } from './text';
import { walkTree } from './walk';

/** Directories Hermes never walks into (agent/skill_utils.py EXCLUDED_SKILL_DIRS). */
const EXCLUDED_DIRS = new Set([
  '.git', '.github', '.hub', '.archive', '.venv', 'venv', 'node_modules', 'site-packages',
  '__pycache__', '.tox', '.nox', '.pytest_cache', '.mypy_cache', '.ruff_cache',
]);
/** Support folders pruned directly under a directory that has a SKILL.md. */
const SUPPORT_DIRS = new Set(['references', 'templates', 'assets', 'scripts']);
const PLATFORM_MAP: Record<string, string> = { macos: 'darwin', linux: 'linux', windows: 'win32' };
const KNOWN_ENVIRONMENTS = new Set(['kanban', 'docker', 's6']);
/** Far more than any real skills tree; reached only through a link to somewhere huge. */
const MAX_SKILL_DIRECTORIES = 20_000;

export interface SkillsOptions {
  skillsDirs: string[];
  /** Tool names the session has; `web_search` changes the preamble, requires/fallback rules use them. */
  tools: string[];
  toolsets: string[];
  disabled: string[];
  /** process.platform of the machine Hermes runs on. */
  hostPlatform: string;
  /** Runtime environments that are active (kanban, docker, s6). */
  environments: string[];
}

export interface SkillsIndex {
  text: string;
  sources: Source[];
  notes: string[];
}

interface Entry {
  name: string;
  skillName: string;
  category: string;
  description: string;
}

/**
 * The files named `fileName` below a skills root, walked with symlinks followed like
 * `os.walk(followlinks=True)`, each real directory once; what could not be walked becomes a note.
 */
export function findSkillFiles(fs: FileSystem, root: string, fileName: string, notes: string[]): string[] {
  // Whether a directory holds a SKILL.md, once per listing rather than once per subdirectory.
  const holdsSkill = new WeakMap<readonly DirEntry[], boolean>();
  const hasSkill = (dir: string, entries: readonly DirEntry[]): boolean => {
    let known = holdsSkill.get(entries);
    if (known === undefined) {
      const entry = entries.find((e) => e.name === 'SKILL.md');
      known = entry?.kind === 'file' || (entry?.kind === 'symlink' && fs.stat(path.join(dir, 'SKILL.md'))?.kind === 'file');
      holdsSkill.set(entries, known);
    }
    return known;
  };
  const walked = walkTree(fs, root, {
    symlinks: 'follow',
    once: true,
    // Skills come from third parties: a link to / must not turn a build into a walk of the whole disk.
    maxDirectories: MAX_SKILL_DIRECTORIES,
    compare: compareCodePoints,
    enter: (dir, name, siblings) => !EXCLUDED_DIRS.has(name) && !(SUPPORT_DIRS.has(name) && hasSkill(dir, siblings)),
    want: (_file, name) => name === fileName,
  });
  for (const p of walked.problems) {
    switch (p.kind) {
      case 'unlistable': notes.push(p.message); break;
      case 'loop': notes.push(`${p.path}: skipped, a symlink loop leads back to ${p.target}`); break;
      case 'too-deep': notes.push(`${p.path}: skipped, deeper than ${p.maxDepth} levels`); break;
      case 'budget': notes.push(`${p.path}: skipped, the skills walk stops after ${p.maxDirectories} directories`); break;
      case 'outside-root': break;
    }
  }
  return walked.files.filter((f) => f.kind === 'file').map((f) => f.path).sort(compareCodePoints);
}

/** `extract_skill_description`: stripped, outer quotes removed, cut to 57 chars + "..." past 60. */
export function skillDescription(frontmatter: Record<string, unknown>): string {
  const raw = frontmatter.description;
  if (!pyTruthy(raw)) return '';
  let desc = pyStrip(pyStr(raw)).replace(/^['"]+|['"]+$/g, '');
  if ([...desc].length > 60) desc = [...desc].slice(0, 57).join('') + '...';
  return desc;
}

function asList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => pyStrip(pyStr(v))).filter(Boolean);
}

function matchesPlatform(frontmatter: Record<string, unknown>, hostPlatform: string): boolean {
  const platforms = asList(frontmatter.platforms);
  if (!platforms.length) return true;
  return platforms.some((p) => hostPlatform.startsWith(PLATFORM_MAP[p.toLowerCase()] ?? p.toLowerCase()));
}

function matchesEnvironment(frontmatter: Record<string, unknown>, active: string[]): boolean {
  const wanted = asList(frontmatter.environments).map((e) => e.toLowerCase());
  if (!wanted.length || wanted.some((e) => !KNOWN_ENVIRONMENTS.has(e))) return true;
  return wanted.some((e) => active.includes(e));
}

function conditions(frontmatter: Record<string, unknown>): Record<string, string[]> {
  const meta = frontmatter.metadata as Record<string, unknown> | undefined;
  const hermes = (meta && typeof meta === 'object' ? meta.hermes : undefined) as Record<string, unknown> | undefined;
  const get = (k: string) => (hermes && typeof hermes === 'object' ? asList(hermes[k]) : []);
  return {
    fallbackToolsets: get('fallback_for_toolsets'),
    fallbackTools: get('fallback_for_tools'),
    requiresToolsets: get('requires_toolsets'),
    requiresTools: get('requires_tools'),
  };
}

function hiddenByConditions(c: Record<string, string[]>, tools: string[], toolsets: string[]): string | undefined {
  if (c.fallbackToolsets.some((t) => toolsets.includes(t))) return 'a fallback whose primary toolset is available';
  if (c.fallbackTools.some((t) => tools.includes(t))) return 'a fallback whose primary tool is available';
  const missingSet = c.requiresToolsets.find((t) => !toolsets.includes(t));
  if (missingSet) return `requires the ${missingSet} toolset`;
  const missingTool = c.requiresTools.find((t) => !tools.includes(t));
  if (missingTool) return `requires the ${missingTool} tool`;
  return undefined;
}

function category(root: string, file: string): { category: string; skillName: string } {
  const parts = path.relative(root, file).split(path.sep);
  const skillName = path.basename(path.dirname(file));
  if (parts.length < 2) return { category: 'general', skillName };
  return { category: parts.length > 2 ? parts.slice(0, -2).join('/') : parts[0], skillName };
}

/** The built-in preamble: Hermes' wording is longer; the installation reader supplies the exact text. */
export function skillsPreamble(basicTools: string): string {
  return (
    '## Skills\n' +
    'Before replying, scan the skills below. If a skill matches or is even partially relevant to your task, ' +
    'you MUST load it with skill_view(name) and follow its instructions. Load the skill even if you think you ' +
    `could handle the task with basic tools like ${basicTools}.`
  );
}

/** `build_skills_system_prompt` over the local skills dir and external dirs (spec §6). */
export function buildSkillsIndex(fs: FileSystem, opts: SkillsOptions, preamble: (basicTools: string) => string = skillsPreamble): SkillsIndex {
  const notes: string[] = [];
  const sources: Source[] = [];
  const byCategory = new Map<string, Entry[]>();
  const categoryDescriptions = new Map<string, string>();
  const claimed = new Map<string, string>();

  opts.skillsDirs.forEach((root, rootIndex) => {
    for (const file of findSkillFiles(fs, root, 'SKILL.md', notes)) {
      const source: Source = { path: file, label: path.relative(root, file), kind: 'skill', status: 'loaded', findings: [] };
      sources.push(source);
      const read = readText(fs, file);
      if (!read.ok || !read.validUtf8) {
        // Hermes logs the parse failure and still lists the skill by its directory name.
        source.message = read.ok ? 'not valid UTF-8: listed by directory name only' : `${read.message}: listed by directory name only`;
      }
      const parsed = read.ok && read.validUtf8 ? parseSkillFrontmatter(read.text) : { data: {} };
      if ('yamlError' in parsed && parsed.yamlError) source.message = `frontmatter is not valid YAML (${parsed.yamlError}); Hermes falls back to simple key: value lines`;
      const fm = parsed.data;
      const { category: cat, skillName } = category(root, file);
      const name = 'name' in fm ? pyStr(fm.name) : skillName;
      const hideReason =
        !matchesPlatform(fm, opts.hostPlatform) ? 'not for this operating system (platforms)' :
        !matchesEnvironment(fm, opts.environments) ? 'not for this runtime environment (environments)' :
        opts.disabled.includes(name) || opts.disabled.includes(skillName) ? 'disabled in config.yaml (skills.disabled)' :
        hiddenByConditions(conditions(fm), opts.tools, opts.toolsets);
      if (hideReason) {
        source.status = 'shadowed';
        source.message = `not listed: ${hideReason}`;
        continue;
      }
      const owner = claimed.get(name);
      if (owner !== undefined && rootIndex > 0) {
        source.status = 'shadowed';
        source.shadowedBy = owner;
        source.message = `an earlier skill named "${name}" wins`;
        continue;
      }
      if (owner === undefined) claimed.set(name, file);
      const list = byCategory.get(cat) ?? [];
      list.push({ name, skillName, category: cat, description: skillDescription(fm) });
      byCategory.set(cat, list);
    }
    for (const file of findSkillFiles(fs, root, 'DESCRIPTION.md', notes)) {
      const read = readText(fs, file);
      if (!read.ok || !read.validUtf8) continue;
      const desc = parseSkillFrontmatter(read.text).data.description;
      if (!pyTruthy(desc)) continue;
      const rel = path.relative(root, file).split(path.sep);
      const key = rel.length > 1 ? rel.slice(0, -1).join('/') : 'general';
      if (!categoryDescriptions.has(key)) categoryDescriptions.set(key, pyStrip(pyStr(desc)).replace(/^['"]+|['"]+$/g, ''));
    }
  });

  if (!byCategory.size) return { text: '', sources, notes };
  const lines: string[] = [];
  for (const cat of [...byCategory.keys()].sort(compareCodePoints)) {
    const desc = categoryDescriptions.get(cat);
    lines.push(desc ? `  ${cat}: ${desc}` : `  ${cat}:`);
    const seen = new Set<string>();
    for (const e of [...byCategory.get(cat)!].sort((a, b) => compareCodePoints(a.name, b.name))) {
      if (seen.has(e.name)) continue;
      seen.add(e.name);
      lines.push(e.description ? `    - ${e.name}: ${e.description}` : `    - ${e.name}`);
    }
  }
  const basicTools = opts.tools.includes('web_search') ? 'web_search or terminal' : 'terminal';
  const text =
    preamble(basicTools) + '\n\n<available_skills>\n' + lines.join('\n') + '\n</available_skills>\n\n' +
    'Only proceed without loading a skill if genuinely none are relevant to the task.';
  return { text, sources, notes };
}
