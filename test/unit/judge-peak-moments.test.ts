// The offline judge reading when a series peaked ("the backlog peaked at 09:50") against the one
// series of the measure the claim words (a backlog is a queue's depth): the claimed time must be
// when it is highest. Evidence is parsed by the real evidence reader; expected verdicts are worked
// out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe('offline judge: the time a series peaked, the time an act was done', () => {
  const metrics = {
    file: 'metrics.log',
    text: [
      '[tool=metrics row=1] ts=2025-03-12T09:35Z host=proctor-ingest queue_depth=16800 busy_workers=24',
      '[tool=metrics row=2] ts=2025-03-12T09:40Z host=proctor-ingest queue_depth=17900 busy_workers=24',
      '[tool=metrics row=3] ts=2025-03-12T09:45Z host=proctor-ingest queue_depth=18420 busy_workers=24',
      '[tool=metrics row=4] ts=2025-03-12T09:50Z host=proctor-ingest queue_depth=18310 busy_workers=24',
      '[tool=metrics row=5] ts=2025-03-12T09:55Z host=proctor-ingest queue_depth=16200 busy_workers=24',
    ].join('\n'),
  };

  it('a peak at a time whose reading is below the highest is contradicted', async () => {
    // 09:50 reads 18,310; the highest, 18,420, is at 09:45.
    const verdict = await judge('The backlog peaked at 09:50, two minutes before the switch to vidstore-3.', [metrics]);
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /queue_depth is 18310 then .* and 18420 at 2025-03-12T09:45Z/);
  });

  it('the peak at its own time is not contradicted', async () => {
    const verdict = await judge('The backlog peaked at 09:45.', [metrics]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  describe('when an act was done, by a field that dates it', () => {
    const deploy = {
      file: 'deploy.json',
      text: JSON.stringify({ waves: [{ wave: 1, cohort: 'Engineering', targets: 1240, started_at: '2025-04-16T08:00:00Z', completed_at: '2025-04-16T11:40:00Z', status: 'completed' }] }, null, 2),
    };

    it('"complete at 10:15" and "complete by 10:15" are contradicted by completed_at 11:40', async () => {
      const at = await judge('Wave 1 was complete at 10:15.', [deploy]);
      assert.equal(at.partition, 'contradicted', at.reason);
      assert.match(at.reason, /completed_at=2025-04-16T11:40:00Z/);
      const by = await judge('Wave 1 was complete by 10:15.', [deploy]);
      assert.equal(by.partition, 'contradicted', by.reason);
    });

    it('a deadline after the completion, and the completion time itself, are not contradicted', async () => {
      // 11:40 is before 12:00: "by 12:00" holds.
      const by = await judge('Wave 1 was complete by 12:00.', [deploy]);
      assert.notEqual(by.partition, 'contradicted', by.reason);
      const at = await judge('Wave 1 was complete at 11:40.', [deploy]);
      assert.notEqual(at.partition, 'contradicted', at.reason);
    });
  });
});
