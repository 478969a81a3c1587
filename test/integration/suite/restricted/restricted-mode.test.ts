// Restricted mode, in real VS Code with workspace trust on and the workspace not trusted (run.js's
// restricted phase). package.json declares untrustedWorkspaces "limited": the remote judge and
// remote embeddings are not used and the endpoint settings are ignored; Evaluate reviews with the
// offline judge and says why. A real OpenAI-compatible server on 127.0.0.1 counts what reaches it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { applyEdits, modify } from 'jsonc-parser';
import type { EvaluateSummary } from '../../../../src/vscode/commands/evaluate';
import type { GroundingReviewApi } from '../../../../src/vscode/extension';
import { allGrounded, startOpenAITestServer, type OpenAITestServer } from '../../../support/openai-test-server';
import { fixtureUri, fixturesFolder, groundingApi } from '../../support/extension';
import { bridgeAvailable, texts, waitFor } from '../../support/workbench';

const EXTENSION_WEBVIEW = { extensionId: 'grounding-review.grounding-review' };
const RESTRICTED_NOTE = /restricted mode: remote judges and endpoint settings are ignored; using the offline judge/;

function nextChange(api: GroundingReviewApi, reason: string, uri: vscode.Uri): Promise<void> {
  return new Promise((resolve) => {
    const subscription = api.onDidChangeReview((change) => {
      if (change.reason === reason && change.uri === uri.toString()) {
        subscription.dispose();
        resolve();
      }
    });
  });
}

describe('restricted mode (untrusted workspace)', function () {
  let api: GroundingReviewApi;
  let server: OpenAITestServer;
  const uri = fixtureUri('editor', 'incident-report.md');
  const config = () => vscode.workspace.getConfiguration('grounding');
  const userKeys = ['judge.kind', 'judge.baseUrl', 'judge.model', 'encoder.kind', 'encoder.model'];

  before(async () => {
    // Everything below means something only when VS Code really put the workspace in restricted mode.
    assert.equal(vscode.workspace.isTrusted, false, 'the restricted phase must open the workspace untrusted');
    api = await groundingApi();
    server = await startOpenAITestServer({ structuredOutputs: true });
  });

  afterEach(async () => {
    server.reset();
    for (const key of userKeys) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('grounding.clear', 'all');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await server?.close();
  });

  it('Evaluate with the OpenAI judge and embeddings configured sends nothing, reviews offline and says why', async function () {
    this.timeout(120_000); // the GroundingSwitch loads the embedded encoder instead
    // User settings: VS Code applies them in restricted mode too, so only the extension can refuse.
    await config().update('judge.kind', 'openai', vscode.ConfigurationTarget.Global);
    await config().update('judge.baseUrl', server.baseURL, vscode.ConfigurationTarget.Global);
    await config().update('judge.model', 'restricted-judge', vscode.ConfigurationTarget.Global);
    await config().update('encoder.kind', 'openai', vscode.ConfigurationTarget.Global);
    await config().update('encoder.model', 'restricted-embeddings', vscode.ConfigurationTarget.Global);
    assert.equal(api.settings().judge.kind, 'openai');
    assert.equal(api.settings().judge.baseUrl, server.baseURL);
    server.scriptChat(allGrounded, allGrounded, allGrounded, allGrounded);

    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await vscode.commands.executeCommand('grounding.showPanel');
    const geometry = nextChange(api, 'geometry', uri);
    const summary = (await vscode.commands.executeCommand<EvaluateSummary>('grounding.evaluate', uri))!;
    assert.equal(summary.status, 'done', summary.message);
    await geometry;

    assert.deepEqual(server.requests.map((r) => `${r.method} ${r.path}`), [], 'nothing reaches the configured endpoint');
    const result = api.review(uri)!.result;
    assert.equal(result.judge.kind, 'offline');
    assert.match(result.judge.fallbacks[0] ?? '', RESTRICTED_NOTE);
    // The offline judge's own verdicts, not the server's "all grounded".
    assert.ok(result.counts.contradicted + result.counts.ungrounded > 0, JSON.stringify(result.counts));
    const geometryResult = result.switch as { computed: boolean; method?: string; reason?: string };
    assert.equal(geometryResult.computed, true, `the switch ran with the embedded encoder: ${JSON.stringify(geometryResult)}`);

    // The panel's Judge card says so.
    if (!bridgeAvailable()) return;
    const card = await waitFor(async () => {
      const [text] = await texts('section[aria-labelledby=h-judge]', EXTENSION_WEBVIEW).catch(() => []);
      return text && RESTRICTED_NOTE.test(text) && text;
    }, 20_000, 'the Judge card to give the reason');
    // innerText of a panel that is not being painted at that moment (a background tab) is its bare
    // textContent, with no space between a term and its value ("Kindoffline").
    assert.match(card, /Kind\s*offline/);
  });

  it('ignores judge and endpoint settings the workspace itself sets', async function () {
    this.timeout(60_000);
    // A repository's own .vscode/settings.json (this run's throwaway copy) pointing the judge at a
    // server of its choosing. The marker (a setting VS Code applies in restricted mode) shows
    // when VS Code has read the file.
    const settingsUri = vscode.Uri.joinPath(fixturesFolder().uri, '.vscode', 'settings.json');
    const original = new TextDecoder().decode(await vscode.workspace.fs.readFile(settingsUri));
    let edited = original;
    const set = (key: string, value: unknown) => (edited = applyEdits(edited, modify(edited, [key], value, { formattingOptions: { insertSpaces: true, tabSize: 2 } })));
    set('grounding.judge.kind', 'openai');
    set('grounding.judge.baseUrl', server.baseURL);
    set('grounding.judge.model', 'workspace-judge');
    set('grounding.rho', 0.42);
    try {
      await vscode.workspace.fs.writeFile(settingsUri, new TextEncoder().encode(edited));
      await waitFor(async () => config().get('rho') === 0.42, 20_000, 'VS Code to read the workspace settings');

      for (const [key, workspaceValue] of [['judge.kind', 'openai'], ['judge.baseUrl', server.baseURL], ['judge.model', 'workspace-judge']] as const) {
        assert.notEqual(config().get(key), workspaceValue, `grounding.${key} from the workspace must be ignored`);
      }
      assert.deepEqual(
        { kind: api.settings().judge.kind, baseUrl: api.settings().judge.baseUrl },
        { kind: 'offline', baseUrl: '' },
        'the extension sees the defaults, not the workspace values',
      );
      assert.equal(api.settings().rho, 0.42, 'other workspace settings still apply');

      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const summary = (await vscode.commands.executeCommand<EvaluateSummary>('grounding.evaluate', uri))!;
      assert.equal(summary.status, 'done', summary.message);
      assert.equal(server.requests.length, 0, 'nothing reaches the endpoint the workspace named');
      assert.equal(api.review(uri)!.result.judge.kind, 'offline');
    } finally {
      await vscode.workspace.fs.writeFile(settingsUri, new TextEncoder().encode(original));
      await waitFor(async () => config().get('rho') !== 0.42, 20_000, 'VS Code to read the restored workspace settings');
    }
  });
});
