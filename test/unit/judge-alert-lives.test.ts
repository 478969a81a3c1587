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
});
