// The offline judge reading a bound a claim says a measure kept to ("never went above 30 °C",
// "never dropped below the 18% threshold") against a table's values, two events a claim puts in
// order against their times, and "no other <kind> …" against another member's record. Evidence is parsed by the real
// evidence reader; every expected partition is reasoned by hand in the comment.
import * as assert from 'node:assert/strict';
import { judge, judgeReport } from '../support/judge-sources';
import { parseEvidenceSources } from '../../src/core/evidence';
import { buildEvidenceIndex } from '../../src/core/retrieval/index';
import { eventOf } from '../../src/core/judge/offline/records/events';

const readings = {
  file: 'bms.log',
  text: [
    '[tool=query_bms row=1] zone=DH2-C sensor=rack_inlet_max window=02:00-02:10 value_c=23.9',
    '[tool=query_bms row=2] zone=DH2-C sensor=rack_inlet_max window=02:10-02:20 value_c=27.6',
    '[tool=query_bms row=3] zone=DH2-C sensor=rack_inlet_max window=02:20-02:30 value_c=31.4',
    '[tool=query_bms row=4] zone=DH2-D sensor=rack_inlet_max window=02:20-02:30 value_c=25.0',
    '[tool=query_bms row=5] zone=DH2 sensor=chw_supply_temp window=02:20-02:30 value_c=7.2',
  ].join('\n'),
};

const soil = {
  file: 'soil.log',
  text: [
    '[tool=query_soil row=1] field=F-A month=2026-07 avg_vwc_pct=27.4 min_vwc_pct=21.0 days_below_stress=0',
    '[tool=query_soil row=2] field=F-C month=2026-07 avg_vwc_pct=23.8 min_vwc_pct=17.2 days_below_stress=2',
    '[tool=query_soil row=3] field=F-D month=2026-07 avg_vwc_pct=28.9 min_vwc_pct=24.5 days_below_stress=0',
  ].join('\n'),
};

