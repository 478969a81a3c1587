// Ranks of groups and who did an act, as a reviewer meets them in real VS Code. The fixture
// (test/fixtures/workspace/ranks-and-roles) was read by hand: service_calls.csv has one row per
// call, 3 of them defrost and 2 condenser fan; change.json has the change requested by Marcus Bell
// and approved by Priya Nandakumar; rollout.log has the 09:41 rollback decision by shift manager
// P.Oyelaran (T.Mwangi only approved the plan the day before); daily_auth.csv gives ACQ-UK2
// (930 + 920) / 2,000 = 92.5% approved over the two days and ACQ-US1 (910 + 930) / 2,000 = 92.0%;
// quality_daily.csv has gauge in tolerance at or above 97.5% on four days (97.5, 97.8, 98.1, 98.3);
// detector_faults.csv has Central's faults 52 + 49 + 55 = 156 in April–June and 61 + 58 + 57 = 176
// in July–September; and the six calls of service_calls.csv, three of them defrost, are every row.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const RANKS_AND_ROLES: Expectation[] = [
  { text: 'Condenser fan faults were the most common category.', partition: 'contradicted', cites: /defrost has 3 against condenser fan's 2/ },
  { text: 'Marcus Bell, the regional facilities director, approved the change on 5 September.', partition: 'contradicted', cites: /approved_by=priya nandakumar/ },
  { text: 'Area manager T. Mwangi took the decision to roll back at 09:41.', partition: 'contradicted', cites: /by=p\.oyelaran/ },
  { text: 'ACQ-UK2 had the lowest weekly approval rate.', partition: 'contradicted', cites: /ACQ-US1 has 92 against ACQ-UK2's 92\.5/ },
  { text: 'Gauge met the 97.5% target on three of the seven days.', partition: 'contradicted', cites: /4 of the 7 rows/ },
  { text: 'Central opened 156 faults in Q2 and 176 in Q3.', partition: 'grounded' },
  { text: 'Defrost was the most common category, with 3 of the 6 calls.', partition: 'grounded' },
];

describe('editor: ranks of groups by their rows, who did an act, goals met, sums by quarter', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contradicts a rank by how many rows, a rank by a share over a period, an act the records give to someone else and a count of days that met a goal; grounds sums by quarter and a part of every row', async () => {
    await checkFixture('ranks-and-roles', RANKS_AND_ROLES);
  });
});
