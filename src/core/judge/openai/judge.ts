// The LLM judge over any OpenAI-compatible endpoint. Per chunk of claims: a strict JSON schema
// (structured outputs) → JSON extracted from plain text (servers without structured outputs)
// → the safe default with its reason. It never throws except on abort, and no claim is lost:
// a claim without a valid verdict stays in the result, ungrounded and marked not judged.
// `estimate()` plans the same requests without sending any (the dry run and the editor's notice).
import type OpenAI from 'openai';
import { safeDefaultJudgeOutput, type JudgeOutput } from '../../model';
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, EvidenceItem, JudgedClaim, JudgeUsage, ReportClaim } from '../../review-types';
import { MemoryJudgeCache, chunkCacheKey, type JudgeCache } from './cache';
import { chunkClaims, mapWithConcurrency, retrievalEvidenceSelector, type EvidenceSelectionOptions } from './chunks';
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  abortErrorOf,
  createOpenAIClient,
  describeOpenAIError,
  isStructuredOutputRefusal,
  isTemperatureRefusal,
  redactSecret,
  type OpenAIEndpointOptions,
} from './client';
import { claimPassages, type ClaimPassages } from './context';
import { capWire, combineSamples, dedupe, mergeChunk, mergedJudgeOutput, unjudged } from './merge';
import { addPromptTokenParts, noPromptTokenParts, promptTokenParts, type EstimateOptions, type JudgeEstimate } from './estimate';
import { JUDGE_PROMPT_VERSION, judgeSystemPromptFor, judgeUserMessage, type JudgeUserMessage } from './prompt';
import { TOKEN_ENCODING, countPromptTokens, type ChatText } from './tokens';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_RETRY_WAIT_MS,
  DEFAULT_REVIEW_DEADLINE_MS,
  DeadlineError,
  describeNonCompletion,
  guardedFetch,
  isChatCompletion,
  withRetries,
} from './transport';
import { answerJson, jsonSchemaTextFor, parseWire, responseFormatFor, type JudgeAsk, type JudgeWire } from './wire';

export type { EstimateOptions, JudgeEstimate } from './estimate';

export type StructuredOutputMode = 'auto' | 'on' | 'off';

export interface OpenAIJudgeOptions extends OpenAIEndpointOptions {
  /** Default 0: a judge should be repeatable. */
  temperature?: number;
  /** auto: try a strict json_schema, fall back to JSON in text on a 400 about it; on: schema only; off: text only. */
  structuredOutput?: StructuredOutputMode;
  /** Claims per request (default 12). */
  claimsPerChunk?: number;
  /** Requests in flight at once (default 2). */
  concurrency?: number;
  evidenceSelection?: EvidenceSelectionOptions;
  /** Default: an in-memory cache owned by this judge; null disables caching. */
  cache?: JudgeCache | null;
  /** Progress lines (never containing the key or report text). */
  log?: (line: string) => void;
  /** Each chunk judged this many times (default 1); verdicts are combined with their agreement. */
  samples?: number;
  /** The longest wait a server's Retry-After may ask for (default 30 s). */
  maxRetryWaitMs?: number;
  /** No request starts or waits beyond this much time from the start of a judgement (default 15 min). */
  reviewDeadlineMs?: number;
  /** Answers larger than this are not read (default 4 MiB). */
  maxResponseBytes?: number;
}

type ChunkOutcome =
  | { ok: true; wire: JudgeWire; dropped: string[]; fallbacks: string[]; warnings: string[] }
  | { ok: false; reason: string; fallbacks: string[]; warnings: string[] };

interface UsageCounter {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  cachedResponses: number;
}

interface JudgeTask {
  chunk: number;
  sample: number;
  ask: JudgeAsk;
  claims: ReportClaim[];
  evidence: EvidenceItem[];
  passages: ClaimPassages;
  key: string;
}

export class OpenAIJudge implements ClaimJudge {
  readonly kind = 'openai';
  readonly model: string;
  private readonly client: OpenAI;
  private readonly cache: JudgeCache | null;
  private readonly temperature: number;
  /** Learned in `auto` mode: once an endpoint refuses json_schema, later chunks skip straight to text. */
  private structuredRefused = false;
  /** Learned: the model rejects a temperature other than its default. */
  private temperatureRefused = false;

  constructor(private readonly options: OpenAIJudgeOptions) {
    this.model = options.model;
    // Retries are ours (transport.ts): the client's would obey any Retry-After, unabortably.
    this.client = createOpenAIClient({ ...options, maxRetries: 0 });
    this.cache = options.cache === undefined ? new MemoryJudgeCache() : options.cache;
    this.temperature = options.temperature ?? 0;
  }

