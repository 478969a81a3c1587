// Algorithm 1 (gsar.md §6): the loop scenarios of the spec, driven by scripted judges.
import * as assert from 'node:assert/strict';
import { runGsarLoop, type LoopOptions } from '../../src/core/loop';
import { safeDefaultJudgeOutput, type EvidenceType, type JudgeOutput } from '../../src/core/model';

const c = (type: EvidenceType) => ({ text: type, type, evidence_refs: [] });
function output(
  buckets: Partial<Record<'grounded' | 'ungrounded' | 'contradicted' | 'complementary', EvidenceType[]>>,
): JudgeOutput {
  return {
    grounding_score: 0.99, // the judge's own scalar: must never be used as S
    is_grounded: true,
    grounded_claims: (buckets.grounded ?? []).map(c),
    ungrounded_claims: (buckets.ungrounded ?? []).map(c),
    contradicted_claims: (buckets.contradicted ?? []).map(c),
    complementary_claims: (buckets.complementary ?? []).map(c),
    gaps: [],
    contradictions: [],
    verification_needed: false,
    verification_reason: '',
    explanation: 'scripted',
    decision_status: 'resolved',
    abstain_reason: null,
  };
}

/** G: a proceed output; E: Appendix E (S = 0.7568, regenerate); T7: U=[inference ×2], X=[specific_data] (S = 0, replan). */
const G = () => output({ grounded: ['tool_match'] });
const E = () => output({ grounded: ['tool_match', 'specific_data'], ungrounded: ['inference'], complementary: ['complementary_finding'], contradicted: ['inference'] });
const T7 = () => output({ ungrounded: ['inference', 'inference'], contradicted: ['specific_data'] });
const ABSTAIN = () => safeDefaultJudgeOutput('evidence was empty');
const EMPTY_RESOLVED = () => output({});

/** A scripted run: the judge returns `script[i]` on call i (the last entry repeats forever). */
function scripted(script: Array<() => JudgeOutput>, overrides: Partial<LoopOptions<string, string[]>> = {}) {
  const calls = { judge: 0, regenerate: 0, replan: 0 };
  const options: LoopOptions<string, string[]> = {
    synthesis: 'report v0',
    evidence: ['e0'],
    judge: async () => script[Math.min(calls.judge++, script.length - 1)](),
    regenerate: async (s) => {
      calls.regenerate += 1;
      return `${s} +regen`;
    },
    replan: async (s, e) => {
      calls.replan += 1;
      return { synthesis: `${s} +replan`, evidence: [...e, `e${calls.replan}`] };
    },
    ...overrides,
  };
  return { calls, run: () => runGsarLoop(options) };
}

