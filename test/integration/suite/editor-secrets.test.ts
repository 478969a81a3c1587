// Set API Key / Clear API Key in real VS Code: the key typed into the password box reaches the
// judge endpoint (a real OpenAI-compatible server on 127.0.0.1) and nothing else — not the
// settings, not the log; after Clear API Key it is no longer sent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { allGrounded, startOpenAITestServer, type OpenAITestServer } from '../../support/openai-test-server';
import { fixtureUri, groundingApi, resetRemoteJudge, useRemoteJudge } from '../support/extension';
import { bridgeAvailable, evaluate, waitFor } from '../support/workbench';

const KEY = 'sk-integration-secret-4e1d7a';

describe('editor: Set API Key and Clear API Key', function () {
  let server: OpenAITestServer;
  const uri = fixtureUri('editor', 'incident-report.md');
  const config = () => vscode.workspace.getConfiguration('grounding');

  before(async () => {
    await groundingApi();
    server = await startOpenAITestServer({ structuredOutputs: true });
    await useRemoteJudge(server.baseURL);
  });

  after(async () => {
    await vscode.commands.executeCommand('grounding.clearApiKey');
    await resetRemoteJudge();
    await server?.close();
  });

  /** Evaluates with a model name of its own (a fresh judge cache key) and returns the requests' Authorization headers. */
  async function judgeAuthorizations(model: string): Promise<string[]> {
    server.reset();
    server.scriptChat(allGrounded, allGrounded, allGrounded, allGrounded);
    await config().update('judge.model', model, vscode.ConfigurationTarget.Global);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await vscode.commands.executeCommand('grounding.evaluate', uri);
    const chats = server.requests.filter((request) => request.path.endsWith('/chat/completions'));
    assert.ok(chats.length > 0, 'the judge called the endpoint');
    return chats.map((request) => String(request.headers.authorization ?? ''));
  }

  it('sends the key typed into the password box, keeps it out of settings, and stops sending it once cleared', async function () {
    if (!bridgeAvailable()) this.skip();
    this.timeout(90_000);
    const stored = vscode.commands.executeCommand('grounding.setApiKey');
    await waitFor(async () => (await evaluate<boolean>(`!!document.querySelector('.quick-input-widget input[type="password"]')`)) || false, 15_000, 'the password box');
    await evaluate(`(() => {
      const input = document.querySelector('.quick-input-widget input[type="password"]');
      input.focus();
      input.value = ${JSON.stringify(KEY)};
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
    })()`);
    await stored;

    const withKey = await judgeAuthorizations('judge-with-key');
    assert.ok(withKey.every((header) => header === `Bearer ${KEY}`), withKey.join(', '));
    const settings = JSON.stringify(config());
    assert.ok(!settings.includes(KEY), 'the key is not in any grounding setting');

    await vscode.commands.executeCommand('grounding.clearApiKey');
    const cleared = await judgeAuthorizations('judge-after-clear');
    assert.ok(cleared.every((header) => !header.includes(KEY)), cleared.join(', '));
  });
});
