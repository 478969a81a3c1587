// What bounds one judge call, whatever the endpoint does: the per-request timeout runs until the
// last byte of the body (the client's own timer stops at the headers), an answer larger than a
// cap is cut off, and retries are ours — a server's Retry-After is obeyed only up to a cap and
// never past the review's deadline (the client would sleep as long as it is told, unabortably).
import OpenAI from 'openai';
import { describeOpenAIError } from './client';

export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
export const DEFAULT_MAX_RETRY_WAIT_MS = 30_000;
export const DEFAULT_REVIEW_DEADLINE_MS = 15 * 60_000;

/** The request took longer than its timeout, headers and body together. */
export class ResponseTimeoutError extends Error {
  override name = 'ResponseTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms (timeout per request, body included)`);
  }
}

/** The answer grew past the size cap; it is not read further. */
export class ResponseTooLargeError extends Error {
  override name = 'ResponseTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes; not read further`);
  }
}

/** The review's deadline would pass before the next attempt. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

export interface GuardedFetchOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** Counts every HTTP request made (retries included). */
  counter: { requests: number };
}

/** A fetch whose timeout covers the body and whose body is size-capped. */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  return async (input, init) => {
    options.counter.requests += 1;
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new ResponseTimeoutError(options.timeoutMs)), options.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal;
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal });
    } catch (error) {
      clearTimeout(timeout);
      throw timer.signal.aborted ? timer.signal.reason : error;
    }
    if (!response.body) {
      clearTimeout(timeout);
      return response;
    }
    let bytes = 0;
    const capped = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          if (bytes > options.maxResponseBytes) {
            clearTimeout(timeout);
            timer.abort(new ResponseTooLargeError(options.maxResponseBytes));
            controller.error(new ResponseTooLargeError(options.maxResponseBytes));
          } else controller.enqueue(chunk);
        },
        flush() {
          clearTimeout(timeout);
        },
      }),
    );
    return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

export interface RetryPolicy {
  maxRetries: number;
  maxRetryWaitMs: number;
  /** Epoch ms after which no attempt starts and no wait ends. */
  deadlineAt: number;
  signal?: AbortSignal;
  onRetry?: (waitMs: number, error: unknown) => void;
}

/** Runs `call`, retrying 408/409/429/5xx, connection errors and timeouts with capped waits. */
export async function withRetries<T>(call: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (Date.now() >= policy.deadlineAt) throw new DeadlineError('the review deadline passed before the request could start');
    try {
      return await call();
    } catch (error) {
      if (policy.signal?.aborted || attempt >= policy.maxRetries || !isRetryable(error)) throw error;
      const wait = Math.min(retryWaitMs(error, attempt), policy.maxRetryWaitMs);
      if (Date.now() + wait >= policy.deadlineAt) {
        throw new DeadlineError(`${describeOpenAIError(error)}; not retried: waiting ${Math.round(wait / 1000)} s would pass the review deadline`);
      }
      policy.onRetry?.(wait, error);
      await sleep(wait, policy.signal);
    }
  }
}

function isRetryable(error: unknown): boolean {
  if (error instanceof ResponseTimeoutError) return true;
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return false;
}

/** The server's Retry-After (ms or seconds or an HTTP date), else exponential backoff from 0.5 s to 8 s. */
export function retryWaitMs(error: unknown, attempt: number): number {
  const headers = error instanceof OpenAI.APIError ? error.headers : undefined;
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers?.get('retry-after');
  if (after) {
    const seconds = Number.parseFloat(after);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return Math.min(500 * 2 ** attempt, 8000) * (1 - Math.random() * 0.25);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A chat completion, as opposed to an HTML page or any other body a proxy answers 200 with. */
export function isChatCompletion(value: unknown): value is OpenAI.Chat.Completions.ChatCompletion {
  return value !== null && typeof value === 'object' && Array.isArray((value as { choices?: unknown }).choices);
}

/** A plain reason for a 200 that is not a chat completion. */
export function describeNonCompletion(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  const start = text.replace(/\s+/g, ' ').trim().slice(0, 60);
  return `the endpoint answered with something that is not a chat completion (${typeof value === 'string' ? 'text' : typeof value} starting ${JSON.stringify(start)})`;
}

/** A text cut to `max` characters, saying so. */
export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [cut at ${max} characters]`;
}
