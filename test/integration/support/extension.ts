// How integration tests reach the extension under development and its exported API.
import * as vscode from 'vscode';
import type { GroundingReviewApi } from '../../../src/vscode/extension';

/** `publisher.name` from package.json. */
export const EXTENSION_ID = 'grounding-review.grounding-review';

export function groundingExtension(): vscode.Extension<GroundingReviewApi> {
  const extension = vscode.extensions.getExtension<GroundingReviewApi>(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded in this VS Code`);
  return extension;
}

/** Activates the extension (a no-op when already active) and returns what activate() returned. */
export function groundingApi(): Promise<GroundingReviewApi> {
  return Promise.resolve(groundingExtension().activate());
}

/** The fixtures workspace folder (test/fixtures/workspace) opened by both runners. */
export function fixturesFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder open: the runner should open test/fixtures/workspace');
  return folder;
}

/** A fixture file's URI; a vscode-remote:// URI under the web runner, file:// on desktop. */
export function fixtureUri(...segments: string[]): vscode.Uri {
  return vscode.Uri.joinPath(fixturesFolder().uri, ...segments);
}
