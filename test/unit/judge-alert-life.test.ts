// The offline judge on how long an alert the claim names by its words was open: the one signal
// whose id holds those words (a part of the id opening a word: BET-FAIL for "bet-failure"), from
// its fired record to its cleared record. Evidence is parsed by the real evidence reader.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const alerts = {
  file: 'alerts.log',
  text: [
    '[signal] alert_id=TOTE-DB-LAT-02 fired_at=2024-07-13T13:52:55Z severity=warning host=tote-db-1',
    '[signal] alert_id=TOTE-BET-FAIL-01 fired_at=2024-07-13T13:54:05Z severity=critical host=tote-app-1',
    '[signal] alert_id=TOTE-DB-LAT-02 cleared_at=2024-07-13T14:25:10Z',
    '[signal] alert_id=TOTE-BET-FAIL-01 cleared_at=2024-07-13T14:19:30Z',
  ].join('\n'),
};

describe('offline judge: the life of an alert named by its words', () => {
  it('reads "bet-failure" as TOTE-BET-FAIL-01 and its fired-to-cleared span', async () => {
    // 13:54:05 to 14:19:30 is 25 min 25 s, not about 16 minutes.
    const claim = await judge('The bet-failure alert was active for about 16 minutes.', [alerts]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /tote-bet-fail-01/i);
    assert.notEqual((await judge('The bet-failure alert was active for about 25 minutes.', [alerts])).partition, 'contradicted');
  });

  it('leaves a length that comes before the alert alone', async () => {
    // "for more than 3 minutes, without waiting for the bet-failure alert": a rule's wait, not the alert's life.
    const claim = await judge('The runbook says to suspend pools once rejections exceed 5% for 3 minutes, without waiting for the bet-failure alert.', [alerts]);
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });
});
