// Ranks of groups and who did an act, as a reviewer meets them in real VS Code. The fixture
// (test/fixtures/workspace/ranks-and-roles) was read by hand: service_calls.csv has one row per
// call, 3 of them defrost and 2 condenser fan; change.json has the change requested by Marcus Bell
// and approved by Priya Nandakumar; rollout.log has the 09:41 rollback decision by shift manager
// P.Oyelaran (T.Mwangi only approved the plan the day before); daily_auth.csv gives ACQ-UK2
// (930 + 920) / 2,000 = 92.5% approved over the two days and ACQ-US1 (910 + 930) / 2,000 = 92.0%.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const RANKS_AND_ROLES: Expectation[] = [
  { text: 'Condenser fan faults were the most common category.', partition: 'contradicted', cites: /defrost has 3 against condenser fan's 2/ },
  { text: 'Marcus Bell, the regional facilities director, approved the change on 5 September.', partition: 'contradicted', cites: /approved_by=priya nandakumar/ },
  { text: 'Area manager T. Mwangi took the decision to roll back at 09:41.', partition: 'contradicted', cites: /by=p\.oyelaran/ },
  { text: 'ACQ-UK2 had the lowest weekly approval rate.', partition: 'contradicted', cites: /ACQ-US1 has 92 against ACQ-UK2's 92\.5/ },
];

describe('editor: ranks of groups by their rows, who did an act', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contradicts a rank by how many rows, a rank by a share over a period, and an act the records give to someone else', async () => {
    await checkFixture('ranks-and-roles', RANKS_AND_ROLES);
  });
});
