// A multiple between two groups of rows that their totals do not give: "PL-2's damage rate was
// roughly twice PL-1's" while PL-2 damaged 95 of 7,310 kits packed and PL-1 32 of 8,420 (×3.4);
// "PS-1 lost less than half as much downtime as PS-3" against 548 and 620 minutes. The claim names
// two values of one text column (the first is measured against the second) and a multiple
// (multiples.json); the measure is a rate where the claim says so ("rate", "share", "per") — one
// count column the claim names over another that bounds it in every row, or, where each group is
// one row ("Riverside's week 41 rate was about twice Old Town's"), the one column that states a
// rate (dcr_pct) — else the total of the one numeric column it names. Rows are those of the values
// the claim names in other columns.
import { canonicalStem } from '../../../retrieval/index';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { columnWords, periodNumbers, statedPlainly, tokensOf } from '../align/table-alignment';
import { tablesOf, type Table } from '../records/tables';
import { MAX_GROUP_ROWS, boundedPairs, numericColumns, ratioOf, rowsOfNamedValues, sum, twoNamedValues, type Measure } from '../records/group-measures';
import { UNIT_KEY_PARTS } from '../vocabulary';
import { sameFamily } from '../words';
import { multipleHolds, multipleWording } from './table-multiples';
import definedMeasures from '../vocabulary/defined-measures.json';

const RATE_COLUMN_WORDS = new Set(definedMeasures.percentWords);

const RATE_WORDS_RE = /\b(?:rate|rates|share|proportion|percentage|per)\b/i;

export function contradictGroupMultiple(view: ClaimView): ClaimVerdict | undefined {
  const claimed = statedPlainly(view) ? multipleWording(view.claim.text) : undefined;
  // (The multiple is the claim's only figure: "three times December's 310" is the series' work;
  // "week 41" labels a period, no figure.)
  const labels = periodNumbers(view.claim.text);
  const figure = (q: { raw: string; hasUnit: boolean }): boolean => !/^\s*(?:half|twice|double|three|four|five|ten)/i.test(q.raw) && !(!q.hasUnit && labels.has(q.raw.trim()));
  if (!claimed || view.features.quantities.some(figure)) return undefined;
  const lower = view.claim.text.toLowerCase();
  const claim = tokensOf(view.claim.text);
  const named = (word: string): boolean => claim.has(word) || claim.has(canonicalStem(word)) || [...claim].some((token) => sameFamily(canonicalStem(word), token));
  const isRate = RATE_WORDS_RE.test(view.claim.text);
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_GROUP_ROWS) continue;
    const pair = twoNamedValues(table, lower);
    if (!pair) continue;
    const rows = rowsOfNamedValues(view, table, pair.column);
    const [first, second] = pair.named.map(({ value }) => value);
    const [a, b] = [first, second].map((value) => rows.filter((row) => row.values.get(pair.column) === value));
    const oneRowEach = a!.length === 1 && b!.length === 1;
    const measure = isRate ? (rateNamed(table, named) ?? (oneRowEach ? statedRate(table, named) : undefined)) : totalNamed(table, named);
    if (!measure) continue;
    const [x, y] = [measure.of(a!), measure.of(b!)];
    if (x === undefined || y === undefined || x <= 0 || y <= 0) continue;
    const ratio = x / y;
    if (multipleHolds(claimed, ratio)) return undefined;
    const show = (value: number): string => String(Number(value.toPrecision(4)));
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [a![0]!.refs[0]!, b![0]!.refs[0]!],
      reason: `claim says ${first} is "${claimed.wording}" ${second}; ${measure.name} is ${show(x)} against ${show(y)} (×${ratio.toFixed(2)})`,
    };
  }
  return undefined;
}

/** Whether the claim names a column: one of its words that is no unit ("damage" of damaged_kits). */
function namesColumn(column: string, named: (word: string) => boolean): boolean {
  return columnWords(column.toLowerCase()).some((word) => word.length >= 3 && !UNIT_KEY_PARTS.has(word) && named(word));
}

/** The one rate whose part the claim names: that count column's sum over the sum of the one column bounding it. */
function rateNamed(table: Table, named: (word: string) => boolean): Measure | undefined {
  const pairs = boundedPairs(table).filter(([part]) => namesColumn(part, named));
  if (new Set(pairs.map(([part]) => part)).size !== 1) return undefined;
  // Of the wholes that bound it, the one the claim names, else the one counting the same things
  // (damaged_kits over kits_packed), else the only one.
  const part = pairs[0]![0];
  const wholes = pairs.map(([, whole]) => whole);
  const partWords = new Set(columnWords(part.toLowerCase()).filter((word) => word.length >= 3 && !UNIT_KEY_PARTS.has(word)));
  const namedWholes = wholes.filter((whole) => namesColumn(whole, named));
  const sameThings = wholes.filter((whole) => columnWords(whole.toLowerCase()).some((word) => partWords.has(word)));
  const whole = namedWholes.length === 1 ? namedWholes[0] : sameThings.length === 1 ? sameThings[0] : wholes.length === 1 ? wholes[0] : undefined;
  if (!whole) return undefined;
  return { name: `${part} per ${whole}`, of: (rows) => ratioOf(rows, part, whole) };
}

/** The one column that states a rate (dcr_pct, on_time_rate), else the one of several the claim names; read off a group's one row. */
function statedRate(table: Table, named: (word: string) => boolean): Measure | undefined {
  const rates = numericColumns(table).filter((column) => columnWords(column.toLowerCase()).some((word) => RATE_COLUMN_WORDS.has(word)));
  const column = rates.length === 1 ? rates[0] : onlyOne(rates.filter((rate) => namesColumn(rate, named)));
  if (!column) return undefined;
  return { name: column, of: (rows) => (rows.length === 1 ? sum(rows, column) : undefined) };
}

const onlyOne = <T>(items: readonly T[]): T | undefined => (items.length === 1 ? items[0] : undefined);

/** The total of the one numeric column the claim names. */
function totalNamed(table: Table, named: (word: string) => boolean): Measure | undefined {
  const columns = numericColumns(table).filter((column) => namesColumn(column, named));
  if (columns.length !== 1) return undefined;
  const column = columns[0]!;
  return { name: `the total of ${column}`, of: (rows) => (rows.length > 0 ? sum(rows, column) : undefined) };
}
