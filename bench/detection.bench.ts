/**
 * Detection benchmark (`npm run bench:detection`): recall on the attack corpus per family, Hermes' own recall,
 * false flags on the benign corpus (ordinary files and look-alikes apart), false flags per rule, and scan time
 * with checks 'hermes' / 'recommended' / 'all' on a generated 2,000-file set. Prints plain `name: value` lines
 * and writes the per-rule false-flag counts to out/bench/detection-fp.json (for the rule reference) and every
 * file's verdict to out/bench/detection-report.json. `--no-timing` skips the scan-time part; `--root DIR` measures
 * another corpus with the same layout (a held-out set).
 *
 * A file is flagged when it has a finding of severity error or warning. An attack also counts as a payload hit
 * when such a finding overlaps its manifest's payload text, so a stray finding elsewhere in a long file does not
 * pass for a detection.
 */

// First, so V8's settings hold before any other module runs a regex.
import '../src/shared/scanProcessSetup';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LineIndex } from '../src/core/offsetMap';
import { findRule, RULES, scanDocument, type ScanOptions } from '../src/core/scanner';
import type { Finding, Position } from '../src/core/types';
import { ATTACK_FAMILIES, LOOKALIKE_FAMILIES, loadManifests, readFixture, type AttackEntry, type BenignEntry } from './detectionCorpus';
import { FIXTURE_ROOT } from './detectionFixtures';
import { markdown, prng } from './workspace';
import { SCAN_PROCESS_V8_FLAGS } from '../src/shared/v8Flags';

type Checks = 'hermes' | 'recommended' | 'all';
const MODES: readonly Checks[] = ['hermes', 'recommended', 'all'];
const THROUGHPUT_FILES = 2_000;
const THROUGHPUT_RUNS = 9;

/** `--root DIR`: measure another corpus with the same layout (e.g. a held-out set) instead of the committed one. */
function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const ROOT = path.resolve(argValue('--root') ?? FIXTURE_ROOT);

/**
 * Until the `checks` option exists, `extraChecks` is the only switch: both are passed, so the script measures
 * whichever the scanner understands without probing it.
 */
function options(label: string, checks: Checks): ScanOptions {
  // A variable, not a literal, so the type check accepts the field this scanner version does not declare.
  const o = { kind: 'context' as const, label, checks, extraChecks: checks !== 'hermes' };
  return o;
}

/** The rule family of a finding, from the exported rule metadata; 'unknown' when the rule carries none. */
function familyOf(ruleId: string): string {
  const rule = findRule(ruleId) as ({ family?: string } | undefined);
  return rule?.family ?? 'unknown';
}

function ruleKey(ruleId: string): string {
  return findRule(ruleId)?.id ?? ruleId;
}

const flagging = (f: Finding): boolean => f.severity === 'error' || f.severity === 'warning';

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

function line(name: string, value: string): void {
  console.log(`${name}: ${value}`);
}

function pct(n: number, of: number): string {
  return of ? `${((100 * n) / of).toFixed(1)}% (${n}/${of})` : 'n/a (0 files)';
}

interface AttackResult {
  file: string;
  family: string;
  holdout: boolean;
  flagged: boolean;
  payloadHit: boolean;
  hermes: boolean;
  rules: string[];
}

function scanAttack(a: AttackEntry, checks: Checks): AttackResult {
  const text = readFixture('attacks', a.file, ROOT);
  const findings = scanDocument(text, options(a.label, checks)).findings.filter(flagging);
  let payloadHit = false;
  if (a.payload !== undefined) {
    const at = text.indexOf(a.payload);
    const lines = new LineIndex(text);
    const [ps, pe] = [lines.positionAt(at), lines.positionAt(at + a.payload.length)];
    payloadHit = findings.some((f) => before(f.range.start, pe) && before(ps, f.range.end));
  } else {
    payloadHit = findings.length > 0;
  }
  return {
    file: a.file, family: a.family, holdout: a.holdout === true, flagged: findings.length > 0, payloadHit,
    hermes: findings.some((f) => f.hermesBlocks), rules: [...new Set(findings.map((f) => ruleKey(f.ruleId)))],
  };
}

interface BenignResult {
  file: string;
  holdout: boolean;
  kind: 'ordinary' | 'lookalike';
  lookalike?: string;
  hermesBlocked: boolean;
  /** Flagged by a check beyond Hermes (warning or error with hermesBlocks false). */
  falseFlag: boolean;
  ourRules: string[];
  hermesRules: string[];
  infoRules: string[];
}

