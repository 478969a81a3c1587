// Replays an agent trace through the gate, step by step. Evidence items come from the evidence
// parser: trace tool calls keep their mutating flag, signals and exit status; every other item
// (a plain log line, a tagged row, an alert) is one read-only observation by the tool in its tag.
import type { EvidenceItem } from '../review-types';
import { boundaryCheck, reasoningStep, startTurn, unreadableStep, type BoundaryResult, type ReasoningResult } from './boundary';
import { classifyObservation, type ObservationClassification, type ToolObservation } from './classify';
import type { GateClaimType, GateState } from './state';

export type GateEvent =
  | { kind: 'tool_call'; ref?: string; turn?: number; call: ToolObservation }
  /** `unreadable`: a trace event that could not be read, counted as a reasoning step (fail closed). */
  | { kind: 'reasoning'; ref?: string; turn?: number; unreadable?: string }
  /** A submit attempt inside the trace (the report itself is the last terminal). */
  | { kind: 'terminal'; ref?: string; turn?: number; claimType: GateClaimType };

export interface ReplayStep {
  /** 1-based position in the replayed events. */
  index: number;
  ref?: string;
  kind: GateEvent['kind'];
  tool?: string;
  mutating?: boolean;
  /** Set when this event opened a new agent turn (latches reset). */
  newTurn?: boolean;
  classification?: ObservationClassification;
  reasoning?: ReasoningResult;
  /** Why the event could not be read, when it could not. */
  unreadable?: string;
  boundary?: BoundaryResult & { claim_type: GateClaimType };
  /** State after the step. */
  budget: number;
  halted: boolean;
}

export function gateEventsFromEvidence(items: readonly EvidenceItem[]): GateEvent[] {
  return items.map((item): GateEvent => {
    if (item.unreadable !== undefined) return { kind: 'reasoning', ref: item.id, unreadable: item.unreadable };
    if (item.kind === 'reasoning') return { kind: 'reasoning', ref: item.id, turn: item.turn };
    if (item.kind === 'tool_call') {
      return {
        kind: 'tool_call',
        ref: item.id,
        turn: item.turn,
        call: {
          tool: item.tool ?? 'unknown',
          args: item.args,
          result: item.result ?? '',
          mutating: item.mutating === true,
          exitOk: item.exitOk ?? true,
          signals: item.signals ?? [],
        },
      };
    }
    // Logs, tagged rows, alerts and documents were read, never written: one read-only observation each.
    return {
      kind: 'tool_call',
      ref: item.id,
      turn: item.turn,
      call: { tool: item.tool ?? item.kind, args: undefined, result: item.text, mutating: false },
    };
  });
}

/** An unreadable event counts: it may have been the mutation (fail closed). */
export function traceHasMutation(items: readonly EvidenceItem[]): boolean {
  return items.some((item) => (item.kind === 'tool_call' && item.mutating === true) || item.unreadable !== undefined);
}

/** Runs every event through the gate, mutating `state`; returns one step per event. */
export function replayGate(events: readonly GateEvent[], state: GateState): ReplayStep[] {
  const steps: ReplayStep[] = [];
  let turn: number | undefined;
  for (let position = 0; position < events.length; position += 1) {
    const event = events[position];
    let newTurn = false;
    if (event.turn !== undefined) {
      if (turn !== undefined && event.turn !== turn) {
        startTurn(state);
        newTurn = true;
      }
      turn = event.turn;
    }
    const step: ReplayStep = { index: position + 1, ref: event.ref, kind: event.kind, budget: 0, halted: false };
    if (newTurn) step.newTurn = true;
    if (event.kind === 'tool_call') {
      step.tool = event.call.tool;
      step.mutating = event.call.mutating;
      step.classification = classifyObservation(state, event.call);
    } else if (event.kind === 'reasoning') {
      step.reasoning = reasoningStep(state);
      if (event.unreadable !== undefined) {
        step.unreadable = event.unreadable;
        unreadableStep(state, event.ref ?? `step ${position + 1}`);
      }
    } else {
      step.boundary = { ...boundaryCheck(state, event.claimType), claim_type: event.claimType };
    }
    step.budget = state.budget;
    step.halted = state.halted;
    steps.push(step);
  }
  return steps;
}
