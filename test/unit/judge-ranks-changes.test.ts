// Two readings of the evidence as a whole: a rank read from the rows of a table ("the highest of
// any depot"), and a value a later document changed ("extended from 30 to 45 days"). Evidence is
// parsed by the real evidence reader; every expected partition is reasoned by hand in the comment.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { createOfflineJudge } from '../../src/core/judge/offline';
import { namesValue } from '../../src/core/judge/offline/align/table-alignment';
import { rankWording } from '../../src/core/judge/offline/contradictions/ranks';
import { changesIn, timeChangesIn } from '../../src/core/judge/offline/contradictions/superseded';
import { multipleHolds, multipleWording } from '../../src/core/judge/offline/contradictions/table-multiples';
import { tablesOf } from '../../src/core/judge/offline/records/tables';
import { parseEvidenceSources } from '../../src/core/evidence';
import { buildEvidenceIndex } from '../../src/core/retrieval/index';
import type { JudgedClaim } from '../../src/core/review-types';

const depots = {
  file: 'query_results.log',
  text: [
    '[tool=run_sql row=1] depot=LEEDS-01 quarter=2026Q1 deliveries=18420 failed_first_attempt=612',
    '[tool=run_sql row=2] depot=BRISTOL-02 quarter=2026Q1 deliveries=14105 failed_first_attempt=540',
    '[tool=run_sql row=3] depot=GLASGOW-03 quarter=2026Q1 deliveries=9870 failed_first_attempt=205',
    '[tool=run_sql row=4] depot=LEEDS-01 quarter=2025Q4 deliveries=19980 failed_first_attempt=801',
    '[tool=run_sql row=5] depot=BRISTOL-02 quarter=2025Q4 deliveries=13560 failed_first_attempt=498',
    '[tool=run_sql row=6] depot=GLASGOW-03 quarter=2025Q4 deliveries=10240 failed_first_attempt=260',
  ].join('\n'),
};

const reasons = {
  file: 'late_reasons.json',
  text: JSON.stringify(
    {
      quarter: '2026Q1',
      rows: [
        { depot: 'LEEDS-01', reason: 'linehaul_arrival_late', late_count: 391 },
        { depot: 'LEEDS-01', reason: 'driver_shortage', late_count: 274 },
        { depot: 'LEEDS-01', reason: 'address_issue', late_count: 808 },
        { depot: 'ALL', reason: 'address_issue', late_count: 1211 },
      ],
    },
    null,
    2,
  ),
};

const releaseNotes = {
  file: 'release-notes.md',
  text: [
    '# Release 2026.05',
    '',
    '- The manual resend window for undelivered webhook events is extended from 30 to 45 days on all plans.',
    '- Hold duration on the Growth and Enterprise plans is now 45 minutes (previously 20 minutes). Starter plan holds remain at 20 minutes.',
  ].join('\n'),
};

const webhooksGuide = {
  file: 'webhooks.md',
  text: 'Undelivered webhook events can be resent by hand from the webhook log for up to 30 days. Holds last 20 minutes on every plan.',
};

async function judge(text: string, sources: Array<{ file: string; text: string }>): Promise<JudgedClaim> {
  const evidence = parseEvidenceSources(sources).items;
  const judgement = await createOfflineJudge().judgeClaims({ claims: [{ id: 'C1', text, start: 0, end: text.length, line: 1 }], evidence });
  return judgement.claims[0]!;
}

