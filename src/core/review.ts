// review(): a report and its evidence files → judged claims with spans, the partition, S and δ.
// The stages are separate steps (segment, parse evidence, judge, score) so later stages — the
// GroundingSwitch, the grounding gate — slot in as one more step that fills its field.
// S and δ are always recomputed from the judged claims, never taken from the judge's scalar.
import { decide, validateThresholds } from './decision';
import { withoutFrontMatter } from './front-matter';
import { computeSwitch, type SwitchOptions } from './geometry/review-switch';
import { parseEvidenceSources } from './evidence/index';
import { gateForReview, validateGateReviewOptions, type GateReviewOptions } from './gate/index';
import { checkAbsenceWindows } from './coverage/index';
import { createOfflineJudge } from './judge/offline';
import { findOmissions } from './omissions/index';
import {
  DEFAULT_RHO,
  DEFAULT_THRESHOLDS,
  DEFAULT_UNKNOWN_WEIGHT,
  PARTITION_KEYS,
  isEvidenceType,
  safeDefaultJudgeOutput,
  type Claim,
  type Partition,
  type PartitionKey,
} from './model';
import type {
  ClaimJudge,
  ClaimJudgement,
  EvidenceItem,
  EvidenceSource,
  InputWarning,
  JudgedClaim,
  PartitionCounts,
  ReportClaim,
  ReviewResult,
  ScoringSettings,
} from './review-types';
import { INDIFFERENT_SCORE, gsarScore, gsarScoreBreakdown } from './score';
import { segmentReport, type ReportFrontMatter, type SegmentOptions, type SegmentedReport } from './segment/index';

export interface ReviewInput {
  report: string;
  /** Named in warnings; a `.txt` report is read as plain text, anything else as Markdown. */
  reportFile?: string;
  evidence: EvidenceSource[];
  /** The question the report answers; falls back to the report's front matter `question:`. */
  question?: string;
  settings?: Partial<ScoringSettings>;
  /** Default: the offline judge. */
  judge?: ClaimJudge;
  /** Computes the GroundingSwitch (issue 5) into `result.switch` with this encoder; omitted → switch stays null. */
  switch?: SwitchOptions;
  /** Computes the grounding gate (issue 6) into `result.gate`: the evidence replayed as a trace, the report as the terminal; omitted → gate stays null. */
  gate?: GateReviewOptions;
  signal?: AbortSignal;
  /**
   * The report as `segmentReport(report, reportSegmentOptions(reportFile))` returns it, from a
   * caller that segmented it already (to read its front matter first); omitted → segmented here.
   */
  segmented?: SegmentedReport;
}

/** Where the judge's claim list is incomplete or malformed, the claim is kept and marked so. */
const NOT_JUDGED_REASON = 'not judged: the judge returned no valid verdict for this claim';

/** Reviews a report. Rejects only on an aborted signal or invalid settings (GroundingInputError). */
export async function review(input: ReviewInput): Promise<ReviewResult> {
  const scoring = resolveScoring(input.settings);
  if (input.gate) validateGateReviewOptions(input.gate);
  const report = segmentStage(input);
  const evidence = evidenceStage(input.evidence);
  const judge = input.judge ?? createOfflineJudge();
  const question = input.question ?? report.frontMatter.question;
  const judged = await judgeStage(judge, {
    claims: report.claims,
    // An unreadable trace event holds nothing to judge; it is kept for the gate, which counts it.
    // (A tool result the gate cannot place after its call still has text a judge may read.)
    evidence: evidence.items.filter((item) => item.unreadable === undefined || item.text !== ''),
    question,
    report: input.report,
    signal: input.signal,
  });
  // Post-judging stages: they apply to whatever judge ran.
  const claims = checkAbsenceWindows(judged.claims, evidence.items);
  const result = scoreStage({
    claims,
    abstainReason: judged.abstainReason,
    degraded: judged.degraded,
    judge: { kind: judge.kind, model: judged.judgement.model ?? judge.model, usage: judged.judgement.usage, fallbacks: judged.judgement.fallbacks, notJudged: judged.notJudged },
    warnings: [...report.warnings, ...evidence.warnings, ...judged.warnings],
    evidence: { files: input.evidence.map((source) => source.file), items: evidence.items.length },
    scoring,
  });
  result.omissions = findOmissions(claims, evidence.items);
  if (input.switch) result.switch = await switchStage(input, input.switch, question, report.claims);
  if (input.gate) {
    const gateReview = { report: input.report, claims: report.claims, evidenceItems: evidence.items, frontMatterClaimType: report.frontMatter.claim_type };
    result.gate = gateForReview(gateReview, input.gate);
  }
  return result;
}

