// The submit boundary (gate.md §4) and the budget engine: the one choke point that decides
// whether a terminal output ships. Pure integers and flags; no model is consulted.
import { assertGateClaimType, type GateState } from './state';

export type GateVerdict = 'ACCEPT' | 'REJECT';
export type LegalMove = 'qualifying_tool_call' | 'unverified_terminal';
export const LEGAL_NEXT: readonly LegalMove[] = Object.freeze(['qualifying_tool_call', 'unverified_terminal']);

export const GATE_REASONS = {
  noQualifying: 'no qualifying observation this turn — read the thing the answer makes claims about',
  noVerified: 'no verified-tier observation — re-read what was modified, after the change',
  budget: 'reasoning budget exhausted',
  unreadable: (ref: string) => `trace event ${ref} could not be read: nothing after it can ground the answer`,
  signals: (missing: readonly string[]) => `declared signals not verified: ${missing.join(', ')}`,
} as const;

export interface BoundaryResult {
  verdict: GateVerdict;
  legal_next: LegalMove[];
  reasons: string[];
}

/**
 * Rules in order: unverified always ships; a claim needs budget; a completion needs the verified
 * tier and every goal signal; an assertion needs grounding (verified under strict G); `none` is
 * exempt; any other claim type throws (fail closed). Every failing rule is listed as a reason.
 */
export function boundaryCheck(state: GateState, claimType: unknown): BoundaryResult {
  const type = assertGateClaimType(claimType);
  if (type === 'unverified') {
    state.halted = false;
    return { verdict: 'ACCEPT', legal_next: [], reasons: [] };
  }
  if (type === 'none') return { verdict: 'ACCEPT', legal_next: [], reasons: [] };

  const reasons: string[] = [];
  if (state.budget <= 0) reasons.push(GATE_REASONS.budget);
  if (state.unreadableRef !== undefined) reasons.push(GATE_REASONS.unreadable(state.unreadableRef));
  if (type === 'completion') {
    if (!state.verifiedThisTurn) reasons.push(GATE_REASONS.noVerified);
    const missing = state.goalPredicates.filter((goal) => !state.verifiedSignals.has(goal));
    if (missing.length > 0) reasons.push(GATE_REASONS.signals(missing));
  } else if (state.strictG ? !state.verifiedThisTurn : !state.groundedThisTurn) {
    reasons.push(state.strictG ? GATE_REASONS.noVerified : GATE_REASONS.noQualifying);
  }
  if (reasons.length > 0) {
    state.halted = true;
    return { verdict: 'REJECT', legal_next: [...LEGAL_NEXT], reasons };
  }
  state.halted = false;
  return { verdict: 'ACCEPT', legal_next: [], reasons: [] };
}

export interface ReasoningResult {
  /** Refused while halted; the agent is shown its legal moves again. */
  refused: boolean;
  legal_next: LegalMove[];
  budget: number;
}

/** One pure reasoning step: costs 1 (also when refused, so a halted spinner starves), floored at 0. */
export function reasoningStep(state: GateState): ReasoningResult {
  state.budget = Math.max(state.budget - 1, 0);
  return state.halted
    ? { refused: true, legal_next: [...LEGAL_NEXT], budget: state.budget }
    : { refused: false, legal_next: [], budget: state.budget };
}

/**
 * After the reasoning step it costs, an unreadable event is taken as the worst it could have been:
 * a new turn (the latches reset) that nothing later can ground, since a later read might repeat it.
 */
export function unreadableStep(state: GateState, ref: string): void {
  startTurn(state);
  state.unreadableRef ??= ref;
}

/** A new agent turn: the grounding latches are per turn; budget, hashes and signals carry over. */
export function startTurn(state: GateState): void {
  state.groundedThisTurn = false;
  state.verifiedThisTurn = false;
}
