// The offline judge's checks of series and their members as a reviewer meets them in real VS Code.
// The fixture (test/fixtures/workspace/members; named to list after the editor fixture's files in
// Select Evidence's quick pick) was read by hand: rebalancing_weekly.csv gives Foz's van shifts 10,
// 10, 9, 9 from W36 to W39 (lines 3, 5, 7, 9) and Baixa's 28 in W36 (line 2) and 30 in W38 and W39
// (lines 6, 8); uptime_monthly.csv has North falling each month too, 99.2 → 99.0 → 98.8 (lines 2,
// 6, 10); trace.jsonl's repairs summary has vandalism rising 40 → 44 beside tyres 74 → 81 (line 2);
// qc_metrics.log has 48 open samples in week 37 (line 2) and 41 in week 38 (line 3); alerts.log has
// the critical UNLOCK-SR-002 fire at 08:03:30 (line 2) and clear at 08:27:10 (line 4): 23 min 40 s;
// station.log has the SIS-3 interlock reset acknowledged locally at the panel at 07:12:03 (line 2).
// The second fixture (test/fixtures/workspace/series) was read the same way: yield_weekly.csv has
// DT-2's scrap rising 12.4 → 14.4 km (lines 3, 6); kpi.log has week 37 the lowest at 97.2 (line 2)
// and week 39 at 97.9 (line 4); spools.csv lists 40 spools, five of them downgrade (5 / 40 =
// 12.5%); sailings.log gives R3's March delay 1.7 min (line 9) and R1's 2.8 (line 3); app.log has
// lg-1's unlock timeout at 08:01:05 (line 2) before lg-2's at 08:01:44 (line 3); release_notes.md
// moves the min_segment_km default from 1.0 km to 2.0 km (line 5); change.json takes the final-rinse
// conductivity limit from 50 to 30 µS/cm (line 4).
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

const SERIES: Expectation[] = [
  { text: 'Scrap fell on every tower week on week.', partition: 'contradicted', cites: /scrap_km goes from 12\.4 \(2024-W40, yield_weekly\.csv:E3\) to 14\.4 \(2024-W41, yield_weekly\.csv:E6\)/ },
  { text: 'QC availability dropped to 97.9% in week 39, its lowest of the four weeks.', partition: 'contradicted', cites: /claim ranks 2024-W39 "lowest" by qc_availability_pct; 2024-W37 97\.2 \(kpi\.log:E2\)/ },
  { text: "R3's average delay fell to 2.8 minutes in March.", partition: 'contradicted', cites: /sailings\.log:E9 gives avg_delay_min=1\.7 for R3 2026-03; 2\.8 minutes is R1 2026-03's/ },
  { text: 'The first unlock timeouts appeared on lock-gateway pod lg-2.', partition: 'contradicted', cites: /claim says lg-2 was first, but app\.log:E2 shows lg-1/ },
  { text: 'Partial segments under 1.0 km are flagged SCRAP automatically.', partition: 'contradicted', cites: /superseded: release_notes\.md:E5 changes it from 1\.0 km to 2\.0 km/ },
  { text: 'The final-rinse conductivity limit is tightened from 50 to 40 µS/cm.', partition: 'contradicted', cites: /change\.json:E4 changes final_rinse_conductivity_max_us_cm from 50 to 30/ },
  { text: 'Five of the 40 spools (12.5%) were downgraded.', partition: 'grounded' },
];

describe('editor: series and their members', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('marks the wrong end of a change, a movement claimed of one member alone that another member makes too, a figure put in the wrong week after its noun, an alert\'s life given wrong and a reset done from the wrong place contradicted, each hover citing its record, and grounds the change the series gives', async () => {
    await checkFixture('members', MEMBERS);
  });

  it('marks a movement on every member that one member goes against, a rank of the level a change ends at, a delay put on the wrong route, the wrong first host, a superseded default and a conductivity limit given another new value contradicted, each hover citing its record, and grounds a share computed from a count spelled out', async () => {
    await checkFixture('series', SERIES);
  });
});
