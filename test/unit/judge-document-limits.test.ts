// The offline judge reading a document's table of what each plan allows ("| Standard | 20 |") as
// limits: "up to 50" on one plan is contradicted by that plan's row when 50 is another plan's; and a
// release note giving each plan "now 12 h …, previously 24 h".
// Evidence is parsed by the real evidence reader; expected verdicts are worked out by hand.
import * as assert from 'node:assert/strict';
import { judge } from '../support/judge-sources';

describe("offline judge: a document's table of limits per plan", () => {
  const guide = {
    file: 'dispatch.md',
    text: ['# Manifests', '', 'The number of batches per manifest depends on your plan:', '', '| Plan | Batches per manifest |', '|---|---|', '| Standard | 20 |', '| Professional | 50 |', ''].join('\n'),
  };

  it("'up to' another plan's figure is contradicted by the named plan's row; its own figure is not", async () => {
    // Standard allows 20; 50 is Professional's.
    const wrong = await judge('On Standard you can put up to 50 batches on one manifest.', [guide]);
    assert.equal(wrong.partition, 'contradicted', wrong.reason);
    assert.match(wrong.reason, /50 is Professional's/);
    assert.notEqual((await judge('On Standard you can put up to 20 batches on one manifest.', [guide])).partition, 'contradicted');
  });
});

describe('offline judge: a release note giving each plan its new and previous value', () => {
  const notes = {
    file: 'release-notes.md',
    text: ['## 2026.09', '', '- Cancellation windows shortened for Standard (now 12 h before the pass, previously 24 h) and Premium (now 6 h, previously 12 h).', ''].join('\n'),
  };
  const guide = { file: 'booking-guide.md', text: ['| Plan | Free cancellation |', '|---|---|', '| Standard | 24 h before the pass |', '| Premium | 12 h before the pass |', ''].join('\n') };

  it('the previous value after a comma inside the parenthesis is the old one', async () => {
    // Standard went from 24 h to 12 h: "24 hours" is the superseded value.
    const old = await judge('On Standard you can cancel a pass up to 24 hours before it starts.', [guide, notes]);
    assert.equal(old.partition, 'contradicted', old.reason);
    assert.match(old.reason, /from 24 h to 12 h/);
    // Premium went from 12 h to 6 h.
    const premium = await judge('On Premium you can cancel a pass up to 12 hours before it starts.', [guide, notes]);
    assert.equal(premium.partition, 'contradicted', premium.reason);
    assert.match(premium.reason, /from 12 h to 6 h/);
  });
});
