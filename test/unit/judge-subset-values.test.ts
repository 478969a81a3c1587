// The offline judge on every row of a subset said to hold one value: the subset named by another
// value ("the unsold lots") or by a yes/no column ("first-pass failures"), the value named last.
// Evidence is parsed by the real readers; every expected row is read by hand in the comment above it.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// First-pass failures (qc_first_pass=N): B3 night, B6 day, B8 night. Passes run on both shifts.
const batches = {
  file: 'batches_q3.csv',
  text: [
    'batch_id,start_date,shift,qc_first_pass',
    'B1,2024-07-02,day,Y', 'B2,2024-07-09,night,Y', 'B3,2024-07-17,night,N', 'B4,2024-07-25,day,Y',
    'B5,2024-08-01,day,Y', 'B6,2024-08-08,day,N', 'B7,2024-08-19,night,Y', 'B8,2024-08-28,night,N',
  ].join('\n'),
};

// Lots: unsold L2 (BOPF), L4 (BP), L6 (BOPF), every one of them from round R2; sold lots of every grade and both rounds.
const lots = {
  file: 'lots.csv',
  text: ['lot,round,grade,status,kg', 'L1,R1,BOPF,sold,400', 'L2,R2,BOPF,unsold,380', 'L3,R1,BP,sold,410', 'L4,R2,BP,unsold,390', 'L5,R2,PD,sold,300', 'L6,R2,BOPF,unsold,350'].join('\n'),
};

describe('offline judge: every row of a subset holding one value', () => {
  it('"all three first-pass failures came from the night shift" is contradicted: B6 ran on the day shift', async () => {
    const verdict = await judge('All three first-pass failures came from the night shift.', [batches], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /qc_first_pass=no have shift=night; 1 of the 3 do not: shift=day \(E7\)/);
  });

  it('"the three unsold lots were all BOPF" is contradicted: L4 is BP', async () => {
    const verdict = await judge('The three unsold lots were all BOPF.', [lots], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /status=unsold have grade=BOPF; 1 of the 3 do not: grade=BP/);
  });

  it('a subset that does hold the value is not contradicted, and a claim naming no subset is not read', async () => {
    const round = await judge('The three unsold lots were all from round R2.', [lots], { decision: 'rules' });
    assert.notEqual(round.partition, 'contradicted', round.reason);
    const none = await judge('All lots were BOPF.', [lots], { decision: 'rules' });
    assert.doesNotMatch(none.reason, /have grade=BOPF/);
  });
});
