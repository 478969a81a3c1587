// The offline judge on a percentage a claim gives for its own part and whole ("28 of 31 (94%)"):
// the part over the whole, or its complement, must come to the percentage within its written
// precision. Evidence is parsed by the real evidence reader; each share is worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const callouts = {
  file: 'callouts.log',
  text: [
    '[tool=run_sql row=1] crew=north callouts=31 within_target=28 median_min=11',
    '[tool=run_sql row=2] crew=south callouts=240 within_target=238 median_min=9',
  ].join('\n'),
};

describe('offline judge: a percentage of the claim\'s own part and whole', () => {
  it('is contradicted when the part over the whole is another percentage', async () => {
    // 28 / 31 = 90.3%, not 94%.
    const claim = await judge('The north crew met the target on 28 of 31 callouts (94%).', [callouts]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
    assert.match(claim.reason, /90\.3%/);
  });

  it('is contradicted with the percentage written first', async () => {
    // 28 / 31 = 90.3%, not 92.6%.
    const claim = await judge('The north crew met the target on 92.6% of callouts (28 of 31).', [callouts]);
    assert.equal(claim.partition, 'contradicted', claim.reason);
  });

  it('is not contradicted when the share is right, or its complement is what the words give', async () => {
    // 28 / 31 = 90.3%; 238 / 240 = 99.2%, so 0.8% failed.
    assert.notEqual((await judge('The north crew met the target on 28 of 31 callouts (90.3%).', [callouts])).partition, 'contradicted');
    assert.notEqual((await judge('The south crew met the target on 238 of 240 callouts, a miss rate of about 0.8%.', [callouts])).partition, 'contradicted');
  });

  it('allows an approximate percentage a tenth of its size', async () => {
    // 28 / 31 = 90.3%: "about 91%" is within 9.1 of it; "about 75%" is not.
    assert.notEqual((await judge('The north crew met the target on 28 of 31 callouts, about 91%.', [callouts])).partition, 'contradicted');
    assert.equal((await judge('The north crew met the target on 28 of 31 callouts, about 75%.', [callouts])).partition, 'contradicted');
  });
});
