// A query keeps its best candidates without sorting every unit it touched (issue 19): the same
// candidates, in the same order, as sorting them all by score and then evidence order.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { bestFirst } from '../../src/core/retrieval/best-first';

/** The candidates as a full sort gives them. */
function sortedBest(touched: readonly number[], scores: Float64Array, limit: number): number[] {
  return touched
    .map((position) => ({ position, score: scores[position]! }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, limit)
    .map(({ position }) => position);
}

describe('retrieval: best candidates first', () => {
  it('equals a full sort by score, then position, for any scores (ties included) and limit', () => {
    const input = fc.record({
      // Few distinct scores, so ties are common.
      scores: fc.array(fc.integer({ min: 1, max: 6 }).map((n) => n / 4), { minLength: 1, maxLength: 300 }),
      limit: fc.oneof(fc.integer({ min: 0, max: 80 }), fc.constantFrom(-1, 2.5, 1_000)),
      seed: fc.integer(),
    });
    fc.assert(
      fc.property(input, ({ scores, limit, seed }) => {
        const table = Float64Array.from(scores);
        // Touched in a scrambled order, as postings add them.
        const touched = scores.map((_, position) => position).sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101) || a - b);
        assert.deepEqual(bestFirst(touched, table, limit), sortedBest(touched, table, limit));
      }),
      { numRuns: 2_000, seed: 19 },
    );
  });
});
