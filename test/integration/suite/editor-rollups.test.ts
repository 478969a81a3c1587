// Series read at the grain a claim speaks in and shares of rows past a limit, as a reviewer meets
// them in real VS Code. The fixture (test/fixtures/workspace/rollups) was read by hand:
// lamp_failures.csv gives C5 6 + 7 + 5 = 18 failures in Q3 and 8 + 6 + 7 = 21 in Q4, C2 14 + 12 +
// 13 = 39 and 11 + 10 + 9 = 30; discharges_by_hour.csv gives 12 + 58 + 41 = 111 lounge discharges
// in January, 105 in February and 121 in March; batches_q3.csv has first-pass shares of 75% in
// July, 100% in August and 50% in September; changeovers.csv has 3 of its 6 changeovers over 45
// minutes (64, 50 and 70), a half.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const ROLLUPS: Expectation[] = [
  { text: 'Failures on C5 eased slightly from Q3 to Q4.', partition: 'contradicted', cites: /lamp_failures goes from 18 \(2024-Q3/ },
  { text: 'Lounge use rose steadily each month, from 111 patients in January to 121 in March.', partition: 'contradicted', cites: /via_lounge goes from 111 \(2025-01.*\) to 105 \(2025-02/ },
  { text: 'The first-pass rate improved every month of the quarter.', partition: 'contradicted', cites: /qc_first_pass_rate goes from 100 \(2024-08.*\) to 50 \(2024-09/ },
  { text: 'A third of all changeovers overran the 45-minute target.', partition: 'contradicted', cites: /3 of the 6 rows do \(50%\)/ },
  { text: 'Failures on C2 fell from 39 in Q3 to 30 in Q4.', partition: 'grounded' },
];

describe('editor: series by quarter and month, shares of yes, shares past a limit', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contradicts a movement of quarters added up from months, of monthly totals, of a monthly first-pass share and a share of changeovers past a limit; grounds quarter sums', async () => {
    await checkFixture('rollups', ROLLUPS);
  });
});
