// The offline judge on a series read end to end and member by member: a change's wrong end, a
// movement claimed of one member alone, a movement "on every" member, a rank of a level a change
// ends at, a figure pinned to a period after its own noun, a share the claim computes from a count
// it spells out, a change note that restates its new value, an alert named by its record's values,
// a tool result's object of objects read as a table, where an event's first records were, a figure
// other rows hold in several columns, where an act was done from, and a conductivity read as one. Evidence is parsed by the real readers;
// every expected figure is worked out by hand in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';
import { extractFeatures } from '../../src/core/retrieval/index';

// Foz: van shifts 10, 10, 9, 9 from W36 to W39; Baixa 28, 29, 30, 30.
const rebalancing = {
  file: 'rebalancing_weekly.csv',
  text: [
    'week,district,van_shifts,vehicles_moved',
    'W36,Baixa,28,1240', 'W36,Foz,10,380',
    'W37,Baixa,29,1290', 'W37,Foz,10,350',
    'W38,Baixa,30,1360', 'W38,Foz,9,330',
    'W39,Baixa,30,1410', 'W39,Foz,9,300',
  ].join('\n'),
};

describe('offline judge: the wrong end of a change a series gives', () => {
  it('"cut from 10 to 8" is contradicted: Foz ends the series at 9 (W39), and 8 is no week of it', async () => {
    const verdict = await judge("Foz's weekly van shifts were cut from 10 to 8.", [rebalancing], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says 8; .* gives van_shifts=9 for W39 \(the other end from 10, W36\)/);
  });

  it('"cut from 10 to 9" is not contradicted', async () => {
    const verdict = await judge("Foz's weekly van shifts were cut from 10 to 9.", [rebalancing], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a measure the claim does not name is not read: "went from 380 to 290" names no column', async () => {
    // 380 is Foz's W36 vehicles_moved, but "Foz went from 380 to 290" says nothing of what went.
    const verdict = await judge('Foz went from 380 to 290.', [rebalancing], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /the other end from/);
  });
});

// Uptime by month: North 99.2 → 99.0 → 98.8 (falls each month); South 98.9 → 99.1 → 99.3;
// East 98.1 → 97.4 → 96.2; ALL (the network) 98.6 → 98.3 → 97.8.
const uptime = (north: [string, string, string]) => ({
  file: 'kpi.csv',
  text: [
    'month,district,uptime_pct',
    `2024-07,North,${north[0]}`, '2024-07,South,98.9', '2024-07,East,98.1', '2024-07,ALL,98.6',
    `2024-08,North,${north[1]}`, '2024-08,South,99.1', '2024-08,East,97.4', '2024-08,ALL,98.3',
    `2024-09,North,${north[2]}`, '2024-09,South,99.3', '2024-09,East,96.2', '2024-09,ALL,97.8',
  ].join('\n'),
});

describe('offline judge: a movement claimed of one member alone', () => {
  it('"East was the only district where uptime fell in each month" is contradicted by North (99.2 → 98.8, down each month)', async () => {
    const verdict = await judge('East was the only district where uptime fell in each month.', [uptime(['99.2', '99.0', '98.8'])], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says only East fell; North's uptime_pct also goes from 99\.2 \(2024-07\) to 98\.8 \(2024-09/);
  });

  it('a North that rose in August did not fall in each month; the ALL row that fell is no district', async () => {
    // North 99.2 → 99.4 → 98.8: down over the quarter, but not at every step.
    const verdict = await judge('East was the only district where uptime fell in each month.', [uptime(['99.2', '99.4', '98.8'])], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /claim says only/);
  });

  it('a tool result of categories by week is read as a table: vandalism rose too (40 → 44)', async () => {
    const trace = {
      file: 'trace.jsonl',
      text: [
        '{"ts":"2024-10-01T09:01:15Z","type":"tool_call","tool":"repairs.summary","args":{"weeks":["W36","W39"]}}',
        '{"ts":"2024-10-01T09:01:19Z","type":"tool_result","tool":"repairs.summary","result":{"by_category":{"brakes":{"W36":118,"W39":96},"tyres":{"W36":74,"W39":81},"battery":{"W36":52,"W39":31},"vandalism":{"W36":40,"W39":44}}}}',
      ].join('\n'),
    };
    const verdict = await judge('Tyre repairs were the only category that increased.', [trace], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /vandalism's also goes from 40 \(w36\) to 44 \(w39/);
  });
});

describe('offline judge: a movement claimed on every member', () => {
  // Scrap by tower: DT-1 11.2 → 9.8 km, DT-2 12.4 → 14.4 km (up), DT-5 10.7 → 9.7 km.
  const scrap = {
    file: 'yield.csv',
    text: ['week,tower,scrap_km', '2024-W40,DT-1,11.2', '2024-W40,DT-2,12.4', '2024-W40,DT-5,10.7', '2024-W41,DT-1,9.8', '2024-W41,DT-2,14.4', '2024-W41,DT-5,9.7'].join('\n'),
  };
  it('"Scrap fell on every tower week on week" is contradicted by DT-2 (12.4 → 14.4)', async () => {
    const verdict = await judge('Scrap fell on every tower week on week.', [scrap], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /scrap_km goes from 12\.4 .* to 14\.4/);
  });
});

describe('offline judge: a rank of the level a change ends at', () => {
  // Availability by week: W36 99.1, W37 97.2 (the lowest), W38 98.9, W39 97.9.
  const kpi = (w37: string) => ({
    file: 'metrics.log',
    text: ['week=2024-W36', `week=2024-W37`, 'week=2024-W38', 'week=2024-W39']
      .map((week, i) => `[tool=kpi row=${i + 1}] ${week} area=quay qc_availability_pct=${['99.1', w37, '98.9', '97.9'][i]}`)
      .join('\n'),
  });
  it('"dropped to 97.9% in week 39, its lowest of the four weeks" is contradicted by week 37 (97.2)', async () => {
    const verdict = await judge('QC availability dropped to 97.9% in week 39, its lowest of the four weeks.', [kpi('97.2')], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim ranks 2024-W39 "lowest" by qc_availability_pct; 2024-W37 97\.2/);
  });

  it('where week 39 is the lowest (week 37 at 98.2), the rank holds', async () => {
    const verdict = await judge('QC availability dropped to 97.9% in week 39, its lowest of the four weeks.', [kpi('98.2')], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a figure pinned to a period after its own noun', () => {
  // Open samples by week: W36 30, W37 48, W38 41.
  const backlog = {
    file: 'qc_metrics.log',
    text: ['[tool=lims row=1] week=2024-W36 open_samples=30', '[tool=lims row=2] week=2024-W37 open_samples=48', '[tool=lims row=3] week=2024-W38 open_samples=41'].join('\n'),
  };
  it('"peaked at 48 open samples in week 38" is contradicted: week 38 had 41, 48 is week 37\'s', async () => {
    const verdict = await judge('The backlog peaked at 48 open samples in week 38.', [backlog], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim puts 48 in week 2024-W38; .* open_samples=41 \(48 is week 2024-W37's/);
  });

  it('a goal the claim names ("the 95% target in March") pins no reading to March', async () => {
    // 95.0 is February's figure; "the 95% target" is a goal, so March's 93.7 is not set against it.
    const network = { file: 'network.csv', text: ['month,network_pct', '2026-01,96.1', '2026-02,95.0', '2026-03,93.7'].join('\n') };
    const verdict = await judge('The network would have met the 95% target in March.', [network], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /claim puts/);
  });
});

describe('offline judge: a share the claim computes from a count it spells out', () => {
  // Forty spools, one row each; five of them (every eighth) graded downgrade: 5 / 40 = 12.5%, which no record states.
  const spools = {
    file: 'spools.csv',
    text: ['spool,tower,grade', ...Array.from({ length: 40 }, (_, i) => `S-${101 + i},DT-${(i % 4) + 1},${i % 8 === 0 ? 'downgrade' : 'prime'}`)].join('\n'),
  };
  it('"Five of the 40 spools (12.5%)": 5 / 40 = 12.5%, computed from the claim\'s own counts', async () => {
    const verdict = await judge('Five of the 40 spools (12.5%) were downgraded.', [spools], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('"Five of the 40 spools (15%)" is not: 5 / 40 is not 15%', async () => {
    const verdict = await judge('Five of the 40 spools (15%) were downgraded.', [spools], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'grounded', verdict.reason);
  });
});

describe('offline judge: a change note that restates its new value', () => {
  const guide = { file: 'user_guide.md', text: '# Proof tester\n\nPartial segments shorter than `min_segment_km` (default 1.0 km) are flagged SCRAP automatically.\n' };
  const notes = {
    file: 'release_notes.md',
    text: '# Release notes\n\n## 4.1.0\n\n- The default `min_segment_km` is changed from 1.0 km to 2.0 km. Partial segments shorter than 2.0 km are now flagged SCRAP unless the configuration sets a different value.\n',
  };
  it('the old default is contradicted, though the note names SCRAP in the sentence that restates 2.0 km', async () => {
    const verdict = await judge('Partial segments under 1.0 km are flagged SCRAP automatically.', [guide, notes], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says 1\.0 km, superseded: .* changes it from 1\.0 km to 2\.0 km/);
  });
});

describe('offline judge: an alert named by a value its record gives it', () => {
  // UNLOCK-SR-002 (severity=critical) fired 08:03:30 and cleared 08:27:10: 23 min 40 s.
  const alerts = {
    file: 'alerts.log',
    text: [
      '[signal] alert_id=DISK-015 fired_at=2024-09-14T07:58:45Z severity=critical host=mqtt-2 summary="broker disk full"',
      '[signal] alert_id=UNLOCK-SR-002 fired_at=2024-09-14T08:03:30Z severity=critical service=unlock-api summary="unlock success rate below 90%"',
      '[signal] alert_id=UNLOCK-P95-004 fired_at=2024-09-14T08:04:00Z severity=warning service=unlock-api summary="unlock p95 latency above 3000ms"',
      '[signal] alert_id=UNLOCK-SR-002 cleared_at=2024-09-14T08:27:10Z service=unlock-api',
      '[signal] alert_id=UNLOCK-P95-004 cleared_at=2024-09-14T08:28:00Z service=unlock-api',
    ].join('\n'),
  };
  it('"the critical unlock alert was active for about 34 minutes" is contradicted by its 23 min 40 s', async () => {
    const verdict = await judge('The critical unlock alert was active for about 34 minutes.', [alerts], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says 34 minutes, unlock-sr-002 spans 23 min 40 s/);
  });

  it('"about 24 minutes" is not contradicted', async () => {
    const verdict = await judge('The critical unlock alert was active for about 24 minutes.', [alerts], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: where the first records of an event were', () => {
  // lg-1 logs an unlock timeout at 08:01:05, lg-2 at 08:01:44.
  const app = {
    file: 'app.log',
    text: [
      '2024-09-14T08:00:58Z INFO lock-gateway[lg-2] publish cmd=unlock vehicle=SC-40570 broker=mqtt-2 ok',
      '2024-09-14T08:01:05Z ERROR lock-gateway[lg-1] publish cmd=unlock vehicle=SC-40577 broker=mqtt-2 timeout after 5000ms',
      '2024-09-14T08:01:44Z ERROR lock-gateway[lg-2] publish cmd=unlock vehicle=EB-12004 broker=mqtt-2 timeout after 5000ms',
    ].join('\n'),
  };
  it('"the first unlock timeouts appeared on lock-gateway pod lg-2" is contradicted: lg-1 timed out 39 s earlier', async () => {
    const verdict = await judge('The first unlock timeouts appeared on lock-gateway pod lg-2.', [app], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says lg-2 was first, but E2 shows lg-1 at 2024-09-14T08:01:05Z, before lg-2/);
  });

  it('"… appeared on lock-gateway pod lg-1" is not contradicted', async () => {
    const verdict = await judge('The first unlock timeouts appeared on lock-gateway pod lg-1.', [app], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a figure other rows hold in several columns', () => {
  // R3's mean delay is 2.1, 3.0 and 1.7 min from January to March; 2.8 is R1's March delay and R2's March cancelled share.
  const sailings = {
    file: 'sailings.log',
    text: [
      '[tool=run_sql row=1] route=R1 month=2026-01 scheduled=620 cancelled_pct=1.1 avg_delay_min=4.2',
      '[tool=run_sql row=2] route=R1 month=2026-02 scheduled=560 cancelled_pct=5.2 avg_delay_min=5.9',
      '[tool=run_sql row=3] route=R1 month=2026-03 scheduled=620 cancelled_pct=0.5 avg_delay_min=2.8',
      '[tool=run_sql row=4] route=R2 month=2026-01 scheduled=186 cancelled_pct=8.1 avg_delay_min=8.7',
      '[tool=run_sql row=5] route=R2 month=2026-02 scheduled=168 cancelled_pct=15.5 avg_delay_min=11.4',
      '[tool=run_sql row=6] route=R2 month=2026-03 scheduled=186 cancelled_pct=2.8 avg_delay_min=6.1',
      '[tool=run_sql row=7] route=R3 month=2026-01 scheduled=248 cancelled_pct=0.8 avg_delay_min=2.1',
      '[tool=run_sql row=8] route=R3 month=2026-02 scheduled=224 cancelled_pct=2.2 avg_delay_min=3.0',
      '[tool=run_sql row=9] route=R3 month=2026-03 scheduled=248 cancelled_pct=0.0 avg_delay_min=1.7',
    ].join('\n'),
  };
  it('"R3\'s average delay fell to 2.8 minutes in March" reads the delay column its words name: R3 gives 1.7', async () => {
    const verdict = await judge("R3's average delay fell to 2.8 minutes in March.", [sailings], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /gives avg_delay_min=1\.7 for .*; 2\.8 minutes is R1 2026-03's/);
  });
});

describe('offline judge: where an act was done from', () => {
  // The interlock reset was acknowledged at the panel at 07:12:03; the pump breaker reset at 07:05 says neither.
  const station = {
    file: 'station.log',
    text: [
      '2024-11-19T07:05:14Z INFO cooling[ess-02/CW-P2] pump motor breaker reset, pump restarted flow=41.6 l/min',
      '2024-11-19T07:12:03Z INFO interlock[ess-02/SIS-3] reset acknowledged locally at panel by r.vogel',
    ].join('\n'),
  };
  it('"07:12 — the NOC reset the SIS-3 interlock remotely" is contradicted: the record has it reset locally', async () => {
    const verdict = await judge('07:12 — the NOC reset the SIS-3 interlock remotely.', [station], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /claim says the reset was remote, E2 shows it local/);
  });

  it('"… reset the SIS-3 interlock locally" is not contradicted', async () => {
    const verdict = await judge('07:12 — r.vogel reset the SIS-3 interlock locally.', [station], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a claim that gives both places ("remotely … after the local reset") says none of the act', async () => {
    const verdict = await judge('The NOC restarted CW-P2 remotely only after the local reset of SIS-3.', [station], { decision: 'rules' });
    assert.doesNotMatch(verdict.reason, /shows it (?:local|remote)/);
  });
});

describe('reading: a conductivity is no duration', () => {
  it('"40 µS/cm" and "1.2 mS/cm" are conductivities in µS/cm, "40 µs" stays a duration, and a field ending _us_cm carries the unit', () => {
    const read = (text: string) => extractFeatures(text).quantities.map((q) => [q.dimension, Number(q.value.toPrecision(6))]);
    assert.deepEqual(read('tightened to 40 µS/cm'), [['conductivity', 40]]);
    assert.deepEqual(read('bath at 1.2 mS/cm'), [['conductivity', 1200]]);
    assert.deepEqual(read('a 40 µs pulse'), [['duration', 0.00004]]);
    assert.deepEqual(read('final_rinse_max_us_cm=30'), [['conductivity', 30]]);
  });

  it('a change of a conductivity limit given another new value is contradicted (50 → 30, not 40)', async () => {
    const change = { file: 'change.json', text: JSON.stringify({ change_id: 'CHG-1', parameters: { final_rinse_conductivity_max_us_cm: { from: 50, to: 30 }, caustic_temp_c: { from: 75, to: 80 } } }, null, 2) };
    const verdict = await judge('The final-rinse conductivity limit is tightened from 50 to 40 µS/cm.', [change], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /changes final_rinse_conductivity_max_us_cm from 50 to 30/);
  });
});
