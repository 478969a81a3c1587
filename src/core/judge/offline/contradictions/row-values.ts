// A figure the claim puts on a row that gives another: "Old Town: 17.9% of bookings cancelled"
// where Old Town's row has cancel_rate_pct=12.4 (17.9 is the Airport's), "Average January load in
// North-Ridge was 288.1 MW" where that row says 301.4. Asked only of a figure no record holds for
// the claim's subject: the claim names one row of a table (every column it names by one value),
// the measure is the column its figure is another row's value of, else the one column its words
// name, and the cell's own quantity (with its unit) decides.
import { canonicalStem, type Quantity } from '../../../retrieval/index';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { LIMIT_WORDS, dimensionsCompatible, quantityMatches } from '../derive/matching';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { MONEY_KEY_PARTS, THRESHOLD_WORDS } from '../vocabulary/index';
import { columnNamedBy } from '../align/column-names';
import { columnWords, measureColumn, namedValues, numberLabels, periodNumbers, selectRows, tableProfile, tokensOf } from '../align/table-alignment';

/**
 * With `missing` (the figures support could not find), a figure no record holds; without it, any
 * figure of the claim, decided only when another row of the same column holds it (another
 * entity's or another period's value put on the named row).
 */
export function contradictRowValue(view: ClaimView, missing?: readonly string[]): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const claim = tokensOf(view.claim.text);
  // ("up to 500 subscribers" is a limit: a row's limit column gives it, checked below.)
  // ("week 11" numbers a period, whose row it names: no figure of it.)
  const periods = periodNumbers(view.claim.text);
  const unmet = view.features.quantities.filter(
    (q) => q.qualifier !== 'delta' && q.qualifier !== 'lower' && !(periods.has(q.raw.trim()) && !q.hasUnit) && (missing === undefined || missing.includes(q.raw.trim())),
  );
  if (unmet.length !== 1) return undefined;
  const figure = unmet[0]!;
  const onlyElsewhere = missing === undefined;
  // "61, fewer than in February", "up from March": the other row named is the comparison's, not the figure's.
  if (/\b(?:than|from|since|compared|versus|vs)\b/i.test(view.claim.text)) return undefined;
  // A rate ("5 per second"), a multiple ("ten times") or a figure beside another of its kind (a
  // sum, a difference, a share of it) may be computed, not read off a cell.
  const after = view.claim.text.slice(figure.start + figure.raw.length);
  // (A percentage "of bookings" is a share the row may give; a count "of 320" is a part of a whole.
  // A count in words, "all three domains", numbers a list.)
  // (Unless a column names that rate: "34.0 kg per cow per day" is a cell of yield_target_kg_cow_day.)
  const rateOf = /^\s*per\s+(\p{L}+)(?:\s+per\s+(\p{L}+))?/iu.exec(after);
  const bars = rateOf ? [rateOf[1]!, rateOf[2]].filter((word): word is string => word !== undefined).map((word) => canonicalStem(word.toLowerCase())) : [];
  if (/\bper\b/i.test(figure.raw) || /^\p{L}/u.test(figure.raw) || /^\s*times\b/i.test(after) || (figure.dimension !== 'percent' && /^\s*of\b/i.test(after))) return undefined;
  if (view.features.quantities.some((q) => q !== figure && q.dimension === figure.dimension && !isLabel(view, q))) return undefined;
  // "the 2,000 kg donation minimum", "every store": a bar the rows are held to, not one row's reading.
  const next = after.split(/[,;.]/)[0]!.trim().split(/\s+/).slice(0, 3).join(' ');
  const near = `${view.claim.text.slice(Math.max(0, figure.start - 15), figure.start)} ${next}`.toLowerCase().split(/[^\p{L}]+/u);
  // (Unless the row's own column is that bar: "Pen B's yield target of 34.0" against yield_target.)
  for (const word of near) if (THRESHOLD_WORDS.has(word)) bars.push(word);
  if (/\b(?:every|each|all)\b/i.test(view.claim.text)) return undefined;
  for (const table of tablesOf(view.index)) {
    const verdict = valueIn(view, table, figure, claim, onlyElsewhere, bars) ?? valueInEachResult(view, table, figure, claim, onlyElsewhere, bars);
    if (verdict) return verdict;
  }
  return undefined;
}

