// The offline judge against "at the first attempt" when a member's check failed before it passed:
// a failed try of the claim's check by a member it covers, before a later record of that member,
// and a count of attempts at a check the claim names. Evidence is parsed by the real evidence
// reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const log = {
  file: 'controller.log',
  text: [
    '2024-07-02T06:02:10Z INFO wither-ctl WT-01 health_check rh_dev_pct=1.9 result=pass',
    '2024-07-02T06:06:44Z WARN wither-ctl WT-02 health_check rh_dev_pct=6.2 result=fail reason="rh sensor deviation above 5%"',
    '2024-07-02T06:09:10Z INFO wither-ctl WT-02 rh sensor recalibrated user=m.rajapaksa',
    '2024-07-02T06:11:35Z INFO wither-ctl WT-02 health_check rh_dev_pct=2.1 result=pass',
    '2024-07-02T06:15:02Z INFO wither-ctl WT-03 health_check rh_dev_pct=1.4 result=pass',
  ].join('\n'),
};
const rollout = { file: 'rollout.json', text: JSON.stringify({ printers: [{ id: 'prn-01', selftest: 'pass', cal_print_attempts: 1 }, { id: 'prn-02', selftest: 'pass', cal_print_attempts: 2 }] }, null, 2) };

describe('offline judge: a first attempt a failed try belies', () => {
  it('is contradicted by a failed check of a covered member before its pass, or by a count of attempts', async () => {
    // WT-02 failed its first health check at 06:06 and passed at 06:11.
    const troughs = await judge('All three troughs passed their health checks at the first attempt.', [log]);
    assert.equal(troughs.partition, 'contradicted', troughs.reason);
    // prn-02 needed two calibration prints.
    const printers = await judge('Every printer passed its calibration print at the first try.', [rollout]);
    assert.equal(printers.partition, 'contradicted', printers.reason);
  });

  it('is left alone for a member that passed at once, and for a claim of what failed', async () => {
    const wt03 = await judge('WT-03 passed its health check at the first attempt.', [log]);
    assert.notEqual(wt03.partition, 'contradicted', wt03.reason);
    const failed = await judge('The trough that failed its health check on the first attempt was WT-02.', [log]);
    assert.notEqual(failed.partition, 'contradicted', failed.reason);
  });
});
