// The offline judge against a figure a claim gives one group that is another group's
// (contradictions/group-figures.ts): "Week 11 was the busiest week, with 224 pallets" while week
// 11's rows add up to 236 and week 10's to 224. Evidence is parsed by the real evidence reader;
// every total and rate is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Week totals of pallets_dispatched: W10 120 + 64 + 40 = 224; W11 130 + 62 + 44 = 236.
// Rejected of dispatched, per retailer: Fairmart (2 + 4) / (120 + 130) = 6 / 250 = 2.4%;
// Greenway (3 + 8) / (64 + 62) = 11 / 126 = 8.7%; Orchard (1 + 0) / (40 + 44) = 1 / 84 = 1.2%.
const dispatch = {
  file: 'dispatch_weekly.csv',
  text: [
    'week,retailer,pallets_dispatched,pallets_rejected',
    '2025-W10,Fairmart,120,2',
    '2025-W10,Greenway,64,3',
    '2025-W10,Orchard,40,1',
    '2025-W11,Fairmart,130,4',
    '2025-W11,Greenway,62,8',
    '2025-W11,Orchard,44,0',
  ].join('\n'),
};

describe('offline judge: a group given another group\'s figure', () => {
  it('is contradicted when a named period\'s total is another period\'s', async () => {
    const verdict = await judge('Week 11 was the busiest dispatch week, with 224 pallets.', [dispatch], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /2025-W11's rows give 236\.0, and 224 is 2025-W10's/);
  });

  it('is contradicted when a named group\'s rate is another group\'s', async () => {
    const verdict = await judge('Orchard had a reject share of 2.4% over the fortnight.', [dispatch], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    const own = await judge('Orchard had a reject share of 1.2% over the fortnight.', [dispatch], { decision: 'rules' });
    assert.notEqual(own.partition, 'contradicted', own.reason);
  });

  it('is left alone when the figure is the group\'s own, or no group\'s', async () => {
    const own = await judge('Week 11 was the busiest dispatch week, with 236 pallets.', [dispatch], { decision: 'rules' });
    assert.notEqual(own.partition, 'contradicted', own.reason);
    // 230 is no week's total: a wrong figure, but not one swapped between groups.
    const none = await judge('Week 11 was the busiest dispatch week, with 230 pallets.', [dispatch], { decision: 'rules' });
    assert.doesNotMatch(none.reason, /is 2025-W10's/);
  });

  it('is left alone when the figure is a target, an average, or written with its own period', async () => {
    const target = await judge('Week 11 missed the 224 pallet target.', [dispatch], { decision: 'rules' });
    assert.doesNotMatch(target.reason, /is 2025-W10's/);
    const average = await judge('Week 11 averaged 224 pallets.', [dispatch], { decision: 'rules' });
    assert.doesNotMatch(average.reason, /is 2025-W10's/);
    const labelled = await judge('Fairmart took 224 pallets in week 10.', [dispatch], { decision: 'rules' });
    assert.doesNotMatch(labelled.reason, /is 2025-W10's/);
  });
});

// Downtime minutes by line and shift: CL-2 lost 25 + 480 + 35 = 540 in total, CL-1 15 + 0 + 10 = 25.
const shifts = {
  file: 'line_shifts.csv',
  text: ['date,line,shift,downtime_min', '2024-10-07,CL-1,day,15', '2024-10-07,CL-2,day,25', '2024-10-08,CL-1,night,0', '2024-10-08,CL-2,night,480', '2024-10-09,CL-1,day,10', '2024-10-09,CL-2,day,35'].join('\n'),
};

describe('offline judge: one row of a group given as its total', () => {
  it('is contradicted when the claim says "in total" and the group\'s rows add up to another figure', async () => {
    const verdict = await judge('CL-2 lost 480 minutes to downtime in total over the week.', [shifts], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /CL-2's 3 rows add up to 540, and 480 minutes is one row's/);
  });

  it('is left alone without a word of a total, and when the total is the group\'s own', async () => {
    // "lost 480 minutes in one night shift" is the row's own figure; 540 is the rows' sum.
    const shift = await judge('CL-2 lost 480 minutes to downtime on the night shift of 8 October.', [shifts], { decision: 'rules' });
    assert.notEqual(shift.partition, 'contradicted', shift.reason);
    const total = await judge('CL-2 lost 540 minutes to downtime in total over the week.', [shifts], { decision: 'rules' });
    assert.notEqual(total.partition, 'contradicted', total.reason);
  });
});