/**
 * A table gathered from several tool results of one shape (this week's overrides by cabinet, and
 * last week's as a baseline) names the entity once in each. Read in each result apart: the figure
 * another row holds in one of them, and the named row holds in none, is put on the wrong row.
 */
function valueInEachResult(view: ClaimView, table: Table, figure: Quantity, claim: Set<string>, onlyElsewhere: boolean, bars: readonly string[]): ClaimVerdict | undefined {
  const parts = resultsOf(table);
  if (!parts) return undefined;
  const named = namedValues(view, table, claim);
  if (named.size === 0 || [...named.values()].some((values) => values.length !== 1)) return undefined;
  // The named row holds the figure in some result: the claim may be of that one.
  const own = selectRows(table, named, new Set());
  if (own.some((row) => table.columns.some((column) => cellMatches(row, column, figure)))) return undefined;
  for (const part of parts) {
    const verdict = valueIn(view, part, figure, claim, onlyElsewhere, bars);
    if (verdict) return verdict;
  }
  return undefined;
}

function valueIn(view: ClaimView, table: Table, figure: Quantity, claim: Set<string>, onlyElsewhere: boolean, bars: readonly string[]): ClaimVerdict | undefined {
  const named = namedValues(view, table, claim);
  if (named.size === 0 || [...named.values()].some((values) => values.length !== 1)) return undefined;
  const rows = selectRows(table, named, new Set());
  if (rows.length !== 1) return undefined;
  const row = rows[0]!;
  const labels = numberLabels(named, view.claim.text);
  if (labels.has(figure.raw.trim())) return undefined;
  // The column the figure is another row's value of (17.9 is the Airport's cancel_rate_pct), else the one its words name.
  const number = numericValue(figure.raw.replace(/[^\d.,+-]/g, ''));
  const anywhere = number === undefined ? [] : table.columns.filter((c) => rowsNear(table, c, figure, number).some((other) => other !== row && cellMatches(other, c, figure)));
  // (Other rows hold 1.4 as mean_o2_pct and as mean_co2_pct: "a mean CO2 of 1.4%" says which.)
  const namedOne = anywhere.length > 1 ? columnNamedBy(anywhere, claim) : undefined;
  const elsewhere = namedOne ? [namedOne] : anywhere;
  if (onlyElsewhere && elsewhere.length !== 1) return undefined;
  const measure = elsewhere.length === 1 ? elsewhere[0] : elsewhere.length === 0 ? measureColumn(view, table, rows, rows, claim, new Set(named.keys()), new Set([...labels, figure.raw.trim()])) : undefined;
  if (!measure) return undefined;
  // A bar or a rate the claim names must be the column's own ("target", "per cow per day").
  const measureWords = new Set(columnWords(measure.toLowerCase()).flatMap((part) => [part, canonicalStem(part)]));
  if (!bars.every((word) => measureWords.has(word))) return undefined;
  // "Up to 500 subscribers" states a limit: only a column of limits (private_feed_max_subscribers) gives it.
  // (And one of what it limits, the claim's words for it: "menu managers" is no max_kiosks.)
  // (A document's table of what each plan allows, "| Standard | 20 |", is a column of limits whatever its header.)
  if (figure.qualifier === 'upper') {
    const parts = columnWords(measure.toLowerCase());
    const limits = row.unit.item.kind === 'paragraph' || parts.some((part) => LIMIT_WORDS.has(part));
    if (!limits || !parts.some((part) => !LIMIT_WORDS.has(part) && (claim.has(part) || claim.has(canonicalStem(part))))) return undefined;
  }
  // "$18,400 in write-offs" is an amount of money: a column of counts (breaks) is not its measure.
  const money = /[$€£¥]\s*$/.test(view.claim.text.slice(Math.max(0, figure.start - 2), figure.start));
  if (money && !columnWords(measure).some((part) => MONEY_KEY_PARTS.has(canonicalStem(part.toLowerCase())))) return undefined;
  const cell = cellQuantity(row, measure);
  if (!cell || cell.dimension !== figure.dimension || !dimensionsCompatible(figure, cell) || quantityMatches(figure, cell)) return undefined;
  // Named by words alone, the column must be what the figure is said to measure: the words before it name it too.
  if (elsewhere.length === 0 && !columnWords(measure).some((part) => figure.key.includes(canonicalStem(part)))) return undefined;
  const unit = row.cells.get(measure)!;
  const owner = elsewhere.length === 1 ? rowsNear(table, measure, figure, number!).find((other) => other !== row && cellMatches(other, measure, figure)) : undefined;
  const whose = owner ? `; ${figure.raw.trim()} is ${[...named.keys()].map((c) => owner.values.get(c)).join(' ')}'s (${owner.cells.get(measure)!.item.id})` : '';
  return {
    partition: 'contradicted',
    type: unit.item.kind === 'json_field' ? 'specific_data' : 'tool_match',
    evidence_refs: [unit.item.id],
    reason: `claim says ${figure.raw.trim()}, ${unit.item.id} gives ${measure}=${row.values.get(measure)} for ${[...named.values()].flat().join(' ')}${whose}`,
  };
}

