// The offline judge reading how long an entity's alert lasted from the alert's own records: its
// moments on their dates (fired at 22:10, cleared at 03:40 the next day is five and a half
// hours), and of the one alert the claim means when two alerts name the entity. Evidence is parsed
// by the real evidence reader; the spans are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const overnight = {
  file: 'head_end_alerts.log',
  text: [
    '[signal] alert_id=HE-OFFLINE-17 fired_at=2026-03-14T22:10:00Z severity=warning collector=DC-S-017 region=south',
    '[signal] alert_id=HE-OFFLINE-17 resolved_at=2026-03-15T03:40:00Z collector=DC-S-017',
  ].join('\n'),
};

// Two alerts name C3: the low air-temperature one lasted 02:26:10 → 03:32:50 (66 min 40 s), the
// humidity one 02:40:20 → 03:25:15 (44 min 55 s).
const twoAlerts = {
  file: 'alerts.log',
  text: [
    '[signal] alert_id=AIR-TEMP-LOW-C3 fired_at=2024-11-19T02:26:10Z severity=major compartment=C3 summary="air temperature 15.0C below setpoint"',
    '[signal] alert_id=HUMIDITY-HIGH-C3 fired_at=2024-11-19T02:40:20Z severity=warning compartment=C3 summary="humidity 93% above limit"',
    // (The clearing records name the alert only by its id.)
    '[signal] alert_id=HUMIDITY-HIGH-C3 cleared_at=2024-11-19T03:25:15Z',
    '[signal] alert_id=AIR-TEMP-LOW-C3 cleared_at=2024-11-19T03:32:50Z',
  ].join('\n'),
};

describe('offline judge: how long an alert lasted', () => {
  it('counts a life across midnight on the records\' dates', async () => {
    const verdict = await judge('DC-S-017 stayed offline for about five and a half hours.', [overnight]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
    const wrong = await judge('DC-S-017 stayed offline for about two hours.', [overnight]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
  });

  it('reads the life of the alert the claim means, not the first to the last record of either', async () => {
    const humidity = await judge('The C3 humidity alert stayed open for about 45 minutes.', [twoAlerts]);
    assert.notEqual(humidity.partition, 'contradicted', humidity.reason);
    const air = await judge('The C3 low air temperature alert stayed open for about 20 minutes.', [twoAlerts]);
    assert.equal(air.partition, 'contradicted', air.reason);
  });

  it('reads no life into an interval between recurrences', async () => {
    const interval = await judge('C3 must be checked every 40 minutes while the alert is open.', [twoAlerts]);
    assert.notEqual(interval.partition, 'contradicted', interval.reason);
  });

  it('reads a condition held for a length as the life of the one alert whose record words it', async () => {
    // KTL-K2-LOW: fired 01:32:05, cleared 02:26:50 — 54 min 45 s. The bath was below its low limit
    // for about 55 minutes, not 45; the pickling alert is below another limit of another subject.
    const kettle = {
      file: 'alerts.log',
      text: [
        '[signal] alert_id=PKL-HCL-012 fired_at=2024-09-16T22:40:11 severity=warning asset=P1 summary="pickling tank HCl 76 g/L below 80 g/L"',
        '[signal] alert_id=KTL-K2-LOW fired_at=2024-09-17T01:32:05 severity=critical asset=K2 summary="bath temperature 439.8C below low limit 440C"',
        '[signal] alert_id=KTL-K2-LOW cleared_at=2024-09-17T02:26:50 asset=K2 summary="bath temperature 440.3C"',
      ].join('\n'),
    };
    const wrong = await judge('The bath was below the low limit for about 45 minutes.', [kettle], { decision: 'rules' });
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /54 min 45 s/);
    const right = await judge('The bath was below the low limit for about 55 minutes.', [kettle], { decision: 'rules' });
    assert.notEqual(right.partition, 'contradicted', right.reason);
    // A limit no alert words ("the high limit") names no alert's life.
    const other = await judge('The bath was above the high limit for about 45 minutes.', [kettle], { decision: 'rules' });
    assert.notEqual(other.partition, 'contradicted', other.reason);
  });
});