  get samples(): number {
    return Math.max(1, Math.floor(this.options.samples ?? 1));
  }

  /** `ask: 'verdicts'` asks for the claim verdicts only; the judgement's summary is then built from the claims. */
  async judgeClaims(input: ClaimJudgeInput, ask: JudgeAsk = 'full'): Promise<ClaimJudgement> {
    input.signal?.throwIfAborted();
    const usage: UsageCounter = { requests: 0, promptTokens: 0, completionTokens: 0, cachedResponses: 0 };
    try {
      return await this.judgeAll(input, ask, usage);
    } catch (error) {
      // Only an abort reaches the caller; any other surprise (a bug in retrieval, say) is the safe default.
      if (input.signal?.aborted) throw abortErrorOf(input.signal);
      const reason = `judge failed: ${error instanceof Error ? error.message : String(error)}`;
      return this.finish(input.claims.map((c) => unjudged(c, reason)), [], [], [], usage, { resolved: false, reason, failedAll: true });
    }
  }

  /** The requests a judgement of `input` would make, and their prompt tokens; reads the cache, sends nothing. */
  async estimate(input: ClaimJudgeInput, ask: JudgeAsk = 'full', options: EstimateOptions = {}): Promise<JudgeEstimate> {
    const estimate: JudgeEstimate = { claims: input.claims.length, requests: 0, cachedRequests: 0, promptTokens: 0, repeatedTokens: 0, encoding: TOKEN_ENCODING, perRequest: [] };
    if (options.parts) estimate.parts = noPromptTokenParts();
    if (input.claims.length === 0 || input.evidence.length === 0) return estimate;
    const structured = this.structuredFirst();
    // The schema travels as response_format or, without structured outputs, inside the prompt: repeated either way.
    const schema = jsonSchemaTextFor(ask);
    const repeated = await countPromptTokens([{ role: 'system', content: judgeSystemPromptFor(ask) }], schema);
    for (const task of this.plan(input, ask)) {
      if (await this.cache?.get(task.key).catch(() => undefined)) {
        estimate.cachedRequests += 1;
        continue;
      }
      estimate.requests += 1;
      estimate.perRequest.push(task.claims.map((c) => c.id));
      estimate.repeatedTokens += repeated;
      const user = this.userMessage(task, input.question, structured);
      const tokens = await countPromptTokens(this.messages(task, user), structured ? schema : '');
      estimate.promptTokens += tokens;
      if (estimate.parts) addPromptTokenParts(estimate.parts, await promptTokenParts(judgeSystemPromptFor(ask), user, schema, tokens));
    }
    return estimate;
  }

  /** Every request of a judgement: chunks of claims with their evidence and passages, once per sample. */
  private plan(input: ClaimJudgeInput, ask: JudgeAsk): JudgeTask[] {
    const select = retrievalEvidenceSelector(input.evidence, this.options.evidenceSelection);
    const chunks = chunkClaims(input.claims, this.options.claimsPerChunk ?? 12).map((claims) => {
      const passages = claimPassages(input.report, claims);
      return { claims, evidence: select(claims, passages), passages };
    });
    const tasks: JudgeTask[] = [];
    for (let sample = 0; sample < this.samples; sample++) {
      chunks.forEach((chunk, index) => {
        const key = chunkCacheKey({
          model: this.model,
          promptVersion: JUDGE_PROMPT_VERSION,
          ask,
          temperature: this.temperature,
          question: input.question,
          claims: chunk.claims,
          evidence: chunk.evidence,
          passages: chunk.passages.passages,
          passageOf: chunk.passages.byClaim,
          sample,
        });
        tasks.push({ chunk: index, sample, ask, ...chunk, key });
      });
    }
    return tasks;
  }

  private structuredFirst(): boolean {
    const mode = this.options.structuredOutput ?? 'auto';
    return mode === 'on' || (mode === 'auto' && !this.structuredRefused);
  }

  private userMessage(task: JudgeTask, question: string | undefined, structured: boolean): JudgeUserMessage {
    return judgeUserMessage({ claims: task.claims, evidence: task.evidence, passages: task.passages, question, schemaInPrompt: !structured, ask: task.ask });
  }

  private messages(task: JudgeTask, user: JudgeUserMessage): ChatText[] {
    return [
      { role: 'system', content: judgeSystemPromptFor(task.ask) },
      { role: 'user', content: user.text },
    ];
  }

