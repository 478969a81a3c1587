// The offline judge reading records and documents as a whole: a value or a time a later document
// changed, an alert's life and level, the actor of a recorded act, "no other key was changed",
// and readings that used to call grounded claims contradicted. Evidence is parsed by the real
// evidence reader; every expected partition is reasoned by hand in the comment.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { changesIn, timeChangesIn } from '../../src/core/judge/offline/records/changes';
import { writesOf } from '../../src/core/judge/offline/records/writes';
import { parseEvidenceSources } from '../../src/core/evidence';
import { buildEvidenceIndex } from '../../src/core/retrieval/index';
import { judge, judgeReport } from '../support/judge-sources';

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

describe('offline judge: a change a release note states over a wrapped line, or with the unit after the new value', () => {
  const notes = {
    file: 'release-notes.md',
    text: ['# Release 8.4', '', '- **Loan limit raised.** Graduate borrowers can now have up to 50 items on loan', '  at once (previously 30).', '- Hold pickup window shortened from 10 to 7 days.'].join('\n'),
  };
  const policy = { file: 'borrowing-policy.md', text: 'Graduate borrowers may have up to 30 items on loan at any one time. Holds wait on the pickup shelf for 10 days.' };

  it('reads "(previously 30)" on the next line, and "from 10 to 7 days" as 10 days', () => {
    const index = buildEvidenceIndex(parseEvidenceSources([notes]).items);
    const changes = index.items.flatMap((unit) => changesIn(unit)).map((c) => `${c.old.value}/${c.old.dimension} -> ${c.now.raw.trim()}`);
    // 10 days is 864,000 s.
    assert.deepEqual(changes, ['30/count -> 50', '864000/duration -> 7 days']);
  });

  it('the old limit is contradicted as superseded; the new one stands', async () => {
    const old = await judge('Graduate borrowers can have up to 30 items on loan at the same time.', [policy, notes]);
    assert.equal(old.partition, 'contradicted');
    assert.match(old.reason, /superseded: release-notes\.md:\S+ changes it from 30 to 50/);
    assert.notEqual((await judge('Graduate borrowers can have up to 50 items on loan at the same time.', [policy, notes])).partition, 'contradicted');
  });
});