describe('offline judge: ranks read from tables', () => {
  it('reads rank wording from the vocabulary, with ordinals and "than any other"', () => {
    assert.deepEqual(rankWording('Bristol had the highest number of failed first attempts'), { order: 'max', place: 1, wording: 'highest' });
    assert.equal(rankWording('Paediatrics had the shortest median stay')?.order, 'min');
    assert.equal(rankWording('Bakery came second, with 9,870 items missing.')?.place, 2);
    assert.equal(rankWording('Copse Hill generated more complaints than any other round.')?.order, 'max');
    // Words whose order depends on the measure are not in the vocabulary.
    assert.equal(rankWording('Route 7 was the fastest.'), undefined);
  });

  it('names a column value by its words, not by a code suffix it leaves out', () => {
    const claim = new Set(['bristol', 'driver', 'shortag', 'shortage', 'q1']);
    assert.ok(namesValue(claim, 'BRISTOL-02'));
    assert.ok(namesValue(claim, 'driver_shortage'));
    assert.ok(namesValue(claim, '2026Q1'));
    assert.ok(!namesValue(claim, 'address_issue'));
  });

  it('groups tool rows and JSON array elements into tables', () => {
    const tables = tablesOf(buildEvidenceIndex(parseEvidenceSources([depots, reasons]).items));
    const rows = tables.find((t) => t.file === 'query_results.log');
    const json = tables.find((t) => t.file === 'late_reasons.json');
    assert.equal(rows?.rows.length, 6);
    assert.deepEqual(json?.columns.sort(), ['depot', 'late_count', 'reason']);
  });

  it('a rank the rows go against is contradicted, naming the entity on top', async () => {
    // Q1 failed first attempts: Leeds 612 > Bristol 540, so Bristol is not the highest (in Q4 neither: 801 > 498).
    const claim = await judge('Bristol also had the highest number of failed first attempts of any depot in Q1, at 540.', [depots]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /LEEDS-01 612/);
  });

  it('a rank the rows bear out is not contradicted', async () => {
    // Leeds 612 is the most in Q1 (and 801 in Q4).
    const claim = await judge('Leeds had the highest number of failed first attempts of any depot.', [depots]);
    assert.notEqual(claim.partition, 'contradicted');
  });

  it('the rows are those the claim selects, and a total row is not ranked', async () => {
    // At Leeds: address_issue 808 leads; driver_shortage 274 is the smallest. The ALL row is a total.
    const wrong = await judge('At Leeds, driver shortage was the leading reason for late deliveries.', [reasons]);
    assert.equal(wrong.partition, 'contradicted');
    const right = await judge('At Leeds, address issues were the leading reason for late deliveries.', [reasons]);
    assert.notEqual(right.partition, 'contradicted');
  });
});

describe('offline judge: values a later document changed', () => {
  it('reads "from X to Y" after a change verb, and "now Y (previously X)"', () => {
    const index = buildEvidenceIndex(parseEvidenceSources([releaseNotes]).items);
    const changes = index.items.flatMap((unit) => changesIn(unit)).map((c) => `${c.old.raw.trim()} -> ${c.now.raw.trim()}`);
    assert.deepEqual(changes, ['30 -> 45 days', '20 minutes -> 45 minutes']);
  });

  it('the old value is contradicted by the change that supersedes it', async () => {
    // The guide says 30 days; the release notes extend the window from 30 to 45 days.
    const claim = await judge('You can resend an undelivered webhook event by hand for up to 30 days.', [webhooksGuide, releaseNotes]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /superseded: release-notes\.md:\S+ changes it from 30 to 45 days/);
  });

  it('a claim that reports the change, or the old value as past, is not contradicted', async () => {
    const reported = await judge('The resend window for webhook events went from 30 to 45 days.', [webhooksGuide, releaseNotes]);
    assert.notEqual(reported.partition, 'contradicted');
    const past = await judge('Webhook events could previously be resent for up to 30 days.', [webhooksGuide, releaseNotes]);
    assert.notEqual(past.partition, 'contradicted');
  });

  it('a change scoped to other plans does not touch the plan the item leaves unchanged', async () => {
    // Growth and Enterprise went to 45 minutes; Starter holds remain at 20 minutes.
    const claim = await judge('On Starter, hold duration is 20 minutes.', [webhooksGuide, releaseNotes]);
    assert.notEqual(claim.partition, 'contradicted');
  });
});

const routes = {
  file: 'ontime_query.log',
  text: [
    '[tool=run_sql row=1] route=40X period=2025-Q4 trips=2980 on_time_pct=88.1',
    '[tool=run_sql row=2] route=40X period=2026-Q1 trips=3320 on_time_pct=90.4',
    '[tool=run_sql row=3] route=27 period=2025-Q4 trips=6110 on_time_pct=77.8',
    '[tool=run_sql row=4] route=27 period=2026-Q1 trips=6020 on_time_pct=74.5',
  ].join('\n'),
};