/** The report (without front matter) against the evidence files; an encoder failure is carried, not thrown. */
function switchStage(input: ReviewInput, options: SwitchOptions, question: string | undefined, claims: readonly ReportClaim[]) {
  return computeSwitch({
    ...options,
    report: withoutFrontMatter(input.report),
    evidenceTexts: input.evidence.map((source) => source.text),
    question,
    claims: claims.filter((claim) => claim.parentId === undefined),
    signal: input.signal,
  });
}

/** Re-scores a result with other settings from its stored claims; the judge is not called. */
export function rescore(result: ReviewResult, settings: Partial<ScoringSettings>): ReviewResult {
  const { decisionWithoutAbstain: _previous, ...stored } = result.scoring;
  const scoring = resolveScoring({ ...stored, ...settings });
  const { score, decision, decisionWithoutAbstain } = scoreClaims(result.claims, scoring, result.judge.abstainReason);
  const stability = stabilityOf(result.claims, scoring);
  const judge = { ...result.judge, ...(stability ? { stability } : {}) };
  return { ...result, score, decision, judge, counts: countClaims(result.claims), scoring: { ...scoring, decisionWithoutAbstain } };
}

// ── stages ────────────────────────────────────────────────────────────────────────────────

function segmentStage(input: ReviewInput): { claims: ReportClaim[]; frontMatter: ReportFrontMatter; warnings: InputWarning[] } {
  return input.segmented ?? segmentReport(input.report, reportSegmentOptions(input.reportFile));
}

/** How review() segments a report: a `.txt` or `.text` file as plain text, anything else as Markdown. */
export function reportSegmentOptions(reportFile: string | undefined): SegmentOptions {
  const format = reportFile && /\.(txt|text)$/i.test(reportFile) ? 'text' : 'markdown';
  return { format, file: reportFile ?? 'report' };
}

function evidenceStage(sources: readonly EvidenceSource[]): { items: EvidenceItem[]; warnings: InputWarning[] } {
  return parseEvidenceSources(sources);
}

interface JudgeStageResult {
  judgement: ClaimJudgement;
  /** One judged claim per report claim, in report order, spans from the segmentation. */
  claims: JudgedClaim[];
  abstainReason?: string;
  degraded: boolean;
  /** Claims without a valid verdict: missing from the judge's answer or marked not judged by it. */
  notJudged: number;
  warnings: InputWarning[];
}