describe('offline judge: a statement a later release note reverses', () => {
  const guide = { file: 'import-guide.md', text: 'Only CSV files can be imported. Spreadsheet files (.ods) are not accepted. Appointment reminders are off by default. The first 10 minutes of every session are free for members.' };
  const notes = {
    file: 'release-notes-3.2.md',
    text: ['# Release 3.2', '', '- Import now accepts spreadsheet files (.ods) as well as CSV.', '- Appointment reminders are now turned on by default for every account.', '- The 10 free session minutes for members are discontinued.'].join('\n'),
  };
  const analystNotes = { file: 'analyst_notes.md', text: 'Cancelled trips are now excluded from the on-time figures.' };

  it('a denial the notes now affirm, a state they turn, a benefit they discontinue: contradicted, citing the note', async () => {
    // Each claim repeats the guide; the release note says the opposite, marked as a change.
    for (const text of ['Spreadsheet files (.ods) are not accepted, so convert them to CSV first.', 'Appointment reminders are off by default.', 'The first 10 minutes of every session are still free for members.']) {
      const claim = await judge(text, [guide, notes]);
      assert.equal(claim.partition, 'contradicted', text);
      assert.match(claim.reason, /superseded: release-notes-3\.2\.md:\S+ says "/);
    }
  });

  it('the new state, another figure of the subject, or a document that announces no change: not reversed', async () => {
    assert.notEqual((await judge('Appointment reminders are on by default.', [guide, notes])).partition, 'contradicted');
    // "Members pay 0.20 a minute" says nothing the discontinued 10 free minutes deny.
    assert.notEqual((await judge('Members pay 0.20 per minute for sessions.', [guide, notes])).partition, 'contradicted');
    // analyst_notes.md is no release note: its "now" is no announced change.
    assert.notEqual((await judge('Cancelled trips are not included in the on-time figures.', [analystNotes])).partition, 'contradicted');
  });

  it('a change whose denial is about another part of its sentence reverses nothing the claim says', async () => {
    const portalNotes = {
      file: 'portal-release-notes.md',
      text: ['# 5.2', '', '- Digital guest passes: at halls where `digital_guest_pass` is enabled in hall settings, the guest', '  receives a QR pass by email at the address entered at registration and does not collect a card', '  from reception.'].join('\n'),
    };
    // The note denies that the guest collects a card; the pass by email, at registration, is what it says.
    const claim = await judge('Your guest receives a QR pass by email at registration.', [portalNotes]);
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });
});

describe('offline judge: the moment of an act a record field names', () => {
  const cr = { file: 'change_request.json', text: JSON.stringify({ change_id: 'CHG-5120', approved_by: 'a.moreau', approved_at: '2026-05-11T15:40:00Z', window_start: '2026-05-12T01:00:00Z' }, null, 2) };

  it('"approved it on 12 May" against approved_at=2026-05-11 is contradicted, though the window is on 12 May', async () => {
    const claim = await judge('a.moreau approved CHG-5120 on 12 May, the day of the window.', [cr]);
    assert.equal(claim.partition, 'contradicted');
    assert.match(claim.reason, /approved 12 May, \S+ says approved_at=2026-05-11/);
  });

  it('the right day stands; "within the approved window on 12 May" dates the window, not the approval', async () => {
    assert.notEqual((await judge('a.moreau approved CHG-5120 on 11 May.', [cr])).partition, 'contradicted');
    assert.notEqual((await judge('CHG-5120 ran within the approved maintenance window on 12 May.', [cr])).partition, 'contradicted');
  });
});

describe('offline judge: a time given in UTC against a record in another zone', () => {
  it('"16:45 UTC" is not grounded by 16:45+01:00 (15:45 UTC); "15:45 UTC" is not contradicted', async () => {
    const log = { file: 'dispatch.log', text: '2026-02-02T09:15:00+01:00 INSTR id=C-0131 site=SKV setpoint_mw=0 ended=2026-02-02T16:45:00+01:00' };
    assert.notEqual((await judge('Instruction C-0131 for SKV ended at 16:45 UTC.', [log])).partition, 'grounded');
    assert.notEqual((await judge('Instruction C-0131 for SKV ended at 15:45 UTC.', [log])).partition, 'contradicted');
  });
});

describe('offline judge: "no other alert fired" against the signals of the evidence', () => {
  const alertsLog = {
    file: 'alerts.log',
    text: [
      '[signal] alert_id=DISK-FULL-07 fired_at=2026-05-02T03:10:00Z resolved_at=2026-05-02T03:50:00Z severity=critical host=nas-07',
      '[signal] alert_id=UPS-ON-BATTERY-B fired_at=2026-05-02T03:25:00Z resolved_at=2026-05-02T03:40:00Z severity=warning site=rack-b',
      '[signal] alert_id=TLS-EXPIRY-21D fired_at=2026-04-11T06:00:00Z resolved_at=2026-05-02T04:00:00Z severity=info target=gw-2',
    ].join('\n'),
  };

  it('an alert the report has not named, or one about the denied topic, contradicts the denial', async () => {
    // DISK-FULL-07 is named; UPS-ON-BATTERY-B is not.
    const other = await judgeReport(['DISK-FULL-07 fired at 03:10 on nas-07.', 'No other alerts fired during the incident.'], [alertsLog]);
    assert.equal(other.partition, 'contradicted');
    assert.match(other.reason, /UPS-ON-BATTERY-B/);
    // TLS-EXPIRY-21D warned of the expiry three weeks before.
    const advance = await judgeReport(['No advance warning of the certificate expiry was raised.'], [alertsLog]);
    assert.equal(advance.partition, 'contradicted');
    assert.match(advance.reason, /TLS-EXPIRY-21D/);
  });

  it('signals outside the scope do not: other entities, other kinds of thing, earlier than "since"', async () => {
    assert.notEqual((await judgeReport(['No alarms were raised for nas-03 or nas-04.'], [alertsLog])).partition, 'contradicted');
    assert.notEqual((await judgeReport(['DISK-FULL-07 fired at 03:10.', 'No other disks raised alerts during the incident.'], [alertsLog])).partition, 'contradicted');
    // DISK-FULL-07 fired at 03:10 (it resolved at 03:50): nothing was raised since 03:45.
    assert.notEqual((await judgeReport(['Since 03:45, nas-07 has raised no alerts.'], [alertsLog])).partition, 'contradicted');
    // A claim that mentions an alert without denying one is no absence claim.
    assert.notEqual((await judgeReport(['The alert cleared at 03:50, not long after the disk was cleaned up.'], [alertsLog])).partition, 'contradicted');
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

  it('a record of a failure does not belie a claim that gives both ways itself or counts a partial pass', async () => {
    // The first attempt failed and the retry passed: the record of the failure is what the claim says too.
    const rollout = {
      file: 'rollout.log',
      text: [
        '2024-11-05T10:02:11Z WARN upgrade host=cad-b4-02 attempt=1 health_check=fail reason=tile_cache_timeout',
        '2024-11-05T10:31:40Z INFO upgrade host=cad-b4-02 attempt=2 health_check=pass',
        '2024-11-05T11:05:00Z WARN door_test unit=L6 cycles=20 passed=14 result=fail',
      ].join('\n'),
    };
    const retried = await judge('On cad-b4-02 the first upgrade attempt failed its health check and passed on the retry.', [rollout]);
    assert.notEqual(retried.partition, 'contradicted', retried.reason);
    // 14 of 20 cycles passed, and the test as a whole failed: "passed only 14 of 20" says as much.
    const partial = await judge('L6 passed only 14 of 20 door cycles.', [rollout]);
    assert.notEqual(partial.partition, 'contradicted', partial.reason);
    // A plain pass, with no failure said, is belied by the record of the failure.
    const plain = await judge('On cad-b4-02 the upgrade passed its health check at 10:02.', [rollout]);
    assert.equal(plain.partition, 'contradicted', plain.reason);
  });

  it('a pass any record of the entity shows leaves a failure of another occasion no contradiction', async () => {
    // A released corpus case: ET22-B failed its qualification on v16 (trace line 22), was rolled back,
    // and passed its requalification on v15 (line 34). "Passed its requalification on v15" is that pass.
    const dir = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'corpus', 'change-67-poly-etch-recipe-v16');
    const evidence = ['change_plan.json', 'trace.jsonl', 'qual_results.log', 'etch_tool.log'].map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
    const requal = await judge('ET22-B passed its three-wafer requalification on v15 and was back in production at 11:47.', evidence);
    assert.notEqual(requal.partition, 'contradicted', requal.reason);
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
    // Said of the alert with a copula: "the GATE-QUEUE-IN alert was a warning" (it was critical).
    assert.equal((await judge('The GATE-QUEUE-IN alert was a warning.', [alerts])).partition, 'contradicted');
    assert.notEqual((await judge('The GATE-QUEUE-IN alert was critical.', [alerts])).partition, 'contradicted');
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

  const deploy = {
    file: 'deploy.json',
    text: JSON.stringify({ service: 'auth-proxy', version: '3.9.0', deployed_by: 'platform-bot', approved_by: 'k.ahmed', rolled_back_by: 'j.okafor' }, null, 2),
  };

  it('an actor named only as the evidence names actors (platform-bot), against the field named by the act', async () => {
    // rolled_back_by says j.okafor rolled it back; platform-bot only deployed it.
    const back = await judge('platform-bot then rolled auth-proxy back to 3.8.2.', [deploy]);
    assert.equal(back.partition, 'contradicted');
    assert.match(back.reason, /rolled_back_by=j\.okafor/);
    assert.notEqual((await judge('platform-bot deployed auth-proxy 3.9.0.', [deploy])).partition, 'contradicted');
  });

  it('the one field named by the act is its record, even with no other word shared', async () => {
    // One approval in the evidence, by k.ahmed. (The rules contradict it; the shipped judge may
    // withhold a contradiction it is unsure of as ungrounded, never ground it.)
    assert.equal((await judge('The request was raised and approved by p.lindqvist.', [deploy], { decision: 'rules' })).partition, 'contradicted');
    assert.notEqual((await judge('The request was raised and approved by p.lindqvist.', [deploy])).partition, 'grounded');
    assert.notEqual((await judge('The request was approved by k.ahmed.', [deploy])).partition, 'contradicted');
  });

  it('"the request came from …" is answered by the field named by the act (requested_by), not by another role', async () => {
    const request = { file: 'change_request.json', text: JSON.stringify({ id: 'CR-88', requested_by: 'd.ferreira', approver: { name: 'h.brandt', role: 'QA' } }, null, 2) };
    // d.ferreira requested it; h.brandt only approves.
    assert.equal((await judge('The request came from h.brandt.', [request])).partition, 'contradicted');
    assert.notEqual((await judge('The request came from d.ferreira.', [request])).partition, 'contradicted');
  });

  it('a person named as records write names ("S. de Vries", in "ops-planning (S. de Vries)") is an actor too', async () => {
    const request = { file: 'change_request.json', text: JSON.stringify({ id: 'CR-9', requested_by: 'ops-planning (S. de Vries)', approved_by: 'j.okafor' }, null, 2) };
    // j.okafor approved; S. de Vries requested.
    assert.equal((await judge('The change was approved by S. de Vries the afternoon before.', [request])).partition, 'contradicted');
    assert.notEqual((await judge('The change was requested by S. de Vries.', [request])).partition, 'contradicted');
    // A record naming the claimed actor for the act (approved_by) wins over another field the claim's words name (requested_by).
    assert.notEqual((await judge('The request was approved by j.okafor.', [request])).partition, 'contradicted');
  });

  it('"by maintenance (m.lindqvist)" names who acted', async () => {
    const log = { file: 'scada.log', text: '2026-03-11T05:39:44Z OPER FWP-2A VFD fault reset by maintenance (m.lindqvist), pump returned to standby' };
    assert.equal((await judge("FWP-2A's drive fault was reset by operator j.okafor at 05:39.", [log])).partition, 'contradicted');
    assert.notEqual((await judge("FWP-2A's drive fault was reset by m.lindqvist at 05:39.", [log])).partition, 'contradicted');
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

describe('offline judge: a level written with a hyphen', () => {
  it('"a low-risk change" against risk=medium is contradicted; "a medium-risk change" stands', async () => {
    const cr = { file: 'change_request.json', text: JSON.stringify({ change_id: 'CHG-4821', risk: 'medium', window: '21:00-23:00' }, null, 2) };
    assert.equal((await judge('CHG-4821 was classed as a low-risk change.', [cr])).partition, 'contradicted');
    assert.notEqual((await judge('CHG-4821 was classed as a medium-risk change.', [cr])).partition, 'contradicted');
  });
});

describe('offline judge: the ledger of writes an agent trace or a change document records', () => {
  const trace = {
    file: 'trace.jsonl',
    text: [
      // A dry run writes nothing; the real apply writes two keys as an object.
      '{"type":"tool_call","tool":"cfg_apply","args":{"env":"prod","set":{"pool.max_conns":64,"pool.idle_timeout_s":30},"dry_run":true},"result":"ok","mutating":false,"exit_ok":true}',
      '{"type":"tool_call","tool":"cfg_apply","args":{"env":"prod","set":{"pool.max_conns":64,"pool.idle_timeout_s":30}},"result":"2 keys changed","mutating":true,"exit_ok":true}',
      // One key and its value; a list of key=value strings; a diff entry in a read-only tool's result.
      '{"type":"tool_call","tool":"write_tag","args":{"tag":"PLANT.PUMP2.MAX_SPEED_PCT","value":85},"result":{"ok":true,"previous":80},"mutating":true,"exit_ok":true}',
      '{"type":"tool_call","tool":"ctl","args":{"cmd":"set-config","set":["tracking.mask_deg=7","tracking.slew_s=120"]},"result":"2 keys updated","mutating":true,"exit_ok":true}',
      '{"type":"tool_call","tool":"render_bundle","args":{"cr":"CR-7"},"result":{"diff":[{"key":"feeds.divert.enabled","old":false,"new":true}]},"mutating":false,"exit_ok":true}',
      // A read of the config is no write.
      '{"type":"tool_call","tool":"get_config","args":{"env":"prod"},"result":{"pool.max_conns":64},"mutating":false,"exit_ok":true}',
    ].join('\n'),
  };

  it('reads every shape of write, and no dry run or read', () => {
    const index = buildEvidenceIndex(parseEvidenceSources([trace]).items);
    const keys = writesOf(index).map((w) => `${w.key}${w.from !== undefined ? ` ${w.from}` : ''} -> ${w.to}`);
    assert.deepEqual(keys, ['pool.max_conns -> 64', 'pool.idle_timeout_s -> 30', 'PLANT.PUMP2.MAX_SPEED_PCT -> 85', 'tracking.mask_deg -> 7', 'tracking.slew_s -> 120', 'feeds.divert.enabled false -> true']);
  });

  it('reads a diff entry of a JSON document', () => {
    const cr = { file: 'change.json', text: JSON.stringify({ id: 'CR-9', diff: [{ key: 'limits.daily_gbp', old: 5000, new: 10000 }] }, null, 2) };
    const index = buildEvidenceIndex(parseEvidenceSources([cr]).items);
    assert.deepEqual(writesOf(index).map((w) => [w.key, w.from, w.to]), [['limits.daily_gbp', '5000', '10000']]);
  });

  it('"no other keys were modified" is contradicted by a write the report never named, and stands when every write was named', async () => {
    const apply = { file: 'trace.jsonl', text: trace.text.split('\n').slice(0, 2).join('\n') };
    // The report names the connection limit only; the apply also wrote pool.idle_timeout_s.
    const other = await judgeReport(['The agent raised the pool max connections to 64.', 'No other configuration keys were modified.'], [apply]);
    assert.equal(other.partition, 'contradicted');
    assert.match(other.reason, /pool\.idle_timeout_s \(to 30\)/);
    // Both written keys named (the second by its words, "idle timeout"): nothing else was written.
    const named = await judgeReport(['The agent raised the pool max connections to 64 and set the idle timeout to 30 seconds.', 'No other configuration keys were modified.'], [apply]);
    assert.notEqual(named.partition, 'contradicted');
  });

  it('examples after "no other" are among the others; "1 -> 0" is no naming by values', async () => {
    const diff = { file: 'trace.jsonl', text: '{"type":"tool_call","tool":"policy_diff","args":{"policy":"P-7"},"result":{"changed":[{"key":"loan_days","old":14,"new":21},{"key":"fine_grace_days","old":1,"new":0}]},"mutating":false,"exit_ok":true}' };
    // The report names the loan period (14 → 21) and says "1 day" elsewhere; the grace days were never named.
    const grace = await judgeReport(['The loan period went from 14 to 21 days, 1 day per renewal cycle, 0 exceptions.', 'No other keys in the policy were modified.'], [diff]);
    assert.equal(grace.partition, 'contradicted');
    assert.match(grace.reason, /fine_grace_days \(1 → 0\)/);
    // "such as the grace days" names an example of the others, not a key set apart.
    const example = await judgeReport(['The loan period went from 14 to 21 days.', 'No other keys, such as the fine grace days, were modified.'], [diff]);
    assert.equal(example.partition, 'contradicted');
  });

  it('"changed only X" about one event is no claim about every write', async () => {
    const apply = { file: 'trace.jsonl', text: trace.text.split('\n')[1]! };
    const claim = await judgeReport(['A forced sync at 09:03 changed only JWT_SIGNING_KEY in the secret.'], [apply]);
    assert.notEqual(claim.partition, 'contradicted');
  });
});

describe('offline judge: alerts said to have cleared, against their records', () => {
  const alerts = {
    file: 'alerts.log',
    text: [
      '[signal] alert_id=TG-STALE-117 fired_at=2026-03-11T03:41:00Z resolved_at=2026-03-11T04:02:00Z severity=warning',
      '[signal] alert_id=TG-INGEST-LAG fired_at=2026-03-11T03:44:00Z resolved_at=2026-03-11T04:09:00Z severity=critical',
      '[signal] alert_id=CRAH-FAULT fired_at=2026-03-11T03:50:00Z resolved_at=none severity=major',
    ].join('\n'),
  };

  it('"all alerts had cleared by 04:05" against one that cleared at 04:09, or one still open', async () => {
    const by = await judge('All alerts had cleared by 04:05.', [alerts]);
    assert.equal(by.partition, 'contradicted');
    assert.match(by.reason, /TG-INGEST-LAG|CRAH-FAULT/);
    // TG-STALE-117 cleared at 04:02, before 04:05.
    assert.notEqual((await judge('TG-STALE-117 had cleared by 04:05.', [alerts])).partition, 'contradicted');
    // CRAH-FAULT records resolved_at=none.
    assert.equal((await judge('The CRAH-FAULT alert has since resolved.', [alerts])).partition, 'contradicted');
  });
});

describe('offline judge: a claim about one of several sibling scopes of a JSON document', () => {
  const plans = {
    file: 'plans.json',
    text: JSON.stringify(
      {
        plans: {
          fleet_pro: { export: { formats: ['csv', 'geojson'] }, legal_hold: false },
          fleet_enterprise: { export: { formats: ['csv', 'geojson', 'parquet'] }, legal_hold: true },
        },
      },
      null,
      2,
    ),
  };

  it("a list member only a sibling holds, or a feature only a sibling has, contradicts a claim about the scope", async () => {
    // Parquet is in fleet_enterprise's formats only; legal_hold is false for fleet_pro.
    assert.equal((await judge('On Fleet Pro, exports are available in CSV, GeoJSON and Parquet.', [plans])).partition, 'contradicted');
    assert.equal((await judge('On Fleet Pro, you can place a legal hold on a vehicle.', [plans])).partition, 'contradicted');
    // The same of Fleet Enterprise holds.
    assert.notEqual((await judge('On Fleet Enterprise, exports are available in CSV, GeoJSON and Parquet.', [plans])).partition, 'contradicted');
    assert.notEqual((await judge('On Fleet Enterprise, you can place a legal hold on a vehicle.', [plans])).partition, 'contradicted');
    // A denial of the feature is no claim that the scope has it.
    assert.notEqual((await judge('On Fleet Pro, you cannot place a legal hold.', [plans])).partition, 'contradicted');
  });
});

describe('offline judge: a later release note that denies what a figure of the claim measures', () => {
  const guide = { file: 'triggering.md', text: '# Triggering\n\nChanging the trigger settings restarts acquisition, which causes a gap of about 10 seconds.' };
  const notes = { file: 'release-notes.md', text: '# Release notes\n\n## 5.2\n\n- Trigger settings now apply without restarting acquisition, so there is no data gap.' };

  it('"a gap of about 10 seconds" against "now … there is no data gap"; another figure of the subject is left alone', async () => {
    assert.equal((await judge('Changing trigger settings causes a gap of about 10 seconds.', [guide, notes])).partition, 'contradicted');
    // Without the release note, the guide states it.
    assert.equal((await judge('Changing trigger settings causes a gap of about 10 seconds.', [guide])).partition, 'grounded');
  });
});

describe('offline judge: a new value a later document gives without the old one', () => {
  const guide = { file: 'storage.md', text: '# Storage\n\nEvents are stored for 90 days on the device. The pre-event buffer is 30 seconds.' };
  const notes = { file: 'release-notes.md', text: '# Release notes\n\n## 5.2\n\n- Event storage on the device is extended to 180 days.' };

  it('"extended to 180 days" supersedes the guide\'s 90 days; other figures of the guide stand', async () => {
    assert.equal((await judge('Events are stored on the device for 90 days.', [guide, notes])).partition, 'contradicted');
    assert.notEqual((await judge('Events are stored on the device for 180 days.', [guide, notes])).partition, 'contradicted');
    assert.notEqual((await judge('The pre-event buffer is 30 seconds.', [guide, notes])).partition, 'contradicted');
    // "up to 180 days" is a limit, not a change.
    const limit = { file: 'release-notes.md', text: '# Release notes\n\n- Event storage on the device keeps events for up to 180 days.' };
    assert.notEqual((await judge('Events are stored on the device for 90 days.', [guide, limit])).partition, 'contradicted');
  });
});

describe('offline judge: a cause a record gives as its reason', () => {
  const rollout = {
    file: 'rollout.log',
    text: [
      '2026-03-09T02:40:00Z INFO  fms-01 shovel=orders.paid state=running',
      '2026-03-09T02:41:00Z WARN  fms-01 rabbit-2 memory alarm: set',
      '2026-03-09T02:48:41Z WARN  fms-01 validator=HB-9 rollback failed: device busy (reboot loop); remains on fw=4.9.0',
    ].join('\n'),
  };

  it('grounds "because" when the line gives the cause after its failure marker', async () => {
    // Line 3 says the rollback failed, and why: "device busy (reboot loop)" — the claim's cause.
    const claim = await judge('The rollback of HB-9 failed because it was stuck in a reboot loop.', [rollout]);
    assert.equal(claim.partition, 'grounded', claim.reason);
  });

  it('does not ground a cause that only shows up beside the effect', async () => {
    // The shovel was running (line 1) and the alarm was set (line 2): order, not a stated cause.
    const claim = await judge('The memory alarm on rabbit-2 was caused by the orders.paid shovel.', [rollout]);
    assert.equal(claim.partition, 'ungrounded', claim.reason);
  });
});