const monthly = {
  file: 'query_results.log',
  text: [
    '[tool=run_sql row=1] month=2026-10 calls=50210 fcr_pct=73.5 abandoned_pct=4.1',
    '[tool=run_sql row=2] month=2026-11 calls=52618 fcr_pct=71.2 abandoned_pct=3.2',
  ].join('\n'),
};

const boardings = {
  file: 'boardings.json',
  text: JSON.stringify({ rows: [{ route: '12', q4_2025: 612400, q1_2026: 640100 }, { route: '27', q4_2025: 488900, q1_2026: 471300 }] }, null, 2),
};

describe('offline judge: comparisons and movements read from tables', () => {
  it('a comparison of two named periods the rows reverse is contradicted', async () => {
    // 40X: Q4 2,980 trips, Q1 3,320: Q1 had more, not fewer.
    const claim = await judge('40X ran fewer trips in Q1 than in Q4.', [routes]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /2026-Q1 3320 .* against 2025-Q4 2980/);
    // The same comparison the right way round stands.
    assert.notEqual((await judge('40X ran more trips in Q1 than in Q4.', [routes])).partition, 'contradicted');
  });

  it('a bound ("more than 3,000 trips") is not read as a comparison of two sides', async () => {
    assert.notEqual((await judge('40X ran more than 3,000 trips in Q1.', [routes])).partition, 'contradicted');
  });

  it('"improved" is read against which way the measure is good', async () => {
    // fcr_pct (first-contact resolution, higher is better) went 73.5 → 71.2: it got worse.
    const worse = await judge('First-contact resolution improved slightly, to 71.2%.', [monthly]);
    assert.equal(worse.partition, 'contradicted');
    assert.match(worse.reason, /fcr_pct goes from 73\.5 .* to 71\.2/);
    // abandoned_pct (lower is better) went 4.1 → 3.2: "improved" holds.
    assert.notEqual((await judge('The abandoned-call rate improved in November, to 3.2%.', [monthly])).partition, 'contradicted');
  });

  it('a plain movement against a row with a column per period, in time order', async () => {
    // Route 27: q4_2025 488,900 → q1_2026 471,300: boardings fell.
    assert.equal((await judge('Boardings on route 27 grew in Q1.', [boardings])).partition, 'contradicted');
    assert.notEqual((await judge('Boardings on route 12 grew in Q1.', [boardings])).partition, 'contradicted');
  });

  it('"from A to B" with the two figures in the wrong time order is contradicted', async () => {
    // On-time share on route 27 was 77.8 in Q4 and 74.5 in Q1; "rose from 74.5% to 77.8%" has them the other way round.
    const claim = await judge("Route 27's on-time share rose from 74.5% to 77.8%.", [routes]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /the other way round/);
  });

  it('a figure the series does not hold leaves the movement to other checks', async () => {
    // 12% is in no row: the claim is about something the table does not give.
    assert.notEqual((await judge('Calls rose by 12% while first-contact resolution improved.', [monthly])).reason.includes('fcr_pct goes'), true);
  });
});

const zones = {
  file: 'zone_queries.log',
  text: [
    '[tool=run_sql row=1] zone=North-Ridge month=2025-12 peak_mw=412.6 avg_load_mw=288.1',
    '[tool=run_sql row=2] zone=North-Ridge month=2026-01 peak_mw=447.9 avg_load_mw=301.4',
    '[tool=run_sql row=3] zone=Vale-South month=2026-01 peak_mw=210.2 avg_load_mw=150.7',
  ].join('\n'),
};

