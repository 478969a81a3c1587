// The offline judge's check of a claim that every member kept to a bar ("all above spec", "none
// were late", "no site missed the target") against a record in the claim's scope that counts the
// members on the wrong side of it (results_below_spec=2, late_departures=3). Evidence is parsed by
// the real reader; the rules' proposal is checked. Expected verdicts are worked out by hand in the
// comments. Also: a count written as a part "of" a whole ("1,204 of the 15,880 parcels"), which a
// sum of the rows may give as well as the whole.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: a bar every member kept, against a count of those that did not', () => {
  const cubes: Source = {
    file: 'cube_results.csv',
    text: ['week,site,mix,cubes_tested,results_below_spec', '2025-W10,Northgate,C40,30,0', '2025-W11,Northgate,C40,28,2', '2025-W11,Southmere,C40,25,0'].join('\n'),
  };
  const departures: Source = {
    file: 'departures.log',
    text: ['2025-03-04T23:00:00Z route=R12 departures=40 late_departures=3', '2025-03-04T23:00:00Z route=R14 departures=36 late_departures=0'].join('\n'),
  };

  it('"all above spec" against a week of the named site with results below spec', async () => {
    // Northgate's W11 row counts 2 results below spec: not all were above it.
    const wrong = await proposed("Northgate's C40 results were all above spec in every week.", [cubes]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /results_below_spec=2/);
    // Southmere's only row counts none.
    const right = await proposed("Southmere's C40 results were all above spec.", [cubes]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('"none were late" against the named route\'s count of late departures', async () => {
    // R12 counts 3 late departures; R14 none.
    const wrong = await proposed("None of route R12's departures were late.", [departures]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /late_departures=3/);
    const right = await proposed("None of route R14's departures were late.", [departures]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
  });

  it('leaves alone a claim with an exception, a bound of one member, or members the record does not count', async () => {
    // "except week 11" leaves out the row with results below spec.
    const except = await proposed("All of Northgate's C40 results except week 11 were above spec.", [cubes]);
    assert.notEqual(except.partition, 'contradicted', except.reason);
    // "no more than 3 minutes" bounds one departure; it denies nothing of all of them.
    const definition = await proposed('On route R12 a departure counts as on time if it leaves no more than 3 minutes late.', [departures]);
    assert.notEqual(definition.partition, 'contradicted', definition.reason);
    // The 12 departures the inspector rode are not the first record's 40: its 3 late ones may be
    // others; the inspector's own record of those 12 counts none late.
    const rides: Source = { file: 'rides.log', text: '2025-03-04T23:10:00Z inspector=K.Osei route=R12 rides=12 late=0' };
    const subset = await proposed('None of the 12 route R12 departures the inspector rode were late.', [departures, rides]);
    assert.notEqual(subset.partition, 'contradicted', subset.reason);
  });
});

describe('offline judge: a count written as a part "of" a whole', () => {
  // Sums over the four March rows: delivered 4,000 + 3,880 + 5,000 + 3,000 = 15,880; late 300 + 304 + 350 + 250 = 1,204.
  const parcels: Source = {
    file: 'parcels_march.csv',
    text: ['depot,month,parcels_delivered,late_parcels', 'Ashby,2025-03,4000,300', 'Brill,2025-03,3880,304', 'Corby,2025-03,5000,350', 'Dunton,2025-03,3000,250'].join('\n'),
  };

  it('"1,204 of the 15,880 parcels" is two sums of the rows, the part as well as the whole', async () => {
    const right = await proposed('Across the four depots, 1,204 of the 15,880 parcels delivered in March were late.', [parcels]);
    assert.equal(right.partition, 'grounded', right.reason);
    // 1,250 is no sum of the late column: the part is not given.
    const wrong = await proposed('Across the four depots, 1,250 of the 15,880 parcels delivered in March were late.', [parcels]);
    assert.notEqual(wrong.partition, 'grounded', wrong.reason);
  });
});
