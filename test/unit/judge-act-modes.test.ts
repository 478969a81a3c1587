// The offline judge reading how an act was done: a rollback, a pause or a release the claim says
// was automatic ("the controller halted the wave automatically") or manual ("rolled it back by
// hand") against the records of that act, which say it by their own words (auto-rollback,
// "(auto)", "initiated manually"), by a person or a system that started it (operator=j.tanaka,
// "triggered by health gate", by=policy) or by a setting on the record (auto_rollback=false).
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand in the
// comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: how an act was done (automatic or manual)', () => {
  const rollout = {
    file: 'rollout.log',
    text: [
      '2024-06-11T01:02:00Z INFO deployer wave=1 start hosts=api-1,api-2,api-3 version=6.2.0',
      '2024-06-11T01:20:11Z INFO deployer wave=1 complete upgraded=3 failed=0',
      '2024-06-11T01:30:00Z INFO deployer wave=2 start hosts=api-4,api-5 version=6.2.0',
      '2024-06-11T01:41:27Z WARN deployer host=api-4 health check failed 2/2; auto-rollback to 6.1.3 triggered by health gate',
      '2024-06-11T01:47:02Z INFO deployer host=api-4 rollback complete version=6.1.3',
      '2024-06-11T01:52:40Z INFO deployer rollback host=api-5 6.2.0->6.1.3 initiated by operator=m.ferreira',
      '2024-06-11T01:58:13Z INFO deployer wave=2 paused by user=m.ferreira reason="error rate above guardrail"',
      '2024-06-11T02:05:00Z INFO deployer queue hold released (auto) after drain',
    ].join('\n'),
  };

  it('a rollback said to be done by hand is contradicted by its record of an automatic rollback', async () => {
    // api-4's rollback line reads auto-rollback … triggered by health gate: a system did it, not a person.
    const verdict = await judge('M. Ferreira rolled api-4 back to 6.1.3 by hand.', [rollout]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /rollback was manual, E4 shows it automatic/);
  });

  it('a rollback said to be automatic is contradicted by its record of an operator starting it', async () => {
    // api-5's rollback was "initiated by operator=m.ferreira": a person.
    const verdict = await judge('The deployer rolled api-5 back automatically.', [rollout]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /rollback was automatic, E6 shows it manual/);
  });

  it('the same words for the host whose record agrees are not contradicted', async () => {
    // api-4 was rolled back automatically; api-5 by hand: each claim below says what its record says.
    const automatic = await judge('The deployer rolled api-4 back to 6.1.3 automatically.', [rollout]);
    assert.notEqual(automatic.partition, 'contradicted', automatic.reason);
    const manual = await judge('The api-5 rollback was started manually.', [rollout]);
    assert.notEqual(manual.partition, 'contradicted', manual.reason);
  });

  it('a halt said to be automatic is read against the record of the pause, which a user made', async () => {
    // "halted" and "paused" are one act; the pause line names user=m.ferreira.
    const verdict = await judge('The deployer halted wave 2 automatically when the error rate passed the guardrail.', [rollout]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /pause was automatic, E7 shows it manual/);
  });

  it('a release the record marks "(auto)" is not contradicted for being automatic, and is for being manual', async () => {
    const automatic = await judge('The queue hold was released automatically after the drain.', [rollout]);
    assert.notEqual(automatic.partition, 'contradicted', automatic.reason);
    const manual = await judge('The queue hold was released by hand after the drain.', [rollout]);
    assert.equal(manual.partition, 'contradicted', manual.reason);
  });

  it('where records of the act disagree (one automatic, one manual) nothing is contradicted', async () => {
    // No host named: api-4's rollback was automatic, api-5's manual, so "by hand" holds for one of them.
    const verdict = await judge('One host was rolled back by hand.', [rollout]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a setting on the record decides its mode: auto_rollback=false means the rollback that followed was manual', async () => {
    const log = {
      file: 'fwctl.log',
      text: [
        '2024-10-09T02:21:01Z INFO fwctl rollback criteria met for wave 3; awaiting owner decision (auto_rollback=false)',
        '2024-10-09T02:24:30Z INFO fwctl wave 3 readers to 4.7.9 by owner decision',
      ].join('\n'),
    };
    // (The rules' proposal: the retrained model may withhold a contradiction on a two-line log, which is not this test's subject.)
    const verdict = await judge('The rollback of wave 3 was triggered automatically by the read-rate check.', [log], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a plan that enables automatic rollback does not decide how a rollback went when an event record says', async () => {
    // The plan sets auto_rollback true, but the event line shows an operator starting the rollback.
    const plan = { file: 'plan.json', text: JSON.stringify({ change: 'CHG-1', auto_rollback: true, hosts: ['gw-1'] }, null, 2) };
    const log = { file: 'deploy.log', text: '2024-05-02T03:10:00Z INFO rollback gw-1 2.1->2.0 initiated by operator=k.tanaka' };
    const verdict = await judge('gw-1 was rolled back automatically.', [plan, log]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /E1 shows it manual/);
  });

  it('a rule or a capability ("can be rolled back by hand") is no act and is left to the other checks', async () => {
    const verdict = await judge('Operators can roll api-4 back by hand if the health gate fails.', [rollout]);
    assert.doesNotMatch(verdict.reason, /rollback was manual/);
  });

  it('a denial ("was not rolled back by hand") is left to the other checks', async () => {
    const verdict = await judge('api-4 was not rolled back by hand.', [rollout]);
    assert.doesNotMatch(verdict.reason, /rollback was manual/);
  });

  it('a setting of auto_rollback=disabled and a role that asked for the act ("requested by rollout operator") say it was done by hand', async () => {
    const controller = {
      file: 'controller.log',
      text: [
        '2024-11-12T14:50:00Z INFO fleet change=CHG-3107 wave=2 target_fw=4.9.1 auto_rollback=disabled',
        '2024-11-12T15:01:14Z WARN mouldctl[M3] rollback requested by rollout operator image=4.8.3',
        '2024-11-12T15:14:40Z INFO mouldctl[M3] rollback complete version=4.8.3',
      ].join('\n'),
    };
    const automatic = await judge('The controller rolled M3 back to 4.8.3 automatically.', [controller], { decision: 'rules' });
    assert.equal(automatic.partition, 'contradicted', automatic.reason);
    assert.match(automatic.reason, /rollback was automatic/);
  });

  it('"by the on-call engineer" claims a manual act; "approved by the on-call engineer" claims none', async () => {
    const paged = {
      file: 'rollout.log',
      text: [
        '2025-07-08T13:01:47Z WARN scaledeploy rollback to 3.7.4 triggered site=baxter mode=automatic because sync lag 48s exceeded 30s',
        '2025-07-08T13:06:20Z INFO scaledeploy site=baxter rolled back to 3.7.4; page sent to the on-call engineer',
      ].join('\n'),
    };
    const byEngineer = await judge('Baxter was rolled back to 3.7.4 by the on-call engineer.', [paged], { decision: 'rules' });
    assert.equal(byEngineer.partition, 'contradicted', byEngineer.reason);
    const approved = await judge('The Baxter rollback to 3.7.4 was approved by the on-call engineer.', [paged], { decision: 'rules' });
    assert.doesNotMatch(approved.reason, /rollback was manual/);
  });
});

