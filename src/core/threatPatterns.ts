/**
 * Hermes' threat-pattern table (`tools/threat_patterns.py` @00fd54f0, spec §4), ported to JavaScript regexes.
 *
 * Porting rules (spec §4.5), checked code point by code point against CPython 3.11's `re`:
 * - Python's Unicode `\w` is exactly `[\p{L}\p{N}_]` (str.isalnum() plus `_`; marks are not included).
 * - Python's `\s` is the `str.isspace()` set, not JS `\s` (which adds U+FEFF and lacks U+001C–U+001F, U+0085).
 * - Every `\b` in the table sits next to a literal word character, so a one-sided lookaround on the `\w`
 *   class is an exact translation.
 * - `\'` and `\~` are identity escapes in Python; the `u` flag rejects them.
 * - IGNORECASE: JS `iu` (simple case folding) agrees with Python except for three characters; see
 *   `foldForMatching`.
 */

import { codeUnits, LiteralAutomaton } from './detection/anchors';
import { isPyWhitespace } from './text';

export type Scope = 'all' | 'context' | 'strict';

/** Hermes scans only this many code points of a text. */
export const MAX_SCAN_CHARS = 65_536;

/** The 17 invisible or bidirectional code points Hermes blocks (§4.3), in Hermes' order. */
export const INVISIBLE_CHARS: readonly number[] = [
  0x200b, 0x200c, 0x200d, 0x2060, 0x2062, 0x2063, 0x2064, 0xfeff,
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];

export interface ThreatPattern {
  /** Hermes' pattern id. */
  id: string;
  /** The narrowest scope that includes the pattern; scopes are cumulative (all ⊂ context ⊂ strict). */
  scope: Scope;
  /** JavaScript regex source (flags `iu`), equivalent to Hermes' pattern on `foldForMatching(text.normalize('NFKC'))`. */
  source: string;
  /** Short rule title. */
  title: string;
  /** What the pattern catches, as a noun phrase for messages ("text telling the model to …"). */
  description: string;
}

const WORD = '[\\p{L}\\p{N}_]';
const SPACE_SET = '\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const S = `[${SPACE_SET}]`;
const B_BEFORE = `(?<!${WORD})`;
const B_AFTER = `(?!${WORD})`;
/** B_BEFORE, written after the match's first character. */
const B_BEFORE_1 = `(?<!${WORD}[\\s\\S])`;
/** Python `\w+` / `\w*`. */
const W = `${WORD}+`;
/** `_FILLER`: at most 8 words. `\w` and `\s` are disjoint, so each word ends where its spaces begin: no blow-up. */
const F = `(?:${W}${S}+){0,8}`;
const SECRET_VAR = `\\$\\{?${WORD}*(?:KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL)S?${B_AFTER}`;
const MODIFY = `(update|modify|edit|write|change|append|add${S}+to)${S}+`;

/**
 * How a pattern is matched. Most are plain regexes; the ones with a long bounded gap get a linear-time
 * driver (see `WindowMatcher`), because a regex engine re-scans the whole gap from every candidate start.
 * - `gap`: `head` + at most `max` characters other than `stop` + `tail`. `head` ends where its match is
 *   longest, and `tail` cannot start with whitespace, so a shorter `head` never enables a match.
 * - `spaced`: `head` + `\s+[^\n]{0,max}\s+` + `tail`.
 * - `comment`: `html_comment_injection`.
 */
type Shape =
  | { kind: 'gap'; head: string; stop: '\n' | '>'; max: number; tail: string }
  | { kind: 'spaced'; head: string; max: number; tail: string }
  | { kind: 'comment' };

const NOT_SPACE = `[^${SPACE_SET}]`;

function sourceOf(shape: Shape): string {
  switch (shape.kind) {
    case 'gap':
      return `${shape.head}[^${shape.stop === '\n' ? '\\n' : '>'}]{0,${shape.max}}${shape.tail}`;
    case 'spaced':
      // Python's `\s+[^\n]{0,N}\s+` is cubic on a run of spaces (three quantifiers can share it). Equivalent
      // and unambiguous: the first run is maximal, the middle starts and ends with a non-space and has no
      // newline and at most N characters; or there is no middle and both runs are one run of 2+ spaces.
      // The alternatives are tried in the order Python's backtracking reaches them, so spans agree too.
      return `${shape.head}(?:${S}+${NOT_SPACE}(?:[^\\n]{0,${shape.max - 2}}${NOT_SPACE})?${S}+|${S}{2,})${shape.tail}`;
    case 'comment':
      return `<!--[^>]{0,512}${COMMENT_KEYWORD}[^>]{0,512}-->`;
  }
}

