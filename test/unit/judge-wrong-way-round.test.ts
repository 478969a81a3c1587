// The offline judge against figures or comparisons the wrong way round: two groups' figures, a
// change's two ends (contradictions/swapped-rates.ts, reversed-ends.ts), a comparison said to hold
// in every period (comparisons.ts). Evidence is parsed by the real evidence reader; every
// expected figure is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// matte: 392 + 475 = 867 of 400 + 500 = 900 passed (96.3%); gloss: 282 + 196 = 478 of 300 + 200 = 500 (95.6%).
// W10: 392 + 282 = 674 of 700 (96.3%); W11: 475 + 196 = 671 of 700 (95.9%). L1: W10 392/400 = 98.0%, W11 475/500 = 95.0%.
const runs = {
  file: 'runs.csv',
  text: ['run_id,week,line,coating,units_started,units_passed', 'R1,W10,L1,matte,400,392', 'R2,W10,L2,gloss,300,282', 'R3,W11,L1,matte,500,475', 'R4,W11,L2,gloss,200,196'].join('\n'),
};

describe('offline judge: two groups\' figures given the wrong way round', () => {
  it('is contradicted when each named group\'s rate is the other\'s', async () => {
    const verdict = await judge('Gloss panels passed more often than matte panels, 96.3% against 95.6%.', [runs]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /units_passed over units_started is 95\.60% for gloss and 96\.33% for matte: swapped/);
  });

  it('is left alone when each group keeps its own rate', async () => {
    const verdict = await judge('Matte panels passed more often than gloss panels, 96.3% against 95.6%.', [runs]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  // Germination by cleaning line: CL-1 (97 + 93) / 2 = 95.0%, CL-2 (90 + 87 + 90) / 3 = 89.0%.
  const lots = {
    file: 'lot_tests.csv',
    text: ['lot_id,crop,cleaning_line,warm_germ_pct', 'HX-1,corn,CL-1,97', 'HX-2,corn,CL-2,90', 'HX-3,corn,CL-1,93', 'HX-4,corn,CL-2,87', 'HX-5,corn,CL-2,90'].join('\n'),
  };

  it('reads "averaging" as each group\'s mean of a column, and finds the two means swapped', async () => {
    const verdict = await judge('Corn cleaned on CL-2 tested better than corn from CL-1, averaging 95.0% against 89.0%.', [lots], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /the mean of warm_germ_pct is 89\.00% for CL-2 and 95\.00% for CL-1: swapped/);
    const right = await judge('Corn cleaned on CL-1 tested better than corn from CL-2, averaging 95.0% against 89.0%.', [lots], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

describe('offline judge: a change from one figure to another told the wrong way round', () => {
  it('is contradicted when the first period gives the "to" figure and the last the "from" figure', async () => {
    // No week named: the ends are W10 and W11, over every row (96.3% then 95.9%).
    const all = await judge('The pass rate went from 95.9% to 96.3% over the two weeks.', [runs]);
    assert.equal(all.partition, 'contradicted', all.reason);
    assert.match(all.reason, /96\.29% in W10 and 95\.86% in W11: the other way round/);
    // L1 alone: 98.0% in W10, 95.0% in W11.
    const line = await judge('On L1 the pass rate went from 95.0% to 98.0%.', [runs]);
    assert.equal(line.partition, 'contradicted', line.reason);
  });

  it('is left alone when the change runs from the earlier period to the later', async () => {
    const all = await judge('The pass rate went from 96.3% to 95.9% over the two weeks.', [runs]);
    assert.notEqual(all.partition, 'contradicted', all.reason);
    const line = await judge('On L1 the pass rate went from 98.0% to 95.0%.', [runs]);
    assert.notEqual(line.partition, 'contradicted', line.reason);
  });
});

describe('offline judge: a comparison said to hold in every period', () => {
  // Downtime minutes: week 1 PL-1 25, PL-2 35; week 2 PL-1 15, PL-2 20; week 3 PL-1 30, PL-2 25.
  const packing = {
    file: 'packing.log',
    text: [
      '[tool=packline row=1] week=2024-W36 line=PL-1 packed_kg=30030 downtime_min=25',
      '[tool=packline row=2] week=2024-W36 line=PL-2 packed_kg=33430 downtime_min=35',
      '[tool=packline row=3] week=2024-W37 line=PL-1 packed_kg=29200 downtime_min=15',
      '[tool=packline row=4] week=2024-W37 line=PL-2 packed_kg=32700 downtime_min=20',
      '[tool=packline row=5] week=2024-W38 line=PL-1 packed_kg=28440 downtime_min=30',
      '[tool=packline row=6] week=2024-W38 line=PL-2 packed_kg=32100 downtime_min=25',
    ].join('\n'),
  };

  it('is contradicted by one period the other way round', async () => {
    // W38: PL-2 25 minutes against PL-1 30.
    const verdict = await judge('PL-2 had more downtime than PL-1 in every week.', [packing], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /PL-2 25 .* against PL-1 30/);
  });

  it('is left alone when it holds in every period, or is said of part of the time only', async () => {
    // PL-2 packed more in all three weeks.
    const packed = await judge('PL-2 packed more than PL-1 in every week.', [packing], { decision: 'rules' });
    assert.notEqual(packed.partition, 'contradicted', packed.reason);
    // W36 and W37 only: "the first two weeks" is part of the time, not read week by week here.
    const early = await judge('PL-2 had more downtime than PL-1 in each of the first two weeks.', [packing], { decision: 'rules' });
    assert.notEqual(early.partition, 'contradicted', early.reason);
  });
});

describe('offline judge: a change between two quarters over monthly rows', () => {
  // FD-2: Q2 occupied 24 + 27 + 28 = 79 of 30 + 31 + 30 = 91 days (86.8%); Q3 26 + 26 + 25 = 77 of 92 (83.7%).
  const docks = {
    file: 'dock_metrics.log',
    text: [
      '[tool=dms row=1] month=2024-04 dock=FD-2 occupied_days=24 available_days=30',
      '[tool=dms row=2] month=2024-05 dock=FD-2 occupied_days=27 available_days=31',
      '[tool=dms row=3] month=2024-06 dock=FD-2 occupied_days=28 available_days=30',
      '[tool=dms row=4] month=2024-07 dock=FD-2 occupied_days=26 available_days=31',
      '[tool=dms row=5] month=2024-08 dock=FD-2 occupied_days=26 available_days=31',
      '[tool=dms row=6] month=2024-09 dock=FD-2 occupied_days=25 available_days=30',
    ].join('\n'),
  };

  it('reads each quarter\'s months together, and finds the change told the wrong way round', async () => {
    const verdict = await judge('FD-2\'s occupancy improved, from 84% in Q2 to 87% in Q3.', [docks], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /86\.8% in Q2 and 83\.7% in Q3: the other way round/);
    const right = await judge('FD-2\'s occupancy fell, from 87% in Q2 to 84% in Q3.', [docks], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});
