// The offline judge reading a denial bounded by an event ("ED-ADC-02 recorded no drawer faults
// after the upgrade"): the event is the named entity's own (its upgrade, not the first upgrade of
// the rollout), and records of later days are after it whatever their clock time.
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand in the
// comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: denials bounded by an event of the named entity', () => {
  const rollout = {
    file: 'rollout.log',
    text: [
      '2024-10-08T21:04:03Z INFO deployer cabinet=4W-ADC-01 upgrade complete version=7.5.0',
      '2024-10-15T20:41:10Z INFO deployer cabinet=ED-ADC-02 upgrade complete version=7.5.0',
    ].join('\n'),
  };
  const metrics = {
    file: 'metrics.log',
    text: [
      '[tool=dk-metrics row=1] ts=2024-10-14T12:00Z cabinet=ED-ADC-02 version=7.4.2 drawer_faults_24h=3 transactions=1296',
      '[tool=dk-metrics row=2] ts=2024-10-16T12:00Z cabinet=ED-ADC-02 version=7.5.0 drawer_faults_24h=2 transactions=1311',
    ].join('\n'),
  };

  it('a row of the next day, at an earlier clock time than the upgrade, is after it', async () => {
    // ED-ADC-02 was upgraded on 15 Oct at 20:41; the 16 Oct 12:00 row has drawer_faults_24h=2.
    const verdict = await judge('ED-ADC-02 recorded no drawer faults after the upgrade.', [rollout, metrics]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /metrics\.log:E2 shows one/);
  });

  it('with no faults after the named cabinet\'s upgrade, the same denial is not contradicted by the row before it', async () => {
    // Only the 14 Oct row (before the 15 Oct upgrade) shows faults here.
    const before = { file: 'metrics.log', text: metrics.text.split('\n')[0]! };
    const verdict = await judge('ED-ADC-02 recorded no drawer faults after the upgrade.', [rollout, before]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