function scanBenign(b: BenignEntry, checks: Checks): BenignResult {
  const findings = scanDocument(readFixture('benign', b.file, ROOT), options(b.label, checks)).findings;
  const ours = findings.filter((f) => flagging(f) && !f.hermesBlocks);
  const hermes = findings.filter((f) => flagging(f) && f.hermesBlocks);
  const uniq = (fs: Finding[]): string[] => [...new Set(fs.map((f) => ruleKey(f.ruleId)))];
  return {
    file: b.file, holdout: b.holdout === true, kind: b.lookalike ? 'lookalike' : 'ordinary', lookalike: b.lookalike,
    hermesBlocked: hermes.length > 0, falseFlag: ours.length > 0,
    ourRules: uniq(ours), hermesRules: uniq(hermes), infoRules: uniq(findings.filter((f) => !flagging(f))),
  };
}

function recallReport(results: AttackResult[], checks: Checks): void {
  console.log(`\n== Recall on the attack corpus (checks '${checks}') ==`);
  for (const fam of ATTACK_FAMILIES) {
    const rs = results.filter((r) => r.family === fam);
    const missed = rs.filter((r) => !r.flagged).map((r) => path.basename(r.file));
    // Which rule families caught this attack family (a file counts once per rule family).
    const by = new Map<string, number>();
    for (const r of rs) for (const f of new Set(r.rules.map(familyOf))) by.set(f, (by.get(f) ?? 0) + 1);
    const caught = [...by].sort((x, y) => y[1] - x[1]).map(([f, k]) => `${f} ${k}`).join(', ');
    line(`recall ${fam}`, `${pct(rs.filter((r) => r.flagged).length, rs.length)}; payload hit ${pct(rs.filter((r) => r.payloadHit).length, rs.length)}; Hermes alone ${pct(rs.filter((r) => r.hermes).length, rs.length)}` +
      (caught ? `; caught by rule families: ${caught}` : '') + (missed.length ? `; missed: ${missed.join(', ')}` : ''));
  }
  const n = results.length;
  line('recall overall', pct(results.filter((r) => r.flagged).length, n));
  line('payload-hit recall overall', pct(results.filter((r) => r.payloadHit).length, n));
  line('Hermes-alone recall overall', pct(results.filter((r) => r.hermes).length, n));
  const held = results.filter((r) => r.holdout);
  if (held.length) line('recall on the held-out batch (manifest "holdout")', pct(held.filter((r) => r.flagged).length, held.length));
}

interface RuleCount {
  family: string;
  hermesBlocks: boolean;
  ordinary: number;
  lookalike: number;
  files: string[];
}

function falseFlagReport(results: BenignResult[], checks: Checks): Record<string, RuleCount> {
  console.log(`\n== False flags on the benign corpus (checks '${checks}') ==`);
  for (const kind of ['ordinary', 'lookalike'] as const) {
    const rs = results.filter((r) => r.kind === kind);
    line(`false flags ${kind} (beyond Hermes)`, pct(rs.filter((r) => r.falseFlag).length, rs.length));
    line(`Hermes-blocked ${kind}`, `${pct(rs.filter((r) => r.hermesBlocked).length, rs.length)}; of them also flagged by our checks: ${rs.filter((r) => r.hermesBlocked && r.falseFlag).length}`);
  }
  const held = results.filter((r) => r.holdout);
  if (held.length) line('false flags on the held-out batch (beyond Hermes)', pct(held.filter((r) => r.falseFlag).length, held.length));
  for (const fam of LOOKALIKE_FAMILIES) {
    const rs = results.filter((r) => r.lookalike === fam);
    const flagged = rs.filter((r) => r.falseFlag).map((r) => `${path.basename(r.file)} [${r.ourRules.join(' ')}]`);
    line(`look-alikes ${fam}`, `false flags ${pct(flagged.length, rs.length)}, Hermes-blocked ${rs.filter((r) => r.hermesBlocked).length}` + (flagged.length ? `: ${flagged.join(', ')}` : ''));
  }
  const ordinaryFlagged = results.filter((r) => r.kind === 'ordinary' && r.falseFlag);
  if (ordinaryFlagged.length) line('ordinary files flagged', ordinaryFlagged.map((r) => `${path.basename(r.file)} [${r.ourRules.join(' ')}]`).join(', '));
  const counts: Record<string, RuleCount> = {};
  const bump = (id: string, r: BenignResult, hermesBlocks: boolean): void => {
    const c = (counts[id] ??= { family: familyOf(id), hermesBlocks, ordinary: 0, lookalike: 0, files: [] });
    c[r.kind]++;
    c.files.push(r.file);
  };
  for (const r of results) {
    for (const id of r.ourRules) bump(id, r, false);
    for (const id of r.hermesRules) bump(`hermes:${id}`, r, true);
  }
  console.log('\n-- false flags per rule (files; ordinary + look-alike) --');
  for (const [id, c] of Object.entries(counts).sort((a, b) => (b[1].ordinary + b[1].lookalike) - (a[1].ordinary + a[1].lookalike) || a[0].localeCompare(b[0]))) {
    line(`  ${id} (${c.family})`, `${c.ordinary + c.lookalike} (${c.ordinary} + ${c.lookalike})`);
  }
  const info = new Map<string, number>();
  for (const r of results) for (const id of r.infoRules) info.set(id, (info.get(id) ?? 0) + 1);
  if (info.size) line('information-only findings on benign files (not flags)', [...info].map(([id, n]) => `${id} ${n}`).join(', '));
  return counts;
}

