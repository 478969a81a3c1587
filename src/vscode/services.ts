// What the commands share: created once in activate(), passed to each command's register function.
import * as vscode from 'vscode';
import type { ClaimDecorations } from './decorations';
import type { ReviewPanelProvider } from './panel/panelProvider';
import type { ReviewController } from './reviews';
import type { SettingsStore } from './settings';

export interface Services {
  context: vscode.ExtensionContext;
  settings: SettingsStore;
  reviews: ReviewController;
  decorations: ClaimDecorations;
  panel: ReviewPanelProvider;
  log: vscode.LogOutputChannel;
}

/** The document a command acts on: the one named by URI, else the active editor's. */
export async function targetDocument(target?: vscode.Uri | string): Promise<vscode.TextDocument | undefined> {
  if (target) return vscode.workspace.openTextDocument(typeof target === 'string' ? vscode.Uri.parse(target) : target);
  return vscode.window.activeTextEditor?.document;
}

export { asUri } from './uris';
