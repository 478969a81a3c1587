// grounding.judge.groundedCut in real VS Code: unlike a threshold, which only re-scores, a new cut
// changes verdicts, so the open review is judged again. At 1 no calibrated probability is high
// enough: every green mark of the fixture is withheld, as a warning saying why; unset again (the
// offline judge's own 0.5) the review is the first one again. With the openai judge a cut cannot
// be honoured: invalid.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GroundingReviewApi } from '../../../src/vscode/extension';
import { fixtureUri, groundingApi } from '../support/extension';
import { panelStateOf } from '../../../src/vscode/panel/viewModel';

const uri = fixtureUri('editor', 'incident-report.md');

async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('grounding').update(key, value, vscode.ConfigurationTarget.Global);
}

/** Resolves after the extension has judged `uri` again (a settings change starts it). */
function nextEvaluation(api: GroundingReviewApi): Promise<void> {
  return new Promise((resolve) => {
    const subscription = api.onDidChangeReview((change) => {
      if (change.reason === 'evaluated' && change.uri === uri.toString()) {
        subscription.dispose();
        resolve();
      }
    });
  });
}

const verdicts = (api: GroundingReviewApi) => api.review(uri)!.result.claims.map((claim) => [claim.text, claim.partition, claim.reason]);

describe('editor: grounding.judge.groundedCut', function () {
  let api: GroundingReviewApi;

  before(async () => {
    api = await groundingApi();
  });

  after(async () => {
    for (const key of ['judge.groundedCut', 'judge.kind']) await setSetting(key, undefined);
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a new cut judges the open review again: at 1 no green mark is left, each withheld claim a warning saying why; unset, the first review returns', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
    await vscode.commands.executeCommand('grounding.evaluate', uri);
    const first = verdicts(api);
    const grounded = api.review(uri)!.result.claims.filter((claim) => claim.partition === 'grounded');
    // The fixture's three grounded claims (editor.test.ts reads them against the evidence by hand).
    assert.equal(grounded.length, 3);
    assert.equal(api.marks(uri)?.grounded.length, 3);
    const calls = api.judgeCallCount();

    const shut = nextEvaluation(api);
    await setSetting('judge.groundedCut', 1);
    await shut;
    assert.equal(api.judgeCallCount(), calls + 1, 'the cut changes verdicts: one judge call, not a re-score');
    const claims = api.review(uri)!.result.claims;
    assert.equal(claims.filter((claim) => claim.partition === 'grounded').length, 0);
    assert.deepEqual(api.marks(uri)?.grounded, []);
    const withheld = claims.filter((claim) => claim.reason.startsWith('could not verify offline'));
    assert.deepEqual(withheld.map((claim) => claim.text), grounded.map((claim) => claim.text));
    assert.ok(withheld.every((claim) => claim.partition === 'ungrounded' && /^could not verify offline \(confidence 0\.\d\d below 1\)/.test(claim.reason)));
    assert.ok(withheld.every((claim) => claim.withheld?.cut === 1 && claim.withheld.grounded_confidence < 1), 'each withheld claim carries the cut it fell below');
    // The panel counts them and badges each; the hover gives the probability and the cut.
    const state = panelStateOf(api.review(uri)!);
    assert.equal(state.judge.withheld, 3);
    assert.equal(state.claims.filter((claim) => claim.withheld !== undefined).length, 3);
    const document = vscode.window.activeTextEditor!.document;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, document.positionAt(withheld[0]!.start + 2));
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    // (Hover text is escaped Markdown: spaces as &nbsp;, punctuation behind a backslash.)
    const plain = hoverText.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
    assert.match(plain, /\*\*Withheld\*\*: grounded at confidence 0\.\d\d, below the grounded cut 1 \(counted as ungrounded\)/);
    const warnings = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Grounding' && d.severity === vscode.DiagnosticSeverity.Warning);
    for (const claim of withheld) assert.ok(warnings.some((d) => d.message.includes('could not verify offline') && d.range.start.line === claim.line - 1), claim.text);

    const open = nextEvaluation(api);
    await setSetting('judge.groundedCut', undefined);
    await open;
    assert.deepEqual(verdicts(api), first);
    assert.equal(api.marks(uri)?.grounded.length, 3);
  });

  it('is reported invalid with the openai judge, and the last valid settings stay in force', async () => {
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await setSetting('judge.groundedCut', undefined);
    await setSetting('judge.kind', 'openai');
    await setSetting('judge.groundedCut', 0.5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(api.settings().judge.kind, 'openai', 'openai alone was valid');
    assert.equal(api.settings().judge.groundedCut, null, 'unset: the judge\'s own cut');
  });
});
