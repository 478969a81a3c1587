// The offline judge's checks of acts, periods and readings as a reviewer meets them in real VS
// Code. The fixture (test/fixtures/workspace/waves; named to list after the editor fixture's files
// in Select Evidence's quick pick) was read by hand: rollout.log has wave 2 deferred on 8 October
// (line 3) and started and completed on 9 October (lines 4–5); rms.log logs t.wren's
// acknowledgement of REEF-PWR-014 at 03:31:52 (line 2), not 03:21, and CB-R3B-02's power cycle by
// d.okafor at 03:40 (line 3), not by t.wren ("Wren" alone is t.wren's surname); machine.log reads
// m400-03's chamber O2 at 1460 ppm at 02:40 (line 2) and 190 ppm when the purge finished at 03:14 (line 3);
// press.log has the line clearance signed by m.haddad, role qa_inspector (line 3); line_weekly.csv
// gives L1's waste 90 kg in week 36 (line 4) and 70 kg in week 37 (line 6); weekly_dcr.csv gives
// week 41's dropped-call rates 1.14% for Riverside and 0.74% for Old Town (lines 4–5), ×1.54.
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const WAVES: Expectation[] = [
  { text: 'Wave 2 ran on 8 October.', partition: 'contradicted', cites: /claim says ran on 8 October; the records of it are dated 2024-10-09/ },
  { text: 'REEF-PWR-014 was paged to the on-call, t.wren, who acknowledged it at 03:21.', partition: 'contradicted', cites: /rms\.log:E2 records it at 2024-09-14T03:31:52Z/ },
  { text: '03:40 — Wren power-cycled CB-R3B-02 from the console.', partition: 'contradicted', cites: /claim says wren, rms\.log:E3 says by=d\.okafor/ },
  { text: '02:40 — Chamber oxygen on m400-03 peaked at 1,640 ppm.', partition: 'contradicted', cites: /machine\.log:E2 (?:says|gives o2) 1460ppm/ },
  { text: '03:47 — The press operator signed the line clearance.', partition: 'contradicted', cites: /claim says the press operator, press\.log:E3 says qa_inspector=m\.haddad/ },
  { text: 'Waste on L1 fell from 100 kg in week 35 to 70 kg in week 36.', partition: 'contradicted', cites: /claim puts 70 kg in week 36; line_weekly\.csv:E4 gives waste_kg=90/ },
  { text: "Riverside's week 41 rate was about twice Old Town's.", partition: 'contradicted', cites: /dcr_pct is 1\.14 against 0\.74 \(×1\.54\)/ },
  { text: '03:14 — The m400-03 chamber purge finished at 190 ppm.', partition: 'grounded', refs: ['machine.log:E3'] },
];

describe('editor: acts, periods and readings', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('marks an act dated by its plan, an acknowledgement given the wrong time, a power cycle given to a surname whose id did not do it, a reading in ppm, the wrong role for a signature, a figure put in the wrong week and a multiple two rates do not give contradicted, each hover citing its record, and grounds the reading the record gives', async () => {
    await checkFixture('waves', WAVES);
  });
});
