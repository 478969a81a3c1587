// The offline judge on an absence claim against records that show the denied thing: a limit
// "exceeded" in the claim is the limit a log line "exceeds" (one stem for every form of the verb),
// a decimal's zero ("2.0 s") reports nothing absent, and "no tunnel drops" denies drops of a
// tunnel, not tunnels. Evidence is parsed by the real evidence reader; verdicts are reasoned by hand.
import * as assert from 'node:assert/strict';
import { canonicalStem } from '../../src/core/retrieval/index';
import { reportsNothing } from '../../src/core/judge/offline/language';
import { judge } from '../support/judge-sources';

describe('offline judge: an absence against the records of the denied thing', () => {
  it('reads every form of a verb Porter parts by its ending as one stem', () => {
    for (const [a, b] of [['exceeds', 'exceeded'], ['exceed', 'exceeding'], ['succeeds', 'succeeded'], ['proceeds', 'proceeded'], ['queue', 'queued']]) {
      assert.equal(canonicalStem(a), canonicalStem(b), `${a} / ${b}`);
    }
  });

  it('reads "acknowledged" as the "acked" of a page record', () => {
    for (const [a, b] of [['acknowledged', 'acked'], ['acknowledge', 'ack'], ['acknowledgement', 'acks']]) {
      assert.equal(canonicalStem(a), canonicalStem(b), `${a} / ${b}`);
    }
  });

  it('does not read the zero of a decimal or an address as a record of nothing', () => {
    assert.equal(reportsNothing('sub-04 switchover subtitle gap 3.4 s exceeds limit 2.0 s'), false);
    assert.equal(reportsNothing('route 10.90.0.0/16 moved to vpn-north-2'), false);
    assert.equal(reportsNothing('value=0.5'), false);
    assert.equal(reportsNothing('errors=0'), true);
    assert.equal(reportsNothing('0 failures in the window'), true);
  });

  it('is contradicted by a log line of the limit exceeded', async () => {
    const log = {
      file: 'rollout.log',
      text: [
        '2024-10-09T02:10:05Z INFO  deploy-agent sub-01 switchover subtitle gap 0.9 s within limit 2.0 s',
        '2024-10-09T02:25:44Z WARN  deploy-agent sub-04 switchover subtitle gap 3.4 s exceeds limit 2.0 s',
      ].join('\n'),
    };
    // sub-04's gap of 3.4 s went over the 2.0 s limit.
    const verdict = await judge('No inserter exceeded the 2-second subtitle gap limit during switchover.', [log]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
  });

  it('is not contradicted by a record of the head noun\'s modifier alone', async () => {
    const trace = {
      file: 'trace.jsonl',
      text: [
        JSON.stringify({ type: 'tool_call', tool: 'vpnctl', args: { cmd: 'failover --to vpn-north-2' }, result: 'route moved to vpn-north-2 (tunnel dc-b via vpn-dc-3)', exit_ok: true }),
        JSON.stringify({ type: 'tool_call', tool: 'logq', args: { query: 'tunnel drops host=vpn-north-2' }, result: 'count=0', exit_ok: true }),
      ].join('\n'),
    };
    // The only record of vpn-north-2's tunnel drops counts none; the failover record names a tunnel, not a drop.
    const verdict = await judge('vpn-north-2 recorded no tunnel drops over the same period.', [trace]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
