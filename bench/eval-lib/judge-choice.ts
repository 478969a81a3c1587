// Which judge `npm run eval` runs: the offline judge by default, or — for whoever has an
// endpoint — `--judge llm|hybrid --base-url URL --model NAME [--samples K] [--confidence-cut C]`
// (key from OPENAI_API_KEY). Every case is judged through the product's review(); the ledger adds
// up what the endpoint was asked. Figures from an LLM run are printed, never written to docs/.
import { HybridJudge } from '../../src/core/judge/hybrid';
import { createOfflineJudge, type OfflineJudgeOptions } from '../../src/core/judge/offline';
import { OpenAIJudge, MemoryJudgeCache } from '../../src/core/judge/openai';
import type { ClaimJudge, ReviewResult } from '../../src/core/review-types';

export interface EvalJudgeSpec {
  kind: 'llm' | 'hybrid';
  baseURL: string;
  model: string;
  apiKey?: string;
  samples?: number;
  confidenceCut?: number;
}

export interface EvalLedger {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  cachedResponses: number;
  notJudged: number;
  fallbacks: number;
  startedAt: number;
}

let spec: EvalJudgeSpec | undefined;
let llm: OpenAIJudge | undefined;
export const ledger: EvalLedger = { requests: 0, promptTokens: 0, completionTokens: 0, cachedResponses: 0, notJudged: 0, fallbacks: 0, startedAt: 0 };

/** Splits `npm run eval` arguments into module filters and the judge options. */
export function parseEvalArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): { only: string[]; judge?: EvalJudgeSpec } {
  const only: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--split=')) continue;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      flags[name] = inline ?? argv[++i] ?? '';
    } else only.push(arg);
  }
  const kind = flags.judge;
  if (kind === undefined || kind === 'offline') return { only };
  if (kind !== 'llm' && kind !== 'hybrid') throw new Error(`--judge: expected offline, llm or hybrid, got ${JSON.stringify(kind)}`);
  const baseURL = flags['base-url'] ?? env.OPENAI_BASE_URL;
  if (!baseURL) throw new Error('--judge llm|hybrid needs --base-url URL (or OPENAI_BASE_URL)');
  const number = (name: string) => (flags[name] === undefined ? undefined : Number(flags[name]));
  return {
    only,
    judge: {
      kind,
      baseURL,
      model: flags.model ?? 'gpt-4o-mini',
      ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
      ...(number('samples') !== undefined ? { samples: number('samples') } : {}),
      ...(number('confidence-cut') !== undefined ? { confidenceCut: number('confidence-cut') } : {}),
    },
  };
}

/** Selects the judge for the rest of the run (undefined: back to the offline judge). */
export function useEvalJudge(next: EvalJudgeSpec | undefined): void {
  spec = next;
  llm = next ? new OpenAIJudge({ model: next.model, baseURL: next.baseURL, apiKey: next.apiKey, samples: next.samples, cache: new MemoryJudgeCache(100_000) }) : undefined;
  startLedger();
}

/** Starts the ledger afresh (each eval module reports its own cost). */
export function startLedger(): void {
  Object.assign(ledger, { requests: 0, promptTokens: 0, completionTokens: 0, cachedResponses: 0, notJudged: 0, fallbacks: 0, startedAt: Date.now() });
}

export function evalJudgeSpec(): EvalJudgeSpec | undefined {
  return spec;
}

/** The judge a case is reviewed with. */
export function evalJudge(options: OfflineJudgeOptions = {}): ClaimJudge {
  if (!spec || !llm) return createOfflineJudge(options);
  return spec.kind === 'llm' ? llm : new HybridJudge({ offline: createOfflineJudge({ ...options, groundedCut: 0 }), llm, confidenceCut: spec.confidenceCut, groundedCut: options.groundedCut });
}

export function record(result: ReviewResult): void {
  const usage = result.judge.usage;
  if (usage) {
    ledger.requests += usage.requests;
    ledger.promptTokens += usage.promptTokens;
    ledger.completionTokens += usage.completionTokens;
    ledger.cachedResponses += usage.cachedResponses;
  }
  ledger.notJudged += result.judge.notJudged ?? 0;
  ledger.fallbacks += result.judge.fallbacks.length;
}

/** The line under every table of an LLM run: what it cost and how long it took. */
export function ledgerLine(): string {
  if (!spec) return '';
  const seconds = ((Date.now() - ledger.startedAt) / 1000).toFixed(1);
  return (
    `Judge ${spec.kind} (model ${spec.model}${spec.samples ? `, ${spec.samples} samples` : ''}): ${ledger.requests} request(s), ` +
    `${ledger.promptTokens} prompt + ${ledger.completionTokens} completion tokens (as the endpoint reported), ${ledger.cachedResponses} cache hit(s), ` +
    `${ledger.fallbacks} fallback(s), ${ledger.notJudged} claim(s) not judged; wall time ${seconds} s. ` +
    'An accuracy figure here holds for this endpoint and model only.'
  );
}
