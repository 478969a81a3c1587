// The offline judge reading a claim that opens with "It" or "Its" as being about the thing the
// claim just before opens with ("Old Town sold … Its average rate rose to €142.50"). Evidence is
// parsed by the real evidence reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judgeReport } from '../support/judge-sources';

describe('offline judge: "It" / "Its" opening a claim', () => {
  const hotels = {
    file: 'results.log',
    text: [
      '[tool=run_sql row=OT-2026-07] property=OT name="Old Town" rooms=120 occupancy_pct=82.0 adr_eur=142.50',
      '[tool=run_sql row=QS-2026-07] property=QS name="Quayside" rooms=90 occupancy_pct=88.5 adr_eur=164.20',
    ].join('\n'),
  };

  it("reads the claim as the previous claim's opening name's, and takes that reading when it grounds", async () => {
    // Old Town's adr_eur is 142.50; the claim as written names no hotel and no word of adr_eur.
    const verdict = await judgeReport(['Old Town sold 3,050 room nights.', 'Its average rate rose to €142.50.'], [hotels]);
    assert.equal(verdict.partition, 'grounded', verdict.reason);
    assert.match(verdict.reason, /reading "Its" as Old Town/);
  });

  it('does not take the reading when the name does not ground it, nor for an impersonal "it is likely"', async () => {
    // Quayside's rate is 164.20, not 142.50: the reading does not ground it.
    const other = await judgeReport(['Quayside sold 2,900 room nights.', 'Its average rate rose to €142.50.'], [hotels]);
    assert.doesNotMatch(other.reason, /reading "Its"/);
    const impersonal = await judgeReport(['Old Town sold 3,050 room nights.', 'It is likely that the average rate rose to €142.50.'], [hotels]);
    assert.doesNotMatch(impersonal.reason, /reading "It"/);
  });
});
