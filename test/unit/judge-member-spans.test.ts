// The offline judge against a bound a claim puts on every member's time out of use ("Every panel
// was back online within the 20-minute outage limit"; contradictions/member-spans.ts). Evidence is
// parsed by the real evidence reader; every span is worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// PNL-1 out 08:40 → back 08:52 (12 min); PNL-2 09:05 → 09:31 (26 min); PNL-3 09:40 → 09:55 (15 min).
const rollout = {
  file: 'rollout.log',
  text: [
    '2024-11-05T08:40:00Z INFO alarmnet[ctl] PNL-1 offline for flash (2.7.3 -> 2.9.0)',
    '2024-11-05T08:52:00Z INFO alarmnet[ctl] PNL-1 online fw=2.9.0',
    '2024-11-05T09:05:00Z INFO alarmnet[ctl] PNL-2 offline for flash (2.7.3 -> 2.9.0)',
    '2024-11-05T09:18:30Z WARN alarmnet[ctl] PNL-2 flash verify retry 1/3',
    '2024-11-05T09:31:00Z INFO alarmnet[ctl] PNL-2 online fw=2.9.0',
    '2024-11-05T09:40:00Z INFO alarmnet[ctl] PNL-3 offline for flash (2.7.3 -> 2.9.0)',
    '2024-11-05T09:55:00Z INFO alarmnet[ctl] PNL-3 online fw=2.9.0',
  ].join('\n'),
};

describe('offline judge: a bound on every member\'s time out of use', () => {
  it('is contradicted by a member out for longer than the bound', async () => {
    const verdict = await judge('Every panel was back online within the 20-minute outage limit.', [rollout], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /pnl-2 was out .* 26 minutes/);
  });

  it('is left alone when every span fits, or the claim leaves members out or names a part of them', async () => {
    const fits = await judge('Every panel was back online within the 30-minute outage limit.', [rollout], { decision: 'rules' });
    assert.notEqual(fits.partition, 'contradicted', fits.reason);
    const apart = await judge('Apart from PNL-2, every panel was back online within the 20-minute limit.', [rollout], { decision: 'rules' });
    assert.notEqual(apart.partition, 'contradicted', apart.reason);
    // Which panels are in block A the records do not say.
    const part = await judge('Every Block A panel was back online within the 20-minute limit.', [rollout], { decision: 'rules' });
    assert.notEqual(part.partition, 'contradicted', part.reason);
  });
});
