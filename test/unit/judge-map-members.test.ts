// The offline judge against a JSON object keyed by entities (a map: one value per pump): a claim
// naming one key reads that member's value, in the unit the map's name carries, not a sibling's.
// Evidence is parsed by the real evidence reader; verdicts are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const config = {
  file: 'config.json',
  text: JSON.stringify({ site: 'North works', flushing: { enabled: true, interval_min: { 'P-101': 30, 'P-102': 45, 'P-103': 60 } } }, null, 2),
};

describe('offline judge: a member of a JSON map keyed by entities', () => {
  it('is contradicted when the claim gives the entity a sibling\'s value', async () => {
    // P-102's interval is 45 minutes; 30 is P-101's.
    const p102 = await judge('P-102 is flushed every 30 minutes.', [config]);
    assert.equal(p102.partition, 'contradicted', p102.reason);
    // P-101's is 30; 45 is P-102's.
    const p101 = await judge('P-101 has a 45-minute flushing interval.', [config]);
    assert.equal(p101.partition, 'contradicted', p101.reason);
  });

  it('is grounded by the member the claim names, read in the map\'s unit', async () => {
    const p102 = await judge('P-102 has a 45-minute flushing interval.', [config]);
    assert.equal(p102.partition, 'grounded', p102.reason);
    // 60 minutes written as an hour.
    const p103 = await judge('P-103 is flushed every hour.', [config]);
    assert.notEqual(p103.partition, 'contradicted', p103.reason);
  });
});
