// Members counted by the version they end on, a count of a table's rows "of them", and how long
// an alert lasted, as a reviewer meets them in real VS Code. The fixture (test/fixtures/workspace/
// versions; named to list after the editor fixture's files in Select Evidence's quick pick) was read
// by hand: qc_metrics.log's last record of each of six printers gives 5.3.1 for five of them
// (mjf-04 went back to 5.2.7 on line 5); deploy.json lists six hosts, five with final_version
// 4.9.1 (sub-03 rolled back), and change_plan.md calls them the six subtitle inserters;
// lot_tests.csv has seven lots, four of them released;
// alerts.log has DC-S-017's alert fired at 22:10 and resolved at 03:40 the next day (330 minutes),
// and two alerts on C3, the low air temperature one open 02:26:10 → 03:32:50 (66 min 40 s).
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const VERSIONS: Expectation[] = [
  { text: 'Five of the six printers are now on 5.3.1.', partition: 'grounded' },
  { text: 'Four of the six printers are now on 5.3.1.', partition: 'contradicted', cites: /the last records of the 6 printer values give it for 5/ },
  // The list is of hosts, not inserters: the part and the whole both match it.
  { text: 'Five of the six inserters are now on 4.9.1.', partition: 'grounded' },
  { text: 'The lab tested 7 lots.', partition: 'grounded' },
  { text: 'Four of them were released.', partition: 'grounded' },
  { text: 'Four of the 7 lots were released.', partition: 'grounded' },
  { text: 'The DC-S-017 collector alert stayed open for about two hours.', partition: 'contradicted', cites: /dc-s-017 spans 330 min 0 s/ },
  { text: 'The C3 low air temperature alert stayed open for about 20 minutes.', partition: 'contradicted', cites: /c3 spans 66 min 40 s/ },
  // An interval between checks is no alert's life; no record gives it.
  { text: 'C3 must be checked every 40 minutes while the alert is open.', partition: 'ungrounded' },
];

describe('editor: members by the version they end on, rows counted "of them", alert lives', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('grounds a count of the members on a version and of the rows "of them", contradicts another count of the same members, and reads an alert\'s life across midnight and of the alert the claim means, never from an interval', async () => {
    await checkFixture('versions', VERSIONS);
  });
});
