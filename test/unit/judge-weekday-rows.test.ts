// The offline judge naming a table row by its weekday: in a week of dated rows, "Monday" is the
// one date that falls on a Monday. Evidence is parsed by the real evidence reader; expected verdicts
// are worked out by hand in the comments (2024-06-03 was a Monday, 2024-06-07 a Friday).
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const recon = {
  file: 'recon_daily.csv',
  text: [
    'date,oms_fills,breaks,break_notional_usd',
    '2024-06-03,184220,69,412300',
    '2024-06-04,191045,57,288950',
    '2024-06-05,176830,86,1024500',
    '2024-06-06,203115,44,198400',
    '2024-06-07,221480,178,2310750',
  ].join('\n'),
};

describe('offline judge: a weekday names the dated row of a week that falls on it', () => {
  it("a figure on Monday's row is read against that row", async () => {
    // Monday = 2024-06-03: break_notional_usd=412300.
    const right = await judge("Monday's break notional was $412,300.", [recon]);
    assert.equal(right.partition, 'grounded', right.reason);
    const wrong = await judge("Monday's break notional was $421,300.", [recon]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /412300/);
  });

  it('an amount of money is not read against a column of counts', async () => {
    // Friday's row has breaks=178 (a count); no column gives write-offs in money: not contradicted.
    const verdict = await judge("Friday's breaks cost the desk $18,400 in write-offs.", [recon]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('two weeks of rows leave a weekday ambiguous: one Monday\'s figure is not refuted by the other Monday', async () => {
    // 2024-06-03 and 2024-06-10 are both Mondays: "Monday" names no single row, and $300,000 is
    // the second Monday's. (A figure neither Monday gives, $421,300, is wrong whichever is meant.)
    const twoWeeks = { file: 'recon.csv', text: ['date,breaks,break_notional_usd', '2024-06-03,69,412300', '2024-06-10,50,300000', '2024-06-11,40,100000'].join('\n') };
    const verdict = await judge("Monday's break notional was $300,000.", [twoWeeks]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a rank taken over a set the claim names', () => {
  const shifts = {
    file: 'shift_tonnes.csv',
    text: ['date,shift,tonnes_crushed,run_hours', '2024-09-02,day,21450,10.2', '2024-09-02,night,19870,9.6', '2024-09-03,day,22310,10.6', '2024-09-03,night,18240,8.9', '2024-09-06,day,21770,10.4', '2024-09-06,night,17650,8.5'].join('\n'),
  };

  it('"Tuesday night … the shortest of any night shift" ranks the Tuesday row among the night rows', async () => {
    // Night run_hours: 9.6 (Mon), 8.9 (Tue), 8.5 (Fri): Friday's is the shortest, not Tuesday's.
    // ("shift" names the table's column here, not a change as in "the biggest shift".)
    const wrong = await judge('Tuesday night ran only 8.9 hours, the shortest run time of any night shift.', [shifts]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /8\.5/);
    const right = await judge('Friday night ran only 8.5 hours, the shortest run time of any night shift.', [shifts]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});
