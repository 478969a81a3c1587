// A percentage worded as a change by the comparative after it ("about 12% lower"), checked against
// the two figures it lies between; and single-letter abbreviations ("i.e.", "e.g.") read as
// wording, not identifiers. Evidence is parsed by the real evidence reader; expected values are
// worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { extractFeatures } from '../../src/core/retrieval/index';
import { judge, judgeReport } from '../support/judge-sources';

const rating = {
  file: 'rating.log',
  text: ['[tool=rate_sample row=1] tariff=old total_eur=1841.27', '[tool=rate_sample row=2] tariff=new total_eur=1562.90'].join('\n'),
};

describe('offline judge: a change worded by a comparative, and abbreviations', () => {
  it('a percentage "lower" than the change between its two figures is contradicted', async () => {
    // 1,841.27 → 1,562.90 is a fall of 278.37, 15.1% of 1,841.27; "about 12%" is off by more than its hedge.
    const claim = await judge('The rated total fell from €1,841.27 to €1,562.90, about 12% lower.', [rating]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
  });

  it('the same change worded rightly is not contradicted', async () => {
    // 15.1% is "about 15%".
    const claim = await judge('The rated total fell from €1,841.27 to €1,562.90, about 15% lower.', [rating]);
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });

  it('"i.e." and "e.g." are no identifiers; dotted versions and hosts still are', () => {
    const { identifiers } = extractFeatures('The loan period is 28 days, i.e. four weeks, e.g. on v1.2 at db-prod-1.');
    assert.deepEqual(identifiers, ['v1.2', 'db-prod-1']);
  });
});

describe('offline judge: "no other <things>" against a record of the denied event', () => {
  const worker = {
    file: 'worker.log',
    text: [
      '2026-03-09T09:20:00Z INFO deploy renderer v2.14.0 rolled out',
      '2026-03-09T09:33:07Z WARN kubelet pod=tax-gateway-5d4b-1 container=tax-gateway restarted reason=OOMKilled restart_count=1',
    ].join('\n'),
  };

  it('a restart of some other workload contradicts "no other services were restarted"', async () => {
    // "Other" leaves any workload but the one discussed; tax-gateway restarted at 09:33:07.
    const claim = await judge('No other services were restarted during the incident.', [worker]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
  });

  it('a record of another class does not contradict a denial of the class itself', async () => {
    // The denial is of inverters; a meter's fault is no inverter's.
    const plant = { file: 'plant.log', text: '2026-08-04T10:00:00Z WARN meter=MTR-2 fault=comms_timeout' };
    const claim = await judge('No other inverter logged a fault during the month.', [plant]);
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });
});

describe('offline judge: a denial a record states in a field value, and a sibling by its number', () => {
  it('`status=not_scheduled` bears out "was not scheduled"', async () => {
    const passes = { file: 'passes.log', text: '[tool=query_passes row=4] antenna=tro-ant-4 pass=AQUA-L-5520 aos=2026-04-09T08:49:00Z status=not_scheduled reason=maintenance_lock' };
    const claim = await judge('The AQUA-L-5520 pass at 08:49 UTC was not scheduled.', [passes]);
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });

  it('a record of wave 2 starting is no counter-example to "wave 3 has not started"', async () => {
    const ota = { file: 'ota.log', text: '2026-05-20T08:10:02Z INFO ota-controller change=CHG-2291 wave=wave-2 retry state=started targets=27' };
    const claim = await judge('Wave 3 has not started.', [ota]);
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });
});

describe('offline judge: "the alert" named just before', () => {
  const alerts = {
    file: 'alerts.log',
    text: '[signal] alert_id=SMTP-QUEUE-HIGH fired_at=2026-05-04T14:02:00Z resolved_at=2026-05-04T14:40:30Z severity=warning host=smtp-relay-01',
  };

  it('is read as that alert: its life is checked against the claimed span', async () => {
    // SMTP-QUEUE-HIGH was open from 14:02:00 to 14:40:30, 38.5 minutes, not "about 25 minutes".
    const wrong = await judgeReport(['SMTP-QUEUE-HIGH fired at 14:02 on smtp-relay-01.', 'The alert stayed open for about 25 minutes.'], [alerts]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    // About 38 minutes is its life.
    const right = await judgeReport(['SMTP-QUEUE-HIGH fired at 14:02 on smtp-relay-01.', 'The alert stayed open for about 38 minutes.'], [alerts]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('is the one alert recorded at the claim\'s time, whatever the claim before named', async () => {
    const rooms = {
      file: 'signals.log',
      text: [
        '[signal] alert_id=AR3-TEMP-HIGH fired_at=2024-09-17T02:14:09Z severity=warning room=AR-3',
        '[signal] alert_id=AR3-TEMP-CRIT fired_at=2024-09-17T02:31:27Z severity=critical room=AR-3',
        '[signal] alert_id=AR3-TEMP-CRIT cleared_at=2024-09-17T03:18:42Z',
        '[signal] alert_id=AR3-TEMP-HIGH cleared_at=2024-09-17T03:52:14Z',
      ].join('\n'),
    };
    // Only AR3-TEMP-HIGH has a record at 03:52; it fired at 02:14:09, 98 minutes before, not 80.
    const wrong = await judgeReport(['03:18 — AR3-TEMP-CRIT cleared.', '03:52 — The warning alert cleared, about 1 hour 20 minutes after it fired.'], [rooms]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /as AR3-TEMP-HIGH, the alert recorded at that time/);
    const right = await judgeReport(['03:18 — AR3-TEMP-CRIT cleared.', '03:52 — The warning alert cleared, about 1 hour 40 minutes after it fired.'], [rooms]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});
