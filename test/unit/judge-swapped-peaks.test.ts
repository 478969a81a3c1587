// A figure put on the wrong member: a peak beyond every reading of the measure for the member the
// claim names, or the one figure of a claim that none of its readings give, while another member's
// record (the same field naming another member) gives exactly that figure. A figure nobody's
// readings give is not in evidence, not contradicted. Evidence is parsed by the real
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

describe('offline judge: a reading put on the wrong member', () => {
  // db-1's cpu_pct is 88.4 and 86.0; db-2's is 21.7 and 23.0.
  const cpu = {
    file: 'metrics.log',
    text: [
      '[tool=metrics row=1] ts=2024-03-02T09:00Z host=db-1 cpu_pct=88.4',
      '[tool=metrics row=2] ts=2024-03-02T09:00Z host=db-2 cpu_pct=21.7',
      '[tool=metrics row=3] ts=2024-03-02T09:05Z host=db-1 cpu_pct=86.0',
      '[tool=metrics row=4] ts=2024-03-02T09:05Z host=db-2 cpu_pct=23.0',
    ].join('\n'),
  };

  it('"db-2 was similarly saturated, at about 88% CPU" is contradicted: 88.4% is db-1\'s', async () => {
    const verdict = await judge('The replica db-2 was similarly saturated, at about 88% CPU.', [cpu], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });

  it("db-2's own reading is not contradicted", async () => {
    // 22% is db-2's 21.7 to the figure's precision.
    const verdict = await judge('The replica db-2 was lightly loaded, at about 22% CPU.', [cpu], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
