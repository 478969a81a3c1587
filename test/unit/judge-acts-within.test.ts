// The offline judge against an act said to be done within a length, for every row of a kind
// ("All four level crossing faults were fixed within two hours"; contradictions/table-bounds.ts,
// bounds.json actsWithin): the bound is on the column the act's verb names (fix_min), never on
// another column of the same unit. Evidence is parsed by the real evidence reader.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// Four level crossing faults, fixed in 95, 60, 140 and 45 minutes; two points faults in 200 and 70.
// hold_min is how long the asset was held out of use, another length of the same unit.
const faults = {
  file: 'faults_q3.csv',
  text: [
    'fault_id,asset_type,asset,fix_min,hold_min',
    'F-01,level_crossing,YS-201,95,20',
    'F-02,points,P231,200,15',
    'F-03,level_crossing,YS-204,60,10',
    'F-04,level_crossing,TG-LC-07,140,30',
    'F-05,points,P232,70,5',
    'F-06,level_crossing,HM-LC-02,45,25',
  ].join('\n'),
};

describe('offline judge: an act done within a length', () => {
  it("is contradicted by a row of the kind whose act's column goes past it", async () => {
    const verdict = await judge('All four level crossing faults were fixed within two hours.', [faults], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /fix_min=140/);
  });

  it('is left alone when every row of the kind keeps to it, whatever the other kinds did', async () => {
    // The longest level crossing fix is 140 minutes, under three hours; the points fault's 200 is no level crossing's.
    const verdict = await judge('All four level crossing faults were fixed within three hours.', [faults], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });

  it('reads no column the act does not name', async () => {
    // "held" names no act of the list; "handled within" names handle, which no column holds: hold_min (30 at most) is not read.
    const verdict = await judge('All four level crossing faults were handled within 25 minutes.', [faults], { decision: 'rules' });
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