describe("offline judge: a figure put on the wrong row", () => {
  it("another period's value on the named row is contradicted, naming whose it is", async () => {
    // North-Ridge in January: avg_load_mw=301.4; 288.1 is December's.
    const claim = await judge('Average January load in North-Ridge was 288.1 MW.', [zones]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /avg_load_mw=301\.4 .*288\.1 is North-Ridge 2025-12's/);
  });

  it("the row's own value stands, and a comparison with the other row is not read as the figure's row", async () => {
    assert.notEqual((await judge('Average January load in North-Ridge was 301.4 MW.', [zones])).partition, 'contradicted');
    assert.notEqual((await judge('Average load in North-Ridge was 301.4 MW in January, up from December.', [zones])).partition, 'contradicted');
  });

  it('a figure no row holds, where the named row gives that measure, is contradicted; a computed one is not', async () => {
    // Vale-South peak_mw=210.2, not 230.
    assert.equal((await judge('The Vale-South peak in January was 230 MW.', [zones])).partition, 'contradicted');
    // A sum of two rows (412.6 + 447.9 = 860.5) beside other figures is left to the derivations.
    assert.notEqual((await judge('North-Ridge peaks of 412.6 MW and 447.9 MW add up to 860.5 MW.', [zones])).partition, 'contradicted');
  });
});

describe('offline judge: a multiple the series does not give', () => {
  const handovers = {
    file: 'query_results.log',
    text: ['[tool=run_sql row=1] month=2026-02 handovers_over_60min=88 new_joiners=310', '[tool=run_sql row=2] month=2026-03 handovers_over_60min=219 new_joiners=1240'].join('\n'),
  };

  it('reads multiples and their hedges from the vocabulary; "half" alone is a share', () => {
    assert.deepEqual(multipleWording('Handovers more than tripled, to 219.'), { factor: 3, bound: 'above', wording: 'more than tripled' });
    assert.equal(multipleWording('February alone accounted for almost half of those reports.'), undefined);
    assert.equal(multipleWording('It stayed open for half an hour.'), undefined);
    // 219 / 88 = 2.49: not more than three times; 1240 / 310 = 4: four times, not three.
    assert.equal(multipleHolds({ factor: 3, bound: 'above', wording: '' }, 219 / 88), false);
    assert.equal(multipleHolds({ factor: 3, bound: 'plain', wording: '' }, 1240 / 310), false);
    assert.equal(multipleHolds({ factor: 4, bound: 'plain', wording: '' }, 1240 / 310), true);
    assert.equal(multipleHolds({ factor: 0.5, bound: 'plain', wording: '' }, 0.49), true);
  });

  it('a multiple against the period before the figure is contradicted; the right one stands', async () => {
    const tripled = await judge('Handovers over an hour more than tripled, to 219.', [handovers]);
    assert.equal(tripled.partition, 'contradicted');
    assert.match(tripled.reason, /×2\.49/);
    assert.notEqual((await judge('Handovers over an hour more than doubled, to 219.', [handovers])).partition, 'contradicted');
    assert.equal((await judge("New joiners reached 1,240, three times February's intake.", [handovers])).partition, 'contradicted');
    assert.notEqual((await judge("New joiners reached 1,240, four times February's intake.", [handovers])).partition, 'contradicted');
  });
});

describe('offline judge: an absence against a field that counts the thing in another state', () => {
  const network = { file: 'route_kpis.log', text: '[tool=run_sql row=1] quarter=2026Q2 departures_scheduled=118420 departures_operated=117160 lost_driver_shortage=880' };
  const app = { file: 'app_metrics.log', text: '[tool=app_metrics row=21:10:00] service=sessions-api p99_ms=312 errors_per_s=14' };

  it('scheduled and operated departures are no departure lost to weather; errors per second are errors', async () => {
    assert.notEqual((await judge('No departures were lost to weather.', [network])).partition, 'contradicted');
    assert.equal((await judge('sessions-api returned no errors at any point.', [app])).partition, 'contradicted');
  });
});

describe('offline judge: outcomes and persistence the claim words with care', () => {
  const smoke = {
    file: 'trace.jsonl',
    text: JSON.stringify({ type: 'tool_call', tool: 'run_smoke_test', args: { suite: 'fps-limits-premier' }, result: { passed: 11, failed: 1 }, mutating: false, exit_ok: false }),
  };
  const causes = {
    file: 'ops_queries.log',
    text: ['[tool=run_sql row=1] airport=MAN month=2026-02 cause=atc_restriction share_pct=34', '[tool=run_sql row=2] airport=MAN month=2026-03 cause=atc_restriction share_pct=31', '[tool=run_sql row=3] airport=MAN month=2026-03 cause=crew share_pct=22'].join('\n'),
  };

  it('a call that exited with failures does not belie a partial pass the claim counts', async () => {
    // 11 passed, 1 failed: "11 of the 12 passed" is right; "the suite passed" is not.
    assert.notEqual((await judge('11 of the 12 smoke tests in fps-limits-premier passed.', [smoke])).partition, 'contradicted');
    assert.equal((await judge('The fps-limits-premier smoke suite passed.', [smoke])).partition, 'contradicted');
  });

  it('"remained the largest" holds a rank, not the figure beside it', async () => {
    // ATC was the top cause in both months (34%, 31%); the figure 31% is March's.
    assert.notEqual((await judge('ATC restrictions remained the largest single cause of delay at MAN in March, at 31%.', [causes])).partition, 'contradicted');
  });
});

describe('offline judge: a time a later document moved', () => {
  const guide = { file: 'payroll.md', text: 'For same-day payment in EUR, approve the run before 14:00 CET on a banking day.' };
  const notes = {
    file: 'release-notes.md',
    text: '# February\n\n- **Later same-day cutoff.** The same-day payment cutoff for EUR off-cycle runs moves from\n  14:00 CET to 15:30 CET. The UK cutoff is unchanged.\n',
  };

  it('reads the change across the line a list item wraps at, and contradicts the old time', async () => {
    const index = buildEvidenceIndex(parseEvidenceSources([notes]).items);
    assert.deepEqual(index.items.flatMap((unit) => timeChangesIn(unit)).map((c) => `${c.old.raw} -> ${c.now.raw}`), ['14:00 -> 15:30']);
    const claim = await judge('For same-day payment in EUR, the run must be approved before 14:00 CET on a banking day.', [guide, notes]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /moves it from 14:00 to 15:30/);
    assert.notEqual((await judge('For same-day payment in EUR, approve the run before 15:30 CET.', [guide, notes])).partition, 'contradicted');
  });
});

describe("offline judge: how long an alert was open, when the claim names it another way", () => {
  const alerts = {
    file: 'alerts.log',
    text: [
      '[signal] alert_id=BILL-QUEUE-LAG fired_at=2026-03-09T09:14:00Z resolved_at=2026-03-09T10:02:00Z severity=critical',
      '[signal] alert_id=EDGE-5XX-2 fired_at=2026-03-09T10:58:00Z severity=critical',
      '[signal] alert_id=EDGE-5XX-2 resolved_at=2026-03-09T11:36:00Z',
    ].join('\n'),
  };

  it('"the queue-lag alert" is BILL-QUEUE-LAG: open 48 minutes, not 38', async () => {
    const claim = await judge('The queue-lag alert stayed open for 38 minutes.', [alerts]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /bill-queue-lag spans 48 min/);
    assert.notEqual((await judge('The queue-lag alert stayed open for 48 minutes.', [alerts])).partition, 'contradicted');
  });

  it('"N minutes after it fired" is the alert\'s own life (10:58 → 11:36 is 38 minutes)', async () => {
    assert.equal((await judge('EDGE-5XX-2 cleared, 48 minutes after it fired.', [alerts])).partition, 'contradicted');
    assert.notEqual((await judge('EDGE-5XX-2 cleared, 38 minutes after it fired.', [alerts])).partition, 'contradicted');
  });
});

describe('offline judge: the level of an alert named by an id without a number', () => {
  const alerts = { file: 'alerts.log', text: '[signal] alert_id=MM-ENQUEUE-ERR fired_at=2026-05-02T19:03:10Z severity=critical' };
  it('"a warning-level alert" against severity=critical is contradicted; "a critical alert" stands', async () => {
    assert.equal((await judge('19:03 — MM-ENQUEUE-ERR fired as a warning-level alert.', [alerts])).partition, 'contradicted');
    assert.notEqual((await judge('MM-ENQUEUE-ERR fired as a critical alert at 19:03.', [alerts])).partition, 'contradicted');
  });
});

describe('offline judge: four readings that used to call a grounded claim contradicted', () => {
  it('"more than halved" is a ratio below one half; "less than half" is too', async () => {
    const flow = { file: 'historian.log', text: '[tool=historian row=1] tag=outflow window=04:45-04:50 value=212 unit=L/s\n[tool=historian row=2] tag=outflow window=05:05-05:10 value=96 unit=L/s' };
    assert.notEqual((await judge('Station outflow more than halved, from 212 L/s to 96 L/s.', [flow])).partition, 'contradicted');
    assert.notEqual((await judge('Outflow fell to 96 L/s, less than half of the 212 L/s before.', [flow])).partition, 'contradicted');
  });

  it('"40 queries, of which 38 passed" is a partial pass', async () => {
    const run = { file: 'trace.jsonl', text: JSON.stringify({ type: 'tool_call', tool: 'run_smoke', args: { suite: 'jp-regression' }, result: { queries: 40, passed: 38, failed: 2 }, exit_ok: false }) };
    assert.notEqual((await judge('The jp-regression smoke test ran 40 queries, of which 38 passed.', [run])).partition, 'contradicted');
  });

  it("an alert's level is read from that alert's record, not the next alert's", async () => {
    const alerts = {
      file: 'alerts.log',
      text: '[signal] alert_id=GATE-P95-LAT fired_at=2026-03-17T06:44:00Z severity=major\n[signal] alert_id=GATE-QUEUE-IN fired_at=2026-03-17T06:52:00Z severity=critical',
    };
    assert.notEqual((await judge('6:44 AM — GATE-P95-LAT fired with major severity.', [alerts])).partition, 'contradicted');
    assert.equal((await judge('6:44 AM — GATE-P95-LAT fired with critical severity.', [alerts])).partition, 'contradicted');
  });
});

describe('offline judge: the wrong actor', () => {
  const events = {
    file: 'scada_events.log',
    text: [
      '2026-03-18T05:07:31Z INFO scada-hmi operator=j.okafor action=DISPATCH oncall=d.marsh note="on site"',
      '2026-03-18T05:11:15Z INFO scada-hmi operator=j.okafor action=MANUAL_START target=P3 note="local reset confirmed by field tech"',
      '2026-03-18T05:36:40Z INFO ems-gw EH-3 breaker Q12 state=CLOSED closed_by=j.brandt',
    ].join('\n'),
  };

  it('a user id the claim names as the one who acted, against the record of that act', async () => {
    // The 05:11 manual start was issued by operator j.okafor, not d.marsh.
    const start = await judge('05:11 — P3 was started manually from the HMI by field technician d.marsh.', [events]);
    assert.equal(start.partition, 'contradicted');
    assert.match(start.reason, /operator=j\.okafor/);
    // closed_by names the actor of the closing.
    assert.equal((await judge('Duty supervisor k.okafor reclosed Q12 at 05:36:40.', [events])).partition, 'contradicted');
    assert.notEqual((await judge('j.brandt reclosed Q12 at 05:36:40.', [events])).partition, 'contradicted');
  });

  it('a user id named in another role ("after sign-off from …") is no claim about who acted', async () => {
    assert.notEqual((await judge('05:11 — P3 was started after sign-off from d.marsh.', [events])).partition, 'contradicted');
  });
});

describe('offline judge: "no other key was changed" against a change the report never named', () => {
  const migration = { file: 'migration.log', text: '2026-04-09T01:52:10Z INFO pgb-edit pgbouncer.ini: host sched-db-01 -> sched-db-02; default_pool_size 25 -> 40' };

  it('a changed key the report has not named contradicts it; one it named, or named by its values, does not', async () => {
    const only = await judgeReport(['The host entry was changed from sched-db-01 to sched-db-02.', 'The host entry was the only setting touched in pgbouncer.ini.'], [migration]);
    assert.equal(only.partition, 'contradicted');
    assert.match(only.reason, /default_pool_size \(25 → 40\)/);
    const both = await judgeReport(['The host moved to sched-db-02 and the default pool size went from 25 to 40.', 'No other settings were changed in pgbouncer.ini.'], [migration]);
    assert.notEqual(both.partition, 'contradicted');
  });

  it('"read-only" is no "only"', async () => {
    const readOnly = { file: 'db.log', text: '2026-04-09T01:41:05Z INFO pg sched-db-01 set read-only (default_transaction_read_only=on)' };
    assert.notEqual((await judgeReport(['The source database sched-db-01 was set read-only at 01:41 UTC.'], [readOnly, migration])).partition, 'contradicted');
  });
});

/** Judges a report's claims in order and returns the last one's verdict (what "no other" sets apart is what came before). */
async function judgeReport(texts: string[], sources: Array<{ file: string; text: string }>): Promise<JudgedClaim> {
  const evidence = parseEvidenceSources(sources).items;
  let offset = 0;
  const claims = texts.map((text, i) => {
    const claim = { id: `C${i + 1}`, text, start: offset, end: offset + text.length, line: i + 1 };
    offset += text.length + 1;
    return claim;
  });
  return (await createOfflineJudge().judgeClaims({ claims, evidence })).claims.at(-1)!;
}

describe('offline judge: a level written with a hyphen', () => {
  it('"a low-risk change" against risk=medium is contradicted; "a medium-risk change" stands', async () => {
    const cr = { file: 'change_request.json', text: JSON.stringify({ change_id: 'CHG-4821', risk: 'medium', window: '21:00-23:00' }, null, 2) };
    assert.equal((await judge('CHG-4821 was classed as a low-risk change.', [cr])).partition, 'contradicted');
    assert.notEqual((await judge('CHG-4821 was classed as a medium-risk change.', [cr])).partition, 'contradicted');
  });
});

describe('offline judge: table readings never fail a review', () => {
  it('any field names and values: every claim is still judged (property)', async () => {
    const claims = [
      'Year 5000 had the highest figure of all at 7.',
      'The eu rate was higher than the us rate.',
      'Volumes in 5000 grew from 7 to 9, more than tripled.',
      'No other keys were changed.',
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 4 }), fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 9999 }).map(String)), { minLength: 2, maxLength: 4 }), async (keys, values) => {
        const rows = values.map((value, i) => Object.fromEntries(keys.map((key, k) => [key, k === 0 ? value : i * 7 + k])));
        const sources = [
          { file: 'rows.json', text: JSON.stringify({ rows }) },
          // A tool result keyed by the same names (flattened fields such as result.windows["eu (5000)"]).
          { file: 'trace.jsonl', text: rows.map((row) => JSON.stringify({ type: 'tool_call', tool: 'q', args: {}, result: { windows: row, year: 5000 } })).join('\n') },
          // An object of objects keyed by the same names (paths such as groups["eu-west"].rate).
          { file: 'groups.json', text: JSON.stringify({ groups: Object.fromEntries(keys.map((key, k) => [key, { [keys[(k + 1) % keys.length]!]: values[k % values.length], rate: k }])) }) },
          { file: 'rows.log', text: rows.map((row, i) => `[tool=q row=${i + 1}] ` + Object.entries(row).map(([k, v]) => `${k.replace(/\s/g, '_') || 'k'}=${String(v).replace(/\s/g, '_') || 'v'}`).join(' ')).join('\n') },
        ];
        const evidence = parseEvidenceSources(sources).items;
        const judged = await createOfflineJudge().judgeClaims({ claims: claims.map((text, i) => ({ id: `C${i + 1}`, text, start: i * 100, end: i * 100 + text.length, line: i + 1 })), evidence });
        return judged.claims.every((claim) => !/judge failed/.test(claim.reason));
      }),
      { numRuns: 60, seed: 9 },
    );
  });
});