describe('offline judge: a bound a measure kept to, against a table', () => {
  it("a reading beyond the bound contradicts 'never went above'; one bound no reading passes does not", async () => {
    // The rack inlet readings reach 31.4 °C (row 3), above 30; none reaches 35.
    const above = await judge('Rack inlet temperature never went above 30 °C.', [readings]);
    assert.equal(above.partition, 'contradicted');
    assert.match(above.reason, /value_c=31\.4/);
    assert.notEqual((await judge('Rack inlet temperature stayed below 35 °C throughout.', [readings])).partition, 'contradicted');
  });

  it("a lower bound is read against the entity's lowest reading", async () => {
    // F-C's minimum was 17.2%, below 18%; F-D's minimum 24.5% never was.
    const below = await judge('F-C never dropped below the 18% stress threshold.', [soil]);
    assert.equal(below.partition, 'contradicted');
    assert.match(below.reason, /min_vwc_pct=17\.2/);
    assert.notEqual((await judge('F-D never dropped below the 18% stress threshold.', [soil])).partition, 'contradicted');
  });

  it('a row with a column of its own still counts among its kind; a bare bound reads only a column its words name', async () => {
    // Pump P3's row carries a note= column of its own; its peak vibration, 9.1, is above 7 ("per 24 hours" is the bound's unit, no second figure).
    // The other table's only bare column (starts) is no vibration reading: it alone would not answer.
    const pumps = {
      file: 'pumps.log',
      text: [
        '[tool=pump_stats row=1] pump=P1 week=2026-W10 vibration_peak=4.2 runtime_pct=96.1',
        '[tool=pump_stats row=2] pump=P2 week=2026-W10 vibration_peak=5.0 runtime_pct=97.4',
        '[tool=pump_stats row=3] pump=P3 week=2026-W10 note=bearing_swap vibration_peak=9.1 runtime_pct=88.0',
        '[tool=starts row=1] pump=P1 starts=14 mode_pct=50.0',
        '[tool=starts row=2] pump=P2 starts=31 mode_pct=50.0',
      ].join('\n'),
    };
    const above = await judge('Peak vibration stayed below 7 per 24 hours at every pump.', [pumps]);
    assert.equal(above.partition, 'contradicted');
    assert.match(above.reason, /vibration_peak=9\.1/);
    // Below 40, the starts column's 31 would stay in bounds, but vibration is still what is bounded: nothing beyond 40.
    const wide = await judge('Peak vibration stayed below 40 at every pump.', [pumps]);
    assert.notEqual(wide.partition, 'contradicted');
    // Motor temperature is in no table: the starts column (31 > 20) is not read as it.
    assert.notEqual((await judge('Motor temperature stayed below 20 at every pump.', [pumps])).partition, 'contradicted');
  });

  it("'stayed at or above' bounds from below; a header without the unit holds it when the claim names the column", async () => {
    // brightness_iso carries no unit; the claim's "89.0 %ISO" is read in it. Day 2's 88.7 is below 89.0.
    // yield_pct is the only percentage column, but the claim names brightness, not yield.
    const pulp = {
      file: 'pulp.csv',
      text: ['date,line,yield_pct,brightness_iso', '2026-03-02,FL2,52.1,89.4', '2026-03-03,FL2,51.8,88.7', '2026-03-04,FL2,52.4,89.2'].join('\n'),
    };
    const targets = { file: 'targets.md', text: '# Targets\n\nFinal brightness minimum: 89.0 %ISO for FL2.\n' };
    const below = await judge('FL2 brightness stayed at or above its 89.0 %ISO minimum every day.', [pulp, targets]);
    assert.equal(below.partition, 'contradicted');
    assert.match(below.reason, /brightness_iso=88\.7/);
    // Every day was at or above 88.5 (the claim is still wrong about the minimum, which is 89.0, not about the readings).
    assert.doesNotMatch((await judge('FL2 brightness stayed at or above its 88.5 %ISO minimum every day.', [pulp, targets])).reason, /brightness_iso=/);
  });

  it("a table of one thing's readings is read whole, whatever else tells its rows apart; a possessive may stand before the figure", async () => {
    // Every row is silo S-4's; status only says what it was doing. 93% at 10:30 is above 90%.
    const silo = {
      file: 'levels.log',
      text: [
        '[tool=silo_level row=1] ts=2026-04-02T10:00Z silo=S-4 level_pct=81 status=filling',
        '[tool=silo_level row=2] ts=2026-04-02T10:30Z silo=S-4 level_pct=93 status=filling',
        '[tool=silo_level row=3] ts=2026-04-02T11:00Z silo=S-4 level_pct=88 status=emptying',
      ].join('\n'),
    };
    const above = await judge("S-4 stayed below the runbook's 90% limit throughout.", [silo]);
    assert.equal(above.partition, 'contradicted');
    assert.match(above.reason, /level_pct=93/);
    assert.notEqual((await judge("S-4 stayed below the runbook's 95% limit throughout.", [silo])).partition, 'contradicted');
  });

  it("'all three' sizes the group, it bounds nothing; a table whose column the claim names is read before another's only column of the unit", async () => {
    // The outages log's only minutes column (outage_min=45) is not the turn time the claim bounds;
    // HD-3's August turn time, 18.4 minutes, is over 18.
    const outages = { file: 'outages.log', text: ['[tool=outages row=1] unit=HD-2 outage_min=45', '[tool=outages row=2] unit=HD-4 outage_min=12'].join('\n') };
    const monthly = {
      file: 'monthly.csv',
      text: ['month,unit,deliveries,avg_turn_min', '2026-07,HD-2,412,17.2', '2026-07,HD-3,388,17.9', '2026-07,HD-4,265,16.8', '2026-08,HD-2,420,17.5', '2026-08,HD-3,391,18.4', '2026-08,HD-4,270,17.0'].join('\n'),
    };
    const over = await judge('All three dispensers stayed within the 18-minute average turn-time target in every month.', [outages, monthly]);
    assert.equal(over.partition, 'contradicted');
    assert.match(over.reason, /avg_turn_min=18\.4/);
    assert.notEqual((await judge('All three dispensers stayed within the 19-minute average turn-time target in every month.', [outages, monthly])).partition, 'contradicted');
  });

  it('several entities of a column named as the subject are each held to the bound; one named after it is not', async () => {
    // Harbour's 02:00 inlet is 78.4 °C, under the 80 °C floor; North stays above it throughout.
    const zones = {
      file: 'zones.csv',
      text: ['time,zone,inlet_temp_c', '01:00,North,84.1', '01:00,Harbour,82.0', '01:00,West,79.0', '02:00,North,83.5', '02:00,Harbour,78.4', '02:00,West,76.2'].join('\n'),
    };
    const both = await judge('The North and Harbour zones stayed above 80 °C throughout.', [zones]);
    assert.equal(both.partition, 'contradicted', both.reason);
    assert.match(both.reason, /inlet_temp_c=78\.4/);
    // West falls below 80 °C, but the claim names it after the bound, as the one that did not hold.
    const except = await judge('The North zone stayed above 80 °C throughout, unlike West.', [zones]);
    assert.notEqual(except.partition, 'contradicted', except.reason);
  });

  it("a range the claim says a measure stayed inside is a bound on both sides; 'inside' bounds as 'within' does", async () => {
    const troughs = {
      file: 'wither.log',
      text: [
        '[tool=wither_stats row=1] trough=WT-01 final_moisture_pct=62.1 bore_dev_mm=0.14',
        '[tool=wither_stats row=2] trough=WT-02 final_moisture_pct=63.0 bore_dev_mm=0.19',
        '[tool=wither_stats row=3] trough=WT-03 final_moisture_pct=55.4 bore_dev_mm=0.23',
      ].join('\n'),
    };
    // The plan states the band and the limit: the figures are met there, only the readings can break them.
    const plan = { file: 'plan.md', text: 'Final moisture between 60% and 64% on every trough; bore deviation no more than 0.20 mm.\n' };
    // WT-03 finished at 55.4%, below the band's 60% floor; every trough is inside 55–64%.
    const below = await judge('Final moisture stayed inside the 60–64% band on every trough.', [troughs, plan]);
    assert.equal(below.partition, 'contradicted', below.reason);
    assert.match(below.reason, /final_moisture_pct=55\.4/);
    assert.notEqual((await judge('Final moisture stayed within the 55–64% band on every trough.', [troughs, plan])).partition, 'contradicted');
    // WT-03's 0.23 mm is above the 0.20 mm limit; none is above 0.25 mm.
    assert.equal((await judge('Bore deviation stayed inside the 0.20 mm limit on every trough.', [troughs, plan])).partition, 'contradicted');
    assert.notEqual((await judge('Bore deviation stayed inside the 0.25 mm limit on every trough.', [troughs, plan])).partition, 'contradicted');
  });

  it('a bound over a window or after an event is not read against the whole series', async () => {
    // "for five minutes" and "after the fix" narrow the claim to part of the readings.
    assert.notEqual((await judge('Rack inlet temperature stayed above 25 °C for five minutes.', [readings])).partition, 'contradicted');
    assert.notEqual((await judge('After the fix, rack inlet temperature stayed below 28 °C.', [readings])).partition, 'contradicted');
  });
});

