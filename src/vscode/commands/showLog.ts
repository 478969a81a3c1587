// Grounding: Show Log — the output channel of what ran (never secrets).
import * as vscode from 'vscode';
import type { Services } from '../services';

export const SHOW_LOG_COMMAND = 'grounding.showLog';

export function registerShowLogCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(SHOW_LOG_COMMAND, () => services.log.show(true));
}
