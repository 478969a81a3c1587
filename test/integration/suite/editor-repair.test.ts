// Evaluate and Repair in real VS Code against a real OpenAI-compatible HTTP server on 127.0.0.1:
// round 0 finds two unsupported claims (regenerate), the model rewrites the report, round 1
// proceeds; the repaired text is applied to the editor (unsaved) only when accepted.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RepairSummary } from '../../../src/vscode/commands/evaluateAndRepair';
import type { GroundingReviewApi } from '../../../src/vscode/extension';
import { chatJson, chatText, judgeAnswer, startOpenAITestServer, type OpenAITestServer, type RecordedRequest } from '../../support/openai-test-server';
import { fixtureUri, groundingApi, resetRemoteJudge, useRemoteJudge } from '../support/extension';
import { bridgeAvailable, evaluate, texts, waitFor } from '../support/workbench';

const REPAIRED = `# Checkout incident, 2 March 2026

Alert A-1021 fired at 14:02:30 UTC for the checkout service.

- CPU on db-prod-1 reached 97.2% at 14:02.
- db-prod-1 held 611 active connections at the peak.
`;

/** The judge's claims from its prompt: fenced JSON lines {"id","text"}. */
function promptClaims(request: RecordedRequest): { id: string; text: string }[] {
  const user: string = request.body?.messages?.find((m: { role: string }) => m.role === 'user')?.content ?? '';
  return user
    .split('\n')
    .filter((line) => line.startsWith('{"id":'))
    .map((line) => JSON.parse(line) as { id: string; text: string; source?: string })
    .filter((item) => item.source === undefined);
}

/** A scripted model: rewrites when asked to revise, else judges causal or hedged claims unsupported. */
function model(request: RecordedRequest) {
  const system: string = request.body?.messages?.find((m: { role: string }) => m.role === 'system')?.content ?? '';
  if (system.startsWith('You revise')) return chatText(REPAIRED);
  const verdicts = promptClaims(request).map(({ id, text }) =>
    /caused by|may also/.test(text)
      ? { claim_id: id, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'not supported by the evidence' }
      : { claim_id: id, partition: 'grounded', type: 'synthesis', evidence_refs: [], reason: 'supported' },
  );
  return chatJson(judgeAnswer(verdicts));
}

describe('editor: Evaluate and Repair', function () {
  let api: GroundingReviewApi;
  let server: OpenAITestServer;
  const uri = fixtureUri('editor', 'incident-report.md');

  before(async () => {
    api = await groundingApi();
    server = await startOpenAITestServer({ structuredOutputs: true });
    await useRemoteJudge(server.baseURL, 'test-judge');
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await resetRemoteJudge();
    await server?.close();
  });

  it('regenerates through the endpoint, shows the diff and applies it only when accepted', async function () {
    this.timeout(60_000);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const original = document.getText();

    // Declined: the report stays as it was.
    server.scriptChat(model, model, model, model, model, model);
    const declined = (await vscode.commands.executeCommand<RepairSummary>('grounding.evaluateAndRepair', uri, { apply: false }))!;
    assert.equal(declined.status, 'done', declined.message);
    assert.equal(declined.changed, true);
    assert.equal(declined.applied, false);
    assert.equal(document.getText(), original);
    // 6 claims, 2 unsupported: S = 4·0.8 / (4·0.8 + 2·0.6) = 0.727 → regenerate; the rewrite has only grounded claims → proceed.
    assert.deepEqual(declined.rounds!.map((r) => [r.action, r.decision]), [['initial', 'regenerate'], ['regenerate', 'proceed']]);
    assert.ok(Math.abs(declined.rounds![0].score - 3.2 / 4.4) < 1e-9, String(declined.rounds![0].score));
    assert.equal(declined.rounds![1].score, 1);
    const diffShown = vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === 'grounding-repaired'));
    assert.ok(diffShown, 'the repaired text opens as a diff');

    // Accepted: the editor holds the repaired text, unsaved, and is reviewed with the rounds attached.
    server.reset();
    server.scriptChat(model, model, model, model, model, model);
    const accepted = (await vscode.commands.executeCommand<RepairSummary>('grounding.evaluateAndRepair', uri, { apply: true }))!;
    assert.equal(accepted.applied, true);
    // The rewrite dropped the front matter (evidence, question): it is kept, the rest replaced.
    assert.equal(document.getText(), original.slice(0, original.indexOf('# Checkout')) + REPAIRED);
    assert.equal(document.isDirty, true);
    const session = api.review(uri)!;
    assert.deepEqual(session.trajectory?.map((r) => r.action), ['initial', 'regenerate']);
    assert.equal(session.result.decision, 'proceed', JSON.stringify(session.result.claims.map((c) => [c.text, c.partition, c.reason])));
    assert.equal(session.result.judge.kind, 'openai');
  });
});

describe('editor: Calibrate Thresholds', function () {
  afterEach(async () => {
    const config = vscode.workspace.getConfiguration('grounding');
    for (const key of ['switch.acceptThresholdSgi', 'switch.rejectThresholdSgi', 'switch.acceptThresholdDgi']) await config.update(key, undefined, vscode.ConfigurationTarget.Workspace);
  });

  it('fits the switch cuts on a labelled file with the embedded encoder and writes them to settings', async function () {
    this.timeout(120_000); // may load the encoder
    const file = fixtureUri('editor', 'calibration', 'labelled.jsonl');
    const fit = (await vscode.commands.executeCommand<{ n: number; sgiReview: number | null; sgiStrongPass: number | null; written: boolean }>('grounding.calibrateThresholds', file, true))!;
    assert.equal(fit.n, 6);
    assert.ok(fit.sgiReview !== null && fit.sgiStrongPass !== null, JSON.stringify(fit));
    assert.ok(fit.sgiReview <= fit.sgiStrongPass, 'review ≤ strong pass');
    assert.equal(fit.written, true);
    const config = vscode.workspace.getConfiguration('grounding');
    assert.equal(config.get('switch.rejectThresholdSgi'), Math.round(fit.sgiReview * 1000) / 1000);
    assert.equal(config.get('switch.acceptThresholdSgi'), Math.round(fit.sgiStrongPass * 1000) / 1000);
  });
});

describe('editor: Select Evidence…', function () {
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('offers workspace files in a multi-select quick pick and remembers the choice for the report', async function () {
    if (!bridgeAvailable()) this.skip();
    const report = fixtureUri('editor', 'hostile-report.txt');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(report));
    const chosen = vscode.commands.executeCommand<string[] | undefined>('grounding.selectEvidence', report);
    // Tick alerts.log in the rendered quick pick, then press OK.
    await waitFor(async () => (await texts('.quick-input-list .monaco-list-row')).some((t) => t.includes('alerts.log')), 15_000, 'the quick pick');
    await evaluate(`(() => {
      const row = [...document.querySelectorAll('.quick-input-list .monaco-list-row')].find((r) => r.innerText.includes('alerts.log'));
      row.querySelector('input[type=checkbox], .monaco-checkbox').click();
    })()`);
    await evaluate(`[...document.querySelectorAll('.quick-input-widget .monaco-button')].find((b) => b.innerText.trim() === 'OK').click()`);
    const picked = await chosen;
    assert.deepEqual(picked?.map((u) => u.split('/').slice(-2).join('/')), ['evidence/alerts.log']);
    const summary = (await vscode.commands.executeCommand<{ status: string }>('grounding.evaluate', report))!;
    assert.equal(summary.status, 'done');
    const api = await groundingApi();
    assert.deepEqual(api.review(report)!.result.evidence.files, ['editor/evidence/alerts.log']);
  });
});
