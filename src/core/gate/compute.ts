// The gate verdict of a review: the evidence trace is replayed, then the report is the terminal
// that the boundary checks. Per claim it says which observation (if any) grounds it, at which tier.
import { GroundingInputError } from '../model';
import type { EvidenceItem, ReportClaim } from '../review-types';
import { LEGAL_NEXT, boundaryCheck, type GateVerdict, type LegalMove } from './boundary';
import { SurfaceMatcher, reportIdentifiers } from './identifiers';
import { gateEventsFromEvidence, replayGate, traceHasMutation, type GateEvent, type ReplayStep } from './replay';
import { inferClaimType, reportClaimSurface } from './report';
import { GATE_CLAIM_TYPES, assertGateClaimType, createGateState, isGateClaimType, type GateClaimType, type GatePresetName } from './state';

export type GateTier = 'verified' | 'observed' | 'none';

export interface GateClaimDetail {
  /** Index into the review's claims. */
  claim_index: number;
  claim_id: string;
  tier: GateTier;
  /** The evidence item id of the grounding observation, or null. */
  observation_ref: string | null;
}

export interface GateResult {
  preset: GatePresetName;
  claim_type: GateClaimType;
  claim_type_source: 'option' | 'front_matter' | 'inferred';
  claim_type_why: string;
  verdict: GateVerdict;
  legal_next: LegalMove[];
  reasons: string[];
  budget: { remaining: number; cap: number; refill: number };
  surface: string[];
  goals: string[];
  per_claim: GateClaimDetail[];
  replay: { tool_calls: number; reasoning_steps: number; qualifying: number; mutations: number; terminals: number };
}

export interface GateInput {
  report: string;
  claims?: readonly ReportClaim[];
  evidenceItems: readonly EvidenceItem[];
  /** Extra submit attempts inside the trace (demos): inserted after the given 1-based event. */
  attempts?: ReadonlyArray<{ after: number; claimType: GateClaimType }>;
  /** An explicit claim type (CLI `--claim-type`) wins over front matter and inference. */
  claimType?: string;
  /** The report's front matter `claim_type:`, when present. */
  frontMatterClaimType?: string;
  /** Replaces the surface inferred from the report. */
  surface?: readonly string[];
  preset?: GatePresetName;
  overrides?: { cap?: number; refill?: number };
  goals?: readonly string[];
  noveltyExempt?: readonly string[];
}

/** The gate options of a review (editor settings, CLI flags); null cap/refill keep the preset's. */
export interface GateReviewOptions {
  preset?: GatePresetName;
  cap?: number | null;
  refill?: number | null;
  goals?: readonly string[];
  claimType?: string;
  surface?: readonly string[];
  noveltyExempt?: readonly string[];
}

/** Throws GroundingInputError for options no gate can run with, before anything is judged. */
export function validateGateReviewOptions(options: GateReviewOptions): void {
  createGateState({ preset: options.preset, cap: options.cap ?? undefined, refill: options.refill ?? undefined });
  if (options.claimType !== undefined) assertGateClaimType(options.claimType);
}

/**
 * The gate block of a review of `report` (its segmented claims and front matter) over `evidenceItems`.
 * A front matter `claim_type:` the gate does not know fails closed: REJECT, with the reason.
 */
export function gateForReview(
  review: { report: string; claims: readonly ReportClaim[]; evidenceItems: readonly EvidenceItem[]; frontMatterClaimType?: string },
  options: GateReviewOptions = {},
): GateResult {
  const invalidFrontMatter =
    options.claimType === undefined && review.frontMatterClaimType !== undefined && !isGateClaimType(review.frontMatterClaimType);
  const result = computeGate({
    ...review,
    frontMatterClaimType: invalidFrontMatter ? undefined : review.frontMatterClaimType,
    claimType: options.claimType,
    surface: options.surface,
    preset: options.preset,
    overrides: { cap: options.cap ?? undefined, refill: options.refill ?? undefined },
    goals: options.goals,
    noveltyExempt: options.noveltyExempt,
  });
  if (!invalidFrontMatter) return result;
  return {
    ...result,
    claim_type_source: 'front_matter',
    claim_type_why: `front matter claim_type ${JSON.stringify(review.frontMatterClaimType)} is unknown`,
    verdict: 'REJECT',
    legal_next: [...LEGAL_NEXT],
    reasons: [`unknown claim type ${JSON.stringify(review.frontMatterClaimType)} in front matter (expected one of ${GATE_CLAIM_TYPES.join(', ')})`],
  };
}

export interface GateRun {
  result: GateResult;
  steps: ReplayStep[];
}

function chooseClaimType(input: GateInput): Pick<GateResult, 'claim_type' | 'claim_type_source' | 'claim_type_why'> {
  if (input.claimType !== undefined) {
    return { claim_type: assertGateClaimType(input.claimType), claim_type_source: 'option', claim_type_why: 'given explicitly' };
  }
  if (input.frontMatterClaimType !== undefined) {
    return {
      claim_type: assertGateClaimType(input.frontMatterClaimType),
      claim_type_source: 'front_matter',
      claim_type_why: 'front matter claim_type',
    };
  }
  const inferred = inferClaimType({ report: input.report, claims: input.claims, traceHasMutation: traceHasMutation(input.evidenceItems) });
  return { claim_type: inferred.claimType, claim_type_source: 'inferred', claim_type_why: inferred.why };
}

