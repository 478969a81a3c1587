// Grounding: Clear — removes the active report's marks, diagnostics and verdict (all reports
// when no report is active or the argument says so).
import * as vscode from 'vscode';
import { asUri, type Services } from '../services';

export const CLEAR_COMMAND = 'grounding.clear';

export function registerClearCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(CLEAR_COMMAND, (target?: unknown) => {
    services.reviews.cancel();
    const uri = target === 'all' ? undefined : asUri(target) ?? vscode.window.activeTextEditor?.document.uri;
    services.reviews.clear(uri && services.reviews.get(uri) ? uri : undefined);
  });
}
