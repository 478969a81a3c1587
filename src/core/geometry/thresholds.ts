// Geometry thresholds: the reference cuts (another encoder's) and the cuts calibrated for ours.
import { GroundingInputError } from '../model';
import calibrated from './data/calibrated-thresholds.json';

/** The three cuts every geometric verdict uses (switch.md §1, §2, §4). */
export interface GeometryThresholds {
  /** SGI ≥ this → accept / "Supported by the document". */
  sgi_strong_pass: number;
  /** SGI < this → on_reject / "Not supported by the document"; in between → escalate. */
  sgi_review: number;
  /** DGI ≥ this → accept / "Looks grounded". */
  dgi_pass: number;
}

/** The reference thresholds (sentence-t5-large). Only the default for encoders nobody calibrated. */
export const REFERENCE_THRESHOLDS: Readonly<GeometryThresholds> = Object.freeze({
  sgi_strong_pass: 1.2,
  sgi_review: 0.95,
  dgi_pass: 0.525,
});

export interface ThresholdsWithSource {
  thresholds: GeometryThresholds;
  /** `calibrated` when fitted for this encoder (see docs/calibration.md), else `reference`. */
  source: 'calibrated' | 'reference';
}

interface CalibratedEntry {
  sgi_strong_pass: number;
  sgi_review: number;
  dgi_pass: number;
  dgi_local?: { k: number; dgi_pass: number };
}

const calibratedByEncoder = (calibrated as { encoders: Record<string, CalibratedEntry> }).encoders;

/** The default thresholds for an encoder: its calibrated cuts when shipped, else the reference ones. */
export function defaultThresholdsFor(encoderId: string): ThresholdsWithSource {
  const entry = Object.hasOwn(calibratedByEncoder, encoderId) ? calibratedByEncoder[encoderId] : undefined;
  if (!entry) return { thresholds: { ...REFERENCE_THRESHOLDS }, source: 'reference' };
  return {
    thresholds: { sgi_strong_pass: entry.sgi_strong_pass, sgi_review: entry.sgi_review, dgi_pass: entry.dgi_pass },
    source: 'calibrated',
  };
}

/** Finite cuts with sgi_review ≤ sgi_strong_pass; the message names the offending field. */
export function validateGeometryThresholds(thresholds: GeometryThresholds): GeometryThresholds {
  for (const key of ['sgi_strong_pass', 'sgi_review', 'dgi_pass'] as const) {
    const value = thresholds[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new GroundingInputError(`must be a finite number, got ${String(value)}`, key);
    }
  }
  if (thresholds.sgi_review > thresholds.sgi_strong_pass) {
    throw new GroundingInputError(
      `sgi_review (${thresholds.sgi_review}) must be <= sgi_strong_pass (${thresholds.sgi_strong_pass})`,
      'sgi_review',
    );
  }
  return thresholds;
}

/** Thresholds as people read them: at least two decimals (1.20), more only when needed (0.525). */
export function formatThreshold(value: number): string {
  let text = value.toFixed(4);
  while (text.endsWith('0') && text.length - text.indexOf('.') > 3) text = text.slice(0, -1);
  return text;
}

/** The calibrated local-k DGI variant of an encoder (its k and its own pass cut), when shipped. */
export function localDgiDefaultsFor(encoderId: string): { k: number; dgi_pass: number } | undefined {
  const entry = Object.hasOwn(calibratedByEncoder, encoderId) ? calibratedByEncoder[encoderId] : undefined;
  return entry?.dgi_local ? { k: entry.dgi_local.k, dgi_pass: entry.dgi_local.dgi_pass } : undefined;
}
