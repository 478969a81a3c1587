// Figures read as what they are, and changes read against what is in effect, as a reviewer meets
// them in real VS Code. The fixture (test/fixtures/workspace/rates; named to list after the editor
// fixture's files in Select Evidence's quick pick) was read by hand: mishandled_monthly.csv gives,
// for January to June 2025 (lines 6–17), T1 100,000 bags and 400 mishandled and T2 50,000 and 300
// each month: 900,000 bags, 4,200 mishandled, 4,200 / 900,000 × 1,000 = 4.67 per 1,000;
// change_request.json's rollback trigger is l1_alarm_rate_pct_above=32 (a percentage, by the unit
// before "above"); metrics.log has short_shipped_bags=37 (line 1) and SB-2 on firmware 4.4.0 with
// avg_road_closure_s=162.9 (line 2), a decimal and no version, and sessions falling 4,820,000 →
// 3,600,000 → 2,380,000 (lines 3–5), against which a hedged explanation reports no rise;
// release_notes.md lowers the default dwell threshold from 120 to 90 minutes (line 5) while
// site_config.json keeps the site's at 120, lets handhelds stay offline 24 hours, previously 12
// (line 6), and makes overrides valid for 4 hours, was 8 (line 7).
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const JANUARY_TO_JUNE = Array.from({ length: 12 }, (_, i) => `mishandled_monthly.csv:E${i + 6}`);

const RATES: Expectation[] = [
  { text: 'In the first half of 2025 the airport handled 900,000 bags and mishandled 4,200 of them, a rate of 4.67 per 1,000.', partition: 'grounded', refs: JANUARY_TO_JUNE },
  { text: 'The rollback trigger was an L1 alarm rate above 35% sustained for 30 minutes.', partition: 'contradicted', cites: /claim says 35%, change_request\.json:E\d+ says 32/ },
  { text: 'Thirty-seven bags were short-shipped that morning.', partition: 'grounded', refs: ['metrics.log:E1'] },
  { text: 'Road closures on the bridge now running 4.4.0 averaged 162.9 seconds.', partition: 'grounded', refs: ['metrics.log:E2'] },
  { text: 'Your site is configured with a 120-minute dwell alert threshold.', partition: 'grounded' },
  { text: 'The default dwell alert threshold is 120 minutes.', partition: 'contradicted', cites: /superseded: release_notes\.md:E5 changes it from 120 minutes to 90 minutes/ },
  { text: 'A handheld can stay offline for up to 24 hours before its picks are refused at sync.', partition: 'grounded' },
  { text: 'An override stays valid for 8 hours or until the ring is erected, whichever comes first.', partition: 'contradicted', cites: /superseded: release_notes\.md:E7 changes it from 8 hours to 4 hours/ },
  { text: 'Part of the rise in sessions might also be seasonal.', partition: 'complementary' },
];

describe('editor: rates, spelled numbers and changes in effect', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('grounds a rate per 1,000 over the first half\'s rows, a count in words, a decimal beside a version, a site\'s own setting and a value a change made new, leaves a hedged explanation complementary, and marks a bound its field belies, a changed default and an old validity contradicted, each hover citing its record', async () => {
    await checkFixture('rates', RATES);
  });
});
