// Figures a table gives only in aggregate. An analysis sums and divides its rows: "3,060 sailings
// were scheduled in Q1" is the sum of `scheduled` over the Q1 rows, "14,377.9 MWh in March" the sum
// of `energy_mwh` over March's turbines, "an on-time rate of 93.9%" sum(on_time) / sum(operated),
// "CityWaste supplied 46% of the tonnage" one group's sum over the total. The rows are those the
// claim names (its entities, its periods — a quarter holds its months), split by the values of
// another column; the figure must equal an aggregate, or two aggregates' difference, percent
// change, share or rate, within the claim's own precision.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import type { ClaimView } from '../claim-view';
import { namedValues, periodNumbers, textColumns, tokensOf } from '../align/table-alignment';
import { nearestGroups, type Focus } from './figure-groups';
import { periodHolds, periodKey, periodsNamed, samePeriod, withPeriodRanges, type PeriodKey } from '../records/periods';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { aggregateIs, isBound, significantDigits, writtenFigureIs } from './matching';
import aggregateWords from '../vocabulary/aggregates.json';
import { TREND_DOWN, TREND_UP } from '../contradictions/trends';
import { dominatingWholes, excludedIn, measureWordsOf, measuresOf, withDefinitionColumns } from './aggregate-measures';

/** Tables longer than this are logs, not summaries: their sums are not what a report quotes. */
const MAX_ROWS = 400;
/** A split by a column with more values than this is a list of entities, not groups. */
const MAX_GROUPS = 12;

const MEAN_WORDS = new Set(aggregateWords.mean);
/** Wording of a change between two ends ("rose", "fell", "improved"). */
const CHANGE_RE = new RegExp(`${TREND_UP.source}|${TREND_DOWN.source}|\\b(?:chang\\w*|improv\\w*|worsen\\w*|better|worse|up|down)\\b`, 'i');

interface Aggregate {
  column: string;
  /** The split this aggregate is one group of ('' for all the claim's rows), and the group's value there. */
  split: string;
  value: string;
  /** A group the claim names itself (a quarter of monthly rows). */
  named: boolean;
  rows: TableRow[];
  sum: number;
  mean: number;
}

