// A multiple the series does not give: "Handovers over an hour more than tripled, to 219" where
// the month before had 88 (×2.49); "New joiners reached 1,240, three times December's intake"
// where December had 310 (×4). The claim gives at most one figure, the series the other, so the
// two points are those of the series it names (vocabulary/multiples.json).
import type { ClaimVerdict, ClaimView } from '../claim-view';
import type { Table } from '../records/tables';
import { firstTableVerdict, namedValues, statedPlainly } from '../align/table-alignment';
import { seriesOf, spanOf, type Span } from '../align/table-series';
import multiples from '../vocabulary/multiples.json';
import { twoNamedValues } from '../records/group-measures';

const escape = (phrase: string): string => phrase.replace(/\s+/g, '\\s+');
const FACTOR_WORDS = Object.keys(multiples.factors).sort((a, b) => b.length - a.length);
const HEDGES = [...multiples.above, ...multiples.below, ...multiples.approximate].sort((a, b) => b.length - a.length);
// "half an hour" is a duration, not a multiple.
const MULTIPLE_RE = new RegExp(
  `\\b(?:(${HEDGES.map(escape).join('|')})\\s+)?(${FACTOR_WORDS.map(escape).join('|')})\\b(?!\\s+(?:an?\\s+)?(?:hour|minute|second|day|week|month|year)s?\\b)`,
  'i',
);

export interface MultipleWording {
  factor: number;
  bound: 'above' | 'below' | 'approximate' | 'plain';
  wording: string;
}

export function multipleWording(text: string): MultipleWording | undefined {
  const match = MULTIPLE_RE.exec(text);
  if (!match) return undefined;
  const factor = (multiples.factors as Record<string, number>)[match[2]!.toLowerCase().replace(/\s+/g, ' ')];
  if (factor === undefined) return undefined;
  const hedge = match[1]?.toLowerCase().replace(/\s+/g, ' ');
  const bound = hedge === undefined ? 'plain' : multiples.above.includes(hedge) ? 'above' : multiples.below.includes(hedge) ? 'below' : 'approximate';
  return { factor, bound, wording: match[0] };
}

/** Whether a ratio is the multiple a claim words. */
export function multipleHolds(claimed: MultipleWording, actual: number): boolean {
  const { factor, bound } = claimed;
  // Halving is read the other way up: ×0.5 is "half", so 0.4 is "more than halved".
  const [ratio, target] = factor < 1 ? [1 / actual, 1 / factor] : [actual, factor];
  if (bound === 'above') return ratio > target;
  if (bound === 'below') return ratio < target && ratio >= target * 0.8;
  const slack = bound === 'approximate' ? multiples.tolerance.approximate : multiples.tolerance.plain;
  return Math.abs(ratio - target) <= slack * target;
}

export function contradictTableMultiple(view: ClaimView): ClaimVerdict | undefined {
  const claimed = statedPlainly(view) ? multipleWording(view.claim.text) : undefined;
  return claimed ? firstTableVerdict(view, (table, claim) => multipleIn(view, table, claimed, claim)) : undefined;
}

function multipleIn(view: ClaimView, table: Table, claimed: MultipleWording, claim: Set<string>): ClaimVerdict | null | undefined {
  // "PL-2 had twice as much downtime as PL-1": two things compared, not a series' change (group-multiples.ts).
  if (twoNamedValues(table, view.claim.text.toLowerCase())) return undefined;
  const named = namedValues(view, table, claim);
  const spans: Span[] = [];
  for (const series of seriesOf(view, table, claim, named)) {
    const span = spanOf(view, series, claim, named);
    if (span && span.reversed === undefined && span.from.value > 0 && span.to.value > 0) spans.push(span);
  }
  if (spans.length === 0) return undefined;
  const ratios = spans.map((span) => span.to.value / span.from.value);
  if (ratios.some((ratio) => multipleHolds(claimed, ratio))) return null;
  const { from, to } = spans[0]!;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [...new Set([from.row.refs[0]!, to.row.refs[0]!])],
    reason: `claim says "${claimed.wording}", ${from.value} (${from.label}, ${from.row.refs[0]}) to ${to.value} (${to.label}, ${to.row.refs[0]}) is ×${ratios[0]!.toFixed(2)}`,
  };
}