function ms(n: number): string {
  return `${n.toFixed(1)} ms`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * The 2,000-file set: markdown-ish context files of skewed sizes (most small, a few past the scan cap), from
 * the seeded generator the core benchmark uses, so runs are comparable.
 */
function throughputSet(): string[] {
  const rnd = prng(2_000);
  return Array.from({ length: THROUGHPUT_FILES }, (_, i) => {
    const r = rnd();
    const size = r < 0.7 ? 800 + Math.floor(rnd() * 4_000) : r < 0.97 ? 5_000 + Math.floor(rnd() * 20_000) : 70_000 + Math.floor(rnd() * 60_000);
    return markdown(size, 70_000 + i);
  });
}

interface TimingRow {
  set: string;
  mode: Checks;
  /** Median of the runs. */
  ms: number;
  /** Fastest run: on a shared machine other work only ever adds time, so this is the steadiest figure. */
  minMs: number;
}

/** Scan time per checks mode over `texts`, runs interleaved so a change in machine load hits every mode alike. */
function timeModes(name: string, texts: string[]): TimingRow[] {
  const chars = texts.reduce((n, t) => n + t.length, 0);
  const scanAll = (mode: Checks): number => {
    const t0 = process.hrtime.bigint();
    let findings = 0;
    for (const t of texts) findings += scanDocument(t, options('AGENTS.md', mode)).findings.length;
    if (findings < 0) throw new Error('unreachable');
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  for (const mode of MODES) scanAll(mode); // warm-up: regex compilation and JIT
  const times = new Map<Checks, number[]>(MODES.map((m) => [m, []]));
  for (let i = 0; i < THROUGHPUT_RUNS; i++) for (const mode of MODES) times.get(mode)!.push(scanAll(mode));
  const rows = MODES.map((mode) => ({ set: name, mode, ms: median(times.get(mode)!), minMs: Math.min(...times.get(mode)!) }));
  const base = rows[0];
  for (const r of rows) {
    line(`scan time checks '${r.mode}' (fastest / median of ${THROUGHPUT_RUNS})`,
      `${ms(r.minMs)} / ${ms(r.ms)}, ${(chars / 1e6 / (r.minMs / 1000)).toFixed(2)} M chars/s, ${(r.minMs / base.minMs).toFixed(2)}× 'hermes'`);
  }
  for (const r of rows.slice(1)) {
    const share = (t: number, b: number): string => `${((100 * Math.max(0, t - b)) / t).toFixed(1)}%`;
    line(`added rules' share of scan time ('${r.mode}')`,
      `${share(r.minMs, base.minMs)} of the fastest runs (${ms(Math.max(0, r.minMs - base.minMs))} of ${ms(r.minMs)}), ${share(r.ms, base.ms)} of the medians; target ≤ 30%`);
  }
  return rows;
}

/**
 * The 2,000-file set is the target's yardstick; the corpus files (hand-written, closer to real context files
 * than the generated filler, which is dense with near-miss phrases) give a second view.
 */
function throughput(corpusTexts: string[]): TimingRow[] {
  const texts = throughputSet();
  console.log('\n== Scan time on the 2,000-file set ==');
  line('throughput set', `${texts.length} generated context files, ${(texts.reduce((n, t) => n + t.length, 0) / 1e6).toFixed(2)} M characters`);
  const rows = timeModes('2000-file set', texts);
  console.log('\n== Scan time on the corpus files ==');
  line('corpus set', `${corpusTexts.length} attack and benign files, ${(corpusTexts.reduce((n, t) => n + t.length, 0) / 1e6).toFixed(2)} M characters`);
  return [...rows, ...timeModes('corpus', corpusTexts)];
}

function main(): void {
  const cpu = os.cpus();
  line('machine', `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, node ${process.version}`);
  line('V8 flags (as the server and CLI run)', SCAN_PROCESS_V8_FLAGS.join(' '));
  line('load average at start (1 min)', os.loadavg()[0].toFixed(2));
  const withFamily = RULES.filter((r) => typeof (r as { family?: unknown }).family === 'string').length;
  line('rules in RULES metadata', `${RULES.length} (${withFamily} with a family)`);
  const { attacks, benign } = loadManifests(ROOT);
  line('corpus root', path.relative(process.cwd(), ROOT) || '.');
  line('corpus', `${attacks.length} attacks in ${new Set(attacks.map((a) => a.family)).size} families; ${benign.filter((b) => !b.lookalike).length} ordinary benign files, ${benign.filter((b) => b.lookalike).length} look-alikes`);

  const report: Record<string, unknown> = {};
  let fpAll: Record<string, RuleCount> = {};
  for (const checks of ['recommended', 'all'] as const) {
    const ar = attacks.map((a) => scanAttack(a, checks));
    recallReport(ar, checks);
    const br = benign.map((b) => scanBenign(b, checks));
    const counts = falseFlagReport(br, checks);
    if (checks === 'all') fpAll = counts;
    report[checks] = { attacks: ar, benign: br, falseFlagsPerRule: counts };
  }
  // `--no-timing` skips the throughput runs, for quick recall / false-flag checks while writing rules.
  const corpusTexts = [...attacks.map((a) => readFixture('attacks', a.file, ROOT)), ...benign.map((b) => readFixture('benign', b.file, ROOT))];
  const perf = process.argv.includes('--no-timing') ? [] : throughput(corpusTexts);

  const outDir = path.join(__dirname);
  // Another corpus gets its own file names, so the rule reference keeps reading the committed corpus' counts.
  const suffix = ROOT === path.resolve(FIXTURE_ROOT) ? '' : `-${path.basename(ROOT)}`;
  const fpFile = path.join(outDir, `detection-fp${suffix}.json`);
  const benignFiles = benign.length;
  // Every rule gets a row, zero included, so the rule reference can show a count for each; measured with checks
  // 'all' so that every rule runs.
  for (const r of RULES) {
    const id = r.hermesBlocks ? `hermes:${r.id}` : r.id;
    fpAll[id] ??= { family: familyOf(r.id), hermesBlocks: r.hermesBlocks, ordinary: 0, lookalike: 0, files: [] };
  }
  fs.writeFileSync(fpFile, JSON.stringify({
    description: 'False flags per rule on the benign detection corpus (test/fixtures/detection/benign) with checks \'all\': the number of files where the rule reports a warning or error. hermes:<id> rows are Hermes\' own blocking verdicts.',
    corpus: { ordinary: benign.filter((b) => !b.lookalike).length, lookalike: benign.filter((b) => b.lookalike).length, total: benignFiles },
    rules: Object.fromEntries(Object.entries(fpAll).sort((a, b) => a[0].localeCompare(b[0]))
      .map(([id, c]) => [id, { family: c.family, hermesBlocks: c.hermesBlocks, ordinary: c.ordinary, lookalike: c.lookalike, files: c.files }])),
  }, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, `detection-report${suffix}.json`), JSON.stringify({ ...report, throughput: perf }, null, 2) + '\n');
  console.log('');
  line('per-rule false flags written to', path.relative(process.cwd(), fpFile));
  line('per-file verdicts written to', path.relative(process.cwd(), path.join(outDir, `detection-report${suffix}.json`)));
  line('load average at end (1 min)', os.loadavg()[0].toFixed(2));
}

main();
