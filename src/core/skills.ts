import * as path from 'node:path';
import type { DirEntry, FileSystem } from './fs';
import { parseSkillFrontmatter } from './frontmatter';
import { compareCodePoints } from './pyValue';
import type { Source } from './source';
import { readText } from './source';
import { pyStrip, universalNewlines } from './text';
import { walkTree } from './walk';
import { PyDate } from './yaml/pyTime';
import { pyStr, pyTruthy } from './yaml/pyStr';

/** Directories Hermes never walks into (agent/skill_utils.py EXCLUDED_SKILL_DIRS). */
const EXCLUDED_DIRS = new Set([
  '.git', '.github', '.hub', '.archive', '.venv', 'venv', 'node_modules', 'site-packages',
  '__pycache__', '.tox', '.nox', '.pytest_cache', '.mypy_cache', '.ruff_cache',
]);
/** Support folders pruned directly under a directory that has a SKILL.md. */
const SUPPORT_DIRS = new Set(['references', 'templates', 'assets', 'scripts']);
const PLATFORM_MAP: Record<string, string> = { macos: 'darwin', linux: 'linux', windows: 'win32' };
const KNOWN_ENVIRONMENTS = new Set(['kanban', 'docker', 's6']);
/** The org mirror `skills/_org/<org_id>/`, walked only for the org named in `_org/.active_org`. */
const ORG_DIR = '_org';
/**
 * Hermes' os.walk follows symlinks with no loop check (the OS stops it with ELOOP after 40 links). We walk a
 * symlinked directory again wherever it appears, but stop a path at the first directory that is its own
 * ancestor, past this depth, or once this many directories have been listed.
 */
const MAX_WALK_DEPTH = 256;
const MAX_WALK_DIRS = 50_000;
const DESC_LIMIT = 60;