const COMMENT_KEYWORD = '(?<![A-Za-z])(?:ignore|override|system|secret|hidden)(?![A-Za-z])';

interface Definition {
  pattern: ThreatPattern;
  shape?: Shape;
  needs: Needs;
}

/**
 * Lower-case literals every match of a pattern holds: one of each group. A text that lacks every literal of a
 * group has no match, and the pattern need not run on it (see neededLiteralsIn).
 */
export type Needs = readonly (readonly string[])[];

function p(id: string, scope: Scope, match: string | Shape, title: string, description: string, needs: Needs): Definition {
  const source = typeof match === 'string' ? match : sourceOf(match);
  return { pattern: { id, scope, source, title, description }, shape: typeof match === 'string' ? undefined : match, needs };
}

const DEFINITIONS: readonly Definition[] = [
  p('prompt_injection', 'all', `ignore${S}+${F}(previous|all|above|prior)${S}+${F}instructions`,
    'Ignore previous instructions', 'text telling the model to ignore its instructions',
    [['instructions'], ['ignore']]),
  p('sys_prompt_override', 'all', `system${S}+prompt${S}+override`,
    'System prompt override', 'text announcing a "system prompt override"',
    [['override'], ['prompt']]),
  p('disregard_rules', 'all', `disregard${S}+${F}(your|all|any)${S}+${F}(instructions|rules|guidelines)`,
    'Disregard your rules', 'text telling the model to disregard its instructions, rules or guidelines',
    [['disregard']]),
  p('bypass_restrictions', 'all',
    `act${S}+as${S}+(if|though)${S}+${F}you${S}+${F}(have${S}+no|don't${S}+have)${S}+${F}(restrictions|limits|rules)`,
    'Act as if unrestricted', 'text telling the model to act as if it had no restrictions, limits or rules',
    [['restrictions', 'limits', 'rules'], ['have']]),
  p('html_comment_injection', 'all',
    { kind: 'comment' },
    'Directive in an HTML comment', 'an HTML comment, invisible when rendered, that contains ignore, override, system, secret or hidden',
    [['<!--'], ['ignore', 'override', 'system', 'secret', 'hidden']]),
  p('hidden_div', 'all',
    { kind: 'gap', head: `<${S}*div${S}+style${S}*=${S}*["']`, stop: '>', max: 2048, tail: `display${S}*:${S}*none` },
    'Hidden <div>', 'a <div> styled display:none, which hides its text from human readers',
    [['display'], ['style']]),
  p('translate_execute', 'all',
    { kind: 'spaced', head: 'translate', max: 512, tail: `into${S}+${W}(?:[${SPACE_SET}-]+${W}){0,2}${S}+and${S}+(execute|run|eval)${B_AFTER}` },
    'Translate and execute', 'text asking to translate something and then execute, run or eval it',
    [['translate']]),
  p('deception_hide', 'all', `do${S}+not${S}+${F}tell${S}+${F}the${S}+user`,
    'Hide things from the user', 'text telling the model to keep something from the user',
    [['tell'], ['user']]),
  p('role_hijack', 'context', `you${S}+are${S}+${F}now${S}+(?:a|an|the)${S}+`,
    'Role hijack', 'text giving the model a new role, like "you are now a …"',
    [['now'], ['you']]),
  p('role_pretend', 'context', `pretend${S}+${F}(you${S}+are|to${S}+be)${S}+`,
    'Pretend to be', 'text telling the model to pretend to be someone else',
    [['pretend']]),
  p('leak_system_prompt', 'context', `output${S}+${F}(system|initial)${S}+prompt`,
    'Leak the system prompt', 'text asking the model to output its system or initial prompt',
    [['prompt'], ['output']]),
  p('remove_filters', 'context',
    `(respond|answer|reply)${S}+without${S}+${F}(restrictions|limitations|filters|safety)`,
    'Respond without restrictions', 'text asking for replies without restrictions, limitations, filters or safety',
    [['without'], ['restrictions', 'limitations', 'filters', 'safety']]),
  p('fake_update', 'context', `you${S}+have${S}+been${S}+${F}(updated|upgraded|patched)${S}+to`,
    'Fake update notice', 'text claiming the model has been updated, upgraded or patched',
    [['updated', 'upgraded', 'patched'], ['been']]),
  p('identity_override', 'context', `${B_BEFORE}name${S}+yourself${S}+${W}`,
    'Identity override', 'text telling the model to give itself a new name, like "name yourself …"',
    [['yourself']]),
  p('c2_node_registration', 'context', `register${S}+(as${S}+)?a?${S}*node`,
    'C2: register as a node', 'command-and-control wording: registering as a node',
    [['register']]),
  p('c2_heartbeat', 'context', `(heartbeat|beacon|check[${SPACE_SET}\\-]?in)${S}+(to|with)${S}+`,
    'C2: heartbeat or beacon', 'command-and-control wording: a heartbeat, beacon or check-in to or with a server',
    [['heartbeat', 'beacon', 'check']]),
  p('c2_task_pull', 'context', `pull${S}+(down${S}+)?(?:new${S}+)?task(?:ing|s)?${B_AFTER}`,
    'C2: pull tasks', 'command-and-control wording: pulling down new tasks',
    [['pull'], ['task']]),
  p('c2_network_connect', 'context', `connect${S}+to${S}+the${S}+network${B_AFTER}`,
    'C2: connect to the network', 'command-and-control wording: "connect to the network"',
    [['network']]),
  p('forced_action', 'context', `you${S}+must${S}+(?:${W}${S}+){0,3}(register|connect|report|beacon)${B_AFTER}`,
    'Forced C2 action', 'text saying the agent must register, connect, report or beacon',
    [['must'], ['register', 'connect', 'report', 'beacon']]),
  p('anti_forensic_oneliner', 'context', `only${S}+use${S}+one[${SPACE_SET}\\-]?liners?${B_AFTER}`,
    'Anti-forensics: one-liners only', 'text telling the agent to only use one-liners, so no scripts are left behind',
    [['liner']]),
  p('anti_forensic_disk', 'context',
    `never${S}+${F}(?:create|write)${S}+${F}(?:script|file)${S}+${F}disk`,
    'Anti-forensics: never write to disk', 'text telling the agent never to write a script or file to disk',
    [['disk'], ['never']]),
  p('env_var_unset_agent', 'context', `unset${S}+${WORD}*(?:CLAUDE|CODEX|HERMES|AGENT|OPENAI|ANTHROPIC)${WORD}*`,
    'Unset agent variables', 'an unset command for an agent runtime variable, one whose name contains CLAUDE, CODEX, HERMES, AGENT, OPENAI or ANTHROPIC',
    [['unset']]),
  p('known_c2_framework', 'context',
    // The boundary sits after each first letter, so V8 can skip ahead to candidate letters instead of testing
    // a lookbehind at every position (3× faster, same matches).
    `(?:c${B_BEFORE_1}obalt${S}*strike|s${B_BEFORE_1}liver|h${B_BEFORE_1}avoc|m${B_BEFORE_1}(?:ythic|etasploit)|b${B_BEFORE_1}rainworm)${B_AFTER}`,
    'Known C2 framework', 'the name of a command-and-control framework: Cobalt Strike, Sliver, Havoc, Mythic, Metasploit or Brainworm',
    [['cobalt', 'sliver', 'havoc', 'mythic', 'metasploit', 'brainworm']]),
  p('c2_explicit', 'context', `${B_BEFORE}c2${S}+(?:server|channel|infrastructure|beacon)${B_AFTER}`,
    'C2 infrastructure', 'a mention of a C2 server, channel, infrastructure or beacon',
    [['c2']]),
  p('c2_explicit_long', 'context', `${B_BEFORE}command${S}+and${S}+control${B_AFTER}`,
    'Command and control', 'the phrase "command and control"',
    [['control']]),
  p('exfil_curl', 'all', { kind: 'gap', head: `curl${S}+`, stop: '\n', max: 2048, tail: SECRET_VAR },
    'curl with a secret', 'a curl command using a secret variable, one whose name ends in KEY, TOKEN, SECRET, PASSWORD or CREDENTIAL',
    [['curl'], ['$']]),
  p('exfil_wget', 'all', { kind: 'gap', head: `wget${S}+`, stop: '\n', max: 2048, tail: SECRET_VAR },
    'wget with a secret', 'a wget command using a secret variable, one whose name ends in KEY, TOKEN, SECRET, PASSWORD or CREDENTIAL',
    [['wget'], ['$']]),
  p('read_secrets', 'all',
    { kind: 'gap', head: `cat${S}+`, stop: '\n', max: 2048, tail: '(\\.env|credentials|\\.netrc|\\.pgpass|\\.npmrc|\\.pypirc)' },
    'Read secret files', 'a cat command reading .env, credentials, .netrc, .pgpass, .npmrc or .pypirc',
    [['.env', 'credentials', '.netrc', '.pgpass', '.npmrc', '.pypirc'], ['cat']]),
  p('send_to_url', 'strict', { kind: 'spaced', head: '(send|post|upload|transmit)', max: 2048, tail: `(to|at)${S}+https?://` },
    'Send data to a URL', 'text asking to send, post, upload or transmit something to an http:// or https:// URL',
    [['://'], ['send', 'post', 'upload', 'transmit']]),
  p('context_exfil', 'strict',
    `(include|output|print|share)${S}+${F}(conversation|chat${S}+history|previous${S}+messages|full${S}+context|entire${S}+context)`,
    'Leak the conversation', 'text asking to include, output, print or share the conversation or the full context',
    [['conversation', 'history', 'messages', 'context']]),
  p('ssh_backdoor', 'strict', 'authorized_keys',
    'SSH authorized_keys', 'a mention of authorized_keys, the file an SSH backdoor is added to',
    [['authorized_keys']]),
  p('ssh_access', 'strict', '\\$HOME/\\.ssh|~/\\.ssh',
    'SSH directory', 'a path into ~/.ssh or $HOME/.ssh',
    [['/.ssh']]),
  p('hermes_env', 'strict', '\\$HOME/\\.hermes/\\.env|~/\\.hermes/\\.env',
    "Hermes' secrets file", 'the path ~/.hermes/.env, where Hermes keeps API keys',
    [['/.hermes/.env']]),
  p('agent_config_mod', 'strict',
    { kind: 'gap', head: MODIFY, stop: '\n', max: 2048, tail: '(?:AGENTS\\.md|CLAUDE\\.md|\\.cursorrules|\\.clinerules)' },
    'Modify agent instructions', 'text asking to change AGENTS.md, CLAUDE.md, .cursorrules or .clinerules',
    [['agents.md', 'claude.md', '.cursorrules', '.clinerules']]),
  p('hermes_config_mod', 'strict', { kind: 'gap', head: MODIFY, stop: '\n', max: 2048, tail: '\\.hermes/(config\\.yaml|SOUL\\.md)' },
    'Modify Hermes config', "text asking to change Hermes' .hermes/config.yaml or .hermes/SOUL.md",
    [['.hermes/']]),
  p('hardcoded_secret', 'strict',
    `(?:api[_-]?key|token|secret|password)${S}*[=:]${S}*["'][A-Za-z0-9+/=_-]{20}[A-Za-z0-9+/=_-]*`,
    'Hard-coded secret', 'a hard-coded API key, token, secret or password value',
    [['key', 'token', 'secret', 'password']]),
];

