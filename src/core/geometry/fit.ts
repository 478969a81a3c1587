// Calibration (switch.md §4): score labelled examples, fit the cuts by Youden's J plus a
// high-precision strong-pass cut, and measure any cuts on held-out data (AUROC, balanced
// accuracy, confusion counts). Label 1 = ungrounded; high scores mean grounded.
import { z } from 'zod';
import { GroundingInputError, formatZodError } from '../model';
import type { InputWarning } from '../review-types';
import { computeDgi, shippedDirection } from './dgi';
import { splitPassages, type Encoder } from './encoder';
import { computeSgi } from './sgi';
import type { GeometryThresholds } from './thresholds';
import type { Vector } from './vector';

export const LabelledExampleSchema = z.object({
  question: z.string().trim().min(1, 'must not be empty'),
  response: z.string().trim().min(1, 'must not be empty'),
  context: z.union([z.string(), z.array(z.string())]).optional(),
  label: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (grounded) or 1 (ungrounded)' }),
});
export type LabelledExample = z.infer<typeof LabelledExampleSchema>;

/** Parses JSON Lines of labelled examples; a bad line becomes a warning with its number and is skipped. */
export function parseLabelledJsonl(text: string, file: string): { examples: LabelledExample[]; warnings: InputWarning[] } {
  const examples: LabelledExample[] = [];
  const warnings: InputWarning[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      warnings.push({ file, line, message: `invalid JSON (${(error as Error).message})` });
      return;
    }
    const parsed = LabelledExampleSchema.safeParse(value);
    if (parsed.success) examples.push(parsed.data);
    else warnings.push({ file, line, message: formatZodError(parsed.error) });
  });
  return { examples, warnings };
}

/** One example's scores: SGI when it has a context, DGI when a direction exists. */
export interface ScoredExample {
  label: 0 | 1;
  sgi?: number;
  dgi?: number;
}

export interface ScoreExamplesOptions {
  /** DGI direction; defaults to the one shipped for the encoder (none → no DGI). */
  direction?: Vector;
  /** Score DGI with the local variant over the shipped reference set. */
  localK?: number;
  signal?: AbortSignal;
}

export async function scoreExamples(examples: readonly LabelledExample[], encoder: Encoder, options: ScoreExamplesOptions = {}): Promise<ScoredExample[]> {
  const direction = options.direction ?? shippedDirection(encoder.id);
  const canDgi = direction !== undefined || options.localK !== undefined;
  // One large batched call first fills the encoder's cache; the per-example calls then hit it.
  const texts = examples.flatMap((e) => [e.question, e.response, ...contextsOf(e).flatMap((c) => splitPassages(c).map((p) => p.text))]);
  await encoder.embed([...new Set(texts)], options.signal);
  const scored: ScoredExample[] = [];
  for (const example of examples) {
    const result: ScoredExample = { label: example.label };
    const contexts = contextsOf(example).filter((c) => c.trim() !== '');
    if (contexts.length > 0) {
      const sgi = await computeSgi({ question: example.question, context: contexts, response: example.response, encoder, reviewThreshold: 0, signal: options.signal });
      result.sgi = sgi.value;
    }
    if (canDgi) {
      const dgi = await computeDgi({ question: example.question, response: example.response, encoder, passThreshold: 0, direction: options.localK === undefined ? direction : undefined, localK: options.localK, signal: options.signal });
      result.dgi = dgi.value;
    }
    scored.push(result);
  }
  return scored;
}

function contextsOf(example: LabelledExample): string[] {
  if (example.context === undefined) return [];
  return typeof example.context === 'string' ? [example.context] : example.context;
}

/** AUROC of "higher score = grounded": P(grounded > ungrounded) with ties counted half. */
export function auroc(scores: readonly number[], labels: readonly (0 | 1)[]): number {
  const grounded = scores.filter((_, i) => labels[i] === 0);
  const ungrounded = scores.filter((_, i) => labels[i] === 1);
  if (grounded.length === 0 || ungrounded.length === 0) return Number.NaN;
  let wins = 0;
  for (const g of grounded) for (const u of ungrounded) wins += g > u ? 1 : g === u ? 0.5 : 0;
  return wins / (grounded.length * ungrounded.length);
}

/** The cuts the spec sweeps: every observed value plus max + 1, ascending. */
function candidateCuts(scores: readonly number[]): number[] {
  const unique = [...new Set(scores)].sort((a, b) => a - b);
  return [...unique, unique[unique.length - 1] + 1];
}

function splitByLabel(scores: readonly number[], labels: readonly (0 | 1)[]) {
  const grounded = scores.filter((_, i) => labels[i] === 0);
  const ungrounded = scores.filter((_, i) => labels[i] === 1);
  if (grounded.length === 0 || ungrounded.length === 0) {
    throw new GroundingInputError('needs both grounded (label 0) and ungrounded (label 1) examples', 'label');
  }
  return { grounded, ungrounded };
}

/** Youden's J = mean(grounded ≥ t) + mean(ungrounded < t), maximised; ties → the lowest cut. */
export function youdenCut(scores: readonly number[], labels: readonly (0 | 1)[]): { cut: number; j: number } {
  const { grounded, ungrounded } = splitByLabel(scores, labels);
  let best = { cut: Number.NaN, j: -Infinity };
  for (const t of candidateCuts(scores)) {
    const j = grounded.filter((s) => s >= t).length / grounded.length + ungrounded.filter((s) => s < t).length / ungrounded.length;
    if (j > best.j) best = { cut: t, j };
  }
  return best;
}

