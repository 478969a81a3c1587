// Issue 19, finding 1 in the editor: front matter evidence outside the report's workspace folder
// is refused by name, before anything is read; the report is not judged against it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EvaluateSummary } from '../../../src/vscode/commands/evaluate';
import { fixtureUri, groundingApi } from '../support/extension';

describe('editor: front matter evidence stays inside the workspace folder', function () {
  this.timeout(60_000);

  it('refuses ../ escapes and absolute paths, naming each; no review is made', async () => {
    const api = await groundingApi();
    const uri = fixtureUri('editor', 'escaping-report.md');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const summary = (await vscode.commands.executeCommand<EvaluateSummary>('grounding.evaluate', uri))!;
    assert.equal(summary.status, 'failed', JSON.stringify(summary));
    assert.match(summary.message ?? '', /evidence path "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd" \(\/etc\/passwd\) is outside the folder .*; refused/);
    assert.match(summary.message ?? '', /evidence path "\/etc\/hostname" is outside the folder/);
    assert.equal(api.review(uri), undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