describe('offline judge: two events a claim puts in order, against their times', () => {
  const log = {
    file: 'ota.log',
    text: [
      '2026-05-20T07:40:12Z INFO ota-controller rollout paused wave=3 reason=manual_hold',
      '2026-05-20T07:41:30Z WARN alertmanager OTA-FAIL-RATE alert fired severity=warning',
      '2026-05-20T07:55:02Z INFO ota-controller rollout resumed wave=3',
    ].join('\n'),
  };

  it('an order the records give the other way round contradicts the claim; the right order does not', async () => {
    // The pause (07:40:12) came before the alert fired (07:41:30).
    const after = await judge('The controller paused the rollout only after the OTA-FAIL-RATE alert had fired.', [log]);
    assert.equal(after.partition, 'contradicted');
    assert.match(after.reason, /07:41:30/);
    assert.notEqual((await judge('The controller paused the rollout before the OTA-FAIL-RATE alert fired.', [log])).partition, 'contradicted');
    // The resume (07:55:02) followed the alert.
    assert.notEqual((await judge('The controller resumed the rollout after the OTA-FAIL-RATE alert had fired.', [log])).partition, 'contradicted');
  });

  it('"after" before a time bounds a search, it names no second event', async () => {
    assert.notEqual((await judge('The controller paused the rollout after 07:00.', [log])).partition, 'contradicted');
  });
});

