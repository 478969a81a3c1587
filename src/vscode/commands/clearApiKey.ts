// Grounding: Clear API Key — removes the key from SecretStorage.
import * as vscode from 'vscode';
import { API_KEY_SECRET } from '../secrets';
import type { Services } from '../services';

export const CLEAR_API_KEY_COMMAND = 'grounding.clearApiKey';

export function registerClearApiKeyCommand(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(CLEAR_API_KEY_COMMAND, async () => {
    await services.context.secrets.delete(API_KEY_SECRET);
    services.log.info('API key removed from SecretStorage');
    void vscode.window.showInformationMessage('Grounding: API key cleared.');
  });
}
