// The decision model's wording features (the relations a claim states, read from
// vocabulary/relations.json) and the first-sight snapshots it is calibrated on: a snapshot
// recorded by an earlier build keeps that build's vectors, and the wording features are read
// again from its texts; a snapshot recorded with other features is left out, never misread.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEATURE_NAMES, WORDING_FEATURE_NAMES, wordingFeatures } from '../../src/core/judge/offline/decide/features';
import { shippedModel } from '../../src/core/judge/offline/decide/model';
import { RELATION_KINDS, relationsIn } from '../../src/core/judge/offline/vocabulary/index';
import { FIRST_SIGHT_DIR, SNAPSHOT_FEATURES, loadFirstSight, snapshotExamples, type Snapshot } from '../../bench/train/first-sight';

const kinds = (text: string): string[] => RELATION_KINDS.filter((_, i) => relationsIn(text)[i]);

describe('decision model: relations a claim states, and first-sight calibration', () => {
  it('reads the relation a claim states, by kind', () => {
    assert.deepEqual(kinds('Line L5 had the lowest four-week waste rate.'), ['superlative']);
    assert.deepEqual(kinds('Every controller flashed successfully.'), ['universal']);
    assert.deepEqual(kinds('The rerun finished faster than the failed attempt.'), ['comparative']);
    assert.deepEqual(kinds("AU420's truck was sent out first."), ['order']);
    assert.deepEqual(kinds('Riverside will be retried on 23 April.'), ['future']);
    assert.deepEqual(kinds('Estates expects to finish the surveys in May.'), ['future']);
    // A plain fact states none.
    assert.deepEqual(kinds('The 01:30 run started on node batch-pool-5.'), []);
    // Whole words only: "allowed" is not "all", "mostly" is not "most".
    assert.deepEqual(kinds('Uploads are allowed, mostly from inspectors.'), []);
  });

  it('states each relation, and again where the rules proposed grounded', () => {
    // Kinds in order: superlative, universal, comparative, order, trend, future; then each where
    // the rules proposed grounded; then a rank, comparison or trend grounded with no digit written.
    // "Only" is universal, "fell" a trend (a word's kind, whatever it falls below).
    assert.deepEqual(wordingFeatures('Only two events fell below the mark.', 'grounded'), [0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1]);
    assert.deepEqual(wordingFeatures('Only two events fell below the mark.', 'contradicted'), [0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    // A figure written: the trend is there to be measured.
    assert.deepEqual(wordingFeatures('Waste fell from 4.5% to 4.2%.', 'grounded'), [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0]);
    // They close the vector, so a snapshot's vector is the rest of it.
    assert.deepEqual(FEATURE_NAMES.slice(-WORDING_FEATURE_NAMES.length), [...WORDING_FEATURE_NAMES]);
    assert.deepEqual([...SNAPSHOT_FEATURES, ...WORDING_FEATURE_NAMES], [...FEATURE_NAMES]);
  });

  it('a snapshot claim becomes a full vector: its recorded features, then the wording read from its text', () => {
    const x = SNAPSHOT_FEATURES.map((name) => (name === 'proposed_grounded' ? 1 : 0));
    const snapshot: Snapshot = { batch: '*-1 … *-2', judge: 'abc1234', features: [...SNAPSHOT_FEATURES], claims: [{ case: 'incident-01-x', text: 'West had the weakest fix rate of the four regions.', label: 'contradicted', groundable: true, x }] };
    const [example] = snapshotExamples(snapshot);
    assert.equal(example!.x.length, FEATURE_NAMES.length);
    assert.deepEqual(example!.x.slice(0, x.length), x);
    // "weakest": a superlative, grounded, with no figure written.
    assert.deepEqual(example!.x.slice(x.length), [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]);
    assert.equal(example!.y, 2);
    assert.equal(example!.group, 'incident-01-x');
  });

  it('a snapshot recorded with other features is reported and left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'first-sight-'));
    const claim = { case: 'docs-01-x', text: 'Every plan keeps 30 days.', label: 'grounded' as const, groundable: true, x: SNAPSHOT_FEATURES.map(() => 0) };
    writeFileSync(join(dir, '1-2.json'), JSON.stringify({ batch: '*-1 … *-2', judge: 'abc1234', features: [...SNAPSHOT_FEATURES], claims: [claim] }));
    writeFileSync(join(dir, '3-4.json'), JSON.stringify({ batch: '*-3 … *-4', judge: 'def5678', features: ['hedge', 'causal'], claims: [{ ...claim, x: [0, 0] }] }));
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      const batches = loadFirstSight(undefined, dir);
      assert.deepEqual(batches.map((b) => b.batch), ['*-1 … *-2']);
      assert.equal(batches[0]!.examples[0]!.x.length, FEATURE_NAMES.length);
    } finally {
      console.error = original;
    }
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /3-4\.json was recorded with other features; left out/);
  });

  it('every stored snapshot has this build\'s features, a label and a text for each claim', () => {
    const files = readdirSync(FIRST_SIGHT_DIR).filter((f) => f.endsWith('.json'));
    assert.ok(files.length >= 2, 'calibration needs at least two batches');
    for (const file of files) {
      const snapshot = JSON.parse(readFileSync(join(FIRST_SIGHT_DIR, file), 'utf8')) as Snapshot;
      assert.deepEqual(snapshot.features, [...SNAPSHOT_FEATURES], file);
      assert.match(snapshot.judge, /^[0-9a-f]{7,40}$/, file);
      for (const claim of snapshot.claims) {
        assert.equal(claim.x.length, SNAPSHOT_FEATURES.length, file);
        assert.ok(claim.text.length > 0, `${file}: ${claim.case} has a claim without its text`);
      }
    }
  });

  it('the shipped model names the first-sight batches it was calibrated on', () => {
    const model = shippedModel();
    assert.ok(model.trainedOn.firstSight !== undefined);
    assert.ok(model.trainedOn.firstSight.batches.length >= 2);
    assert.ok(model.trainedOn.firstSight.claims > 0);
  });
});
