// Classification metrics for the evaluations: binary (balanced accuracy, F1 of the positive
// class, confusion matrix) and multi-class (accuracy, per-class precision/recall/F1, macro-F1).
import { seededRandom } from '../../src/core/random';

export interface BinaryCounts {
  truePositive: number;
  falsePositive: number;
  trueNegative: number;
  falseNegative: number;
}

export function binaryCounts(pairs: Iterable<{ actual: boolean; predicted: boolean }>): BinaryCounts {
  const counts: BinaryCounts = { truePositive: 0, falsePositive: 0, trueNegative: 0, falseNegative: 0 };
  for (const { actual, predicted } of pairs) {
    if (actual && predicted) counts.truePositive++;
    else if (actual) counts.falseNegative++;
    else if (predicted) counts.falsePositive++;
    else counts.trueNegative++;
  }
  return counts;
}

export interface BinaryMetrics {
  n: number;
  recall: number;
  specificity: number;
  precision: number;
  f1: number;
  balancedAccuracy: number;
  accuracy: number;
}

/** Ratios are 0 when their denominator is 0 (nothing to measure counts as not achieved). */
function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}

export function binaryMetrics(c: BinaryCounts): BinaryMetrics {
  const n = c.truePositive + c.falsePositive + c.trueNegative + c.falseNegative;
  const recall = ratio(c.truePositive, c.truePositive + c.falseNegative);
  const specificity = ratio(c.trueNegative, c.trueNegative + c.falsePositive);
  const precision = ratio(c.truePositive, c.truePositive + c.falsePositive);
  return {
    n,
    recall,
    specificity,
    precision,
    f1: ratio(2 * precision * recall, precision + recall),
    balancedAccuracy: (recall + specificity) / 2,
    accuracy: ratio(c.truePositive + c.trueNegative, n),
  };
}

export interface ClassMetrics {
  label: string;
  support: number;
  predicted: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface MultiClassMetrics {
  n: number;
  accuracy: number;
  perClass: ClassMetrics[];
  /** Mean F1 over the classes that occur in the gold labels. */
  macroF1: number;
}

export function multiClassMetrics(labels: readonly string[], pairs: ReadonlyArray<{ actual: string; predicted: string }>): MultiClassMetrics {
  const perClass = labels.map((label) => {
    const support = pairs.filter((p) => p.actual === label).length;
    const predicted = pairs.filter((p) => p.predicted === label).length;
    const correct = pairs.filter((p) => p.actual === label && p.predicted === label).length;
    const precision = ratio(correct, predicted);
    const recall = ratio(correct, support);
    return { label, support, predicted, precision, recall, f1: ratio(2 * precision * recall, precision + recall) };
  });
  const present = perClass.filter((c) => c.support > 0);
  return {
    n: pairs.length,
    accuracy: ratio(pairs.filter((p) => p.actual === p.predicted).length, pairs.length),
    perClass,
    macroF1: present.length === 0 ? 0 : present.reduce((sum, c) => sum + c.f1, 0) / present.length,
  };
}

/**
 * A percentile bootstrap interval of `statistic` over whole groups (cases), not single items:
 * claims of one case share its writer and evidence, so resampling claims would overstate how
 * much a dozen cases pin the figure down. Seeded, so a run prints the same interval every time.
 */
export function bootstrapByGroup<T>(
  groups: ReadonlyArray<readonly T[]>,
  statistic: (items: readonly T[]) => number,
  options: { resamples?: number; level?: number; seed?: number } = {},
): { low: number; high: number } {
  const { resamples = 2000, level = 0.95, seed = 20261130 } = options;
  if (groups.length === 0) return { low: Number.NaN, high: Number.NaN };
  const random = seededRandom(seed);
  const values: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const sample: T[] = [];
    for (let g = 0; g < groups.length; g++) sample.push(...groups[Math.floor(random() * groups.length)]!);
    values.push(statistic(sample));
  }
  values.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  const at = (q: number): number => values[Math.min(values.length - 1, Math.max(0, Math.round(q * (values.length - 1))))]!;
  return { low: at(tail), high: at(1 - tail) };
}

export function fixed(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** A Markdown table from a header row and body rows. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>): string {
  const line = (cells: readonly (string | number)[]): string => `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
