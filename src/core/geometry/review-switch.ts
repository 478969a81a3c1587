// The GroundingSwitch as a stage of the review: the report is the response, the evidence files
// are the context (split into passages, best passage wins), the question comes from the caller.
// With no evidence the switch falls back to DGI. Never throws for an encoder problem: the
// result then says why the switch was not computed.
import { GroundingInputError } from '../model';
import { check, type CheckLevel } from './check';
import { dgiFromEmbeddings, localDirection, shippedDirection, shippedReference, type DgiResult } from './dgi';
import { splitPassages, type Encoder, type Passage } from './encoder';
import { bestSgiOverChunks, UnitVectors, type SgiResult } from './sgi';
import { GroundingSwitch, type SwitchAction } from './switch';
import { defaultThresholdsFor, localDgiDefaultsFor, validateGeometryThresholds, type GeometryThresholds } from './thresholds';
import type { Vector } from './vector';

/** Most passages scored per review; beyond it the passages sharing most words with the report are kept. */
export const DEFAULT_MAX_PASSAGES = 64;

export interface SwitchOptions {
  encoder: Encoder;
  /** Overrides per cut; a missing or null cut keeps the encoder's calibrated cut, else the reference one. */
  thresholds?: { [K in keyof GeometryThresholds]?: number | null };
  /** fallback (default) | reject | regenerate | escalate, case-insensitive. */
  onReject?: string;
  /** DGI variant when there is no evidence: the global direction (default) or the local-k one. */
  dgi?: 'global' | 'local';
  /** A DGI grounding direction derived for this encoder (overrides the shipped one). */
  direction?: Vector;
  maxPassages?: number;
}

export interface SwitchInput extends SwitchOptions {
  report: string;
  evidenceTexts: readonly string[];
  question?: string;
  /** Per-claim detail: each claim against its best evidence passage (or DGI without evidence). */
  claims?: readonly { id: string; text: string }[];
  signal?: AbortSignal;
}

export interface ClaimGeometry {
  id: string;
  method: 'sgi' | 'dgi';
  score: number;
  level: CheckLevel;
  /** The claim's best evidence passage: its evidence source index and offsets. */
  passage?: { source: number; start: number; end: number };
}

export interface ReviewSwitch {
  computed: true;
  method: 'sgi' | 'dgi';
  score: number;
  normalized: number;
  action: SwitchAction;
  write_to_state: boolean;
  level: CheckLevel;
  label: string;
  /** check().line(), for logs and the audit trail. */
  line: string;
  reason: string;
  thresholds: GeometryThresholds & { source: 'calibrated' | 'reference' | 'custom' };
  on_reject: string;
  encoder: string;
  /** Why the value is a fixed one rather than the formula's, when it is (degenerate geometry). */
  note?: string;
  /** SGI: how many passages were scored, of how many, and which won. */
  passages?: { scored: number; total: number; best: { source: number; start: number; end: number } };
  /** DGI: the direction used. */
  direction?: 'global' | `local-k=${number}`;
  per_claim?: ClaimGeometry[];
}

export interface SwitchNotComputed {
  computed: false;
  reason: string;
  encoder?: string;
}

interface SourcedPassage extends Passage {
  source: number;
}

/** Computes the switch for a report; see the file comment. Rejects only on abort or invalid options. */
export async function computeSwitch(input: SwitchInput): Promise<ReviewSwitch | SwitchNotComputed> {
  const { thresholds, source } = resolveThresholds(input.encoder.id, input.thresholds);
  const sw = GroundingSwitch.fromThresholds(thresholds, input.onReject);
  const question = input.question?.trim();
  if (!question) return { computed: false, reason: 'no question: give one with --question or a front matter `question:`', encoder: input.encoder.id };
  if (!input.report.trim()) return { computed: false, reason: 'the report is empty', encoder: input.encoder.id };

  const allPassages: SourcedPassage[] = input.evidenceTexts.flatMap((text, source) => splitPassages(text).map((p) => ({ ...p, source })));
  const passages = selectPassages(allPassages, `${question}\n${input.report}`, input.maxPassages ?? DEFAULT_MAX_PASSAGES);
  const claims = input.claims?.filter((claim) => claim.text.trim() !== '') ?? [];

  let vectors: Float32Array[];
  try {
    vectors = await input.encoder.embed([question, input.report.trim(), ...passages.map((p) => p.text), ...claims.map((c) => c.text)], input.signal);
  } catch (error) {
    if (input.signal?.aborted) throw input.signal.reason ?? error;
    return { computed: false, reason: `encoder unavailable: ${error instanceof Error ? error.message : String(error)}`, encoder: input.encoder.id };
  }
  const [questionVector, reportVector] = vectors;
  const passageVectors = vectors.slice(2, 2 + passages.length);
  const claimVectors = vectors.slice(2 + passages.length);
  const base = { computed: true as const, thresholds: { ...thresholds, source }, on_reject: sw.onReject, encoder: input.encoder.id };

  if (passages.length > 0) {
    // The question's and the passages' unit vectors are computed once for the report and every claim.
    const units = new UnitVectors();
    const { result, index } = bestSgiOverChunks(questionVector, passageVectors, reportVector, thresholds.sgi_review, units);
    const perClaim = claims.map((claim, i): ClaimGeometry => {
      const best = bestSgiOverChunks(questionVector, passageVectors, claimVectors[i], thresholds.sgi_review, units);
      return { id: claim.id, method: 'sgi', score: best.result.value, level: check(best.result, thresholds).level, passage: where(passages[best.index]) };
    });
    return {
      ...base,
      ...decisionFields(sw, result),
      passages: { scored: passages.length, total: allPassages.length, best: where(passages[index]) },
      ...(claims.length > 0 ? { per_claim: perClaim } : {}),
    };
  }

  const dgi = dgiDirection(input, questionVector);
  if (typeof dgi === 'string') return { computed: false, reason: dgi, encoder: input.encoder.id };
  const passDgi = dgi.pass ?? thresholds.dgi_pass;
  const swDgi = dgi.pass === undefined ? sw : GroundingSwitch.fromThresholds({ ...thresholds, dgi_pass: passDgi }, input.onReject);
  const result = dgiFromEmbeddings(questionVector, reportVector, dgi.direction, passDgi);
  const perClaim = claims.map((claim, i): ClaimGeometry => {
    const claimResult = dgiFromEmbeddings(questionVector, claimVectors[i], dgi.direction, passDgi);
    return { id: claim.id, method: 'dgi', score: claimResult.value, level: check(claimResult, { ...thresholds, dgi_pass: passDgi }).level };
  });
  return {
    ...base,
    thresholds: { ...thresholds, dgi_pass: passDgi, source },
    ...decisionFields(swDgi, result),
    direction: dgi.label,
    ...(claims.length > 0 ? { per_claim: perClaim } : {}),
  };
}

