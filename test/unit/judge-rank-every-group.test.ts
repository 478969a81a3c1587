// The offline judge against a rank said to hold in every group ("the largest scrap reason at every
// press"; contradictions/ranks.ts): one group where another value leads contradicts it, though the
// rank holds in the others. Evidence is parsed by the real evidence reader; each group's order is
// read off the rows by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// P1: butt 4,100 > die lines 1,450 > dimensional 820; P2: butt 4,650 > die lines 1,180 > 640;
// P3: die lines 6,140 > butt 5,320 > 1,210. Butt leads at P1 and P2, not at P3.
const reasons = {
  file: 'scrap_reasons.csv',
  text: [
    'week,press,reason,scrap_kg,logs_rejected',
    '2024-W41,P1,butt_backend,4100,0',
    '2024-W41,P1,die_lines,1450,58',
    '2024-W41,P1,dimensional,820,31',
    '2024-W41,P2,butt_backend,4650,0',
    '2024-W41,P2,die_lines,1180,29',
    '2024-W41,P2,dimensional,640,17',
    '2024-W41,P3,butt_backend,5320,0',
    '2024-W41,P3,die_lines,6140,118',
    '2024-W41,P3,dimensional,1210,24',
  ].join('\n'),
};

describe('offline judge: a rank said to hold in every group', () => {
  it('is contradicted by the one group where another value leads', async () => {
    const every = await judge('Butt and back-end was the largest scrap reason at every press.', [reasons], { decision: 'rules' });
    assert.equal(every.partition, 'contradicted', every.reason);
    assert.match(every.reason, /die_lines 6140 .* against butt_backend 5320/);
  });

  it('is left alone when it holds in every group, or is not said of every group', async () => {
    const dimensional = await judge('Dimensional was the smallest scrap reason at every press.', [reasons], { decision: 'rules' });
    assert.notEqual(dimensional.partition, 'contradicted', dimensional.reason);
    // Said of no group in particular, a rank that holds in some group is not contradicted.
    const some = await judge('Butt and back-end was the largest scrap reason.', [reasons], { decision: 'rules' });
    assert.notEqual(some.partition, 'contradicted', some.reason);
  });
});
