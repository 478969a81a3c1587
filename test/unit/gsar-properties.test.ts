// The six properties of GSAR (gsar.md §4, Appendix A) and the extra invariants, as property
// tests over random partitions, weights in [0, 1] and ρ in [0, 1]. Each runs 1,000 cases.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { decide } from '../../src/core/decision';
import { EVIDENCE_TYPES, type Claim, type EvidenceType, type Partition } from '../../src/core/model';
import { claimWeight, gsarScore } from '../../src/core/score';

const RUNS = { numRuns: 1000 };
/** Differences this small are rounding, not a change of S. */
const EPS = 1e-12;

const evidenceType = fc.constantFrom(...EVIDENCE_TYPES);
const claim = evidenceType.map((type): Claim => ({ text: `a ${type} claim`, type, evidence_refs: [] }));
const bucket = fc.array(claim, { maxLength: 6 });
const partitionArb = fc.record({ grounded: bucket, ungrounded: bucket, contradicted: bucket, complementary: bucket });
/**
 * A weight or ρ in [0, 1]: exactly 0, or at least 0.001. The properties are about real numbers;
 * subnormal doubles (5e-324) would only test floating-point underflow, where strictness is lost.
 */
const unit = fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0.001, max: 1, noNaN: true }));
/** A full weight map: every type present, each weight in [0, 1]. */
const weightsArb = fc.tuple(...EVIDENCE_TYPES.map(() => unit)).map(
  (values) => Object.fromEntries(EVIDENCE_TYPES.map((type, i) => [type, values[i]])) as Record<EvidenceType, number>,
);
const setting = fc.record({ weights: weightsArb, rho: unit });

type Setting = { weights: Record<EvidenceType, number>; rho: number };
const score = (p: Partition, s: Setting) => gsarScore(p, s);
const W = (claims: Claim[], s: Setting) => claims.reduce((sum, c) => sum + claimWeight(c.type, s.weights), 0);
const isEmpty = (p: Partition) => p.grounded.length + p.ungrounded.length + p.contradicted.length + p.complementary.length === 0;

