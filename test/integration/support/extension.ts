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

/** Settings a remote-judge suite sets (user level) and puts back. */
const REMOTE_JUDGE_KEYS = ['judge.kind', 'judge.baseUrl', 'judge.model', 'encoder.kind'] as const;

/**
 * Points the judge at an OpenAI-compatible endpoint in the user settings; the encoder is off, so
 * the suite is about the judge alone (remote embeddings ask their own consent).
 */
export async function useRemoteJudge(baseURL: string, model?: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('grounding');
  await config.update('judge.kind', 'openai', vscode.ConfigurationTarget.Global);
  await config.update('judge.baseUrl', baseURL, vscode.ConfigurationTarget.Global);
  if (model !== undefined) await config.update('judge.model', model, vscode.ConfigurationTarget.Global);
  await config.update('encoder.kind', 'off', vscode.ConfigurationTarget.Global);
}

/**
 * Undoes `useRemoteJudge`, clears every review, reverts unsaved documents (where dialogs are real,
 * a dirty one would ask to be saved) and closes the editors.
 */
export async function resetRemoteJudge(): Promise<void> {
  const config = vscode.workspace.getConfiguration('grounding');
  for (const key of REMOTE_JUDGE_KEYS) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand('grounding.clear', 'all');
  for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
