// Figures one row of a table gives only through two of its cells. "MV Corvina Star left B1 after
// 18 hours 40 minutes" is the span from the row's berthing time to its departure time; "PB-04
// burned 29.0 L/h" is the row's fuel_l over its shift_hours, and "the fleet averaged 25.2 L per
// shift hour" the column sums' ratio when the claim names no row. A rate's two parts are the
// columns its units name (vocabulary/unit-names.json: "L" is fuel_l, "hectare" area_ha), so a
// figure is never met by some chance ratio of unrelated columns.
import { canonicalStem, isStopword, type IndexedItem, type Quantity } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { columnWords, namedValues, textColumns, tokensOf } from '../align/table-alignment';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { isBound, quantityMatches, satisfiesBound, writtenFigureIs } from './matching';
import unitNames from '../vocabulary/unit-names.json';
import aggregateWords from '../vocabulary/aggregates.json';

/** Tables longer than this are logs, not summaries. */
const MAX_ROWS = 400;
/** A claim that names more rows than this is about a group, not one row's cells. */
const MAX_NAMED_ROWS = 3;

const UNIT_OF = new Map<string, string>(Object.entries(unitNames.units).flatMap(([unit, names]) => names.map((name): [string, string] => [name, unit])));

/** A word of a unit or a measure as compared: its unit's canonical name, else its stem. */
function canonicalWord(word: string): string {
  const lower = word.toLowerCase();
  return UNIT_OF.get(lower) ?? canonicalStem(lower);
}

/** The cells a figure follows from within one row (or the column sums of all rows), or undefined. */
export function rowFigureDerivation(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  if (!Number.isFinite(quantity.value) || quantity.qualifier === 'delta') return undefined;
  const rate = rateWording(view.claim.text, quantity);
  if (!rate && quantity.dimension !== 'duration') return undefined;
  const claim = tokensOf(view.claim.text);
  for (const table of tablesOf(view.index)) {
    if (table.rows.length > MAX_ROWS) continue;
    const rows = namedRows(view, table, claim);
    if (rate) {
      const found = rateIn(table, rows, rate, quantity);
      if (found) return found;
    } else {
      for (const row of rows) {
        const span = spanIn(row, quantity);
        if (span) return span;
      }
    }
  }
  return undefined;
}

/** The rows whose entity the claim names (a value of a text column it names alone or among few). */
function namedRows(view: ClaimView, table: Table, claim: Set<string>): TableRow[] {
  const named = namedValues(view, table, claim);
  const text = new Set(textColumns(table));
  const rows = table.rows.filter((row) => [...named].some(([column, values]) => text.has(column) && values.includes(row.values.get(column) ?? '')));
  return rows.length <= MAX_NAMED_ROWS ? rows : [];
}

// ---- spans between two moments of a row ----

const ISO_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;
const CLOCK_RE = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** A cell's moment in seconds (since the epoch for a date-time, since midnight for a clock time). */
function momentOf(value: string): { seconds: number; clock: boolean } | undefined {
  const iso = ISO_RE.exec(value.trim());
  if (iso) {
    const ms = Date.parse(`${iso[1]}T${iso[2]}${iso[3] ?? 'Z'}`);
    return Number.isFinite(ms) ? { seconds: ms / 1000, clock: false } : undefined;
  }
  const clock = CLOCK_RE.exec(value.trim());
  if (clock && Number(clock[1]) < 24 && Number(clock[2]) < 60) return { seconds: Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0), clock: true };
  return undefined;
}