describe('offline judge: "no other <kind> …" against a record of another member of that kind', () => {
  const denials = {
    file: 'gate_metrics.log',
    text: [
      '[tool=query_metrics row=1] metric=gate_denies code=UNKNOWN_MEDIA lift=summit-express count=64',
      '[tool=query_metrics row=2] metric=gate_denies code=UNKNOWN_MEDIA lift=bear-creek count=0',
    ].join('\n'),
  };
  const latency = {
    file: 'label-svc.log',
    text: [
      '2026-03-17T14:10:02Z ERROR lbl-2 carrier=northpost POST /api/labels upstream timeout latency=8000ms',
      '2026-03-17T14:11:40Z INFO  lbl-4 carrier=parcelnet POST /api/labels ok latency=310ms',
    ].join('\n'),
  };

  it('a member the report has not named that shows the predicate contradicts it; a member at zero does not', async () => {
    // Summit Express is the lift the report is about; Bear Creek counted 0 denials.
    assert.notEqual((await judgeReport(['Summit Express turned away 64 riders at its gates.', 'No other lift reported denials during the window.'], [denials])).partition, 'contradicted');
    // Bear Creek is the lift the report is about: Summit Express, another lift, had 64 denials.
    const other = await judgeReport(['Bear Creek had no denials.', 'No other lift reported denials during the window.'], [denials]);
    assert.equal(other.partition, 'contradicted');
    assert.match(other.reason, /lift=summit-express/);
  });

  it('a predicate that only names a measure needs a record that shows trouble', async () => {
    // ParcelNet's only line is an INFO at 310 ms: no elevated latency.
    assert.notEqual((await judgeReport(['NorthPost label calls timed out at 8 seconds.', 'No other carrier showed elevated latency during the incident.'], [latency])).partition, 'contradicted');
  });
});

