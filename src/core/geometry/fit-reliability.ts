// How far fitted cuts can be trusted: examples per class, and a bootstrap interval of each
// Youden cut (resampling within each class, so every resample keeps the class sizes). Two
// examples fit a cut as readily as two thousand; this says which one the user has.
import { seededRandom } from '../random';
import type { ScoredExample } from './fit';

/** Below this many examples of a class, a fitted cut is reported as unreliable. */
export const MIN_EXAMPLES_PER_CLASS = 30;

export interface CutReliability {
  cut: 'sgi_review' | 'dgi_pass';
  grounded: number;
  ungrounded: number;
  /** 95% percentile bootstrap interval of the cut; absent when a class is empty. */
  interval?: { low: number; high: number; resamples: number };
  /** Set when a class has fewer than MIN_EXAMPLES_PER_CLASS examples. */
  warning?: string;
}

export function fitReliability(scored: readonly ScoredExample[], options: { resamples?: number; seed?: number } = {}): CutReliability[] {
  const { resamples = 1000, seed = 20261202 } = options;
  const kinds = [
    { cut: 'sgi_review' as const, score: (s: ScoredExample) => s.sgi },
    { cut: 'dgi_pass' as const, score: (s: ScoredExample) => s.dgi },
  ];
  const out: CutReliability[] = [];
  for (const kind of kinds) {
    const withScore = scored.filter((s) => kind.score(s) !== undefined);
    if (withScore.length === 0) continue;
    const grounded = withScore.filter((s) => s.label === 0).map((s) => kind.score(s)!);
    const ungrounded = withScore.filter((s) => s.label === 1).map((s) => kind.score(s)!);
    const entry: CutReliability = { cut: kind.cut, grounded: grounded.length, ungrounded: ungrounded.length };
    if (grounded.length > 0 && ungrounded.length > 0) entry.interval = { ...bootstrapCut(grounded, ungrounded, resamples, seed), resamples };
    if (Math.min(grounded.length, ungrounded.length) < MIN_EXAMPLES_PER_CLASS) {
      const range = entry.interval ? `; its 95% bootstrap interval is ${entry.interval.low.toFixed(3)}–${entry.interval.high.toFixed(3)}` : '; it cannot be fitted without both classes';
      entry.warning = `${kind.cut} fitted on ${grounded.length} grounded and ${ungrounded.length} ungrounded example(s), below the ${MIN_EXAMPLES_PER_CLASS} per class a cut needs${range}: do not rely on it`;
    }
    out.push(entry);
  }
  return out;
}

function bootstrapCut(grounded: readonly number[], ungrounded: readonly number[], resamples: number, seed: number): { low: number; high: number } {
  const random = seededRandom(seed);
  const draw = (values: readonly number[]) => values.map(() => values[Math.floor(random() * values.length)]!);
  const cuts: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const g = draw(grounded);
    const u = draw(ungrounded);
    cuts.push(sweptYoudenCut(g, u));
  }
  cuts.sort((a, b) => a - b);
  const at = (q: number) => cuts[Math.min(cuts.length - 1, Math.max(0, Math.floor(q * cuts.length)))]!;
  return { low: at(0.025), high: at(0.975) };
}

/**
 * fit.ts's youdenCut in one sorted sweep (n log n, so a thousand resamples of a large set stay
 * cheap): the candidates are the distinct scores and max + 1, J is maximised, ties go to the lowest cut.
 */
export function sweptYoudenCut(grounded: readonly number[], ungrounded: readonly number[]): number {
  const points = [...grounded.map((value) => ({ value, grounded: true })), ...ungrounded.map((value) => ({ value, grounded: false }))].sort((a, b) => a.value - b.value);
  let groundedBelow = 0;
  let ungroundedBelow = 0;
  let best = { cut: Number.NaN, j: -Infinity };
  const consider = (cut: number) => {
    const j = (grounded.length - groundedBelow) / grounded.length + ungroundedBelow / ungrounded.length;
    if (j > best.j) best = { cut, j };
  };
  for (let index = 0; index < points.length; ) {
    const value = points[index]!.value;
    consider(value);
    for (; index < points.length && points[index]!.value === value; index++) {
      if (points[index]!.grounded) groundedBelow++;
      else ungroundedBelow++;
    }
  }
  consider(points[points.length - 1]!.value + 1);
  return best.cut;
}