/** Two moment cells of the row the claimed duration lies between (a clock time past midnight is the next day's). */
function spanIn(row: TableRow, quantity: Quantity): IndexedItem[] | undefined {
  const moments = [...row.values].flatMap(([column, value]) => {
    const moment = momentOf(value);
    return moment ? [{ column, ...moment }] : [];
  });
  for (let i = 0; i < moments.length; i++) {
    for (let j = i + 1; j < moments.length; j++) {
      const [a, b] = [moments[i]!, moments[j]!];
      if (a.clock !== b.clock) continue;
      let span = b.seconds - a.seconds;
      if (a.clock && span < 0) span += 86_400;
      if (span <= 0) continue;
      const measured = { ...quantity, value: span, decimals: 6, qualifier: undefined, raw: '' };
      const fits = isBound(quantity) ? satisfiesBound(quantity, measured) : quantityMatches(quantity, measured);
      if (fits) return cellsOf(row, [a.column, b.column]);
    }
  }
  return undefined;
}

// ---- rates: one measure per unit of another ----

interface RateWording {
  /** Words of what is counted ("L", "moves"), when written before "per". */
  numerator: string[];
  /** Words of what it is counted per ("shift hour", "hectare"). */
  denominator: string[];
}

// "29.0 L/h", "24.7 L per hectare", "29.2 moves per hour", "25.2 L per shift hour", "90 moves an hour".
const RATE_RE = /^\s*((?:[\p{L}³²µ]+\s*){0,2}?)(?:\/\s*|\s*\b(?:per|an?|each)\s+)((?:[\p{L}³²]+\s+)?[\p{L}³²]+)/u;
const NUMBER_RE = /^[^\d]*\d[\d,]*(?:\.\d+)?/;

function rateWording(text: string, quantity: Quantity): RateWording | undefined {
  const number = NUMBER_RE.exec(text.slice(quantity.start));
  if (!number) return undefined;
  const match = RATE_RE.exec(text.slice(quantity.start + number[0].length));
  if (!match) return undefined;
  const numerator = match[1]!.trim().split(/\s+/).filter(Boolean);
  // "L/h and 12.0 L/ha": what it is per ends at the first little word.
  const words = match[2]!.trim().split(/\s+/);
  const end = words.findIndex((word) => isStopword(word.toLowerCase()));
  const denominator = end < 0 ? words : words.slice(0, end);
  if (denominator.length === 0) return undefined;
  // "a" and "an" read as "per" only after a unit ("90 moves an hour"), never after a bare number ("3 a day" is rare, "2 an outage" is not a rate).
  if (numerator.length === 0 && !/\/|\bper\b/.test(match[0])) return undefined;
  return { numerator, denominator };
}

/** The columns whose name holds all the given words (compared as units or stems). */
function columnsNaming(table: Table, words: readonly string[], exclude?: string): string[] {
  const wanted = words.map(canonicalWord);
  if (wanted.length === 0) return [];
  return table.columns.filter((column) => {
    if (column === exclude) return false;
    const parts = new Set(columnWords(column).map(canonicalWord));
    return wanted.every((word) => parts.has(word));
  });
}

/**
 * The columns a rate's words name: those naming all of them if any do, else those naming its
 * last word (the unit). At most two: "h" may be shift_hours or downtime_h, both tried.
 */
export function rateColumns(table: Table, words: readonly string[], exclude?: string): string[] {
  for (const wanted of [words, words.slice(-1)]) {
    const columns = columnsNaming(table, wanted, exclude);
    if (columns.length > 0) return columns.length <= 2 ? columns : [];
  }
  return [];
}

function rateIn(table: Table, rows: readonly TableRow[], rate: RateWording, quantity: Quantity): IndexedItem[] | undefined {
  const fits = (value: number): boolean => Number.isFinite(value) && writtenFigureIs(quantity, value, 0.03);
  for (const denominator of rateColumns(table, rate.denominator)) {
    for (const numerator of rateColumns(table, rate.numerator, denominator)) {
      const found = rows.length > 0 ? rowRate(rows, numerator, denominator, fits) : tableRate(table, numerator, denominator, fits);
      if (found) return found;
    }
  }
  return undefined;
}

