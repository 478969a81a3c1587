// Acts between people that no system record implies (vocabulary/reported-acts.json): "Operators
// were briefed on v4.2 before wave 1" is grounded only by evidence that writes the briefing, in
// any of the act's stems; the rest of the claim found in a rollout log does not ground it. Nouns
// that share a stem ("a brief rise", "push notification") are no act. Evidence is parsed by the
// real readers; every expected verdict is reasoned out in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const rollout = {
  file: 'rollout.log',
  text: [
    '2024-12-05T22:00:00Z INFO rollout[ev-line] wave=1 recipe=v4.2 evaporators=EV-1,EV-2 operators=shift-A,shift-B started',
    '2024-12-05T23:40:00Z INFO rollout[ev-line] wave=1 recipe=v4.2 completed',
  ].join('\n'),
};

const plan = {
  file: 'change_plan.md',
  text: ['# Change plan: evaporator recipe v4.2', '', '## Communication', '', 'Shift operators on all shifts get a briefing on v4.2 before wave 1.', ''].join('\n'),
};

describe('offline judge: an act between people must be written in evidence', () => {
  it('"were briefed" is not grounded by records of the rollout alone', async () => {
    // The log names the operators, v4.2 and wave 1, but nothing says anyone was briefed.
    const verdict = await judge('Operators on all shifts were briefed on v4.2 before wave 1.', [rollout], { decision: 'rules' });
    assert.equal(verdict.partition, 'ungrounded', verdict.reason);
    assert.match(verdict.reason, /brief/);
  });

  it('is grounded where the evidence writes the act, in another form of its word', async () => {
    // "get a briefing" writes the act ("briefing" shares the stem of "briefed").
    const verdict = await judge('Operators on all shifts were briefed on v4.2 before wave 1.', [rollout, plan], { decision: 'rules' });
    assert.equal(verdict.partition, 'grounded', verdict.reason);
  });

  it('a word that only shares the stem is no act: "a brief rise" needs no briefing', async () => {
    const metrics = { file: 'metrics.log', text: '2024-12-06T02:30:00Z cluster=gnb-ne-hx sctp_retx_pct=2.6 window=02:30-02:40' };
    // The figure, the cluster and the window are all in the record; "brief" describes the rise.
    const verdict = await judge('A brief rise in SCTP retransmissions on gnb-ne-hx reached 2.6% in the 02:30–02:40 window.', [metrics], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'ungrounded', verdict.reason);
  });
});