/** The cells an aggregate derivation rests on, or undefined when no aggregate gives the figure. */
export function aggregateDerivation(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  // A figure of one significant digit ("five minutes", "3%") is met by some aggregate by chance.
  if (isBound(quantity) || !Number.isFinite(quantity.value) || significantDigits(quantity) < 2) return undefined;
  // A table cell ("4.4% (6,510 m)") is about its row and column: "FX-11", "Waste rate, week 41".
  const text = view.claim.context === undefined ? view.claim.text : `${view.claim.text} ${view.claim.context}`;
  const claim = tokensOf(text);
  // ("1 July 2024" is a day, not the month of July: a range of weeks may start on it.)
  const dated = new Set(view.features.dates.filter((date) => date.day !== undefined).map((date) => date.month));
  // ("Across the ten weeks from W32 to W41" spans the weeks; "rose from May to October" compares two.)
  const spans = quantity.dimension !== 'percent' && !CHANGE_RE.test(view.claim.text);
  const periods = withPeriodRanges(view.claim.text, periodsNamed(claim), spans).filter((period) => period.kind !== 'month' || !dated.has(Number(period.key.slice(5))));
  // "142,700 litres in 2023 to 152,600 litres in 2024": a year written with the figure is its rows' year.
  const year = yearOfFigure(view, quantity);
  const wantsMean = [...claim].some((token) => MEAN_WORDS.has(token));
  // The claim's other figures: a percentage may be the change to or from one of them.
  const others = view.features.quantities.filter((q) => q !== quantity && q.dimension !== 'percent' && q.value > 0 && !isBound(q));
  // A figure's unit names the column it is a total of ("285,480 t" of tonnes_crushed).
  const measureWords = measureWordsOf(view, claim);
  const previous = view.surroundings.previous[0];
  const before = previous !== undefined && previous.parentId === view.claim.parentId ? tokensOf(previous.text) : undefined;
  // "7.3 exposures per science hour, against 4.9 on KRT-35": the claim's figures are of the rate it
  // names; "4.26 per 1,000", "0.84 per 1,000 catheter days": of a rate scaled to its base.
  const perRate = /\bper\s+(?!cent\b)\p{L}/iu.test(view.claim.text) ? 1 : (rateBase(view.claim.text) ?? 0);
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_ROWS) continue;
    let measures = withDefinitionColumns(measuresOf(table, measureWords), table.defined ?? [], measureWords);
    // "June's total was about 23% above April's", after "Monthly treatments rose …": a claim that
    // names no measure of the table speaks of the one the sentence before it named.
    if (measures.length === 0 && before !== undefined) measures = measuresOf(table, before);
    if (measures.length === 0) continue;
    // "96.0% of intake made class A": a share of a named count may be over a whole the claim words otherwise.
    if (quantity.dimension === 'percent') measures = [...measures, ...dominatingWholes(table, measures)];
    const claimed = claimRows(view, table, claim, periods);
    const { focus, compared } = claimed;
    const yearColumn = year === undefined ? undefined : table.columns.find((column) => YEAR_COLUMN_RE.test(column) && claimed.rows.some((row) => row.values.get(column) === year));
    const ofYear = yearColumn ? claimed.rows.filter((row) => row.values.get(yearColumn) === year) : claimed.rows;
    // "2.8% in July, 2.7% in August": a figure written with its own period is that period's rows'.
    const { rows: own, coarse } = ownPeriodRows(view, quantity, table, ofYear);
    // "The crack rate went from 2.0% to 2.4% over the period": with no period named, the two ends are the first and the last.
    const rows = own === ofYear && periods.length === 0 ? (endPeriodRows(view.claim.text, quantity, table, ofYear) ?? own) : own;
    // A week or a month written with a figure ("3,300 units in week 11") pins it to its rows; a
    // quarter or a half ("156 in Q2") is tried first, then all the claim's rows, which group by
    // each quarter it names ("3.3% in Q2 to 4.1% in Q3").
    const pinned = focus === undefined ? nearestGroups(view, quantity, table, compared) : [];
    for (const chosen of rows === ofYear || !coarse ? [rows] : [rows, ofYear]) {
      if (chosen.length < 2) continue;
      const aggregates = aggregatesOf(chosen, measures, periods, splitColumns(table, focus, compared));
      const found =
        matchAggregates(quantity, aggregates, wantsMean, focus, compared, pinned, perRate) ??
        changeToStated(quantity, others, aggregates, focus) ??
        // "Hoofstock accounted for 201 of the quarter's 740 overtime hours": the whole a part is
        // counted out of may be every row's, not only the named group's.
        (focus !== undefined && wholeAfterPart(view.claim.text, quantity) ? matchAggregates(quantity, aggregates, wantsMean, undefined, compared, []) : undefined);
      if (found) return cellsOf(found);
    }
  }
  return undefined;
}

/** The base a claim scales its rate to ("per 1,000", "per 100,000", "per million"), if it names one. */
function rateBase(text: string): number | undefined {
  const base = RATE_BASE_RE.exec(text)?.[1]?.toLowerCase().replace(/,/g, '');
  return base === undefined ? undefined : (RATE_BASE_WORDS[base] ?? Number(base));
}

const RATE_BASE_RE = /\bper\s+(1(?:,?000)+|100|thousand|hundred|million)\b/i;
const RATE_BASE_WORDS: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6 };

/**
 * The rows of the period written right after a figure ("2.7% in August", "3,300 units in week 11",
 * "4.6% in September from 3.3% in August"), within a few words and before any other figure: for a claim that names
 * several periods, each figure is its own period's. The rows as they are when no period is written
 * there, or no period column holds it.
 */
