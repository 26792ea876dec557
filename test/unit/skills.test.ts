import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSkillFrontmatter } from '../../src/core/frontmatter';
import { MemoryFileSystem } from '../../src/core/memoryFs';
import { buildSkillsIndex, skillDescription, skillsPreamble } from '../../src/core/skills';

const skill = (name: string, desc?: string, extra = '') => `---\nname: ${name}\n${desc === undefined ? '' : `description: ${desc}\n`}${extra}---\n# ${name}\n`;
const opts = { skillsDirs: ['/h/skills'], tools: ['skill_view', 'web_search'], toolsets: [], disabled: [], hostPlatform: 'linux', environments: [] };

test('categories: root → general, <root>/<name>/SKILL.md → the name itself, deeper → all but the last two parts', () => {
  const m = new MemoryFileSystem({
    '/h/skills/SKILL.md': skill('rootskill', 'At the root'),
    '/h/skills/solo/SKILL.md': skill('solo', 'Quirk'),
    '/h/skills/social-media/twitter/post/SKILL.md': skill('tweet', 'Post a tweet'),
    '/h/skills/research/arxiv/SKILL.md': skill('arxiv', 'Search and summarize arXiv papers'),
    '/h/skills/research/DESCRIPTION.md': '---\ndescription: "Reading papers"\n---\n',
    '/h/skills/research/arxiv/references/ignored/SKILL.md': skill('ignored', 'pruned support dir'),
    '/h/skills/node_modules/x/SKILL.md': skill('nm', 'excluded'),
  });
  const idx = buildSkillsIndex(m, opts);
  const list = idx.text.slice(idx.text.indexOf('<available_skills>'));
  assert.equal(list, '<available_skills>\n  general:\n    - rootskill: At the root\n  research: Reading papers\n    - arxiv: Search and summarize arXiv papers\n  social-media/twitter:\n    - tweet: Post a tweet\n  solo:\n    - solo: Quirk\n</available_skills>\n\nOnly proceed without loading a skill if genuinely none are relevant to the task.');
  assert.ok(idx.text.startsWith(skillsPreamble('web_search or terminal') + '\n\n<available_skills>\n'));
});

test('descriptions: quotes removed, cut to 57 + "..." past 60 code points; no description → bare name', () => {
  assert.equal(skillDescription({ description: "'quoted'" }), 'quoted');
  assert.equal(skillDescription({ description: 'a'.repeat(60) }), 'a'.repeat(60));
  assert.equal(skillDescription({ description: 'a'.repeat(61) }), 'a'.repeat(57) + '...');
  const m = new MemoryFileSystem({ '/h/skills/tools/plain/SKILL.md': skill('plain') });
  assert.match(buildSkillsIndex(m, opts).text, /\n {2}tools:\n {4}- plain\n/);
});

test('filters: disabled names, other OS, requires_tools; the preamble drops web_search without it', () => {
  const m = new MemoryFileSystem({
    '/h/skills/a/keep/SKILL.md': skill('keep', 'kept'),
    '/h/skills/a/off/SKILL.md': skill('off', 'disabled'),
    '/h/skills/a/mac/SKILL.md': skill('mac', 'macOS only', 'platforms: [macos]\n'),
    '/h/skills/a/needs/SKILL.md': skill('needs', 'needs a tool', 'metadata:\n  hermes:\n    requires_tools: [browser]\n'),
  });
  const idx = buildSkillsIndex(m, { ...opts, tools: ['skill_view'], disabled: ['off'] });
  assert.match(idx.text, /basic tools like terminal\./);
  assert.equal(idx.text.match(/ {4}- /g)!.length, 1);
  assert.deepEqual(idx.sources.filter((s) => s.status === 'shadowed').map((s) => s.label).sort(), ['a/mac/SKILL.md', 'a/needs/SKILL.md', 'a/off/SKILL.md']);
});

test('external dirs lose name collisions; nothing to list gives ""', () => {
  const m = new MemoryFileSystem({ '/h/skills/x/dup/SKILL.md': skill('dup', 'local'), '/ext/y/dup/SKILL.md': skill('dup', 'external') });
  const idx = buildSkillsIndex(m, { ...opts, skillsDirs: ['/h/skills', '/ext'] });
  assert.match(idx.text, /- dup: local/);
  assert.doesNotMatch(idx.text, /external/);
  assert.equal(buildSkillsIndex(new MemoryFileSystem({}), opts).text, '');
});

test('frontmatter: invalid YAML falls back to key: value lines; symlink loops in the tree end', () => {
  assert.deepEqual(parseSkillFrontmatter('---\nname: x\ndescription: a: b: [\n---\n').data, { name: 'x', description: 'a: b: [' });
  const m = new MemoryFileSystem({ '/h/skills/c/s/SKILL.md': skill('s', 'ok') });
  m.symlink('/h/skills/c/s/again', '/h/skills/c');
  const idx = buildSkillsIndex(m, opts);
  assert.match(idx.text, /- s: ok/);
  assert.ok(idx.notes.some((n) => n.includes('symlink loop')));
});
