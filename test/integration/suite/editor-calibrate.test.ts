// Calibrate Thresholds on the reviewer's own verdicts, in real VS Code: claims marked through the
// real "Mark as reviewed" code actions become labelled examples (ungrounded/contradicted = 1,
// grounded/complementary = 0); too few of a class is refused with the counts; the fit is written
// to the grounding.switch.* settings only when the user accepts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CalibrationSummary } from '../../../src/vscode/commands/calibrateThresholds';
import type { GroundingReviewApi } from '../../../src/vscode/extension';
import { fixtureUri, groundingApi } from '../support/extension';
import { bridgeAvailable, evaluate, texts, waitFor } from '../support/workbench';

const SWITCH_KEYS = ['switch.acceptThresholdSgi', 'switch.rejectThresholdSgi', 'switch.acceptThresholdDgi'];

/** The incident report's claims (front matter: a question and three evidence logs). */
const CLAIMS = {
  alert: 'Alert A-1021 fired at 14:02:30 UTC for the checkout service.',
  cpu: 'CPU on db-prod-1 reached 97.2% at 14:02.',
  connections: 'db-prod-1 held 611 active connections at the peak.',
  replica: 'The replica db-prod-2 was saturated as well, at 97% CPU.',
  cause: 'The outage was caused by the config push at 14:01:30.',
  neighbour: 'A noisy neighbour on the host may also have contributed.',
};

function calibrate(source: unknown, write?: boolean): Thenable<CalibrationSummary | undefined> {
  return vscode.commands.executeCommand<CalibrationSummary | undefined>('grounding.calibrateThresholds', source, write);
}

function workspaceSwitchSettings(): unknown[] {
  const config = vscode.workspace.getConfiguration('grounding');
  return SWITCH_KEYS.map((key) => config.inspect(key)?.workspaceValue);
}

describe("editor: Calibrate Thresholds on the reviewer's verdicts", function () {
  const uri = fixtureUri('editor', 'incident-report.md');
  let api: GroundingReviewApi;
  let editor: vscode.TextEditor;

  /** Marks a claim through the code action a reviewer would pick in the light bulb. */
  async function mark(text: string, partition: string): Promise<void> {
    const offset = editor.document.getText().indexOf(text);
    assert.ok(offset >= 0, `fixture lacks "${text}"`);
    const range = new vscode.Range(editor.document.positionAt(offset), editor.document.positionAt(offset + text.length));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range);
    // Agreeing with the judge is offered as "… (confirm the judge)": it still records a verdict.
    const action = actions.find((a) => a.title === `Mark as reviewed: ${partition}` || a.title === `Mark as reviewed: ${partition} (confirm the judge)`);
    assert.ok(action?.command, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? [])), true);
    assert.equal(api.review(uri)!.claims.find((live) => live.claim.text === text)?.reviewed, partition);
  }

  before(async () => {
    api = await groundingApi();
    editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), vscode.ViewColumn.One);
    await vscode.commands.executeCommand('grounding.evaluate', uri);
    assert.ok(api.review(uri), 'the report was evaluated');
  });

  after(async () => {
    // Restore the judge's verdicts, so later suites see the report as the judge left it.
    const session = api.review(uri);
    for (const live of session?.claims.filter((c) => c.reviewed) ?? []) await vscode.commands.executeCommand('grounding.markReviewed', uri, live.claim.id, null);
    const config = vscode.workspace.getConfiguration('grounding');
    for (const key of SWITCH_KEYS) await config.update(key, undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('refuses to fit on fewer than two claims of a class, and says how many of each there are', async () => {
    await mark(CLAIMS.alert, 'grounded');
    await mark(CLAIMS.cpu, 'grounded');
    await mark(CLAIMS.cause, 'ungrounded');
    const summary = (await calibrate('verdicts', true))!;
    // Two grounded (label 0) and one ungrounded (label 1): the flagged class is short by one.
    assert.equal(summary.source, 'verdicts');
    assert.deepEqual(summary.counts, { passing: 2, flagged: 1 });
    assert.equal(summary.n, 3);
    assert.match(summary.refused ?? '', /at least 2 claims of each class.*2 grounded\/complementary and 1 ungrounded\/contradicted/);
    assert.deepEqual([summary.sgiReview, summary.sgiStrongPass, summary.dgiPass, summary.written], [null, null, null, false]);
    assert.deepEqual(workspaceSwitchSettings(), [undefined, undefined, undefined], 'nothing written even with write=true');
  });

  it('fits on every marked claim and writes the cuts to settings only when accepted', async function () {
    this.timeout(120_000); // may load the encoder
    await mark(CLAIMS.replica, 'contradicted');
    await mark(CLAIMS.neighbour, 'complementary');
    await mark(CLAIMS.connections, 'grounded');
    // Six verdicts: grounded ×3 and complementary pass (0); ungrounded and contradicted flag (1).
    const declined = (await calibrate('verdicts', false))!;
    assert.equal(declined.refused, undefined, JSON.stringify(declined));
    assert.deepEqual(declined.counts, { passing: 4, flagged: 2 });
    assert.equal(declined.n, 6);
    // The report has a question and evidence, so every example has an SGI and both SGI cuts are fitted.
    assert.ok(declined.sgiReview !== null && declined.sgiStrongPass !== null, JSON.stringify(declined));
    assert.ok(declined.sgiReview <= declined.sgiStrongPass, 'review ≤ strong pass');
    assert.ok(!declined.notes.some((note) => note.includes('left out')), JSON.stringify(declined.notes));
    assert.equal(declined.written, false);
    assert.deepEqual(workspaceSwitchSettings(), [undefined, undefined, undefined], 'declined: settings untouched');

    const accepted = (await calibrate('verdicts', true))!;
    // Same verdicts, same encoder: the same cuts.
    assert.deepEqual([accepted.sgiReview, accepted.sgiStrongPass, accepted.dgiPass], [declined.sgiReview, declined.sgiStrongPass, declined.dgiPass]);
    assert.equal(accepted.written, true);
    const round = (value: number | null) => (value === null ? undefined : Math.round(value * 1000) / 1000);
    assert.deepEqual(workspaceSwitchSettings(), [round(accepted.sgiStrongPass), round(accepted.sgiReview), round(accepted.dgiPass)]);
    assert.deepEqual(api.settings().switch.rejectThresholdSgi, round(accepted.sgiReview));
  });

  it('offers "My verdicts" in the quick pick when run without arguments', async function () {
    if (!bridgeAvailable()) this.skip();
    this.timeout(120_000);
    const run = calibrate(undefined, false);
    await waitFor(async () => (await texts('.quick-input-list .monaco-list-row')).some((t) => t.includes('My verdicts')), 15_000, 'the source quick pick');
    const rows = await texts('.quick-input-list .monaco-list-row');
    // The row says how many claims are marked and how verdicts become labels.
    const verdictsRow = rows.find((t) => t.includes('My verdicts'))!;
    assert.match(verdictsRow, /6 claims marked as reviewed/);
    assert.match(verdictsRow, /ungrounded or contradicted = should be flagged/);
    assert.ok(rows.some((t) => t.includes('Labelled JSONL file')), JSON.stringify(rows));
    await evaluate(`[...document.querySelectorAll('.quick-input-list .monaco-list-row')].find((r) => r.innerText.includes('My verdicts')).click()`);
    const summary = (await run)!;
    assert.deepEqual([summary.source, summary.n, summary.written], ['verdicts', 6, false]);
  });
});