function ownPeriodRows(view: ClaimView, quantity: Quantity, table: Table, rows: TableRow[]): { rows: TableRow[]; coarse: boolean } {
  const text = view.claim.text;
  const end = quantity.start + quantity.raw.length;
  // (The number of "week 11" numbers the period: no other figure.)
  const labels = periodNumbers(text);
  const next = view.features.quantities.filter((q) => q.start >= end && q !== quantity && !labels.has(q.raw.trim())).map((q) => q.start);
  const stop = Math.min(end + 40, ...next, text.length);
  // A month's name, or a period noun and its number ("week 11", "quarter 4"), which periodKey reads.
  const words = /^\s*(?:\p{L}+\s+){0,2}?(?:in|for|during|of)\s+(\p{L}+(?:\d{1,2}\b(?![.,:]\d)|\s+\d{1,2}\b(?![.,:]\d))?)/iu.exec(text.slice(end, stop));
  const period = words ? periodKey(words[1]!) : undefined;
  // ("477 fewer than in Q1" compares the figure with Q1's; it is not Q1's.)
  if (!period || period.kind === 'year' || /\bthan\s/i.test(words![0])) return { rows, coarse: false };
  for (const column of textColumns(table)) {
    const within = rows.filter((row) => {
      const key = periodKey(row.values.get(column) ?? '');
      return key !== undefined && (samePeriod(period, key) || periodHolds(period, key));
    });
    if (within.length > 0) return { rows: within, coarse: period.kind === 'quarter' || period.kind === 'half' };
  }
  return { rows, coarse: false };
}

/**
 * The rows of the first or the last period of a table's period column, for the figure a claim
 * goes "from" or "to" ("went from 2.0% to 2.4% over the period"), when it names no period.
 */
function endPeriodRows(text: string, quantity: Quantity, table: Table, rows: TableRow[]): TableRow[] | undefined {
  const before = text.slice(Math.max(0, quantity.start - 8), quantity.start);
  // ("from 527 booked hours" with no "to" after it is a source, not a change's first end.)
  const changeFollows = /^\S*(?:\s+\S+){0,4}?\s+to\b/i.test(text.slice(quantity.start + quantity.raw.length));
  const end = /\bfrom\s+(?:about\s+|around\s+)?$/i.test(before) && changeFollows ? 'first' : /\bfrom\s+\S+\s+to\s+(?:about\s+|around\s+)?$/i.test(text.slice(Math.max(0, quantity.start - 40), quantity.start)) ? 'last' : undefined;
  if (!end) return undefined;
  for (const column of textColumns(table)) {
    const keys = [...new Set(rows.map((row) => row.values.get(column) ?? ''))].map((value) => ({ value, key: periodKey(value)?.key }));
    if (keys.length < 2 || keys.some(({ key }) => key === undefined)) continue;
    // In time order (by the period's key: "2024-W36", "2024-04"), not as written ("April" before "March").
    const ordered = keys.sort((a, b) => (a.key! < b.key! ? -1 : a.key! > b.key! ? 1 : 0)).map(({ value }) => value);
    const wanted = end === 'first' ? ordered[0]! : ordered.at(-1)!;
    return rows.filter((row) => row.values.get(column) === wanted);
  }
  return undefined;
}

