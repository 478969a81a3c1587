// A count of a table's rows the claim names: "17 low- or no-heat calls between 03:44 and 06:05,
// 14 of them from East-zone customers" against a table of calls, one row each. The rows are those
// holding a value the claim names in each column it names (category=low_heat or no_heat, zone=East),
// within the two clock times it gives; a part it counts "of them" may leave one of those columns
// out. The count's noun must name the table (calls: crm_calls.csv, call_id), so a count of other
// things is never read off it.
import { canonicalStem, extractFeatures, type IndexedItem, type Quantity } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { tablesOf, type Table, type TableRow } from '../records/tables';
import { columnWords, namedValues, tokensOf } from '../align/table-alignment';

/** Tables longer than this are logs; a count of their rows is a figure of its own. */
const MAX_ROWS = 400;

function isCount(quantity: Quantity): boolean {
  return !quantity.hasUnit && quantity.qualifier !== 'delta' && Number.isInteger(quantity.value) && quantity.value >= 1 && quantity.value <= MAX_ROWS;
}

/** The nouns a count is of: its own, the earlier count's for "14 of them", the previous claim's when the claim has none. */
function nounsCounted(view: ClaimView, quantity: Quantity): string[] {
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  const ofThem = /^\s+of\s+(?:them|those|these)\b/i.test(after);
  const earlier = ofThem ? view.features.quantities.filter((q) => q.start < quantity.start).at(-1) : undefined;
  // ("Twenty-one of them were released", after "22 batches were dried": the count before is the previous claim's.)
  if (ofThem && earlier === undefined) return nounsBefore(view);
  const noun = countedNoun(view.claim.text, earlier ?? quantity) ?? nounBeforePart(view, quantity);
  return noun === undefined ? [] : [noun];
}

/** Whether the figure is the whole a part is counted out of ("5 of the 20 excursions": 20). */
const wholeOfPart = (text: string, quantity: Quantity): boolean => /\bof\s+(?:the|all|its|their)\s+$/i.test(text.slice(Math.max(0, quantity.start - 12), quantity.start));

/**
 * "handled the most calls, 9 of the 32": a part and its whole written with no noun of their own
 * count the plural noun right before them.
 */
function nounBeforePart(view: ClaimView, quantity: Quantity): string | undefined {
  const text = view.claim.text;
  const isWhole = wholeOfPart(text, quantity);
  const isPart = /^\s+(?:out\s+)?of\s+(?:the|its|their|our|all)\s+\d[\d,]*(?![\w,])/u.test(text.slice(quantity.start + quantity.raw.length));
  if (!isWhole && !isPart) return undefined;
  const part = isWhole ? view.features.quantities.filter((q) => q.start < quantity.start).at(-1) : quantity;
  if (part === undefined) return undefined;
  const noun = /(\p{Ll}{3,}s)[\s,:]*$/u.exec(text.slice(0, part.start));
  return noun ? canonicalStem(noun[1]!) : undefined;
}

export function countedRows(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  if (!isCount(quantity)) return undefined;
  const nouns = nounsCounted(view, quantity);
  if (nouns.length === 0) return undefined;
  const claim = tokensOf(view.claim.text);
  const window = clockWindow(view);
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_ROWS || !nouns.some((noun) => namesTable(table, noun))) continue;
    const named = [...namedValues(view, table, claim)];
    let rows = table.rows;
    if (window) {
      const column = table.columns.find((c) => table.rows.every((row) => clockOf(row.values.get(c)) !== undefined));
      if (column === undefined) continue;
      rows = rows.filter((row) => {
        const at = clockOf(row.values.get(column))!;
        return at >= window[0] && at <= window[1];
      });
    }
    // Every column the claim names; else all but one of them (the part a claim counts "of them").
    // The whole a part is counted out of ("5 of the 20 excursions") may be every row of the table.
    const whole = wholeOfPart(view.claim.text, quantity);
    const choices = [named, ...(named.length >= 2 ? named.map((_, skip) => named.filter((__, i) => i !== skip)) : []), ...(whole && named.length > 0 ? [[]] : [])];
    for (const columns of choices) {
      const chosen = rows.filter((row) => columns.every(([column, values]) => values.includes(row.values.get(column) ?? '')));
      if (chosen.length === quantity.value) return cite(chosen);
    }
  }
  return undefined;
}

/**
 * The plural noun a count is of, within a few words after it ("17 low- or no-heat calls" → call),
 * past the whole it is a part of ("18 of the 22 lots" → lot).
 */
export function countedNoun(text: string, quantity: Quantity): string | undefined {
  const after = text.slice(quantity.start + quantity.raw.length).replace(PART_OF_RE, ' ');
  const match = /^\s+(?:[\p{L}-]+\s+){0,3}?(\p{Ll}{3,}s)\b/u.exec(after);
  return match ? canonicalStem(match[1]!) : undefined;
}

/** "of the 22", "out of its twelve": the whole a count is a part of, written before the noun. */
const PART_OF_RE = /^\s+(?:out\s+)?of\s+(?:the|its|their|our|all)\s+(?:\d[\d,]*|[\p{L}]+(?:-[\p{L}]+)?)(?=\s)/u;

/** The nouns the previous claim counts ("22 Nebravir 20 mg batches" → batch), which "of them" points back to. */
function nounsBefore(view: ClaimView): string[] {
  const before = view.surroundings.previous[0];
  if (before === undefined) return [];
  const text = before.text;
  return extractFeatures(text)
    .quantities.filter((q) => !q.hasUnit && Number.isInteger(q.value))
    .map((q) => /^\s+(?:[\p{L}\p{N}.,-]+\s+){0,3}?(\p{Ll}{3,}s)\b/u.exec(text.slice(q.start + q.raw.length))?.[1])
    .filter((noun): noun is string => noun !== undefined)
    .map((noun) => canonicalStem(noun));
}

/** Whether the noun names the table: a word of its file's name or of a column's ("call" of crm_calls.csv or call_id). */
function namesTable(table: Table, noun: string): boolean {
  return namesFile(table, noun) || table.columns.some((column) => columnWords(column.toLowerCase()).some((word) => canonicalStem(word) === noun));
}

/** Whether the noun is a word of the table's file name ("batch" of batch_summary.csv). */
export function namesFile(table: Table, noun: string): boolean {
  const file = table.file.split(/[\\/]/).pop()!.replace(/\.[^.]*$/, '');
  return columnWords(file.toLowerCase()).some((word) => canonicalStem(word) === noun);
}

/** The two clock times the claim gives as a window ("between 03:44 and 06:05"), in minutes of the day. */
function clockWindow(view: ClaimView): [number, number] | undefined {
  const minutes = view.features.times.map((t) => Math.floor(t.seconds / 60) % 1440);
  if (minutes.length !== 2) return undefined;
  return [Math.min(...minutes), Math.max(...minutes)];
}

/** A cell's time of day in minutes ("2024-01-16T03:44Z", "03:44"), if it holds one. */
function clockOf(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /(?:^|T|\s)(\d{2}):(\d{2})/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** The rows a count rests on: cited by their first cells (a long list by its first and last). */
function cite(rows: readonly TableRow[]): IndexedItem[] {
  const units = rows.map((row) => row.unit);
  return units.length <= 12 ? units : [units[0]!, units.at(-1)!];
}