describe('offline judge: a duration the claim gives between two moments it names', () => {
  const log = {
    file: 'plc.log',
    text: [
      '2026-06-02T06:02:05Z INFO plc setpoint write CL2_SP 1.2 -> 1.4 ok',
      '2026-06-02T06:34:02Z INFO plc setpoint write CL2_SP 1.4 -> 1.5 ok',
      '2026-06-02T07:12:48Z INFO plc residual check PV=1.46 mg/L',
    ].join('\n'),
  };

  it('against the records of the two events, the first of several for "the first"', async () => {
    // 06:02:05 to 07:12:48 is 70.7 minutes: "about 40" is not, "about 70" is.
    const forty = await judge('The change took about 40 minutes from the first setpoint write to the residual check.', [log]);
    assert.equal(forty.partition, 'contradicted');
    assert.match(forty.reason, /71 minutes/);
    assert.notEqual((await judge('The change took about 70 minutes from the first setpoint write to the residual check.', [log])).partition, 'contradicted');
  });

  it("against the claim's own two clock times; a figure that is no span (a p95, a frequency) is left alone", async () => {
    // 06:02 to 07:12 is 70 minutes.
    assert.equal((await judge('The change took about 40 minutes, from 06:02 to 07:12.', [log])).partition, 'contradicted');
    assert.notEqual((await judge('From 06:02 to 07:12, writes took a p95 of 3.1 s.', [log])).partition, 'contradicted');
    assert.notEqual((await judge('Backups run once a day between 1 AM and 5 AM.', [log])).partition, 'contradicted');
  });

  it('against two clock times in its own clause, beside it or in brackets, a length written in words too', async () => {
    // "An hour" is precise to half an hour: 06:02 to 07:12 (70 minutes) is about an hour, 06:02 to
    // 07:45 (103 minutes) is not.
    assert.equal((await judge('The setpoint stayed raised for about an hour (06:02 to 07:45).', [log])).partition, 'contradicted');
    assert.notEqual((await judge('The setpoint stayed raised for about an hour (06:02 to 07:12).', [log])).partition, 'contradicted');
    // 40 minutes against 70; 70 against 70.
    assert.equal((await judge('06:02–07:12 (about 40 min): setpoint raised.', [log])).partition, 'contradicted');
    assert.notEqual((await judge('The setpoint stayed raised for about 70 minutes (06:02 to 07:12).', [log])).partition, 'contradicted');
    // A window the clause measures in, a length of another order, a length in another clause.
    assert.notEqual((await judge('The residual peaked at 1.46 mg/L for 10 minutes in the 06:02–07:12 window.', [log])).partition, 'contradicted');
    assert.notEqual((await judge('The writes ran from 06:02 to 07:12 and each took 300 ms.', [log])).partition, 'contradicted');
    assert.notEqual((await judge('Between 06:02 and 07:12 the setpoint moved twice, each time holding for 5 minutes.', [log])).partition, 'contradicted');
  });

  it('a length in words, "a little over" it read as near it, an end that leaves its noun to the other, a record past midnight in its own zone', async () => {
    const session = {
      file: 'rollout.log',
      text: [
        '2024-10-05T17:52:10+01:00 INFO fwdeploy session opened user=lferreira',
        '2024-10-05T21:40:00+01:00 INFO fwdeploy unit AC-02 updated',
        '2024-10-06T00:12:33+01:00 INFO fwdeploy session closed updated=4',
      ].join('\n'),
    };
    // 17:52:10 to 00:12:33 the next day, both at +01:00: 6 h 20 min 23 s (read on its own date, the
    // close would be 23:12 UTC on the 6th, 30 hours in). "A little over five hours" is near five
    // hours, not any length past it; "session open to close" is "session close".
    const five = await judge('The whole change took a little over five hours from session open to close.', [session]);
    assert.equal(five.partition, 'contradicted');
    assert.match(five.reason, /6\.3 hours/);
    assert.notEqual((await judge('The whole change took a little over six hours from session open to close.', [session])).partition, 'contradicted');
  });
});

describe('offline judge: a length from an event the claim names to its own', () => {
  const rollout = {
    file: 'rollout.log',
    text: ['2025-11-21T06:02:40Z INFO fleetcfg profile push complete ok=9', '2025-11-21T06:31:05Z INFO fleetcfg brine push complete ok=9'].join('\n'),
  };
  // The alert as an agent's trace gives it: the signal's own time first, the firing after.
  const alerts = {
    file: 'trace.jsonl',
    text: JSON.stringify({ ts: '2025-11-21T09:01:03Z', type: 'signal', alert_id: 'BRINE-LOW-ASH', fired_at: '2025-11-21T07:15:44Z', site: 'Ashby', tank: 1, level_pct: 18 }),
  };

  it('grounds the length when the two records are that far apart', async () => {
    // The brine push completed 06:31:05, the alert fired 07:15:44: 44 min 39 s, "about 45 minutes"
    // (the profile push, at 06:02:40, is another event).
    const claim = await judge('The BRINE-LOW-ASH alert fired about 45 minutes after the brine push finished.', [rollout, alerts]);
    assert.equal(claim.partition, 'grounded');
    assert.ok(claim.evidence_refs.some((ref) => ref.startsWith('rollout.log')));
    // 20 minutes is no length those records give: the claim is not grounded by them.
    assert.notEqual((await judge('The BRINE-LOW-ASH alert fired about 20 minutes after the brine push finished.', [rollout, alerts])).partition, 'grounded');
  });

  it('the records of an event alike but for a number are told apart by the number the claim names', () => {
    const { items } = parseEvidenceSources([
      { file: 'rollout.log', text: ['2025-11-19T06:22:10Z INFO wave 2 push complete ok=6', '2025-11-21T06:31:05Z INFO wave 3 push complete ok=9'].join('\n') },
    ]);
    const index = buildEvidenceIndex(items);
    const found = eventOf('the wave 3 push finished', index.items, 2);
    assert.deepEqual(found?.map((moment) => moment.raw), ['2025-11-21T06:31:05Z']);
  });
});

