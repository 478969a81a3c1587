// The offline judge reading a period a claim numbers in words ("from week 38 to week 41", "in
// week 11") as the period a table writes as a code (2024-W38): the number is a label, not a
// figure; a total over a period's rows ("total harvest at EHV-1") is one series of sums; and a
// rank over the rooms of a named site in a named week ranks the rooms.
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand in the
// comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: periods numbered in words, totals over a period', () => {
  const harvest = {
    file: 'harvest.csv',
    text: [
      'week,site,crop,trays,kg_harvested',
      '2024-W38,EHV-1,basil,1150,138.0',
      '2024-W38,EHV-1,lettuce,1820,400.4',
      '2024-W38,ANR-2,basil,980,124.5',
      '2024-W39,EHV-1,basil,1290,167.7',
      '2024-W39,EHV-1,lettuce,1800,399.6',
      '2024-W39,ANR-2,basil,990,126.7',
      '2024-W40,EHV-1,basil,1310,171.6',
      '2024-W40,EHV-1,lettuce,1790,395.6',
      '2024-W40,ANR-2,basil,1000,128.0',
      '2024-W41,EHV-1,basil,1300,169.0',
      '2024-W41,EHV-1,lettuce,1760,370.0',
      '2024-W41,ANR-2,basil,1010,130.2',
    ].join('\n'),
  };

  it('"rose every week from week 38 to week 41" is read over the weeks the table writes as 2024-W38 … 2024-W41', async () => {
    // EHV-1 lettuce: 400.4 → 399.6 → 395.6 → 370.0, falling every week.
    const verdict = await judge('Lettuce harvest at EHV-1 rose every week from week 38 to week 41.', [harvest]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /400\.4 \(2024-W38/);
  });

  it('a rise between two weeks named in words is read between those two rows', async () => {
    // ANR-2 basil: 124.5 in W38, 128.0 in W40: it rose; EHV-1 lettuce 400.4 → 395.6: it fell.
    const rose = await judge('Basil harvest at ANR-2 rose from week 38 to week 40.', [harvest]);
    assert.notEqual(rose.partition, 'contradicted', rose.reason);
    const fell = await judge('Lettuce harvest at EHV-1 rose from week 38 to week 40.', [harvest]);
    assert.equal(fell.partition, 'contradicted', fell.reason);
    assert.match(fell.reason, /400\.4 \(2024-W38.*395\.6 \(2024-W40/);
  });

  it('a total is the sum of the period\'s rows: EHV-1 basil and lettuce added up', async () => {
    // EHV-1 totals: W38 538.4, W39 567.3, W40 567.2, W41 539.0: up, then down twice.
    const every = await judge('Total harvest at EHV-1 rose every week from week 38 to week 41.', [harvest]);
    assert.equal(every.partition, 'contradicted', every.reason);
    assert.match(every.reason, /567\.3 \(2024-W39.*567\.2 \(2024-W40/);
    // W38 538.4 → W39 567.3: the total rose, though lettuce alone fell (400.4 → 399.6).
    const once = await judge('Total harvest at EHV-1 rose from week 38 to week 39.', [harvest]);
    assert.notEqual(once.partition, 'contradicted', once.reason);
  });

  it('the number of "week 11" is no figure to put on a row', async () => {
    const metrics = {
      file: 'uploads.csv',
      text: ['week,uploads,failed_first_try', '2025-W09,3810,12', '2025-W10,3790,11', '2025-W11,3805,61'].join('\n'),
    };
    // "11" numbers the week; W10's failed_first_try happens to be 11, which says nothing about this claim.
    const verdict = await judge('The week 11 spike was caused by the storage incident on 12 March.', [metrics]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a rank over "any room that week" ranks the rooms of the named site and week', async () => {
    const energy = {
      file: 'energy.csv',
      text: [
        'week,site,room,kwh_lighting',
        '2024-W40,ANR-2,R1,4480',
        '2024-W40,ANR-2,R2,4390',
        '2024-W41,EHV-1,R1,5044',
        '2024-W41,ANR-2,R1,4506',
        '2024-W41,ANR-2,R2,5624',
        '2024-W41,ANR-2,R3,5659',
      ].join('\n'),
    };
    // In W41 at ANR-2, R1 used 4,506 kWh, the lowest; R2 5,624 is not.
    const wrong = await judge('In week 41 ANR-2 R2 used the least lighting energy of any room that week.', [energy]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /R1 4506/);
    const right = await judge('In week 41 ANR-2 R1 used the least lighting energy of any room that week.', [energy]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('reads a quarter as the months of a monthly table that it holds, when the claim names that one period', async () => {
    // web_breaks by month, June (Q2) to September (Q3). P3 in Q3: 5 + 6 + 7 = 18; P4 in Q3:
    // 6 + 4 + 3 = 13; over all four months P4 has 5 + 13 = 18, P3 4 + 18 = 22. "In Q3" is July to
    // September: 18 is P3's own total, no other press's.
    const waste = {
      file: 'press_waste.csv',
      text: ['month,press,web_breaks', '2024-06,P3,4', '2024-06,P4,5', '2024-07,P3,5', '2024-07,P4,6', '2024-08,P3,6', '2024-08,P4,4', '2024-09,P3,7', '2024-09,P4,3'].join('\n'),
    };
    const own = await judge('P3 had the most web breaks of any press in Q3, with 18.', [waste], { decision: 'rules' });
    assert.notEqual(own.partition, 'contradicted', own.reason);
    const other = await judge('P4 had 18 web breaks in Q3.', [waste], { decision: 'rules' });
    assert.notEqual(other.partition, 'grounded', other.reason);
  });
});
