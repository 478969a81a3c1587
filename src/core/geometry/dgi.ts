// DGI, the Directional Grounding Index (switch.md §2): how well the displacement from the
// question to the response lines up with the grounding direction μ̂ of verified grounded pairs.
import { GroundingInputError } from '../model';
import { type Encoder } from './encoder';
import { ANGLE_EPSILON, requireText } from './sgi';
import { dot, hasDirection, norm, subtract, unit, type Vector } from './vector';

export interface DgiResult {
  method: 'dgi';
  /** (δ/‖δ‖) · μ̂, a cosine in [−1, 1]. */
  value: number;
  /** (value + 1) / 2; for display only. */
  normalized: number;
  flagged: boolean;
  /** ‖δ‖, the length of the raw displacement. */
  magnitude: number;
  note?: string;
}

/** The unit displacement δ/‖δ‖ from question to response, or undefined when δ has no direction. */
export function unitDisplacement(question: Vector, response: Vector): Float64Array | undefined {
  const delta = subtract(response, question);
  const length = norm(delta);
  if (!Number.isFinite(length) || length < ANGLE_EPSILON) return undefined;
  return unit(delta);
}

/** μ̂: the normalised mean of unit displacements. */
export function groundingDirection(unitDisplacements: readonly Vector[]): Float64Array {
  if (unitDisplacements.length === 0) throw new GroundingInputError('needs at least one grounded pair', 'direction');
  const dim = unitDisplacements[0].length;
  const sum = new Float64Array(dim);
  for (const d of unitDisplacements) {
    if (d.length !== dim) throw new GroundingInputError(`dimension ${d.length}, expected ${dim}`, 'direction');
    for (let i = 0; i < dim; i++) sum[i] += d[i];
  }
  if (!hasDirection(sum)) throw new GroundingInputError('the displacements cancel out; no direction', 'direction');
  return unit(sum);
}

export function dgiFromEmbeddings(question: Vector, response: Vector, direction: Vector, passThreshold: number): DgiResult {
  if (question.length !== direction.length || response.length !== direction.length) {
    throw new GroundingInputError(
      `embedding dimension ${response.length} does not match the grounding direction's ${direction.length}`,
      'direction',
    );
  }
  const delta = subtract(response, question);
  const magnitude = norm(delta);
  if (!Number.isFinite(magnitude) || magnitude < ANGLE_EPSILON) {
    return { method: 'dgi', value: 0, normalized: 0.5, flagged: true, magnitude, note: 'response and question coincide (no displacement)' };
  }
  const value = Math.min(1, Math.max(-1, dot(unit(delta), direction)));
  return { method: 'dgi', value, normalized: (value + 1) / 2, flagged: value < passThreshold, magnitude };
}

/** The reference set of the local variant: unit question embeddings and unit displacements. */
export interface DgiReference {
  questions: readonly Vector[];
  displacements: readonly Vector[];
}

/** μ̂ from the k reference pairs whose questions are most similar to `question` (k clamped to [1, N]). */
export function localDirection(question: Vector, reference: DgiReference, k: number): Float64Array {
  const n = reference.questions.length;
  if (n === 0 || reference.displacements.length !== n) throw new GroundingInputError('reference set is empty or uneven', 'reference');
  const kept = Math.min(n, Math.max(1, Math.floor(Number.isFinite(k) ? k : 1)));
  const q = hasDirection(question) ? unit(question) : question;
  const ranked = reference.questions
    .map((candidate, index) => ({ index, similarity: dot(q, candidate) }))
    .sort((a, b) => b.similarity - a.similarity || a.index - b.index);
  return groundingDirection(ranked.slice(0, kept).map(({ index }) => reference.displacements[index]));
}

/** The shipped direction file (written by bench/calibrate-defaults.ts). */
export interface DirectionFile {
  encoder: string;
  dim: number;
  data: { file: string; sha256: string; rows: string; n: number };
  direction: number[];
  /** The local-k reference: int8-quantised unit vectors, each with its scale (value = int8 · scale). */
  reference?: { n: number; scales_questions: number[]; scales_displacements: number[]; questions: string; displacements: string };
}

let shippedFile: DirectionFile | undefined;

/** The shipped direction file, read on first use: most runs (every review without the switch) never need its ~150 KB. */
function shippedDirectionFile(): DirectionFile {
  return (shippedFile ??= require('./data/dgi-direction.json') as DirectionFile);
}

/** The shipped μ̂ for an encoder, or undefined when none was derived for it. */
export function shippedDirection(encoderId: string): Float64Array | undefined {
  const shipped = shippedDirectionFile();
  return shipped.encoder === encoderId && shipped.direction.length > 0 ? Float64Array.from(shipped.direction) : undefined;
}

let decodedReference: DgiReference | undefined;

/** The shipped local-k reference set for an encoder, decoded on first use. */
export function shippedReference(encoderId: string): DgiReference | undefined {
  const shipped = shippedDirectionFile();
  if (shipped.encoder !== encoderId || !shipped.reference) return undefined;
  decodedReference ??= decodeReference(shipped.reference, shipped.dim);
  return decodedReference;
}

export function encodeQuantised(vectors: readonly Vector[]): { scales: number[]; data: string } {
  const dim = vectors[0]?.length ?? 0;
  const bytes = new Int8Array(vectors.length * dim);
  const scales = vectors.map((v, row) => {
    let max = 0;
    for (let i = 0; i < dim; i++) max = Math.max(max, Math.abs(v[i]));
    const scale = max > 0 ? max / 127 : 1;
    for (let i = 0; i < dim; i++) bytes[row * dim + i] = Math.round(v[i] / scale);
    return scale;
  });
  return { scales, data: Buffer.from(bytes.buffer).toString('base64') };
}

export function decodeQuantised(scales: readonly number[], data: string, dim: number): Float64Array[] {
  const bytes = new Int8Array(Buffer.from(data, 'base64'));
  return scales.map((scale, row) => {
    const v = new Float64Array(dim);
    for (let i = 0; i < dim; i++) v[i] = bytes[row * dim + i] * scale;
    return v;
  });
}

function decodeReference(reference: NonNullable<DirectionFile['reference']>, dim: number): DgiReference {
  return {
    questions: decodeQuantised(reference.scales_questions, reference.questions, dim),
    displacements: decodeQuantised(reference.scales_displacements, reference.displacements, dim),
  };
}

export interface ComputeDgiInput {
  question: string;
  response: string;
  encoder: Encoder;
  passThreshold: number;
  /** Overrides the shipped direction (e.g. one derived for another encoder). */
  direction?: Vector;
  /** Use the local variant over the shipped reference set with this k. */
  localK?: number;
  signal?: AbortSignal;
}

export async function computeDgi(input: ComputeDgiInput): Promise<DgiResult> {
  requireText(input.question, 'question');
  requireText(input.response, 'response');
  const [question, response] = await input.encoder.embed([input.question, input.response], input.signal);
  let direction: Vector | undefined = input.direction;
  if (direction === undefined && input.localK !== undefined) {
    const reference = shippedReference(input.encoder.id);
    if (reference) direction = localDirection(question, reference, input.localK);
  }
  direction ??= shippedDirection(input.encoder.id);
  if (direction === undefined) {
    throw new GroundingInputError(`no grounding direction derived for encoder ${input.encoder.id}`, 'direction');
  }
  return dgiFromEmbeddings(question, response, direction, input.passThreshold);
}
