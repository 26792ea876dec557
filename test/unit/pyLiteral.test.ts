import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { getString, parsePythonConstants, type PyValue } from '../../src/core/hermesSource/pyLiteral';
import { translatePythonRegex } from '../../src/core/hermesSource/pyRegex';

// Fixtures are valid Python; every expected value below is what CPython 3.11 computes when importing them.
const FIXTURES = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'python');
const parseFixture = (name: string) => parsePythonConstants(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));

/** A PyValue as plain JSON-like data, for deepEqual. */
function plain(v: PyValue | undefined): unknown {
  if (!v) return undefined;
  switch (v.kind) {
    case 'str': case 'int': case 'float': case 'bool': return v.value;
    case 'none': return null;
    case 'bytes': return { bytes: [...v.value] };
    case 'list': return v.items.map(plain);
    case 'tuple': return { tuple: v.items.map(plain) };
    case 'dict': return Object.fromEntries([...v.entries].map(([k, x]) => [k, plain(x)]));
    case 'set': return { [v.frozen ? 'frozenset' : 'set']: v.items.map(plain) };
    case 'regex': return { pattern: v.pattern, flags: v.flags };
  }
}

function refusedAt(result: ReturnType<typeof parsePythonConstants>, name: string): { line: number; reason: string } {
  const r = result.refused.get(name);
  assert.ok(r, `${name} should be refused`);
  assert.ok(!result.values.has(name), `${name} is refused, so it has no value`);
  return r;
}

describe('prompt_builder_like.py', () => {
  const r = parseFixture('prompt_builder_like.py');

  test('adjacent literals in parentheses, with comments and blank lines between', () => {
    assert.equal(
      getString(r.values, 'DEFAULT_IDENTITY'),
      'You are a test agent. Be direct: match the length of your reply to the weight of the ask \u2014 no filler ("Great question"), and say what\'s left.',
    );
  });

  test('f-strings whose fields name earlier constants are resolved', () => {
    assert.equal(getString(r.values, 'SKILLS_GUIDANCE'), 'Record workflows with the skill tool.\n\n## Skill Rule\nReload a pruned skill before acting on it.');
  });

  test('a dict of platform hints, in source order, with f-string values', () => {
    assert.deepEqual(plain(r.values.get('PLATFORM_HINTS')), {
      whatsapp: 'You are on WhatsApp. No tables \u2014 use bullets. You can send files natively: write MEDIA:/absolute/path in your response. Images send as photos.',
      cli: 'You are in a plain terminal (CLI). Jobs from this session are LOCAL-ONLY.',
      wecom: 'You are on WeCom (\u4f01\u4e1a\u5fae\u4fe1). Files \u226420 MB.',
      matrix: 'Use \u2014 and \u2026 freely.',
    });
    const hints = r.values.get('PLATFORM_HINTS');
    assert.ok(hints?.kind === 'dict');
    assert.deepEqual([...hints.entries.keys()], ['whatsapp', 'cli', 'wecom', 'matrix']);
  });

  test('tuples, frozensets, annotated dicts and numbers', () => {
    assert.deepEqual(plain(r.values.get('TOOL_MODELS')), { tuple: ['gpt', 'codex', 'gemini'] });
    assert.deepEqual(plain(r.values.get('DEVELOPER_ROLE_MODELS')), { tuple: ['gpt-5'] });
    assert.deepEqual(plain(r.values.get('_REMOTE_BACKENDS')), { frozenset: ['docker', 'modal', 'ssh'] });
    assert.deepEqual(plain(r.values.get('_FALLBACK_DESCRIPTIONS')), { docker: 'a Docker container (Linux)', ssh: 'a remote host reached over SSH' });
    assert.deepEqual(r.values.get('CONTEXT_FILE_MAX_CHARS'), { kind: 'int', value: 20000 });
    assert.deepEqual(r.values.get('CONTEXT_TRUNCATE_HEAD_RATIO'), { kind: 'float', value: 0.7 });
    assert.deepEqual(r.values.get('_READ_TIMEOUT_SECS'), { kind: 'float', value: 5 });
    assert.deepEqual(r.values.get('_HEX_MASK'), { kind: 'int', value: 0xffff });
  });

  test('+ and * over strings', () => {
    assert.equal(getString(r.values, 'SEPARATOR'), '============');
    assert.equal(getString(r.values, 'FULL_NOTE'), '## Skill Rule \u2014 Jobs from this session are LOCAL-ONLY.');
  });

  test('raw triple-quoted strings keep backslashes and newlines', () => {
    assert.equal(getString(r.values, 'RAW_BLOCK'), 'C:\\Users\\<user>\\\nno escapes \\n here');
  });

  test('every Python escape; astral characters become surrogate pairs', () => {
    const s = getString(r.values, 'ESCAPES');
    assert.equal(s, 'tab\there' + 'AA' + '\u00e9' + '\u{1F600}' + '\\ \' " \x07\b\f\v\r\0 end');
    assert.equal(s?.includes('\ud83d\ude00'), true);
  });

  test('re.compile is recorded as pattern and flags', () => {
    assert.deepEqual(plain(r.values.get('_DIRECTIVE')), { pattern: String.raw`^\s*(?:skip|allow)\s*:`, flags: { ignoreCase: true, multiline: true } });
  });

  test('computed constants are refused with their line numbers', () => {
    assert.equal(refusedAt(r, 'logger').line, 11);
    assert.deepEqual(refusedAt(r, 'MEMORY_GUIDANCE'), { line: 88, reason: 'call to build_memory_guidance()' });
    assert.deepEqual(refusedAt(r, 'CWD_NOTE'), { line: 90, reason: 'f-string field {os.getcwd()} is computed' });
    assert.deepEqual(refusedAt(r, '_BACKEND_IMAGE_KEYS'), { line: 103, reason: 'comprehension' });
  });

  test('assignments inside def and class bodies are ignored', () => {
    assert.ok(getString(r.values, 'DEFAULT_IDENTITY')?.startsWith('You are a test agent.'));
    assert.equal(getString(r.values, 'SEPARATOR'), '============');
    assert.equal(r.values.get('PLATFORM_HINTS')?.kind, 'dict');
    for (const local of ['inner', 'path']) assert.ok(!r.values.has(local) && !r.refused.has(local));
  });

  test('a later assignment wins, as at import time', () => {
    assert.equal(getString(r.values, 'LATE_DEFAULT'), 'second');
  });
});

