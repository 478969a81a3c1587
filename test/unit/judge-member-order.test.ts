// The offline judge on the order a claim says members of a rollout were acted on in, against the
// times of their records: each member's earliest record that names it alone and holds the act.
// Evidence is parsed by the real evidence reader; each order is read off the records by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const pushes = {
  file: 'trace.jsonl',
  text: [
    { ts: '2025-03-04T05:01:12Z', type: 'tool_result', tool: 'fleet.list', result: { units: ['ER-01', 'ER-02', 'ER-06'] } },
    { ts: '2025-03-04T06:05:11Z', type: 'tool_call', tool: 'fleet.push_firmware', args: { unit: 'ER-01', version: '3.8.2' } },
    { ts: '2025-03-04T06:09:45Z', type: 'tool_call', tool: 'fleet.push_firmware', args: { unit: 'ER-06', version: '3.8.2' } },
    { ts: '2025-03-04T06:40:50Z', type: 'tool_call', tool: 'fleet.push_firmware', args: { unit: 'ER-02', version: '3.8.2' } },
  ]
    .map((line) => JSON.stringify(line))
    .join('\n'),
};

const sets = {
  file: 'stalls.log',
  text: [
    '2024-05-21T08:05:00+01:00 INFO stall-svc[set-B] pre-check: 14/14 bays latched',
    '2024-05-21T08:30:00+01:00 INFO fw-update[set-A] flashing gatelink 3.4.2 -> 3.5.0 operator=m.okafor',
    '2024-05-21T09:20:00+01:00 INFO fw-update[set-B] flashing gatelink 3.4.2 -> 3.5.0 operator=m.okafor',
  ].join('\n'),
};

describe('offline judge: the order members were acted on in', () => {
  it('contradicts a listed order the pushes run against', async () => {
    // ER-01 06:05, ER-06 06:09, ER-02 06:40: ER-06 came before ER-02 (the fleet list names all three and is no one's act).
    const claim = await judge('The units were flashed in the order ER-01, ER-02, ER-06.', [pushes]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /ER-06/);
    assert.notEqual((await judge('The units were flashed in the order ER-01, ER-06, ER-02.', [pushes])).partition, 'contradicted');
  });

  it("reads 'first, followed by' and a member written as its kind and letter, by the claim's own verb", async () => {
    // Set A was flashed at 08:30 and set B at 09:20; set B's earlier pre-check (08:05) is no flashing.
    const claim = await judge('On 21 May set B was flashed first, followed by set A.', [sets]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.notEqual((await judge('On 21 May set A was flashed first, followed by set B.', [sets])).partition, 'contradicted');
  });

  it('leaves a ranking alone', async () => {
    // "the largest …, followed by" ranks by size, not by time.
    const claim = await judge('Set B had the largest number of bays, followed by set A.', [sets]);
    assert.notEqual(claim.partition, 'contradicted', claim.reason);
  });
});