  private async judgeAll(input: ClaimJudgeInput, ask: JudgeAsk, usage: UsageCounter): Promise<ClaimJudgement> {
    const { claims, evidence, signal } = input;
    if (claims.length === 0) return this.finish([], [], [], [], usage, { resolved: true });
    if (evidence.length === 0) {
      const reason = 'no evidence items to judge against';
      return this.finish(claims.map((c) => unjudged(c, reason)), [], [], [], usage, { resolved: false, reason, failedAll: true });
    }

    const deadlineMs = this.options.reviewDeadlineMs ?? DEFAULT_REVIEW_DEADLINE_MS;
    const deadlineAt = Date.now() + deadlineMs;
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const client = this.client.withOptions({
      fetch: guardedFetch({ counter: usage, timeoutMs, maxResponseBytes: this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES }),
      maxRetries: 0,
    });
    const tasks = this.plan(input, ask);
    const outcomes = await mapWithConcurrency(
      tasks,
      this.options.concurrency ?? 2,
      (task, index) => this.judgeTask(client, task, input.question, usage, { signal, deadlineAt, deadlineMs }, `${index + 1}/${tasks.length}`),
      signal,
    );

    const known = new Set(evidence.map((e) => e.id));
    const warnings: string[] = [];
    const fallbacks: string[] = [];
    const failures: string[] = [];
    const wires: Array<{ wire: JudgeWire; weight: number }> = [];
    const bySample: JudgedClaim[][] = Array.from({ length: this.samples }, () => []);
    outcomes.forEach((outcome, index) => {
      const task = tasks[index]!;
      fallbacks.push(...outcome.fallbacks);
      warnings.push(...outcome.warnings);
      if (!outcome.ok) {
        failures.push(outcome.reason);
        bySample[task.sample]!.push(...task.claims.map((c) => unjudged(c, outcome.reason)));
        return;
      }
      if (task.sample === 0) wires.push({ wire: outcome.wire, weight: task.claims.length });
      if (outcome.dropped.length > 0) {
        fallbacks.push(`dropped ${outcome.dropped.length} verdict(s) outside the schema`);
        warnings.push(...outcome.dropped.map((d) => `judge answer outside the schema, ignored: ${d}`));
      }
      bySample[task.sample]!.push(...mergeChunk(task.claims, outcome.wire, known, warnings));
    });
    const judged = combineSamples(bySample, claims);

    const failedAll = failures.length === tasks.length;
    const abstains = wires.filter((w) => w.wire.decision_status === 'abstain').map((w) => w.wire.abstain_reason?.trim() || 'judge abstained');
    const reasons = [...(failures.length > 1 ? [`${failures.length} of ${tasks.length} requests failed: ${failures[0]}`] : failures), ...abstains];
    // A `verdicts` answer has no summary to merge: the judgement's summary comes from the claims.
    return this.finish(judged, ask === 'full' ? wires : [], dedupe(fallbacks), warnings, usage, {
      resolved: reasons.length === 0,
      reason: reasons.join('; '),
      failedAll,
    });
  }

