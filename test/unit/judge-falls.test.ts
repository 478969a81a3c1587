// The offline judge deriving a percentage worded as a fall ("down $2,230 (7.2%)", "dropped 10.4%")
// as a negative change between two of the records' figures. Evidence is parsed by the real
// evidence reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge, judgeReport } from '../support/judge-sources';

const sales = {
  file: 'sales.csv',
  text: ['game_date,stand,transactions,revenue_usd', '2024-08-31,South Brews,2210,30940', '2024-09-14,South Brews,1980,28710'].join('\n'),
};

describe('offline judge: a percentage worded as a fall', () => {
  it('is the change from the earlier figure to the later one, taken as negative', async () => {
    // 28,710 / 30,940 − 1 = −7.21%; 1,980 / 2,210 − 1 = −10.41%.
    const revenue = await judge('South Brews revenue fell, down $2,230 (7.2%).', [sales]);
    assert.equal(revenue.partition, 'grounded', revenue.reason);
    const transactions = await judge('South Brews transactions dropped 10.4%.', [sales]);
    assert.equal(transactions.partition, 'grounded', transactions.reason);
  });

  it('is not met by the same change worded as a rise', async () => {
    const verdict = await judge('South Brews revenue rose 7.2%.', [sales]);
    assert.notEqual(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: a percentage change to or from a figure the claim states', () => {
  const games = {
    file: 'games.csv',
    text: ['game_date,stand,transactions', '2024-08-31,NG,1840', '2024-08-31,SB,2210', '2024-09-14,NG,2025', '2024-09-14,SB,1980'].join('\n'),
  };
  const shifts = {
    file: 'shifts.csv',
    text: ['date,shift,tonnes_crushed', '2024-09-02,day,21450', '2024-09-02,night,19870', '2024-09-03,day,22310'].join('\n'),
  };

  it("is the change between the stated group's total and the one other group of its split", async () => {
    // 14 Sept: 2,025 + 1,980 = 4,005; 31 Aug: 1,840 + 2,210 = 4,050; 4,005 / 4,050 − 1 = −1.1%.
    const verdict = await judge('Transactions fell 1.1% to 4,005.', [games]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
    const wrong = await judge('Transactions fell 4.5% to 4,005.', [games]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });

  it("is the change from a figure the claim gives to the total of the rows, named by the figure's unit", async () => {
    // 21,450 + 19,870 + 22,310 = 63,630 t of tonnes_crushed; 63,630 / 61,000 − 1 = 4.3%; 61,000 t is stated in kpi.log.
    const kpi = { file: 'kpi.log', text: '[tool=kpi row=1] week=2024-W35 tonnes_crushed=61000\n' };
    const verdict = await judge("Throughput rose 4.3% on the previous week's 61,000 t.", [shifts, kpi]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: a claim that points back computes from the sentence before', () => {
  const target = { file: 'targets.json', text: JSON.stringify({ asset: 'PC-1', weekly_target_t: 290000 }, null, 2) };
  const shifts = { file: 'shifts.csv', text: ['date,shift,tonnes_crushed', '2024-09-02,day,150000', '2024-09-03,day,135480'].join('\n') };

  it('"That is 4,520 t short … or 98.4% of target" after the sentence giving 285,480 t', async () => {
    // 150,000 + 135,480 = 285,480 t; 290,000 − 285,480 = 4,520; 285,480 / 290,000 = 98.44%.
    const verdict = await judgeReport(['PC-1 crushed 285,480 t in the week.', 'That is 4,520 t short of the 290,000 t weekly target, or 98.4% of target.'], [target, shifts]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('a wrong shortfall is not made up from the sentence before', async () => {
    // 290,000 − 285,480 is 4,520, not 5,420.
    const verdict = await judgeReport(['PC-1 crushed 285,480 t in the week.', 'That is 5,420 t short of the 290,000 t weekly target.'], [target, shifts]);
    assert.notEqual(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: a whole given after "of" is the part plus another count of its record', () => {
  const trace = { file: 'trace.jsonl', text: JSON.stringify({ type: 'tool_call', tool: 'runnerctl_canary', args: { suite: 'canary-v3' }, result: { passed: 18, failed: 2, duration_s: 412 } }) + '\n' };

  it('"passed 18 of its 20 jobs" against passed=18 failed=2', async () => {
    // 18 + 2 = 20.
    const verdict = await judge('The canary-v3 suite passed 18 of its 20 jobs.', [trace]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('a whole no count of the record makes up is not met', async () => {
    // 18 + 2 = 20, not 21; 412 is a duration.
    const verdict = await judge('The canary-v3 suite passed 18 of its 21 jobs.', [trace]);
    assert.notEqual(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: money with its magnitude glued on, and a change given as an amount', () => {
  const weeks = {
    file: 'funnel.log',
    text: [
      '[tool=warehouse_sql row=1] week=2026-W13 week_start=2026-03-23 orders=14210 revenue_usd=1312740.50',
      '[tool=warehouse_sql row=2] week=2026-W14 week_start=2026-03-30 orders=15102 revenue_usd=1467415.80',
    ].join('\n'),
  };

  it('"$1.47M" is 1,470,000 dollars and "by roughly $255k" is checked against the two weeks\' difference', async () => {
    // 1,467,415.80 − 1,312,740.50 = 154,675.30: about $155k, not $255k.
    const wrong = await judge('Weekly revenue grew by roughly $255k to $1.47M.', [weeks]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    const right = await judge('Weekly revenue grew by roughly $155k to $1.47M.', [weeks]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});
