// A claim's own arithmetic and an act done within a length, as a reviewer meets them in real VS
// Code. The fixture (test/fixtures/workspace/own-arithmetic) was read by hand: energy.log gives the
// secondary pumps 182 kW in W40 and 139 kW in W41, a drop of 43 kW, 23.6%; excursions.csv has 2
// of 8 excursions plant-related, 25%; mes.log has FO-55120 planned for 06:00 and started at 09:30,
// 210 minutes; faults_q3.csv has the four level crossing faults fixed in 95, 60, 140 and 45 minutes;
// packing.log has line 2 at 35,120 cases on Monday and 29,410 on Tuesday, 16.3% fewer.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const ARITHMETIC: Expectation[] = [
  { text: 'Secondary pump power fell from 182 kW in W40 to 139 kW in W41, a drop of about 31%.', partition: 'contradicted', cites: /23\.6%/ },
  { text: 'Two of the 8 excursions, a third of the total, were plant-related.', partition: 'contradicted', cites: /25%/ },
  { text: 'Filling order FO-55120 on FL-2 moved from 06:00 to 09:30, a delay of about two and a half hours.', partition: 'contradicted', cites: /210 minutes/ },
  { text: 'All four level crossing faults were fixed within two hours.', partition: 'contradicted', cites: /fix_min=140/ },
  { text: 'Line 2 packed 29,410 cases on Tuesday, about a quarter fewer than the 35,120 it packed on Monday.', partition: 'contradicted', cites: /16\.3%/ },
];

describe("editor: a claim's own arithmetic, an act done within a length", () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contradicts a drop, a share, a delay and a comparison its own figures do not make, and a fix that took longer than the claim allows', async () => {
    await checkFixture('own-arithmetic', ARITHMETIC);
  });
});
