// The offline judge against a setting the claim says is on or off, read from a yes/no field that
// names it. Evidence is parsed by the real evidence reader; verdicts are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const account = {
  file: 'account.json',
  text: JSON.stringify({ account_id: 'ACC-20417', tier: 'premium', settings: { auto_approve_non_adapt: false, sms_alerts_enabled: true } }, null, 2),
};

describe('offline judge: a setting said to be on or off against the yes/no field that names it', () => {
  it('is contradicted by the field saying the other way', async () => {
    // auto_approve_non_adapt is false: "switched on" is wrong.
    const on = await judge('Auto-approval for non-adapt remakes is switched on for your account.', [account]);
    assert.equal(on.partition, 'contradicted', on.reason);
    // sms_alerts_enabled is true: "disabled" is wrong.
    const off = await judge('SMS alerts are disabled for your account.', [account]);
    assert.equal(off.partition, 'contradicted', off.reason);
  });

  it('is left alone when the field agrees, when the switch is a condition, or when it is an act at a moment', async () => {
    const agrees = await judge('Auto-approval for non-adapt remakes is switched off for your account.', [account]);
    assert.notEqual(agrees.partition, 'contradicted', agrees.reason);
    const condition = await judge('If auto-approval for non-adapt remakes is switched on, requests skip the review.', [account]);
    assert.notEqual(condition.partition, 'contradicted', condition.reason);
    const denied = await judge('Auto-approval for non-adapt remakes is not switched on for your account.', [account]);
    assert.notEqual(denied.partition, 'contradicted', denied.reason);
    const act = await judge('Auto-approval for non-adapt remakes was switched on at 09:12.', [account]);
    assert.notEqual(act.partition, 'contradicted', act.reason);
  });
});
