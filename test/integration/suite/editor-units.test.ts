// Figures written the way manuals and logs write them, as a reviewer meets them in real VS Code.
// The fixture (test/fixtures/workspace/units) was read by hand: manual.md gives the strip width as
// 600–1 850 mm and the coil's outside diameter as at most 2 000 mm (beside an inside diameter of
// 508 or 610 mm), and asks for a second person above 15 000 kg, which is 15 t; press.log has PR-2
// stopped at 05:52:31 and started again at 07:30:20, 98 minutes later (the vacuum released at
// 05:53:10 undoes no stop); budget.json pairs the show MRW with the title Marrow, whose rows in
// farm_usage.csv go from 41,200 core-hours in W36 to 58,600 in W39, +42.2%; deploy.json raises
// default_override_window_min from 45 to 60 ("dropped" of two cabinets, in a clause of its own, says
// nothing of the window; "lowered", in the figure's own clause, says the opposite).
import * as vscode from 'vscode';
import { checkFixture, type Expectation } from '../support/check-fixture';

const UNITS: Expectation[] = [
  { text: 'Strip width must stay between 600 and 1,850 mm.', partition: 'grounded', refs: ['manual.md:E7'] },
  { text: 'The maximum coil outside diameter is 2,000 mm.', partition: 'grounded', refs: ['manual.md:E8'] },
  { text: 'A second person must confirm coil car centring before the mandrel expands on any coil above 15 t.', partition: 'grounded' },
  { text: 'Press PR-2 was stopped for about 25 minutes.', partition: 'contradicted', cites: /press\.log:E1 .* to press\.log:E3 .* is 98 minutes/ },
  { text: "Marrow's weekly core-hours grew by about 27% between W36 and W39.", partition: 'contradicted', cites: /reading Marrow as MRW .*from 41200 \(2024-W36\) to 58600 \(2024-W39\): \+42\.2%/ },
  { text: 'The default override window is 60 minutes now, with two cabinets dropped from the wave.', partition: 'grounded' },
  { text: 'The default override window was lowered to 60 minutes.', partition: 'contradicted', cites: /claim says it was lowered; deploy\.json:E4 changes default_override_window_min from 45 to 60/ },
];

describe('editor: spaced thousands, tonnes, a stop closed by the next start, an entity named by its title, a verb of change in its own clause', () => {
  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('grounds limits written with spaced thousands and in tonnes against kilograms; contradicts a stop timed to the next start, a growth of the entity a record names by its title and a change told the other way in its own clause; a verb of another clause leaves the change alone', async () => {
    await checkFixture('units', UNITS);
  });
});
