// Which group of a table's rows a claim's figure belongs to, when the claim sets several side by
// side: the group written right before the figure ("Carnivores at £7,665"), right after it ("1,066.3
// mbf of finished lumber in week 42"), the row label of the table cell the figure sits in, or, for
// two figures joined after two named groups ("Rink A … than Rink B, 272 against 255"), each in order.
import type { Quantity } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import type { Table } from '../records/tables';
import { wordAt } from '../records/group-measures';
import aggregateWords from '../vocabulary/aggregates.json';

/** A group of rows: one value of one column. */
export interface Focus {
  column: string;
  value: string;
}

/**
 * For each column whose values the claim sets side by side, the value written right beside the
 * figure: within a few words after it ("1,066.3 mbf of finished lumber in week 42", "the 1,049.9 mbf
 * of week 41") with no other figure between.
 */
export function nearestGroups(view: ClaimView, quantity: Quantity, table: Table, compared: ReadonlySet<string>): Focus[] {
  const text = view.claim.text.toLowerCase();
  const end = quantity.start + quantity.raw.length;
  const next = view.features.quantities.filter((q) => q.start >= end && q !== quantity && !/^\s*\d{1,4}\s*$/.test(q.raw)).map((q) => q.start);
  const stop = Math.min(end + 60, ...next, text.slice(end).search(/[;.]/) >= 0 ? end + text.slice(end).search(/[;.]/) : text.length);
  // "63, ahead of Coastal with 57": a group written right before the next figure is that figure's, not this one's.
  const nextAt = view.features.quantities.filter((q) => q.start >= end && q !== quantity).map((q) => q.start).sort((a, b) => a - b)[0];
  const ownsNext = (value: string): boolean => nextAt !== undefined && groupRightBefore(text.slice(Math.max(end, nextAt - 48), nextAt), value.toLowerCase());
  const out: Focus[] = [];
  for (const column of compared) {
    const values = [...new Set(table.rows.map((row) => row.values.get(column) ?? ''))].filter((value) => value !== '');
    const beside = values.filter((value) => {
      const at = text.indexOf(value.toLowerCase(), end);
      // (Written as a plural too: "1.6% for aligners" is the aligner rows'.)
      return at >= 0 && at < stop && /^(?:e?s)?(?![\p{L}\p{N}])/u.test(text.slice(at + value.length)) && !/[\p{L}\p{N}]/u.test(text[at - 1] ?? ' ') && !ownsNext(value);
    });
    // A table cell's row label ("| FX-11 | 4.4% (6,510 m) |") names its group as well.
    const row = beside.length === 0 && view.context ? values.filter((value) => view.context!.identifiers.includes(value.toLowerCase())) : [];
    // "Carnivores at £7,665, ahead of Hoofstock at £6,950": a group written right before its figure is its own.
    const before = values.filter((value) => groupRightBefore(text.slice(Math.max(0, quantity.start - 48), quantity.start), value.toLowerCase()));
    const paired = before.length === 0 && beside.length === 0 && row.length === 0 ? pairedInOrder(view, quantity, text, values) : undefined;
    const subject = before.length === 0 && beside.length === 0 && row.length === 0 && paired === undefined ? clauseSubject(view, quantity, text, values) : undefined;
    if (before.length === 1) out.push({ column, value: before[0]! });
    else if (beside.length === 1) out.push({ column, value: beside[0]! });
    else if (row.length === 1) out.push({ column, value: row[0]! });
    else if (paired !== undefined) out.push({ column, value: paired });
    else if (subject !== undefined) out.push({ column, value: subject });
  }
  return out;
}

/** Where the claim names each value as a word of its own. (A short value is looked for as written: "Rink A" names A, the article "a" does not.) */
function namedAt(view: ClaimView, text: string, values: readonly string[]): Array<{ value: string; at: number }> {
  return values.map((value) => ({ value, at: value.length <= 2 ? wordAt(view.claim.text, value) : wordAt(text, value.toLowerCase()) })).filter(({ at }) => at >= 0);
}

const JOINING_RE = new RegExp(`\\b(?:${aggregateWords.joiningWords.join('|')})\\b`, 'u');

/**
 * "Metro recorded the most cash-outs in the quarter, 63, ahead of Coastal with 57": the group a
 * clause opens with owns its first figure, when nothing between them (another group, another
 * figure, a joining word, the clause's end) gives the figure to another.
 */
function clauseSubject(view: ClaimView, quantity: Quantity, text: string, values: readonly string[]): string | undefined {
  const named = namedAt(view, text, values).filter(({ at }) => at < quantity.start);
  if (named.length === 0) return undefined;
  const last = named.sort((a, b) => b.at - a.at)[0]!;
  const between = text.slice(last.at + last.value.length, quantity.start);
  if (/[;.:]|\u2014|\s-\s/u.test(between) || JOINING_RE.test(between)) return undefined;
  if (view.features.quantities.some((q) => q !== quantity && q.start > last.at && q.start < quantity.start)) return undefined;
  return last.value;
}

/** Two figures joined after two named groups ("Rink A … than Rink B, 272 against 255"): each is its group's, in order. */
const JOINED_PAIR_RE = /^\s*(?:against|versus|vs\.?|and|to)\s+(?:about\s+|around\s+|roughly\s+)?$/i;

function pairedInOrder(view: ClaimView, quantity: Quantity, text: string, values: readonly string[]): string | undefined {
  const named = namedAt(view, text, values);
  if (named.length !== 2) return undefined;
  const [first, second] = named.sort((a, b) => a.at - b.at) as [{ value: string; at: number }, { value: string; at: number }];
  const figures = view.features.quantities.filter((q) => q.start > second.at && q.dimension === quantity.dimension);
  if (figures.length !== 2 || !JOINED_PAIR_RE.test(text.slice(figures[0]!.start + figures[0]!.raw.length, figures[1]!.start))) return undefined;
  return figures[0] === quantity ? first.value : figures[1] === quantity ? second.value : undefined;
}

/** After a group's name: a possessive, ':' '=' '(', at most three small words not joining it to another, a currency sign. */
const GIVES_FIGURE_RE = new RegExp(`^(?:e?s)?(?:['’]s?)?(?:\\s*[:=(]|\\s+(?!(?:${aggregateWords.joiningWords.join('|')})\\b)\\p{Ll}+){0,3}\\s*[£$€]?\\s*$`, 'u');

/** Whether text ends with a group's name and at most a few words that give it a figure: "carnivores at £", "m1: ", "hoofstock's ", "krt-12 recorded about ". */
function groupRightBefore(text: string, value: string): boolean {
  const at = text.lastIndexOf(value);
  if (at < 0 || /[\p{L}\p{N}]/u.test(text[at - 1] ?? ' ')) return false;
  // (At most three small words between: "KRT-12 recorded about 7.3", "M1 came in at 0.22 g".)
  // (Not across a joining word: "25.5 h on KRT-35 and 25.3 h" gives 25.3 to another.)
  return GIVES_FIGURE_RE.test(text.slice(at + value.length));
}
