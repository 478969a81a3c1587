// Values a release changed, counts given as part of a whole and an acknowledgement timed from its
// alert, as a reviewer meets them in real VS Code. The fixture (test/fixtures/workspace/upgrades)
// was read by hand: release-notes.md moves the forecast import "from every 6 hours to every 3
// hours" and raises the default free-cancellation time to 72 hours, which site-config.json leaves
// at the 48 hours it sets explicitly; rollout.log gives wave 2 updated=20/20 and wave 3
// updated=23/24; alerts.log has SET-TEMP-HIGH-S07 fired at 01:57:40 and acknowledged at 02:09:15,
// 11 min 35 s later, which controller.log writes again from the panel.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const UPGRADES: Expectation[] = [
  { text: 'Forecasts are imported every 6 hours.', partition: 'contradicted', cites: /release-notes\.md:E5 changes it from 6 hours to 3 hours/ },
  { text: 'At our site, a transfer cancelled 48 hours or more before it starts is not charged.', partition: 'grounded' },
  { text: 'Wave 3 updated 24 controllers with no rollbacks.', partition: 'contradicted', cites: /rollout\.log:E3 gives updated=23\/24: 23 of 24/ },
  { text: 'Wave 2 updated 20 controllers with no rollbacks.', partition: 'grounded', refs: ['rollout.log:E2'] },
  { text: "The alarm was acknowledged within the runbook's 10-minute response target.", partition: 'contradicted', cites: /alerts\.log:E1 fired_at to the acknowledgement in alerts\.log:E2 is 12 minutes/ },
];

describe('editor: a value a release changed, a default a site configured, a count given as part of a whole, an acknowledgement timed from its alert', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('contradicts an interval a release changed, a whole given as the part done and an acknowledgement past its target; grounds the value a site configured against a new default and a wave done in full', async () => {
    await checkFixture('upgrades', UPGRADES);
  });
});
