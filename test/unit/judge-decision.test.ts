// The decision over the rules' proposals: the model keeps a proposal or overrides it only along
// the pairs training allowed, never grounds what the rules found missing in content (a figure,
// an entity), over-reaching wording or a sibling entity's record, and the grounded cut withholds
// what it does not back. Models here are hand-made (a bias toward one partition), so every
// expected verdict follows from the policy, not from trained weights.
import * as assert from 'node:assert/strict';
import { createOfflineJudge } from '../../src/core/judge/offline';
import { FEATURE_NAMES } from '../../src/core/judge/offline/decide/features';
import type { DecisionModel } from '../../src/core/judge/offline/decide/model';
import { groundable, settleVerdict } from '../../src/core/judge/offline/decide/verdict';
import { gatherClaimEvidence } from '../../src/core/judge/offline/pipeline';
import { proposeVerdicts } from '../../src/core/judge/offline/propose';
import { PARTITION_KEYS, type PartitionKey } from '../../src/core/model';
import { buildEvidenceIndex } from '../../src/core/retrieval/index';
import type { EvidenceItem, EvidenceKind, ReportClaim } from '../../src/core/review-types';

function item(id: string, text: string, kind: EvidenceKind = 'tool_row'): EvidenceItem {
  const line = Number(id.replace(/\D/g, '')) || 1;
  return { id, file: 'evidence.log', line, endLine: line, text, kind, fields: {} };
}

function claim(text: string): ReportClaim {
  return { id: 'C1', text, start: 0, end: text.length, line: 1 };
}

/** A model whose likeliest partition is always `favoured` (its bias), allowed the given overrides. */
function biased(favoured: PartitionKey, overrides: Array<[PartitionKey, PartitionKey]>): DecisionModel {
  const weights = PARTITION_KEYS.map((key) => [...FEATURE_NAMES.map(() => 0), key === favoured ? 5 : 0]);
  const base = PARTITION_KEYS.map((key) => (key === favoured ? 5 : 0));
  return { features: [...FEATURE_NAMES], classes: [...PARTITION_KEYS], weights, base, trees: [], treeShare: 0.5, temperature: 1, strictGroundedCut: 0.9, overrides, trainedOn: { sha256: '', claims: 0, cases: 0 } };
}

const rows = [
  item('E1', '[tool=query row=1] region=eu signups=2260'),
  item('E2', '[tool=query row=2] region=us signups=1783'),
  item('E3', '[tool=metrics row=1] host=db-prod-1 cpu_pct=97'),
  item('E4', '[tool=metrics row=2] host=db-prod-2 mem_pct=41'),
  item('E5', '[tool=billing row=1] invoices_sent=318'),
];

async function judge(text: string, model: DecisionModel, options: { groundedCut?: number; decision?: 'model' | 'rules' } = {}) {
  // Before the grounded cut unless asked: these models are made up to test overrides, not confidence.
  const { claims } = await createOfflineJudge({ model, groundedCut: 0, ...options }).judgeClaims({ claims: [claim(text)], evidence: rows });
  return claims[0]!;
}

// Its one figure met by E5, the only record of invoices, but most of its words nowhere: the rules
// leave it ungrounded for wording alone.
const WORDING = 'Invoices went out 318 times according to the quarterly finance newsletter celebration.';
const MISSING_FIGURE = 'Invoices went out 9999 times according to the quarterly finance newsletter celebration.';