export const THREAT_PATTERNS: readonly ThreatPattern[] = DEFINITIONS.map((d) => d.pattern);

const SCOPE_RANK: Record<Scope, number> = { all: 0, context: 1, strict: 2 };

export function isScope(value: string): value is Scope {
  return Object.prototype.hasOwnProperty.call(SCOPE_RANK, value);
}

/** Receives each match; returning true stops the enumeration. */
export type MatchVisitor = (start: number, end: number) => boolean | void;

/** A pattern compiled once. Matches are enumerated exactly as a global regex would (leftmost first, non-overlapping). */
export interface CompiledPattern {
  readonly pattern: ThreatPattern;
  /**
   * `source` as one plain global regex, for tools (benchmarks, other engines). It finds the same matches, but
   * its worst case is not linear on the window patterns; the scanner uses `forEachMatch`.
   */
  readonly global: RegExp;
  forEachMatch(text: string, visit: MatchVisitor): void;
  /** For a built-in pattern, literals its matches hold (see `mayMatch`). */
  readonly needs?: Needs;
  /** Python's `re.search(...) is not None`. */
  test(text: string): boolean;
}

abstract class Matcher implements CompiledPattern {
  readonly global: RegExp;
  needs?: Needs;
  /** `flags`: the port's `giu`, or a translated regex's own flags (it spells out case-insensitivity itself). */
  constructor(readonly pattern: ThreatPattern, flags = 'giu') {
    this.global = new RegExp(pattern.source, flags);
  }
  abstract forEachMatch(text: string, visit: MatchVisitor): void;
  test(text: string): boolean {
    let found = false;
    this.forEachMatch(text, () => (found = true));
    return found;
  }
}

