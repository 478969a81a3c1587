// The gate's state (gate.md §2): integers, sets and two latches. Presets absorb how a model
// class fails as numbers, not prose; overrides are checked so the budget stays meaningful.
import { GroundingInputError } from '../model';
import { SurfaceMatcher } from './identifiers';

export const GATE_PRESETS = {
  default: { cap: 6, refill: 2, strictG: false },
  skipper: { cap: 5, refill: 2, strictG: true },
  diverger: { cap: 4, refill: 1, strictG: false },
} as const;
export type GatePresetName = keyof typeof GATE_PRESETS;
export const GATE_PRESET_NAMES = Object.keys(GATE_PRESETS) as GatePresetName[];

export const GATE_CLAIM_TYPES = ['assertion', 'completion', 'unverified', 'none'] as const;
export type GateClaimType = (typeof GATE_CLAIM_TYPES)[number];

export interface GateState {
  budget: number;
  cap: number;
  refill: number;
  /** Strict G: even assertions need the verified tier. */
  strictG: boolean;
  recentResultHashes: Set<string>;
  noveltyExempt: Set<string>;
  /** The identifiers the answer is about, matched path-aware. */
  claimSurface: SurfaceMatcher;
  /** 0 = nothing was ever mutated. */
  lastMutationStep: number;
  /** Counts tool calls only. */
  currentStep: number;
  groundedThisTurn: boolean;
  verifiedThisTurn: boolean;
  verifiedSignals: Set<string>;
  goalPredicates: string[];
  halted: boolean;
  /**
   * The first trace event the gate could not read (its ref), if any. From there on nothing grounds
   * the answer: that event may have been a new turn, a mutation, or the read a later one repeats.
   */
  unreadableRef?: string;
}

export interface GateOptions {
  preset?: GatePresetName;
  cap?: number;
  refill?: number;
  claimSurface?: Iterable<string>;
  goalPredicates?: Iterable<string>;
  /** Tools whose calls skip the novelty check (nondeterministic tools that are still informative). */
  noveltyExempt?: Iterable<string>;
}

export function isGatePresetName(value: unknown): value is GatePresetName {
  return typeof value === 'string' && Object.hasOwn(GATE_PRESETS, value);
}

export function isGateClaimType(value: unknown): value is GateClaimType {
  return typeof value === 'string' && (GATE_CLAIM_TYPES as readonly string[]).includes(value);
}

/** Fails closed: an unknown claim type must never fall through to an exempt ACCEPT. */
export function assertGateClaimType(value: unknown): GateClaimType {
  if (isGateClaimType(value)) return value;
  throw new GroundingInputError(`unknown claim type ${JSON.stringify(value)} (expected one of ${GATE_CLAIM_TYPES.join(', ')})`);
}

/** A fresh state for a preset, with cap/refill overrides; budget starts at cap. */
export function createGateState(options: GateOptions = {}): GateState {
  const presetName = options.preset ?? 'default';
  if (!isGatePresetName(presetName)) {
    throw new GroundingInputError(`unknown gate preset ${JSON.stringify(presetName)} (expected one of ${GATE_PRESET_NAMES.join(', ')})`);
  }
  const preset = GATE_PRESETS[presetName];
  const cap = options.cap ?? preset.cap;
  const refill = options.refill ?? preset.refill;
  if (!Number.isInteger(cap) || !Number.isInteger(refill)) {
    throw new GroundingInputError(`cap and refill must be integers (got cap ${cap}, refill ${refill})`);
  }
  // refill < 1 means one observation cannot recover a starved agent; refill ≥ cap makes the budget meaningless.
  if (!(refill >= 1 && refill < cap)) {
    throw new GroundingInputError(`need 1 ≤ refill < cap (got refill ${refill}, cap ${cap})`);
  }
  return {
    budget: cap,
    cap,
    refill,
    strictG: preset.strictG,
    recentResultHashes: new Set(),
    noveltyExempt: new Set(options.noveltyExempt ?? []),
    claimSurface: new SurfaceMatcher(options.claimSurface ?? []),
    lastMutationStep: 0,
    currentStep: 0,
    groundedThisTurn: false,
    verifiedThisTurn: false,
    verifiedSignals: new Set(),
    goalPredicates: [...new Set(options.goalPredicates ?? [])],
    halted: false,
  };
}
