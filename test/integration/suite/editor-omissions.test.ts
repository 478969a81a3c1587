// Omissions in real VS Code: the fixture's log has three ERROR lines and the report cites one
// (line 2, the disk quota), so the panel lists exactly lines 3 and 5 under their own heading, and
// a click on one opens the evidence file at that line.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { fixtureUri, groundingApi } from '../support/extension';
import { bridgeAvailable, evaluate, isDesktopHost, texts, waitFor } from '../support/workbench';

const EXTENSION_WEBVIEW = { extensionId: 'grounding-review.grounding-review' };

describe('editor: omissions in the review panel', function () {
  before(function () {
    if (isDesktopHost() || !bridgeAvailable()) this.skip();
  });

  after(async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists the two uncited ERROR lines under "Left out of the report"; a click opens the line', async () => {
    const api = await groundingApi();
    const uri = fixtureUri('omissions', 'report.md');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
    await vscode.commands.executeCommand('grounding.showPanel');
    await vscode.commands.executeCommand('grounding.evaluate', uri);
    const result = api.review(uri)!.result;
    assert.deepEqual(result.omissions.map((omission) => [omission.id, omission.line]), [['E3', 3], ['E5', 5]]);

    const headings = await waitFor(async () => {
      const found = await texts('h2', EXTENSION_WEBVIEW);
      return found.some((heading) => heading.toLowerCase() === 'left out of the report') && found;
    }, 20_000, 'the omissions heading');
    assert.ok(headings.length > 0);
    const items = await texts('section[aria-labelledby=h-omissions] .omission-meta', EXTENSION_WEBVIEW);
    assert.deepEqual(items, ['E3 · omissions/app.log:3 · log level ERROR', 'E5 · omissions/app.log:5 · log level ERROR']);

    await evaluate('document.querySelector(\'[data-omission-id="E5"]\').click()', EXTENSION_WEBVIEW);
    const opened = await waitFor(async () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.path.endsWith('/omissions/app.log') && active;
    }, 10_000, 'the evidence file to open');
    assert.equal(opened.selection.start.line, 4, 'line 5 (0-based 4) is selected');
    assert.match(opened.document.getText(opened.selection), /ERROR scheduler job nightly-export crashed/);
  });
});
