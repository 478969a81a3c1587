// The score S and decision δ against the test vectors of gsar.md §5 (default weights, ρ = 0.5,
// τ = 0.80 / 0.65). Every expected number below is the spec's, or a hand computation shown inline.
import * as assert from 'node:assert/strict';
import { decide, validateThresholds } from '../../src/core/decision';
import { GroundingInputError, THRESHOLD_PROFILES, type EvidenceType, type Partition } from '../../src/core/model';
import { claimWeight, gsarScore, gsarScoreBreakdown, validateWeights } from '../../src/core/score';

const claim = (type: EvidenceType) => ({ text: type, type, evidence_refs: [] });
function partition(spec: Partial<Record<keyof Partition, EvidenceType[]>>): Partition {
  return {
    grounded: (spec.grounded ?? []).map(claim),
    ungrounded: (spec.ungrounded ?? []).map(claim),
    contradicted: (spec.contradicted ?? []).map(claim),
    complementary: (spec.complementary ?? []).map(claim),
  };
}
const close = (actual: number, expected: number, places = 6) =>
  assert.ok(Math.abs(actual - expected) < 0.5 * 10 ** -places, `expected ${expected}, got ${actual}`);

const appendixE = partition({
  grounded: ['tool_match', 'specific_data'],
  ungrounded: ['inference'],
  complementary: ['complementary_finding'],
  contradicted: ['inference'],
});
const lenient = THRESHOLD_PROFILES.lenient;

describe('GSAR score and decision: the spec test vectors', () => {
  it('Appendix E: 2.80 / 3.70 = 0.756757 → regenerate', () => {
    const b = gsarScoreBreakdown(appendixE);
    close(b.numerator, 2.8);
    close(b.denominator, 3.7);
    close(b.score, 0.756757);
    assert.equal(decide(b.score), 'regenerate');
  });

  it('Appendix E with ρ = 0 → 0.823529 proceed; ρ = 1 → 0.70 regenerate', () => {
    const s0 = gsarScore(appendixE, { rho: 0 });
    close(s0, 0.823529);
    assert.equal(decide(s0), 'proceed');
    const s1 = gsarScore(appendixE, { rho: 1 });
    close(s1, 0.7);
    assert.equal(decide(s1), 'regenerate');
  });

  it('Appendix E with K folded into U → 0.527027 replan', () => {
    const folded = partition({
      grounded: ['tool_match', 'specific_data'],
      ungrounded: ['inference', 'complementary_finding'],
      contradicted: ['inference'],
    });
    const s = gsarScore(folded);
    close(s, 0.527027);
    assert.equal(decide(s), 'replan');
  });

  it('Appendix E with all weights 1.0 → 0.666667 regenerate', () => {
    const ones = Object.fromEntries(
      ['tool_match', 'specific_data', 'signal_match', 'complementary_finding', 'synthesis', 'neg_evidence', 'inference', 'domain'].map(
        (t) => [t, 1],
      ),
    );
    const s = gsarScore(appendixE, { weights: ones });
    close(s, 0.666667);
    assert.equal(decide(s), 'regenerate');
  });

  it('G=[tool_match], U=[inference] → 0.625: replan by default, regenerate when lenient', () => {
    const s = gsarScore(partition({ grounded: ['tool_match'], ungrounded: ['inference'] }));
    close(s, 0.625);
    assert.equal(decide(s), 'replan');
    assert.equal(decide(s, lenient), 'regenerate');
  });

  it('G=[tool_match ×2], U=[inference] → 0.769231 regenerate', () => {
    const s = gsarScore(partition({ grounded: ['tool_match', 'tool_match'], ungrounded: ['inference'] }));
    close(s, 0.769231);
    assert.equal(decide(s), 'regenerate');
  });

  it('G=[tool_match, specific_data], U=[inference] → 0.764706: regenerate, proceed when lenient', () => {
    const s = gsarScore(partition({ grounded: ['tool_match', 'specific_data'], ungrounded: ['inference'] }));
    close(s, 0.764706);
    assert.equal(decide(s), 'regenerate');
    assert.equal(decide(s, lenient), 'proceed');
  });

  it('G=[tool_match ×2, signal_match], K=[complementary_finding], U=[inference] → 0.862069 proceed', () => {
    const s = gsarScore(
      partition({
        grounded: ['tool_match', 'tool_match', 'signal_match'],
        complementary: ['complementary_finding'],
        ungrounded: ['inference'],
      }),
    );
    close(s, 0.862069);
    assert.equal(decide(s), 'proceed');
  });

  it('G=[tool_match], X=[specific_data] → 0.677966 regenerate', () => {
    const s = gsarScore(partition({ grounded: ['tool_match'], contradicted: ['specific_data'] }));
    close(s, 0.677966);
    assert.equal(decide(s), 'regenerate');
  });

  it('G=[tool_match ×2], X=[specific_data] → 0.808081, and 1.0 without X', () => {
    close(gsarScore(partition({ grounded: ['tool_match', 'tool_match'], contradicted: ['specific_data'] })), 0.808081);
    assert.equal(gsarScore(partition({ grounded: ['tool_match', 'tool_match'] })), 1);
  });

  it('G=[synthesis], U=[inference] → 0.571429, then + K=[complementary_finding] → 0.733333', () => {
    close(gsarScore(partition({ grounded: ['synthesis'], ungrounded: ['inference'] })), 0.571429);
    close(
      gsarScore(partition({ grounded: ['synthesis'], ungrounded: ['inference'], complementary: ['complementary_finding'] })),
      0.733333,
    );
  });

  it('empty → 0.5 replan; only K → 1.0 proceed; all U → 0.0 replan', () => {
    const empty = gsarScoreBreakdown(partition({}));
    assert.equal(empty.score, 0.5);
    assert.equal(empty.indifference, 'empty partition');
    assert.equal(decide(empty.score), 'replan');
    const onlyK = gsarScore(partition({ complementary: ['complementary_finding'] }));
    assert.equal(onlyK, 1);
    assert.equal(decide(onlyK), 'proceed');
    const allU = gsarScore(partition({ ungrounded: ['inference', 'domain'] }));
    assert.equal(allU, 0);
    assert.equal(decide(allU), 'replan');
  });

  it('a custom map replaces the defaults: {tool_match: 1.0} only → domain weighs w0 = 0.6 → 0.625 replan', () => {
    const s = gsarScore(partition({ grounded: ['tool_match'], ungrounded: ['domain'] }), { weights: { tool_match: 1.0 } });
    close(s, 0.625);
    assert.equal(decide(s), 'replan');
    // Not merged: specific_data would weigh 0.95 by default, but here falls back to w0.
    assert.equal(claimWeight('specific_data', { tool_match: 1 }), 0.6);
  });

  it('P3 example: G=[tool_match], X=[tool_match] gives 1.0 / 0.6667 / 0.5 for ρ = 0 / 0.5 / 1', () => {
    const p = partition({ grounded: ['tool_match'], contradicted: ['tool_match'] });
    assert.equal(gsarScore(p, { rho: 0 }), 1);
    close(gsarScore(p, { rho: 0.5 }), 2 / 3, 4);
    assert.equal(gsarScore(p, { rho: 1 }), 0.5);
  });

  it('zero denominator → 0.5: all weights zero, or only X with ρ = 0', () => {
    const zero = gsarScoreBreakdown(partition({ grounded: ['tool_match'], ungrounded: ['inference'] }), {
      weights: { tool_match: 0, inference: 0 },
    });
    assert.equal(zero.score, 0.5);
    assert.equal(zero.indifference, 'zero denominator');
    assert.equal(gsarScore(partition({ contradicted: ['tool_match'] }), { rho: 0 }), 0.5);
  });
});

