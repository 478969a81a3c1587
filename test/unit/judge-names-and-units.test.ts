// The offline judge reading names the evidence writes as codes, totals of an entity's rows, units
// of speed, mass and length, ranges written with either dash, tables aligned by spaces, absences
// the records can speak to, rates of a part over its whole and peaks against a series.
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand in the
// comments.
import * as assert from 'node:assert/strict';
import { parseEvidence } from '../../src/core/evidence';
import { extractFeatures } from '../../src/core/retrieval/index';
import { abbreviates } from '../../src/core/judge/offline/rules/aliases';
import { judge } from '../support/judge-sources';

describe('offline judge: names as codes, entity totals, units and aligned tables', () => {
  describe('a name the evidence writes only as its code', () => {
    it('a code abbreviates a name by its initials (one letter more for a word left out) or, for one word, by three of its letters in order', () => {
      assert.equal(abbreviates('HJY', 'Harrow Junction'), true); // H, J + Y for "Yard"
      assert.equal(abbreviates('HJY', 'Harrow Junction Yard'), true);
      assert.equal(abbreviates('CRW', 'Carrow'), true); // C…r…w
      assert.equal(abbreviates('KGT', 'Kingsgate'), true); // K…g…t
      assert.equal(abbreviates('DNM', 'Carrow'), false); // another first letter
      assert.equal(abbreviates('CWR', 'Carrow'), false); // w comes after the last r: out of order
      assert.equal(abbreviates('HJKY', 'Harrow Junction'), false); // two letters more than the initials
      assert.equal(abbreviates('ABL', 'Able'), false); // a word of four letters is too short to abbreviate safely
    });

    const rollout = {
      file: 'rollout.log',
      text: [
        '2024-09-03T13:00:04Z INFO linepush wave=1 start site=CRW lines=CRW-L1,CRW-L2',
        '2024-09-03T13:28:10Z INFO linepush wave=1 done site=CRW installed=2 failed=0 duration_min=28',
        '2024-09-05T09:00:00Z INFO linepush wave=2 start site=DNM lines=DNM-L1,DNM-L2,DNM-L3',
        '2024-09-05T09:41:00Z INFO linepush wave=2 done site=DNM installed=3 failed=0 duration_min=41',
      ].join('\n'),
    };

    it('"at Carrow" is read as site=CRW, which no record pairs with a name, and the reason says so', async () => {
      // Wave 1 at CRW took 28 minutes (line 2).
      const right = await judge('Wave 1 at Carrow took 28 minutes.', [rollout]);
      assert.equal(right.partition, 'grounded', right.reason);
      assert.match(right.reason, /Carrow as CRW/);
    });

    it('read as its code, the name takes that code\'s figures, not another site\'s', async () => {
      // 41 minutes is wave 2's, at DNM; CRW's wave took 28.
      const wrong = await judge('Wave 1 at Carrow took 41 minutes.', [rollout]);
      assert.notEqual(wrong.partition, 'grounded', wrong.reason);
    });

    it('a name that is the abbreviation of no code, or of two, is left as written', async () => {
      // "Millbrook" abbreviates neither CRW nor DNM: nothing in the evidence is about it.
      const none = await judge('Wave 3 at Millbrook took 28 minutes.', [rollout]);
      assert.notEqual(none.partition, 'grounded', none.reason);
      assert.doesNotMatch(none.reason, /as CRW|as DNM/);
    });
  });

  describe('a figure that is an entity\'s total over its rows', () => {
    const weekly = {
      file: 'weekly_yard_stats.csv',
      text: ['week_start,yard,cars_received,cars_humped', '2024-07-01,HJY,7420,7310', '2024-07-01,KFY,4210,4150', '2024-07-08,HJY,7510,7400', '2024-07-08,KFY,4300,4240', '2024-07-15,HJY,7390,7290', '2024-07-15,KFY,4190,4100'].join('\n'),
    };

    it('"KFY received 12,700 cars" is the sum of its three weeks (4,210 + 4,300 + 4,190), not contradicted by one week\'s 4,210', async () => {
      const total = await judge('KFY received 12,700 cars.', [weekly]);
      assert.notEqual(total.partition, 'contradicted', total.reason);
    });

    it('a total that no sum of its rows gives is still not grounded', async () => {
      // HJY: 7,420 + 7,510 + 7,390 = 22,320.
      const wrong = await judge('HJY received 25,000 cars.', [weekly]);
      assert.notEqual(wrong.partition, 'grounded', wrong.reason);
    });
  });

  describe('units of speed, mass and length', () => {
    it('mph, kg, tonnes, km, miles and mm are read with their dimension and size', () => {
      const read = (text: string) => extractFeatures(text).quantities.map((q) => [q.dimension, Number(q.value.toPrecision(6))]);
      assert.deepEqual(read('coupled at 8.4 mph'), [['speed', Number((8.4 * 0.44704).toPrecision(6))]]);
      assert.deepEqual(read('a gain of 17.5 kg'), [['mass', 17.5]]);
      assert.deepEqual(read('about 1,098 tonnes'), [['mass', 1_098_000]]);
      assert.deepEqual(read('within 10 miles'), [['length', Number((10 * 1609.344).toPrecision(6))]]);
      assert.deepEqual(read('6.4 mm of rain'), [['length', 0.0064]]);
      // A field named with the unit carries it: applied_mm=168 is 168 mm.
      assert.deepEqual(read('field=F-A applied_mm=168'), [['length', 0.168]]);
    });

    it('a wagon number beside a speed is not read as the speed: no contradiction from 8.4 mph against 4.0 mph', async () => {
      const alerts = {
        file: 'alerts.log',
        text: '[signal] alert_id=HUMP-OVSPD-021 fired_at=2024-09-17T02:05:04Z severity=major source=TP-21 summary="coupling speed 8.4 mph exceeds 4.0 mph on track 21"',
      };
      const claim = await judge('Cut 15 (NGRX 388450) coupled on track 21 at 8.4 mph.', [alerts]);
      assert.notEqual(claim.partition, 'contradicted', claim.reason);
    });
  });

  it('a range written with an en dash is met by the same range written with a hyphen', async () => {
    const log = { file: 'hump.log', text: '2024-09-17T02:08:13Z INFO humpctl GR-3 placed in fail-safe (retarder applied, routes to tracks 17-24 locked)' };
    const claim = await judge('GR-3 was placed in fail-safe and tracks 17–24 were locked.', [log]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  describe('a table aligned by spaces, as command-line tools print one', () => {
    const weather = ['month    station  rain_mm  et0_mm  days_tmax_gt_35C', '2026-05  RB-WX1   41.2     128.5   0', '2026-06  RB-WX1   22.8     161.0   3', '2026-07  RB-WX1   6.4      189.7   9'].join('\n');

    it('gives one record per row under the column names', () => {
      const { items, warnings } = parseEvidence({ file: 'weather_monthly.txt', text: weather });
      assert.deepEqual(warnings, []);
      assert.equal(items.length, 4); // the header line, then three rows
      const july = items.find((item) => item.line === 4)!;
      assert.equal(july.kind, 'tool_row');
      assert.deepEqual(july.fields, { month: '2026-07', station: 'RB-WX1', rain_mm: '6.4', et0_mm: '189.7', days_tmax_gt_35c: '9' });
    });

    it('so a month\'s figure is read under its column: July\'s rain is 6.4 mm, not 41.2', async () => {
      const right = await judge('July had 6.4 mm of rain.', [{ file: 'weather_monthly.txt', text: weather }]);
      assert.equal(right.partition, 'grounded', right.reason);
    });

    it('two words two spaces apart in a plain log are not a header', () => {
      const { items } = parseEvidence({ file: 'app.log', text: ['service started  ok', 'request served  200', 'request served  200'].join('\n') });
      assert.ok(items.every((item) => item.kind === 'log_line'));
    });
  });
  describe('numbers that name things', () => {
    it('a car number written apart from its code ("NGRX 402117") is the code written glued (car=NGRX402117)', async () => {
      const trace = { file: 'trace.jsonl', text: '{"ts":"2024-09-17T07:12:19Z","type":"tool_result","tool":"mech.inspections","result":{"car":"NGRX402117","finding":"draft gear damaged","status":"bad_order"}}' };
      const right = await judge('NGRX 402117 was bad-ordered with damaged draft gear.', [trace]);
      assert.equal(right.partition, 'grounded', right.reason);
      // Another number after the same code is another car: not in the evidence.
      const other = await judge('NGRX 402118 was bad-ordered with damaged draft gear.', [trace]);
      assert.notEqual(other.partition, 'grounded', other.reason);
    });

    it('a dotted number after a product\'s name is its version, not a figure of the product\'s tables', async () => {
      const doc = { file: 'tintra-shade-approval.md', text: ['# Tintra shade approval', '', 'Tolerance (ΔE CMC) by customer tier:', '', '| Tier | Tolerance |', '|---|---|', '| Standard | 1.0 |', '| Premium | 0.8 |'].join('\n') };
      // Tintra 6.0 is named nowhere: the claim is not supported, and 0.8 (a tolerance) does not contradict it.
      const claim = await judge('Approval from the tablet for Premium customers is planned for Tintra 6.0.', [doc]);
      assert.notEqual(claim.partition, 'contradicted', claim.reason);
      assert.notEqual(claim.partition, 'grounded', claim.reason);
    });
  });

  it('a document\'s own date ("Last reviewed: 2024-05-20") does not contradict the date of an event in the records', async () => {
    const runbook = { file: 'runbook.md', text: ['# ETP-RB-03 — Final effluent pH excursion', '', 'Owner: Environmental & Utilities, Sowerby site', 'Last reviewed: 2024-05-20', '', '## Consent limits', '', 'Final effluent to sewer must stay between pH 6.0 and pH 10.0.'].join('\n') };
    const log = { file: 'etp.log', text: '2024-09-17T02:14:05Z WARN etp[OC-1] final effluent pH 10.3 above consent limit' };
    const claim = await judge('Final effluent at Sowerby went above the consent pH limit at 02:14 on 17 September.', [runbook, log]);
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });
  describe('figures combined only when they measure the same thing', () => {
    it('two percentages of different measures (engine_cpu_pct, share_of_host_ops_pct) do not add up to a claimed peak', async () => {
      const metrics = {
        file: 'metrics.log',
        text: [
          '[tool=metrics row=24] ts=2024-11-22T17:55Z host=seatlock-redis-1 engine_cpu_pct=22 connected_clients=64',
          '[tool=metrics row=30] ts=2024-11-22T18:15Z host=seatlock-redis-1 engine_cpu_pct=99 connected_clients=64',
          '[tool=redis-hotkeys row=1] ts=2024-11-22T18:12Z host=seatlock-redis-1 key=seatmap:HBS-IMAX1 ops_per_sec=9400 share_of_host_ops_pct=71',
        ].join('\n'),
      };
      // 93 = 22 + 71 only by chance: a CPU reading and a key's share of operations are not one measure.
      const chance = await judge('CPU on seatlock-redis-1 peaked at 93%.', [metrics]);
      assert.notEqual(chance.partition, 'grounded', chance.reason);
      const right = await judge('CPU on seatlock-redis-1 peaked at 99%.', [metrics]);
      assert.equal(right.partition, 'grounded', right.reason);
    });

    it('two figures of one record in the same unit still combine: 72 planned hours − 48.5 run hours = 23.5 hours lost', async () => {
      const output = { file: 'press_output.csv', text: ['press,batch,run_hours,planned_hours', 'TP-01,B25-0611,61.5,72', 'TP-04,B25-0618,48.5,72'].join('\n') };
      const lost = await judge('TP-04 lost 23.5 hours of its planned time.', [output]);
      assert.equal(lost.partition, 'grounded', lost.reason);
    });
  });
  describe('an absence the records can speak to', () => {
    const rollout = {
      file: 'rollout.log',
      text: [
        '2024-09-05T17:03:00Z WARN linepush DNM-L3 changeover CO-DNM3-0905-02 blocked: reader LUM-DNM-07 not mapped',
        '2024-09-05T17:49:00Z INFO linepush DNM-L3 released by m.fischer form=FS-114',
        '2024-09-05T18:10:00Z INFO linepush DNM-L3 rollback to 3.3.9 done',
      ].join('\n'),
    };

    it('silence about what the records never mention (store deliveries) shows nothing: ungrounded, not a grounded absence', async () => {
      // The log records the line's changeovers and releases; deliveries to stores appear nowhere.
      const claim = await judge('No store deliveries were affected by the DNM-L3 stoppage.', [rollout]);
      assert.equal(claim.partition, 'ungrounded', claim.reason);
      assert.match(claim.reason, /does not cover/);
    });

    it('an absence about what the records do cover is still grounded by their silence', async () => {
      // The records cover DNM-L3's changeovers; none other than CO-DNM3-0905-02 was blocked.
      const claim = await judge('No other changeover on DNM-L3 was blocked.', [rollout]);
      assert.notEqual(claim.partition, 'ungrounded', claim.reason);
    });
  });
  it('a rate of a part over its whole column (on_time_departures over departures) is derived over the entity\'s rows', async () => {
    const weekly = {
      file: 'weekly.csv',
      text: ['week_start,yard,departures,on_time_departures', '2024-07-01,HJY,112,98', '2024-07-01,KFY,68,62', '2024-07-08,HJY,120,110', '2024-07-08,KFY,70,60'].join('\n'),
    };
    // HJY: (98 + 110) / (112 + 120) = 208 / 232 = 89.7%.
    const right = await judge("HJY's on-time rate was 89.7%.", [weekly]);
    assert.equal(right.partition, 'grounded', right.reason);
    // KFY: (62 + 60) / (68 + 70) = 122 / 138 = 88.4%, not 93.5%.
    const wrong = await judge("KFY's on-time rate was 93.5%.", [weekly]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });
  describe('a peak against the entity\'s readings', () => {
    const metrics = {
      file: 'metrics.log',
      text: [
        '[tool=metrics row=1] ts=2024-11-22T17:55Z host=seatlock-redis-1 engine_cpu_pct=22',
        '[tool=metrics row=2] ts=2024-11-22T18:05Z host=seatlock-redis-1 engine_cpu_pct=94',
        '[tool=metrics row=3] ts=2024-11-22T18:15Z host=seatlock-redis-1 engine_cpu_pct=99',
        '[tool=metrics row=4] ts=2024-11-22T18:25Z host=seatlock-redis-1 engine_cpu_pct=88',
        '[tool=metrics row=5] ts=2024-11-22T18:15Z host=seatlock-redis-2 engine_cpu_pct=97',
      ].join('\n'),
    };

    it('"peaked at 94%" is contradicted by a reading of the same host above it (99 at 18:15), the reason naming the field', async () => {
      const claim = await judge('CPU on seatlock-redis-1 peaked at 94%.', [metrics]);
      assert.equal(claim.partition, 'contradicted', claim.reason);
      assert.match(claim.reason, /99, the highest engine_cpu_pct of 4 readings/);
    });

    it('the highest reading itself is grounded; another host\'s readings are not the series', async () => {
      assert.equal((await judge('CPU on seatlock-redis-1 peaked at 99%.', [metrics])).partition, 'grounded');
      // seatlock-redis-2 has one reading, 97: no series to go past it.
      assert.notEqual((await judge('CPU on seatlock-redis-2 peaked at 97%.', [metrics])).partition, 'contradicted');
    });

    it('a peak within a window the claim names is not read against the whole series', async () => {
      // Between 17:50 and 18:10 the highest reading is 94.
      assert.notEqual((await judge('Between 17:50 and 18:10, CPU on seatlock-redis-1 peaked at 94%.', [metrics])).partition, 'contradicted');
    });
  });
});
