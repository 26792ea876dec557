import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ATTACK_FAMILIES, LOOKALIKE_FAMILIES, loadManifests, readFixture } from '../../bench/detectionCorpus';
import { FIXTURE_ROOT, generatedFixtures, type Corpus } from '../../bench/detectionFixtures';

const { attacks, benign } = loadManifests();

function filesOnDisk(corpus: Corpus): string[] {
  const root = path.join(FIXTURE_ROOT, corpus);
  const out: string[] = [];
  (function walk(dir: string): void {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p !== path.join(root, 'manifest.json')) out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  })(root);
  return out.sort();
}

const count = <T>(xs: T[], key: (x: T) => string | undefined): Map<string, number> => {
  const m = new Map<string, number>();
  for (const x of xs) {
    const k = key(x);
    if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
};

/** Control characters other than tab/LF, and invisible format characters: only the generator may write them. */
const HAND_TYPED_INVISIBLE = /[\0-\x08\x0b-\x1f\x7f]|\p{Cf}|[\u{fe00}-\u{fe0f}\u{e0100}-\u{e01ef}]/u;

describe('detection corpus manifests', () => {
  it('has at least 150 attacks, at least 5 in every family, each in its family folder', () => {
    assert.ok(attacks.length >= 150, `${attacks.length} attacks`);
    const byFamily = count(attacks, (a) => a.family);
    for (const fam of ATTACK_FAMILIES) assert.ok((byFamily.get(fam) ?? 0) >= 5, `${fam}: ${byFamily.get(fam) ?? 0} attacks`);
    for (const a of attacks) {
      assert.ok((ATTACK_FAMILIES as readonly string[]).includes(a.family), `${a.file}: unknown family ${a.family}`);
      assert.equal(a.file.split('/')[0], a.family, `${a.file} is not under ${a.family}/`);
      for (const k of ['technique', 'intent', 'label'] as const) assert.ok(a[k]?.trim(), `${a.file}: empty ${k}`);
    }
  });

  it('has at least 150 benign files, ordinary ones and at least 5 look-alikes per rule family', () => {
    assert.ok(benign.length >= 150, `${benign.length} benign files`);
    const byFamily = count(benign, (b) => b.lookalike);
    for (const fam of LOOKALIKE_FAMILIES) assert.ok((byFamily.get(fam) ?? 0) >= 5, `look-alikes ${fam}: ${byFamily.get(fam) ?? 0}`);
    assert.ok(benign.filter((b) => !b.lookalike).length >= 100, 'fewer than 100 ordinary files');
    for (const b of benign) {
      const expected = b.lookalike ? `lookalike/${b.lookalike}/` : 'ordinary/';
      assert.ok(b.file.startsWith(expected), `${b.file} should be under ${expected}`);
      if (b.lookalike) assert.ok((LOOKALIKE_FAMILIES as readonly string[]).includes(b.lookalike), `${b.file}: unknown family`);
      for (const k of ['situation', 'label'] as const) assert.ok(b[k]?.trim(), `${b.file}: empty ${k}`);
    }
  });

  for (const [corpus, entries] of [['attacks', attacks], ['benign', benign]] as const) {
    it(`${corpus}: every manifest entry is a file and every file has exactly one entry`, () => {
      const listed = entries.map((e) => e.file).sort();
      assert.equal(new Set(listed).size, listed.length, 'duplicate manifest entries');
      assert.deepEqual(filesOnDisk(corpus), listed);
    });

    it(`${corpus}: every file is valid UTF-8, and invisible or control characters only come from the generator`, () => {
      for (const e of entries) {
        const text = readFixture(corpus, e.file);
        assert.ok(text.trim().length > 0, `${e.file} is empty`);
        if (!e.generated) assert.ok(!HAND_TYPED_INVISIBLE.test(text), `${e.file}: hand-typed control or invisible character`);
      }
    });
  }

  it('every attack payload is verbatim in its file', () => {
    for (const a of attacks) {
      assert.ok(a.payload, `${a.file}: no payload`);
      assert.ok(readFixture('attacks', a.file).includes(a.payload!), `${a.file}: payload not found`);
    }
  });

  it('generated files on disk are exactly what the generator writes, and are marked generated', () => {
    const gen = generatedFixtures();
    assert.ok(gen.length > 0);
    for (const g of gen) {
      const entries: { file: string; generated?: boolean }[] = g.corpus === 'attacks' ? attacks : benign;
      const entry = entries.find((e) => e.file === g.file);
      assert.ok(entry?.generated, `${g.corpus}/${g.file}: missing or not marked generated in the manifest`);
      assert.equal(readFixture(g.corpus, g.file), g.text, `${g.corpus}/${g.file} differs from the generator; run npm run fixtures:detection`);
    }
    const generated = new Set(gen.map((g) => `${g.corpus}/${g.file}`));
    for (const [corpus, entries] of [['attacks', attacks], ['benign', benign]] as const) {
      for (const e of entries) if (e.generated) assert.ok(generated.has(`${corpus}/${e.file}`), `${corpus}/${e.file} is marked generated but the generator has no such file`);
    }
  });

  it('position attacks bury their payload: deep in a long file, most of them past Hermes\' 65,536-character scan cap', () => {
    const pos = attacks.filter((a) => a.family === 'position');
    const offsets = pos.map((a) => readFixture('attacks', a.file).indexOf(a.payload!));
    assert.ok(offsets.every((o) => o >= 20_000), `payload offsets ${offsets.join(', ')}`);
    assert.ok(offsets.filter((o) => o >= 65_536).length >= 5, 'fewer than 5 payloads past the scan cap');
  });
});
