// SGI, the Semantic Grounding Index (switch.md §1): θ(r̂, q̂) / θ(r̂, ĉ), a ratio of angles.
// High SGI: the response moved away from the question toward the context.
import { GroundingInputError } from '../model';
import { splitPassages, type Encoder, type Passage, type PassageOptions } from './encoder';
import { angleBetweenUnits, hasDirection, unit, type Vector } from './vector';

/** Below this an angle counts as zero (the response coincides with the question or context). */
export const ANGLE_EPSILON = 1e-8;
/** SGI when the response coincides with the context: maximally grounded. */
export const SGI_COINCIDES_WITH_CONTEXT = 10;

export interface SgiResult {
  method: 'sgi';
  value: number;
  /** tanh(max(0, SGI − 0.3)); for display only. */
  normalized: number;
  /** True when SGI < the review threshold, or the geometry is degenerate. */
  flagged: boolean;
  /** θ(r̂, q̂) in radians; NaN when an embedding had no direction. */
  q_dist: number;
  /** θ(r̂, ĉ) in radians; NaN when an embedding had no direction. */
  ctx_dist: number;
  /** Why the value is a fixed one rather than the ratio, when it is. */
  note?: string;
}

export function sgiNormalized(value: number): number {
  return Math.tanh(Math.max(0, value - 0.3));
}

/** SGI from three embeddings, with the spec's order of checks after the emptiness check. */
export function sgiFromEmbeddings(question: Vector, context: Vector, response: Vector, reviewThreshold: number): SgiResult {
  return sgiFromUnits(unitOrNull(question), unitOrNull(context), unitOrNull(response), reviewThreshold);
}

/**
 * Unit vectors by vector, computed once each: one response is scored against every passage, and
 * in the switch every claim against the same passages. Null: the vector has no direction.
 */
export class UnitVectors {
  private readonly units = new WeakMap<Vector, Float64Array | null>();

  of(vector: Vector): Float64Array | null {
    let u = this.units.get(vector);
    if (u === undefined) this.units.set(vector, (u = unitOrNull(vector)));
    return u;
  }
}

function unitOrNull(vector: Vector): Float64Array | null {
  return hasDirection(vector) ? unit(vector) : null;
}

/** sgiFromEmbeddings on unit vectors (null: no direction). */
function sgiFromUnits(q: Float64Array | null, c: Float64Array | null, r: Float64Array | null, reviewThreshold: number): SgiResult {
  if (!q || !c || !r) {
    return sgiResult(0, true, Number.NaN, Number.NaN, 'an embedding is zero or not finite');
  }
  const qDist = angleBetweenUnits(r, q);
  const ctxDist = angleBetweenUnits(r, c);
  if (ctxDist < ANGLE_EPSILON) return sgiResult(SGI_COINCIDES_WITH_CONTEXT, false, qDist, ctxDist, 'response coincides with the context');
  if (qDist < ANGLE_EPSILON) return sgiResult(0, true, qDist, ctxDist, 'response coincides with the question');
  const value = qDist / ctxDist;
  return sgiResult(value, value < reviewThreshold, qDist, ctxDist);
}

function sgiResult(value: number, flagged: boolean, qDist: number, ctxDist: number, note?: string): SgiResult {
  return {
    method: 'sgi',
    value,
    normalized: sgiNormalized(value),
    flagged,
    q_dist: qDist,
    ctx_dist: ctxDist,
    ...(note ? { note } : {}),
  };
}

/** SGI against one of several context passages. */
export interface BestChunkSgi extends SgiResult {
  /** Index of the winning passage in `passages`. */
  chunk: number;
  passages: Passage[];
}

/**
 * Scores the response against each passage and keeps the best (several contexts are never
 * concatenated). `units` may be shared between calls on the same vectors.
 */
export function bestSgiOverChunks(
  question: Vector,
  contexts: readonly Vector[],
  response: Vector,
  reviewThreshold: number,
  units = new UnitVectors(),
): { result: SgiResult; index: number } {
  if (contexts.length === 0) throw new GroundingInputError('no context passage to score against', 'context');
  let best: { result: SgiResult; index: number } | undefined;
  const q = units.of(question);
  const r = units.of(response);
  contexts.forEach((context, index) => {
    const result = sgiFromUnits(q, units.of(context), r, reviewThreshold);
    if (!best || result.value > best.result.value) best = { result, index };
  });
  return best!;
}

export interface ComputeSgiInput {
  question: string;
  /** One context or several (e.g. several evidence files); each is split into passages. */
  context: string | readonly string[];
  response: string;
  encoder: Encoder;
  reviewThreshold: number;
  passageOptions?: PassageOptions;
  signal?: AbortSignal;
}

/** Embeds question, passages and response in one encoder call and returns the best-passage SGI. */
export async function computeSgi(input: ComputeSgiInput): Promise<BestChunkSgi> {
  requireText(input.question, 'question');
  requireText(input.response, 'response');
  const contexts = typeof input.context === 'string' ? [input.context] : input.context;
  const passages = contexts.flatMap((context) => splitPassages(context, input.passageOptions));
  if (passages.length === 0) throw new GroundingInputError('must not be empty', 'context');
  const [question, response, ...chunks] = await input.encoder.embed(
    [input.question, input.response, ...passages.map((p) => p.text)],
    input.signal,
  );
  const { result, index } = bestSgiOverChunks(question, chunks, response, input.reviewThreshold);
  return { ...result, chunk: index, passages };
}

export function requireText(text: string | undefined, name: string): asserts text is string {
  if (typeof text !== 'string' || text.trim() === '') throw new GroundingInputError('must not be empty', name);
}
