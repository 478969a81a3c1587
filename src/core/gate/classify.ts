// Classifies one tool call (gate.md §3): the nine steps in the spec's order. A call qualifies
// only when it is novel, relevant and read-only; a mutating call never grounds its own effect.
import { hash as digest } from 'node:crypto';
import { argumentText } from './identifiers';
import { canonicalText, normalizeForNovelty } from './normalize';
import type { GateState } from './state';

export interface ToolObservation {
  tool: string;
  args: unknown;
  result: string;
  mutating: boolean;
  /** Defaults to true. A failed call registers no signals and never verifies a completion. */
  exitOk?: boolean;
  signals?: readonly string[];
}

/** Why a call did or did not qualify, for the replay. */
export type ObservationOutcome = 'duplicate' | 'not_relevant' | 'after_unreadable' | 'mutation' | 'observed' | 'verified';

export interface ObservationClassification {
  step: number;
  outcome: ObservationOutcome;
  groundsAssertion: boolean;
  groundsCompletion: boolean;
  qualifying: boolean;
  /** Claim-surface identifiers the call named (empty when skipped before relevance). */
  hits: readonly string[];
  /** Signals registered by this call. */
  signalsAdded: readonly string[];
}

function noveltyHash(state: GateState, call: ToolObservation, argsText: string): string {
  // last_mutation_step is part of the key: a new mutation re-opens novelty, so the prescribed
  // read-back verifies even when the content reads the same as before the change.
  const key = `${call.tool}\u0000${state.lastMutationStep}\u0000${normalizeForNovelty(argsText)}\u0000${normalizeForNovelty(call.result)}`;
  // A digest keeps memory bounded on long traces. A collision (or a NUL inside the content) could
  // only make a novel read look seen, a rejection, never the reverse: SHA-1's speed is the right trade.
  return digest('sha1', key, 'base64');
}

/** Shared empty list: most of a long trace's steps hit nothing and signal nothing. */
const NONE: readonly string[] = Object.freeze([]);

export function classifyObservation(state: GateState, call: ToolObservation): ObservationClassification {
  const exitOk = call.exitOk ?? true;
  // 1. Only tool calls advance the step counter.
  state.currentStep += 1;
  let groundsAssertion = false;
  let groundsCompletion = false;
  let outcome: ObservationOutcome;
  let hits: readonly string[] = NONE;

  // 2. Novelty; a repeat is not recorded again and grounds nothing.
  const argsText = canonicalText(call.args);
  const hash = state.noveltyExempt.has(call.tool) ? undefined : noveltyHash(state, call, argsText);
  if (hash !== undefined && state.recentResultHashes.has(hash)) {
    outcome = 'duplicate';
  } else {
    // 3. Relevance by identifiers; an irrelevant call's hash is not recorded, so the same read
    //    still counts if the claim surface later makes it relevant.
    hits = state.claimSurface.hitsIn(argumentText(call.args) + '\n' + call.result);
    if (hits.length === 0) {
      outcome = 'not_relevant';
    } else if (state.unreadableRef !== undefined) {
      // After an unreadable event this read may repeat it: it cannot be told novel (fail closed).
      outcome = 'after_unreadable';
    } else {
      // 4. Record.
      if (hash !== undefined) state.recentResultHashes.add(hash);
      // 5. Tier: only a read-only call scores.
      if (call.mutating) {
        outcome = 'mutation';
      } else {
        groundsAssertion = true;
        groundsCompletion = exitOk && state.lastMutationStep > 0 && state.currentStep > state.lastMutationStep;
        outcome = groundsCompletion ? 'verified' : 'observed';
      }
    }
  }

  // 6. Latches: a later non-qualifying call never un-grounds the turn.
  state.groundedThisTurn ||= groundsAssertion;
  state.verifiedThisTurn ||= groundsCompletion;

  // 7. Declared signals count only when the call exited ok.
  const signalsAdded = exitOk && call.signals && call.signals.length > 0 ? [...call.signals] : NONE;
  for (const signal of signalsAdded) state.verifiedSignals.add(signal);

  // 8. Qualifying refills (up to cap) and is the only tool call that clears a halt.
  const qualifying = groundsAssertion || groundsCompletion;
  if (qualifying) {
    state.budget = Math.min(state.budget + state.refill, state.cap);
    state.halted = false;
  }

  // 9. A mutation needs a new read-back.
  if (call.mutating) {
    state.lastMutationStep = state.currentStep;
    state.verifiedThisTurn = false;
  }
  return { step: state.currentStep, outcome, groundsAssertion, groundsCompletion, qualifying, hits, signalsAdded };
}
