// A percent change between two periods a table gives: "Revenue rose about 5% from July to
// August" against revenue_eur summed over each month's rows (+3.4%); "P02's trips fell 12% from
// August to September" against P02's two rows. The claim names two periods of one column and at
// most one value of every other column it names; with no entity named, a count is summed over
// each period's rows. The measure is the column the claim's words name (not a percentage column,
// whose changes may be points); the change runs from the earlier period to the later, and its
// direction is the claim's wording (changes.json changeDirections).
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, type Table, type TableRow } from '../records/tables';
import { firstTableVerdict, measureColumn, namedValues, selectRows, statedPlainly } from '../align/table-alignment';
import { periodKey } from '../records/periods';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import { escapePhrase, phrasePattern } from '../vocabulary';
import changes from '../vocabulary/changes.json';
import { isCount } from './comparisons';

const UP_RE = phrasePattern(changes.changeDirections.up);
const DOWN_RE = phrasePattern(changes.changeDirections.down);

const APPROX = String.raw`(?:about|around|roughly|nearly|almost|some|just\s+over|just\s+under|close\s+to)`;
/** "rose about 5%", "fell by 12%", "up about 21%": a direction word right before the percentage. */
const MOVED_BEFORE_RE = new RegExp(`(?<![\\p{L}])(${[...changes.changeDirections.up, ...changes.changeDirections.down].map(escapePhrase).join('|')})\\s+(?:by\\s+)?(${APPROX}\\s+)?$`, 'iu');
/** "about 3% lower", "12% higher than": a comparative right after it. */
const MOVED_AFTER_RE = /^\s*(higher|lower|more|less|fewer|up|down)\b/i;

/** The percentage the claim gives as a change, its size, whether "about", and which way it went (+1, -1, 0). */
function claimedMove(view: ClaimView): { size: number; approximate: boolean; raw: string; direction: number } | undefined {
  const text = view.claim.text;
  const found = view.features.quantities.filter((q) => q.dimension === 'percent').flatMap((q) => {
    const before = MOVED_BEFORE_RE.exec(text.slice(Math.max(0, q.start - 40), q.start));
    const after = MOVED_AFTER_RE.exec(text.slice(q.start + q.raw.length));
    const word = (before?.[1] ?? after?.[1])?.toLowerCase();
    if (!word) return [];
    const direction = UP_RE.test(word) ? 1 : DOWN_RE.test(word) ? -1 : 0;
    return [{ size: q.value, approximate: q.qualifier === 'approx' || before?.[2] !== undefined || new RegExp(`${APPROX}\\s*$`, 'i').test(text.slice(0, q.start)), raw: q.raw.trim(), direction }];
  });
  return found.length === 1 ? found[0] : undefined;
}

export function contradictTableChange(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const move = claimedMove(view);
  // The change alone: other figures (a count, a total) may be what it is of.
  if (!move || view.features.quantities.some((q) => q.dimension !== 'percent' && !/^(?:19|20)\d\d$/.test(q.raw.trim()))) return undefined;
  return firstTableVerdict(view, (table, claim) => changeIn(view, table, claim, move.size, move.approximate, move.raw, move.direction));
}

function changeIn(view: ClaimView, table: Table, claim: Set<string>, claimed: number, approximate: boolean, raw: string, direction: number): ClaimVerdict | null | undefined {
  const named = namedValues(view, table, claim);
  const periods = [...named].filter(([, values]) => values.length === 2 && values.every((value) => periodKey(value) !== undefined));
  if (periods.length !== 1 || [...named].some(([column, values]) => column !== periods[0]![0] && values.length !== 1)) return undefined;
  const [column, values] = periods[0]!;
  const [earlier, later] = [...values].sort((a, b) => (periodKey(a)!.key < periodKey(b)!.key ? -1 : 1)) as [string, string];
  const rows = selectRows(table, named, new Set([column]));
  // With no entity named, every row of the period; a name or code the claim gives that no column holds leaves it unread.
  if (named.size === 1 && (view.features.identifiers.length > 0 || view.features.nameGroups.length > 0)) return undefined;
  const of = (value: string): TableRow[] => (named.size > 1 ? rows : table.rows).filter((row) => row.values.get(column) === value);
  const [before, after] = [of(earlier), of(later)];
  if (before.length === 0 || after.length === 0) return undefined;
  const measure = measureColumn(view, table, [...before, ...after], [...before, ...after], claim, new Set(named.keys()), new Set([raw]));
  if (!measure || fieldNameUnit(measure.toLowerCase())?.dimension === 'percent' || /pct|percent|rate|share|ratio/i.test(measure)) return undefined;
  // Several rows a period: a count adds up over them; anything else is no total.
  if ((before.length > 1 || after.length > 1) && !isCount(table, measure)) return undefined;
  const total = (list: readonly TableRow[]): number | undefined => {
    const values = list.map((row) => numericValue(row.values.get(measure) ?? ''));
    return values.every((v): v is number => v !== undefined) ? values.reduce((a, b) => a + b, 0) : undefined;
  };
  const [a, b] = [total(before), total(after)];
  if (a === undefined || b === undefined || a === 0) return undefined;
  const actual = (b / a - 1) * 100;
  const slack = approximate ? 0.15 : 0.05;
  const sizeHolds = Math.abs(Math.abs(actual) - claimed) <= Math.max(slack * claimed, 0.5);
  const wayHolds = direction === 0 || Math.sign(actual) === direction;
  if (sizeHolds && wayHolds) return null;
  const refs = [...new Set([before[0]!.refs[0]!, after[0]!.refs[0]!])];
  const sum = (list: readonly TableRow[], value: number): string => `${Number(value.toPrecision(8))}${list.length > 1 ? ` over ${list.length} rows` : ''}`;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: refs,
    reason: `claim says ${raw}, ${measure} goes from ${sum(before, a)} (${earlier}) to ${sum(after, b)} (${later}): ${actual >= 0 ? '+' : ''}${actual.toFixed(1)}%`,
  };
}
