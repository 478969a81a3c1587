// The offline judge on a count the records give as a fraction, "done of planned": a wave's record
// `updated=23/24` against "Wave 3 updated 24 turbines". Evidence is parsed by the real reader;
// each expected verdict is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

const rollout: Source = {
  file: 'rollout.log',
  text: [
    '2025-03-10T09:40:00Z INFO fw-deployer[ops] wave=1 complete updated=4/4 rollbacks=0',
    '2025-03-11T11:20:00Z INFO fw-deployer[ops] wave=2 complete updated=20/20 rollbacks=0',
    '2025-03-12T12:10:00Z INFO fw-deployer[ops] wave=3 complete updated=23/24 excluded=SD-35 rollbacks=0',
  ].join('\n'),
};

describe('offline judge: a count the records give as part of a whole', () => {
  it('"updated 24" against updated=23/24: 24 is the wave, 23 were updated', async () => {
    const wrong = await proposed('Wave 3 updated 24 turbines with no rollbacks.', [rollout]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /updated=23\/24/);
  });

  it('leaves a claim that gives the part too, or whose count some record gives as the part', async () => {
    // "23 of 24": the claim states the fraction itself.
    const both = await proposed('Wave 3 updated 23 of its 24 turbines.', [rollout]);
    assert.notEqual(both.partition, 'contradicted', both.reason);
    // Wave 2: updated=20/20, all 20 updated.
    const whole = await proposed('Wave 2 updated 20 turbines with no rollbacks.', [rollout]);
    assert.notEqual(whole.partition, 'contradicted', whole.reason);
  });

  it('a count the field’s own word does not name is not the field’s', async () => {
    // "planned" is not "updated": 24 turbines were planned for wave 3.
    const planned = await proposed('Wave 3 was planned for 24 turbines.', [rollout]);
    assert.notEqual(planned.partition, 'contradicted', planned.reason);
  });

  it('a count the claim itself writes as the whole ("all 112", "of the 112") is the fraction’s whole, rightly', async () => {
    const rack: Source = { file: 'rms.log', text: '2024-08-02T14:31:07Z WARN rms[rack-c] feeder trip plugs_online=0/112' };
    // plugs_online=0/112: all 112 plugs were offline, 0 of 112 online.
    for (const text of ['All 112 plugs on the rack went offline within a second of the trip.', 'None of the 112 plugs stayed online.']) {
      const judged = await proposed(text, [rack]);
      assert.notEqual(judged.partition, 'contradicted', `${text}: ${judged.reason}`);
    }
  });
});
