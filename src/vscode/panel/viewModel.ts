// Turns a review session into what the panel shows. The switch, gate and trajectory arrive from
// later stages as loosely typed fields: they are read defensively and shown as "not computed"
// when absent.
import * as vscode from 'vscode';
import type { ReviewSession } from '../session';
import { breakdownOf, withheldLine } from '../explain';
import type { PanelState } from './messages';

type Rec = Record<string, unknown>;

function isRecord(value: unknown): value is Rec {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The first record (itself or one level down) holding `key`. */
function recordWith(value: unknown, key: string): Rec | undefined {
  if (!isRecord(value)) return undefined;
  if (key in value) return value;
  for (const inner of Object.values(value)) if (isRecord(inner) && key in inner) return inner;
  return undefined;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);

export function switchCardOf(value: unknown, pending = false): PanelState['switchCard'] {
  if (pending) return { status: 'pending' };
  if (isRecord(value) && value.computed === false) return { status: 'skipped', note: str(value.reason) };
  const decision = recordWith(value, 'action');
  if (!decision) return null;
  const check = isRecord(decision.check) ? decision.check : undefined;
  const normalized = num(decision.normalized) ?? num(recordWith(value, 'normalized')?.normalized);
  return {
    status: 'computed',
    method: str(decision.method),
    score: num(decision.score),
    normalized,
    action: str(decision.action),
    writeToState: typeof decision.write_to_state === 'boolean' ? decision.write_to_state : undefined,
    level: str(decision.level) ?? str(check?.level),
    reason: str(decision.reason),
  };
}

export function gateCardOf(value: unknown): PanelState['gateCard'] {
  if (isRecord(value) && value.computed === false) return { status: 'skipped', note: str(value.reason) };
  const gate = recordWith(value, 'verdict');
  if (!gate) return null;
  const budget = isRecord(gate.budget) ? gate.budget : undefined;
  return {
    status: 'computed',
    claimType: str(gate.claim_type) ?? str(gate.claimType),
    verdict: str(gate.verdict),
    legalNext: strings(gate.legal_next) ?? strings(gate.legalNext),
    reasons: strings(gate.reasons),
    budget: budget ? `${num(budget.remaining) ?? '?'} of ${num(budget.cap) ?? '?'} (refill ${num(budget.refill) ?? '?'})` : undefined,
  };
}

/** The gate tier of one claim, e.g. "observed (E14)", when the gate ran. */
export function gateTierOf(gate: unknown, claimId: string): string | undefined {
  const perClaim = recordWith(gate, 'per_claim')?.per_claim;
  if (!Array.isArray(perClaim)) return undefined;
  const detail = perClaim.find((d): d is Rec => isRecord(d) && d.claim_id === claimId);
  if (!detail) return undefined;
  const tier = str(detail.tier) ?? 'none';
  const ref = str(detail.observation_ref);
  return ref ? `${tier} (${ref})` : tier;
}

function trajectoryOf(result: unknown): PanelState['trajectory'] {
  const rounds = recordWith(result, 'trajectory')?.trajectory;
  if (!Array.isArray(rounds)) return null;
  return rounds.filter(isRecord).map((round, index) => ({
    iteration: num(round.iteration) ?? index,
    score: num(round.score) ?? 0,
    decision: str(round.decision) ?? '?',
  }));
}

/** Which judge decided a claim, its disagreement flag and stability, as the panel shows them. */
function provenanceOf(claim: ReviewSession['judged']['claims'][number]): Partial<PanelState['claims'][number]> {
  return {
    ...(claim.decided_by ? { decidedBy: claim.decided_by } : {}),
    ...(claim.decided_why ? { decidedWhy: claim.decided_why } : {}),
    ...(claim.disagreement ? { disagreement: claim.disagreement } : {}),
    ...(claim.stability ? { unstable: claim.stability.unstable, agreement: claim.stability.agreement } : {}),
    ...(claim.not_judged ? { notJudged: true } : {}),
    ...(claim.withheld ? { withheld: withheldLine(claim.withheld) } : {}),
  };
}

function stabilityLine(stability: ReviewSession['judged']['judge']['stability']): string | undefined {
  if (!stability) return undefined;
  const [low, high] = stability.scoreInterval;
  return `${stability.samples} samples: ${stability.unstableClaims} unstable claim(s), mean agreement ${stability.meanAgreement.toFixed(2)}, S ${low.toFixed(3)}–${high.toFixed(3)}`;
}

export function panelStateOf(session: ReviewSession): PanelState {
  const result = session.result;
  const breakdown = breakdownOf(result);
  const claims = session.claims;
  const usage = result.judge.usage;
  return {
    report: { name: vscode.workspace.asRelativePath(vscode.Uri.parse(session.uri), false), uri: session.uri },
    score: result.score,
    decision: result.decision,
    degraded: result.degraded,
    thresholds: { ...result.scoring.thresholds },
    rho: result.scoring.rho,
    counts: { ...result.counts },
    contributions: {
      grounded: breakdown.grounded,
      ungrounded: breakdown.ungrounded,
      contradicted: breakdown.rho * breakdown.contradicted,
      complementary: breakdown.complementary,
      numerator: breakdown.numerator,
      denominator: breakdown.denominator,
    },
    staleClaims: claims.filter((live) => live.span.stale).length,
    reviewedClaims: claims.filter((live) => live.reviewed).length,
    claims: claims.map((live) => ({
      id: live.claim.id,
      text: live.claim.text,
      partition: live.claim.partition,
      type: live.claim.type,
      reason: live.claim.reason,
      line: live.claim.line,
      stale: live.span.stale,
      reviewed: live.reviewed !== undefined,
      judged: live.judged,
      refs: [...live.claim.evidence_refs],
      ...provenanceOf(live.claim),
    })),
    omissions: (result.omissions ?? []).map(({ id, file, line, reason, text }) => ({ id, file, line, reason, text })),
    switchCard: switchCardOf(result.switch, session.geometryPending),
    gateCard: gateCardOf(result.gate),
    judge: {
      kind: result.judge.kind,
      model: result.judge.model,
      tokens: usage?.totalTokens,
      requests: usage?.requests,
      cached: usage?.cachedResponses,
      fallbacks: [...result.judge.fallbacks],
      abstainReason: result.judge.abstainReason,
      estimate: session.costEstimate,
      notJudged: result.judge.notJudged,
      withheld: result.claims.filter((claim) => claim.withheld).length || undefined,
      stability: stabilityLine(result.judge.stability),
    },
    trajectory: session.trajectory?.map(({ iteration, action, score, decision }) => ({ iteration, action, score, decision })) ?? trajectoryOf(result),
    warnings: result.warnings.map((w) => `${w.file}${w.line ? `:${w.line}` : ''}: ${w.message}`),
    evidence: { files: [...result.evidence.files], items: result.evidence.items },
    elapsedMs: session.elapsedMs,
  };
}
