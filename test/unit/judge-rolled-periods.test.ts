// The offline judge on a series read at the grain the claim speaks in: quarters added up from
// monthly rows, months from daily rows, a period's rows added up when the claim's figures are
// their totals; the share of yes in a yes/no column, period by period. Part-periods, rows of weeks
// or events, and rates are never added up. Evidence is parsed by the real readers; every expected
// figure is worked out by hand in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Failures by month and circuit. C5: Q3 = 6 + 7 + 5 = 18, Q4 = 8 + 6 + 7 = 21 (a rise).
// C2: Q3 = 14 + 12 + 13 = 39, Q4 = 11 + 10 + 9 = 30 (a fall).
const failures = (months = ['2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12']) => {
  const c5 = [6, 7, 5, 8, 6, 7];
  const c2 = [14, 12, 13, 11, 10, 9];
  return {
    file: 'lamp_failures.csv',
    text: ['month,circuit,lamp_type,lamp_failures', ...months.flatMap((month, i) => [`${month},C5,halogen,${c5[i]}`, `${month},C2,led,${c2[i]}`])].join('\n'),
  };
};

describe('offline judge: quarters added up from monthly rows', () => {
  it('"failures on C5 eased from Q3 to Q4" is contradicted: 18 in Q3, 21 in Q4', async () => {
    const verdict = await judge('Failures on C5 eased slightly from Q3 to Q4.', [failures()], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says "eased", lamp_failures goes from 18 \(2024-Q3, .*\) to 21 \(2024-Q4/);
  });

  it('"failures on C2 eased from Q3 to Q4" is not contradicted: 39 then 30', async () => {
    const verdict = await judge('Failures on C2 eased slightly from Q3 to Q4.', [failures()], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a quarter missing one of its months is not added up: with no December row, Q4 is 8 + 6 = 14 of only two months', async () => {
    const verdict = await judge('Failures on C5 eased slightly from Q3 to Q4.', [failures(['2024-07', '2024-08', '2024-09', '2024-10', '2024-11'])], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

// Daily output for the whole of February (29 days in 2024, 10 t a day: 290 t) and March (31 days,
// 9 t a day: 279 t): March's total is lower although no day rose or fell within a month.
const daily = {
  file: 'daily_tonnes.csv',
  text: [
    'date,line,output_t',
    ...Array.from({ length: 29 }, (_, i) => `2024-02-${String(i + 1).padStart(2, '0')},L1,10`),
    ...Array.from({ length: 31 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')},L1,9`),
  ].join('\n'),
};

// Load tests on irregular dates: fuel per test, August 400 + 410 = 810 l, September 395 l. The
// sum per month counts tests, not use: the calendar is not filled, so nothing is added up.
const tests = {
  file: 'load_tests.csv',
  text: ['test_id,test_date,gen,fuel_l', 'T-1,2024-08-05,G1,400', 'T-2,2024-08-19,G2,410', 'T-3,2024-09-09,G1,395'].join('\n'),
};

describe('offline judge: months added up from daily rows', () => {
  it('"output rose from February to March" is contradicted: 290 t, then 279 t', async () => {
    const verdict = await judge('Output on L1 rose from February to March.', [daily], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /output_t goes from 290 \(2024-02, .*\) to 279 \(2024-03/);
  });

  it('rows of tests on a few dates are not added up into months', async () => {
    const verdict = await judge('Fuel use rose from August to September.', [tests], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /810/);
  });
});

// Discharges by month and hour band. Through the lounge: January 12 + 58 + 41 = 111, February
// 10 + 60 + 35 = 105, March 15 + 62 + 44 = 121. All discharges: 150, 160, 170 each month summed.
const discharges = {
  file: 'discharges_by_hour.csv',
  text: [
    'month,hour_band,discharges,via_lounge',
    '2025-01,08-12,40,12', '2025-01,12-16,70,58', '2025-01,16-20,40,41',
    '2025-02,08-12,45,10', '2025-02,12-16,75,60', '2025-02,16-20,40,35',
    '2025-03,08-12,50,15', '2025-03,12-16,80,62', '2025-03,16-20,40,44',
  ].join('\n'),
};

describe("offline judge: a period's rows added up when the claim's figures are their totals", () => {
  it('"rose each month, from 111 in January to 121 in March" is contradicted: February is 105', async () => {
    const verdict = await judge('Lounge use rose steadily each month, from 111 patients in January to 121 in March.', [discharges], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /via_lounge goes from 111 \(2025-01, .*\) to 105 \(2025-02/);
  });

  it('one figure alone that a total happens to equal is not read as the series ("105 in February")', async () => {
    const verdict = await judge('Lounge use fell to 105 in February.', [discharges], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /goes from 111/);
  });
});

// Events by month: 97 in July, 97 in August, 92 in September.
const events = { file: 'events.csv', text: ['month,region,events', '2024-07,N,50', '2024-07,S,47', '2024-08,N,49', '2024-08,S,48', '2024-09,N,46', '2024-09,S,46'].join('\n') };

describe('offline judge: a level that holds only until a movement', () => {
  it('"flat at 97 in July and August before easing to 92 in September" is not contradicted', async () => {
    const verdict = await judge('Monthly events were flat at 97 in July and August before easing to 92 in September.', [events], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

// Batches on irregular dates with a yes/no first-pass column. July: B1 Y, B2 Y, B3 N, B4 Y → 75%;
// August: B5, B6, B7, B8 all Y → 100%; September: B9 Y, B10 N → 50%.
const batches = {
  file: 'batches_q3.csv',
  text: [
    'batch_id,start_date,shift,qc_first_pass',
    'B1,2024-07-02,day,Y', 'B2,2024-07-09,night,Y', 'B3,2024-07-17,night,N', 'B4,2024-07-25,day,Y',
    'B5,2024-08-01,day,Y', 'B6,2024-08-08,night,Y', 'B7,2024-08-19,day,Y', 'B8,2024-08-28,night,Y',
    'B9,2024-09-04,day,Y', 'B10,2024-09-23,night,N',
  ].join('\n'),
};

describe('offline judge: the share of yes in a yes/no column, month by month', () => {
  it('"the first-pass rate improved every month of the quarter" is contradicted: 75%, 100%, then 50%', async () => {
    const verdict = await judge('The first-pass rate improved every month of the quarter.', [batches], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /qc_first_pass_rate goes from 100 \(2024-08, .*\) to 50 \(2024-09/);
  });

  it('"the first-pass rate improved from July to August" is not contradicted', async () => {
    const verdict = await judge('The first-pass rate improved from July to August.', [batches], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

// Average turnaround by month: P4 150, 148, 148 in Q2 (mean 148.667), 150, 155, 153 in Q3 (mean 152.667).
const turnaround = {
  file: 'deliveries_monthly.csv',
  text: ['month,plant,avg_turnaround_min', '2024-04,P4,150', '2024-05,P4,148', '2024-06,P4,148', '2024-07,P4,150', '2024-08,P4,155', '2024-09,P4,153'].join('\n'),
};

describe("offline judge: an average's quarters read as the mean of their months", () => {
  it('"P4\'s turnaround improved from Q2 to Q3" is contradicted: 148.667 then 152.667 minutes, longer', async () => {
    const verdict = await judge("P4's turnaround improved from Q2 to Q3.", [turnaround], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /avg_turnaround_min goes from 148\.667 \(2024-Q2, .*\) to 152\.667 \(2024-Q3/);
  });

  it('"P4\'s turnaround worsened from Q2 to Q3" is not contradicted', async () => {
    const verdict = await judge("P4's turnaround worsened from Q2 to Q3.", [turnaround], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

// Daily output over ISO weeks 41 (7 to 13 October 2024, 10 t a day: 70 t) and 42 (14 to 20
// October, 9 t a day and 11 t on the Sunday: 65 t): the last day is above the first, the second
// week below the first. And the same line's weekly rows keyed by each week's Monday.
const days = {
  file: 'daily_output.csv',
  text: ['date,line,output_t', ...Array.from({ length: 14 }, (_, i) => `2024-10-${String(7 + i).padStart(2, '0')},L1,${i < 7 ? 10 : i < 13 ? 9 : 11}`)].join('\n'),
};
const weeks = { file: 'weekly_output.csv', text: ['week_start,line,output_t', '2024-10-07,L1,70', '2024-10-14,L1,63', '2024-10-21,L1,80'].join('\n') };

describe('offline judge: weeks added up from daily rows, weekly rows read as they are', () => {
  it('"output on L1 rose week over week" is contradicted by the ISO weeks\' totals: 70 t, then 65 t', async () => {
    const verdict = await judge('Output on L1 rose week over week.', [days], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /output_t goes from 70 \(2024-W41, .*\) to 65 \(2024-W42/);
  });

  it('weekly rows keyed by their Monday are each a week: "rose each week" is contradicted by 70 → 63', async () => {
    const verdict = await judge('Output on L1 rose each week.', [weeks], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /goes from 70 \(2024-10-07, .*\) to 63 \(2024-10-14/);
  });
});
