// Activation: registers every command and returns the extension's API (used by tests and other extensions).
import * as vscode from 'vscode';
import { registerEvaluateCommand } from './commands/evaluate';

export interface GroundingReviewApi {
  /** The extension's version, from package.json. */
  readonly version: string;
}

export function activate(context: vscode.ExtensionContext): GroundingReviewApi {
  context.subscriptions.push(registerEvaluateCommand());
  return { version: String(context.extension.packageJSON.version) };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
