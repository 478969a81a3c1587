// Which columns of a table a claim's figure may be an aggregate of: those its words or its unit
// name (energy_mwh for "MWh"), the wholes a named part is counted out of, the two columns of a rate
// the documents define, and for a percentage every count column that holds a named count; and the
// names a claim leaves out of its rows ("none of them to Marlow Cross").
import type { Quantity } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { columnWords, textColumns, tokensOf } from '../align/table-alignment';
import { sameFamily } from '../words';
import { numericValue, type Table } from '../records/tables';
import type { DefinedMeasure } from '../records/table-types';
import aggregateWords from '../vocabulary/aggregates.json';
import unitNames from '../vocabulary/unit-names.json';

/** Every name of the unit a name belongs to ("t" → t, tonne, tonnes, ton, tons). */
const UNIT_NAMES = new Map<string, string[]>(Object.values(unitNames.units).flatMap((names) => names.map((name): [string, string[]] => [name, names])));
const GENERIC_WORDS = new Set(aggregateWords.genericColumnWords);

/** The claim's words and the names of its figures' units: what names a measure column. */
export function measureWordsOf(view: ClaimView, claim: ReadonlySet<string>): Set<string> {
  return new Set([...claim, ...view.features.quantities.flatMap((q) => UNIT_NAMES.get(unitWordAfter(view.claim.text, q)) ?? [])]);
}

/** The word a figure is written in: its currency's sign ("£554,250"), its unit as read, else the word right after it ("285,480 t"). */
function unitWordAfter(text: string, quantity: Quantity): string {
  const sign = /[£€$]/.exec(`${text[quantity.start - 1] ?? ''}${quantity.raw.trim()[0] ?? ''}`)?.[0];
  if (sign) return sign;
  const written = /[\d,.]\s*(\p{L}+)$/u.exec(quantity.raw.trim())?.[1] ?? /^\s*(\p{L}+)/u.exec(text.slice(quantity.start + quantity.raw.length))?.[1] ?? '';
  return written.toLowerCase();
}

/** Numeric columns whose name shares a word with the claim (energy_mwh for "MWh", scheduled for "scheduled"). */
export function measuresOf(table: Table, claim: ReadonlySet<string>): string[] {
  const words = new Set(textColumns(table));
  // An implied share's aggregate is its count's sum over its whole's, which the two columns give.
  const numeric = table.columns.filter((column) => !words.has(column) && !table.implied?.includes(column));
  // A table of one measure (a map of tonnes by month) is about that measure, whatever its name.
  if (numeric.length === 1) return numeric;
  const named = numeric.filter((column) => {
    const parts = columnWords(column.toLowerCase()).filter((part) => !GENERIC_WORDS.has(part) && /\p{L}/u.test(part));
    return parts.some((part) => [...tokensOf(part)].some((token) => claim.has(token) || [...claim].some((word) => sameFamily(token, word))));
  });
  // The whole a named part is counted out of (departures for on_time_departures, batches for
  // rft_batches): "an on-time rate of 88.7%" is the one over the other.
  const wholes = numeric.filter((whole) => !named.includes(whole) && named.some((part) => part.toLowerCase().endsWith(`_${whole.toLowerCase()}`)));
  return [...named, ...wholes];
}

/**
 * A rate the documents define from two columns ("remake rate = remakes ÷ units shipped") is, over
 * several rows, the sum of the one over the sum of the other, not a sum of the rows' rates: the
 * two columns join the measures, whose rate over the same rows the matching tries.
 */
export function withDefinitionColumns(measures: string[], defined: readonly DefinedMeasure[], claim: ReadonlySet<string>): string[] {
  const out = [...measures];
  // "The rate was flat": a table's one defined rate is the rate the claim names by its generic word.
  const named = (column: string): boolean => measures.includes(column) || (defined.length === 1 && columnWords(column.toLowerCase()).some((part) => [...tokensOf(part)].some((token) => claim.has(token))));
  for (const measure of defined) {
    // (A ratio written as a fraction, "Yield is plantable divided by cavities sown", is a percentage a hundred times over.)
    if (!named(measure.column) || (measure.scale !== 100 && measure.scale !== 1)) continue;
    for (const column of [measure.numerator, measure.denominator]) if (!out.includes(column)) out.push(column);
  }
  return out;
}

/**
 * Count columns that hold a named count on every row (eggs_received ≥ class_a): the wholes a share
 * of it may be taken over ("96.0% of intake made class A" is class_a over eggs_received).
 */
export function dominatingWholes(table: Table, measures: readonly string[]): string[] {
  const words = new Set(textColumns(table));
  const out: string[] = [];
  for (const whole of table.columns) {
    if (words.has(whole) || measures.includes(whole)) continue;
    const holds = measures.some((part) =>
      table.rows.every((row) => {
        const a = numericValue(row.values.get(part) ?? '');
        const b = numericValue(row.values.get(whole) ?? '');
        return a !== undefined && b !== undefined && Number.isInteger(a) && Number.isInteger(b) && b > 0 && a <= b;
      }),
    );
    if (holds) out.push(whole);
  }
  return out;
}

/** Wording right before a name that leaves it out: "except", "excluding", "other than", "none of them to". */
const EXCLUDING_BEFORE_RE = /\b(?:except(?:\s+for)?|excluding|other\s+than|apart\s+from|aside\s+from|not\s+counting|none\s+of\s+(?:them|which|it)\s+(?:[\p{L}-]+\s+)?(?:to|at|for|in|from|on|by))\s+(?:the\s+)?$/iu;

/** Whether the claim names a value only to leave it out. */
export function excludedIn(text: string, value: string): boolean {
  const at = text.indexOf(value);
  return at > 0 && EXCLUDING_BEFORE_RE.test(text.slice(Math.max(0, at - 48), at));
}
