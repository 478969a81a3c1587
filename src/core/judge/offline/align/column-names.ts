// Which column of a table the claim's words name. A column is named when every word of its name
// is one of the claim's, or plain (a unit, a generic word: count, pct, rate), so bookings_cancelled
// is not "bookings". Failing that, a word of the table's family of counts may go unsaid: the thing
// several columns' names open with (pcns of pcns_issued, pcns_cancelled) or another column's whole
// name (loads beside rejected_loads), so "rejections" names rejected_loads when no column is named outright.
import { canonicalStem, isStopword } from '../../../retrieval/index';
import { NEUTRAL_KEY_PARTS, UNIT_KEY_PARTS } from '../vocabulary/index';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';

/** Column-name words that say how a figure is counted, not what it measures. */
const GENERIC_COLUMN_WORDS = new Set(['pct', 'percent', 'count', 'total', 'num', 'n', 'avg', 'mean', 'value', 'val', 'rate', 'sum', 'number', 'amount']);

/** The words of a column name. */
export function columnWords(column: string): string[] {
  return column.split(/[_.\s-]+/).filter(Boolean);
}

const plainWord = (part: string): boolean => GENERIC_COLUMN_WORDS.has(part) || isStopword(part) || NEUTRAL_KEY_PARTS.has(canonicalStem(part)) || UNIT_KEY_PARTS.has(part) || /^\d+\p{L}{0,3}$/u.test(part);

/**
 * The one column named by the words: every word of its name is one of them, or counts the thing
 * itself, or is its unit (holds_placed for "holds", wait_min for "wait", per_1000km);
 * bookings_cancelled is not "bookings". Else the one named so but for the family's words, read
 * from all of the table's columns (lamp of lamp_type beside lamp_failures) when given.
 */
export function columnNamedBy(columns: readonly string[], claim: Set<string>, family: readonly string[] = columns): string | undefined {
  return namedWith(columns, claim, plainWord) ?? namedWith(columns, claim, familyWords(family));
}

/** Plain words, and those naming the family of counts: the first word of two or more columns' names, or a column's whole name. */
function familyWords(columns: readonly string[]): (part: string) => boolean {
  const heads = new Map<string, number>();
  for (const column of columns) {
    const words = columnWords(column);
    if (words.length > 1) heads.set(words[0]!, (heads.get(words[0]!) ?? 0) + 1);
  }
  const family = new Set([...heads].filter(([, n]) => n >= 2).map(([part]) => part));
  for (const column of columns) if (columnWords(column).length === 1) family.add(column);
  return (part) => plainWord(part) || family.has(part);
}

function namedWith(columns: readonly string[], claim: Set<string>, plain: (part: string) => boolean): string | undefined {
  const said = (part: string): boolean => claim.has(canonicalStem(part)) || claim.has(part);
  const scored = columns
    .filter((c) => columnWords(c).every((part) => plain(part) || said(part)))
    .map((c) => ({ c, shared: columnWords(c).filter((part) => !plain(part) && claim.has(canonicalStem(part))).length, generic: columnWords(c).filter((part) => GENERIC_COLUMN_WORDS.has(part) && claim.has(part)).length }));
  const best = Math.max(0, ...scored.map((s) => s.shared));
  let top = scored.filter((s) => s.shared === best);
  // "unsubscribe rate": unsubscribe_rate, not the count unsubscribes, when both are named by the word.
  if (top.length > 1) {
    const most = Math.max(...top.map((s) => s.generic));
    top = top.filter((s) => s.generic === most);
  }
  return best > 0 && top.length === 1 ? top[0]!.c : undefined;
}

/**
 * The one column two or more of whose own words a phrase says ("more dollar spot than" names
 * dollar_spot_centers_per_1000sqft): a phrase that long names a column even when the column's
 * name adds what it counts in (centers) that the phrase leaves unsaid.
 */
export function columnPhrasedBy(columns: readonly string[], phrase: Set<string>): string | undefined {
  // (A unit's word counts here, "dollar spot", but a generic word or a stop word does not, and one word must be more than a unit.)
  const said = (part: string): boolean => !GENERIC_COLUMN_WORDS.has(part) && !isStopword(part) && (phrase.has(part) || phrase.has(canonicalStem(part)));
  const scored = columns.map((c) => {
    const shared = columnWords(c).filter(said);
    return { c, shared: shared.some((part) => !plainWord(part)) ? new Set(shared.map((part) => canonicalStem(part))).size : 0 };
  });
  const best = Math.max(0, ...scored.map((s) => s.shared));
  const top = scored.filter((s) => s.shared === best);
  return best >= 2 && top.length === 1 ? top[0]!.c : undefined;
}

/** Whether a figure of a dimension may be a value of a column: its name gives no unit, or one of that dimension ("10 mm" is no value of round_days). */
export function unitFits(dimension: string | undefined, column: string): boolean {
  if (dimension === undefined) return true;
  const unit = fieldNameUnit(column.toLowerCase())?.dimension;
  return unit === undefined || unit === dimension;
}
