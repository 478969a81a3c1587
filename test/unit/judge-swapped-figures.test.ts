// The offline judge against two entities' figures given the wrong way round. Evidence is parsed by
// the real evidence reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const log = {
  file: 'events.log',
  text: [
    '2026-03-11T03:18:30Z EVENT MASTER load allocation B-1 62% -> 88%, B-3 58% -> 85%',
    '[tool=qa row=1] ts=2026-03-11T06:00Z batch=L2-07 loaves_out=2160 rejects=41',
    '[tool=qa row=2] ts=2026-03-11T06:00Z batch=L2-08 loaves_out=2020 rejects=37',
  ].join('\n'),
};

describe('offline judge: two entities\' figures swapped', () => {
  it('is contradicted when each entity\'s records hold the other\'s figure and not its own', async () => {
    // L2-07 gave 2,160 loaves and L2-08 2,020: the claim has them the other way round.
    const loaves = await judge('Of these, 2,020 came from L2-07 and 2,160 from L2-08.', [log]);
    assert.equal(loaves.partition, 'contradicted', loaves.reason);
    assert.match(loaves.reason, /swapped/);
    // One line gives both: B-1 went to 88% and B-3 to 85%.
    const shares = await judge('The load master raised B-1 from 62% to 85% and B-3 from 58% to 88%.', [log]);
    assert.equal(shares.partition, 'contradicted', shares.reason);
  });

  it('is left alone when each entity keeps its own figures', async () => {
    const loaves = await judge('Of these, 2,160 came from L2-07 and 2,020 from L2-08.', [log]);
    assert.notEqual(loaves.partition, 'contradicted', loaves.reason);
    const shares = await judge('The load master raised B-1 from 62% to 88% and B-3 from 58% to 85%.', [log]);
    assert.notEqual(shares.partition, 'contradicted', shares.reason);
  });
});
