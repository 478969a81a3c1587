// Grounding: Evaluate — reviews the active report against its evidence.
import * as vscode from 'vscode';

export const EVALUATE_COMMAND = 'grounding.evaluate';

export function registerEvaluateCommand(): vscode.Disposable {
  return vscode.commands.registerCommand(EVALUATE_COMMAND, async () => {
    // The review itself lands with the claims/evidence/judge work; until then say so plainly.
    void vscode.window.showInformationMessage('Grounding Review: evaluation is not available yet in this build.');
  });
}
