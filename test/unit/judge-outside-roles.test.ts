// The offline judge reading a role or team that the evidence gives nowhere, named as the one who
// acts ("QA placed a hold"), against the record of that act, which gives who acted by another role
// (role=crew_lead) or team (by=purser-office) (contradictions/acting-roles.ts). Evidence is parsed by
// the real evidence reader; the expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const pressroom = {
  file: 'pressroom.log',
  text: [
    '2024-09-19T02:44:39Z ERROR press-ctl[P3] WEB BREAK detected sensor=WB-4 speed=36000',
    '2024-09-19T02:50:02Z INFO  wms[reels] hold placed batch=B-8812 reels=6 reason="edge damage" by=D.Marsh role=crew_lead',
    '2024-09-19T03:02:31Z INFO  reel-stand[P3] reel R-55214 loaded batch=B-8790',
  ].join('\n'),
};

const desk = {
  file: 'app.log',
  text: [
    '2024-09-14T08:15:10Z INFO  guest-desk[gs-term-3] manual excursion booking mode on',
    '2024-09-14T08:31:02Z INFO  guest-desk[gs-term-3] manual excursion bookings entered into portpass count=37 by=purser-office',
  ].join('\n'),
};

const swabs = {
  file: 'rollout.log',
  text: [
    '2024-09-09T07:31:05Z INFO qa[F1] allergen swabs S-F1-0909-1..5 hazelnut <1ppm result=PASS signed=k.baptiste role=qa_technician',
    '2024-09-09T08:02:40Z INFO qa[F2] allergen swabs S-F2-0909-1..5 hazelnut <1ppm result=PASS signed=a.moreau role=qa_technician',
  ].join('\n'),
};

describe('offline judge: a role or team the evidence does not give, named as the actor', () => {
  it('contradicts a role at the time of an act whose record gives another role', async () => {
    // The 02:50 hold was placed by the crew lead (role=crew_lead), not by QA.
    const qa = await judge('02:50 — QA placed a hold on batch B-8812, covering six reels.', [pressroom], { decision: 'rules' });
    assert.equal(qa.partition, 'contradicted', qa.reason);
    assert.match(qa.reason, /crew_lead/);
    // The role the record gives, in words: no contradiction.
    const lead = await judge('02:50 — The crew lead placed a hold on batch B-8812, covering six reels.', [pressroom], { decision: 'rules' });
    assert.notEqual(lead.partition, 'contradicted', lead.reason);
    // A person named with the role is read by the person checks, not by this one.
    const named = await judge('02:50 — Crew lead D. Marsh placed a hold on batch B-8812.', [pressroom], { decision: 'rules' });
    assert.notEqual(named.partition, 'contradicted', named.reason);
  });

  it('contradicts a team against the team an actor field names', async () => {
    // by=purser-office at 08:31: the purser's office keyed the bookings, not the shore excursions team.
    const team = await judge('The shore excursions team keyed those bookings into PortPass at 08:31.', [desk], { decision: 'rules' });
    assert.equal(team.partition, 'contradicted', team.reason);
    assert.match(team.reason, /purser-office/);
    const office = await judge('The purser office keyed those bookings into PortPass at 08:31.', [desk], { decision: 'rules' });
    assert.notEqual(office.partition, 'contradicted', office.reason);
  });

  it('reads a claim with no time by the record of its verb and its numbered identifier', async () => {
    // F1's swabs were signed by k.baptiste, role=qa_technician: not by a shift lead.
    const lead = await judge('The swab release on F1 was signed by the shift lead on duty.', [swabs], { decision: 'rules' });
    assert.equal(lead.partition, 'contradicted', lead.reason);
    assert.match(lead.reason, /qa_technician/);
    const qa = await judge('The swab release on F1 was signed by the QA technician on duty.', [swabs], { decision: 'rules' });
    assert.notEqual(qa.partition, 'contradicted', qa.reason);
  });
});