/**
 * The lowest swept cut whose accepted set (score ≥ t) is at least `target` grounded. The last
 * candidate, max + 1, accepts nothing and so makes no false accept: when no real cut reaches
 * the target it is the answer (`reached: false`) — better never to accept than to accept wrongly.
 */
export function highPrecisionCut(scores: readonly number[], labels: readonly (0 | 1)[], target = 0.95): { cut: number; precision: number | null; reached: boolean } {
  splitByLabel(scores, labels);
  const cuts = candidateCuts(scores);
  for (const t of cuts.slice(0, -1)) {
    const accepted = labels.filter((_, i) => scores[i] >= t);
    const precision = accepted.filter((label) => label === 0).length / accepted.length;
    if (precision >= target) return { cut: t, precision, reached: true };
  }
  return { cut: cuts[cuts.length - 1], precision: null, reached: false };
}

export interface ThresholdFit {
  sgi_review: number | null;
  sgi_strong_pass: number | null;
  dgi_pass: number | null;
  n: number;
  n_sgi: number;
  n_dgi: number;
  metric: 'youden_j';
  in_sample: true;
  /** Precision on grounded at the strong-pass cut, and the target it aimed for. */
  strong_pass_precision: number | null;
  strong_pass_target: number;
  notes: string[];
}

/** Fits the cuts from scores already computed (the part of fitThresholds that needs no encoder). */
export function fitFromScores(scored: readonly ScoredExample[], strongPassTarget = 0.95): ThresholdFit {
  const sgi = scored.filter((s) => s.sgi !== undefined);
  const dgi = scored.filter((s) => s.dgi !== undefined);
  const notes: string[] = [];
  const fit: ThresholdFit = {
    sgi_review: null,
    sgi_strong_pass: null,
    dgi_pass: null,
    n: scored.length,
    n_sgi: sgi.length,
    n_dgi: dgi.length,
    metric: 'youden_j',
    in_sample: true,
    strong_pass_precision: null,
    strong_pass_target: strongPassTarget,
    notes,
  };
  if (sgi.length > 0) {
    const scores = sgi.map((s) => s.sgi!);
    const labels = sgi.map((s) => s.label);
    fit.sgi_review = youdenCut(scores, labels).cut;
    const strong = highPrecisionCut(scores, labels, strongPassTarget);
    if (!strong.reached) notes.push(`no SGI cut reaches ${strongPassTarget} precision on grounded; strong pass set above every score (accepts nothing)`);
    fit.sgi_strong_pass = Math.max(strong.cut, fit.sgi_review);
    if (strong.cut < fit.sgi_review) notes.push('the high-precision cut fell below the review cut; strong pass raised to the review cut');
    fit.strong_pass_precision = nullIfNaN(precisionAt(scores, labels, fit.sgi_strong_pass));
  } else notes.push('no example has a context: SGI not fitted');
  if (dgi.length > 0) fit.dgi_pass = youdenCut(dgi.map((s) => s.dgi!), dgi.map((s) => s.label)).cut;
  else notes.push('no grounding direction for this encoder: DGI not fitted');
  return fit;
}

function nullIfNaN(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}

function precisionAt(scores: readonly number[], labels: readonly (0 | 1)[], cut: number): number {
  const accepted = labels.filter((_, i) => scores[i] >= cut);
  return accepted.length === 0 ? Number.NaN : accepted.filter((l) => l === 0).length / accepted.length;
}

export async function fitThresholds(examples: readonly LabelledExample[], encoder: Encoder, options: ScoreExamplesOptions & { strongPassTarget?: number } = {}): Promise<ThresholdFit> {
  return fitFromScores(await scoreExamples(examples, encoder, options), options.strongPassTarget);
}

/** Confusion counts with "ungrounded" as the positive class: flagged when score < cut. */
export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export interface ScoreFigures {
  n: number;
  auroc: number;
  cut: number;
  balanced_accuracy: number;
  confusion: Confusion;
}

export function figuresAt(scores: readonly number[], labels: readonly (0 | 1)[], cut: number): ScoreFigures {
  const confusion: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  scores.forEach((s, i) => {
    const flagged = s < cut;
    if (labels[i] === 1) confusion[flagged ? 'tp' : 'fn']++;
    else confusion[flagged ? 'fp' : 'tn']++;
  });
  const tpr = confusion.tp / (confusion.tp + confusion.fn);
  const tnr = confusion.tn / (confusion.tn + confusion.fp);
  return { n: scores.length, auroc: auroc(scores, labels), cut, balanced_accuracy: (tpr + tnr) / 2, confusion };
}

export interface EvaluationFigures {
  sgi?: ScoreFigures & { strong_pass: number; accepted: number; accepted_precision: number | null };
  dgi?: ScoreFigures;
}

/** Measures given cuts on scored examples (held-out data for honest figures). */
export function evaluateThresholds(scored: readonly ScoredExample[], thresholds: GeometryThresholds): EvaluationFigures {
  const out: EvaluationFigures = {};
  const sgi = scored.filter((s) => s.sgi !== undefined);
  if (sgi.length > 0) {
    const scores = sgi.map((s) => s.sgi!);
    const labels = sgi.map((s) => s.label);
    out.sgi = {
      ...figuresAt(scores, labels, thresholds.sgi_review),
      strong_pass: thresholds.sgi_strong_pass,
      accepted: scores.filter((s) => s >= thresholds.sgi_strong_pass).length,
      accepted_precision: nullIfNaN(precisionAt(scores, labels, thresholds.sgi_strong_pass)),
    };
  }
  const dgi = scored.filter((s) => s.dgi !== undefined);
  if (dgi.length > 0) out.dgi = figuresAt(dgi.map((s) => s.dgi!), dgi.map((s) => s.label), thresholds.dgi_pass);
  return out;
}
