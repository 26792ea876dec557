import assert from 'node:assert/strict';
import { test } from 'node:test';
import { interpretConfig, loadConfig } from '../../src/core/config';
import { MemoryFileSystem } from '../../src/core/memoryFs';
import { buildSkillsIndex, type SkillsOptions } from '../../src/core/skills';
import { pyyamlSafeLoad } from '../../src/core/yaml/safeLoad';
import { aliasBomb } from '../helpers/aliasBomb';

// Issue 9 "Skills index" items 1–12 and issue 8 item 2. Expected lines follow spec §6 and Hermes'
// agent/skill_utils.py + prompt_builder.py (_parse_skill_file, _build_snapshot_entry, _label_visible_entries,
// _render_skills_index); YAML values are what PyYAML's SafeLoader (YAML 1.1) gives, printed with str().

const opts: SkillsOptions = { skillsDirs: ['/h/skills'], tools: ['skill_view', 'web_search', 'terminal'], toolsets: [], disabled: [], hostPlatform: 'linux', environments: [] };

/** The lines between <available_skills> and </available_skills>. */
function listed(files: MemoryFileSystem | Record<string, string>, o: Partial<SkillsOptions> = {}): string {
  const fs = files instanceof MemoryFileSystem ? files : new MemoryFileSystem(files);
  const text = buildSkillsIndex(fs, { ...opts, ...o }).text;
  const m = /<available_skills>\n([\s\S]*)\n<\/available_skills>/.exec(text);
  return m ? m[1] : '';
}

const fm = (body: string) => `---\n${body}---\n# body\n`;

test('item 1: YAML 1.1 scalars render as Python str() of what PyYAML loads', () => {
  const out = listed({
    '/h/skills/c/bool/SKILL.md': fm('description: yes\n'),
    '/h/skills/c/octal/SKILL.md': fm('name: 010\ndescription: 0o17\n'),
    '/h/skills/c/sexa/SKILL.md': fm('name: 1:20\ndescription: 1e3\n'),
    '/h/skills/c/float/SKILL.md': fm('name: 1.0\ndescription: -.inf\n'),
    '/h/skills/c/under/SKILL.md': fm('description: 1_000\n'),
    '/h/skills/c/DESCRIPTION.md': fm('description: No\n'),
    '/h/skills/d/x/SKILL.md': fm('description: On\n'),
    '/h/skills/d/DESCRIPTION.md': fm('description: 1:20\n'),
  });
  assert.equal(out, [
    '  c:',
    '    - 1.0: -inf',
    '    - 8: 0o17',
    '    - 80: 1e3',
    '    - bool: True',
    '    - under: 1000',
    '  d: 80',
    '    - x: True',
  ].join('\n'));
});

test('item 2: a date description prints as 2026-01-02, a timestamp as Python prints a datetime', () => {
  assert.equal(listed({
    '/h/skills/c/date/SKILL.md': fm('description: 2026-01-02\n'),
    '/h/skills/c/stamp/SKILL.md': fm('description: 2026-01-02 10:20:30.5Z\n'),
    '/h/skills/c/naive/SKILL.md': fm('description: 2026-01-02T10:20:30\n'),
  }), '  c:\n    - date: 2026-01-02\n    - naive: 2026-01-02 10:20:30\n    - stamp: 2026-01-02 10:20:30.500000+00:00');
});

test('item 3: duplicate keys keep the last value, so nested rules still apply', () => {
  const body = 'name: first\nname: second\ndescription: d\nmetadata:\n  hermes:\n    requires_tools: [browser]\n';
  const fs = new MemoryFileSystem({ '/h/skills/c/dup/SKILL.md': fm(body), '/h/skills/c/ok/SKILL.md': fm('name: first\ndescription: one\ndescription: two\n') });
  const idx = buildSkillsIndex(fs, opts);
  assert.equal(listed(fs), '  c:\n    - first: two');
  assert.equal(idx.sources.find((s) => s.label === 'c/dup/SKILL.md')!.message, 'not listed: requires the browser tool');
});

