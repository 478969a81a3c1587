// The LLM judge over any OpenAI-compatible endpoint. Per chunk of claims: a strict JSON schema
// (structured outputs) → JSON extracted from plain text (servers without structured outputs)
// → the safe default with its reason. It never throws except on abort, and no claim is lost:
// a claim without a verdict stays in the result as ungrounded, saying why.
import type OpenAI from 'openai';
import {
  safeDefaultJudgeOutput,
  type EvidenceType,
  type JudgeOutput,
  type PartitionKey,
} from '../../model';
import type {
  ClaimJudge,
  ClaimJudgeInput,
  ClaimJudgement,
  EvidenceItem,
  JudgedClaim,
  JudgeUsage,
  ReportClaim,
} from '../../review-types';
import { judgeOutputFromClaims } from '../offline';
import { MemoryJudgeCache, chunkCacheKey, type JudgeCache } from './cache';
import { chunkClaims, mapWithConcurrency, retrievalEvidenceSelector, type EvidenceSelectionOptions } from './chunks';
import {
  DEFAULT_TIMEOUT_MS,
  abortErrorOf,
  countingFetch,
  createOpenAIClient,
  describeOpenAIError,
  isStructuredOutputRefusal,
  isTemperatureRefusal,
  redactSecret,
  type OpenAIEndpointOptions,
} from './client';
import { JUDGE_PROMPT_VERSION, JUDGE_SYSTEM_PROMPT, buildJudgeUserMessage } from './prompt';
import { extractJsonObject, judgeResponseFormat, parseWire, type JudgeWire } from './wire';

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
}

/** Evidence types whose grounding is, by definition, a specific item: without a valid ref they are not grounded. */
const ITEM_BOUND_TYPES: ReadonlySet<EvidenceType> = new Set(['tool_match', 'specific_data', 'signal_match']);

type ChunkOutcome =
  | { ok: true; wire: JudgeWire; dropped: string[]; fallbacks: string[]; warnings: string[] }
  | { ok: false; reason: string; fallbacks: string[]; warnings: string[] };

