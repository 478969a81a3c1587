// One place that builds the `openai` client for an OpenAI-compatible endpoint (OpenAI, Azure
// OpenAI's v1 endpoint, Ollama, vLLM, LM Studio, llama.cpp). Everything comes from the caller:
// the client must not pick up a key, base URL or organisation from the environment on its own,
// and must not log (its logs could carry request details).
import OpenAI from 'openai';

export interface OpenAIEndpointOptions {
  /** Model id, e.g. `gpt-4o-mini` or `llama3.1:8b`. */
  model: string;
  /** From SecretStorage (editor) or OPENAI_API_KEY (CLI). Local servers often need none. */
  apiKey?: string;
  /** Default https://api.openai.com/v1; a local server e.g. http://127.0.0.1:11434/v1. */
  baseURL?: string;
  organization?: string;
  /** Extra headers, e.g. for a gateway. Never put the API key here. */
  headers?: Record<string, string>;
  /** Per-request timeout (default 60 s). */
  timeoutMs?: number;
  /** Retries of 408/409/429/5xx and connection errors, with backoff (default 2). */
  maxRetries?: number;
}

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES = 2;

/** Placeholder sent to keyless local servers: the client insists on some credential. */
const NO_KEY = 'no-key';

export function createOpenAIClient(options: OpenAIEndpointOptions, fetchOverride?: typeof fetch): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey || NO_KEY,
    adminAPIKey: null,
    baseURL: options.baseURL || DEFAULT_OPENAI_BASE_URL,
    organization: options.organization ?? null,
    project: null,
    defaultHeaders: options.headers,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    logLevel: 'off',
    ...(fetchOverride ? { fetch: fetchOverride } : {}),
  });
}

/** Counts the HTTP requests a client makes (retries included) by wrapping fetch. */
export function countingFetch(counter: { requests: number }): typeof fetch {
  return (input, init) => {
    counter.requests += 1;
    return fetch(input, init);
  };
}

/** A one-line description of a failed call, with the API key masked wherever it appears. */
export function describeOpenAIError(error: unknown, apiKey?: string, timeoutMs?: number): string {
  let text: string;
  // The client's messages start with the bare status ("500 upstream …"): say it once, as HTTP n.
  if (error instanceof OpenAI.APIError && error.status !== undefined) text = `HTTP ${error.status}: ${error.message.replace(new RegExp(`^${error.status}\\s*`), '')}`;
  else if (error instanceof OpenAI.APIConnectionTimeoutError && timeoutMs !== undefined) text = `${error.message} (timeout ${timeoutMs} ms per request)`;
  else if (error instanceof Error) text = error.message;
  else text = String(error);
  return redactSecret(text, apiKey);
}

export function redactSecret(text: string, secret?: string): string {
  return secret && secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
}

/** The error an aborted call rethrows: the signal's reason when it is an Error, else an AbortError. */
export function abortErrorOf(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error(typeof reason === 'string' ? reason : 'The operation was aborted');
  error.name = 'AbortError';
  return error;
}

/** True for a 400 that names structured outputs, as servers without json_schema support answer. */
export function isStructuredOutputRefusal(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError) || (error.status !== 400 && error.status !== 422)) return false;
  const param = (error as { param?: unknown }).param;
  return param === 'response_format' || /response_format|json_schema|structured output|guided/i.test(error.message);
}

/** True for a 400 rejecting `temperature`, as models that only take their default answer. */
export function isTemperatureRefusal(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError) || error.status !== 400) return false;
  const param = (error as { param?: unknown }).param;
  return param === 'temperature' || /\btemperature\b/i.test(error.message);
}
