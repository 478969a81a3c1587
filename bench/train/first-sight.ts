// First-sight snapshots: how the judge's signals looked on a blind batch before any rule had been
// written with it in view. At a session's start the held-out batch is scored by the judge that
// never saw it; `npm run snapshot:first-sight` records, for each of its claims, that judge's
// feature vector (the rules' proposal among it), the claim's text and its label. Once the batch
// is released, the snapshot stays as it was: the dev split tells how the rules fare on reports
// they were tuned on, the snapshots how they fare on reports they were not, and the decision
// model is calibrated on the second (train-judge.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARTITION_KEYS, type PartitionKey } from '../../src/core/model';
import { FEATURE_NAMES, WORDING_FEATURE_NAMES, wordingFeatures } from '../../src/core/judge/offline/decide/features';
import type { Example } from './data';

const ROOT = join(__dirname, '..', '..', '..');
export const FIRST_SIGHT_DIR = join(ROOT, 'bench', 'train', 'first-sight');

export interface BlindBatch {
  name: string;
  cases: string[];
  held_out: boolean;
}

/** The corpus's blind batches (test/fixtures/corpus/blind-batches.json). */
export function blindBatches(): BlindBatch[] {
  return (JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'corpus', 'blind-batches.json'), 'utf8')) as { batches: BlindBatch[] }).batches;
}

/** The features a snapshot records: all but the wording features, which are read again from its texts. */
export const SNAPSHOT_FEATURES: readonly string[] = FEATURE_NAMES.slice(0, FEATURE_NAMES.length - WORDING_FEATURE_NAMES.length);

export interface SnapshotClaim {
  case: string;
  text: string;
  label: PartitionKey;
  groundable: boolean;
  x: number[];
}

export interface Snapshot {
  /** The blind batch, as blind-batches.json names it. */
  batch: string;
  /** The commit of the judge that scored it unseen. */
  judge: string;
  features: string[];
  claims: SnapshotClaim[];
}

export interface FirstSightBatch {
  batch: string;
  judge: string;
  cases: Set<string>;
  examples: Example[];
}

const PROPOSED = PARTITION_KEYS.map((key) => SNAPSHOT_FEATURES.indexOf(`proposed_${key}`));

/** The index of the partition the rules proposed, read from a feature vector (a snapshot's, or a whole one: they share the prefix). */
export const proposedOf = (x: readonly number[]): number => PROPOSED.findIndex((i) => x[i] === 1);

/** A snapshot's claims as training examples, its wording features read from the texts by this build. */
export function snapshotExamples(snapshot: Snapshot): Example[] {
  return snapshot.claims.map((claim) => {
    const proposed = PARTITION_KEYS[proposedOf(claim.x)] ?? 'ungrounded';
    return { group: claim.case, x: [...claim.x, ...wordingFeatures(claim.text, proposed)], y: PARTITION_KEYS.indexOf(claim.label), groundable: claim.groundable, text: claim.text };
  });
}

/**
 * Every stored snapshot whose features are this build's; one recorded with other features is
 * reported and left out (its vectors would be read wrongly), never silently misread.
 */
export function loadFirstSight(hash?: ReturnType<typeof createHash>, dir = FIRST_SIGHT_DIR): FirstSightBatch[] {
  const batches: FirstSightBatch[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    const snapshot = JSON.parse(text) as Snapshot;
    if (snapshot.features.join(',') !== SNAPSHOT_FEATURES.join(',')) {
      console.error(`first-sight snapshot ${file} was recorded with other features; left out (record it again or retire it)`);
      continue;
    }
    hash?.update(text);
    batches.push({ batch: snapshot.batch, judge: snapshot.judge, cases: new Set(snapshot.claims.map((c) => c.case)), examples: snapshotExamples(snapshot) });
  }
  return batches;
}