class RegexMatcher extends Matcher {
  forEachMatch(text: string, visit: MatchVisitor): void {
    for (let pos = 0; pos <= text.length; ) {
      this.global.lastIndex = pos;
      const m = this.global.exec(text);
      if (!m) return;
      const end = m.index + m[0].length;
      if (visit(m.index, end) === true) return;
      pos = Math.max(end, m.index + 1);
    }
  }
}

/**
 * Matcher for patterns with a long bounded gap. A regex engine re-scans the gap from every candidate start,
 * so text dense with heads ("write write write…") costs up to 2,048 steps per character. Instead, where the
 * tail can match is found once per text, and a start is tried (with the pattern's own sticky regex, which
 * settles the exact span) only if a tail lies in the window its head leaves. Those checks are exact, so the
 * matches are the regex's; a start that passes them matches, and its regex run stays within its own window.
 */
abstract class WindowMatcher extends Matcher {
  protected readonly sticky = new RegExp(this.pattern.source, 'iuy');

  forEachMatch(text: string, visit: MatchVisitor): void {
    const head = this.headRe();
    let prepared = false;
    for (let pos = 0; pos <= text.length; ) {
      head.lastIndex = pos;
      const h = head.exec(text);
      if (!h) return;
      const start = h.index;
      if (!prepared) {
        this.prepare(text);
        prepared = true;
      }
      if (this.viable(text, start + h[0].length)) {
        this.sticky.lastIndex = start;
        const m = this.sticky.exec(text);
        if (m) {
          const end = start + m[0].length;
          if (visit(start, end) === true) return;
          pos = Math.max(end, start + 1);
          continue;
        }
      }
      pos = start + 1;
    }
  }

