// A group's total, a thing alone in its kind, a rank in every period and an act between people,
// as a reviewer meets them in real VS Code. The fixture (test/fixtures/workspace/totals; named to
// list after the editor fixture's files in Select Evidence's quick pick) was read by hand:
// line_shifts.csv gives CL-2 25, 480 and 35 minutes of downtime (lines 3, 5, 7), 540 in all;
// store_claims.csv gives over-ripe claims on RR-07 (lines 2, 5) and RR-13 (line 3), and the one
// bruising claim on RR-05 (line 4); standby_callouts.csv gives NRT (60 + 30) / (300 + 100) = 22.5%
// call-outs in April and (66 + 24) / 400 = 22.5% in May, BRS (50 + 20) / (250 + 100) = 20.0% and
// (70 + 20) / 350 = 25.7%; rollout.log records wave 1 of v4.2 and its operators, and no briefing;
// lot_tests.csv gives CL-1's corn lots (97 + 93) / 2 = 95.0% germination and CL-2's (90 + 87 + 90)
// / 3 = 89.0%; survey_program.md defines the leak rate under a heading dated 2024 and gives no value of it.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const TOTALS: Expectation[] = [
  { text: 'CL-2 lost 480 minutes to downtime in total over the week.', partition: 'contradicted', cites: /CL-2's 3 rows add up to 540, and 480 minutes is one row's/ },
  { text: 'CL-2 lost 540 minutes to downtime in total over the week.', partition: 'grounded' },
  { text: 'Over-ripe claims came only from RR-07.', partition: 'contradicted', cites: /room=RR-13 with reason=over-ripe/ },
  { text: 'Bruising claims came only from RR-05.', partition: 'grounded' },
  { text: 'NRT had the highest call-out rate of the two bases in every month.', partition: 'contradicted', cites: /in 2024-05 BRS has 25\.7 against NRT's 22\.5/ },
  { text: 'Operators on both shifts were briefed on v4.2 before wave 1.', partition: 'ungrounded' },
  { text: 'Corn cleaned on CL-2 tested better than corn from CL-1, averaging 95.0% against 89.0%.', partition: 'contradicted', cites: /the mean of warm_germ_pct is 89\.00% for CL-2 and 95\.00% for CL-1: swapped/ },
  // No record gives either rate; the heading's year is no reading of them.
  { text: 'The leak rate rose from 32.6 to 40.4 leaks per 100 km surveyed.', partition: 'ungrounded' },
];

describe('editor: totals, things alone in their kind, ranks in every period, swapped means, acts between people', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('marks one row given as a total, a second thing of the claimed kind and a period another group leads and two groups\' means given the wrong way round contradicted, citing the rows, grounds the true total and the true exclusive claim, and leaves a briefing no record writes and rates a heading\'s year does not give ungrounded', async () => {
    await checkFixture('totals', TOTALS);
  });
});
