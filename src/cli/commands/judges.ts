// The CLI's judge options: which judge runs, the grounded cut on the offline judge's verdicts
// (--grounded-cut), the LLM-side options (--samples, --max-retry-wait, --deadline,
// --confidence-cut), the hybrid judge, and `--dry-run`: what a review would send, planned by the
// same code as the real run and priced with a real tokenizer, with no network connection at all.
import { createOfflineJudge } from '../../core/judge/offline';
import { STRICT_GROUNDED_CUT, strictGroundedCut } from '../../core/judge/grounded-cut';
import { DEFAULT_CONFIDENCE_CUT, HybridJudge } from '../../core/judge/hybrid';
import { DEFAULT_JUDGE_MODEL, type JudgeChoice } from '../../core/judge/openai/config';
import { OpenAIJudge, type JudgeEstimate, type OpenAIJudgeOptions } from '../../core/judge/openai/judge';
import { parseEvidenceSources } from '../../core/evidence';
import type { ClaimJudge, ClaimJudgeInput, EvidenceSource } from '../../core/review-types';
import { segmentReport } from '../../core/segment';
import { CliError, parseNumberOption, type CliIo } from '../args';

export interface JudgeCliValues {
  samples?: string;
  'max-retry-wait'?: string;
  deadline?: string;
  'confidence-cut'?: string;
  'grounded-cut'?: string;
}

export const JUDGE_CLI_OPTIONS = {
  'grounded-cut': { type: 'string' },
  samples: { type: 'string' },
  'max-retry-wait': { type: 'string' },
  deadline: { type: 'string' },
  'confidence-cut': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

export const groundedCutUsage = `  --grounded-cut P     a grounded verdict of the offline judge with confidence below P (a number
                       in [0, 1], default 0) is withheld: the claim is ungrounded, "could not
                       verify offline", and hybrid sends it to the LLM instead. P = strict: the
                       shipped model's cut that reached 0.9 precision of grounded on held-out
                       folds. Offline and hybrid judges only (llm has no offline verdicts)`;

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

/** What every entry path (review, --batch workers, hook, MCP) asks of the judge it builds, beyond the judge's own flags. */
export interface VerdictOptions {
  /** Grounded offline verdicts below this confidence are withheld (offline judge) or sent to the LLM (hybrid). */
  groundedCut?: number;
}

/** The judges whose verdicts come, at least in part, from the offline judge: only they can honour a grounded cut. */
const JUDGES_WITH_OFFLINE_VERDICTS: readonly string[] = ['offline', 'hybrid'];

/** The judge factory `--judge` names (default offline); an unknown name is an error listing the known ones. */
export function pickJudge<Factory>(judges: Record<string, Factory>, name: string | undefined): { judgeName: string; makeJudge: Factory } {
  const judgeName = name ?? 'offline';
  if (!Object.hasOwn(judges, judgeName)) throw new CliError(`--judge: expected one of ${Object.keys(judges).join(', ')}, got ${JSON.stringify(judgeName)}`);
  return { judgeName, makeJudge: judges[judgeName]! };
}

/** `--grounded-cut P|strict` as a number, parsed as strictly as every number flag. */
export function groundedCutOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === STRICT_GROUNDED_CUT) return strictGroundedCut();
  const expected = `--grounded-cut: expected a number in [0, 1] or ${STRICT_GROUNDED_CUT}, got ${JSON.stringify(value)}`;
  let cut: number | undefined;
  try {
    cut = parseNumberOption(value, 'grounded-cut');
  } catch {
    throw new CliError(expected);
  }
  if (!(cut! >= 0 && cut! <= 1)) throw new CliError(expected);
  return cut;
}

/**
 * The verdict options for the judge named `judgeName`. A grounded cut that judge cannot honour
 * (the LLM judge gives no offline verdicts to cut) is an error naming `option`, never ignored.
 */
export function verdictOptionsFor(judgeName: string, groundedCut: number | undefined, option = '--grounded-cut'): VerdictOptions {
  if (groundedCut === undefined) return {};
  if (!JUDGES_WITH_OFFLINE_VERDICTS.includes(judgeName)) {
    throw new CliError(`${option}: the ${judgeName} judge gives no offline verdicts for a grounded cut to withhold; it applies with the offline and hybrid judges`);
  }
  return { groundedCut };
}

/** The offline judge with the grounded cut asked for. */
export function createCliOfflineJudge(verdicts: VerdictOptions = {}): ClaimJudge {
  return createOfflineJudge(verdicts.groundedCut === undefined ? {} : { groundedCut: verdicts.groundedCut });
}

/**
 * The hybrid judge over the LLM judge `llm` builds; the offline judge alone, with the same
 * grounded cut, when there is no endpoint. The hybrid's own offline stage runs uncut: the hybrid
 * applies the cut itself, sending what it would withhold to the LLM.
 */
export function createCliHybridJudge(values: JudgeCliValues, llm: ClaimJudge, verdicts: VerdictOptions = {}): ClaimJudge {
  if (!(llm instanceof OpenAIJudge)) return createCliOfflineJudge(verdicts);
  return new HybridJudge({ offline: createOfflineJudge(), llm, confidenceCut: confidenceCut(values), ...verdicts });
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
  const hybrid = new HybridJudge({ offline: createOfflineJudge(), llm, confidenceCut: confidenceCut(args.values), ...args.verdicts });
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