describe('GSAR decision boundaries and thresholds', () => {
  it('both boundaries belong to the upper tier', () => {
    assert.equal(decide(0.8), 'proceed');
    assert.equal(decide(0.65), 'regenerate');
    assert.equal(decide(0.6499999), 'replan');
    assert.equal(decide(0.7999999), 'regenerate');
    assert.equal(decide(1), 'proceed');
    assert.equal(decide(0), 'replan');
  });

  it('strict profile 0.95 / 0.85', () => {
    assert.equal(decide(0.9, THRESHOLD_PROFILES.strict), 'regenerate');
    assert.equal(decide(0.84, THRESHOLD_PROFILES.strict), 'replan');
    assert.equal(decide(0.95, THRESHOLD_PROFILES.strict), 'proceed');
  });

  it('rejects S outside [0, 1] or NaN', () => {
    for (const bad of [-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY]) {
      assert.throws(() => decide(bad), GroundingInputError);
    }
  });

  it('rejects equal thresholds, inverted thresholds and thresholds outside [0, 1]', () => {
    assert.throws(() => validateThresholds({ proceed: 0.7, regenerate: 0.7 }), /strictly below/);
    assert.throws(() => validateThresholds({ proceed: 0.6, regenerate: 0.7 }), /strictly below/);
    assert.throws(() => validateThresholds({ proceed: 1.2, regenerate: 0.5 }), /thresholds\.proceed/);
    assert.throws(() => validateThresholds({ proceed: 0.8, regenerate: -0.1 }), /thresholds\.regenerate/);
    assert.throws(() => decide(0.5, { proceed: 0.5, regenerate: 0.5 }), GroundingInputError);
  });
});

describe('GSAR validation errors', () => {
  const p = partition({ grounded: ['tool_match'] });

  it('ρ outside [0, 1] or NaN is an error, checked before the empty-partition rule', () => {
    for (const rho of [-0.1, 1.5, Number.NaN]) {
      assert.throws(() => gsarScore(p, { rho }), /rho: must be a number in \[0, 1\]/);
      assert.throws(() => gsarScore(partition({}), { rho }), /rho/);
    }
  });

  it('weights must be finite and in [0, 1] (the reference let a negative weight give S = 2.0)', () => {
    assert.throws(() => gsarScore(p, { weights: { tool_match: -1 } }), /weights\.tool_match: weight must be a finite number in \[0, 1\], got -1/);
    assert.throws(() => gsarScore(p, { weights: { tool_match: 1.5 } }), /weights\.tool_match/);
    assert.throws(() => gsarScore(p, { weights: { tool_match: Number.NaN } }), /weights\.tool_match/);
    assert.throws(() => gsarScore(p, { unknownWeight: 2 }), /unknownWeight/);
  });

  it('a weight map naming an unknown evidence type is an error naming it', () => {
    assert.throws(() => validateWeights({ tool_matc: 1 }), /weights\.tool_matc: unknown evidence type "tool_matc"/);
    assert.throws(() => validateWeights([1, 2]), /weights: must be an object/);
  });
});