function withAttempts(events: GateEvent[], attempts: GateInput['attempts']): GateEvent[] {
  if (!attempts || attempts.length === 0) return events;
  for (const attempt of attempts) {
    if (!Number.isInteger(attempt.after) || attempt.after < 0 || attempt.after > events.length) {
      throw new GroundingInputError(`a submit attempt after step ${attempt.after}: the trace has steps 1 to ${events.length}`);
    }
  }
  const sorted = [...attempts].sort((a, b) => a.after - b.after);
  const merged: GateEvent[] = [];
  let next = 0;
  for (let position = 0; position <= events.length; position += 1) {
    while (next < sorted.length && sorted[next].after <= position) {
      merged.push({ kind: 'terminal', claimType: assertGateClaimType(sorted[next].claimType), ref: `attempt after step ${sorted[next].after}` });
      next += 1;
    }
    if (position < events.length) merged.push(events[position]);
  }
  return merged;
}

/**
 * A claim is grounded by a qualifying observation of the final turn that names its identifiers:
 * `verified` when that read came after the last mutation, else `observed`. The best one wins —
 * verified over observed, then the one naming most of the claim's identifiers, then the latest.
 */
function perClaimDetail(claims: readonly ReportClaim[], steps: readonly ReplayStep[], lastMutationStep: number): GateClaimDetail[] {
  let turnStart = 0;
  steps.forEach((step, index) => {
    if (step.newTurn) turnStart = index;
  });
  const grounding = steps.slice(turnStart).filter((step) => step.classification?.groundsAssertion);
  return claims.map((claim, claimIndex) => {
    const names = new SurfaceMatcher(reportIdentifiers(claim.text));
    let best = { tier: 'none' as GateTier, ref: null as string | null, rank: [0, 0] };
    if (names.size > 0) {
      for (const step of grounding) {
        const named = names.hits(step.classification!.hits).length;
        if (named === 0) continue;
        const verified = step.classification!.groundsCompletion && step.classification!.step > lastMutationStep;
        const rank = [verified ? 2 : 1, named];
        if (rank[0] > best.rank[0] || (rank[0] === best.rank[0] && rank[1] >= best.rank[1])) {
          best = { tier: verified ? 'verified' : 'observed', ref: step.ref ?? null, rank };
        }
      }
    }
    return { claim_index: claimIndex, claim_id: claim.id, tier: best.tier, observation_ref: best.ref };
  });
}

/** Replays the evidence through the gate and checks the report at the boundary. Throws GroundingInputError on bad options. */
export function runGate(input: GateInput): GateRun {
  const preset = input.preset ?? 'default';
  const chosen = chooseClaimType(input);
  const surface = input.surface ? [...input.surface] : reportClaimSurface(input.report);
  const goals = [...(input.goals ?? [])];
  const state = createGateState({
    preset,
    cap: input.overrides?.cap,
    refill: input.overrides?.refill,
    claimSurface: surface,
    goalPredicates: goals,
    noveltyExempt: input.noveltyExempt,
  });
  const steps = replayGate(withAttempts(gateEventsFromEvidence(input.evidenceItems), input.attempts), state);
  const final = boundaryCheck(state, chosen.claim_type);
  const count = (predicate: (step: ReplayStep) => boolean) => steps.reduce((n, step) => n + (predicate(step) ? 1 : 0), 0);
  return {
    steps,
    result: {
      preset,
      ...chosen,
      verdict: final.verdict,
      legal_next: final.legal_next,
      reasons: final.reasons,
      budget: { remaining: state.budget, cap: state.cap, refill: state.refill },
      surface: [...state.claimSurface.identifiers],
      goals,
      per_claim: perClaimDetail(input.claims ?? [], steps, state.lastMutationStep),
      replay: {
        tool_calls: count((step) => step.kind === 'tool_call'),
        reasoning_steps: count((step) => step.kind === 'reasoning'),
        qualifying: count((step) => step.classification?.qualifying === true),
        mutations: count((step) => step.mutating === true),
        terminals: count((step) => step.kind === 'terminal'),
      },
    },
  };
}

/** The `gate` block of a review result. */
export function computeGate(input: GateInput): GateResult {
  return runGate(input).result;
}

/** One line for a review's text output, e.g. `gate: REJECT (completion, skipper, budget 4/5) — reason; legal next: …`. */
export function describeGate(gate: GateResult): string {
  const head = `gate: ${gate.verdict} (${gate.claim_type}, ${gate.preset}, budget ${gate.budget.remaining}/${gate.budget.cap})`;
  return gate.verdict === 'ACCEPT' ? head : `${head} — ${gate.reasons.join('; ')}; legal next: ${gate.legal_next.join(', ')}`;
}
