// The workbench bridge really sees what Chromium renders: editor text, a painted decoration, a
// webview's DOM (with markup from content shown as text), and a screenshot.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { fixtureUri } from '../support/extension';
import { evaluate, isDesktopHost, screenshot, texts, waitFor, webviews } from '../support/workbench';

const PROBE_LINE = 'The workbench bridge test opens this file and reads this line back from the rendered editor.';

describe('workbench bridge', function () {
  before(function () {
    // @vscode/test-electron has no browser to ask; the offline runner always provides the bridge.
    if (isDesktopHost()) this.skip();
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads the text of an opened editor from the rendered DOM', async () => {
    const document = await vscode.workspace.openTextDocument(fixtureUri('bridge-probe.md'));
    await vscode.window.showTextDocument(document);
    const lines = await waitFor(async () => {
      const rendered = await texts('.monaco-editor .view-line');
      // The DOM renders spaces as non-breaking spaces.
      return rendered.map((line) => line.replace(/\u00a0/g, ' ')).includes(PROBE_LINE) && rendered;
    }, 10_000, 'the probe line to render');
    assert.ok(lines.length >= 3);
  });

  it('sees a decoration painted on the editor', async () => {
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fixtureUri('bridge-probe.md')));
    const decoration = vscode.window.createTextEditorDecorationType({ backgroundColor: 'rgb(255, 0, 255)' });
    try {
      editor.setDecorations(decoration, [new vscode.Range(2, 0, 2, 20)]);
      // Decorations are painted as absolutely positioned divs in the view overlays layer.
      const painted = await waitFor(
        () =>
          evaluate<number>(`[...document.querySelectorAll('.monaco-editor .view-overlays div')]
            .filter((el) => getComputedStyle(el).backgroundColor === 'rgb(255, 0, 255)').length`).then((count) => count > 0 && count),
        10_000,
        'the decoration to be painted',
      );
      assert.equal(painted, 1);
    } finally {
      decoration.dispose();
    }
  });

  it("reads a webview's DOM, where markup from content stays text", async () => {
    const marker = `bridge-probe-${Date.now()}`;
    const hostile = '<img src=x onerror="document.title=\'pwned\'">';
    const escaped = hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const panel = vscode.window.createWebviewPanel('groundingBridgeProbe', 'Bridge probe', vscode.ViewColumn.One, {});
    try {
      panel.webview.html = `<!DOCTYPE html><html><body><h1 id="marker">${marker}</h1><p id="claim">${escaped}</p></body></html>`;
      const filter = { contains: marker };
      await waitFor(async () => (await webviews()).some((view) => view.text.includes(marker)), 15_000, 'the webview to render');
      assert.deepEqual(await texts('#claim', filter), [hostile]);
      assert.equal(await evaluate<number>('document.querySelectorAll("img").length', filter), 0);
    } finally {
      panel.dispose();
    }
  });

  it('saves a PNG screenshot of the workbench', async () => {
    const file = await screenshot('bridge-probe.png');
    const bytes = fs.readFileSync(file);
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});