  private async judgeTask(
    client: OpenAI,
    task: JudgeTask,
    question: string | undefined,
    usage: UsageCounter,
    limits: { signal?: AbortSignal; deadlineAt: number; deadlineMs: number },
    label: string,
  ): Promise<ChunkOutcome> {
    const { claims, evidence } = task;
    const fallbacks: string[] = [];
    const warnings: string[] = [];
    const cached = await this.cache?.get(task.key).catch(() => undefined);
    if (cached) {
      usage.cachedResponses += 1;
      this.log(`chunk ${label}: ${claims.length} claim(s), ${evidence.length} evidence item(s) → cached`);
      return { ok: true, wire: cached.wire, dropped: [], fallbacks, warnings };
    }

    const mode = this.options.structuredOutput ?? 'auto';
    let structured = this.structuredFirst();
    if (mode === 'auto' && this.structuredRefused) fallbacks.push('structured output unsupported by the endpoint (an earlier request was refused); asked for JSON in plain text');
    if (this.temperatureRefused) fallbacks.push(`the model refused temperature ${this.temperature} earlier; sent none (the model's default)`);
    // The deadline aborts a request in flight as well as the waits between attempts.
    const remaining = Math.max(0, limits.deadlineAt - Date.now());
    const deadline = AbortSignal.timeout(remaining);
    const signal = limits.signal ? AbortSignal.any([limits.signal, deadline]) : deadline;
    let completion: unknown;
    try {
      // Each refusal below is learned once, so this asks at most three times (plus retries of transient errors).
      for (;;) {
        try {
          completion = await withRetries(() => this.request(client, task, question, structured, signal), {
            maxRetries: this.options.maxRetries ?? DEFAULT_MAX_RETRIES,
            maxRetryWaitMs: this.options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS,
            deadlineAt: limits.deadlineAt,
            signal,
            onRetry: (waitMs, error) => this.log(`chunk ${label}: ${describeOpenAIError(error, this.options.apiKey)}; retrying in ${Math.round(waitMs)} ms`),
          });
          break;
        } catch (error) {
          if (structured && mode === 'auto' && isStructuredOutputRefusal(error)) {
            this.structuredRefused = true;
            structured = false;
            fallbacks.push(`structured output unsupported by the endpoint (${describeOpenAIError(error, this.options.apiKey)}); asked for JSON in plain text`);
          } else if (!this.temperatureRefused && isTemperatureRefusal(error)) {
            // Reasoning models accept only their default temperature.
            this.temperatureRefused = true;
            fallbacks.push(`the model refused temperature ${this.temperature}; sent none (the model's default)`);
          } else {
            throw error;
          }
        }
      }
    } catch (error) {
      if (limits.signal?.aborted) throw abortErrorOf(limits.signal);
      const deadlineHit = error instanceof DeadlineError || deadline.aborted;
      const reason = deadlineHit
        ? `judge model call failed: review deadline of ${Math.round(limits.deadlineMs / 1000)} s: ${redactSecret(error instanceof DeadlineError ? error.message : 'the request was still running', this.options.apiKey)}`
        : `judge model call failed: ${describeOpenAIError(error, this.options.apiKey, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS)}`;
      this.log(`chunk ${label}: ${reason}`);
      return { ok: false, reason, fallbacks, warnings };
    }
    if (!isChatCompletion(completion)) {
      return { ok: false, reason: `judge model call failed: ${describeNonCompletion(completion)}`, fallbacks, warnings };
    }

    const promptTokens = completion.usage?.prompt_tokens ?? 0;
    const completionTokens = completion.usage?.completion_tokens ?? 0;
    usage.promptTokens += promptTokens;
    usage.completionTokens += completionTokens;
    this.log(`chunk ${label}: ${claims.length} claim(s), ${evidence.length} evidence item(s) → ${promptTokens}+${completionTokens} tokens`);

    const parsed = answerJson(completion, structured, fallbacks);
    if (!parsed.ok) return { ok: false, reason: parsed.reason, fallbacks, warnings };
    const wire = parseWire(parsed.value, task.ask);
    if (!wire.ok) return { ok: false, reason: `judge output parse failed: ${wire.reason}`, fallbacks, warnings };
    const value = capWire(wire.value);
    if (wire.dropped.length === 0) {
      // Only clean answers are cached: a partly dropped answer deserves a fresh try next run.
      await this.cache?.set(task.key, { wire: value, promptTokens, completionTokens }).catch((error: unknown) => {
        warnings.push(`judge cache not written: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    return { ok: true, wire: value, dropped: wire.dropped, fallbacks, warnings };
  }

  private request(client: OpenAI, task: JudgeTask, question: string | undefined, structured: boolean, signal: AbortSignal): Promise<unknown> {
    return client.chat.completions.create(
      {
        model: this.model,
        ...(this.temperatureRefused ? {} : { temperature: this.temperature }),
        messages: this.messages(task, this.userMessage(task, question, structured)),
        ...(structured ? { response_format: responseFormatFor(task.ask) } : {}),
      },
      { signal },
    );
  }

  private finish(
    claims: JudgedClaim[],
    wires: Array<{ wire: JudgeWire; weight: number }>,
    fallbacks: string[],
    warnings: string[],
    usage: UsageCounter,
    status: { resolved: boolean; reason?: string; failedAll?: boolean },
  ): ClaimJudgement {
    const judgeUsage: JudgeUsage = {
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      totalTokens: usage.promptTokens + usage.completionTokens,
      requests: usage.requests,
      cachedResponses: usage.cachedResponses,
    };
    // Whatever an endpoint or a model echoed back, the key never leaves in a result.
    const redact = (text: string) => redactSecret(text, this.options.apiKey);
    const reason = redact(status.reason ?? '');
    claims = claims.map((claim) => ({ ...claim, reason: redact(claim.reason) }));
    const merged = status.failedAll ? safeDefaultJudgeOutput(reason) : mergedJudgeOutput(claims, wires, status.resolved ? undefined : reason);
    const output: JudgeOutput = {
      ...merged,
      gaps: merged.gaps.map(redact),
      contradictions: merged.contradictions.map(redact),
      verification_reason: redact(merged.verification_reason),
      explanation: redact(merged.explanation),
    };
    if (status.failedAll) fallbacks = [...fallbacks, `safe default: ${reason}`];
    return { claims, output, fallbacks: dedupe(fallbacks.map(redact)), warnings: warnings.map(redact), model: this.model, usage: judgeUsage };
  }

  private log(line: string): void {
    this.options.log?.(`openai judge (${this.model}): ${line}`);
  }
}

