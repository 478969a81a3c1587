// The CLI's LLM-side options (--samples, --max-retry-wait, --deadline, --confidence-cut), the
// hybrid judge, and `--dry-run`: what a review would send, planned by the same code as the real
// run and priced with a real tokenizer, with no network connection at all.
import { createOfflineJudge } from '../../core/judge/offline';
import { DEFAULT_CONFIDENCE_CUT, HybridJudge } from '../../core/judge/hybrid';
import { DEFAULT_JUDGE_MODEL, type JudgeChoice } from '../../core/judge/openai/config';
import { OpenAIJudge, type JudgeEstimate, type OpenAIJudgeOptions } from '../../core/judge/openai/judge';
import { parseEvidenceSources } from '../../core/evidence';
import type { ClaimJudge, ClaimJudgeInput, EvidenceSource } from '../../core/review-types';
import { segmentReport } from '../../core/segment';
import { CliError, parseNumberOption, type CliIo } from '../args';

export { JUDGE_CLI_OPTIONS, judgeUsage, type JudgeCliValues } from './judge-options';
import type { JudgeCliValues } from './judge-options';

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

/** The hybrid judge over the LLM judge `llm` builds; the offline judge alone when there is no endpoint. */
export function createCliHybridJudge(values: JudgeCliValues, llm: ClaimJudge): ClaimJudge {
  if (!(llm instanceof OpenAIJudge)) return llm;
  return new HybridJudge({ offline: createOfflineJudge(), llm, confidenceCut: confidenceCut(values) });
}

export interface DryRunReport {
  dry_run: true;
  model: string;
  endpoint: string;
  claims: number;
  evidence_items: number;
  token_encoding: string;
  llm: EstimateJson;
  hybrid: EstimateJson & { kept_offline: number; confidence_cut: number };
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
}): Promise<DryRunReport> {
  const options: OpenAIJudgeOptions =
    args.choice.kind === 'openai' ? { ...args.choice.options } : { model: args.values.model?.trim() || DEFAULT_JUDGE_MODEL, baseURL: 'https://api.openai.com/v1' };
  const llm = new OpenAIJudge({ ...options, ...llmJudgeExtras(args.values), ...(args.cache !== undefined ? { cache: args.cache } : {}) });
  const hybrid = new HybridJudge({ offline: createOfflineJudge(), llm, confidenceCut: confidenceCut(args.values) });
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
    hybrid: { ...estimateJson(hybridEstimate), kept_offline: hybridEstimate.keptOffline, confidence_cut: hybrid.cut },
  };
}

export function renderDryRun(report: DryRunReport, reportFile: string, io: CliIo): string {
  void io;
  const line = (name: string, e: EstimateJson) =>
    `  ${name.padEnd(7)} ${e.requests} request(s), ${e.prompt_tokens} prompt tokens, ${e.claims_sent} claim(s) sent${e.cached_requests ? `, ${e.cached_requests} cached` : ''}`;
  return [
    `${reportFile}: dry run — nothing sent. ${report.claims} claim(s), ${report.evidence_items} evidence item(s); model ${report.model} at ${report.endpoint}; tokens by ${report.token_encoding}`,
    line('llm', report.llm),
    `${line('hybrid', report.hybrid)} (${report.hybrid.kept_offline} kept offline at confidence ≥ ${report.hybrid.confidence_cut})`,
    report.llm.prompt_tokens > 0 ? `  hybrid / llm prompt tokens: ${(report.hybrid.prompt_tokens / report.llm.prompt_tokens).toFixed(3)}` : '',
  ]
    .filter(Boolean)
    .join('\n') + '\n';
}
