// Which judge an evaluation uses. Offline unless the settings ask for the OpenAI-compatible
// judge AND the workspace is trusted. The first remote call per workspace and endpoint says
// what will be sent where and needs a yes. The key comes from SecretStorage only.
import * as vscode from 'vscode';
import type { OpenAIJudge } from '../core/judge/openai';
import type { JudgeChoice } from './reviews';
import { readApiKey } from './secrets';
import type { SettingsStore } from './settings';

const CONSENT_KEY = 'grounding.remoteJudgeConsent';

export function createJudgeChooser(settings: SettingsStore, context: vscode.ExtensionContext, log: vscode.LogOutputChannel): () => Promise<JudgeChoice> {
  // One judge per configuration, so its response cache survives re-evaluations.
  let cached: { identity: string; judge: OpenAIJudge } | undefined;

  return async () => {
    const config = settings.current.judge;
    if (config.kind === 'offline') return {};
    if (!vscode.workspace.isTrusted) {
      return { note: 'restricted mode: remote judges and endpoint settings are ignored; using the offline judge' };
    }
    // Loaded on first use: the `openai` client costs nothing at activation.
    const { DEFAULT_OPENAI_BASE_URL, OpenAIJudge } = await import('../core/judge/openai/index.js');
    const endpoint = config.baseUrl.trim() || DEFAULT_OPENAI_BASE_URL;
    const apiKey = await readApiKey(context.secrets);
    if (!apiKey && endpoint === DEFAULT_OPENAI_BASE_URL) {
      return { note: 'no API key set (Grounding: Set API Key); using the offline judge' };
    }
    const consentFor = `${endpoint} ${config.model}`;
    if (context.workspaceState.get<string>(CONSENT_KEY) !== consentFor) {
      const send = 'Send';
      const choice = await vscode.window.showWarningMessage(
        `Grounding Review will send this report's claims and the evidence lines relevant to them to ${endpoint} (model ${config.model}) to be judged.`,
        { modal: true, detail: 'Asked once per workspace and endpoint. Choose the offline judge to keep everything on this machine.' },
        send,
        'Use Offline Judge',
      );
      if (choice !== send) return { note: 'remote judge declined for this evaluation; using the offline judge' };
      await context.workspaceState.update(CONSENT_KEY, consentFor);
      log.info(`consent recorded: claims and relevant evidence may be sent to ${endpoint} (model ${config.model})`);
    }
    const identity = JSON.stringify([endpoint, config.model, config.timeoutSeconds, config.structuredOutput, apiKey ?? '']);
    if (cached?.identity !== identity) {
      cached = {
        identity,
        judge: new OpenAIJudge({
          model: config.model,
          apiKey,
          baseURL: endpoint,
          timeoutMs: config.timeoutSeconds * 1000,
          structuredOutput: config.structuredOutput,
          log: (line: string) => log.info(`judge: ${line}`),
        }),
      };
    }
    log.info(`remote judge: ${endpoint}, model ${config.model}`);
    return { judge: cached.judge };
  };
}
