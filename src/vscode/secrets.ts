// The judge's API key lives in SecretStorage only: never in settings, logs or files.
import type * as vscode from 'vscode';

export const API_KEY_SECRET = 'grounding.openai.apiKey';

export function readApiKey(secrets: vscode.SecretStorage): Thenable<string | undefined> {
  return secrets.get(API_KEY_SECRET);
}
