// A small count of what a table in the evidence holds: "over the four weeks", "the three stores",
// "across five events". The count is met when a table has exactly that many distinct periods of
// the kind the claim names (weeks, months, days, quarters), or distinct values in a column the
// claim's noun names (store → store, stores → store_id); "the other three" counts all but one.
// A count with its noun left out ("the oldest of the five") counts the group of what the claim names.
import { canonicalStem, type IndexedItem, type Quantity } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { periodKey, type PeriodKey } from '../records/periods';
import { tablesOf, type Table } from '../records/tables';
import { LIGHT_WORDS, splitKeyWords } from '../words';
import { namedValues, textColumns, tokensOf } from '../align/table-alignment';

/** Counts this small name a set a reader can see whole; larger ones are figures of their own. */
const MAX_MEMBERS = 60;

/** Period nouns of a duration ("four weeks") and the kind of period a table writes for them. */
const PERIOD_UNITS: Record<string, { kind: PeriodKey['kind']; seconds: number }> = Object.fromEntries(
  ([['day', 'day', 86_400], ['week', 'week', 7 * 86_400], ['month', 'month', 30 * 86_400]] as const).map(([noun, kind, seconds]) => [canonicalStem(noun), { kind, seconds }]),
);

/** The rows a count of members is read from: cited by their first and last row. */
function cited(table: Table): IndexedItem[] {
  const first = table.rows[0]?.unit;
  const last = table.rows.at(-1)?.unit;
  return [first, last].filter((unit, i, all): unit is IndexedItem => unit !== undefined && all.indexOf(unit) === i);
}

/**
 * A table's members by what names them: distinct periods of each kind over its columns, distinct
 * values of each column word. Read once per table, on first use: every claim with a count asks.
 */
interface Members {
  periods: Map<PeriodKey['kind'], number>;
  byWord: Map<string, number>;
}
const MEMBERS = new WeakMap<Table, Members>();

function membersOf(table: Table): Members {
  let members = MEMBERS.get(table);
  if (members) return members;
  members = { periods: new Map(), byWord: new Map() };
  for (const column of table.columns) {
    const periods = new Map<PeriodKey['kind'], Set<string>>();
    const values = new Set<string>();
    for (const row of table.rows) {
      const value = row.values.get(column);
      if (value === undefined || value === '') continue;
      values.add(value.toLowerCase());
      const key = periodKey(value);
      if (key) periods.set(key.kind, (periods.get(key.kind) ?? new Set()).add(key.key));
    }
    // week_start=2024-07-01, month_of=2024-07-01: dates in a column its name says are weeks (months) count those.
    const days = periods.get('day');
    const named = days ? splitKeyWords(column).map((word) => PERIOD_UNITS[canonicalStem(word)]?.kind).find((kind) => kind !== undefined && kind !== 'day') : undefined;
    if (days && named) periods.set(named, days);
    for (const [kind, keys] of periods) members.periods.set(kind, Math.max(members.periods.get(kind) ?? 0, keys.size));
    // The first column a word names counts its members.
    for (const word of splitKeyWords(column)) if (!members.byWord.has(word)) members.byWord.set(word, values.size);
  }
  MEMBERS.set(table, members);
  return members;
}

/** The word a bare count counts: the word right after it ("three stores" → store). */
function countedNoun(text: string, quantity: Quantity): string | undefined {
  const after = /^\s+([\p{L}][\p{L}-]*)/u.exec(text.slice(quantity.start + quantity.raw.length))?.[1];
  const noun = after === undefined ? undefined : canonicalStem(after.toLowerCase());
  // "10.0 at 02:14": a word that names nothing counted (a preposition, an article) is no noun.
  return noun === undefined || noun.length < 3 || LIGHT_WORDS.has(noun) ? undefined : noun;
}

/** A count whose noun is left out because the sentence names the group ("the oldest of the five", "all three verified"). */
const ELIDED_BEFORE = /\b(?:of\s+the|among\s+the|all|both\s+of\s+the)\s+$/i;

/**
 * The sizes of the groups a claim names a member of: each column the claim names a value of
 * counts its distinct values ("Cold Harbour … the oldest of the five" against five sites), and
 * the values it names ("ICU-A, ICU-B and SURG-PREP … all three").
 */
function namedGroupSizes(view: ClaimView, table: Table, claim: Set<string>): number[] {
  const sizes: number[] = [];
  const texts = new Set(textColumns(table));
  for (const [column, values] of namedValues(view, table, claim)) {
    if (!texts.has(column)) continue;
    sizes.push(values.length, new Set(table.rows.map((row) => row.values.get(column) ?? '')).size);
  }
  return sizes;
}

export function countedMembers(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  if (quantity.qualifier !== undefined || quantity.dimension === 'percent') return undefined;
  const text = view.claim.text;
  let count: number | undefined;
  let matches: ((table: Table) => number | undefined) | undefined;
  if (quantity.dimension === 'duration' && quantity.hasUnit) {
    // "four weeks": the number of periods of that kind.
    const unit = canonicalStem(/(\p{L}+)\s*$/u.exec(quantity.raw)?.[1]?.toLowerCase() ?? '');
    const period = PERIOD_UNITS[unit];
    if (!period) return undefined;
    count = quantity.value / period.seconds;
    matches = (table) => membersOf(table).periods.get(period.kind) ?? 0;
  } else if (!quantity.hasUnit && !/[.]\d/.test(quantity.raw)) {
    const noun = countedNoun(text, quantity);
    count = quantity.value;
    if (noun !== undefined) matches = (table) => membersOf(table).byWord.get(noun);
    else if (ELIDED_BEFORE.test(text.slice(0, quantity.start))) {
      // "the highest of the four", "all three": the group of what the claim names.
      const claim = tokensOf(view.claim.context === undefined ? text : `${text} ${view.claim.context}`);
      const wanted = quantity.value;
      matches = (table) => (namedGroupSizes(view, table, claim).includes(wanted) ? wanted : undefined);
    }
  }
  if (count === undefined || matches === undefined || !Number.isInteger(count) || count < 2 || count > MAX_MEMBERS) return undefined;
  // "the other three stores": every member but the one the report set apart.
  const others = /\bother\s+$/i.test(text.slice(0, quantity.start));
  for (const table of tablesOf(view.index)) {
    const members = matches(table);
    if (members !== undefined && (members === count || (others && members === count + 1))) return cited(table);
  }
  return undefined;
}
