// The first remote call per workspace, in real VS Code (run.js's dialogs phase, where modal
// dialogs render as for a user): Evaluate with the OpenAI judge first shows a modal saying what
// will be sent where; Cancel sends nothing and reviews offline, saying why; Send sends and is
// remembered, so the next Evaluate does not ask. The endpoint is a real OpenAI-compatible server
// on this machine's own network address: the extension asks no consent for loopback endpoints.
import * as assert from 'node:assert/strict';
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { EvaluateSummary } from '../../../../src/vscode/commands/evaluate';
import type { GroundingReviewApi } from '../../../../src/vscode/extension';
import { allGrounded, startOpenAITestServer, type OpenAITestServer } from '../../../support/openai-test-server';
import { fixtureUri, groundingApi, resetRemoteJudge, useRemoteJudge } from '../../support/extension';
import { clickDialogButton, dialogText, evaluateWithoutDialog } from '../../support/dialogs';
import { bridgeAvailable, waitFor } from '../../support/workbench';

/** An IPv4 address of one of this machine's network interfaces (not loopback), if any. */
function ownNetworkAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;
}

describe('remote judge: consent before the first call', function () {
  let api: GroundingReviewApi;
  let server: OpenAITestServer;
  const uri = fixtureUri('editor', 'incident-report.md');
  // A model of its own: consent is remembered per workspace, endpoint and model.
  const model = `consent-judge-${Date.now()}`;

  before(async function () {
    if (!bridgeAvailable()) this.skip();
    const host = ownNetworkAddress();
    if (!host) {
      console.log('      (no non-loopback network interface on this machine: consent cannot be exercised)');
      this.skip();
    }
    api = await groundingApi();
    server = await startOpenAITestServer({ structuredOutputs: true, host });
    // Remote embeddings ask their own consent; this suite is about the judge's (useRemoteJudge turns them off).
    await useRemoteJudge(server.baseURL, model);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  });

  after(async () => {
    if ((await dialogText().catch(() => undefined)) !== undefined) await clickDialogButton('Cancel');
    await resetRemoteJudge();
    await server?.close();
  });

  it('asks first, saying what goes where; Cancel sends nothing and reviews offline, saying why', async function () {
    this.timeout(60_000);
    server.scriptChat(allGrounded, allGrounded, allGrounded, allGrounded);
    const pending = vscode.commands.executeCommand<EvaluateSummary>('grounding.evaluate', uri);
    const text = await waitFor(dialogText, 20_000, 'the consent dialog');
    assert.ok(text.includes(`Grounding Review will send this report's claims and the evidence lines relevant to them to ${server.baseURL} (model ${model}) to be judged.`), text);
    assert.match(text, /Asked once per workspace and endpoint\. Decline to keep everything on this machine\./);
    assert.equal(server.requests.length, 0, 'nothing is sent while the question is open');

    await clickDialogButton('Cancel');
    const summary = (await pending)!;
    assert.equal(summary.status, 'done', summary.message);
    assert.equal(server.requests.length, 0, 'declined: nothing reaches the endpoint');
    const result = api.review(uri)!.result;
    assert.equal(result.judge.kind, 'offline');
    assert.match(result.judge.fallbacks[0] ?? '', /remote judge declined for this evaluation; using the offline judge/);
  });

  it('Send judges remotely and is remembered: the next Evaluate does not ask', async function () {
    this.timeout(60_000);
    server.reset();
    server.scriptChat(allGrounded, allGrounded, allGrounded, allGrounded);
    // Declining was not remembered: the same endpoint and model are asked about again.
    const first = vscode.commands.executeCommand<EvaluateSummary>('grounding.evaluate', uri);
    await waitFor(dialogText, 20_000, 'the consent dialog, again after a decline');
    await clickDialogButton('Send');
    const summary = (await first)!;
    assert.equal(summary.status, 'done', summary.message);
    assert.ok(server.requestsTo('/chat/completions').length > 0, 'the judge called the endpoint');
    assert.equal(api.review(uri)!.result.judge.kind, 'openai');
    assert.deepEqual(api.review(uri)!.result.judge.fallbacks, []);

    // A different report text, so the judge's response cache cannot answer for the endpoint.
    const other = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: 'db-prod-1 held 611 active connections at the peak.\n\nAlert A-1021 fired at 14:02:30 UTC.\n',
    });
    await vscode.commands.executeCommand('grounding.selectEvidence', other.uri, [fixtureUri('editor', 'evidence', 'metrics.log'), fixtureUri('editor', 'evidence', 'alerts.log')]);
    server.reset();
    server.scriptChat(allGrounded, allGrounded, allGrounded, allGrounded);
    // Asked again after Send would be a dialog during this evaluation.
    const again = await evaluateWithoutDialog(other.uri);
    assert.equal(again.status, 'done', again.message);
    assert.ok(server.requestsTo('/chat/completions').length > 0, 'the second evaluation called the endpoint without asking');
    assert.equal(api.review(other.uri)!.result.judge.kind, 'openai');
  });
});