async function judgeStage(judge: ClaimJudge, input: Parameters<ClaimJudge['judgeClaims']>[0]): Promise<JudgeStageResult> {
  let judgement: ClaimJudgement;
  try {
    judgement = await judge.judgeClaims(input);
  } catch (error) {
    // A judge should never throw (gsar.md §7); if one does, it is the safe default, not a crash.
    if (input.signal?.aborted) throw input.signal.reason ?? error;
    const reason = `judge failed: ${error instanceof Error ? error.message : String(error)}`;
    judgement = { claims: [], output: safeDefaultJudgeOutput(reason), fallbacks: [], warnings: [] };
  }
  const warnings: InputWarning[] = judgement.warnings.map((message) => ({ file: 'judge', message }));
  const abstainReason =
    judgement.output.decision_status === 'abstain' ? judgement.output.abstain_reason?.trim() || 'the judge abstained' : undefined;

  const claimIds = new Set(input.claims.map((claim) => claim.id));
  const verdicts = new Map<string, JudgedClaim>();
  for (const verdict of judgement.claims) {
    if (!claimIds.has(verdict.id)) {
      warnings.push({ file: 'judge', message: `the judge returned a verdict for unknown claim ${JSON.stringify(verdict.id)}; ignored` });
    } else if (!isValidVerdict(verdict)) {
      warnings.push({ file: 'judge', message: `the judge's verdict for ${verdict.id} is malformed; ignored` });
    } else if (!verdicts.has(verdict.id)) {
      verdicts.set(verdict.id, verdict);
    }
  }
  let missing = 0;
  const claims = input.claims.map((claim): JudgedClaim => {
    const verdict = verdicts.get(claim.id);
    if (!verdict) {
      missing++;
      return { ...claim, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: abstainReason ? `not judged: ${abstainReason}` : NOT_JUDGED_REASON };
    }
    // The segmentation owns the span; the judge owns the verdict and says how it was reached.
    return { ...claim, partition: verdict.partition, type: verdict.type, evidence_refs: [...verdict.evidence_refs], reason: verdict.reason, ...verdictProvenance(verdict) };
  });
  const markedNotJudged = claims.filter((claim) => claim.not_judged && verdicts.has(claim.id)).length;
  if (missing > 0 && !abstainReason) {
    warnings.push({ file: 'judge', message: `the judge gave no valid verdict for ${missing} claim(s); they are shown as not judged (ungrounded)` });
  }
  if (markedNotJudged > 0 && !abstainReason) {
    warnings.push({ file: 'judge', message: `${markedNotJudged} claim(s) not judged (no valid verdict came back); they count as ungrounded` });
  }
  const notJudged = missing + markedNotJudged;
  for (const claim of claims) if (!verdicts.has(claim.id)) claim.not_judged = true;
  return { judgement, claims, abstainReason, degraded: abstainReason !== undefined || notJudged > 0, notJudged, warnings };
}

/** The judge's account of a verdict, copied as given: not judged, which judge decided and why, disagreement, stability. */
function verdictProvenance(verdict: JudgedClaim): Partial<JudgedClaim> {
  const out: Partial<JudgedClaim> = {};
  if (verdict.not_judged) out.not_judged = true;
  if (verdict.decided_by) out.decided_by = verdict.decided_by;
  if (verdict.decided_why) out.decided_why = verdict.decided_why;
  if (verdict.disagreement) out.disagreement = verdict.disagreement;
  if (typeof verdict.confidence === 'number') out.confidence = verdict.confidence;
  if (verdict.withheld) out.withheld = { ...verdict.withheld };
  if (verdict.stability) out.stability = { ...verdict.stability, verdicts: verdict.stability.verdicts.map((v) => ({ ...v })) };
  return out;
}

/**
 * With several samples per claim: S recomputed once per sample (each sampled claim takes that
 * sample's verdict, the others keep theirs), its range, the unstable claims and the mean agreement.
 */
export function stabilityOf(claims: readonly JudgedClaim[], scoring: ScoringSettings): NonNullable<ReviewResult['judge']['stability']> | undefined {
  const sampled = claims.filter((claim) => claim.stability && claim.stability.samples > 1);
  if (sampled.length === 0) return undefined;
  const samples = Math.max(...sampled.map((claim) => claim.stability!.samples));
  const scores: number[] = [];
  for (let k = 0; k < samples; k++) {
    const variant = claims.map((claim) => {
      const verdict = claim.stability?.verdicts[k];
      return verdict ? { ...claim, partition: verdict.partition, type: verdict.type } : claim;
    });
    scores.push(gsarScore(partitionOfClaims(variant), scoring));
  }
  return {
    samples,
    unstableClaims: sampled.filter((claim) => claim.stability!.unstable).length,
    meanAgreement: sampled.reduce((sum, claim) => sum + claim.stability!.agreement, 0) / sampled.length,
    scoreInterval: [Math.min(...scores), Math.max(...scores)],
  };
}

