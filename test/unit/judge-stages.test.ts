// The offline judge's stages and its calibrated confidence: claims read as propositions,
// vocabularies as data, slots checked against aligned records with derivations named, and a
// confidence on every verdict. Expected values come from reading the texts by hand.
import * as assert from 'node:assert/strict';
import { createOfflineJudge } from '../../src/core/judge/offline';
import { align } from '../../src/core/judge/offline/align/align';
import { readProposition } from '../../src/core/judge/offline/claims/proposition';
import { FEATURE_NAMES } from '../../src/core/judge/offline/decide/features';
import { shippedModel } from '../../src/core/judge/offline/decide/model';
import { checkSlots } from '../../src/core/judge/offline/derive/slots';
import { comparisonDirection, statesIn } from '../../src/core/judge/offline/vocabulary/index';
import { buildEvidenceIndex } from '../../src/core/retrieval/index';
import type { EvidenceItem, EvidenceKind } from '../../src/core/review-types';

function item(id: string, text: string, kind: EvidenceKind = 'log_line', fields: Record<string, string> = {}): EvidenceItem {
  const line = Number(id.replace(/\D/g, '')) || 1;
  return { id, file: 'evidence.log', line, endLine: line, text, kind, fields };
}

const rows = [
  item('E1', '[tool=query row=1] region=eu signups=2260', 'tool_row', { region: 'eu', signups: '2260' }),
  item('E2', '[tool=query row=2] region=us signups=1783', 'tool_row', { region: 'us', signups: '1783' }),
  item('E3', '2026-03-02T14:05:00Z INFO ops restart of db-prod-2 completed'),
];

describe('offline judge stages', () => {
  it('vocabularies are data: states by set, comparison words by direction', () => {
    assert.ok(statesIn('es-cluster-b is in red status').some((s) => s.set === 'health_colour' && s.state === 'red'));
    assert.ok(statesIn('status=yellow').some((s) => s.set === 'health_colour' && s.state === 'yellow'));
    assert.ok(statesIn('the rerun succeeded').some((s) => s.set === 'outcome' && s.state === 'succeeded'));
    assert.equal(comparisonDirection('Pro churn was lower in North America than in Europe'), -1);
    assert.equal(comparisonDirection('the rerun finished faster than the failed attempt'), -1);
    assert.equal(comparisonDirection('latency was higher after the change'), 1);
  });

  it('a claim is read with its modality and what a denial is about', () => {
    const denial = readProposition('db-prod-2 was not restarted.');
    assert.equal(denial.negation, 'not');
    assert.ok(denial.denied.includes('restart'));
    assert.ok(denial.identifiers.includes('db-prod-2'));
    assert.equal(readProposition('A slow payments-db could also explain the errors.').hedge, 'could also');
    assert.equal(readProposition('The outage was caused by the config push.').causal, 'caused');
    assert.equal(readProposition('The error rate was 4%.').hedge, undefined);
  });

  it('a figure that is a difference of two aligned values is derived, and the derivation is named', () => {
    const prop = readProposition('EU signups exceeded US signups by 477.');
    const slots = checkSlots(prop, align(prop, buildEvidenceIndex(rows)));
    const figure = slots.find((s) => s.slot === 'figure');
    assert.equal(figure?.outcome, 'derived');
    // 2260 − 1783 = 477.
    assert.match(figure!.derivation!.formula, /^477 = 2260 − 1783$/);
  });

  it('a denial against a record of the denied event about the same entity is opposed', () => {
    const prop = readProposition('db-prod-2 was not restarted.');
    const slots = checkSlots(prop, align(prop, buildEvidenceIndex(rows)));
    const polarity = slots.find((s) => s.slot === 'negation');
    assert.equal(polarity?.outcome, 'mismatched');
    assert.equal(polarity?.unit?.item.id, 'E3');
  });

  it('the shipped model matches the features this build computes and names its training data', () => {
    const model = shippedModel();
    assert.deepEqual(model.features, [...FEATURE_NAMES]);
    assert.match(model.trainedOn.sha256, /^[0-9a-f]{64}$/);
    assert.ok(model.temperature > 0);
  });
});

describe('offline judge confidence', () => {
  const claims = ['EU signups were 2,260.', 'EU signups were 2,900.', 'The spike was caused by the deploy.', 'db-prod-2 might also have been slow.'].map((text, i) => ({
    id: `C${i + 1}`,
    text,
    start: 0,
    end: text.length,
    line: 1,
  }));

  it('every verdict carries a probability in [0, 1], the same on every run', async () => {
    const first = await createOfflineJudge().judgeClaims({ claims, evidence: rows });
    const second = await createOfflineJudge().judgeClaims({ claims, evidence: rows });
    for (const claim of first.claims) assert.ok(typeof claim.confidence === 'number' && claim.confidence >= 0 && claim.confidence <= 1, claim.text);
    assert.deepEqual(first.claims, second.claims);
  });

  it('a grounded cut withholds grounded verdicts the model does not back, and changes nothing else', async () => {
    const open = await createOfflineJudge().judgeClaims({ claims, evidence: rows });
    // A cut of 1 is above every probability: no claim may stay grounded.
    const strict = await createOfflineJudge({ groundedCut: 1 }).judgeClaims({ claims, evidence: rows });
    assert.equal(open.claims[0]!.partition, 'grounded');
    assert.equal(strict.claims[0]!.partition, 'ungrounded');
    assert.match(strict.claims[0]!.reason, /^could not verify offline/);
    open.claims.forEach((claim, i) => {
      if (claim.partition !== 'grounded') assert.equal(strict.claims[i]!.partition, claim.partition);
    });
  });
});
