// The offline judge telling apart members a claim names by a field's word and value ("loop B",
// "wave 2") when their records give that field (loop=B, loop=C): the length of one member's
// pause is read from its own records, opened by the claim's own start word ("paused"), and how an
// act was done is read from the named member's record, not a sibling's.
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand in the
// comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: members named by a field word and value', () => {
  const dosing = {
    file: 'dosectl.log',
    text: [
      '2024-09-17T02:40:02Z INFO dosectl loop=B cycle start tank=TK-B2 volume_l=1840',
      '2024-09-17T03:10:45Z INFO dosectl config reload complete; loop=B setpoint ph=5.8',
      '2024-09-17T04:06:22Z INFO dosectl dosing paused loop=B by operator=m.janssens',
      '2024-09-17T04:07:05Z INFO dosectl dosing paused loop=C by operator=m.janssens',
      '2024-09-17T04:30:18Z INFO dosectl dosing resumed loop=C by operator=m.janssens',
      '2024-09-17T05:34:10Z INFO dosectl dosing resumed loop=B by operator=m.janssens',
    ].join('\n'),
  };

  it('"dosing on loop B was paused for about 58 minutes" is read from loop B\'s pause to its resume', async () => {
    // Loop B: paused 04:06:22, resumed 05:34:10 = 87 min 48 s, about 88 minutes, not 58. (Loop C's
    // 04:07:05 → 04:30:18 is another member's; the 02:40 "cycle start" is no pause.)
    const verdict = await judge('Dosing on loop B was paused for about 58 minutes in total.', [dosing]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /04:06:22Z\) to E6 \(2024-09-17T05:34:10Z\) is 88 minutes/);
  });

  it('the right length for loop B, and loop C\'s own length, are not contradicted', async () => {
    const b = await judge('Dosing on loop B was paused for about 88 minutes in total.', [dosing]);
    assert.notEqual(b.partition, 'contradicted', b.reason);
    // Loop C: 04:07:05 → 04:30:18 = 23 minutes.
    const c = await judge('Dosing on loop C was paused for about 23 minutes.', [dosing]);
    assert.notEqual(c.partition, 'contradicted', c.reason);
  });

  it('how an act was done is read from the named wave\'s record, not a sibling wave\'s', async () => {
    const rollout = {
      file: 'rollout.log',
      text: [
        '2024-10-09T01:10:00Z INFO fwctl wave=2 auto-rollback triggered by health gate',
        '2024-10-09T02:24:30Z INFO fwctl wave=3 rollback initiated by operator=m.kowalczyk',
      ].join('\n'),
    };
    // Wave 3's rollback was started by an operator: "automatically" is contradicted for it; wave 2's was automatic.
    const three = await judge('The wave 3 rollback was triggered automatically.', [rollout]);
    assert.equal(three.partition, 'contradicted', three.reason);
    assert.match(three.reason, /E2 shows it manual/);
    const two = await judge('The wave 2 rollback was triggered automatically.', [rollout]);
    assert.notEqual(two.partition, 'contradicted', two.reason);
  });
});
