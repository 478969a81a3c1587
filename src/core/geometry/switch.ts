// The GroundingSwitch (switch.md §5): turns a geometric score into a control action — may this
// response be written into agent / RAG state? Deterministic; never calls a model.
import { GroundingInputError } from '../model';
import { check, levelOf, type Check, type CheckLevel } from './check';
import type { DgiResult } from './dgi';
import type { SgiResult } from './sgi';
import { REFERENCE_THRESHOLDS, formatThreshold, type GeometryThresholds } from './thresholds';

export const SWITCH_ACTIONS = ['accept', 'reject', 'fallback', 'regenerate', 'escalate'] as const;
export type SwitchAction = (typeof SWITCH_ACTIONS)[number];
export const ON_REJECT_ACTIONS = ['fallback', 'reject', 'regenerate', 'escalate'] as const;
export type OnRejectAction = (typeof ON_REJECT_ACTIONS)[number];

export interface GroundingSwitchOptions {
  accept_threshold_sgi?: number;
  reject_threshold_sgi?: number;
  accept_threshold_dgi?: number;
  /** Case-insensitive; `accept` is not allowed. Default `fallback`. */
  on_reject?: string;
}

/** A score the switch does not interpret (e.g. a consistency check): it always escalates. */
export interface OtherScore {
  method: string;
  value: number;
}

export interface SwitchDecision {
  readonly action: SwitchAction;
  readonly write_to_state: boolean;
  readonly reason: string;
  /** The geometric check under the switch's thresholds; absent for non-geometric scores. */
  readonly check?: Check;
  readonly score: number;
  readonly method: string;
  readonly level: CheckLevel;
}

export function parseOnReject(value: string | undefined): OnRejectAction {
  if (value === undefined) return 'fallback';
  const normalized = String(value).trim().toLowerCase();
  if (normalized === 'accept') {
    throw new GroundingInputError('accept is not a valid on_reject action (expected one of fallback, reject, regenerate, escalate)', 'on_reject');
  }
  if (!(ON_REJECT_ACTIONS as readonly string[]).includes(normalized)) {
    throw new GroundingInputError(`expected one of ${ON_REJECT_ACTIONS.join(', ')}, got ${JSON.stringify(value)}`, 'on_reject');
  }
  return normalized as OnRejectAction;
}

export class GroundingSwitch {
  readonly thresholds: Readonly<GeometryThresholds>;
  readonly onReject: OnRejectAction;

  constructor(options: GroundingSwitchOptions = {}) {
    const accept = options.accept_threshold_sgi ?? REFERENCE_THRESHOLDS.sgi_strong_pass;
    const reject = options.reject_threshold_sgi ?? REFERENCE_THRESHOLDS.sgi_review;
    const acceptDgi = options.accept_threshold_dgi ?? REFERENCE_THRESHOLDS.dgi_pass;
    for (const [name, value] of [
      ['accept_threshold_sgi', accept],
      ['reject_threshold_sgi', reject],
      ['accept_threshold_dgi', acceptDgi],
    ] as const) {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new GroundingInputError(`must be a finite number, got ${String(value)}`, name);
    }
    if (reject > accept) throw new GroundingInputError(`reject_threshold_sgi (${reject}) must be <= accept_threshold_sgi (${accept}).`);
    this.onReject = parseOnReject(options.on_reject);
    this.thresholds = Object.freeze({ sgi_strong_pass: accept, sgi_review: reject, dgi_pass: acceptDgi });
  }

  /** A switch whose cuts are the given geometry thresholds (e.g. an encoder's calibrated defaults). */
  static fromThresholds(thresholds: GeometryThresholds, onReject?: string): GroundingSwitch {
    return new GroundingSwitch({
      accept_threshold_sgi: thresholds.sgi_strong_pass,
      reject_threshold_sgi: thresholds.sgi_review,
      accept_threshold_dgi: thresholds.dgi_pass,
      on_reject: onReject,
    });
  }

  decide(score: SgiResult | DgiResult | OtherScore): SwitchDecision {
    if (score.method !== 'sgi' && score.method !== 'dgi') {
      return freeze({
        action: 'escalate',
        reason: `${score.method} is not a geometric score; the switch does not interpret it — escalate.`,
        score: score.value,
        method: score.method,
        level: 'review',
      });
    }
    const geometric = score as SgiResult | DgiResult;
    const t = this.thresholds;
    const value = geometric.value.toFixed(3);
    const level = levelOf(geometric, t);
    const verdict = check(geometric, t);
    const base = { check: verdict, score: geometric.value, method: geometric.method, level };
    if (geometric.method === 'sgi') {
      const accept = formatThreshold(t.sgi_strong_pass);
      const reject = formatThreshold(t.sgi_review);
      if (level === 'ok') return freeze({ ...base, action: 'accept', reason: `SGI=${value} >= ${accept} (strong grounding); safe to write into state.` });
      if (level === 'risk') {
        return freeze({ ...base, action: this.onReject, reason: `SGI=${value} < ${reject} (weak/absent grounding); action=${this.onReject}.` });
      }
      return freeze({
        ...base,
        action: 'escalate',
        reason: `SGI=${value} in uncertain band [${reject}, ${accept}); geometry cannot settle — escalate.`,
      });
    }
    const pass = formatThreshold(t.dgi_pass);
    if (level === 'ok') return freeze({ ...base, action: 'accept', reason: `DGI=${value} >= ${pass} (aligned with the grounding direction); safe to write into state.` });
    return freeze({ ...base, action: this.onReject, reason: `DGI=${value} < ${pass} (off the grounding direction); action=${this.onReject}.` });
  }
}

/** write_to_state is derived here, once: true only for accept. */
function freeze(decision: Omit<SwitchDecision, 'write_to_state'>): SwitchDecision {
  return Object.freeze({ ...decision, write_to_state: decision.action === 'accept' });
}