  protected abstract headRe(): RegExp;
  /** Per-text precomputation, done when the first head is found. */
  protected abstract prepare(text: string): void;
  /** Whether the whole pattern matches where the head does, given the head's (longest) match ends at `headEnd`. */
  protected abstract viable(text: string, headEnd: number): boolean;
}

/** All positions where `re` (global) matches, overlapping ones included. */
function matchPositions(re: RegExp, text: string, accept?: (index: number) => boolean): Int32Array {
  let out = new Int32Array(16);
  let n = 0;
  for (let pos = 0; pos <= text.length; ) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) break;
    if (!accept || accept(m.index)) {
      if (n === out.length) {
        const bigger = new Int32Array(n * 2);
        bigger.set(out);
        out = bigger;
      }
      out[n++] = m.index;
    }
    pos = m.index + 1;
  }
  return out.subarray(0, n);
}

/** Index of the last element ≤ `x` in ascending `a`, or -1. */
function lastAtMost(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] <= x) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** Next index ≥ `from` of `ch` in `text`, or `text.length`; remembers the last answer for the ascending scans here. */
class NextIndex {
  private from = 0;
  private at = -1;
  constructor(private readonly ch: string) {}
  reset(): void {
    this.at = -1;
  }
  find(text: string, from: number): number {
    if (this.at < from || from < this.from) {
      const i = text.indexOf(this.ch, from);
      this.at = i === -1 ? text.length : i;
      this.from = from;
    }
    return this.at;
  }
}

/** `gap`: viable if a tail starts within `max` characters after the head, before the first `stop`. */
class GapMatcher extends WindowMatcher {
  private readonly head: RegExp;
  private readonly tail: RegExp;
  private readonly stop: NextIndex;
  private tails: Int32Array = new Int32Array(0);

  constructor(pattern: ThreatPattern, private readonly shape: Extract<Shape, { kind: 'gap' }>) {
    super(pattern);
    this.head = new RegExp(shape.head, 'giu');
    this.tail = new RegExp(shape.tail, 'giu');
    this.stop = new NextIndex(shape.stop);
  }

