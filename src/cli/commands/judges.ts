// The judges the CLI can run (the table `review`, `hook` and `mcp` pick from by --judge), their
// LLM-side options (--model, --base-url, --samples, --max-retry-wait, --deadline, --confidence-cut…),
// the hybrid judge, and `--dry-run`: what a review would send, planned by the same code as the
// real run and priced with a real tokenizer, with no network connection at all. Which judge
// --judge names and the grounded cut (--grounded-cut) are in verdict-options.ts, which the MCP
// server with the default offline judge takes without this file.
import { resolve } from 'node:path';
import { createOfflineJudge } from '../../core/judge/offline';
import { DEFAULT_CONFIDENCE_CUT, HybridJudge } from '../../core/judge/hybrid';
import { DirectoryJudgeCache, LayeredJudgeCache, MemoryJudgeCache } from '../../core/judge/openai/cache';
import { DEFAULT_JUDGE_MODEL, chooseJudge, type JudgeChoice } from '../../core/judge/openai/config';
import { OpenAIJudge, type JudgeEstimate, type OpenAIJudgeOptions, type StructuredOutputMode } from '../../core/judge/openai/judge';
import { parseEvidenceSources } from '../../core/evidence';
import type { ClaimJudge, ClaimJudgeInput, EvidenceSource } from '../../core/review-types';
import { segmentReport } from '../../core/segment';
import { CliError, parseNumberOption, type CliIo } from '../args';
import { createCliOfflineJudge, groundedCutUsage, type VerdictOptions } from './verdict-options';

export interface JudgeCliValues {
  samples?: string;
  'max-retry-wait'?: string;
  deadline?: string;
  'confidence-cut'?: string;
  'grounded-cut'?: string;
}

/** The options the LLM judge and the loop read. */
export interface LlmCliValues extends JudgeCliValues {
  model?: string;
  'base-url'?: string;
  'structured-output'?: string;
  timeout?: string;
  'cache-dir'?: string;
  out?: string;
  'replan-command'?: string;
  'replan-timeout'?: string;
  'regenerate-model'?: string;
  'k-max'?: string;
  'rounds-cap'?: string;
}

