// The audit record of a review: every claim with its span, partition (judge's and reviewer's),
// type, refs with the quoted evidence, reason; S, δ, switch, gate, trajectory, the settings and
// the versions that produced it. Never contains a secret.
import * as vscode from 'vscode';
import type { ReviewSession } from './session';
import type { GroundingSettings } from './settings';
import { breakdownOf } from './explain';

export const AUDIT_FORMAT = 'grounding-review-audit/1';

export function auditRecord(session: ReviewSession, settings: GroundingSettings, extensionVersion: string): unknown {
  const result = session.result;
  const { trajectory } = result as { trajectory?: unknown };
  return {
    format: AUDIT_FORMAT,
    exportedAt: new Date().toISOString(),
    versions: { extension: extensionVersion, vscode: vscode.version },
    report: { uri: session.uri, evaluatedAt: session.evaluatedAt.toISOString(), editedSinceReview: session.hasStaleClaims },
    evidence: { ...result.evidence, uris: session.evidenceUris },
    score: result.score,
    decision: result.decision,
    degraded: result.degraded,
    counts: result.counts,
    breakdown: breakdownOf(result),
    judge: result.judge,
    reviewerVerdicts: session.claims.filter((live) => live.reviewed).length,
    claims: session.claims.map((live) => ({
      id: live.claim.id,
      parentId: live.claim.parentId,
      text: live.claim.text,
      start: live.claim.start,
      end: live.claim.end,
      line: live.claim.line,
      partition: live.claim.partition,
      judgePartition: live.judged,
      reviewerVerdict: live.reviewed ?? null,
      type: live.claim.type,
      evidence_refs: live.claim.evidence_refs,
      evidence: live.claim.evidence_refs.map((ref) => {
        const item = session.evidenceItem(ref);
        return item ? { id: ref, file: item.file, line: item.line, text: item.text } : { id: ref, missing: true };
      }),
      reason: live.claim.reason,
      stale: live.span.stale,
      // Hybrid judge and samples: which judge decided and why, a disagreement flagged for review, stability.
      notJudged: live.claim.not_judged ?? false,
      withheld: live.claim.withheld ?? null,
      decidedBy: live.claim.decided_by ?? null,
      decidedWhy: live.claim.decided_why ?? null,
      flaggedForReview: live.claim.disagreement ?? null,
      stability: live.claim.stability ?? null,
    })),
    costEstimate: session.costEstimate ?? null,
    switch: result.switch,
    gate: result.gate,
    trajectory: session.trajectory ?? trajectory ?? null,
    warnings: result.warnings,
    settings: {
      scoring: result.scoring,
      loop: settings.loop,
      judge: {
        kind: result.judge.kind,
        model: settings.judge.model,
        structuredOutput: settings.judge.structuredOutput,
        confidenceCut: settings.judge.confidenceCut,
        // null: the judge's own cut (offline 0.5, hybrid 0); each withheld claim carries the cut it fell below.
        groundedCut: settings.judge.groundedCut,
        samples: settings.judge.samples,
      },
      encoder: settings.encoder,
      switch: settings.switch,
      gate: settings.gate,
    },
  };
}