/**
 * The rows of a column whose value could be the figure, in table order: those whose number as
 * written lies near the figure's, as written or in base units with the unit the column's name
 * implies. A generous window that the exact test (cellMatches) then narrows: reading a cell's
 * quantity means reading its unit, and a claim must not read every row of a large log.
 */
function rowsNear(table: Table, column: string, figure: Quantity, written: number): TableRow[] {
  const factor = fieldNameUnit(column)?.factor ?? 1;
  const targets = [written, figure.value, figure.value / factor];
  const numbers = tableProfile(table).byNumber.get(column) ?? [];
  const near = new Set<TableRow>();
  for (const target of targets) {
    const [low, high] = [Math.min(target * 0.75, target * 1.25) - 1, Math.max(target * 0.75, target * 1.25) + 1];
    let at = lowerBound(numbers, low);
    for (; at < numbers.length && numbers[at]!.value <= high; at++) near.add(numbers[at]!.row);
  }
  return table.rows.length <= near.size * 4 ? table.rows.filter((row) => near.has(row)) : [...near].sort((a, b) => table.rows.indexOf(a) - table.rows.indexOf(b));
}

/** The first entry whose value is at least `value` (entries ascending by value). */
function lowerBound(entries: ReadonlyArray<{ value: number }>, value: number): number {
  let [lo, hi] = [0, entries.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.value < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The quantity the cell's unit reads at the cell's value (its unit implied by the field name). */
export function cellQuantity(row: TableRow, column: string): Quantity | undefined {
  const unit = row.cells.get(column);
  const value = numericValue(row.values.get(column) ?? '');
  if (!unit || value === undefined) return undefined;
  const candidates = unit.features.quantities.filter((q) => numericValue(q.raw.replace(/[^\d.,+-]/g, '')) === value);
  return candidates.find((q) => q.key.length > 0) ?? candidates[0];
}

export function cellMatches(row: TableRow, column: string, figure: Quantity): boolean {
  const cell = cellQuantity(row, column);
  return cell !== undefined && quantityMatches(figure, cell);
}

/** A number that names a thing ("Route 27", "wave 2", "15-minute window"), not a reading. */
function isLabel(view: ClaimView, q: Quantity): boolean {
  // "Route 27", "Wave 2", "WTG 7": a capitalised word before a bare number; "lost 604 MWh" is a reading.
  const after = view.claim.text.slice(q.start + q.raw.length);
  return /^\d{1,3}$/.test(q.raw.trim()) && !q.hasUnit && /(?:^|\s)\p{Lu}[\p{L}-]*\s+$/u.test(view.claim.text.slice(Math.max(0, q.start - 20), q.start)) && !/^\s*\p{L}/u.test(after);
}

/** A table's rows split by the tool result that holds them, when it gathers several results of two rows or more; read once per table. */
const RESULTS = new WeakMap<Table, Table[] | null>();
function resultsOf(table: Table): Table[] | undefined {
  let parts = RESULTS.get(table);
  if (parts === undefined) {
    const byItem = new Map<string, TableRow[]>();
    for (const row of table.rows) {
      const rows = byItem.get(row.unit.item.id);
      if (rows) rows.push(row);
      else byItem.set(row.unit.item.id, [row]);
    }
    const several = byItem.size >= 2 && [...byItem.values()].every((rows) => rows.length >= 2);
    parts = several ? [...byItem.values()].map((rows) => ({ file: table.file, columns: table.columns, rows })) : null;
    RESULTS.set(table, parts);
  }
  return parts ?? undefined;
}
