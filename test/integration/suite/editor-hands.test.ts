// Who acted and how long a condition held, as a reviewer meets them in real VS Code. The fixture
// (test/fixtures/workspace/hands; named to list after the editor fixture's files in Select
// Evidence's quick pick) was read by hand: pressroom.log's 02:50 hold on batch B-8812 (six reels)
// was placed by D.Marsh, role=crew_lead, and no record gives a QA role; press_remakes.csv gives
// September plate remakes P1 21, P2 13, P3 12 (column `press`, so "Press 2" is P2), so P3 had the
// fewest, and web breaks in Q3 (July to September) P1 2 + 3 + 4 = 9, P2 1 + 2 + 3 = 6, P3 5 + 6 + 7
// = 18 (over all four months, with June, P1 has 18 and P3 22); alerts.log has KTL-K2-LOW, "bath temperature … below low limit", fired 01:32:05 and
// cleared 02:26:50 (54 min 45 s), and a pickling alert below another limit; deploy.json names Lars
// Brekke as implementer, and the rollback of puq-ant-2, finished at 14:52, by Rosa Quintana.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const HANDS: Expectation[] = [
  { text: '02:50 — QA placed a hold on batch B-8812, covering six reels.', partition: 'contradicted', cites: /claim says the qa, .* says crew_lead/ },
  { text: '02:50 — The crew lead placed a hold on batch B-8812, covering six reels.', partition: 'grounded' },
  { text: 'Press 2 remade 13 plates in September, the fewest of any press that month.', partition: 'contradicted', cites: /P3 12/ },
  { text: 'Press 3 remade 12 plates in September, the fewest of any press that month.', partition: 'grounded' },
  // "In Q3" is July to September: 18 is P3's own total there, not P1's over all four months.
  { text: 'Press 3 had the most web breaks of any press in Q3, with 18.', partition: 'grounded' },
  { text: 'The bath was below the low limit for about 45 minutes.', partition: 'contradicted', cites: /ktl-k2-low spans 54 min 45 s/ },
  { text: 'Lars Brekke rolled puq-ant-2 back to 4.8.2, finishing at 14:52 UTC.', partition: 'contradicted', cites: /rosa quintana/i },
  { text: 'Rosa Quintana rolled puq-ant-2 back to 4.8.2, finishing at 14:52 UTC.', partition: 'grounded' },
];

describe('editor: who acted, a numbered press, how long a condition held', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contradicts a role or a person the record of the act does not give, reads "Press 2" as P2 and "in Q3" as its months, and reads a condition held for a length as the life of the alert that words it', async () => {
    await checkFixture('hands', HANDS);
  });
});
