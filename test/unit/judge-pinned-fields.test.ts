// A word value the claim gives a field of the record its time pins, where that record holds
// another of the field's values ("in low-speed mode" against speed=normal at that moment). The
// field's values are read from the whole evidence; the claim must name the field by a word of its
// key and one value. Evidence is parsed by the real reader; the rules' proposal is checked.
// Expected verdicts are worked out by hand in the comments.
import * as assert from 'node:assert/strict';
import type { JudgedClaim } from '../../src/core/review-types';
import { judge, type Source } from '../support/judge-sources';

const proposed = (text: string, sources: Source[]): Promise<JudgedClaim> => judge(text, sources, { decision: 'rules' });

describe('offline judge: a field value at the claim\'s moment', () => {
  const dome: Source = {
    file: 'dome.log',
    text: [
      '2024-10-14T03:41:13Z INFO domectl[dome-ctl-01] CLOSE received source=tcs mode=auto speed=normal',
      '2024-10-14T03:52:20Z INFO domectl[dome-ctl-01] CLOSE received source=console user=p.raman mode=manual speed=normal',
      '2024-10-14T05:06:15Z INFO domectl[dome-ctl-01] CLOSE received source=local_panel user=t.lind mode=manual speed=low',
    ].join('\n'),
  };

  it('"in low-speed mode" at 03:52 against speed=normal at 03:52', async () => {
    // speed takes normal and low in this log; the 03:52 record says normal.
    const wrong = await proposed('03:52 — Priya retried the close from the console in low-speed mode.', [dome]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /speed=normal/);
  });

  it('the value the pinned record holds, or a moment no record gives, is left alone', async () => {
    // 05:06 is the low-speed close.
    const right = await proposed('05:06 — Tomas closed the dome from the local panel in low-speed mode.', [dome]);
    assert.notEqual(right.partition, 'contradicted', right.reason);
    // No record at 04:30: nothing pins the field.
    const unpinned = await proposed('04:30 — Priya tried again in low-speed mode.', [dome]);
    assert.notEqual(unpinned.partition, 'contradicted', unpinned.reason);
  });

  it('a value named without its field is not read as the field\'s', async () => {
    // "normal" alone ("back to normal operation") does not name speed.
    const unnamed = await proposed('05:06 — The dome was back to normal operation.', [dome]);
    assert.notEqual(unnamed.partition, 'contradicted', unnamed.reason);
  });
});
