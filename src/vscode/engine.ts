// The one place the editor calls into the core review: evaluate (judge + score) and re-score
// (score only). The core loads on the first evaluation, keeping activation cheap. Counting
// judge calls here lets tests prove that a settings change never re-judges.
import type { GateReviewOptions } from '../core/gate/compute';
import type { ReportFrontMatter } from '../core/segment';
import type { ReportClaim, ClaimJudge, EvidenceItem, EvidenceSource, ReviewResult, ScoringSettings } from '../core/review-types';

export interface EvaluateInput {
  report: string;
  reportFile: string;
  evidence: EvidenceSource[];
  question?: string;
  scoring: ScoringSettings;
  /** Default: the offline judge, with `groundedCut`. */
  judge?: ClaimJudge;
  /** The default offline judge's grounded cut (`grounding.judge.groundedCut`; null or unset: the judge's default, 0.5). */
  groundedCut?: number | null;
  /** The grounding gate's options (preset, overrides, goal predicates). */
  gate: GateReviewOptions;
  signal?: AbortSignal;
}

export interface Evaluation {
  result: ReviewResult;
  evidenceItems: EvidenceItem[];
}

async function importCore() {
  const [reviewModule, evidenceModule, offlineModule, segmentModule, gateModule] = await Promise.all([
    import('../core/review.js'),
    import('../core/evidence/index.js'),
    import('../core/judge/offline.js'),
    import('../core/segment/index.js'),
    import('../core/gate/compute.js'),
  ]);
  return {
    gateForReview: gateModule.gateForReview,
    segmentReport: segmentModule.segmentReport,
    review: reviewModule.review,
    rescore: reviewModule.rescore,
    parseEvidenceSources: evidenceModule.parseEvidenceSources,
    createOfflineJudge: offlineModule.createOfflineJudge,
  };
}

let core: Awaited<ReturnType<typeof importCore>> | undefined;
let judgeCalls = 0;

/** How many times a judge has been asked to classify claims since activation. */
export function judgeCallCount(): number {
  return judgeCalls;
}

function counted(judge: ClaimJudge): ClaimJudge {
  return {
    kind: judge.kind,
    model: judge.model,
    judgeClaims: (input) => {
      judgeCalls += 1;
      return judge.judgeClaims(input);
    },
  };
}

export async function evaluateReport(input: EvaluateInput): Promise<Evaluation> {
  core ??= await importCore();
  const result = await core.review({
    report: input.report,
    reportFile: input.reportFile,
    evidence: input.evidence,
    question: input.question,
    settings: input.scoring,
    judge: counted(input.judge ?? core.createOfflineJudge({ groundedCut: input.groundedCut ?? undefined })),
    gate: input.gate,
    signal: input.signal,
  });
  // The result counts the items; the editor needs them to quote and link the cited lines.
  // Parsed the same way as inside review(), so the ids match.
  const evidenceItems = core.parseEvidenceSources(input.evidence).items;
  return { result, evidenceItems };
}

/** What a remote judge would send for this report, planned by the judge itself; nothing is sent. */
export interface CostEstimate {
  requests: number;
  promptTokens: number;
  encoding: string;
  claims: number;
  cachedRequests: number;
  keptOffline?: number;
}

type EstimatingJudge = ClaimJudge & { estimate(input: Parameters<ClaimJudge['judgeClaims']>[0]): Promise<CostEstimate> };

export function canEstimate(judge: ClaimJudge | undefined): judge is EstimatingJudge {
  return judge !== undefined && typeof (judge as Partial<EstimatingJudge>).estimate === 'function';
}

/** The estimate a remote judge gives for a report, from the same segmentation and evidence parsing as the review. */
export async function estimateReport(input: Omit<EvaluateInput, 'scoring' | 'gate'>, judge: EstimatingJudge): Promise<CostEstimate> {
  core ??= await importCore();
  const format = /\.(txt|text)$/i.test(input.reportFile) ? 'text' : 'markdown';
  const segmented = core.segmentReport(input.report, { format, file: input.reportFile });
  return judge.estimate({
    claims: segmented.claims,
    evidence: core.parseEvidenceSources(input.evidence).items,
    question: input.question ?? segmented.frontMatter.question,
    report: input.report,
    signal: input.signal,
  });
}

export function describeEstimate(e: CostEstimate): string {
  const kept = e.keptOffline !== undefined ? `, ${e.keptOffline} kept offline` : '';
  const cached = e.cachedRequests ? `, ${e.cachedRequests} cached` : '';
  return `${e.requests} request(s), ${e.promptTokens} prompt tokens (${e.encoding}), ${e.claims} claim(s) to send${kept}${cached}`;
}

/** The report's front matter (`evidence:`, `question:`), read by the same parser the review uses. */
export async function frontMatterOf(report: string): Promise<ReportFrontMatter> {
  core ??= await importCore();
  if (lastFrontMatter?.report !== report) lastFrontMatter = { report, frontMatter: core.segmentReport(report).frontMatter };
  return lastFrontMatter.frontMatter;
}

/** Re-evaluating an unchanged report (the common case) need not parse it twice. */
let lastFrontMatter: { report: string; frontMatter: ReportFrontMatter } | undefined;

/** The gate again with other options, from a review's stored claims and evidence: no judge call. */
export async function regate(report: string, claims: readonly ReportClaim[], evidenceItems: readonly EvidenceItem[], options: GateReviewOptions): Promise<unknown> {
  const frontMatter = await frontMatterOf(report);
  try {
    return core!.gateForReview({ report, claims, evidenceItems, frontMatterClaimType: frontMatter.claim_type }, options);
  } catch (error) {
    return { computed: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Re-scores a result with other settings (only ever called on a result evaluateReport produced). */
export function rescoreReview(result: ReviewResult, scoring: ScoringSettings): ReviewResult {
  if (!core) throw new Error('rescore called before any review');
  return core.rescore(result, scoring);
}
