// One thing said to be alone in a kind a column gives ("The only downgraded lot was SB-24-0408",
// "Over-ripe claims came only from RR-07"; contradictions/only-holders.ts). Evidence is parsed by
// the real readers; every expected verdict is reasoned out in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Two lots are downgraded: HX-24-0730 (corn) and nothing else; SB-24-0408 (soybean) is held.
const lots = {
  file: 'lot_tests.csv',
  text: [
    'lot_id,crop,cleaning_line,warm_germ_pct,release_status',
    'HX-24-0701,corn,CL-1,97,released',
    'SB-24-0402,soybean,CL-3,91,released',
    'SB-24-0408,soybean,CL-3,84,held',
    'HX-24-0730,corn,CL-2,88,downgraded',
    'SB-24-0411,soybean,CL-3,90,released',
  ].join('\n'),
};

// Over-ripe claims: RR-07 twice and RR-13 once; RR-05's one claim is bruising.
const claims = {
  file: 'store_claims.csv',
  text: [
    'claim_id,room,pallets_claimed,reason,status',
    'CLM-1,RR-07,1,over-ripe,rejected',
    'CLM-2,RR-13,2,over-ripe,credited',
    'CLM-3,RR-05,1,bruising,open',
    'CLM-4,RR-07,2,over-ripe,open',
    'CLM-5,RR-05,1,under-ripe (green tips),credited',
  ].join('\n'),
};

describe('offline judge: one thing claimed alone in its kind', () => {
  it('is contradicted by another thing\'s row of that kind', async () => {
    // HX-24-0730 is downgraded, so SB-24-0408 is not the only one (it is not downgraded at all;
    // "soybean" only says which lot is meant).
    const lot = await judge('The only downgraded lot was soybean lot SB-24-0408.', [lots], { decision: 'rules' });
    assert.equal(lot.partition, 'contradicted', lot.reason);
    assert.match(lot.reason, /lot_id=HX-24-0730 with release_status=downgraded/);
    // RR-13 has an over-ripe claim too; a kind written with brackets elsewhere in the column is still a kind.
    const room = await judge('Over-ripe claims came only from RR-07.', [claims], { decision: 'rules' });
    assert.equal(room.partition, 'contradicted', room.reason);
    assert.match(room.reason, /room=RR-13 with reason=over-ripe/);
  });

  it('is left alone when no other thing is of that kind', async () => {
    // Only CLM-3 is bruising, and it is RR-05's.
    const verdict = await judge('Bruising claims came only from RR-05.', [claims], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('is left alone when the claim says more than the kind', async () => {
    // "whose germination fell" is a movement no row of the table gives; other downgraded lots do
    // not refute it.
    const verdict = await judge('SB-24-0408 was the only soybean lot whose germination fell below target.', [lots], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