function rowRate(rows: readonly TableRow[], numerator: string, denominator: string, fits: (value: number) => boolean): IndexedItem[] | undefined {
  for (const row of rows) {
    const [top, bottom] = [numericValue(row.values.get(numerator) ?? ''), numericValue(row.values.get(denominator) ?? '')];
    if (top !== undefined && bottom !== undefined && bottom !== 0 && fits(top / bottom)) return cellsOf(row, [numerator, denominator]);
  }
  return undefined;
}

/** No row named: the whole table's rate, its sums' ratio (the fleet's litres over its hours). */
function tableRate(table: Table, numerator: string, denominator: string, fits: (value: number) => boolean): IndexedItem[] | undefined {
  let top = 0;
  let bottom = 0;
  for (const row of table.rows) {
    const [a, b] = [numericValue(row.values.get(numerator) ?? ''), numericValue(row.values.get(denominator) ?? '')];
    if (a === undefined || b === undefined) return undefined;
    top += a;
    bottom += b;
  }
  return table.rows.length >= 2 && bottom !== 0 && fits(top / bottom) ? table.rows.flatMap((row) => cellsOf(row, [numerator, denominator])) : undefined;
}

function cellsOf(row: TableRow, columns: readonly string[]): IndexedItem[] {
  return [...new Set(columns.map((column) => row.cells.get(column) ?? row.unit))];
}

const PER_RE = /\b(?:(\p{L}+)\s+)?(\p{L}+)\s+per\s+(\p{L}+)(?:\s+(\p{L}+))?/u;
/** Words that say a figure is a rate, not what it counts ("failure rate per fixture" counts failures; aggregates.json genericColumnWords). */
const RATE_NOUNS = new Set(aggregateWords.genericColumnWords);

/**
 * A rate a claim compares without a figure ("groomed more area per hour than PB-02"): the word
 * before "per" names the numerator column, the words after it the denominator; each must name
 * exactly one column. The row's value of the rate, or undefined when the claim words none.
 */
export function rateMeasure(table: Table, text: string, compared: readonly string[] = []): { label: string; top: string; bottom: string; of: (row: TableRow) => number | undefined } | undefined {
  // "more area per hour", or a sentence that opens with the rate's unit: "Per millimetre applied, F-C
  // needed less pump energy than F-A" (what is measured is the compared noun, "pump energy").
  const inline = PER_RE.exec(text);
  const opening = inline ? null : /^\s*per\s+(\p{L}+)(?:\s+(\p{L}+))?/iu.exec(text);
  if (!inline && !(opening && compared.length > 0)) return undefined;
  // ("a lower failure rate per fixture": the word before "rate" names what is counted.)
  const counted = inline && inline[1] && RATE_NOUNS.has(inline[2]!.toLowerCase()) && !isStopword(inline[1].toLowerCase()) ? inline[1] : inline?.[2];
  const measured = inline ? [counted!] : compared.filter((word) => !isStopword(word.toLowerCase()));
  const after = (inline ? [inline[3]!, inline[4]] : [opening![1]!, opening![2]]).filter((word): word is string => word !== undefined && !isStopword(word.toLowerCase()));
  // A rate is per a positive amount: a column with a zero in some row (downtime_h) is no denominator of every row's rate.
  const denominators = rateColumns(table, after).filter((column) => table.rows.every((row) => (numericValue(row.values.get(column) ?? '') ?? 0) > 0));
  if (denominators.length !== 1) return undefined;
  // The measured words together, else the one of them that names a column ("pump" of "pump energy").
  const numerators = [measured, ...measured.map((word) => [word])].map((words) => rateColumns(table, words, denominators[0])).find((columns) => columns.length > 0) ?? [];
  if (numerators.length !== 1) return undefined;
  const [top, bottom] = [numerators[0]!, denominators[0]!];
  return {
    label: `${top}/${bottom}`,
    top,
    bottom,
    of: (row) => {
      const [a, b] = [numericValue(row.values.get(top) ?? ''), numericValue(row.values.get(bottom) ?? '')];
      return a === undefined || b === undefined || b === 0 ? undefined : a / b;
    },
  };
}
