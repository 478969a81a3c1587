// A peak put on the wrong member: the claimed peak lies beyond every reading of the measure for
// the member the claim names, and another member's record (the same field naming another member)
// gives exactly that figure. A peak nobody's readings give is not in evidence, not contradicted. Evidence is parsed by the real
// readers; every expected verdict is reasoned out in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// ams2's rebuffer_pct runs 0.5, 0.5, 1.1, 1.4 (highest 1.4); fra1's runs 0.6, 1.8, 2.9, 2.2.
const metrics = {
  file: 'metrics.log',
  text: [
    ['03:30', 'fra1', 94.1, 0.6],
    ['03:30', 'ams2', 93.8, 0.5],
    ['03:45', 'fra1', 93.0, 1.8],
    ['03:45', 'ams2', 93.9, 0.5],
    ['04:00', 'fra1', 91.2, 2.9],
    ['04:00', 'ams2', 93.7, 1.1],
    ['04:15', 'fra1', 91.9, 2.2],
    ['04:15', 'ams2', 93.6, 1.4],
  ]
    .map(([time, pop, hit, rebuffer], row) => `[tool=metrics row=${row + 1}] ts=2024-09-17T${time}Z pop=${pop} edge_hit_ratio_pct=${hit} rebuffer_pct=${rebuffer}`)
    .join('\n'),
};

describe('offline judge: a peak put on the wrong member', () => {
  it("\"ams2 … peaking at 2.9%\" is contradicted: ams2 never went above 1.4%, 2.9% is fra1's", async () => {
    const verdict = await judge('ams2 was hit just as hard, also peaking at 2.9%.', [metrics], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /1\.4/);
  });

  it("fra1's own peak of 2.9% is not contradicted", async () => {
    const verdict = await judge('fra1 was hit hardest, peaking at 2.9%.', [metrics], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a peak no record gives (3.5%) is not contradicted by this check', async () => {
    // Beyond ams2's readings, but no member's: nothing says whose it is, so nothing contradicts it here.
    const verdict = await judge('ams2 was hit just as hard, also peaking at 3.5%.', [metrics], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