describe('threat_patterns_like.py', () => {
  const r = parseFixture('threat_patterns_like.py');

  test('rf-strings splice earlier constants, and {{ }} are literal braces', () => {
    const rows = plain(r.values.get('_PATTERNS')) as Array<{ tuple: string[] }>;
    assert.deepEqual(rows.map((row) => row.tuple), [
      [String.raw`ignore\s+(?:\w+\s+){0,8}(previous|all)\s+(?:\w+\s+){0,8}instructions`, 'prompt_injection', 'all'],
      [String.raw`act\s+as\s+(if|though)\s+(don\'t|do\s+not)\s+stop`, 'bypass', 'all'],
      [String.raw`translate\s+[^\n]{0,64}\s+into\s+\w+(?:[\s-]+\w+){0,2}\s+and\s+(execute|run)\b`, 'translate_execute', 'all'],
      [String.raw`\bname\s+yourself\s+\w+`, 'identity_override', 'context'],
      [String.raw`curl\s+[^\n]{0,2048}\$\{?\w*(?:KEY|TOKEN)S?\b`, 'exfil_curl', 'all'],
      [String.raw`\$HOME/\.ssh|\~/\.ssh`, 'ssh_access', 'strict'],
      [String.raw`(?:api[_-]?key|secret)\s*[=:]\s*["\'][A-Za-z0-9+/=_-]{20,}`, 'hardcoded_secret', 'strict'],
    ]);
  });

  test('every pattern translates exactly', () => {
    const rows = r.values.get('_PATTERNS');
    assert.ok(rows?.kind === 'list');
    for (const row of rows.items) {
      assert.ok(row.kind === 'tuple' && row.items[0].kind === 'str');
      const t = translatePythonRegex(row.items[0].value, { ignoreCase: true });
      assert.ok(t.ok, t.ok ? '' : t.reason);
    }
  });

  test('frozenset of a string is its set of characters', () => {
    assert.deepEqual(plain(r.values.get('INVISIBLE_CHARS')), { frozenset: ['\u200b', '\u200c', '\u200d', '\u2060', '\u202a', '\u202e', '\u2066', '\u2069'] });
  });

  test('dict of tuples; the call at the end is refused', () => {
    assert.deepEqual(plain(r.values.get('_SCOPE_SETS')), { all: { tuple: ['all', 'context', 'strict'] }, context: { tuple: ['context', 'strict'] }, strict: { tuple: ['strict'] } });
    assert.deepEqual(refusedAt(r, '_COMPILED'), { line: 42, reason: 'call to _compile()' });
    assert.deepEqual(r.values.get('MAX_SCAN_CHARS'), { kind: 'int', value: 65536 });
  });
});

