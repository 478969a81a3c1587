// The offline judge's rules on readings of session 22, each general: work said to have run or
// finished inside a time window that a record of its finish overruns, while the window's own
// bounds are no event time for other checks; a bound denied of all time ("never went above 41 of
// 50") or said of every member ("stayed above 98.5% at all three sites") that one record of the
// named measure breaks; a plan table's value said of one column that is another column's. Evidence
// is parsed by the real reader; the rules' proposal is checked. Expected verdicts are worked out
// by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: time windows, bounds over a series, plan table columns', () => {
  const change = (finishedAt: string): Source => ({
    file: 'deploy.json',
    text: JSON.stringify(
      {
        change_id: 'CHG-7781',
        approved_at: '2025-05-06T15:40:00Z',
        window: { start: '2025-05-07T06:00:00Z', end: '2025-05-07T10:00:00Z' },
        result: { status: 'completed', finished_at: finishedAt },
      },
      null,
      2,
    ),
  });

  it('work said to have run inside a window that its finish record overruns', async () => {
    // finished_at 10:14 is 14 minutes past the window's 10:00 end.
    const wrong = await proposed('The work ran inside the approved 06:00–10:00 window.', [change('2025-05-07T10:14:00Z')]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /14 min past the window/);
    // Finished at 09:41: inside, so nothing refutes it.
    const right = await proposed('The work ran inside the approved 06:00–10:00 window.', [change('2025-05-07T09:41:00Z')]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a window past midnight (22:00–02:00) ends the next morning', async () => {
    const overnight = (finishedAt: string): Source => ({
      file: 'deploy.json',
      text: JSON.stringify({ change_id: 'CHG-1', window: { start: '2025-05-06T22:00:00Z', end: '2025-05-07T02:00:00Z' }, result: { status: 'completed', finished_at: finishedAt } }, null, 2),
    });
    // 02:14 is 14 minutes past the 02:00 end; 23:40 and 01:59 are inside.
    const late = await proposed('The work ran inside the approved 22:00–02:00 window.', [overnight('2025-05-07T02:14:00Z')]);
    assert.equal(late.partition, 'contradicted', late.reason);
    assert.match(late.reason, /14 min past the window/);
    for (const inside of ['2025-05-06T23:40:00Z', '2025-05-07T01:59:00Z']) {
      const judged = await proposed('The work ran inside the approved 22:00–02:00 window.', [overnight(inside)]);
      assert.notEqual(judged.partition, 'contradicted', judged.reason);
    }
  });

  const waves = {
    file: 'rollout.log',
    text: [
      '2025-05-06T02:01:10+02:00 INFO rollout-ctl[LW] wave 1 started release=5.8.2',
      '2025-05-06T03:02:26+02:00 INFO rollout-ctl[LW] wave 1 completed upgraded=40/40',
      '2025-05-07T02:04:55+02:00 INFO rollout-ctl[CS] wave 2 started release=5.8.2',
      '2025-05-07T03:31:48+02:00 INFO pos-term[CS-POS-07] receipt printed order=88121',
      '2025-05-07T04:12:40+02:00 INFO rollout-ctl[CS] wave 2 completed upgraded=110/112',
    ].join('\n'),
  };

  it('a wave said to have finished inside the window read from the log line that says it completed', async () => {
    // Wave 2 completed at 04:12 (clock time as written), 13 minutes past 04:00; the receipt line
    // names no work finishing and counts for nothing.
    const wrong = await proposed('Both waves finished inside the 02:00–04:00 maintenance window.', [waves]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /13 min past the window/);
  });

  it("a window's bounds are not an event's time: another time of the record that gives the window does not refute them", async () => {
    // The record gives the window as 02:00-04:00 beside its approval at 16:20; the installs at
    // 02:10 and 03:16 fall inside it.
    const plan = {
      file: 'deploy.json',
      text: JSON.stringify({ change_id: 'CHG-118', approved_at: '2025-05-05T16:20:00Z', maintenance_window_utc: '02:00-04:00' }, null, 2),
    };
    const installs = {
      file: 'install.log',
      text: ['2025-05-06T02:10:05Z INFO installer[tunnel-3] install completed version=4.3.1', '2025-05-06T03:16:40Z INFO installer[tunnel-7] install completed version=4.3.1'].join('\n'),
    };
    const judged = await proposed('All installs ran inside the 02:00–04:00 maintenance window.', [plan, installs]);
    assert.notEqual(judged.partition, 'contradicted', judged.reason);
  });

  it("an end of a time range names a window, not the moment of the act before it: 'fired on the 02:30–03:00 average'", async () => {
    // The alarm's record gives fired_at 03:00:05, when the 02:30–03:00 half-hour average came in.
    const alarms = {
      file: 'alarms.log',
      text: '2024-03-14T03:00:05Z ALARM id=DUST-HH line=2 fired_at=2024-03-14T03:00:05Z cleared_at=2024-03-14T04:00:04Z',
    };
    const window = await proposed('03:00 — The DUST-HH alarm fired on the 02:30–03:00 average.', [alarms]);
    assert.notEqual(window.partition, 'contradicted', window.reason);
    // A single time after the act is its moment still: 02:30 is not 03:00:05.
    const moment = await proposed('The DUST-HH alarm fired at 02:30.', [alarms]);
    assert.equal(moment.partition, 'contradicted', moment.reason);
  });

  const pool = {
    file: 'app.log',
    text: [
      '2025-03-01T07:40:01Z INFO booking-api[bk-app-1] health check ok pool=8/50',
      '2025-03-01T07:58:40Z WARN booking-api[bk-app-1] db pool usage 41/50 waiters=3',
      '2025-03-01T08:07:12Z WARN booking-api[bk-app-1] db pool usage 49/50 waiters=16',
      '2025-03-01T08:26:34Z INFO booking-api[bk-app-1] db pool usage 10/50 waiters=0',
    ].join('\n'),
  };

  it('a bound denied of all time ("never went above 41 of 50") that a later reading of the measure passes', async () => {
    // 49 of 50 at 08:07 is above 41; the 50 of "of 50" is the pool's size, not a reading.
    const wrong = await proposed('The pool on bk-app-1 never went above 41 of 50 connections.', [pool]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /49/);
    // The highest reading is 49: "never went above 49 of 50" holds.
    const right = await proposed('The pool on bk-app-1 never went above 49 of 50 connections.', [pool]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const daily = {
    file: 'metrics.log',
    text: [
      '[tool=metrics row=1] date=2025-03-10 site=ashby bookings=1184 booking_success_pct=98.9 kiosk_errors=3',
      '[tool=metrics row=2] date=2025-03-10 site=corbin bookings=902 booking_success_pct=98.7 kiosk_errors=4',
      '[tool=metrics row=3] date=2025-03-11 site=ashby bookings=1210 booking_success_pct=99.0 kiosk_errors=4',
      '[tool=metrics row=4] date=2025-03-11 site=corbin bookings=915 booking_success_pct=98.2 kiosk_errors=3',
    ].join('\n'),
  };

  it('a bound said of every member that one row of the named measure breaks', async () => {
    // Row 4: corbin's booking success was 98.2% on 11 March, under 98.5%.
    const wrong = await proposed('Daily booking success stayed above 98.5% at all sites.', [daily]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /98\.2/);
    // Every row is at or above 98.2%: "stayed above 98%" holds.
    const right = await proposed('Daily booking success stayed above 98% at all sites.', [daily]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it("a plan table's value said of one plan that is another plan's column", async () => {
    // Standard allows 100 open holds per site; 500 is Plus's.
    const plans = {
      file: 'plans.md',
      text: ['# Plans and limits', '', '| Limit | Standard | Plus | Enterprise |', '| --- | --- | --- | --- |', '| Open quality holds per site | 100 | 500 | unlimited |', '| Max pallets per hold | 50 | 200 | 1,000 |'].join('\n'),
    };
    const wrong = await proposed('Standard also caps a site at 500 open holds at a time.', [plans]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /500 is plus's/);
    const right = await proposed('Standard caps a site at 100 open holds at a time.', [plans]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('"line 22" names the line a record codes by its initial (L22), so the number is no missing figure', async () => {
    // Row 2 is line L22's 21 October: 294,457 packed.
    const lines = { file: 'line_daily.csv', text: ['date,line,job,packed', '2024-10-21,L21,BT-0460,240211', '2024-10-21,L22,BT-0612,294457'].join('\n') };
    const judged = await proposed('Line 22 packed 294,457 bottles on 21 October.', [lines]);
    assert.equal(judged.partition, 'grounded', judged.reason);
  });

  it('an amount of money is not the figure in days a release note changed', async () => {
    // The note moves a notice period from 5 days to 3; the hold fee of $5 is another thing.
    const guide = { file: 'membership.md', text: ['# Pausing', '', 'While paused you pay a $5 hold fee for each paused month, on your usual billing date.'].join('\n') };
    const notes = { file: 'release-notes.md', text: ['# Release notes', '', '## 4.2', '', 'Pause requests must now be submitted 3 days before the billing date, changed from 5 days to 3 days.'].join('\n') };
    const judged = await proposed('You are charged a $5 hold fee for each paused month.', [guide, notes]);
    assert.notEqual(judged.partition, 'contradicted', judged.reason);
  });

  it("a runbook's instruction not to do something does not deny that it was done", async () => {
    // "Do not restart the belt …" prescribes; the log shows the restart at 02:18.
    const runbook = { file: 'runbook.md', text: ['# Lehr belt trip', '', '- Do not restart the belt after a drive trip until the electrician has cleared the cause.'].join('\n') };
    const plant = { file: 'plant.log', text: '2024-09-14T02:18:05Z INFO lehr[L22] belt restarted after drive reset speed_pct=100' };
    const event = await proposed('02:18 — after a drive reset the belt restarted.', [runbook, plant]);
    assert.notEqual(event.partition, 'contradicted', event.reason);
    // A claim about what may be done is what the instruction denies.
    const allowed = await proposed('The belt can be restarted after a drive trip before the electrician has cleared the cause.', [runbook]);
    assert.equal(allowed.partition, 'contradicted', allowed.reason);
  });

  it("a yes/no field named by the claim's participle answers it: submitted=false belies 'has been submitted'", async () => {
    const forms = {
      file: 'trace.jsonl',
      text: [
        JSON.stringify({ ts: '2024-09-14T11:21:55Z', type: 'tool_call', tool: 'forms.status', args: { form: 'PWQ-1' } }),
        JSON.stringify({ ts: '2024-09-14T11:21:56Z', type: 'tool_result', tool: 'forms.status', result: { form: 'PWQ-1', status: 'draft', submitted: false } }),
        JSON.stringify({ ts: '2024-09-14T11:22:30Z', type: 'tool_result', tool: 'forms.status', result: { form: 'PWQ-2', status: 'sent', submitted: true } }),
      ].join('\n'),
    };
    // PWQ-1: submitted=false.
    const wrong = await proposed('Form PWQ-1 has already been submitted to the council.', [forms]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /submitted=false/);
    // PWQ-2: submitted=true, so the denial is the wrong one.
    const denied = await proposed('Form PWQ-2 has not been submitted yet.', [forms]);
    assert.equal(denied.partition, 'contradicted', denied.reason);
    const right = await proposed('Form PWQ-2 has been submitted to the council.', [forms]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a figure beside another of its kind is not read against a record\'s unnamed value of that unit', async () => {
    // A message naming us-east and 2.0.0 gives 910 ms, another region's gate breach; the claim
    // compares two figures of its own, so neither is known to be that message's reading.
    const notice = {
      file: 'trace.jsonl',
      text: JSON.stringify({ ts: '2024-10-08T10:14:30Z', type: 'tool_call', tool: 'notify.send', args: { text: 'CHG-3412: ap-southeast auto-rolled back to 1.9.4 after p95 gate breach (910 ms at 50%). us-east and eu-west at 100% on 2.0.0.' } }),
    };
    const compared = await proposed('In us-east, p95 stitch latency fell from 412 ms before the rollout to 398 ms on 2.0.0.', [notice]);
    assert.notEqual(compared.partition, 'contradicted', compared.reason);
    // One figure of the unit, about the record's entity: the record's other value refutes it.
    const pod = { file: 'metrics.log', text: '2024-05-02T10:40:00Z pod=search-api-8mzt mem_working_set=3.4GiB' };
    const single = await proposed('Pod search-api-8mzt was at 3.9 GiB at 10:40.', [pod]);
    assert.equal(single.partition, 'contradicted', single.reason);
  });

  it("a plan's date against a record's field named by the claim's own word: 'planned for 17 October' vs next_attempt 2024-10-16", async () => {
    const deploy = {
      file: 'deploy.json',
      text: JSON.stringify({ sites: [{ site: 'GW-12', rolled_back_at: '2024-10-09T03:11:20Z', next_attempt: '2024-10-16' }, { site: 'GW-07', status: 'completed' }] }, null, 2),
    };
    const wrong = await proposed('A second attempt at GW-12 is planned for 17 October.', [deploy]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /next_attempt=2024-10-16/);
    const right = await proposed('A second attempt at GW-12 is planned for 16 October.', [deploy]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

