// The offline judge reading a document's table of what each plan allows ("| Standard | 20 |") as
// limits: "up to 50" on one plan is contradicted by that plan's row when 50 is another plan's.
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
