// The offline judge on how long an event lasted: the span from the record that opens it to the
// first after it that closes it (vocabulary/spans.json). Evidence is parsed by the real evidence
// reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: the length a claim gives an event', () => {
  const rollout = {
    file: 'rollout.log',
    text: [
      '2024-08-20T11:05:40Z INFO wave-2 started targets=18',
      '2024-08-20T11:12:02Z WARN wave-2 halt threshold reached (4 failures >= 4); rollback started',
      '2024-08-20T11:40:27Z INFO wave-2 rollback in progress restored=11/18',
      '2024-08-20T12:47:00Z INFO wave-2 rollback complete restored=18/18 fw=3.1.4',
    ].join('\n'),
  };

  it('"took 35 minutes" against a rollback that started at 11:12:02 and completed at 12:47:00', async () => {
    // 11:12:02 → 12:47:00 is 94 min 58 s; the progress line (restored=11/18) closes nothing.
    const wrong = await judge('The rollback took 35 minutes end to end.', [rollout]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /95 minutes/);
    const right = await judge('The rollback took about 95 minutes end to end.', [rollout]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('a switched-off flag: from value=false to value=true', async () => {
    const flags = {
      file: 'app.log',
      text: [
        '2024-09-14T08:10:03Z INFO flagd flag changed key=returns.fuel_autocharge value=false by=p.nair',
        '2024-09-14T08:10:30Z INFO returns-svc[ret-2] fuel_autocharge disabled; fuel charge set to pending_manual_review',
        '2024-09-14T09:05:44Z INFO flagd flag changed key=returns.fuel_autocharge value=true by=p.nair',
      ].join('\n'),
    };
    // 08:10:03 → 09:05:44 is 55 min 41 s: "about 35 minutes" is off by twenty.
    const verdict = await judge('Automatic fuel charging was off for about 35 minutes.', [flags]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });

  it('spans of two entities the claim does not tell apart are left alone', async () => {
    const holds = {
      file: 'rollout.log',
      text: [
        '2024-09-04T10:02:10Z INFO fleetctl FB-LNG-1 feeding hold engaged (10 pens)',
        '2024-09-04T10:03:00Z INFO fleetctl FB-LNG-2 feeding hold engaged (6 pens)',
        '2024-09-04T10:41:20Z INFO fleetctl FB-LNG-1 feeding hold released (auto)',
        '2024-09-04T10:49:41Z INFO fleetctl FB-LNG-2 feeding hold released (auto)',
      ].join('\n'),
    };
    // FB-LNG-1 held 39 min, FB-LNG-2 47 min: "the hold" is either.
    const unnamed = await judge('Feeding was on hold for about 25 minutes.', [holds]);
    assert.notEqual(unnamed.partition, 'contradicted', unnamed.reason);
    const named = await judge('FB-LNG-2 feeding was on hold for about 25 minutes.', [holds]);
    assert.equal(named.partition, 'contradicted', named.reason);
  });

  it('a preposition is no state: "acquiring lock on" closes nothing', async () => {
    const log = {
      file: 'tos-api.log',
      text: ['2026-03-17T06:30:58Z INFO tos-db-1 job=reindex_appointments started', '2026-03-17T06:31:02Z INFO tos-db-1 reindex_appointments acquiring lock mode=SHARE on appointment_slots', '2026-03-17T07:16:55Z INFO tos-db-1 job=reindex_appointments cancelled'].join('\n'),
    };
    const verdict = await judge('The reindex had been running for about 46 minutes when it was cancelled.', [log]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});

describe('offline judge: a stop closed by the next start', () => {
  const log = {
    file: 'press.log',
    text: [
      '2024-09-17T05:52:31Z INFO press[pr-2] extrusion stopped by line hold',
      '2024-09-17T05:53:10Z INFO press[pr-2] screw speed 0 rpm, vacuum released',
      '2024-09-17T07:30:20Z INFO press[pr-2] extrusion started screw=28 rpm',
    ].join('\n'),
  };

  it('"stopped for about 1 hour 40 minutes" runs from the stop to the next start, not to a valve released', async () => {
    // 05:52:31 → 07:30:20 is 1 h 37 min 49 s, about 1 h 40 min; the vacuum released at 05:53:10 undoes no stop.
    const right = await judge('Press PR-2 was stopped for about 1 hour 40 minutes.', [log]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
    // 25 minutes is far from 1 h 38 min.
    const wrong = await judge('Press PR-2 was stopped for about 25 minutes.', [log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /07:30:20/);
  });
});

describe('offline judge: two events compared by their length', () => {
  const log = {
    file: 'gateway.log',
    text: [
      '2024-04-19T12:30:05Z GW-NORTH INFO ota campaign wave=3 target=3.9.0 collars=121',
      '2024-04-19T14:02:02Z GW-NORTH INFO wave=3 complete updated=117 failed=4',
      '2024-04-19T14:20:04Z GW-SOUTH INFO ota campaign wave=4 target=3.9.0 collars=96',
      '2024-04-19T15:47:00Z GW-SOUTH INFO wave=4 complete updated=96 failed=0',
    ].join('\n'),
  };

  it('"wave 4 took longer than wave 3" against 87 and 92 minutes', async () => {
    // Wave 3: 12:30:05 → 14:02:02, 92 min; wave 4: 14:20:04 → 15:47:00, 87 min.
    const wrong = await judge('Wave 4 took longer to complete than wave 3.', [log]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    const right = await judge('Wave 4 finished faster than wave 3.', [log]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('the ends a JSON record gives in its fields', async () => {
    const plan = { file: 'deploy.json', text: JSON.stringify({ waves: [{ wave: 1, started_at: '2024-04-19T09:00:00Z', completed_at: '2024-04-19T09:41:00Z' }, { wave: 2, started_at: '2024-04-19T10:15:00Z', completed_at: '2024-04-19T11:08:00Z' }] }, null, 2) };
    // Wave 1: 41 min; wave 2: 53 min.
    const verdict = await judge('Wave 1 was slower than wave 2.', [plan]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });
});
