// The offline judge against a claim that a tracked item's work is done (an action item carried
// out, a ticket closed) while the item's record gives a status of work not yet done. Evidence is
// parsed by the real evidence reader; expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

const record = {
  file: 'incident_record.json',
  text: JSON.stringify(
    {
      incident: 'IRR-0716',
      action_items: [
        { id: 'AI-1', text: 'enable auto_shutdown on ctrl-back9', owner: 'j.okafor', status: 'open' },
        { id: 'AI-2', text: 'replace surge arrester on path 3', owner: 'r.lindqvist', status: 'done' },
        { id: 'AI-3', text: 'bench test remaining decoders on path 3', owner: 't.reyes', status: 'in progress' },
      ],
    },
    null,
    2,
  ),
};

describe('offline judge: an item said done while its record says its work is not', () => {
  it('is contradicted by an open or in-progress status, by a word of completion or the item\'s own verb', async () => {
    // AI-1 "enable …" is open: "has since been enabled" says it was done.
    const enabled = await judge('Auto-shutdown has since been enabled on ctrl-back9 (AI-1).', [record]);
    assert.equal(enabled.partition, 'contradicted', enabled.reason);
    // AI-3 is in progress: "has completed" says it is done.
    const completed = await judge('T. Reyes has completed the bench tests of the remaining decoders on path 3 (AI-3).', [record]);
    assert.equal(completed.partition, 'contradicted', completed.reason);
  });

  it('leaves alone work the claim says is still to come, and an item whose record says it is done', async () => {
    const open = await judge('Enabling auto-shutdown on ctrl-back9 is still open (AI-1).', [record]);
    assert.notEqual(open.partition, 'contradicted', open.reason);
    const future = await judge('Auto-shutdown will be enabled on ctrl-back9 (AI-1).', [record]);
    assert.notEqual(future.partition, 'contradicted', future.reason);
    // AI-2 is done.
    const replaced = await judge('The surge arrester on path 3 has been replaced (AI-2).', [record]);
    assert.notEqual(replaced.partition, 'contradicted', replaced.reason);
  });

  it('leaves alone an item a later record closes', async () => {
    const closed = { file: 'tickets.log', text: '2024-07-20T10:00:00Z ticket id=AI-1 status=closed note="auto_shutdown enabled on ctrl-back9"' };
    const verdict = await judge('Auto-shutdown has since been enabled on ctrl-back9 (AI-1).', [record, closed]);
    assert.notEqual(verdict.partition, 'contradicted', verdict.reason);
  });
});
