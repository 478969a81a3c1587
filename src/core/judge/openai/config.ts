// Which judge runs, decided the same way by the CLI and the editor: the OpenAI-compatible judge
// when it has somewhere to go (an API key, or a base URL of a keyless local server), else the
// offline judge — with a notice saying so, never a failure for lack of a key.
import type { OpenAIJudgeOptions, StructuredOutputMode } from './judge';

export const DEFAULT_JUDGE_MODEL = 'gpt-4o-mini';

export interface JudgeChoiceInput {
  /** What the user asked for (`--judge`, `grounding.judge.kind`); default offline. */
  requested?: string;
  /** From OPENAI_API_KEY (CLI) or SecretStorage (editor); never from settings. */
  apiKey?: string;
  baseURL?: string;
  model?: string;
  structuredOutput?: StructuredOutputMode;
  timeoutMs?: number;
  maxRetries?: number;
  temperature?: number;
}

export type JudgeChoice =
  | { kind: 'offline'; notice?: string }
  | { kind: 'openai'; options: OpenAIJudgeOptions; notice: string };

export function chooseJudge(input: JudgeChoiceInput): JudgeChoice {
  if ((input.requested ?? 'offline') !== 'openai') return { kind: 'offline' };
  const apiKey = input.apiKey?.trim() || undefined;
  const baseURL = input.baseURL?.trim() || undefined;
  if (!apiKey && !baseURL) {
    return { kind: 'offline', notice: 'no API key and no base URL configured: using the offline judge instead of the OpenAI judge' };
  }
  const model = input.model?.trim() || DEFAULT_JUDGE_MODEL;
  const options: OpenAIJudgeOptions = {
    model,
    ...(apiKey ? { apiKey } : {}),
    ...(baseURL ? { baseURL } : {}),
    ...(input.structuredOutput ? { structuredOutput: input.structuredOutput } : {}),
    ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {}),
    ...(input.maxRetries !== undefined ? { maxRetries: input.maxRetries } : {}),
    ...(input.temperature !== undefined ? { temperature: input.temperature } : {}),
  };
  // Says where requests go and whether a key is sent, never the key itself.
  return { kind: 'openai', options, notice: `judge: openai, model ${model} at ${baseURL ?? 'https://api.openai.com/v1'}${apiKey ? '' : ' (no API key sent)'}` };
}

/**
 * Whether an endpoint stays on this machine, so sending to it needs no consent: localhost, the
 * 127/8 block, ::1, IPv4-mapped ::ffff:127.x.y.z, and 0.0.0.0 (which clients reach as the local host).
 */
export function isLoopbackEndpoint(endpoint: string): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '0.0.0.0') return true;
  if (/^127(?:\.\d{1,3}){3}$/.test(host)) return true;
  // The URL parser writes ::ffff:127.0.0.1 as [::ffff:7f00:1]: the mapped address's first byte is 0x7f.
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}\]$/.exec(host);
  return mapped !== null && (parseInt(mapped[1]!, 16) >> 8) === 0x7f;
}