test('item 4: the fallback for invalid YAML also reads indented key: value lines', () => {
  const fs = new MemoryFileSystem({ '/h/skills/c/fb/SKILL.md': fm('name: fb\nmetadata: [unclosed\n  description: from an indented line\n') });
  assert.equal(listed(fs), '  c:\n    - fb: from an indented line');
  assert.match(buildSkillsIndex(fs, opts).sources[0].message!, /^frontmatter is not valid YAML for PyYAML \(.*\); Hermes falls back to simple key: value lines$/);
});

test('item 5: a tool rule written as one string is read character by character', () => {
  const rules = (k: string, v: string) => fm(`description: ${k}\nmetadata:\n  hermes:\n    ${k}: ${v}\n`);
  const fs = new MemoryFileSystem({
    '/h/skills/c/req/SKILL.md': rules('requires_tools', 'terminal'),
    '/h/skills/c/fallback/SKILL.md': rules('fallback_for_tools', 'web_search'),
    '/h/skills/c/fallback-list/SKILL.md': rules('fallback_for_tools', '[web_search]'),
  });
  assert.equal(listed(fs), '  c:\n    - fallback: fallback_for_tools');
  const msg = buildSkillsIndex(fs, opts).sources.find((s) => s.label === 'c/req/SKILL.md')!.message;
  assert.equal(msg, 'not listed: requires the t tool (the rule is one string, which Hermes reads character by character)');
  // A one-letter tool set makes the same string rule pass, as it does in Hermes.
  assert.match(listed(fs, { tools: ['t', 'e', 'r', 'm', 'i', 'n', 'a', 'l'] }), /- req: requires_tools/);
  // An empty rule is None, which Python cannot iterate: Hermes' whole build fails; the preview says so and ignores it.
  const none = buildSkillsIndex(new MemoryFileSystem({ '/h/skills/c/none/SKILL.md': rules('requires_tools', '') }), opts);
  assert.equal(listed(new MemoryFileSystem({ '/h/skills/c/none/SKILL.md': rules('requires_tools', '') })), '  c:\n    - none: requires_tools');
  assert.deepEqual(none.notes, ["/h/skills/c/none/SKILL.md: metadata.hermes.requires_tools is None, which Python cannot iterate: Hermes' skills index build fails with a TypeError; the preview ignores the rule"]);
});

test('item 6: falsy platforms (0, false, {}) mean every OS; a lone string is one platform', () => {
  assert.equal(listed({
    '/h/skills/c/zero/SKILL.md': fm('platforms: 0\n'),
    '/h/skills/c/false/SKILL.md': fm('platforms: false\n'),
    '/h/skills/c/empty/SKILL.md': fm('platforms: {}\n'),
    '/h/skills/c/mac/SKILL.md': fm('platforms: macos\n'),
    '/h/skills/c/lin/SKILL.md': fm('platforms: " Linux "\n'),
  }), '  c:\n    - empty\n    - false\n    - lin\n    - zero');
  // A truthy non-list other than a string crashes Hermes' build (it iterates it); the preview says so.
  const one = buildSkillsIndex(new MemoryFileSystem({ '/h/skills/c/one/SKILL.md': fm('platforms: 1\n') }), opts).sources[0];
  assert.equal(one.message, "not listed: not for this operating system (platforms) (platforms is 1: Hermes' skills index build fails with a TypeError when it copies this value into its snapshot)");
});

test('item 7: skills.disabled accepts one string, a JSON or Python list in a string, and padded names', () => {
  const disabled = (v: string) => interpretConfig((pyyamlSafeLoad(`skills:\n  disabled: ${v}\n`) as { value: unknown }).value, '/u').disabledSkills;
  assert.deepEqual(disabled('solo'), ['solo']);
  assert.deepEqual(disabled(`'["a", " b ", ""]'`), ['a', 'b']);
  assert.deepEqual(disabled(`"[' c ', 1, True]"`), ['c', '1', 'True']);
  assert.deepEqual(disabled('"[not python"'), ['[not python']);
  assert.deepEqual(disabled('[" d ", e]'), ['d', 'e']);
  assert.deepEqual(disabled('{a: 1}'), []);
  const home = new MemoryFileSystem({
    '/h/config.yaml': 'skills:\n  disabled: "  off  "\n  platform_disabled:\n    telegram: \'["tg"]\'\n',
  });
  const cfg = loadConfig(home, '/h', '/u', {}).config;
  assert.deepEqual([cfg.disabledSkills, cfg.platformDisabledSkills], [['off'], { telegram: ['tg'] }]);
  assert.equal(listed({ '/h/skills/c/off/SKILL.md': fm('description: d\n'), '/h/skills/c/on/SKILL.md': fm('description: d\n') }, { disabled: cfg.disabledSkills }), '  c:\n    - on: d');
});