  protected headRe(): RegExp {
    return this.head;
  }

  protected prepare(text: string): void {
    this.tails = matchPositions(this.tail, text);
    this.stop.reset();
  }

  protected viable(text: string, headEnd: number): boolean {
    const limit = Math.min(headEnd + this.shape.max, this.stop.find(text, headEnd));
    const i = lastAtMost(this.tails, limit);
    return i >= 0 && this.tails[i] >= headEnd;
  }
}

/**
 * `spaced`: the head, its (maximal) run of spaces ending at t, a middle without newline, then the run of
 * spaces before a tail. Viable if some tail's run starts after t, within `max` and before the next newline;
 * or the tail starts right at t and the head's run has 2+ spaces (Python then splits that run in two).
 */
class SpacedMatcher extends WindowMatcher {
  private readonly head: RegExp;
  private readonly tail: RegExp;
  private readonly newline = new NextIndex('\n');
  private tails: Int32Array = new Int32Array(0);
  private runStarts: Int32Array = new Int32Array(0);

  constructor(pattern: ThreatPattern, private readonly shape: Extract<Shape, { kind: 'spaced' }>) {
    super(pattern);
    this.head = new RegExp(shape.head, 'giu');
    this.tail = new RegExp(shape.tail, 'giu');
  }

  protected headRe(): RegExp {
    return this.head;
  }

  protected prepare(text: string): void {
    this.tails = matchPositions(this.tail, text, (i) => i > 0 && isPyWhitespace(text.charCodeAt(i - 1)));
    this.runStarts = this.tails.map((q) => {
      while (q > 0 && isPyWhitespace(text.charCodeAt(q - 1))) q--;
      return q;
    });
    this.newline.reset();
  }

  protected viable(text: string, headEnd: number): boolean {
    let t = headEnd;
    while (t < text.length && isPyWhitespace(text.charCodeAt(t))) t++;
    if (t === headEnd) return false;
    const limit = Math.min(t + this.shape.max, this.newline.find(text, t));
    const i = lastAtMost(this.runStarts, limit);
    if (i >= 0 && this.runStarts[i] > t) return true;
    if (t - headEnd < 2) return false;
    const j = lastAtMost(this.tails, t);
    return j >= 0 && this.tails[j] === t;
  }
}

/**
 * `html_comment_injection`: `[^>]` cannot pass a `>`, so a match from `<!--` must end at the first `>`
 * after it, which must close a `-->`. Keyword matches cannot overlap (each is bounded by non-letters), so the
 * rightmost keyword within the first 512 characters has the latest end; the match exists iff that one is
 * at most 512 characters before the `-->`.
 */
class CommentMatcher extends WindowMatcher {
  private static readonly HEAD = /<!--/g;
  private readonly keyword = new RegExp(COMMENT_KEYWORD, 'giu');
  private readonly close = new NextIndex('>');
  private starts: Int32Array = new Int32Array(0);
  private ends: Int32Array = new Int32Array(0);

  protected headRe(): RegExp {
    return CommentMatcher.HEAD;
  }

  protected prepare(text: string): void {
    this.starts = matchPositions(this.keyword, text);
    this.ends = this.starts.map((k) => {
      this.keyword.lastIndex = k;
      return k + this.keyword.exec(text)![0].length;
    });
    this.close.reset();
  }

  protected viable(text: string, headEnd: number): boolean {
    const gt = this.close.find(text, headEnd);
    if (gt === text.length || text.charCodeAt(gt - 1) !== 0x2d || text.charCodeAt(gt - 2) !== 0x2d) return false;
    const i = lastAtMost(this.starts, Math.min(headEnd + 512, gt - 1));
    if (i < 0 || this.starts[i] < headEnd) return false;
    const dashes = gt - 2;
    return this.ends[i] <= dashes && dashes - this.ends[i] <= 512;
  }
}

function compile(d: Definition): CompiledPattern {
  const m = matcher(d);
  m.needs = d.needs;
  return m;
}

function matcher(d: Definition): Matcher {
  switch (d.shape?.kind) {
    case 'gap':
      return new GapMatcher(d.pattern, d.shape);
    case 'spaced':
      return new SpacedMatcher(d.pattern, d.shape);
    case 'comment':
      return new CommentMatcher(d.pattern);
    default:
      return new RegexMatcher(d.pattern);
  }
}