function scoreStage(parts: {
  claims: JudgedClaim[];
  abstainReason?: string;
  degraded: boolean;
  judge: Omit<ReviewResult['judge'], 'abstainReason'>;
  warnings: InputWarning[];
  evidence: ReviewResult['evidence'];
  scoring: ScoringSettings;
}): ReviewResult {
  const { score, decision, decisionWithoutAbstain } = scoreClaims(parts.claims, parts.scoring, parts.abstainReason);
  const stability = stabilityOf(parts.claims, parts.scoring);
  return {
    score,
    decision,
    degraded: parts.degraded,
    counts: countClaims(parts.claims),
    claims: parts.claims,
    judge: {
      ...withoutUndefined(parts.judge),
      fallbacks: parts.judge.fallbacks,
      ...(parts.abstainReason ? { abstainReason: parts.abstainReason } : {}),
      ...(stability ? { stability } : {}),
    },
    warnings: parts.warnings,
    omissions: [],
    evidence: parts.evidence,
    scoring: { ...parts.scoring, decisionWithoutAbstain },
    switch: null,
    gate: null,
  };
}

// ── scoring ───────────────────────────────────────────────────────────────────────────────

/** Fills defaults and validates (throws GroundingInputError) before anything is judged. */
export function resolveScoring(settings: Partial<ScoringSettings> = {}): ScoringSettings {
  const scoring: ScoringSettings = {
    thresholds: validateThresholds({ ...DEFAULT_THRESHOLDS, ...settings.thresholds }),
    rho: settings.rho ?? DEFAULT_RHO,
    unknownWeight: settings.unknownWeight ?? DEFAULT_UNKNOWN_WEIGHT,
    ...(settings.weights ? { weights: settings.weights } : {}),
  };
  gsarScoreBreakdown({ grounded: [], ungrounded: [], contradicted: [], complementary: [] }, scoring);
  return scoring;
}

/**
 * S from the claims' partition, δ from S. When the judge abstained nothing was classified, so S is
 * the safe default's 0.5 (gsar.md §7) and δ is `abstain`, whatever the placeholder claims say.
 */
function scoreClaims(claims: readonly JudgedClaim[], scoring: ScoringSettings, abstainReason?: string) {
  const score = abstainReason ? INDIFFERENT_SCORE : gsarScore(partitionOfClaims(claims), scoring);
  const decisionWithoutAbstain = decide(score, scoring.thresholds);
  return { score, decision: abstainReason ? ('abstain' as const) : decisionWithoutAbstain, decisionWithoutAbstain };
}

/** The GSAR partition of judged claims (gsar.md §1). */
export function partitionOfClaims(claims: readonly JudgedClaim[]): Partition {
  const partition: Record<PartitionKey, Claim[]> = { grounded: [], ungrounded: [], contradicted: [], complementary: [] };
  for (const claim of claims) {
    partition[claim.partition].push({ text: claim.text, type: claim.type, evidence_refs: claim.evidence_refs, start: claim.start, end: claim.end });
  }
  return partition;
}

export function countClaims(claims: readonly Pick<JudgedClaim, 'partition'>[]): PartitionCounts {
  const counts: PartitionCounts = { grounded: 0, ungrounded: 0, contradicted: 0, complementary: 0 };
  for (const claim of claims) counts[claim.partition]++;
  return counts;
}

function isValidVerdict(verdict: JudgedClaim): boolean {
  return (
    (PARTITION_KEYS as readonly string[]).includes(verdict.partition) &&
    isEvidenceType(verdict.type) &&
    Array.isArray(verdict.evidence_refs) &&
    verdict.evidence_refs.every((ref) => typeof ref === 'string') &&
    typeof verdict.reason === 'string'
  );
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
