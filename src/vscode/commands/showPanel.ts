// Grounding: Show Panel — reveals the review panel.
import * as vscode from 'vscode';
import type { Services } from '../services';

export const SHOW_PANEL_COMMAND = 'grounding.showPanel';

export function registerShowPanelCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(SHOW_PANEL_COMMAND, () => services.panel.show());
}