describe('statements.py', () => {
  const r = parseFixture('statements.py');

  test('semicolons, chained and unpacking assignments, annotations', () => {
    for (const [name, value] of [['A', 'a'], ['B', 'b'], ['C', 'same'], ['D', 'same'], ['E', 'e'], ['F', 'f'], ['H', 'annotated']]) {
      assert.equal(getString(r.values, name), value, name);
    }
    assert.ok(!r.values.has('G') && !r.refused.has('G'), 'a bare annotation binds nothing');
  });

  test('module-level if/try blocks make their assignments unknown', () => {
    assert.match(refusedAt(r, 'HAS_YAML').reason, /conditionally/);
    assert.deepEqual(refusedAt(r, 'INLINE'), { line: 18, reason: 'assigned conditionally at line 18' });
  });

  test('later statements that change a constant refuse it', () => {
    assert.equal(getString(r.values, 'PLAIN'), 'plain');
    assert.deepEqual(refusedAt(r, 'APPENDED'), { line: 22, reason: 'possibly modified in place at line 22' });
    assert.equal(refusedAt(r, 'TABLE').line, 24);
    assert.equal(refusedAt(r, 'COUNTER').line, 26);
    assert.equal(refusedAt(r, 'GONE').line, 28);
    assert.equal(refusedAt(r, 'WALRUS').line, 29);
  });

  test('re.compile through aliases, with flag expressions', () => {
    assert.deepEqual(plain(r.values.get('PATTERN_A')), { pattern: 'a+b', flags: { ignoreCase: true, dotAll: true } });
    assert.deepEqual(plain(r.values.get('PATTERN_B')), { pattern: 'x.y', flags: { ignoreCase: true } });
    assert.match(refusedAt(r, 'PATTERN_BYTES').reason, /bytes pattern/);
    assert.match(refusedAt(r, 'PATTERN_ESCAPED').reason, /re\.escape/);
  });

  test('computed expressions are refused with a reason', () => {
    const expected: Record<string, [number, RegExp]> = {
      CONDITIONAL: [38, /conditional/], COMPREHENSION: [39, /comprehension/], LAMBDA: [40, /lambda/],
      METHOD: [41, /\.join/], PERCENT: [42, /%-formatting/], FORMAT_SPEC: [43, /\{A:>5\}/], CONVERSION: [44, /\{A!r\}/],
      NESTED_QUOTES: [45, /TABLE\['k'\]/], BIG: [48, /too large/], INDEXED: [52, /conditional/], UNKNOWN: [61, /unknown name log_module/],
      DEPENDS: [62, /depends on COMPREHENSION, which is computed \(line 39\)/],
    };
    for (const [name, [line, reason]] of Object.entries(expected)) {
      const got = refusedAt(r, name);
      assert.equal(got.line, line, name);
      assert.match(got.reason, reason, name);
    }
  });

  test('literal values', () => {
    assert.equal(getString(r.values, 'BRACES'), '{literal} a');
    assert.deepEqual(plain(r.values.get('BYTES')), { bytes: [0, 255, 0x5c, 0x64] });
    assert.deepEqual(r.values.get('NEGATIVE'), { kind: 'int', value: -5 });
    assert.deepEqual(r.values.get('SUM'), { kind: 'int', value: 14 });
    assert.deepEqual(plain(r.values.get('REPEAT_LIST')), ['-', '-', '-']);
    assert.equal(getString(r.values, 'LIST_INDEX'), 'y');
    assert.deepEqual(r.values.get('DICT_INDEX'), { kind: 'int', value: 1 });
    assert.deepEqual(plain(r.values.get('INT_KEYS')), { 1: 'uno', 2: 'two' });
    assert.deepEqual(plain(r.values.get('EMPTY')), {});
    assert.deepEqual(plain(r.values.get('EMPTY_SET')), { frozenset: [] });
    assert.deepEqual(plain(r.values.get('SET_OF_CHARS')), { frozenset: ['a', 'b', 'c'] });
    assert.deepEqual(r.values.get('NONE_VALUE'), { kind: 'none' });
    assert.deepEqual(r.values.get('TRUE_VALUE'), { kind: 'bool', value: true });
    assert.equal(getString(r.values, 'MULTI'), 'line one\nline two joined');
  });

  test('getString is undefined for non-strings and unknown names', () => {
    assert.equal(getString(r.values, 'SUM'), undefined);
    assert.equal(getString(r.values, 'NOPE'), undefined);
  });
});