/** A figure written as the whole after a part: "201 of the quarter's 740", "18 out of its 20". */
const WHOLE_AFTER_PART_RE = /\d[\d,.]*\s*(?:%|\p{L}{0,12})\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+|all\s+)?(?:\p{L}+['’]s?\s+)?$/iu;

function wholeAfterPart(text: string, quantity: Quantity): boolean {
  return WHOLE_AFTER_PART_RE.test(text.slice(Math.max(0, quantity.start - 60), quantity.start));
}

/** A column of years (year, fiscal_year). */
const YEAR_COLUMN_RE = /(?:^|[_\s-])(?:year|yr)s?$/i;

/** The year written right after a figure ("152,600 litres in 2024"), with no other figure between. */
function yearOfFigure(view: ClaimView, quantity: Quantity): string | undefined {
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  return /^\s*(?:\p{L}+\s+){0,2}?(?:in|for|during)\s+((?:19|20)\d\d)\b/u.exec(after)?.[1];
}

/**
 * The rows the claim is about: those of the values it names in a column where it names several
 * (both routes, Q1 and Q2), a named period holding the shorter ones in it (Q1: its months). One
 * value named alone (R1) is the focus: its group is judged against the other groups and the whole.
 */
function claimRows(view: ClaimView, table: Table, claim: Set<string>, periods: PeriodKey[]): { rows: TableRow[]; focus?: Focus; compared: Set<string> } {
  const named = namedValues(view, table, claim);
  let rows = table.rows;
  let focus: Focus | undefined;
  // Columns whose groups the claim sets side by side: it names several of their values, or periods.
  const compared = new Set<string>();
  const text = view.claim.text.toLowerCase();
  for (const [column, all] of named) {
    // "totalled 950 t, none of them to Marlow Cross", "excluding Rotterdam": a value the claim
    // leaves out is no focus; its rows are left out of the claim's.
    const excluded = all.filter((value) => excludedIn(text, value.toLowerCase()));
    if (excluded.length > 0) rows = rows.filter((row) => !excluded.includes(row.values.get(column) ?? ''));
    const values = all.filter((value) => !excluded.includes(value));
    if (values.length === 0) continue;
    const isPeriod = values.every((value) => periodKey(value) !== undefined);
    // Periods select by what the claim's periods hold (below): "in Q3 (July–September)" is three months.
    if (periods.length > 0 && isPeriod) continue;
    if (values.length === 1 && !isPeriod && focus === undefined) {
      focus = { column, value: values[0]! };
      continue;
    }
    const keep = new Set(values);
    rows = rows.filter((row) => keep.has(row.values.get(column) ?? ''));
    if (values.length > 1 || isPeriod) compared.add(column);
  }
  if (periods.length > 0) {
    for (const column of textColumns(table)) {
      if (named.has(column) && !named.get(column)!.every((value) => periodKey(value) !== undefined)) continue;
      const within = rows.filter((row) => {
        const key = periodKey(row.values.get(column) ?? '');
        return key !== undefined && periods.some((period) => periodHolds(period, key));
      });
      if (within.length > 0 && within.length < rows.length) rows = within;
      if (within.length > 0) compared.add(column);
    }
  }
  return { rows, focus, compared };
}


/** Each measure summed over all the rows, and over each group of a column that splits them in a few. */
function aggregatesOf(rows: readonly TableRow[], measures: readonly string[], periods: readonly PeriodKey[], columns: readonly string[]): Aggregate[] {
  const splits: Array<[string, Array<[string, TableRow[]]>, boolean]> = [['', [['', [...rows]]], false]];
  for (const column of columns) {
    // Rows by the longest periods the claim names ("6,317 t in Q3 against 6,275 t in Q2": quarters of monthly rows).
    const byPeriod = namedPeriodGroups(rows, column, periods);
    if (byPeriod) splits.push([column, byPeriod, true]);
    const groups = new Map<string, TableRow[]>();
    for (const row of rows) {
      const value = row.values.get(column);
      if (value !== undefined) addTo(groups, value, row);
    }
    if (groups.size >= 2 && groups.size <= MAX_GROUPS && groups.size <= rows.length) splits.push([column, [...groups.entries()], false]);
  }
  const out: Aggregate[] = [];
  for (const column of measures) {
    for (const [split, groups, named] of splits) {
      for (const [value, group] of groups) {
        // (A blank cell is a row with nothing to add yet, a planned check; any other cell must be a number.)
        const cells = group.map((row) => (row.values.get(column) ?? '').trim()).filter((cell) => cell !== '');
        const numbers = cells.map((cell) => numericValue(cell)).filter((n): n is number => n !== undefined);
        if (numbers.length === 0 || numbers.length < cells.length) continue;
        // (Blanks are a few rows of a column most rows fill, not the rows of other records merged in.)
        if (numbers.length < group.length && (numbers.length < 2 || numbers.length * 2 < group.length)) continue;
        const sum = numbers.reduce((a, b) => a + b, 0);
        out.push({ column, split, value, named, rows: group, sum, mean: sum / numbers.length });
      }
    }
  }
  return out;
}

/** Columns of numbered periods (week=42, year=2024): labels that split rows, though their values are numbers. */
const PERIOD_NUMBER_COLUMN_RE = /(?:^|[_\s-])(?:week|wk|year|yr|month|quarter|period|day)s?(?:[_\s-]?(?:no|num|number))?$/i;

/** The columns whose values split the rows into groups: the text columns, the numbered periods, and any column the claim names a value of. */
function splitColumns(table: Table, focus: Focus | undefined, compared: ReadonlySet<string>): string[] {
  const text = textColumns(table);
  const numbered = table.columns.filter((column) => !text.includes(column) && PERIOD_NUMBER_COLUMN_RE.test(column));
  return [...new Set([...text, ...numbered, ...(focus ? [focus.column] : []), ...compared])];
}

const PERIOD_LENGTH: Record<PeriodKey['kind'], number> = { year: 6, half: 5, quarter: 4, month: 3, week: 2, day: 1 };

/** The rows of a period column grouped by the longest periods the claim names, when it names two or more of them that hold rows. */
function namedPeriodGroups(rows: readonly TableRow[], column: string, periods: readonly PeriodKey[]): Array<[string, TableRow[]]> | undefined {
  const longest = Math.max(0, ...periods.map((p) => PERIOD_LENGTH[p.kind]));
  const named = periods.filter((p) => PERIOD_LENGTH[p.kind] === longest && p.kind !== 'month' && p.kind !== 'day');
  if (named.length < 2) return undefined;
  const groups = new Map<string, TableRow[]>();
  for (const row of rows) {
    const key = periodKey(row.values.get(column) ?? '');
    const holder = key && named.find((p) => p.key !== key.key && periodHolds(p, key));
    if (holder) addTo(groups, holder.key, row);
  }
  return groups.size >= 2 ? [...groups.entries()] : undefined;
}

/**
 * The aggregates the figure follows from: itself (a sum of two rows or more, or a mean when the
 * claim says "average"), or two of them combined. With a focus, the figure is the focus group's:
 * its sum, its rate, its difference from another group, its share of the whole. Without one, it is
 * the whole's, or the difference of two groups the claim sets side by side: a group it does not
 * name is some other entity's.
 */
function matchAggregates(quantity: Quantity, aggregates: readonly Aggregate[], wantsMean: boolean, focus: Focus | undefined, compared: ReadonlySet<string>, pinned: readonly Focus[], perRate = 0): Aggregate[] | undefined {
  const close = (value: number): boolean => aggregateIs(quantity, value);
  const percent = quantity.dimension === 'percent';
  // (Of groups set side by side, the one written right beside the figure is its own: "1,066.3 mbf … in week 42".)
  const own = (a: Aggregate): boolean => (focus === undefined ? a.split === '' || a.named || pinned.some((p) => a.split === p.column && a.value === p.value) : a.split === focus.column && a.value === focus.value);
  const sideBySide = (a: Aggregate): boolean => own(a) || (focus === undefined && compared.has(a.split));
  // A change ("came down by 23 days") is a difference of two groups, never a total.
  if (quantity.qualifier !== 'delta') {
    for (const a of aggregates) {
      if (!own(a) || a.rows.length < 2) continue;
      if (!percent && close(a.sum)) return [a];
      if (wantsMean && close(a.mean)) return [a];
    }
  }
  for (const a of aggregates) {
    if (!sideBySide(a)) continue;
    for (const b of aggregates) {
      if (a === b) continue;
      const sameMeasure = a.column === b.column;
      // Two groups of one split (Q1 and Q2, or SMS and phone clinics): a difference or a change.
      if (sameMeasure && a.split === b.split && a.split !== '') {
        if (!percent && (close(a.sum - b.sum) || (quantity.qualifier !== undefined && close(Math.abs(a.sum - b.sum))))) return [a, b];
        if (percent && b.sum !== 0 && close(Math.abs((a.sum / b.sum - 1) * 100))) return [a, b];
        if (percent && wantsMean && b.mean !== 0 && close(Math.abs((a.mean / b.mean - 1) * 100))) return [a, b];
      }
      if (!own(a)) continue;
      // "7.3 exposures per science hour": one measure's sum over another's, on the same rows.
      if (perRate > 0 && !percent && !sameMeasure && a.rows === b.rows && b.sum > 0 && close((a.sum / b.sum) * perRate)) return [a, b];
      // "153 failed first inspection by X-ray or visual check": two measures the claim names, added up on the same rows.
      if (!percent && !sameMeasure && a.rows === b.rows && a.rows.length >= 2 && quantity.qualifier !== 'delta' && close(a.sum + b.sum)) return [a, b];
      if (!percent || b.sum <= 0 || a.sum <= 0 || a.sum >= b.sum) continue;
      // A group's share of the whole (one measure), or a rate of two measures over the same rows.
      const share = sameMeasure && focus !== undefined && b.split === '';
      const rate = !sameMeasure && a.rows === b.rows;
      if ((share || rate) && close((a.sum / b.sum) * 100)) return [a, b];
    }
  }
  return undefined;
}

/**
 * "Transactions rose 3.5% to 6,777": a percentage that is the change between a group's total the
 * claim states (6,777, one game's rows) and the one other group of that split (the other game);
 * "rose 3.3% on the previous week's 276,400 t": between the claim's rows' total and a figure the
 * claim gives (itself checked as a need of its own).
 */
function changeToStated(quantity: Quantity, others: readonly Quantity[], aggregates: readonly Aggregate[], focus: Focus | undefined): Aggregate[] | undefined {
  if (quantity.dimension !== 'percent' || others.length === 0) return undefined;
  const close = (value: number): boolean => aggregateIs(quantity, value);
  const change = (to: number, from: number): number => Math.abs((to / from - 1) * 100);
  for (const a of aggregates) {
    if (a.split === '') {
      if (focus !== undefined || a.rows.length < 2) continue;
      if (others.some((q) => close(change(a.sum, q.value / (q.scale || 1))))) return [a];
      continue;
    }
    if (!others.some((q) => writtenFigureIs(q, a.sum, 0.03))) continue;
    const peers = aggregates.filter((b) => b !== a && b.column === a.column && b.split === a.split);
    if (peers.length === 1 && peers[0]!.sum > 0 && close(change(a.sum, peers[0]!.sum))) return [a, peers[0]!];
  }
  return undefined;
}

function addTo(groups: Map<string, TableRow[]>, key: string, row: TableRow): void {
  const group = groups.get(key);
  if (group) group.push(row);
  else groups.set(key, [row]);
}

/** The cells of the aggregates' measures, one per row (the evidence a reviewer opens). */
function cellsOf(aggregates: readonly Aggregate[]): IndexedItem[] {
  const out: IndexedItem[] = [];
  for (const aggregate of aggregates) {
    for (const row of aggregate.rows) {
      const cell = row.cells.get(aggregate.column) ?? row.unit;
      if (!out.includes(cell)) out.push(cell);
    }
  }
  return out;
}
