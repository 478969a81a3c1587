// Shares, ranks in every group, counts of days, members' outages and other alerts, as a reviewer
// meets them in real VS Code. The fixture (test/fixtures/workspace/shares) was read by hand:
// scrap_reasons.csv gives P1 400 + 100 = 500 kg, P2 300 + 200 = 500, P3 450 + 550 = 1,000 of 2,000
// (50%), and butt_backend leads at P1 and P2 but not at P3 (550 die lines against 450);
// press_daily.csv gives P3's downtime 36, 40, 45, 52, 49, 66, 71 minutes, over 45 on four days;
// rollout.log has PNL-2 offline 09:05 to online 09:31 (26 minutes), the others 12 and 15; alerts.log
// has bay 2's two alarms and bay 5's vibration alarm at 03:40:22.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const SHARES: Expectation[] = [
  { text: 'P3 produced about 38% of the plant\'s scrap.', partition: 'contradicted', cites: /1000 of 2000/ },
  { text: 'Butt and back-end was the largest scrap reason at every press.', partition: 'contradicted', cites: /die_lines 550/ },
  { text: 'P3 went over the 45-minute daily downtime budget on five of the seven days.', partition: 'contradicted', cites: /4 of the 7 rows/ },
  { text: 'Every panel was back online within the 20-minute outage limit.', partition: 'contradicted', cites: /pnl-2 was out .* 26 minutes/ },
  { text: 'No other bay in the dryer house raised an alarm overnight.', partition: 'contradicted', cites: /DRY-VIB-B5/ },
];

describe('editor: shares of the plant, ranks at every press, days past a budget, outages, other alarms', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contradicts a share of the plant\'s scrap, a rank that fails at one press, a count of days past a budget, a member out past the limit and another bay\'s alarm', async () => {
    await checkFixture('shares', SHARES);
  });
});
