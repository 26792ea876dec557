/**
 * The detection corpus under test/fixtures/detection: attacks (one folder per family) and benign context files
 * (ordinary files and per-family look-alikes), each described by its folder's manifest.json.
 */

import * as fs from 'node:fs';
import * as path from 'node:path';
import { FIXTURE_ROOT, type Corpus } from './detectionFixtures';

/** The attack families of issue 11; `position` buries payloads of the other families deep in long files. */
export const ATTACK_FAMILIES = [
  'exfil-rendering', 'hidden-text', 'encoded', 'confusables', 'fake-structure', 'conditional-trigger',
  'dangerous-actions', 'other-languages', 'unicode-context', 'position',
] as const;

/** Families of look-alikes in the benign corpus (every rule family has honest near-misses). */
export const LOOKALIKE_FAMILIES = ATTACK_FAMILIES.filter((f) => f !== 'position');

export interface AttackEntry {
  file: string;
  family: string;
  technique: string;
  /** What the attack tries to make the agent do. */
  intent: string;
  /** The context-file name the attack imitates (used as the scan label). */
  label: string;
  /** The malicious text, verbatim in the file; a finding must overlap it to count as a payload hit. */
  payload?: string;
  generated?: boolean;
  /** Part of the held-out batch: written apart from the rules and first measured against rules that had not seen it. */
  holdout?: boolean;
}

export interface BenignEntry {
  file: string;
  /** The real-world situation the file reproduces. */
  situation: string;
  label: string;
  /** The attack family this honest file resembles (files under lookalike/<family>/). */
  lookalike?: string;
  generated?: boolean;
  holdout?: boolean;
}

export interface Manifests {
  attacks: AttackEntry[];
  benign: BenignEntry[];
}

/** `root` defaults to the committed corpus; another folder with the same layout (a held-out set) also works. */
export function manifestPath(corpus: Corpus, root = FIXTURE_ROOT): string {
  return path.join(root, corpus, 'manifest.json');
}

export function loadManifests(root = FIXTURE_ROOT): Manifests {
  const read = <T>(corpus: Corpus): T[] => (JSON.parse(fs.readFileSync(manifestPath(corpus, root), 'utf8')) as { files: T[] }).files;
  return { attacks: read<AttackEntry>('attacks'), benign: read<BenignEntry>('benign') };
}

/** A fixture's text; throws on invalid UTF-8 so a damaged file is never measured as if it were intact. */
export function readFixture(corpus: Corpus, file: string, root = FIXTURE_ROOT): string {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(fs.readFileSync(path.join(root, corpus, file)));
}