export const JUDGE_CLI_OPTIONS = {
  'grounded-cut': { type: 'string' },
  samples: { type: 'string' },
  'max-retry-wait': { type: 'string' },
  deadline: { type: 'string' },
  'confidence-cut': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

export const judgeUsage = `Trusted green marks (--judge offline|hybrid):
${groundedCutUsage}

Hybrid judge, stability and cost (--judge llm|openai|hybrid):
  --judge hybrid       the offline judge first; claims it decides with confidence ≥ the cut keep
                       its verdict, the rest go to the LLM (each claim says which judge decided)
  --confidence-cut C   the cut in [0, 1] (default ${DEFAULT_CONFIDENCE_CUT})
  --samples K          judge each LLM-judged claim K times; reports agreement, unstable claims and
                       the range of S over the samples (cached per sample)
  --dry-run            print the requests, prompt tokens and claims llm and hybrid would send;
                       sends nothing, connects nowhere
  --max-retry-wait S   the longest Retry-After obeyed (default 30)
  --deadline S         no judge request starts or waits past S seconds (default 900)`;

function positive(value: string | undefined, name: string, integer = false): number | undefined {
  const number = parseNumberOption(value, name);
  if (number === undefined) return undefined;
  if (!(number > 0) || (integer && !Number.isInteger(number))) throw new CliError(`--${name}: expected ${integer ? 'a whole number ≥ 1' : 'a number > 0'}, got ${JSON.stringify(value)}`);
  return number;
}

/** The LLM judge options these flags set. */
export function llmJudgeExtras(values: JudgeCliValues): Partial<OpenAIJudgeOptions> {
  const samples = positive(values.samples, 'samples', true);
  const wait = parseNumberOption(values['max-retry-wait'], 'max-retry-wait');
  if (wait !== undefined && !(wait >= 0)) throw new CliError('--max-retry-wait: expected seconds ≥ 0');
  const deadline = positive(values.deadline, 'deadline');
  return {
    ...(samples !== undefined ? { samples } : {}),
    ...(wait !== undefined ? { maxRetryWaitMs: wait * 1000 } : {}),
    ...(deadline !== undefined ? { reviewDeadlineMs: deadline * 1000 } : {}),
  };
}

export function confidenceCut(values: JudgeCliValues): number {
  const cut = parseNumberOption(values['confidence-cut'], 'confidence-cut');
  if (cut !== undefined && !(cut >= 0 && cut <= 1)) throw new CliError(`--confidence-cut: expected a number in [0, 1], got ${JSON.stringify(values['confidence-cut'])}`);
  return cut ?? DEFAULT_CONFIDENCE_CUT;
}

/**
 * The hybrid judge over the LLM judge `llm` builds; the offline judge alone, with the same
 * grounded cut, when there is no endpoint. The hybrid's own offline stage runs uncut: the hybrid
 * applies the cut itself, sending what it would withhold to the LLM.
 */
export function createCliHybridJudge(values: JudgeCliValues, llm: ClaimJudge, verdicts: VerdictOptions = {}): ClaimJudge {
  if (!(llm instanceof OpenAIJudge)) return createCliOfflineJudge(verdicts);
  return new HybridJudge({ llm, confidenceCut: confidenceCut(values), ...verdicts });
}

/** The judges the CLI can run, by name; `verdicts` was checked against the name (verdictOptionsFor). */
export type JudgeFactories = Record<string, (io: CliIo, values: LlmCliValues, verdicts?: VerdictOptions) => ClaimJudge>;

export const CLI_JUDGES: JudgeFactories = {
  offline: (_io, _values, verdicts) => createCliOfflineJudge(verdicts),
  openai: (io, values) => createCliOpenAIJudge(io, values),
  llm: (io, values) => createCliOpenAIJudge(io, values),
  hybrid: (io, values, verdicts) => createCliHybridJudge(values, createCliOpenAIJudge(io, values), verdicts),
};

/** The endpoint from the options and the environment (OPENAI_API_KEY, OPENAI_BASE_URL); the key never from a flag. */
export function openAIChoice(values: LlmCliValues, io: CliIo): JudgeChoice {
  const structured = values['structured-output'];
  if (structured !== undefined && !['auto', 'on', 'off'].includes(structured)) {
    throw new CliError(`--structured-output: expected auto, on or off, got ${JSON.stringify(structured)}`);
  }
  const timeout = parseNumberOption(values.timeout, 'timeout');
  if (timeout !== undefined && !(timeout > 0)) throw new CliError('--timeout: expected seconds > 0');
  return chooseJudge({
    requested: 'openai',
    apiKey: io.env.OPENAI_API_KEY,
    baseURL: values['base-url'] ?? io.env.OPENAI_BASE_URL,
    model: values.model,
    structuredOutput: structured as StructuredOutputMode | undefined,
    timeoutMs: timeout === undefined ? undefined : timeout * 1000,
  });
}

function createCliOpenAIJudge(io: CliIo, values: LlmCliValues): ClaimJudge {
  const choice = openAIChoice(values, io);
  if (choice.notice) io.stderr(`grounding-review review: ${choice.notice}\n`);
  if (choice.kind === 'offline') return createOfflineJudge();
  const cache = cliJudgeCache(values, io);
  return new OpenAIJudge({ ...choice.options, ...llmJudgeExtras(values), ...(cache ? { cache } : {}) });
}

export function cliJudgeCache(values: LlmCliValues, io: CliIo) {
  const dir = values['cache-dir'];
  return dir ? new LayeredJudgeCache(new MemoryJudgeCache(), new DirectoryJudgeCache(resolve(io.cwd, dir))) : undefined;
}

export interface DryRunReport {
  dry_run: true;
  model: string;
  endpoint: string;
  claims: number;
  evidence_items: number;
  token_encoding: string;
  llm: EstimateJson;
  hybrid: EstimateJson & { kept_offline: number; confidence_cut: number; grounded_cut?: number };
}

interface EstimateJson {
  requests: number;
  cached_requests: number;
  prompt_tokens: number;
  claims_sent: number;
  claims_per_request: string[][];
}

const estimateJson = (estimate: JudgeEstimate): EstimateJson => ({
  requests: estimate.requests,
  cached_requests: estimate.cachedRequests,
  prompt_tokens: estimate.promptTokens,
  claims_sent: estimate.claims,
  claims_per_request: estimate.perRequest,
});

/**
 * Plans the review for the llm and the hybrid judge without sending anything. The LLM judge is
 * built but never called: its client opens no connection until a request is made.
 */
export async function dryRun(args: {
  report: string;
  reportFile: string;
  evidence: EvidenceSource[];
  question?: string;
  choice: JudgeChoice;
  values: JudgeCliValues & { model?: string };
  cache?: OpenAIJudgeOptions['cache'];
  verdicts?: VerdictOptions;
}): Promise<DryRunReport> {
  const options: OpenAIJudgeOptions =
    args.choice.kind === 'openai' ? { ...args.choice.options } : { model: args.values.model?.trim() || DEFAULT_JUDGE_MODEL, baseURL: 'https://api.openai.com/v1' };
  const llm = new OpenAIJudge({ ...options, ...llmJudgeExtras(args.values), ...(args.cache !== undefined ? { cache: args.cache } : {}) });
  const hybrid = new HybridJudge({ llm, confidenceCut: confidenceCut(args.values), ...args.verdicts });
  const format = args.reportFile && /\.(txt|text)$/i.test(args.reportFile) ? 'text' : 'markdown';
  const segmented = segmentReport(args.report, { format, file: args.reportFile });
  const input: ClaimJudgeInput = {
    claims: segmented.claims,
    evidence: parseEvidenceSources(args.evidence).items,
    question: args.question ?? segmented.frontMatter.question,
    report: args.report,
  };
  const [llmEstimate, hybridEstimate] = [await llm.estimate(input), await hybrid.estimate(input)];
  return {
    dry_run: true,
    model: options.model,
    endpoint: options.baseURL ?? 'https://api.openai.com/v1',
    claims: input.claims.length,
    evidence_items: input.evidence.length,
    token_encoding: llmEstimate.encoding,
    llm: estimateJson(llmEstimate),
    hybrid: { ...estimateJson(hybridEstimate), kept_offline: hybridEstimate.keptOffline, confidence_cut: hybrid.cut, ...(hybrid.groundedCut > 0 ? { grounded_cut: hybrid.groundedCut } : {}) },
  };
}

export function renderDryRun(report: DryRunReport, reportFile: string, io: CliIo): string {
  void io;
  const line = (name: string, e: EstimateJson) =>
    `  ${name.padEnd(7)} ${e.requests} request(s), ${e.prompt_tokens} prompt tokens, ${e.claims_sent} claim(s) sent${e.cached_requests ? `, ${e.cached_requests} cached` : ''}`;
  return [
    `${reportFile}: dry run — nothing sent. ${report.claims} claim(s), ${report.evidence_items} evidence item(s); model ${report.model} at ${report.endpoint}; tokens by ${report.token_encoding}`,
    line('llm', report.llm),
    `${line('hybrid', report.hybrid)} (${report.hybrid.kept_offline} kept offline at confidence ≥ ${report.hybrid.confidence_cut}${report.hybrid.grounded_cut === undefined ? '' : `, grounded ≥ ${report.hybrid.grounded_cut}`})`,
    report.llm.prompt_tokens > 0 ? `  hybrid / llm prompt tokens: ${(report.hybrid.prompt_tokens / report.llm.prompt_tokens).toFixed(3)}` : '',
  ]
    .filter(Boolean)
    .join('\n') + '\n';
}