/** Every literal of the built-in `needs`, and per literal (by index) the indices of those it contains, itself included. */
const NEEDED = [...new Set(DEFINITIONS.flatMap((d) => d.needs.flat()))];
const CONTAINED = NEEDED.map((lit) => NEEDED.flatMap((other, i) => (lit.includes(other) ? [i] : [])));
let neededAutomaton: LiteralAutomaton | undefined;

/** Windows of a long text searched for needed literals, in code units (overlapping by more than the longest). */
const PRESENCE_WINDOW = 1 << 20;

/**
 * The literals of the built-in patterns' `needs` that occur in `text` (an NFKC text, compared as `iu` matching
 * compares it: the automaton's `i` folding differs only on U+212A and U+017F, which NFKC replaces). One automaton
 * pass, where a search per literal would read the text once for each absent one.
 */
export function neededLiteralsIn(text: string): ReadonlySet<string> {
  const automaton = (neededAutomaton ??= new LiteralAutomaton(NEEDED));
  const found = new Set<string>();
  const hit = { literal: -1 };
  const overlap = NEEDED.reduce((n, lit) => Math.max(n, lit.length), 0);
  for (let base = 0; base < text.length; base += PRESENCE_WINDOW - overlap) {
    const end = Math.min(text.length, base + PRESENCE_WINDOW);
    const units = codeUnits(base === 0 && end === text.length ? text : text.slice(base, end));
    // At each start the automaton reports the longest literal; the shorter ones there are inside it.
    for (let at = automaton.next(units, 0, hit); at !== -1; at = automaton.next(units, at + 1, hit)) {
      for (const i of CONTAINED[hit.literal]) found.add(NEEDED[i]);
    }
    if (end === text.length) break;
  }
  return found;
}

/**
 * False when `pattern` has no match in a text whose needed literals (see neededLiteralsIn) are `present`: one of
 * its `needs` groups has none there. A pattern without `needs` (one read from an installation) may always match.
 */
export function mayMatch(pattern: CompiledPattern, present: ReadonlySet<string>): boolean {
  const needs = pattern.needs;
  if (!needs) return true;
  for (const group of needs) if (!group.some((lit) => present.has(lit))) return false;
  return true;
}

const COMPILED: readonly CompiledPattern[] = DEFINITIONS.map(compile);

const BY_SCOPE: Record<Scope, readonly CompiledPattern[]> = {
  all: COMPILED.filter((c) => SCOPE_RANK[c.pattern.scope] <= SCOPE_RANK.all),
  context: COMPILED.filter((c) => SCOPE_RANK[c.pattern.scope] <= SCOPE_RANK.context),
  strict: COMPILED,
};

/** A whole compiled table: the built-in port, or one translated from the user's Hermes installation. */
export interface PatternTable {
  readonly byScope: Readonly<Record<Scope, readonly CompiledPattern[]>>;
  /** Where the table came from, in words for the preview. */
  readonly origin: string;
}

export const BUILTIN_TABLE: PatternTable = {
  byScope: BY_SCOPE,
  origin: "the built-in port of Hermes' tools/threat_patterns.py@00fd54f0",
};


/** Compiles rows read from an installation; descriptions come from the built-in rule of the same id, if any. */
export function compileTable(rows: readonly { id: string; scope: Scope; source: string; flags: string }[], origin: string): PatternTable {
  const known = new Map(THREAT_PATTERNS.map((p) => [p.id, p]));
  const compiled = rows.map((r) => new RegexMatcher({
    id: r.id, scope: r.scope, source: r.source,
    title: known.get(r.id)?.title ?? r.id,
    description: known.get(r.id)?.description ?? "a pattern from your Hermes' threat table",
  }, r.flags.includes('g') ? r.flags : r.flags + 'g'));
  return {
    origin,
    byScope: {
      all: compiled.filter((c) => SCOPE_RANK[c.pattern.scope] <= SCOPE_RANK.all),
      context: compiled.filter((c) => SCOPE_RANK[c.pattern.scope] <= SCOPE_RANK.context),
      strict: compiled,
    },
  };
}

/** The patterns a scan at `scope` tests, in table order. */
export function compiledPatterns(scope: Scope, table: PatternTable = BUILTIN_TABLE): readonly CompiledPattern[] {
  return table.byScope[scope];
}

