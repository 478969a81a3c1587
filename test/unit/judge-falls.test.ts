// The offline judge deriving a percentage worded as a fall ("down $2,230 (7.2%)", "dropped 10.4%")
// as a negative change between two of the records' figures. Evidence is parsed by the real
// evidence reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

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
