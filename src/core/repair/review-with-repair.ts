// GSAR's Algorithm 1 (loop.ts) over real reviews: every round is a full review of the current
// report against the current evidence; regenerate and replan are the pluggable actions of
// types.ts. Returns the final review and the trajectory; the caller decides what to write.
import { judgeOutputFromClaims } from '../judge/offline';
import { runGsarLoop, type LoopStopReason } from '../loop';
import type { JudgeOutput, RoundDecision } from '../model';
import { resolveScoring, review as coreReview } from '../review';
import type { ClaimJudge, ClaimJudgement, EvidenceSource, ReviewResult, ScoringSettings } from '../review-types';
import type { EvidenceReplanner, ReportRegenerator } from './types';

/** One review of a report against evidence with the given judge (the core's review()). */
export type ReviewOnce = (report: string, evidence: EvidenceSource[], judge: ClaimJudge, signal?: AbortSignal) => Promise<ReviewResult>;

export interface ReviewWithRepairOptions {
  report: string;
  /** Named in warnings; `.txt` is read as plain text (as review() does). */
  reportFile?: string;
  evidence: EvidenceSource[];
  question?: string;
  judge: ClaimJudge;
  /** Scoring for every round; the loop and the reviews agree on S and δ. */
  settings?: Partial<ScoringSettings>;
  /** Default: the core review() with `reportFile`, `question` and `settings`. */
  review?: ReviewOnce;
  /** Absent: a regenerate decision stops the loop, degraded. */
  regenerate?: ReportRegenerator;
  /** Absent: a replan (or abstain) decision stops the loop, degraded. */
  replan?: EvidenceReplanner;
  /** Replans the loop may spend (default 2). */
  kMax?: number;
  /** Repair rounds after the first review (default k_max + 8). */
  roundsCap?: number;
  signal?: AbortSignal;
  /** Called after each round, e.g. to show progress. */
  onRound?: (round: RepairRound) => void;
}

export type RepairAction = 'initial' | 'regenerate' | 'replan';

export interface RepairRound {
  iteration: number;
  /** What produced this round's report and evidence. */
  action: RepairAction;
  score: number;
  decision: RoundDecision;
  report: string;
  evidenceFiles: string[];
  /** Absent only when the review itself failed (then `error` says why). */
  review?: ReviewResult;
  error?: string;
  judgeOutput: JudgeOutput;
}

export interface RepairReviewResult {
  /** The last round's review; `degraded` is set when the loop did not reach proceed. */
  review: ReviewResult | undefined;
  report: string;
  evidence: EvidenceSource[];
  /** True when the final report differs from the one given. */
  changed: boolean;
  trajectory: RepairRound[];
  degraded: boolean;
  stopReason: LoopStopReason;
  replansUsed: number;
  regenerationsUsed: number;
}

export async function reviewWithRepair(options: ReviewWithRepairOptions): Promise<RepairReviewResult> {
  const scoring = resolveScoring(options.settings);
  const reviewOnce: ReviewOnce =
    options.review ??
    ((report, evidence, judge, signal) =>
      coreReview({ report, reportFile: options.reportFile, evidence, question: options.question, settings: scoring, judge, signal }));
  const reviews: Array<{ review?: ReviewResult; error?: string }> = [];
  const actions: RepairAction[] = ['initial'];
  let current: { report: string; evidence: EvidenceSource[] } = { report: options.report, evidence: options.evidence };

  const judge = async (report: string, evidence: EvidenceSource[], signal?: AbortSignal): Promise<JudgeOutput> => {
    current = { report, evidence };
    let recorded: ClaimJudgement | undefined;
    const recordingJudge: ClaimJudge = {
      kind: options.judge.kind,
      model: options.judge.model,
      judgeClaims: async (input) => (recorded = await options.judge.judgeClaims(input)),
    };
    try {
      const review = await reviewOnce(report, evidence, recordingJudge, signal);
      reviews.push({ review });
      return judgeOutputOfReview(review, recorded);
    } catch (error) {
      reviews.push({ error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };

  const repairContext = (judgeOutput: JudgeOutput, signal?: AbortSignal) => {
    const last = reviews[reviews.length - 1]?.review;
    if (!last) throw new Error('the last review failed; nothing to repair from');
    return { report: current.report, evidence: current.evidence, judgeOutput, review: last, round: actions.length, signal };
  };

  const loop = await runGsarLoop<string, EvidenceSource[]>({
    synthesis: options.report,
    evidence: options.evidence,
    judge,
    regenerate: async (_report, judgeOutput, signal) => {
      if (!options.regenerate) throw new Error('no regenerate action configured');
      const context = repairContext(judgeOutput, signal);
      actions.push('regenerate');
      return options.regenerate(context);
    },
    replan: async (report, evidence, judgeOutput, signal) => {
      if (!options.replan) throw new Error('no replan action configured (more evidence is needed)');
      const context = { ...repairContext(judgeOutput, signal), report, evidence };
      actions.push('replan');
      const next = await options.replan(context);
      return { synthesis: next.report ?? report, evidence: next.evidence };
    },
    thresholds: scoring.thresholds,
    rho: scoring.rho,
    weights: scoring.weights,
    unknownWeight: scoring.unknownWeight,
    kMax: options.kMax,
    roundsCap: options.roundsCap,
    signal: options.signal,
  });

  const trajectory: RepairRound[] = loop.trajectory.map((round, index) => ({
    iteration: round.iteration,
    action: actions[index] ?? 'initial',
    score: round.score,
    decision: round.decision,
    report: round.synthesis,
    evidenceFiles: round.evidence.map((source) => source.file),
    ...reviews[index],
    judgeOutput: round.judgeOutput,
  }));
  trajectory.forEach((round) => options.onRound?.(round));

  const last = reviews[reviews.length - 1]?.review;
  return {
    review: last && { ...last, degraded: last.degraded || loop.degraded },
    report: loop.finalReport,
    evidence: loop.finalEvidence,
    changed: loop.finalReport !== options.report,
    trajectory,
    degraded: loop.degraded,
    stopReason: loop.stopReason,
    replansUsed: loop.replansUsed,
    regenerationsUsed: loop.regenerationsUsed,
  };
}

/**
 * The judge contract output of a review: the partition from the review's claims (what the user
 * sees) and the judge's own explanation when it gave one. An abstaining review classified
 * nothing, so its partition is empty (S = 0.5, as review() scores it) and the loop replans.
 */
export function judgeOutputOfReview(review: ReviewResult, judgement?: ClaimJudgement): JudgeOutput {
  if (review.decision === 'abstain') {
    const reason = review.judge.abstainReason || judgement?.output.abstain_reason || 'the judge abstained';
    return judgeOutputFromClaims([], reason);
  }
  const fromClaims = judgeOutputFromClaims(review.claims);
  if (!judgement) return fromClaims;
  const own = judgement.output;
  return {
    ...fromClaims,
    grounding_score: own.grounding_score,
    gaps: own.gaps.length > 0 ? own.gaps : fromClaims.gaps,
    contradictions: own.contradictions.length > 0 ? own.contradictions : fromClaims.contradictions,
    verification_reason: own.verification_reason || fromClaims.verification_reason,
    explanation: own.explanation || fromClaims.explanation,
  };
}
