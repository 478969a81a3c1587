// Grounding: Set API Key — stores the OpenAI-compatible endpoint's key in SecretStorage.
import * as vscode from 'vscode';
import { API_KEY_SECRET } from '../secrets';
import type { Services } from '../services';

export const SET_API_KEY_COMMAND = 'grounding.setApiKey';

export function registerSetApiKeyCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(SET_API_KEY_COMMAND, async () => {
    const key = await vscode.window.showInputBox({
      title: 'Grounding: API key for the judge endpoint',
      prompt: 'Stored in VS Code SecretStorage (the OS keychain), never in settings. Used only when grounding.judge.kind is "openai".',
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? undefined : 'Enter a key, or press Escape'),
    });
    if (!key) return;
    await services.context.secrets.store(API_KEY_SECRET, key.trim());
    services.log.info('API key stored in SecretStorage');
    void vscode.window.showInformationMessage('Grounding: API key stored securely.');
  });
}
