// Tables read by column and row, and figures put on the wrong member, as a reviewer meets them in
// real VS Code. The fixture (test/fixtures/workspace/tables; named to list after the editor
// fixture's files in Select Evidence's quick pick) was read by hand: admin_guide.md's table gives
// the SYR-3 a maximum of 4,000 entries per library (line 7) and the LVP-7 6,000 (line 8);
// pen_targets.md gives pen B a yield target of 30.0 kg/cow/day (line 8) and pen C 34.0 (line 9);
// cdn_metrics.log gives ams2 rebuffer_pct readings of 0.5, 0.5, 1.1 and 1.4 (lines 2, 4, 6, 8)
// while fra1's reach 2.9 (line 5); pop_compare.log gives sin1 a hit ratio of 92.4% before and 93.6% after
// (line 1), which the report's table puts in sin1's row under "Edge hit ratio".
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const TABLES: Expectation[] = [
  { text: 'A SYR-3 library can hold up to 6,000 entries.', partition: 'contradicted', cites: /claim says 6,000, admin_guide\.md:E\d+ says 4,000/ },
  { text: 'An LVP-7 library can hold up to 6,000 entries.', partition: 'grounded' },
  { text: 'Pen B has a yield target of 34.0 kg per cow per day.', partition: 'contradicted', cites: /30\.0 for B; 34\.0 kg is C's/ },
  { text: 'Pen C has a yield target of 34.0 kg per cow per day.', partition: 'grounded' },
  // No record gives pen A's 33.6 kg average or week 19: not in evidence; pens B's and C's targets are other pens', no contradiction.
  { text: 'Pen A averaged 33.6 kg per cow per day in week 19, above its 33.0 kg target.', partition: 'ungrounded' },
  { text: 'ams2 was hit just as hard, also peaking at 2.9%.', partition: 'contradicted', cites: /gives 1\.4, the highest rebuffer_pct of 4 readings/ },
  { text: '92.4% → 93.6%', partition: 'grounded', refs: ['pop_compare.log:E1'] },
];

describe('editor: tables by column and row, and a peak of another member', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("marks a limit another row states, a target another row holds, a peak another member's records give contradicted, citing the records, grounds each row's own figures and a table cell under a sentence-case header, and leaves a figure no row gives ungrounded, not contradicted by other rows", async () => {
    await checkFixture('tables', TABLES);
  });
});