describe('offline judge: "<member> was the only <kind> with <predicate>"', () => {
  // Weekly rows of four chambers over two weeks; CHB-3 aborted one cycle in W40, and so did CHB-4.
  // (Eight rows of filler first, so the record of CHB-4 is not among the best-ranked.)
  const press = {
    file: 'press_metrics.log',
    text: [
      ...['CHB-1', 'CHB-2', 'CHB-3', 'CHB-4'].map((c, i) => `[tool=press_kpi row=${i + 1}] week=2024-W39 chamber=${c} cycles=52 aborted=0 util_pct=78.2`),
      '[tool=press_kpi row=5] week=2024-W40 chamber=CHB-1 cycles=51 aborted=0 util_pct=77.9',
      '[tool=press_kpi row=6] week=2024-W40 chamber=CHB-2 cycles=53 aborted=0 util_pct=80.4',
      '[tool=press_kpi row=7] week=2024-W40 chamber=CHB-3 cycles=50 aborted=1 util_pct=75.0',
      '[tool=press_kpi row=8] week=2024-W40 chamber=CHB-4 cycles=49 aborted=1 util_pct=74.1',
    ].join('\n'),
  };

  it('is "no other <kind> had it": another member whose count of it is not zero contradicts it', async () => {
    const only = await judge('CHB-3 was the only chamber with an aborted cycle in the two weeks.', [press], { decision: 'rules' });
    assert.equal(only.partition, 'contradicted', only.reason);
    assert.match(only.reason, /chamber=CHB-4/);
  });

  it('a comparison in the predicate is left to the other checks: no one record shows "more than"', async () => {
    const more = await judge('CHB-3 was the only chamber to run more cycles than in W39.', [press], { decision: 'rules' });
    assert.doesNotMatch(more.reason, /no other chamber/);
  });
});

describe('offline judge: "all <things> went well" against a record of one of them failing', () => {
  const trace = {
    file: 'trace.jsonl',
    text: [
      JSON.stringify({ type: 'tool_call', tool: 'write_tag', args: { tag: 'CL2_SP', value: 1.4 }, result: { ok: true }, exit_ok: true }),
      JSON.stringify({ type: 'tool_call', tool: 'write_tag', args: { tag: 'CL2_HI_ALM', value: 2.2 }, result: { ok: false, error: 'ACCESS_DENIED: alarm limits require role SUPERVISOR' }, exit_ok: false }),
      JSON.stringify({ type: 'tool_call', tool: 'read_tag', args: { tag: 'CL2_PV' }, result: { value: 1.37 }, exit_ok: true }),
    ].join('\n'),
  };

  it('a failed write contradicts "all writes went through on the first attempt"; a claim of other things does not', async () => {
    const all = await judge('All writes went through on the first attempt.', [trace]);
    assert.equal(all.partition, 'contradicted');
    assert.match(all.reason, /exit_ok false|failure/);
    // Every read succeeded: the failed write is no read.
    assert.notEqual((await judge('All reads completed successfully.', [trace])).partition, 'contradicted');
  });
});