test('item 8: CR-only line endings and a double BOM still parse', () => {
  assert.equal(listed({
    '/h/skills/c/cr/SKILL.md': '---\rname: cr-only\rdescription: old Mac endings\r---\rbody\r',
    '/h/skills/c/bom/SKILL.md': '\ufeff\ufeff---\nname: two-boms\ndescription: saved twice\n---\n',
    '/h/skills/c/bom3/SKILL.md': '\ufeff\ufeff\ufeff---\nname: three-boms\ndescription: not parsed\n---\n',
  }), '  c:\n    - bom3\n    - cr-only: old Mac endings\n    - two-boms: saved twice');
});

test('item 9: the _org mirror is listed only for the org named in .active_org, labelled, with collisions flagged', () => {
  const files = {
    '/h/skills/mine/shared/SKILL.md': fm('description: my copy\n'),
    '/h/skills/mine/solo/SKILL.md': fm('description: only mine\n'),
    '/h/skills/_org/acme/tools/shared/SKILL.md': fm('description: org copy\n'),
    '/h/skills/_org/acme/tools/lint/SKILL.md': fm('description: org lint\n'),
    '/h/skills/_org/acme/.org-provenance.json': '{"author_device": "", "author_user_id": "u-7"}',
    '/h/skills/_org/old/x/stale/SKILL.md': fm('description: a previous org\n'),
  };
  assert.equal(listed(files), '  mine:\n    - shared: my copy\n    - solo: only mine');
  assert.equal(listed({ ...files, '/h/skills/_org/.active_org': '  acme\n' }), [
    '  mine:',
    '    - shared: [name collision — also exists in your org; load via category path] my copy',
    '    - solo: only mine',
    '  org:acme:',
    '    - lint: [org-shared: by u-7] org lint',
    '    - shared: [name collision — also exists personally; load via category path] [org-shared: by u-7] org copy',
  ].join('\n'));
});

test('item 10: a symlinked category is listed twice; a broken SKILL.md symlink is listed by its directory name', () => {
  const fs = new MemoryFileSystem({ '/h/skills/real/tool/SKILL.md': fm('description: d\n'), '/h/skills/real/tool/references/x.md': 'r' });
  fs.symlink('/h/skills/alias', '/h/skills/real');
  fs.symlink('/h/skills/gone/broken/SKILL.md', '/nowhere/SKILL.md');
  // A broken SKILL.md still marks a skill dir, so its support folders stay pruned.
  fs.writeFile('/h/skills/gone/broken/references/old/SKILL.md', fm('description: archived\n'));
  const idx = buildSkillsIndex(fs, opts);
  assert.equal(listed(fs), '  alias:\n    - tool: d\n  gone:\n    - broken\n  real:\n    - tool: d');
  assert.match(idx.sources.find((s) => s.label === 'gone/broken/SKILL.md')!.message!, /: Hermes lists it by its directory name only$/);
  // Loops stay bounded: the path stops where a directory is its own ancestor.
  fs.symlink('/h/skills/real/tool/again', '/h/skills/real');
  const looped = buildSkillsIndex(fs, opts);
  assert.equal(looped.notes.filter((n) => n === '/h/skills/real/tool/again: skipped, a symlink loop leads back to /h/skills/real').length, 1);
});

