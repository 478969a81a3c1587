// The offline judge deriving a figure per thing from the claim's own figures: a total shared out
// over a count the claim gives ("$3,000 over 4 applications, about $750 per application"). The
// total and the count need their own support; expected verdicts are worked out by hand.
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