describe('offline judge: the decision over the rules\' proposals', () => {
  it('the rules mark an ungrounded verdict reached for wording alone, and only that one', () => {
    const index = buildEvidenceIndex(rows);
    const input = { claims: [claim(WORDING), { ...claim(MISSING_FIGURE), id: 'C2' }], evidence: rows };
    const [wording, figure] = proposeVerdicts(input, index);
    assert.equal(wording!.partition, 'ungrounded');
    assert.equal(wording!.wordingOnly, true);
    // 9999 is nowhere: a specific is missing, not wording.
    assert.equal(figure!.partition, 'ungrounded');
    assert.notEqual(figure!.wordingOnly, true);
  });

  it('an allowed override grounds a wording-only verdict and says what it weighed', async () => {
    const verdict = await judge(WORDING, biased('grounded', [['ungrounded', 'grounded']]));
    assert.equal(verdict.partition, 'grounded');
    assert.deepEqual(verdict.evidence_refs, ['E5']);
    assert.match(verdict.reason, /weighed against the rules' ungrounded: not in evidence/);
    // The confidence is the model's probability of the partition given: e^5 / (e^5 + 3).
    assert.ok(Math.abs(verdict.confidence! - Math.exp(5) / (Math.exp(5) + 3)) < 0.001);
  });

  it('a pair training did not allow leaves the proposal, with the model\'s probability of it as confidence', async () => {
    const verdict = await judge(WORDING, biased('grounded', [['contradicted', 'grounded']]));
    assert.equal(verdict.partition, 'ungrounded');
    // 1 / (e^5 + 3): the model all but rules it out, and says so.
    assert.ok(Math.abs(verdict.confidence! - 1 / (Math.exp(5) + 3)) < 0.001);
  });

  it('never grounds a missing figure, causal wording or a figure of a sibling entity', async () => {
    const model = biased('grounded', [['ungrounded', 'grounded']]);
    assert.equal((await judge(MISSING_FIGURE, model)).partition, 'ungrounded');
    const causal = await judge('The 318 invoices sent were caused by the quarterly finance newsletter celebration.', model);
    assert.equal(causal.partition, 'ungrounded');
    assert.match(causal.reason, /causal link not in evidence/);
    // 97 is db-prod-1's CPU; db-prod-2's row gives only memory.
    const index = buildEvidenceIndex(rows);
    const sibling = claim('CPU on db-prod-2 reached 97% according to the weekly capacity newsletter celebration.');
    const evidence = gatherClaimEvidence(sibling, index, undefined, { partition: 'ungrounded', type: 'inference', evidence_refs: [] });
    assert.equal(groundable({ partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: '', wordingOnly: true }, evidence), false);
  });

  it('rules alone keep every proposal; the grounded cut withholds what the model does not back', async () => {
    const model = biased('ungrounded', [['grounded', 'ungrounded']]);
    const text = 'The eu region had 2260 signups.';
    assert.equal((await judge(text, model, { decision: 'rules' })).partition, 'grounded');
    const overridden = await judge(text, model);
    assert.equal(overridden.partition, 'ungrounded');
    assert.match(overridden.reason, /weighed against the rules' grounded: stated in E1/);
    const withheld = await judge(text, biased('grounded', []), { groundedCut: 1 });
    assert.equal(withheld.partition, 'ungrounded');
    assert.match(withheld.reason, /^could not verify offline \(confidence 0\.98 below 1\); stated in E1$/);
  });
});

describe('offline judge: conflicts are the rules\' to find and cite', () => {
  const index = buildEvidenceIndex(rows);
  const favouring = (key: PartitionKey): Record<PartitionKey, number> => ({ grounded: 0.01, ungrounded: 0.01, contradicted: 0.01, complementary: 0.01, [key]: 0.97 });
  const every = PARTITION_KEYS.flatMap((from) => PARTITION_KEYS.map((to) => [from, to] as [PartitionKey, PartitionKey]));

  it('a contradiction the rules cite is never cleared into a green mark, even by a model file that allows it', () => {
    // Its one figure is met by E5, the only record of invoices, so the model could ground it: only
    // the policy stands between a conflict the rules found elsewhere (a later note reversing the
    // record, say) and a green mark.
    const text = claim('The billing run sent 318 invoices.');
    const proposal = { partition: 'contradicted' as const, type: 'domain' as const, evidence_refs: ['E5'], reason: 'superseded: a later note reverses it' };
    const evidence = gatherClaimEvidence(text, index, undefined, proposal);
    assert.equal(groundable(proposal, evidence), true);
    const verdict = settleVerdict(proposal, evidence, favouring('grounded'), { groundedCut: 0, overrides: every });
    assert.equal(verdict.partition, 'contradicted');
    assert.equal(verdict.reason, proposal.reason);
    // The same model may still soften it to ungrounded, the safe side.
    assert.equal(settleVerdict(proposal, evidence, favouring('ungrounded'), { groundedCut: 0, overrides: every }).partition, 'ungrounded');
  });

  it('a mismatch the rules weighed and set aside is never raised into a contradiction by the model', () => {
    // 2999 is not E1's 2260: the slot is mismatched, but the rules left the claim ungrounded.
    const text = claim('The eu region had 2999 signups.');
    const proposal = { partition: 'ungrounded' as const, type: 'inference' as const, evidence_refs: [], reason: 'set aside by a rule' };
    const evidence = gatherClaimEvidence(text, index, undefined, proposal);
    assert.ok(evidence.slots.some((s) => s.outcome === 'mismatched'));
    const verdict = settleVerdict(proposal, evidence, favouring('contradicted'), { groundedCut: 0, overrides: every });
    assert.equal(verdict.partition, 'ungrounded');
  });
});

describe('offline judge: a bare yes or no keeps the rules\' verdict', () => {
  it('the model, however biased, does not override "No." to a yes-or-no question, nor "Yes."', async () => {
    // The knowledge says Green is a filmmaker and Hagman an actor: "both actors?" is not supported,
    // so "No." is grounded by the rules; "Yes." is not.
    const knowledge = [item('E1', 'David Gordon Green (born April 9, 1975) is an American filmmaker. Larry Hagman was an American film and television actor.', 'paragraph')];
    const question = 'Are David Gordon Green and Larry Hagman both actors?';
    const model = biased('contradicted', [['grounded', 'contradicted'], ['ungrounded', 'contradicted'], ['grounded', 'ungrounded']]);
    // At the default grounded cut: the model's low probability of grounded withholds neither answer (it has no say over them).
    const ask = async (text: string, decision: 'model' | 'rules') => (await createOfflineJudge({ model, decision }).judgeClaims({ claims: [claim(text)], evidence: knowledge, question })).claims[0]!;
    const no = await ask('No.', 'rules');
    assert.equal(no.partition, 'grounded', no.reason);
    assert.equal((await ask('No.', 'model')).partition, 'grounded');
    assert.equal((await ask('Yes.', 'model')).partition, (await ask('Yes.', 'rules')).partition);
    // A statement is the model's to weigh: the same model overrides the rules' verdict on it.
    const statement = 'Larry Hagman was an American actor.';
    assert.notEqual((await ask(statement, 'model')).partition, (await ask(statement, 'rules')).partition);
  });
});