function decisionFields(sw: GroundingSwitch, result: SgiResult | DgiResult) {
  const decision = sw.decide(result);
  return {
    method: result.method,
    score: result.value,
    normalized: result.normalized,
    action: decision.action,
    write_to_state: decision.write_to_state,
    level: decision.level,
    label: decision.check!.label,
    line: decision.check!.line(),
    reason: decision.reason,
    ...(result.note ? { note: result.note } : {}),
  };
}

function dgiDirection(
  input: SwitchInput,
  question: Vector,
): { direction: Vector; label: ReviewSwitch['direction']; pass?: number } | string {
  if (input.dgi === 'local' && input.direction === undefined) {
    const reference = shippedReference(input.encoder.id);
    const local = localDgiDefaultsFor(input.encoder.id);
    if (reference && local) {
      // The local variant has its own calibrated cut unless the caller set one.
      const pass = input.thresholds?.dgi_pass ?? local.dgi_pass;
      return { direction: localDirection(question, reference, local.k), label: `local-k=${local.k}`, pass };
    }
  }
  const direction = input.direction ?? shippedDirection(input.encoder.id);
  if (!direction) return `no evidence, and no DGI grounding direction is derived for encoder ${input.encoder.id}`;
  return { direction, label: 'global' };
}

function resolveThresholds(
  encoderId: string,
  overrides: SwitchOptions['thresholds'],
): { thresholds: GeometryThresholds; source: 'calibrated' | 'reference' | 'custom' } {
  const defaults = defaultThresholdsFor(encoderId);
  const given = Object.fromEntries(Object.entries(overrides ?? {}).filter(([, v]) => v !== undefined && v !== null));
  const unknown = Object.keys(given).filter((key) => !(key in defaults.thresholds));
  if (unknown.length > 0) throw new GroundingInputError(`unknown threshold ${unknown.join(', ')}`, 'thresholds');
  const thresholds = validateGeometryThresholds({ ...defaults.thresholds, ...given });
  return { thresholds, source: Object.keys(given).length > 0 ? 'custom' : defaults.source };
}

function where(passage: SourcedPassage): { source: number; start: number; end: number } {
  return { source: passage.source, start: passage.start, end: passage.end };
}

/**
 * Keeps at most `max` passages, preferring those that share the most distinct words with the
 * report and question, in their original order — so 10,000 log lines do not mean 10,000 embeddings.
 */
export function selectPassages<P extends Passage>(passages: readonly P[], query: string, max: number): P[] {
  if (passages.length <= max) return [...passages];
  const queryWords = new Set(words(query));
  const ranked = passages
    .map((passage, index) => ({ index, overlap: words(passage.text).filter((w) => queryWords.has(w)).length }))
    .sort((a, b) => b.overlap - a.overlap || a.index - b.index)
    .slice(0, Math.max(1, max))
    .map(({ index }) => index)
    .sort((a, b) => a - b);
  return ranked.map((index) => passages[index]);
}

function words(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}._:-]*/gu) ?? [])];
}

/** One line for text output: the verdict and the action, or why the switch was not computed. */
export function describeSwitch(result: ReviewSwitch | SwitchNotComputed): string {
  if (!result.computed) return `Switch: not computed (${result.reason})`;
  const write = result.write_to_state ? 'write to state' : 'do not write to state';
  return `Switch: ${result.line} → ${result.action}, ${write} [${result.thresholds.source} thresholds, ${result.encoder}]\n        ${result.reason}`;
}
