// Pictures for the README: the bundled-style incident report reviewed in the editor (marks,
// a hover on the contradicted claim) with the review panel beside it. Only under the offline
// runner (it needs the browser); `run.js --update-screenshots` writes them to docs/images/.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GroundingReviewApi } from '../../../src/vscode/extension';
import { fixtureUri, groundingApi } from '../support/extension';
import { bridgeAvailable, screenshot, texts, waitFor } from '../support/workbench';

describe('editor screenshots', function () {
  let api: GroundingReviewApi;

  before(async function () {
    if (!bridgeAvailable()) this.skip();
    api = await groundingApi();
  });

  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('saves the editor with marks and the panel', async function () {
    this.timeout(120_000);
    const uri = fixtureUri('editor', 'incident-report.md');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
    await vscode.commands.executeCommand('grounding.showPanel');
    const geometry = new Promise<void>((resolve) => {
      const sub = api.onDidChangeReview((change) => change.reason === 'geometry' && (sub.dispose(), resolve()));
    });
    await vscode.commands.executeCommand('grounding.evaluate', uri);
    await geometry;
    await waitFor(async () => (await texts('section[aria-labelledby=h-switch] dd', { extensionId: 'grounding-review.grounding-review' })).length > 0, 15_000, 'the panel');
    await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    const claim = api.review(uri)!.claims.find((live) => live.claim.partition === 'contradicted')!;
    const at = editor.document.positionAt(claim.span.start + 4);
    editor.selection = new vscode.Selection(at, at);
    await vscode.commands.executeCommand('editor.action.showHover');
    await waitFor(async () => (await texts('.monaco-hover-content')).some((t) => t.includes('Contradicted')), 10_000, 'the hover');
    const editorShot = await screenshot('review-editor.png');
    const panelShot = await screenshot('review-panel.png', '#workbench\\.parts\\.sidebar');
    assert.ok(editorShot.endsWith('review-editor.png') && panelShot.endsWith('review-panel.png'));
  });
});
