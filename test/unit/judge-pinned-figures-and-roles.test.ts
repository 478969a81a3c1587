// The offline judge's rules on six readings of session 20, each general: a figure pinned by the
// claim's entity and moment whatever words describe the entity; a threshold said to be crossed
// ("passed 2,000 messages") read as a bound; "after it fired", where "it" is the entity the
// claim named; a percentage change between the claim's own two figures, either way; the wrong
// role for an act, the roles read from the evidence's own "by <role>=<who>"; and a person the
// evidence never names against the actor the record of the act gives; and a value a document's
// table gives another column's entity (a plan comparison). Evidence is parsed by the
// real reader; the rules' proposal is checked (the decision model may withhold a verdict it is
// unsure of, which other tests cover). Expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: pinned figures, crossed thresholds, "it", changes between two figures, roles and strangers', () => {
  const network = {
    file: 'netmetrics.log',
    text: [
      '[tool=netmetrics row=1] ts=2025-01-20T02:00Z point=PS-14 zone=West supply_temp_c=66.0 flow_m3h=40.1',
      '[tool=netmetrics row=2] ts=2025-01-20T02:00Z point=PS-15 zone=West supply_temp_c=70.4 flow_m3h=38.0',
      '[tool=netmetrics row=3] ts=2025-01-20T02:30Z point=PS-14 zone=West supply_temp_c=58.9 flow_m3h=44.7',
      '[tool=netmetrics row=4] ts=2025-01-20T02:30Z point=PS-15 zone=West supply_temp_c=61.2 flow_m3h=39.5',
      '[tool=netmetrics row=5] ts=2025-01-20T03:00Z point=PS-14 zone=West supply_temp_c=63.3 flow_m3h=41.0',
    ].join('\n'),
  };

  it('a figure of the record the claim\'s entity and moment pin is that record\'s, whatever words describe the entity', async () => {
    // At 02:30 PS-14 read 58.9 °C (row 3); 61.2 °C is PS-15's reading at that moment (row 4).
    const wrong = await proposed('PS-14 was the coldest point of the night, its supply temperature falling to 61.2 °C at 02:30.', [network]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /58\.9/);
    const right = await proposed('PS-14 was the coldest point of the night, its supply temperature falling to 58.9 °C at 02:30.', [network]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const alerts = {
    file: 'alerts.log',
    text: [
      '[signal] alert_id=QUEUE-DEPTH-7 fired_at=2025-03-02T04:12:10Z severity=warning service=ingest summary="ingest dlq depth > 500 messages"',
      '[signal] alert_id=PUMP-LOW fired_at=2025-03-02T02:10:00Z severity=critical service=station-3 summary="discharge pressure below 3.5 bar"',
      '[signal] alert_id=PUMP-LOW cleared_at=2025-03-02T03:40:30Z service=station-3 summary="discharge pressure back above 3.5 bar"',
      '[signal] alert_id=QUEUE-DEPTH-7 cleared_at=2025-03-02T05:01:00Z service=ingest summary="ingest dlq depth 0"',
    ].join('\n'),
  };

  it('a threshold the claim says was passed or crossed is a bound, read against the alert\'s own threshold', async () => {
    // The alert fires above 500 messages: "once the queue passed 2,000 messages" gives it another threshold.
    const wrong = await proposed('04:12 — QUEUE-DEPTH-7 fired once the dead-letter queue passed 2,000 messages.', [alerts]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /500/);
    const right = await proposed('04:12 — QUEUE-DEPTH-7 fired once the dead-letter queue passed 500 messages.', [alerts]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('"after it fired": "it" is the one entity the claim named, and "about" allows little more than rounding', async () => {
    // PUMP-LOW fired at 02:10:00 and cleared at 03:40:30: 90.5 minutes.
    const right = await proposed('03:40 — PUMP-LOW cleared, about 90 minutes after it fired.', [alerts]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
    const wrong = await proposed('03:40 — PUMP-LOW cleared, about 50 minutes after it fired.', [alerts]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    // 1 h 45 min is 105 minutes: 16% off the 90 minutes, more than "about" allows (12%).
    const loose = await proposed('03:40 — PUMP-LOW cleared, roughly 1 hour 45 minutes after it fired.', [alerts]);
    assert.equal(loose.partition, 'contradicted', loose.reason);
  });

  const rooms = {
    file: 'rooms.log',
    text: [
      '2025-04-02T09:00:11Z INFO rooms[api-1] GET /api/rooms/HB-2 exam_capacity=120 teaching_capacity=200',
      '2025-04-02T09:00:12Z INFO rooms[api-1] GET /api/rooms/HB-3 exam_capacity=48 teaching_capacity=60',
    ].join('\n'),
  };

  it('a percentage change between the claim\'s own two figures must be the change from one to the other, not a share', async () => {
    // 120 against 200: down 40% (or up 66.7% the other way); 60% is the share, not the change.
    const wrong = await proposed('HB-2 now seats 120 exam candidates against 200 teaching seats, a 60% reduction.', [rooms]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /40\.0%/);
    const right = await proposed('HB-2 now seats 120 exam candidates against 200 teaching seats, a 40% reduction.', [rooms]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const jobs = {
    file: 'jobs.log',
    text: [
      '2025-05-06T09:02:40Z INFO dispatch[d-1] job 76 held by dispatcher=p.lee reason="awaiting parts"',
      '2025-05-06T09:14:05Z INFO dispatch[d-1] job 77 released by supervisor=a.khan',
      '2025-05-06T09:20:00Z INFO dispatch[d-1] job 78 released by user=m.ward',
    ].join('\n'),
  };

  it('a role said to act is checked against the role the record of the act names', async () => {
    // Job 77 was released at 09:14 by the supervisor; the dispatcher is p.lee, who held job 76.
    const wrong = await proposed('09:14 — The dispatcher released job 77.', [jobs]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /supervisor=a\.khan/);
    const right = await proposed('09:14 — The supervisor released job 77.', [jobs]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
    // user= names whoever acted, not a role: a dispatcher may be that user.
    const generic = await proposed('09:20 — The dispatcher released job 78.', [jobs]);
    assert.notEqual(generic.partition, 'contradicted', generic.reason);
  });

  const rollout = {
    file: 'rollout.log',
    text: [
      '2025-06-11T10:01:00Z INFO deployctl stage=eu-west paused reason=gate',
      '2025-06-11T10:05:00Z INFO deployctl approval granted stage=eu-west-resume version=2.1.1 approver=j.doyle',
      '2025-06-11T10:07:30Z INFO deployctl stage=eu-west resumed version=2.1.1',
    ].join('\n'),
  };

  it('a person the evidence never names is answered by the actor the record of the act gives', async () => {
    // At 10:05 the approval was granted by approver=j.doyle; Mark Ellis appears nowhere.
    const wrong = await proposed('Mark Ellis approved resuming eu-west on 2.1.1 at 10:05.', [rollout]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /approver=j\.doyle/);
    const right = await proposed('J. Doyle approved resuming eu-west on 2.1.1 at 10:05.', [rollout]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const plans = {
    file: 'plans.md',
    text: [
      '# Seller plans',
      '',
      '| | Basic | Pro | Enterprise |',
      '|---|---|---|---|',
      '| Monthly fee | none | GBP 79 | by agreement |',
      '| Payout after buyer payment clears | 14 days | 10 days | 5 days |',
      '| Lots per sale | up to 250 | up to 1,000 | unlimited |',
    ].join('\n'),
  };

  it('a figure a plan table gives another plan\'s column is that plan\'s, not the one the claim names', async () => {
    // The payout row: Basic 14 days, Pro 10 days, Enterprise 5 days.
    const wrong = await proposed("On the Pro plan your payout arrives 5 days after the buyer's payment clears.", [plans]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /pro 10 days \(5 days is enterprise's\)/);
    const right = await proposed("On the Pro plan your payout arrives 10 days after the buyer's payment clears.", [plans]);
    assert.equal(right.partition, 'grounded', right.reason);
  });

  const weekly = {
    file: 'yard_weekly.csv',
    text: ['week_start,yard,cars_received,departures', '2024-07-01,HJY,7420,112', '2024-07-01,KFY,4210,68', '2024-07-08,HJY,7510,120', '2024-07-08,KFY,4300,70', '2024-07-15,HJY,7390,118', '2024-07-15,KFY,4190,66'].join('\n'),
  };

  it('dates in a column named for weeks count as weeks; "the three weeks" are periods counted, not a duration measured', async () => {
    // Three week_start dates; HJY's departures over them: 112 + 120 + 118 = 350.
    assert.equal((await proposed('HJY sent 350 departures over the three weeks.', [weekly])).partition, 'grounded');
    assert.notEqual((await proposed('HJY sent 350 departures over the four weeks.', [weekly])).partition, 'grounded');
    // Both yards have a row in each week; "three weeks" is no figure to set against cars_received.
    const each = await proposed('Both yards received cars in each of the three weeks.', [weekly]);
    assert.notEqual(each.partition, 'contradicted', each.reason);
  });

  const escalating = {
    file: 'alerts.log',
    text: [
      '[signal] alert_id=LAG-002 fired_at=2024-09-14T07:24:30Z severity=warning service=ingest summary="consumer lag > 25000 for 5m"',
      '[signal] alert_id=LAG-002 escalated_at=2024-09-14T07:44:30Z severity=critical summary="consumer lag > 100000 for 5m"',
      '[signal] alert_id=RB-5XX-011 fired_at=2024-04-16T19:44:00Z severity=critical host=rb-rv-1 summary="5xx rate 6.8% on /api/rooms/search for 5m"',
    ].join('\n'),
  };

  it('"fired at 19:44 as a warning" is the alert\'s level, read from its record at that moment', async () => {
    // RB-5XX-011 fired as critical (line 3); LAG-002 fired as a warning at 07:24 and only escalated to critical at 07:44.
    const wrong = await proposed('RB-5XX-011 fired at 19:44 as a warning, reporting a 6.8% 5xx rate.', [escalating]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /severity=critical/);
    const escalated = await proposed('07:24 — LAG-002 fired as a warning.', [escalating]);
    assert.notEqual(escalated.partition, 'contradicted', escalated.reason);
  });

  const health = {
    file: 'trace.jsonl',
    text: [
      JSON.stringify({ ts: '2024-04-16T19:08:40Z', type: 'tool_call', tool: 'health.check', args: { wave: 'kingsgate' }, result: [{ host: 'rb-kg-1', p95_ms: 205, status: 'healthy' }, { host: 'rb-kg-2', p95_ms: 231, status: 'healthy' }] }),
      JSON.stringify({ ts: '2024-04-16T20:10:20Z', type: 'tool_call', tool: 'health.check', args: { wave: 'riverside' }, result: [{ host: 'rb-rv-1', p95_ms: 214, status: 'healthy' }, { host: 'rb-rv-2', p95_ms: 198, status: 'healthy' }, { host: 'rb-rv-3', p95_ms: 203, status: 'healthy' }] }),
    ].join('\n'),
  };

  it('a list inside one record is counted by the field the claim names, and "the slower of the two" is read entry against entry', async () => {
    // The Riverside check lists three hosts, each healthy.
    assert.equal((await proposed('After the rollback all three Riverside hosts were healthy.', [health])).partition, 'grounded');
    // The Kingsgate check: rb-kg-1 at 205 ms, rb-kg-2 at 231 ms; rb-kg-2 is the slower.
    const wrong = await proposed('rb-kg-1 was the slower of the two Kingsgate hosts.', [health]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /rb-kg-1 205, rb-kg-2 231/);
    const right = await proposed('rb-kg-2 was the slower of the two Kingsgate hosts.', [health]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  const landings = {
    file: 'landings.csv',
    text: ['month,port,species,landed_t', '2024-07,Peterhead,COD,212.4', '2024-07,Fraserburgh,COD,98.6', '2024-07,Lerwick,COD,71.3', '2024-08,Peterhead,COD,198.7', '2024-08,Fraserburgh,COD,91.0', '2024-08,Lerwick,COD,64.9', '2024-09,Peterhead,COD,176.3', '2024-09,Fraserburgh,COD,80.5', '2024-09,Lerwick,COD,69.8'].join('\n'),
  };

  it('a movement claimed "at all" the members must hold for each member\'s series', async () => {
    // Peterhead and Fraserburgh fell every month; Lerwick rose from 64.9 to 69.8 in September.
    const each = await proposed('Cod landings fell month on month at all three ports.', [landings]);
    assert.equal(each.partition, 'contradicted', each.reason);
    assert.match(each.reason, /64\.9 .* 69\.8/);
    // Of one port that fell every month, the claim holds.
    assert.notEqual((await proposed('Cod landings fell month on month at Peterhead.', [landings])).partition, 'contradicted');
  });
});
