// The offline judge on who did an act and on which of several did something first. Evidence is
// parsed by the real evidence reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: the actor of an act, as records write people', () => {
  const plan = {
    file: 'change_plan.json',
    text: JSON.stringify({ change_id: 'CHG-1183', approved_by: ['Luis Ferreira (etch module manager)', 'Mei Tanaka (yield engineering)'], approved_at: '2024-10-04T16:20:00Z' }, null, 2),
  };
  const trace = {
    file: 'trace.jsonl',
    text: [
      '{"ts":"2024-10-09T07:24:18Z","type":"tool_call","tool":"approval.request","args":{"change_id":"CHG-1183","action":"rollback ET22-B"}}',
      '{"ts":"2024-10-09T07:30:00Z","type":"reasoning","text":"Waiting for the approval."}',
      '{"ts":"2024-10-09T07:41:47Z","type":"tool_result","tool":"approval.request","result":{"status":"approved","approved_by":"Luis Ferreira"}}',
    ].join('\n'),
  };

  it('a person listed with a role in parentheses is an actor; the act at the claimed time names another', async () => {
    // approved_by[1] = "Mei Tanaka (yield engineering)" names Mei Tanaka; at 07:41 the rollback's approval says Luis Ferreira.
    const wrong = await judge('Mei Tanaka approved the rollback at 07:41.', [plan, trace]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /luis ferreira/i);
    const right = await judge('Luis Ferreira approved the rollback at 07:41.', [plan, trace]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it("a timeline's present tense names the actor too, and a one-letter initial is a user id", async () => {
    const deploy = {
      file: 'deploy.json',
      text: JSON.stringify({ deploy_id: 'dep-0638', approved_by: 'm.okafor', rollback: { triggered_by: 'priya.n', started_at: '2024-09-17T07:31:20Z' } }, null, 2),
    };
    // rollback.triggered_by = priya.n, and the rollback started at 07:31.
    const wrong = await judge('07:31 – m.okafor triggers the rollback.', [deploy]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /priya\.n/);
  });

  it('"Owen Thackeray" and "o.thackeray" are one person', async () => {
    const log = { file: 'app.log', text: '2024-10-02T11:05:00Z INFO change-record exception accepted change=CHG-21455 branch=LHR-T5 by=o.thackeray' };
    const verdict = await judge('Owen Thackeray accepted the LHR-T5 exception.', [log]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('the field named by the act answers before a by= of another act', async () => {
    const deploy = { file: 'deploy.json', text: JSON.stringify({ change: 'CHG-21455', requested_by: 'Leah Marchetti (Product)', approved_by: ['Owen Thackeray (Branch Ops)'] }, null, 2) };
    const log = { file: 'app.log', text: '2024-10-02T11:05:00Z INFO change-record exception accepted change=CHG-21455 by=o.thackeray' };
    // requested_by names Leah Marchetti; Owen Thackeray only accepted an exception.
    const verdict = await judge('Owen Thackeray of Branch Ops requested the change.', [deploy, log]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /leah marchetti/i);
  });

  it('a thing that "accounts for" a share is not an actor', async () => {
    const rows = { file: 'egress.log', text: '[tool=billing row=1] ts=2024-06-01 bucket=exports-public egress_usd=9870 by=bucket' };
    const verdict = await judge('The exports-public bucket accounts for $9,870 of egress.', [rows]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: the first (or last) of several to do something', () => {
  const log = {
    file: 'app.log',
    text: [
      '2024-09-17T06:50:00Z INFO entitle-api[ent-api-1] health ok redis_pool=57/64',
      '2024-09-17T06:52:31Z WARN entitle-api[ent-api-2] redis pool exhausted (64/64), waiting for connection',
      '2024-09-17T06:53:05Z WARN entitle-api[ent-api-3] redis pool exhausted (64/64), waiting for connection',
      '2024-09-17T06:53:40Z WARN entitle-api[ent-api-1] redis pool exhausted (64/64), waiting for connection',
    ].join('\n'),
  };

  it('the host said to be first logged it after a sibling did', async () => {
    // ent-api-2 at 06:52:31, ent-api-3 at 06:53:05, ent-api-1 at 06:53:40.
    const wrong = await judge('ent-api-1 was the first host to log an exhausted Redis pool.', [log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /ent-api-2/);
    const right = await judge('ent-api-2 was the first host to log an exhausted Redis pool.', [log]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('the last, and the first named after the event', async () => {
    const last = await judge('ent-api-1 was the last host to log an exhausted Redis pool.', [log]);
    assert.notEqual(last.partition, 'contradicted', last.reason);
    const wrongLast = await judge('ent-api-3 was the last host to log an exhausted Redis pool.', [log]);
    assert.equal(wrongLast.partition, 'contradicted', wrongLast.reason);
    const named = await judge('The first host to log an exhausted Redis pool was ent-api-3.', [log]);
    assert.equal(named.partition, 'contradicted', named.reason);
  });

  it('"reconnect" finds records that say "connected"', async () => {
    const pods = {
      file: 'pods.log',
      text: [
        '2026-03-14T19:17:52Z INFO  mm-svc-euw-1 connected to redis master 10.40.2.12:6379',
        '2026-03-14T19:18:03Z INFO  mm-svc-euw-3 connected to redis master 10.40.2.12:6379',
        '2026-03-14T19:18:04Z INFO  mm-svc-euw-2 connected to redis master 10.40.2.12:6379',
      ].join('\n'),
    };
    const verdict = await judge('mm-svc-euw-2 was the first pod to reconnect to the new master.', [pods]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a state claimed of a counted group', () => {
  const gates = {
    file: 'rollout.log',
    text: [
      '[tool=rollout-gates row=1] ts=2024-10-02T09:10Z wave=2 branch=MAN-APT inspection_completion_pct=97 gate=pass',
      '[tool=rollout-gates row=2] ts=2024-10-02T09:12Z wave=2 branch=EDI-APT inspection_completion_pct=96 gate=pass',
      '[tool=rollout-gates row=3] ts=2024-10-02T09:14Z wave=2 branch=LDS-CTY inspection_completion_pct=99 gate=pass',
      '[tool=rollout-gates row=4] ts=2024-10-02T09:16Z wave=2 branch=BHX-APT inspection_completion_pct=98 gate=pass',
      '[tool=rollout-gates row=5] ts=2024-10-02T09:18Z wave=2 branch=GLA-CTY inspection_completion_pct=41 gate=fail',
    ].join('\n'),
  };

  it('"the other four wave-2 branches passed" is not refuted by the fifth branch, which it sets apart', async () => {
    // Four wave-2 branches passed; GLA-CTY, the one the report discussed before, failed.
    const verdict = await judge('The other four wave-2 branches passed.', [gates]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('a member the claim names is still read against its own record', async () => {
    const verdict = await judge('GLA-CTY passed the wave-2 gate.', [gates]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: two roles in one claim', () => {
  it('"requested by A … and approved by B" checks each role; the right requester does not excuse the wrong approver', async () => {
    const change = { file: 'change.json', text: JSON.stringify({ change_id: 'CHG-4471', requested_by: 'l.fischer', team: 'audience-growth', owner: 't.adeyemi', approved_by: 'r.salgado' }, null, 2) };
    // requested_by = l.fischer (right), approved_by = r.salgado (t.adeyemi is the owner).
    const wrong = await judge('The change was requested by l.fischer for audience-growth and approved by t.adeyemi.', [change]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /r\.salgado/);
    const right = await judge('The change was requested by l.fischer for audience-growth and approved by r.salgado.', [change]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });
});

describe('offline judge: the wrong member named for a record', () => {
  const trace = {
    file: 'trace.jsonl',
    text: [
      '{"ts":"2024-10-08T11:40:00Z","type":"tool_call","tool":"metrics.query","args":{"pop":"pop-fra"},"result":{"purge_p95_s":2.1}}',
      '{"ts":"2024-10-08T11:47:05Z","type":"signal","alert_id":"PURGE-LAT-009","fired_at":"2024-10-08T11:47:00Z","severity":"warning","pop":"pop-mad","summary":"purge-to-fresh p95 7.8s above 5s"}',
    ].join('\n'),
  };

  it("an alert said to fire for pop-fra, whose record names pop-mad, is contradicted", async () => {
    const wrong = await judge('At 11:47 PURGE-LAT-009 fired for pop-fra.', [trace]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /pop-mad/);
    const right = await judge('At 11:47 PURGE-LAT-009 fired for pop-mad.', [trace]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a claim naming two members of the family is left alone', async () => {
    const verdict = await judge('At 11:47 PURGE-LAT-009 fired for pop-mad while pop-fra stayed at 2.1 s.', [trace]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
