// A figure the claim gives against another of the same measure in a record: a contradiction only
// when the record's figure could be the one the claim got wrong — near it (within a few times), a
// power of ten off, none against a few, or the record names the measure as the claim does. A figure
// hundreds of times the claim's, met only through a shared word, is another quantity. Evidence is
// parsed by the real reader; the rules' proposal is checked. Expected verdicts are worked out by
// hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { mistakable } from '../../src/core/judge/offline/derive/matching';
import { extractFeatures } from '../../src/core/retrieval/index';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });
const figure = (text: string, index = 0) => extractFeatures(text).quantities[index]!;

describe('offline judge: a wrong figure is near the right one', () => {
  it('mistakable: a few times apart, a power of ten, none against a few, another unit', () => {
    // 20 against 21: the same quantity misread.
    assert.equal(mistakable(figure('20 connections'), figure('21 connections'), '20 connections'), true);
    // 2,100 against 21: a slip of two powers of ten.
    assert.equal(mistakable(figure('2,100 connections'), figure('21 connections'), '2,100 connections'), true);
    // 700 against 21: about 33 times, no power of ten: another quantity.
    assert.equal(mistakable(figure('700 connections'), figure('21 connections'), '700 connections'), false);
    // 3 failures against none: mistakable; 240 against none: not.
    assert.equal(mistakable(figure('3 failures'), figure('0 failures'), '3 failures'), true);
    assert.equal(mistakable(figure('240 failures'), figure('0 failures'), '240 failures'), false);
    // 30 days against 12 hours: 60 times apart, but 30 and 12 are the numbers written, 2.5 apart.
    assert.equal(mistakable(figure('after 30 days'), figure('12 hours'), 'after 30 days'), true);
    // A comparison says where values lie: 20% belies "below 1%" however far off.
    assert.equal(mistakable(figure('below 1%'), figure('20%'), 'below 1%'), true);
    // A limit stated ("up to 500") is a figure: 10 is 50 times apart.
    assert.equal(mistakable(figure('up to 500 endpoints'), figure('10 endpoints'), 'up to 500 endpoints'), false);
  });

  const pool: Source = {
    file: 'pool.log',
    text: ['2026-03-04T10:00:00Z INFO pay-api-1 pool sample active=21 idle=29 waiting=0', '2026-03-04T10:05:00Z INFO pay-api-1 pool sample active=23 idle=27 waiting=0'].join('\n'),
  };
  const batch: Source = {
    file: 'jobs.log',
    text: ['2026-03-04T02:00:00Z INFO scheduler pool=batch-7 run=nightly jobs=412 failed_jobs=0'].join('\n'),
  };
  const gate: Source = {
    file: 'gate_metrics.log',
    text: ['2026-03-04T08:10:00Z WARN clubgate auth failures rising members_per_minute=81', '2026-03-04T08:20:00Z WARN clubgate auth failures rising members_per_minute=95'].join('\n'),
  };

  it('a figure near the record\'s is contradicted by it', async () => {
    // The log gives active=23 at 10:05: 25 is a misreading of it.
    const wrong = await proposed('At 10:05 pay-api-1 had 25 active connections.', [pool]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
  });

  it('none against a few is a contradiction; none against hundreds is another quantity', async () => {
    // failed_jobs=0: "3 jobs failed" is the same count misread.
    const few = await proposed('3 jobs failed on batch-7 in the nightly run.', [batch]);
    assert.equal(few.partition, 'contradicted', few.reason);
  });

  it('a count fifteen times a rate that shares one word with it is another quantity', async () => {
    // "1,200 members affected" is a head count; members_per_minute=81 is a rate the records give,
    // about 15 times smaller: no misreading of it, so nothing contradicts the count (and nothing gives it).
    const far = await proposed('Roughly 1,200 members were affected by the clubgate auth failures.', [gate]);
    assert.equal(far.partition, 'ungrounded', far.reason);
  });
});