describe('tokenizer robustness', () => {
  const one = (src: string, name = 'X') => {
    const r = parsePythonConstants(src);
    return { value: r.values.get(name), refused: r.refused.get(name), r };
  };

  test('"=" inside strings, calls and function bodies does not look like an assignment', () => {
    const r = parsePythonConstants([
      'def f(a="x = 1", *, b={"k": "v"}):',
      '    Y = "inner"',
      '    return f"{a}={b[\'k\']}"',
      'call(X="kw")',
      'S = "a = b"',
    ].join('\n'));
    assert.deepEqual([...r.values.keys()], ['S']);
    assert.equal(getString(r.values, 'S'), 'a = b');
  });

  test('3.12-style f-strings with the same quotes inside fields, in a function', () => {
    const r = parsePythonConstants('def f(d):\n    return f"{d["k"]} {f"{d["j"]}"}"\nX = "after"\n');
    assert.equal(getString(r.values, 'X'), 'after');
  });

  test('an unterminated string refuses only its statement', () => {
    const r = parsePythonConstants('X = "no end\nY = "fine"\n');
    assert.match(r.refused.get('X')?.reason ?? '', /unterminated/);
    assert.equal(getString(r.values, 'Y'), 'fine');
  });

  test('an unclosed bracket swallows the rest of the file without throwing', () => {
    const r = parsePythonConstants('A = "ok"\nX = (\n  "a"\nY = "b"\n');
    assert.equal(getString(r.values, 'A'), 'ok');
    assert.ok(r.refused.has('X'));
  });

  test('CRLF line endings, a BOM, tabs and backslash continuation', () => {
    const r = parsePythonConstants('\ufeffX = "a" \\\r\n    "b"\r\nif True:\r\n\tZ = 1\r\nY = """l1\r\nl2"""\r\n');
    assert.equal(getString(r.values, 'X'), 'ab');
    assert.equal(getString(r.values, 'Y'), 'l1\nl2');
    assert.ok(r.refused.has('Z'));
  });

  test('mixing bytes and str literals is refused, as Python does', () => {
    assert.match(one('X = "a" b"b"').refused?.reason ?? '', /mix bytes/);
  });

  test('t-strings (3.14) are refused', () => {
    assert.match(one('X = t"{A}"').refused?.reason ?? '', /t-string/);
  });

  test('\\N{...} beyond the built-in table is refused, never guessed', () => {
    assert.match(one('X = "\\N{SNOWMAN}"').refused?.reason ?? '', /character-name table/);
    assert.equal(getString(one('X = "\\N{em dash}\\N{LATIN SMALL LETTER A}\\N{ZWJ}"').r.values, 'X'), '\u2014a\u200d');
  });

  test('an escaped lone surrogate is refused (a JS string would pair it up)', () => {
    assert.match(one('X = "\\ud83d\\ude00"').refused?.reason ?? '', /surrogate/);
  });

  test('shadowed builtins and re are not trusted', () => {
    const r = parsePythonConstants('frozenset = list\nX = frozenset("ab")\nre = None\nY = re.compile("a")\n');
    assert.ok(r.refused.has('X'));
    assert.ok(r.refused.has('Y'));
  });

  test('soft keywords, decorators and match statements', () => {
    const r = parsePythonConstants('match = "m"\n@decorator\nclass C:\n    X = 1\nmatch match:\n    case "m":\n        Y = 2\nZ = match\nT = "t"\ntype T = int\n');
    assert.equal(getString(r.values, 'Z'), 'm');
    assert.ok(!r.values.has('X'));
    assert.ok(r.refused.has('Y'));
    assert.match(r.refused.get('T')?.reason ?? '', /type statement/);
  });

  test('very deep nesting is refused, not a crash', () => {
    const r = parsePythonConstants(`X = ${'('.repeat(2000)}1${')'.repeat(2000)}\nY = ${'-'.repeat(5000)}1\nZ = "ok"\n`);
    assert.ok(r.refused.has('X'));
    assert.ok(r.refused.has('Y'));
    assert.equal(getString(r.values, 'Z'), 'ok');
  });

  test('random token soup never throws', () => {
    const pieces = ['X', '=', '"', "'", '"""', 'f"{', '}', '{', '(', ')', '[', ']', '\\', '\n', '    ', '#', 'rb', 'def', ':', ',', '1_0', '.5', '\\N{', 'u"\\x', ';', '@', '$', '\t', 'if', 'lambda', '\r\n'];
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 300; n++) {
      const src = Array.from({ length: 1 + Math.floor(rand() * 60) }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
      assert.doesNotThrow(() => parsePythonConstants(src), JSON.stringify(src));
    }
  });
});
