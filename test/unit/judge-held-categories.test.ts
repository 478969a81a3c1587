// The offline judge against a kind said to have held over every period that one period's row
// breaks ("the leading reason was head recess damage throughout the quarter";
// contradictions/held-categories.ts). Evidence is parsed by the real evidence reader; the rows
// that break or keep the claim are read off by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

// SL-04: head_recess in July, thread_burr in August and September. SL-01: thread_burr every month.
const scrap = {
  file: 'scrap_q3.csv',
  text: [
    'month,cell,parts_started,parts_scrapped,top_scrap_reason',
    '2024-07,SL-01,21400,214,thread_burr',
    '2024-07,SL-04,18800,301,head_recess',
    '2024-08,SL-01,20900,199,thread_burr',
    '2024-08,SL-04,19100,287,thread_burr',
    '2024-09,SL-01,21800,205,thread_burr',
    '2024-09,SL-04,18500,262,thread_burr',
  ].join('\n'),
};

describe('offline judge: a kind said to hold over every period', () => {
  it('is contradicted by a period\'s row that gives another kind', async () => {
    const verdict = await judge('On SL-04 the leading reason was head recess damage throughout the quarter.', [scrap], { decision: 'rules' });
    assert.equal(verdict.partition, 'contradicted', verdict.reason);
    assert.match(verdict.reason, /top_scrap_reason=thread_burr/);
  });

  it('is left alone when every period gives it, or the claim speaks of part of the time', async () => {
    const held = await judge('On SL-01 the leading reason was thread burr in every month.', [scrap], { decision: 'rules' });
    assert.notEqual(held.partition, 'contradicted', held.reason);
    const part = await judge('On SL-04 the leading reason was thread burr in every month since August.', [scrap], { decision: 'rules' });
    assert.notEqual(part.partition, 'contradicted', part.reason);
  });
});