describe('GSAR loop (Algorithm 1): the spec scenarios', () => {
  it('[G] → proceed in 1 round', async () => {
    const { calls, run } = scripted([G]);
    const r = await run();
    assert.equal(r.finalDecision, 'proceed');
    assert.equal(r.trajectory.length, 1);
    assert.equal(calls.judge, 1);
    assert.equal(r.degraded, false);
    assert.equal(r.finalScore, 1);
  });

  it('[E, G] → 1 regeneration, then proceed', async () => {
    const { calls, run } = scripted([E, G]);
    const r = await run();
    assert.deepEqual([r.regenerationsUsed, r.replansUsed, r.trajectory.length], [1, 0, 2]);
    assert.equal(r.trajectory[0].decision, 'regenerate');
    assert.ok(Math.abs(r.trajectory[0].score - 2.8 / 3.7) < 1e-12, 'S recomputed from the partition, not the judge scalar 0.99');
    assert.equal(r.finalDecision, 'proceed');
    assert.equal(r.finalReport, 'report v0 +regen');
    assert.equal(calls.replan, 0);
  });

  it('[T7, G] → 1 replan, then proceed, with the replanned evidence', async () => {
    const r = await scripted([T7, G]).run();
    assert.equal(r.trajectory[0].score, 0);
    assert.equal(r.trajectory[0].decision, 'replan');
    assert.equal(r.replansUsed, 1);
    assert.equal(r.regenerationsUsed, 0);
    assert.equal(r.finalDecision, 'proceed');
    assert.deepEqual(r.finalEvidence, ['e0', 'e1']);
    assert.equal(r.degraded, false);
  });

  it('[abstain, G] → round 0 is abstain, 1 replan, then proceed', async () => {
    const r = await scripted([ABSTAIN, G]).run();
    assert.equal(r.trajectory[0].decision, 'abstain');
    assert.equal(r.trajectory[0].score, 0.5);
    assert.equal(r.replansUsed, 1);
    assert.equal(r.finalDecision, 'proceed');
  });

  it('[T7 forever] → 2 replans, 3 rounds, degraded, no 4th judge call', async () => {
    const { calls, run } = scripted([T7]);
    const r = await run();
    assert.equal(r.replansUsed, 2);
    assert.equal(r.trajectory.length, 3);
    assert.equal(calls.judge, 3);
    assert.equal(calls.replan, 2);
    assert.equal(r.degraded, true);
    assert.equal(r.stopReason, 'replan budget exhausted');
    assert.equal(r.finalReport, 'report v0 +replan +replan', 'the last report is returned, flagged');
  });

  it('[E forever] → 10 regenerations, 11 rounds, degraded by the rounds cap', async () => {
    const { calls, run } = scripted([E]);
    const r = await run();
    assert.equal(r.regenerationsUsed, 10);
    assert.equal(r.trajectory.length, 11);
    assert.equal(calls.judge, 11);
    assert.equal(r.degraded, true);
    assert.equal(r.stopReason, 'rounds cap reached');
    assert.deepEqual(
      r.trajectory.map((round) => round.iteration),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
  });

  it('[T7] with k_max = 0 → 1 round, degraded, replan never called', async () => {
    const { calls, run } = scripted([T7], { kMax: 0 });
    const r = await run();
    assert.equal(r.trajectory.length, 1);
    assert.equal(calls.replan, 0);
    assert.equal(r.degraded, true);
  });

  it('resolved-but-empty partitions forever → S = 0.5 → replan ×2, degraded', async () => {
    const r = await scripted([EMPTY_RESOLVED]).run();
    assert.ok(r.trajectory.every((round) => round.score === 0.5 && round.decision === 'replan'));
    assert.equal(r.replansUsed, 2);
    assert.equal(r.degraded, true);
  });

  it('a run that reaches proceed exactly at the cap is not degraded (ours: the reference flagged it)', async () => {
    // k_max = 2 → cap of 10 repair rounds; E ×10 then G: the 11th round proceeds.
    const script = [...Array.from({ length: 10 }, () => E), G];
    const r = await scripted(script).run();
    assert.equal(r.trajectory.length, 11);
    assert.equal(r.finalDecision, 'proceed');
    assert.equal(r.degraded, false);
  });

  it('the rounds cap is a setting', async () => {
    const r = await scripted([E], { roundsCap: 3 }).run();
    assert.equal(r.regenerationsUsed, 3);
    assert.equal(r.trajectory.length, 4);
    assert.equal(r.degraded, true);
  });
});

describe('GSAR loop: robustness', () => {
  it('a judge that throws becomes the safe default (abstain → replan), never an exception', async () => {
    let n = 0;
    const r = await runGsarLoop({
      synthesis: 's',
      evidence: [] as string[],
      judge: async () => {
        if (n++ === 0) throw new Error('connection refused');
        return G();
      },
      regenerate: async (s) => s,
      replan: async (s, e) => ({ synthesis: s, evidence: e }),
    });
    assert.equal(r.trajectory[0].decision, 'abstain');
    assert.match(r.trajectory[0].judgeOutput.abstain_reason ?? '', /^judge model call failed: connection refused/);
    assert.equal(r.finalDecision, 'proceed');
  });

  it('a judge output outside the contract becomes the safe default with the parse reason', async () => {
    const bad = { ...G(), decision_status: 'grounded' } as unknown as JudgeOutput;
    const r = await scripted([() => bad], { kMax: 0 }).run();
    assert.equal(r.finalDecision, 'abstain');
    assert.match(r.finalJudgeOutput.abstain_reason ?? '', /^judge output parse failed: decision_status/);
    assert.equal(r.degraded, true);
  });

  it('an abstaining output without a reason is refused by the schema', async () => {
    const noReason = { ...G(), decision_status: 'abstain', abstain_reason: '' } as JudgeOutput;
    const r = await scripted([() => noReason], { kMax: 0 }).run();
    assert.match(r.finalJudgeOutput.abstain_reason ?? '', /abstain_reason is required/);
  });

  it('a failing repair stops the loop degraded with the reason', async () => {
    const r = await scripted([E], {
      regenerate: async () => {
        throw new Error('model unavailable');
      },
    }).run();
    assert.equal(r.degraded, true);
    assert.equal(r.stopReason, 'repair failed: model unavailable');
    assert.equal(r.trajectory.length, 1);
  });

  it('cancellation rejects with the abort reason and stops judging', async () => {
    const controller = new AbortController();
    const { calls, run } = scripted([E], {
      signal: controller.signal,
      regenerate: async (s) => {
        controller.abort(new Error('user cancelled'));
        return s;
      },
    });
    await assert.rejects(run(), /user cancelled/);
    assert.equal(calls.judge, 1);
  });

  it('invalid settings fail before the first judge call', async () => {
    for (const overrides of [{ kMax: -1 }, { roundsCap: 1.5 }, { rho: 2 }, { thresholds: { proceed: 0.6, regenerate: 0.6 } }]) {
      const { calls, run } = scripted([G], overrides);
      await assert.rejects(run());
      assert.equal(calls.judge, 0);
    }
  });
});
