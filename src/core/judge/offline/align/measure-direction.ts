// Which way a measure goes, read from its name (vocabulary/polarity.json): whether a higher value
// is better (on_time_pct) or worse (downtime_min), and whether it is a length of time
// (mean_repair_h) or a speed (pieces_per_min). Words that compare or rank by what is measured —
// better, worst, faster, slowest — mean the larger or the smaller value only once the measure is known.
import { canonicalStem } from '../../../retrieval/index';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import { columnWords } from './table-alignment';
import polarity from '../vocabulary/polarity.json';

const HIGHER_BETTER = new Set(polarity.higherIsBetter.map((w) => canonicalStem(w)));
const LOWER_BETTER = new Set(polarity.lowerIsBetter.map((w) => canonicalStem(w)));
const DURATION_WORDS = new Set(polarity.durationWords);
const SPEED_WORDS = new Set(polarity.speedWords);

/** A word whose order the measure decides: better / worse by its direction, faster / slower by its kind. */
export type MeasuredOrder = 'better' | 'worse' | 'faster' | 'slower';

/** +1 when a higher value of the measure is better, -1 when lower is, 0 when its name does not say. */
export function measurePolarity(column: string): number {
  const words = columnWords(column.toLowerCase());
  const joined = words.map((_, i) => words.slice(i, i + 2).join('_'));
  const stems = new Set([...words, ...joined].map((w) => canonicalStem(w)));
  const up = [...stems].some((s) => HIGHER_BETTER.has(s));
  const down = [...stems].some((s) => LOWER_BETTER.has(s));
  return up === down ? 0 : up ? 1 : -1;
}

/** +1 when the word means the larger value of the measure ("best" on_time_pct, "slowest" repair_h), -1 the smaller, undefined when the measure does not say. */
export function largerIs(order: MeasuredOrder, measure: string): 1 | -1 | undefined {
  if (order === 'better' || order === 'worse') {
    const direction = measurePolarity(measure);
    if (direction === 0) return undefined;
    return (order === 'better') === direction > 0 ? 1 : -1;
  }
  const words = columnWords(measure.toLowerCase());
  const duration = fieldNameUnit(measure)?.dimension === 'duration' || words.some((word) => DURATION_WORDS.has(word));
  const speed = words.some((word) => SPEED_WORDS.has(word));
  if (duration === speed) return undefined;
  return (order === 'faster') === speed ? 1 : -1;
}