const PY_CASE_MISMATCH = /[\u0130\u0131\u0345]/;
const PY_CASE_MISMATCH_ALL = /[\u0130\u0131\u0345]/g;

/**
 * Makes JS `iu` matching agree with Python's IGNORECASE on an NFKC-normalized text, without moving offsets.
 * Python also equates `i` with U+0130 İ and U+0131 ı (simple lowercase / its `_equivalences` table), which JS
 * simple case folding does not; and JS folds U+0345 (a mark, not `\w` in Python) to ι, which puts it inside
 * `\p{L}` under `iu`. Each is replaced by a character every pattern treats exactly as Python treats the
 * original: `i` for İ/ı (both are `\w` and letters in Python), U+0300 for U+0345 (a mark nothing matches).
 * U+212A KELVIN SIGN and U+017F ſ, the other special cases, already agree and NFKC removes them anyway.
 */
export function foldForMatching(normalized: string): string {
  if (!PY_CASE_MISMATCH.test(normalized)) return normalized;
  return normalized.replace(PY_CASE_MISMATCH_ALL, (c) => (c === '\u0345' ? '\u0300' : 'i'));
}

const NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN', 0x034f: 'COMBINING GRAPHEME JOINER', 0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER', 0x1160: 'HANGUL JUNGSEONG FILLER', 0x17b4: 'KHMER VOWEL INHERENT AQ',
  0x17b5: 'KHMER VOWEL INHERENT AA', 0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE', 0x200c: 'ZERO WIDTH NON-JOINER', 0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK', 0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING', 0x202b: 'RIGHT-TO-LEFT EMBEDDING', 0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE', 0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER', 0x2061: 'FUNCTION APPLICATION', 0x2062: 'INVISIBLE TIMES', 0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS', 0x2066: 'LEFT-TO-RIGHT ISOLATE', 0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE', 0x2069: 'POP DIRECTIONAL ISOLATE',
  0x206a: 'INHIBIT SYMMETRIC SWAPPING', 0x206b: 'ACTIVATE SYMMETRIC SWAPPING',
  0x206c: 'INHIBIT ARABIC FORM SHAPING', 0x206d: 'ACTIVATE ARABIC FORM SHAPING',
  0x206e: 'NATIONAL DIGIT SHAPES', 0x206f: 'NOMINAL DIGIT SHAPES',
  0x3164: 'HANGUL FILLER', 0xfeff: 'ZERO WIDTH NO-BREAK SPACE', 0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xfff9: 'INTERLINEAR ANNOTATION ANCHOR', 0xfffa: 'INTERLINEAR ANNOTATION SEPARATOR',
  0xfffb: 'INTERLINEAR ANNOTATION TERMINATOR',
  0x1bca0: 'SHORTHAND FORMAT LETTER OVERLAP', 0x1bca1: 'SHORTHAND FORMAT CONTINUING OVERLAP',
  0x1bca2: 'SHORTHAND FORMAT DOWN STEP', 0x1bca3: 'SHORTHAND FORMAT UP STEP',
  0x1d173: 'MUSICAL SYMBOL BEGIN BEAM', 0x1d174: 'MUSICAL SYMBOL END BEAM', 0x1d175: 'MUSICAL SYMBOL BEGIN TIE',
  0x1d176: 'MUSICAL SYMBOL END TIE', 0x1d177: 'MUSICAL SYMBOL BEGIN SLUR', 0x1d178: 'MUSICAL SYMBOL END SLUR',
  0x1d179: 'MUSICAL SYMBOL BEGIN PHRASE', 0x1d17a: 'MUSICAL SYMBOL END PHRASE',
  0xe0001: 'LANGUAGE TAG', 0xe007f: 'CANCEL TAG',
};

/** `U+XXXX` notation: uppercase hex, at least 4 digits (Python's `U+{ord:04X}`). */
export function codePointLabel(cp: number): string {
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

/** The Unicode name of the invisible and format characters the scanner reports, else undefined. */
export function unicodeName(cp: number): string | undefined {
  if (cp >= 0xfe00 && cp <= 0xfe0f) return `VARIATION SELECTOR-${cp - 0xfe00 + 1}`;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return `VARIATION SELECTOR-${cp - 0xe0100 + 17}`;
  return NAMES[cp];
}