export interface SkillsOptions {
  /** The local skills dir first, then `skills.external_dirs` in config order. */
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

type Frontmatter = Record<string, unknown>;

/** What Hermes' `_build_snapshot_entry` keeps of one SKILL.md. */
interface Entry {
  skillName: string;
  category: string;
  /** `str(frontmatter.get("name", skill_name))`. */
  frontmatterName: string;
  description: string;
  orgId?: string;
  orgAuthor?: string;
}

/**
 * `iter_skill_index_files`: every `fileName` under a skills root, sorted by path in code-point order. Hermes'
 * `os.walk(followlinks=True)` enters a symlinked directory wherever it appears (a category reached by two paths
 * is listed twice) and lists a dangling link among the files; the shared walk does the same, bounded.
 */
export function findSkillFiles(fs: FileSystem, root: string, fileName: string, notes: string[]): string[] {
  const activeOrg = readActiveOrg(fs, root, notes);
  const top = path.resolve(root);
  const orgRoot = path.join(top, ORG_DIR);
  // os.walk's split: a symlink to a directory is a directory, anything else (a dangling link too) a file.
  const isFile = (dir: string, e: DirEntry) => e.kind !== 'directory' && !(e.kind === 'symlink' && fs.stat(path.join(dir, e.name))?.kind === 'directory');
  const holdsSkill = new WeakMap<readonly DirEntry[], boolean>();
  const hasSkill = (dir: string, entries: readonly DirEntry[]): boolean => {
    let known = holdsSkill.get(entries);
    if (known === undefined) {
      const entry = entries.find((e) => e.name === 'SKILL.md');
      known = !!entry && isFile(dir, entry);
      holdsSkill.set(entries, known);
    }
    return known;
  };
  const walked = walkTree(fs, top, {
    symlinks: 'follow',
    maxDepth: MAX_WALK_DEPTH,
    // Skills come from third parties: a link to / must not turn a build into a walk of the whole disk.
    maxDirectories: MAX_WALK_DIRS,
    compare: compareCodePoints,
    dangling: true,
    enter: (dir, name, siblings) => {
      if (EXCLUDED_DIRS.has(name) || (SUPPORT_DIRS.has(name) && hasSkill(dir, siblings))) return false;
      if (dir === top && name === ORG_DIR) return activeOrg !== undefined;
      return dir !== orgRoot || name === activeOrg;
    },
    want: (_file, name) => name === fileName,
  });
  for (const p of walked.problems) {
    switch (p.kind) {
      case 'unlistable': notes.push(p.message); break;
      case 'loop': notes.push(`${p.path}: skipped, a symlink loop leads back to ${p.target}`); break;
      case 'too-deep': notes.push(`${p.path}: skipped, the skills walk stops at ${p.maxDepth} levels`); break;
      case 'budget': notes.push(`${p.path}: skipped, the skills walk stops after ${p.maxDirectories} directories`); break;
      case 'outside-root': break;
    }
  }
  return walked.files.filter((f) => f.kind === 'file' || f.kind === 'dangling').map((f) => f.path).sort(compareCodePoints);
}

/** `read_active_org_id`: the stripped text of `_org/.active_org` (read as plain UTF-8), or undefined. */
function readActiveOrg(fs: FileSystem, root: string, notes: string[]): string | undefined {
  const marker = path.join(root, ORG_DIR, '.active_org');
  const read = readText(fs, marker);
  if (!read.ok) return undefined;
  if (!read.validUtf8) {
    notes.push(`${marker}: not valid UTF-8; Hermes fails on it, the preview loads no org skills`);
    return undefined;
  }
  return pyStrip((read.hadBom ? '\ufeff' : '') + read.text) || undefined;
}

/** The text Hermes parses: `read_text(encoding="utf-8-sig")`, universal newlines. Undefined when that raises. */
function hermesSkillText(fs: FileSystem, file: string): { text?: string; problem?: string } {
  const read = readText(fs, file);
  if (!read.ok) return { problem: read.message };
  if (!read.validUtf8) return { problem: 'is not valid UTF-8' };
  return { text: universalNewlines(read.text) };
}

/** `_normalize_skill_description`: str(), stripped, outer quotes removed. */
function normalizedDescription(raw: unknown): string {
  return pyTruthy(raw) ? pyStrip(pyStr(raw)).replace(/^['"]+|['"]+$/g, '') : '';
}

/** `extract_skill_description`: cut to 57 code points + "..." past 60. */
export function skillDescription(frontmatter: Frontmatter): string {
  const desc = normalizedDescription(frontmatter.description);
  const cps = [...desc];
  return cps.length > DESC_LIMIT ? cps.slice(0, DESC_LIMIT - 3).join('') + '...' : desc;
}

const has = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);
const isDict = (v: unknown): v is Frontmatter =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof PyDate);

/** `skill_matches_platform_list`: a falsy value means every OS; a lone value is a one-item list. */
function matchesPlatform(platforms: unknown, hostPlatform: string): boolean {
  if (!pyTruthy(platforms)) return true;
  const list = Array.isArray(platforms) ? platforms : [platforms];
  return list.some((p) => {
    const normalized = pyStrip(pyStr(p).toLowerCase());
    return hostPlatform.startsWith(PLATFORM_MAP[normalized] ?? normalized);
  });
}

/** `skill_matches_environment`: the known tags it asks for (none when all are blank), or undefined when it matches. */
function environmentGate(environments: unknown, active: string[]): string[] | undefined {
  if (!pyTruthy(environments)) return undefined;
  const wanted: string[] = [];
  for (const e of Array.isArray(environments) ? environments : [environments]) {
    const normalized = pyStrip(pyStr(e).toLowerCase());
    if (!normalized) continue;
    if (!KNOWN_ENVIRONMENTS.has(normalized) || active.includes(normalized)) return undefined;
    wanted.push(normalized);
  }
  return wanted;
}

/**
 * Python's `for x in value` over a condition list: a string yields its characters, a mapping its keys.
 * Undefined when Python raises TypeError (None, numbers, booleans, dates).
 */
function pyIterate(value: unknown): unknown[] | undefined {
  if (typeof value === 'string') return [...value];
  if (Array.isArray(value)) return value;
  if (value instanceof Uint8Array) return [...value].map(BigInt);
  if (isDict(value)) return Object.keys(value);
  return undefined;
}

const CONDITION_KEYS = ['fallback_for_toolsets', 'fallback_for_tools', 'requires_toolsets', 'requires_tools'] as const;
type ConditionKey = (typeof CONDITION_KEYS)[number];

/** `extract_skill_conditions`: `metadata.hermes.<key>` as written, [] when absent. */
function conditions(frontmatter: Frontmatter): Record<ConditionKey, unknown> {
  const metadata = isDict(frontmatter.metadata) ? frontmatter.metadata : {};
  const hermes = pyTruthy(metadata.hermes) && isDict(metadata.hermes) ? metadata.hermes : {};
  const out = {} as Record<ConditionKey, unknown>;
  for (const k of CONDITION_KEYS) out[k] = has(hermes, k) ? hermes[k] : [];
  return out;
}

/** `_skill_should_show`: why the tool rules hide the skill, or undefined when they do not. */
function hiddenByConditions(c: Record<ConditionKey, unknown>, tools: string[], toolsets: string[], warn: (m: string) => void): string | undefined {
  const items = (k: ConditionKey): unknown[] => {
    const list = pyIterate(c[k]);
    if (list) return list;
    warn(`metadata.hermes.${k} is ${pyStr(c[k], 80)}, which Python cannot iterate: Hermes' skills index build fails with a TypeError; the preview ignores the rule`);
    return [];
  };
  // Only strings can equal a tool name; a one-string rule is compared character by character, as Hermes does.
  const inSet = (x: unknown, set: string[]) => typeof x === 'string' && set.includes(x);
  const fallbackSet = items('fallback_for_toolsets').find((t) => inSet(t, toolsets));
  if (fallbackSet !== undefined) return `a fallback for the ${pyStr(fallbackSet)} toolset, which is available`;
  const fallbackTool = items('fallback_for_tools').find((t) => inSet(t, tools));
  if (fallbackTool !== undefined) return `a fallback for the ${pyStr(fallbackTool)} tool, which is available`;
  const missingSet = items('requires_toolsets').find((t) => !inSet(t, toolsets));
  if (missingSet !== undefined) return `requires the ${pyStr(missingSet)} toolset${oneString(c.requires_toolsets)}`;
  const missingTool = items('requires_tools').find((t) => !inSet(t, tools));
  if (missingTool !== undefined) return `requires the ${pyStr(missingTool)} tool${oneString(c.requires_tools)}`;
  return undefined;
}

const oneString = (v: unknown): string =>
  typeof v === 'string' && v.length > 1 ? ` (the rule is one string, which Hermes reads character by character)` : '';

/** `_build_snapshot_entry`'s category: paths inside `_org/<id>/` count from there. */
function placement(root: string, file: string): { category: string; skillName: string; orgId?: string } {
  let parts = path.relative(root, file).split(path.sep);
  let orgId: string | undefined;
  if (parts.length >= 3 && parts[0] === ORG_DIR) [orgId, parts] = [parts[1], parts.slice(2)];
  const skillName = path.basename(path.dirname(file));
  const category = parts.length < 2 ? 'general' : parts.length > 2 ? parts.slice(0, -2).join('/') : parts[0];
  return { category, skillName, orgId };
}

/** The author shown as "[org-shared: by <author>]", from the mirror's provenance sidecar; "" when unknown. */
function orgAuthor(fs: FileSystem, root: string, orgId: string): string {
  const read = readText(fs, path.join(root, ORG_DIR, orgId, '.org-provenance.json'));
  if (!read.ok || !read.validUtf8) return '';
  try {
    const prov: unknown = JSON.parse(read.text);
    if (!isDict(prov)) return '';
    const str = (v: unknown) => (pyTruthy(v) ? (typeof v === 'number' && Number.isInteger(v) ? String(v) : pyStr(v)) : '');
    return str(prov.author_device) || str(prov.author_user_id);
  } catch {
    return '';
  }
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

interface Parsed {
  entry: Entry;
  frontmatter: Frontmatter;
  /** Why `_parse_skill_file` calls it incompatible (platforms, environments), if it does. */
  incompatible?: string;
}

/** `_parse_skill_file` + `_build_snapshot_entry` for one SKILL.md. Errors give an empty frontmatter, as in Hermes. */
function parseSkill(fs: FileSystem, root: string, file: string, source: Source, opts: SkillsOptions): Parsed {
  const { category, skillName, orgId } = placement(root, file);
  const read = hermesSkillText(fs, file);
  let fm: Frontmatter = {};
  if (read.text === undefined) {
    source.message = `${read.problem}: Hermes lists it by its directory name only`;
  } else {
    const parsed = parseSkillFrontmatter(read.text);
    if (parsed.refused) source.message = `frontmatter refused: ${parsed.refused}. Hermes would spend minutes and gigabytes printing it; the preview lists the skill by its directory name, as Hermes does for a SKILL.md it cannot parse`;
    else if (parsed.yamlError) source.message = `frontmatter is not valid YAML for PyYAML (${parsed.yamlError}); Hermes falls back to simple key: value lines`;
    fm = parsed.data;
  }
  const entry: Entry = {
    skillName, category, orgId,
    frontmatterName: has(fm, 'name') ? pyStr(fm.name) : skillName,
    description: skillDescription(fm),
    orgAuthor: orgId === undefined ? undefined : orgAuthor(fs, root, orgId),
  };
  if (pyTruthy(fm.platforms) && typeof fm.platforms !== 'string' && !pyIterate(fm.platforms)) {
    source.message = `platforms is ${pyStr(fm.platforms, 80)}: Hermes' skills index build fails with a TypeError when it copies this value into its snapshot`;
  }
  let incompatible: string | undefined;
  const gate = environmentGate(fm.environments, opts.environments);
  if (!matchesPlatform(fm.platforms, opts.hostPlatform)) incompatible = 'not for this operating system (platforms)';
  else if (gate) {
    incompatible =
      `gated on environments [${gate.join(', ')}], which the preview cannot detect for the machine Hermes runs on. ` +
      'Hermes hides it in its first build of the skills index; later builds come from its snapshot ' +
      '(.skills_prompt_snapshot.json), which re-checks only platforms and required apps, so Hermes lists it from then on';
  }
  return { entry, frontmatter: fm, incompatible };
}

/** `build_skills_system_prompt` over the local skills dir, the org mirror and external dirs (spec §6). */
export function buildSkillsIndex(fs: FileSystem, opts: SkillsOptions, preamble: (basicTools: string) => string = skillsPreamble): SkillsIndex {
  const notes: string[] = [];
  const sources: Source[] = [];
  const byCategory = new Map<string, [name: string, desc: string][]>();
  const categoryDescriptions = new Map<string, string>();
  const claimed = new Set<string>();
  const add = (category: string, name: string, desc: string) => {
    claimed.add(name);
    const list = byCategory.get(category) ?? [];
    list.push([name, desc]);
    byCategory.set(category, list);
  };
  const hides = (fmName: string, skillName: string, fm: Frontmatter, source: Source): string | undefined =>
    opts.disabled.includes(fmName) || opts.disabled.includes(skillName)
      ? 'disabled in config.yaml (skills.disabled)'
      : hiddenByConditions(conditions(fm), opts.tools, opts.toolsets, (m) => notes.push(`${source.path}: ${m}`));
  const hide = (source: Source, reason: string) => {
    source.status = 'shadowed';
    source.message = `not listed: ${reason}` + (source.message ? ` (${source.message})` : '');
  };

  const roots = uniqueRoots(fs, opts.skillsDirs);
  roots.forEach((root, rootIndex) => {
    const local = rootIndex === 0;
    const visible: Entry[] = [];
    for (const file of findSkillFiles(fs, root, 'SKILL.md', notes)) {
      const source: Source = { path: file, label: path.relative(root, file), kind: 'skill', status: 'loaded', findings: [] };
      sources.push(source);
      const { entry, frontmatter, incompatible } = parseSkill(fs, root, file, source, opts);
      if (incompatible) {
        hide(source, incompatible);
        continue;
      }
      // Local entries fall back to the directory name for an empty name; external ones keep it as is.
      const name = local ? entry.frontmatterName || entry.skillName : entry.frontmatterName;
      if (!local && claimed.has(name)) {
        source.status = 'shadowed';
        source.message = `an earlier skill named "${name}" wins`;
        continue;
      }
      const reason = hides(name, entry.skillName, frontmatter, source);
      if (reason) {
        hide(source, reason);
        continue;
      }
      if (local) visible.push(entry);
      else add(entry.category, name, pyStrip(entry.description));
    }
    if (local) labelVisibleEntries(visible, add);
    for (const file of findSkillFiles(fs, root, 'DESCRIPTION.md', notes)) {
      const read = hermesSkillText(fs, file);
      if (read.text === undefined) continue;
      const desc = parseSkillFrontmatter(read.text).data.description;
      if (!pyTruthy(desc)) continue;
      const rel = path.relative(root, file).split(path.sep);
      const key = rel.length > 1 ? rel.slice(0, -1).join('/') : 'general';
      if (local || !categoryDescriptions.has(key)) categoryDescriptions.set(key, normalizedDescription(desc));
    }
  });

  // The SKILL.md and DESCRIPTION.md walks meet the same loops and unreadable directories.
  const uniqueNotes = [...new Set(notes)];
  if (!byCategory.size) return { text: '', sources, notes: uniqueNotes };
  const lines: string[] = [];
  for (const cat of [...byCategory.keys()].sort(compareCodePoints)) {
    const desc = categoryDescriptions.get(cat);
    lines.push(desc ? `  ${cat}: ${desc}` : `  ${cat}:`);
    const seen = new Set<string>();
    for (const [name, d] of [...byCategory.get(cat)!].sort((a, b) => compareCodePoints(a[0], b[0]))) {
      if (seen.has(name)) continue;
      seen.add(name);
      lines.push(d ? `    - ${name}: ${d}` : `    - ${name}`);
    }
  }
  const basicTools = opts.tools.includes('web_search') ? 'web_search or terminal' : 'terminal';
  const text =
    preamble(basicTools) + '\n\n<available_skills>\n' + lines.join('\n') + '\n</available_skills>\n\n' +
    'Only proceed without loading a skill if genuinely none are relevant to the task.';
  return { text, sources, notes: uniqueNotes };
}

/**
 * The local dir, then each existing external dir that does not resolve to the local dir or an earlier one
 * (`get_external_skills_dirs`).
 */
function uniqueRoots(fs: FileSystem, dirs: string[]): string[] {
  const [local, ...external] = dirs;
  const seen = new Set([fs.realpath(local)]);
  const roots = [local];
  for (const dir of external) {
    const real = fs.realpath(dir);
    if (seen.has(real) || fs.stat(dir)?.kind !== 'directory') continue;
    seen.add(real);
    roots.push(dir);
  }
  return roots;
}

/**
 * `_label_visible_entries`: org skills go under `org:<id>` with an "[org-shared]" label; a name both the
 * user and the org have is flagged on both entries.
 */
function labelVisibleEntries(entries: Entry[], add: (category: string, name: string, desc: string) => void): void {
  const entryName = (e: Entry) => e.frontmatterName || e.skillName;
  const owners = new Map<string, Set<string>>();
  for (const e of entries) owners.set(entryName(e), (owners.get(entryName(e)) ?? new Set()).add(e.orgId !== undefined ? 'org' : 'personal'));
  for (const e of entries) {
    const name = entryName(e);
    let desc = e.description;
    if (e.orgId !== undefined) desc = pyStrip(`[org-shared${e.orgAuthor ? ': by ' + e.orgAuthor : ''}] ${desc}`);
    if (owners.get(name)!.size > 1) {
      desc = pyStrip(`[name collision — also exists ${e.orgId !== undefined ? 'personally' : 'in your org'}; load via category path] ${desc}`);
    }
    add(e.orgId !== undefined ? `org:${e.orgId}` : e.category || 'general', name, desc);
  }
}
