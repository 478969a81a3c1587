// The offline judge deriving a figure from the claim's own figures: a total shared out over a
// count the claim gives ("$3,000 over 4 applications, about $750 per application"), and a gap in
// points between two percentages ("up four points, from 88.0% to 92.0%"). The figures it is
// computed from need their own support; expected verdicts are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const summary = {
  file: 'spend.log',
  text: ['2024-06-30T18:00:00Z fungicide_summary month=2024-06 cost_usd=3000 applications=4'].join('\n'),
};

describe('offline judge: a figure per thing the claim computes from its own figures', () => {
  it('is met by the total over the count, written per thing, each or as an average', async () => {
    // 3,000 / 4 = 750.
    for (const text of [
      'June fungicide cost came to $3,000 over 4 applications, or about $750 per application.',
      'June fungicide cost came to $3,000 over 4 applications at about $750 each.',
      'June fungicide cost came to $3,000 over 4 applications, an average of $750.',
    ]) {
      const verdict = await judge(text, [summary]);
      assert.equal(verdict.partition, 'grounded', `${text}: ${verdict.reason}`);
    }
  });

  it('is not met by another share, nor by a figure that is no share at all', async () => {
    // 3,000 / 4 = 750, not 900; "$750 in total" shares nothing out.
    const wrong = await judge('June fungicide cost came to $3,000 over 4 applications, or about $900 per application.', [summary]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
    const total = await judge('June fungicide cost came to $3,000 over 4 applications, with $750 left in the budget.', [summary]);
    assert.notEqual(total.partition, 'grounded', total.reason);
  });
});

describe('offline judge: points between two percentages the claim gives', () => {
  // The percentages are rates of counts (17,583 / 19,980 = 88.0%, 18,400 / 20,000 = 92.0%): no record states them or their gap.
  const rates = {
    file: 'ontime.csv',
    text: ['quarter,depot,on_time,departures', 'Q4,leeds,17583,19980', 'Q1,leeds,18400,20000'].join('\n'),
  };

  it('is met by the gap between them, and not by another', async () => {
    // 92.0 − 88.0 = 4.0 points.
    const four = await judge('The Leeds on-time rate rose by 4 points, from 88.0% in Q4 to 92.0% in Q1.', [rates]);
    assert.equal(four.partition, 'grounded', four.reason);
    const six = await judge('The Leeds on-time rate rose by 6 points, from 88.0% in Q4 to 92.0% in Q1.', [rates]);
    assert.notEqual(six.partition, 'grounded', six.reason);
  });
});

describe('offline judge: a year the record is of is no figure of it', () => {
  it('does not set "season": 2024 against a figure the claim gives beside two the record holds', async () => {
    const budget = { file: 'budget.json', text: JSON.stringify({ club: 'Larchmont', season: 2024, fungicide_budget_usd: 38000, spent_through_may_usd: 9450 }, null, 2) };
    // The record gives $9,450 and $38,000; its 2024 is the season, not the season-to-date spend.
    const verdict = await judge('With $9,450 spent through May, fungicide spend stands at $31,064, about 82% of the $38,000 budget.', [budget]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a figure the claim names as a bar', () => {
  it('is not set against a reading: "over the 12.5 ft ceiling" beside green 7\'s next reading of 12.3', async () => {
    const readings = {
      file: 'stimp.csv',
      text: ['date,green,unit_mowed,rolled,reading_ft', '2024-08-15,4,GM-2,no,11.9', '2024-08-15,7,GM-2,no,12.6', '2024-08-16,4,GM-2,no,12.1', '2024-08-16,7,none,yes,12.3'].join('\n'),
    };
    const plan = { file: 'plan.md', text: '# Championship prep plan\n\n- No green should read above 12.5 ft. If one does, skip the next mow on that green and roll only.\n' };
    // 12.5 ft is the plan's ceiling; 12.3 is green 7's reading on 16 August, no bar.
    const verdict = await judge('Green 7 read 12.6 ft on 15 August, over the 12.5 ft ceiling, so on 16 August it was rolled only and not mowed.', [readings, plan]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