describe('GSAR properties (fast-check, 1,000 cases each)', () => {
  it('P1 boundedness: S ∈ [0, 1] for every partition', () => {
    fc.assert(
      fc.property(partitionArb, setting, (p, s) => {
        const S = score(p, s);
        assert.ok(S >= 0 && S <= 1, `S = ${S}`);
      }),
      RUNS,
    );
  });

  it('P2 monotonicity in G: moving a claim from U to G never lowers S, strictly raises it when its weight > 0', () => {
    fc.assert(
      fc.property(partitionArb, claim, setting, (p, moved, s) => {
        const before = score({ ...p, ungrounded: [...p.ungrounded, moved] }, s);
        const after = score({ ...p, grounded: [...p.grounded, moved] }, s);
        assert.ok(after >= before - EPS, `${after} < ${before}`);
        if (claimWeight(moved.type, s.weights) >= 1e-6) assert.ok(after > before, `not strictly: ${after} vs ${before}`);
      }),
      RUNS,
    );
  });

  it('P3 monotonicity in X: adding a contradicted claim never raises S; strictly lowers it iff ρ·w > 0 and S > 0', () => {
    fc.assert(
      fc.property(partitionArb, claim, setting, (p, added, s) => {
        const before = score(p, s);
        const after = score({ ...p, contradicted: [...p.contradicted, added] }, s);
        assert.ok(after <= before + EPS, `${after} > ${before}`);
        const penalty = s.rho * claimWeight(added.type, s.weights);
        if (penalty >= 1e-6 && before > 0) assert.ok(after < before, `not strictly lower: ${after} vs ${before}`);
        if (penalty === 0 && !isEmpty(p)) assert.ok(Math.abs(after - before) <= EPS, 'changed with ρ·w = 0');
        if (before === 0) assert.equal(after, 0);
      }),
      RUNS,
    );
  });

  it('P3: the drop from a contradiction grows with ρ (worked example 1.0 / 0.6667 / 0.5 pinned in the vector tests)', () => {
    fc.assert(
      fc.property(partitionArb, weightsArb, unit, unit, (p, weights, r1, r2) => {
        const [lo, hi] = r1 <= r2 ? [r1, r2] : [r2, r1];
        assert.ok(score(p, { weights, rho: hi }) <= score(p, { weights, rho: lo }) + EPS);
      }),
      RUNS,
    );
  });

  it('P4 complementary value: adding a K claim never lowers S; strictly raises it iff w > 0 and S < 1', () => {
    fc.assert(
      fc.property(partitionArb, claim, setting, (p, added, s) => {
        const before = score(p, s);
        const after = score({ ...p, complementary: [...p.complementary, added] }, s);
        assert.ok(after >= before - EPS, `${after} < ${before}`);
        const w = claimWeight(added.type, s.weights);
        if (w >= 1e-6 && before < 1 - 1e-9) assert.ok(after > before, `not strictly higher: ${after} vs ${before}`);
        if (before === 1) assert.equal(after, 1);
      }),
      RUNS,
    );
  });

  it('P5 contradiction non-suppression: S(C∖X) ≥ S(C), strictly iff ρ·W(X) > 0 and S(C∖X) > 0', () => {
    fc.assert(
      fc.property(partitionArb, setting, (p, s) => {
        const withX = score(p, s);
        const withoutX = score({ ...p, contradicted: [] }, s);
        assert.ok(withoutX >= withX - EPS, `dropping X lowered S: ${withoutX} < ${withX}`);
        if (s.rho * W(p.contradicted, s) >= 1e-6 && withoutX > 0) assert.ok(withoutX > withX, 'dropping X did not inflate S');
      }),
      RUNS,
    );
  });

  it('P6 inference–observation asymmetry: a grounded inference scores strictly below a grounded tool_match when b > 0', () => {
    fc.assert(
      fc.property(partitionArb, setting, fc.double({ min: 0.001, max: 1, noNaN: true }), (p, s, gap) => {
        // Any map where inference weighs less than tool_match (as the defaults 0.6 < 1.0 do).
        const weights = { ...s.weights, inference: Math.max(0, s.weights.tool_match - gap) };
        if (weights.tool_match - weights.inference < 1e-3) return;
        const setting2 = { weights, rho: s.rho };
        const asInference = score({ ...p, grounded: [...p.grounded, { text: 'x', type: 'inference', evidence_refs: [] }] }, setting2);
        const asToolMatch = score({ ...p, grounded: [...p.grounded, { text: 'x', type: 'tool_match', evidence_refs: [] }] }, setting2);
        const b = W(p.ungrounded, setting2) + s.rho * W(p.contradicted, setting2);
        if (b >= 1e-6) assert.ok(asInference < asToolMatch, `${asInference} !< ${asToolMatch}`);
        if (p.ungrounded.length === 0 && p.contradicted.length === 0 && W(p.grounded, setting2) + W(p.complementary, setting2) + weights.inference > 0) {
          assert.equal(asInference, 1);
          assert.equal(asToolMatch, 1);
        }
      }),
      RUNS,
    );
  });

  it('P6 with the default weights: G=[x], U=[inference] gives 0.5 for x = inference and 0.625 for tool_match', () => {
    const u = [{ text: 'u', type: 'inference' as const, evidence_refs: [] }];
    const empty = { grounded: [], contradicted: [], complementary: [] };
    assert.equal(gsarScore({ ...empty, ungrounded: u, grounded: [{ text: 'g', type: 'inference', evidence_refs: [] }] }), 0.5);
    assert.equal(gsarScore({ ...empty, ungrounded: u, grounded: [{ text: 'g', type: 'tool_match', evidence_refs: [] }] }), 0.625);
  });

  it('extra: S is unchanged when every weight is scaled by c > 0', () => {
    fc.assert(
      fc.property(partitionArb, setting, fc.double({ min: 0.01, max: 1, noNaN: true }), (p, s, c) => {
        const scaled = Object.fromEntries(Object.entries(s.weights).map(([t, w]) => [t, w * c])) as Record<EvidenceType, number>;
        const a = score(p, s);
        const b = score(p, { weights: scaled, rho: s.rho });
        // Scaling can push a tiny denominator to exactly 0 (then S = 0.5); compare only well-conditioned cases.
        const denominator = W(p.grounded, s) + W(p.ungrounded, s) + s.rho * W(p.contradicted, s) + W(p.complementary, s);
        if (denominator * c > 1e-9) assert.ok(Math.abs(a - b) < 1e-9, `${a} vs ${b}`);
      }),
      RUNS,
    );
  });

  it('extra: S is unchanged by claim order', () => {
    fc.assert(
      fc.property(partitionArb, setting, fc.integer(), (p, s, seed) => {
        const shuffle = (claims: Claim[]) => [...claims].sort((a, b) => ((a.type.length * 31 + seed) % 7) - ((b.type.length * 31 + seed) % 7)).reverse();
        const reordered = {
          grounded: shuffle(p.grounded),
          ungrounded: shuffle(p.ungrounded),
          contradicted: shuffle(p.contradicted),
          complementary: shuffle(p.complementary),
        };
        assert.ok(Math.abs(score(p, s) - score(reordered, s)) < 1e-12);
      }),
      RUNS,
    );
  });

  it('extra: δ is monotone in S', () => {
    const rank = { replan: 0, regenerate: 1, proceed: 2 } as const;
    const thresholdsArb = fc
      .tuple(unit, unit)
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => ({ regenerate: Math.min(a, b), proceed: Math.max(a, b) }));
    fc.assert(
      fc.property(unit, unit, thresholdsArb, (s1, s2, thresholds) => {
        const [lo, hi] = s1 <= s2 ? [s1, s2] : [s2, s1];
        assert.ok(rank[decide(lo, thresholds)] <= rank[decide(hi, thresholds)]);
      }),
      RUNS,
    );
  });
});
