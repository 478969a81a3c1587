// Which judge an evaluation uses. Offline unless the settings ask for the OpenAI-compatible
// judge AND the workspace is trusted. The first remote call per workspace and endpoint says
// what will be sent where and needs a yes. The key comes from SecretStorage only.
import * as vscode from 'vscode';
import type { EstimatingJudge } from '../core/judge/hybrid';
import type { ClaimJudge } from '../core/review-types';
import { isLoopbackEndpoint } from '../core/judge/openai/config';
import { readApiKey } from './secrets';
import type { SettingsStore } from './settings';

const CONSENT_KEY = 'grounding.remoteJudgeConsent';

/** The judge a review runs with, or why the configured one could not be used. */
export interface JudgeChoice {
  judge?: ClaimJudge;
  /** The remote judge's endpoint (Evaluate and Repair regenerates through it). */
  endpoint?: { baseURL: string; model: string; apiKey?: string; timeoutMs: number };
  /**
   * Why the configured judge could not be used. Logged, and kept first among the review's judge
   * fallbacks, which the panel's Judge card and the audit show.
   */
  note?: string;
}

export function createJudgeChooser(settings: SettingsStore, context: vscode.ExtensionContext, log: vscode.LogOutputChannel): () => Promise<JudgeChoice> {
  // One LLM judge per endpoint configuration, so its response cache survives re-evaluations,
  // a change of the hybrid's cuts included (a new grounded cut re-judges every open review).
  let cached: { identity: string; llm: EstimatingJudge } | undefined;

  return async () => {
    const config = settings.current.judge;
    // (the endpoint of a remote judge is returned too: Evaluate and Repair rewrites through it)
    if (config.kind === 'offline') return {};
    if (!vscode.workspace.isTrusted) {
      return { note: 'restricted mode: remote judges and endpoint settings are ignored; using the offline judge' };
    }
    // Loaded on first use: the `openai` client costs nothing at activation.
    const { OpenAIJudge } = await import('../core/judge/openai/judge.js');
    const { DEFAULT_OPENAI_BASE_URL } = await import('../core/judge/openai/client.js');
    const { HybridJudge } = await import('../core/judge/hybrid.js');
    const endpoint = config.baseUrl.trim() || DEFAULT_OPENAI_BASE_URL;
    const apiKey = await readApiKey(context.secrets);
    if (!apiKey && endpoint === DEFAULT_OPENAI_BASE_URL) {
      return { note: 'no API key set (Grounding: Set API Key); using the offline judge' };
    }
    if (!(await ensureRemoteConsent(context, log, endpoint, config.model, "this report's claims and the evidence lines relevant to them", 'to be judged'))) {
      return { note: 'remote judge declined for this evaluation; using the offline judge' };
    }
    const { confidenceCut, groundedCut, ...endpointConfig } = config;
    const identity = JSON.stringify([endpointConfig, endpoint, apiKey ?? '']);
    if (cached?.identity !== identity) {
      const llm = new OpenAIJudge({
        model: config.model,
        apiKey,
        baseURL: endpoint,
        timeoutMs: config.timeoutSeconds * 1000,
        structuredOutput: config.structuredOutput,
        samples: config.samples,
        maxRetryWaitMs: config.maxRetryWaitSeconds * 1000,
        reviewDeadlineMs: config.reviewDeadlineSeconds * 1000,
        log: (line: string) => log.info(`judge: ${line}`),
      });
      cached = { identity, llm };
    }
    // The hybrid applies the grounded cut itself (its offline stage runs uncut): what it would withhold goes to the LLM.
    const judge = config.kind === 'hybrid' ? new HybridJudge({ llm: cached.llm, confidenceCut, groundedCut: groundedCut ?? undefined }) : cached.llm;
    log.info(`remote judge (${config.kind}): ${endpoint}, model ${config.model}`);
    return { judge, endpoint: { baseURL: endpoint, model: config.model, apiKey, timeoutMs: config.timeoutSeconds * 1000 } };
  };
}

/**
 * Asks once per workspace, endpoint and model before anything is sent there, saying what and
 * why. Returns false when the user declines (the caller then stays offline).
 */
export async function ensureRemoteConsent(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
  endpoint: string,
  model: string,
  what: string,
  why: string,
): Promise<boolean> {
  // A server on this machine (Ollama, vLLM, a test server) receives nothing that leaves it.
  if (isLoopbackEndpoint(endpoint)) return true;
  const consentFor = `${endpoint} ${model}`;
  const given = context.workspaceState.get<string[]>(CONSENT_KEY, []);
  if (Array.isArray(given) && given.includes(consentFor)) return true;
  const send = 'Send';
  const choice = await vscode.window.showWarningMessage(
    `Grounding Review will send ${what} to ${endpoint} (model ${model}) ${why}.`,
    { modal: true, detail: 'Asked once per workspace and endpoint. Decline to keep everything on this machine.' },
    send,
  );
  if (choice !== send) return false;
  await context.workspaceState.update(CONSENT_KEY, [...(Array.isArray(given) ? given : []), consentFor]);
  log.info(`consent recorded: ${what} may be sent to ${endpoint} (model ${model}) ${why}`);
  return true;
}


