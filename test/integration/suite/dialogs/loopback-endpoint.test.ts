// Endpoints on this machine need no consent, whatever name reaches them: in real VS Code with modal
// dialogs shown (run.js's dialogs phase), Evaluate with the OpenAI judge at 0.0.0.0 or at the
// IPv4-mapped ::ffff:127.0.0.1 judges remotely at once, with no dialog. The server is a real
// OpenAI-compatible one on 127.0.0.1, which both addresses reach.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GroundingReviewApi } from '../../../../src/vscode/extension';
import { allGrounded, startOpenAITestServer, type OpenAITestServer } from '../../../support/openai-test-server';
import { evaluateWithoutDialog } from '../../support/dialogs';
import { fixtureUri, groundingApi, resetRemoteJudge, useRemoteJudge } from '../../support/extension';
import { bridgeAvailable } from '../../support/workbench';

describe('remote judge: loopback endpoints under other names ask no consent', function () {
  let api: GroundingReviewApi;
  let server: OpenAITestServer;
  const uri = fixtureUri('editor', 'incident-report.md');

  before(async function () {
    if (!bridgeAvailable()) this.skip();
    api = await groundingApi();
    server = await startOpenAITestServer({ structuredOutputs: true });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  });

  after(async () => {
    await resetRemoteJudge();
    await server?.close();
  });

  for (const host of ['0.0.0.0', '[::ffff:127.0.0.1]']) {
    it(`${host}: judged remotely with no dialog`, async function () {
      this.timeout(60_000);
      server.reset();
      server.scriptChat(allGrounded, allGrounded, allGrounded, allGrounded);
      // A model of its own per address, so no consent remembered for another endpoint could answer.
      await useRemoteJudge(server.baseURL.replace('127.0.0.1', host), `loopback-judge-${host}-${Date.now()}`);
      await vscode.commands.executeCommand('grounding.clear', 'all');
      const summary = await evaluateWithoutDialog(uri);
      assert.equal(summary.status, 'done', summary.message);
      assert.ok(server.requestsTo('/chat/completions').length > 0, 'the judge called the endpoint');
      const judge = api.review(uri)!.result.judge;
      assert.equal(judge.kind, 'openai');
      assert.deepEqual(judge.fallbacks, []);
    });
  }
});
