// The offline judge against a multiple between two groups of rows that their totals do not give
// ("PL-2's damage rate was roughly twice PL-1's"; contradictions/group-multiples.ts). Evidence is
// parsed by the real evidence reader; every total and rate is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// PL-1: damaged 2 + 1 + 1 = 4 of 438 + 413 + 449 = 1,300 kits (0.308%); PL-2: 4 + 6 + 3 = 13 of
// 370 + 402 + 388 = 1,160 (1.121%), ×3.64 PL-1's rate. Staffed hours also bound the damaged kits
// in every row, but they count hours, not kits. Downtime: PL-1 30 + 0 + 15 = 45 min, PL-2 20 + 60 + 10 = 90 (×2).
const packing = {
  file: 'packing_daily.csv',
  text: [
    'date,line,kits_packed,damaged_kits,staffed_hours,downtime_min',
    '2024-09-02,PL-1,438,2,32,30',
    '2024-09-02,PL-2,370,4,32,20',
    '2024-09-03,PL-1,413,1,32,0',
    '2024-09-03,PL-2,402,6,32,60',
    '2024-09-04,PL-1,449,1,32,15',
    '2024-09-04,PL-2,388,3,32,10',
  ].join('\n'),
};

describe('offline judge: a multiple between two groups of rows', () => {
  it('is contradicted when the groups\' rates or totals stand in another ratio', async () => {
    const rate = await judge("PL-2's damage rate was roughly twice PL-1's.", [packing], { decision: 'rules' });
    assert.equal(rate.partition, 'contradicted', rate.reason);
    assert.match(rate.reason, /damaged_kits per kits_packed .*×3\.64/);
    const total = await judge('PL-2 had about three times as much downtime as PL-1.', [packing], { decision: 'rules' });
    assert.equal(total.partition, 'contradicted', total.reason);
    assert.match(total.reason, /the total of downtime_min is 90 against 45/);
  });

  it('is left alone when the ratio holds', async () => {
    const rate = await judge("PL-2's damage rate was more than three times PL-1's.", [packing], { decision: 'rules' });
    assert.notEqual(rate.partition, 'contradicted', rate.reason);
    const total = await judge('PL-2 had twice as much downtime as PL-1.', [packing], { decision: 'rules' });
    assert.notEqual(total.partition, 'contradicted', total.reason);
  });
});