interface UsageCounter {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  cachedResponses: number;
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
    this.client = createOpenAIClient(options);
    this.cache = options.cache === undefined ? new MemoryJudgeCache() : options.cache;
    this.temperature = options.temperature ?? 0;
  }

  async judgeClaims(input: ClaimJudgeInput): Promise<ClaimJudgement> {
    input.signal?.throwIfAborted();
    const usage: UsageCounter = { requests: 0, promptTokens: 0, completionTokens: 0, cachedResponses: 0 };
    try {
      return await this.judgeAll(input, usage);
    } catch (error) {
      // Only an abort reaches the caller; any other surprise (a bug in retrieval, say) is the safe default.
      if (input.signal?.aborted) throw abortErrorOf(input.signal);
      const reason = `judge failed: ${error instanceof Error ? error.message : String(error)}`;
      return this.finish(input.claims.map((c) => unjudged(c, reason)), [], [], [], usage, { resolved: false, reason, failedAll: true });
    }
  }

  private async judgeAll(input: ClaimJudgeInput, usage: UsageCounter): Promise<ClaimJudgement> {
    const { claims, evidence, signal } = input;
    if (claims.length === 0) return this.finish([], [], [], [], usage, { resolved: true });
    if (evidence.length === 0) {
      const reason = 'no evidence items to judge against';
      return this.finish(claims.map((c) => unjudged(c, reason)), [], [], [], usage, { resolved: false, reason, failedAll: true });
    }

    const client = this.client.withOptions({ fetch: countingFetch(usage) });
    const select = retrievalEvidenceSelector(evidence, this.options.evidenceSelection);
    const chunks = chunkClaims(claims, this.options.claimsPerChunk ?? 12).map((chunkClaims) => ({ claims: chunkClaims, evidence: select(chunkClaims) }));
    const outcomes = await mapWithConcurrency(
      chunks,
      this.options.concurrency ?? 2,
      (chunk, index) => this.judgeChunk(client, chunk.claims, chunk.evidence, input.question, usage, signal, `${index + 1}/${chunks.length}`),
      signal,
    );

    const known = new Set(evidence.map((e) => e.id));
    const judged: JudgedClaim[] = [];
    const warnings: string[] = [];
    const fallbacks: string[] = [];
    const failures: string[] = [];
    const wires: Array<{ wire: JudgeWire; weight: number }> = [];
    outcomes.forEach((outcome, index) => {
      const chunk = chunks[index]!;
      fallbacks.push(...outcome.fallbacks);
      warnings.push(...outcome.warnings);
      if (!outcome.ok) {
        failures.push(outcome.reason);
        judged.push(...chunk.claims.map((c) => unjudged(c, outcome.reason)));
        return;
      }
      wires.push({ wire: outcome.wire, weight: chunk.claims.length });
      if (outcome.dropped.length > 0) {
        fallbacks.push(`dropped ${outcome.dropped.length} verdict(s) outside the schema`);
        warnings.push(...outcome.dropped.map((d) => `judge answer outside the schema, ignored: ${d}`));
      }
      judged.push(...mergeChunk(chunk.claims, outcome.wire, known, warnings));
    });

    const failedAll = failures.length === chunks.length;
    const abstains = wires.filter((w) => w.wire.decision_status === 'abstain').map((w) => w.wire.abstain_reason?.trim() || 'judge abstained');
    const reasons = [...(failures.length > 1 ? [`${failures.length} of ${chunks.length} chunks failed: ${failures[0]}`] : failures), ...abstains];
    return this.finish(judged, wires, dedupe(fallbacks), warnings, usage, {
      resolved: reasons.length === 0,
      reason: reasons.join('; '),
      failedAll,
    });
  }

  private async judgeChunk(
    client: OpenAI,
    claims: ReportClaim[],
    evidence: EvidenceItem[],
    question: string | undefined,
    usage: UsageCounter,
    signal: AbortSignal | undefined,
    label: string,
  ): Promise<ChunkOutcome> {
    const fallbacks: string[] = [];
    const warnings: string[] = [];
    const key = chunkCacheKey({ model: this.model, promptVersion: JUDGE_PROMPT_VERSION, temperature: this.temperature, question, claims, evidence });
    const cached = await this.cache?.get(key).catch(() => undefined);
    if (cached) {
      usage.cachedResponses += 1;
      this.log(`chunk ${label}: ${claims.length} claim(s), ${evidence.length} evidence item(s) → cached`);
      return { ok: true, wire: cached.wire, dropped: [], fallbacks, warnings };
    }

    const mode = this.options.structuredOutput ?? 'auto';
    let structured = mode === 'on' || (mode === 'auto' && !this.structuredRefused);
    if (mode === 'auto' && this.structuredRefused) fallbacks.push('structured output unsupported by the endpoint (an earlier request was refused); asked for JSON in plain text');
    if (this.temperatureRefused) fallbacks.push(`the model refused temperature ${this.temperature} earlier; sent none (the model's default)`);
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      // Each refusal below is learned once, so this asks at most three times.
      for (;;) {
        try {
          completion = await this.request(client, claims, evidence, question, structured, signal);
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
      if (signal?.aborted) throw abortErrorOf(signal);
      const reason = `judge model call failed: ${describeOpenAIError(error, this.options.apiKey, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS)}`;
      this.log(`chunk ${label}: ${reason}`);
      return { ok: false, reason, fallbacks, warnings };
    }

    const promptTokens = completion.usage?.prompt_tokens ?? 0;
    const completionTokens = completion.usage?.completion_tokens ?? 0;
    usage.promptTokens += promptTokens;
    usage.completionTokens += completionTokens;
    this.log(`chunk ${label}: ${claims.length} claim(s), ${evidence.length} evidence item(s) → ${promptTokens}+${completionTokens} tokens`);

    const parsed = this.parseAnswer(completion, structured, fallbacks);
    if (!parsed.ok) return { ok: false, reason: parsed.reason, fallbacks, warnings };
    const wire = parseWire(parsed.value);
    if (!wire.ok) return { ok: false, reason: `judge output parse failed: ${wire.reason}`, fallbacks, warnings };
    if (wire.dropped.length === 0) {
      // Only clean answers are cached: a partly dropped answer deserves a fresh try next run.
      await this.cache?.set(key, { wire: wire.value, promptTokens, completionTokens }).catch((error: unknown) => {
        warnings.push(`judge cache not written: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    return { ok: true, wire: wire.value, dropped: wire.dropped, fallbacks, warnings };
  }

  private request(
    client: OpenAI,
    claims: ReportClaim[],
    evidence: EvidenceItem[],
    question: string | undefined,
    structured: boolean,
    signal: AbortSignal | undefined,
  ): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    return client.chat.completions.create(
      {
        model: this.model,
        ...(this.temperatureRefused ? {} : { temperature: this.temperature }),
        messages: [
          { role: 'system', content: JUDGE_SYSTEM_PROMPT },
          { role: 'user', content: buildJudgeUserMessage({ claims, evidence, question, schemaInPrompt: !structured }) },
        ],
        ...(structured ? { response_format: judgeResponseFormat } : {}),
      },
      { signal },
    );
  }

  private parseAnswer(
    completion: OpenAI.Chat.Completions.ChatCompletion,
    structured: boolean,
    fallbacks: string[],
  ): { ok: true; value: unknown } | { ok: false; reason: string } {
    const choice = completion.choices[0];
    const message = choice?.message;
    if (message?.refusal) return { ok: false, reason: `judge model call failed: the model refused (${message.refusal})` };
    const content = message?.content ?? '';
    if (!content.trim()) return { ok: false, reason: 'judge output parse failed: empty answer' };
    try {
      return { ok: true, value: JSON.parse(content) };
    } catch {
      const extracted = extractJsonObject(content);
      if (!extracted.ok) {
        const truncated = choice?.finish_reason === 'length' ? ' (answer cut off at the token limit)' : '';
        return { ok: false, reason: `judge output parse failed: ${extracted.reason}${truncated}` };
      }
      if (structured) fallbacks.push('structured answer was not plain JSON; extracted the JSON object from the text');
      else fallbacks.push('parsed JSON from plain text');
      return extracted;
    }
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

/** A claim the judge gave no usable verdict: kept, ungrounded, with the reason. */
function unjudged(claim: ReportClaim, reason: string): JudgedClaim {
  return { ...claim, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason };
}

/** Matches a chunk's verdicts to its claims by id; anything that matches nothing is reported. */
function mergeChunk(claims: ReportClaim[], wire: JudgeWire, known: ReadonlySet<string>, warnings: string[]): JudgedClaim[] {
  const byId = new Map(claims.map((c) => [c.id, c]));
  const verdicts = new Map<string, JudgedClaim>();
  for (const verdict of wire.verdicts) {
    const claim = byId.get(verdict.claim_id);
    if (!claim) {
      warnings.push(`judge returned a verdict for unknown claim id ${JSON.stringify(verdict.claim_id)} (${verdict.partition}: ${verdict.reason}); not used`);
      continue;
    }
    if (verdicts.has(claim.id)) {
      warnings.push(`judge returned more than one verdict for ${claim.id}; kept the first`);
      continue;
    }
    verdicts.set(claim.id, checkedVerdict(claim, verdict, known, warnings));
  }
  // Atomic parts refine their parent rather than stand beside it: a part never becomes a claim of
  // its own (no double count, no overlapping spans), and the parent is no stronger than its weakest part.
  const parts = new Map<string, JudgedClaim[]>();
  for (const sub of wire.sub_claims) {
    const parent = byId.get(sub.parent_id);
    if (!parent) {
      warnings.push(`judge returned a sub-claim for unknown claim id ${JSON.stringify(sub.parent_id)}: ${JSON.stringify(sub.text)}; not used`);
      continue;
    }
    parts.set(parent.id, [...(parts.get(parent.id) ?? []), checkedVerdict({ ...parent, text: sub.text }, sub, known, warnings)]);
  }
  return claims.map((claim) => withParts(claim, verdicts.get(claim.id), parts.get(claim.id) ?? []));
}

/** How far a bucket is from grounded: the weakest part decides. */
const WEAKNESS: Record<PartitionKey, number> = { grounded: 0, complementary: 1, ungrounded: 2, contradicted: 3 };

function withParts(claim: ReportClaim, own: JudgedClaim | undefined, pieces: JudgedClaim[]): JudgedClaim {
  if (pieces.length === 0) return own ?? unjudged(claim, 'judge returned no verdict');
  const summary = pieces
    .map((part) => `${JSON.stringify(part.text)} ${part.partition}${part.evidence_refs.length > 0 ? ` (${part.evidence_refs.join(', ')})` : ''}`)
    .join('; ');
  const weakest = pieces.reduce((a, b) => (WEAKNESS[b.partition] > WEAKNESS[a.partition] ? b : a));
  if (!own) {
    const refs = [...new Set(pieces.flatMap((part) => part.evidence_refs))];
    return { ...claim, partition: weakest.partition, type: weakest.type, evidence_refs: refs, reason: `judged by its parts, the weakest decides: ${summary}` };
  }
  if (WEAKNESS[weakest.partition] > WEAKNESS[own.partition]) {
    return { ...own, partition: weakest.partition, type: weakest.type, reason: `${own.reason} — but a part is ${weakest.partition}: ${summary}` };
  }
  return { ...own, reason: `${own.reason} — parts: ${summary}` };
}

/** Keeps only refs to real evidence items; an item-bound grounded claim citing none is not grounded. */
function checkedVerdict(
  claim: ReportClaim,
  verdict: { partition: PartitionKey; type: EvidenceType; evidence_refs: string[]; reason: string },
  known: ReadonlySet<string>,
  warnings: string[],
): JudgedClaim {
  const refs = [...new Set(verdict.evidence_refs)].filter((ref) => known.has(ref));
  const unknownRefs = verdict.evidence_refs.filter((ref) => !known.has(ref));
  if (unknownRefs.length > 0) warnings.push(`${claim.id}: judge cited unknown evidence id(s) ${unknownRefs.join(', ')}; removed`);
  if (verdict.partition === 'grounded' && refs.length === 0 && ITEM_BOUND_TYPES.has(verdict.type)) {
    warnings.push(`${claim.id}: judged grounded (${verdict.type}) without citing an evidence item; counted as ungrounded`);
    return { ...claim, partition: 'ungrounded', type: verdict.type, evidence_refs: [], reason: `no evidence item cited (judge said: ${verdict.reason})` };
  }
  return { ...claim, partition: verdict.partition, type: verdict.type, evidence_refs: refs, reason: verdict.reason };
}

/**
 * The judge contract output (gsar.md §7) for merged claims: the partition as the offline judge
 * builds it, with the model's own audit fields (its score, gaps, explanation) in place of counts.
 */
function mergedJudgeOutput(
  claims: readonly JudgedClaim[],
  wires: ReadonlyArray<{ wire: JudgeWire; weight: number }>,
  abstainReason?: string,
): JudgeOutput {
  const abstain = abstainReason !== undefined && abstainReason.trim().length > 0;
  const base = judgeOutputFromClaims(claims, abstain ? abstainReason : undefined);
  if (wires.length === 0) return base;
  const totalWeight = wires.reduce((sum, w) => sum + w.weight, 0);
  const clamp = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0.5);
  const text = (key: 'verification_reason' | 'explanation') => wires.map((w) => w.wire[key].trim()).filter(Boolean).join(' ');
  return {
    ...base,
    grounding_score: wires.reduce((sum, w) => sum + clamp(w.wire.grounding_score) * w.weight, 0) / totalWeight,
    gaps: wires.flatMap((w) => w.wire.gaps),
    contradictions: wires.flatMap((w) => w.wire.contradictions),
    verification_needed: abstain || wires.some((w) => w.wire.verification_needed),
    verification_reason: text('verification_reason') || base.verification_reason,
    explanation: [abstain ? `Abstained: ${abstainReason}.` : '', text('explanation')].filter(Boolean).join(' ') || base.explanation,
  };
}

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}
