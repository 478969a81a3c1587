// The hybrid judge in real VS Code against a real OpenAI-compatible server on 127.0.0.1: the
// cost estimate is shown before the first remote call, and every claim says which judge decided
// it (review, panel state, hover).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { panelStateOf } from '../../../src/vscode/panel/viewModel';
import { allGrounded, startOpenAITestServer, type OpenAITestServer, type RecordedRequest } from '../../support/openai-test-server';
import { fixtureUri, groundingApi, resetRemoteJudge, useRemoteJudge } from '../support/extension';

describe('editor: hybrid judge', function () {
  let server: OpenAITestServer;
  const uri = fixtureUri('editor', 'incident-report.md');

  before(async () => {
    await groundingApi();
    server = await startOpenAITestServer({ structuredOutputs: true });
    await useRemoteJudge(server.baseURL, 'hybrid-it-model');
    await vscode.workspace.getConfiguration('grounding').update('judge.kind', 'hybrid', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await resetRemoteJudge();
    await server?.close();
  });

  it('shows the cost estimate before the first call, then which judge decided each claim', async function () {
    this.timeout(90_000);
    const api = await groundingApi();
    let estimateAtFirstCall: string | undefined | null = null;
    const reply = (request: RecordedRequest) => {
      if (estimateAtFirstCall === null) estimateAtFirstCall = api.costEstimate(uri);
      return allGrounded(request);
    };
    server.scriptChat(...Array.from({ length: 8 }, () => reply));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('grounding.evaluate', uri);

    const calls = server.requestsTo('/chat/completions').length;
    assert.ok(calls > 0, 'the LLM part was called');
    assert.match(String(estimateAtFirstCall), /^\d+ request\(s\), \d+ prompt tokens \(o200k_base\), \d+ claim\(s\) to send, \d+ kept offline/);
    // The estimate's request count is what the review sent.
    assert.equal(Number(/^(\d+) request/.exec(String(estimateAtFirstCall))![1]), calls);

    const session = api.review(uri)!;
    assert.equal(session.result.judge.kind, 'hybrid');
    assert.ok(session.result.claims.length > 0);
    assert.ok(session.result.claims.every((claim) => claim.decided_by === 'offline' || claim.decided_by === 'llm'), JSON.stringify(session.result.claims.map((c) => c.decided_by)));
    const state = panelStateOf(session);
    assert.equal(state.judge.estimate, estimateAtFirstCall);
    assert.ok(state.claims.every((claim) => claim.decidedBy !== undefined && claim.decidedWhy !== undefined));

    const claim = session.result.claims[0]!;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, document.positionAt(claim.start + 2));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    assert.match(text, new RegExp(`Decided by: ${claim.decided_by}`));
  });
});
