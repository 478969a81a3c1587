// Series read at the grain a claim speaks in and shares of rows past a limit, as a reviewer meets
// them in real VS Code. The fixture (test/fixtures/workspace/rollups) was read by hand:
// lamp_failures.csv gives C5 6 + 7 + 5 = 18 failures in Q3 and 8 + 6 + 7 = 21 in Q4, C2 14 + 12 +
// 13 = 39 and 11 + 10 + 9 = 30; discharges_by_hour.csv gives 12 + 58 + 41 = 111 lounge discharges
// in January, 105 in February and 121 in March; batches_q3.csv has first-pass shares of 75% in
// July, 100% in August and 50% in September, and both its first-pass failures (B3, B10) on the
// night shift; changeovers.csv has 3 of its 6 changeovers over 45 minutes (64, 50 and 70), a half;
// discharges_by_hour.csv has 150, 160 and 170 discharges in January, February and March; gauge.log
// has 2sigma=5.2% at 01:47.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const ROLLUPS: Expectation[] = [
  { text: 'Failures on C5 eased slightly from Q3 to Q4.', partition: 'contradicted', cites: /lamp_failures goes from 18 \(2024-Q3/ },
  { text: 'Lounge use rose steadily each month, from 111 patients in January to 121 in March.', partition: 'contradicted', cites: /via_lounge goes from 111 \(2025-01.*\) to 105 \(2025-02/ },
  { text: 'The first-pass rate improved every month of the quarter.', partition: 'contradicted', cites: /qc_first_pass_rate goes from 100 \(2024-08.*\) to 50 \(2024-09/ },
  { text: 'A third of all changeovers overran the 45-minute target.', partition: 'contradicted', cites: /3 of the 6 rows do \(50%\)/ },
  { text: 'February was the busiest of the three months, with 160 discharges.', partition: 'contradicted', cites: /2025-03 has 170 against 2025-02's 160/ },
  { text: 'All first-pass failures came from the day shift.', partition: 'contradicted', cites: /qc_first_pass=no have shift=day; 2 of the 2 do not/ },
  { text: 'The gauge profile 2-sigma never went above 4.5 % during the night.', partition: 'contradicted', cites: /reading "2-sigma" as the records write it: .*5\.2%/ },
  { text: 'Failures on C2 fell from 39 in Q3 to 30 in Q4.', partition: 'grounded' },
];

describe('editor: series by quarter and month, shares of yes, shares past a limit, subsets, ranks of months, glued names', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contradicts a movement of quarters added up from months, of monthly totals, of a monthly first-pass share, a share of changeovers past a limit, a subset said to share a shift, a rank of months by their totals and a bound on a hyphenated name; grounds quarter sums', async () => {
    await checkFixture('rollups', ROLLUPS);
  });
});
