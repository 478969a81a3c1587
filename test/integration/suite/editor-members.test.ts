// The offline judge's checks of series and their members as a reviewer meets them in real VS Code.
// The fixture (test/fixtures/workspace/members; named to list after the editor fixture's files in
// Select Evidence's quick pick) was read by hand: rebalancing_weekly.csv gives Foz's van shifts 10,
// 10, 9, 9 from W36 to W39 (lines 3, 5, 7, 9) and Baixa's 28 in W36 (line 2) and 30 in W38 and W39
// (lines 6, 8); uptime_monthly.csv has North falling each month too, 99.2 → 99.0 → 98.8 (lines 2,
// 6, 10); trace.jsonl's repairs summary has vandalism rising 40 → 44 beside tyres 74 → 81 (line 2);
// qc_metrics.log has 48 open samples in week 37 (line 2) and 41 in week 38 (line 3); alerts.log has
// the critical UNLOCK-SR-002 fire at 08:03:30 (line 2) and clear at 08:27:10 (line 4): 23 min 40 s;
// station.log has the SIS-3 interlock reset acknowledged locally at the panel at 07:12:03 (line 2).
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const MEMBERS: Expectation[] = [
  { text: "Foz's weekly van shifts were cut from 10 to 8.", partition: 'contradicted', cites: /claim says 8; rebalancing_weekly\.csv:E9 gives van_shifts=9 for W39/ },
  { text: 'East was the only region where uptime fell in each month.', partition: 'contradicted', cites: /North's uptime_pct also goes from 99\.2 \(2024-07\) to 98\.8 \(2024-09, uptime_monthly\.csv:E10\)/ },
  { text: 'Tyre repairs were the only category that increased.', partition: 'contradicted', cites: /vandalism's also goes from 40 \(w36\) to 44 \(w39, trace\.jsonl:E1\)/ },
  { text: 'The intake backlog peaked at 48 open samples in week 38.', partition: 'contradicted', cites: /claim puts 48 in week 2024-W38; qc_metrics\.log:E3 gives open_samples=41/ },
  { text: 'The critical unlock alert was active for about 34 minutes.', partition: 'contradicted', cites: /unlock-sr-002 spans 23 min 40 s \(alerts\.log:E2 → alerts\.log:E4\)/ },
  { text: '07:12 — the NOC reset the SIS-3 interlock remotely.', partition: 'contradicted', cites: /claim says the reset was remote, station\.log:E2 shows it local/ },
  { text: "Baixa's weekly van shifts rose from 28 to 30.", partition: 'grounded', refs: ['rebalancing_weekly.csv:E2', 'rebalancing_weekly.csv:E6'] },
];

describe('editor: series and their members', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('marks the wrong end of a change, a movement claimed of one member alone that another member makes too, a figure put in the wrong week after its noun, an alert\'s life given wrong and a reset done from the wrong place contradicted, each hover citing its record, and grounds the change the series gives', async () => {
    await checkFixture('members', MEMBERS);
  });
});