test('item 11: external_dirs relative to HERMES_HOME, with ${HERMES_HOME}, $VAR and ~ are honoured', () => {
  const fs = new MemoryFileSystem({
    '/h/config.yaml': 'skills:\n  external_dirs: ["shared", "${HERMES_HOME}/more", " $TEAM/skills ", "~/mine", "", "${UNSET}/x"]\n',
  });
  assert.deepEqual(loadConfig(fs, '/h', '/u', { TEAM: '/team' }).config.externalSkillDirs, ['/h/shared', '/h/more', '/team/skills', '/u/mine', '/h/${UNSET}/x']);
  assert.deepEqual(loadConfig(new MemoryFileSystem({ '/h/config.yaml': 'skills:\n  external_dirs: ext\n' }), '/h', '/u', {}).config.externalSkillDirs, ['/h/ext']);
  // A dir that resolves to the local skills dir, or repeats one, is not walked twice.
  const tree = new MemoryFileSystem({ '/h/skills/a/one/SKILL.md': fm('description: local\n'), '/h/shared/b/two/SKILL.md': fm('description: external\n') });
  tree.symlink('/h/link', '/h/skills');
  assert.equal(listed(tree, { skillsDirs: ['/h/skills', '/h/shared', '/h/link', '/h/shared', '/h/missing'] }), '  a:\n    - one: local\n  b:\n    - two: external');
});

test('item 12: environment-gated skills say what Hermes does in its first and later builds', () => {
  const fs = new MemoryFileSystem({ '/h/skills/ops/box/SKILL.md': fm('description: d\nenvironments: [docker, s6]\n'), '/h/skills/ops/any/SKILL.md': fm('description: d\nenvironments: [docker, mars]\n') });
  const idx = buildSkillsIndex(fs, opts);
  assert.equal(listed(fs), '  ops:\n    - any: d');
  assert.equal(idx.sources.find((s) => s.label === 'ops/box/SKILL.md')!.message,
    'not listed: gated on environments [docker, s6], which the preview cannot detect for the machine Hermes runs on. ' +
    'Hermes hides it in its first build of the skills index; later builds come from its snapshot (.skills_prompt_snapshot.json), ' +
    'which re-checks only platforms and required apps, so Hermes lists it from then on');
});

test('issue 8 item 2: an alias bomb in SKILL.md or DESCRIPTION.md is refused at once, with Hermes\' fallback', () => {
  const fs = new MemoryFileSystem({
    '/h/skills/c/bomb/SKILL.md': `---\n${aliasBomb('name')}description: never shown\n---\n`,
    '/h/skills/c/DESCRIPTION.md': `---\n${aliasBomb('description')}---\n`,
    '/h/skills/c/fine/SKILL.md': fm('description: fine\n'),
  });
  const idx = buildSkillsIndex(fs, opts);
  assert.equal(listed(fs), '  c:\n    - bomb\n    - fine: fine');
  assert.match(idx.sources.find((s) => s.label === 'c/bomb/SKILL.md')!.message!,
    /^frontmatter refused: its aliases expand to more than [\d,]+ values \(a YAML alias bomb\)\. Hermes would spend minutes and gigabytes printing it; the preview lists the skill by its directory name, as Hermes does for a SKILL.md it cannot parse$/);
});

test('issue 8 item 2: an alias bomb in config.yaml is a warning and Hermes\' defaults', () => {
  const fs = new MemoryFileSystem({ '/h/config.yaml': aliasBomb('other') + 'agent:\n  tool_use_enforcement: *x16\n' });
  const load = loadConfig(fs, '/h', '/u', {});
  assert.equal(load.loaded, false);
  assert.match(load.error!, /^config\.yaml is refused \(its aliases expand to more than [\d,]+ values \(a YAML alias bomb\)\); using defaults$/);
  assert.equal(load.config.toolUseEnforcement, undefined);
});

test('config.yaml values follow YAML 1.1 too: "no" turns memory off, 0o17 is not a number', () => {
  const cfg = loadConfig(new MemoryFileSystem({ '/h/config.yaml': 'memory:\n  memory_enabled: no\n  memory_char_limit: 0x10\ncontext_file_max_chars: 1_000\n' }), '/h', '/u', {}).config;
  assert.deepEqual([cfg.memoryEnabled, cfg.memoryCharLimit, cfg.contextFileMaxChars], [false, 16, 1000]);
});
