// The extension under development loads in real VS Code, activates on Grounding: Evaluate and
// hands its API to callers.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, groundingApi, groundingExtension } from '../support/extension';
import { startState } from '../support/start-state';

describe('extension activation', () => {
  it('is installed from the development folder and not yet active before any command', () => {
    // package.json declares no activation event besides its command, so nothing activates it early.
    assert.deepEqual(startState(), { extensionFound: true, extensionActive: false });
    assert.equal(groundingExtension().packageJSON.name, 'grounding-review');
  });

  it('activates when Grounding: Evaluate runs', async () => {
    await vscode.commands.executeCommand('grounding.evaluate');
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
  });

  it('has registered grounding.evaluate', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('grounding.evaluate'), 'grounding.evaluate is missing from the command list');
  });

  it('returns its API from activate()', async () => {
    const api = await groundingApi();
    const { version } = groundingExtension().packageJSON as { version: string };
    assert.equal(api.version, version);
    assert.equal(groundingExtension().exports, api);
  });
});
