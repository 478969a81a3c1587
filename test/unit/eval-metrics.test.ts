import * as assert from 'node:assert/strict';
import { bootstrapByGroup, multiClassMetrics } from '../../bench/eval-lib/metrics';

type Pair = { actual: string; predicted: string };
const right: Pair = { actual: 'grounded', predicted: 'grounded' };
const wrong: Pair = { actual: 'grounded', predicted: 'ungrounded' };
const accuracy = (sample: readonly Pair[]): number => multiClassMetrics(['grounded', 'ungrounded'], sample).accuracy;

describe('eval metrics: bootstrap interval over cases', () => {
  it('collapses to the figure when every case scores the same', () => {
    // Each case has 3 of 4 right, so any resample of whole cases is 0.75 right.
    const cases = [0, 1, 2, 3, 4].map(() => [right, right, right, wrong]);
    assert.deepEqual(bootstrapByGroup(cases, accuracy), { low: 0.75, high: 0.75 });
  });

  it('spans the extremes when one case is all right and the other all wrong', () => {
    // Resampling two cases gives 1 (both the right case, p = 1/4), 0.5 (p = 1/2) or 0 (p = 1/4):
    // the 2.5th and 97.5th percentiles are 0 and 1.
    const cases = [
      [right, right],
      [wrong, wrong],
    ];
    assert.deepEqual(bootstrapByGroup(cases, accuracy), { low: 0, high: 1 });
  });

  it('resamples whole cases, not claims: a big case moves the figure as one', () => {
    // One case of 8 right claims and three of 1 wrong claim: 8/11 overall. Resampling claims would
    // rarely stray far from it; resampling cases gives 0 whenever the big case is left out.
    const cases = [Array.from({ length: 8 }, () => right), [wrong], [wrong], [wrong]];
    const { low, high } = bootstrapByGroup(cases, accuracy);
    assert.equal(low, 0);
    assert.ok(high > 8 / 11, `high ${high}`);
  });

  it('is seeded: the same input gives the same interval', () => {
    const cases = [[right, wrong], [right], [wrong, wrong, right], [right, right]];
    assert.deepEqual(bootstrapByGroup(cases, accuracy), bootstrapByGroup(cases, accuracy));
  });

  it('has no interval without cases', () => {
    const { low, high } = bootstrapByGroup<Pair>([], accuracy);
    assert.ok(Number.isNaN(low) && Number.isNaN(high));
  });
});