describe('offline judge: a rule that fails on one claim', () => {
  it('leaves that claim not judged (ungrounded, counted) and judges the others', async () => {
    // Stand-in for a bug met by an unforeseen input: the rules throw on one claim's text.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const rules = require('../../src/core/judge/offline/rules') as { judgeClaim: (...args: unknown[]) => unknown };
    const original = rules.judgeClaim;
    rules.judgeClaim = (...args: unknown[]) => {
      if ((args[0] as { text: string }).text.includes('BOOM')) throw new SyntaxError('Invalid regular expression');
      return original(...args);
    };
    try {
      const evidence = parseEvidenceSources([depots]).items;
      const texts = ['Leeds had 612 failed first attempts in Q1.', 'BOOM Bristol had 540.'];
      const judged = await createOfflineJudge().judgeClaims({ claims: texts.map((text, i) => ({ id: `C${i + 1}`, text, start: i * 60, end: i * 60 + text.length, line: i + 1 })), evidence });
      assert.equal(judged.claims[0]!.partition, 'grounded');
      assert.equal(judged.claims[1]!.partition, 'ungrounded');
      assert.equal(judged.claims[1]!.not_judged, true);
      assert.match(judged.claims[1]!.reason, /^not judged: the offline rules failed on this claim \(Invalid regular expression\)/);
    } finally {
      rules.judgeClaim = original;
    }
  });
});
