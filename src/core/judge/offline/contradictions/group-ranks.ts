// A rank of groups the rows go against, where each group has several rows: "Man-hours per tonne
// of steel were lowest in GD1, at about 520" while the projects table gives GD1 517 (its
// projects' man-hours over their tonnes) and GD2 365. The claim names one value of a text column
// whose values repeat (a dock with its projects), a rank word (lowest, highest) and a rate "X per
// Y" whose two words name one column each; every group's rate is the sum of one over the sum of
// the other, over the rows of the values the claim names in other columns (ranks.ts reads tables
// of one row per entity).
import { canonicalStem, isStopword } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView } from '../claim-view';
import { columnWords } from '../align/table-alignment';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import ranks from '../vocabulary/ranks.json';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import { MAX_GROUP_ROWS, boundedPairs, namedGroup, ratioOf, rowsOfNamedValues, sum, type Measure } from '../records/group-measures';
import { rankWording, shareWords } from './ranks';
import { periodKey, type PeriodKey } from '../records/periods';
import { namesFile } from '../derive/row-counts';

const RATE_RE = /([\p{L}-]+)\s+per\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)/u;

export function contradictGroupRank(view: ClaimView): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const rank = rankWording(view.claim.text);
  if (!rank || rank.place !== 1 || (rank.order !== 'max' && rank.order !== 'min')) return undefined;
  const rate = RATE_RE.exec(view.claim.text);
  // "the lowest reject rate": a share of its rows' count that a group's rows give (rejected over dispatched).
  const share = rate ? undefined : shareWords(view.claim.text, rank.wording);
  // An amount ranked by its total: not a rate, share or change, and no percentage given for it.
  const amount = rate || share || view.features.quantities.some((q) => q.dimension === 'percent') ? undefined : amountWords(view.claim.text, rank.wording);
  if (!rate && !share && !amount) return undefined;
  const lower = view.claim.text.toLowerCase();
  const everyPeriod = EVERY_PERIOD_RE.exec(view.claim.text)?.[1]?.toLowerCase() as PeriodKey['kind'] | undefined;
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 3 || table.rows.length > MAX_GROUP_ROWS) continue;
    const measure = rate ? rateMeasure(table, rate) : share ? shareMeasure(table, share) : (totalMeasure(table, amount!, rank.wording) ?? countMeasure(table, amount!, rank.wording));
    if (!measure) continue;
    const grouping = namedGroup(table, lower, AGGREGATES);
    if (!grouping) continue;
    const rows = rowsOfNamedValues(view, table, grouping.column);
    // "in every month": the rank within each period the rows give, first to last.
    const periods = everyPeriod ? periodsOf(table, rows, everyPeriod) : [{ period: undefined, rows }];
    for (const { period, rows: ranked } of periods) {
      const verdict = rankAgainst(ranked, grouping, measure, rank, period === undefined ? undefined : { period, kind: everyPeriod! });
      if (verdict) return verdict;
    }
  }
  return undefined;
}

/** The claim's group ranked against the others over some rows; a contradiction if another group beats it. */
function rankAgainst(rows: readonly TableRow[], grouping: { column: string; value: string }, measure: GroupMeasure, rank: { wording: string; order: string }, within: { period: string; kind: PeriodKey['kind'] } | undefined): ClaimVerdict | undefined {
  const values = new Map<string, number>();
  for (const value of new Set(rows.map((row) => row.values.get(grouping.column) ?? ''))) {
    // Rows that give every figure of the measure.
    const mine = rows.filter((row) => row.values.get(grouping.column) === value && measure.columns.every((column) => numericValue(row.values.get(column) ?? '') !== undefined));
    const figure = mine.length > 0 ? measure.of(mine) : undefined;
    if (figure !== undefined) values.set(value, figure);
  }
  const own = values.get(grouping.value);
  if (own === undefined || values.size < 2) return undefined;
  const sign = rank.order === 'max' ? 1 : -1;
  const best = [...values].reduce((a, b) => (sign * (b[1] - a[1]) > 0 ? b : a));
  if (best[0] === grouping.value || sign * (best[1] - own) <= 1e-9 * Math.abs(own)) return undefined;
  const show = (value: number): string => String(Number(value.toPrecision(4)));
  const unit = rows.find((row) => row.values.get(grouping.column) === best[0])!;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [unit.refs[0]!],
    reason: `claim ranks ${grouping.value} "${rank.wording}" by ${measure.name}${within === undefined ? '' : ` in every ${within.kind}`}; ${within === undefined ? '' : `in ${within.period} `}${best[0]} has ${show(best[1])} against ${grouping.value}'s ${show(own)} (${measure.columns.length === 0 ? 'rows of each' : "sums over each one's rows"})`,
  };
}

/** "in every one of the four weeks", "each month": the kind of period the rank holds in one by one. */
const EVERY_PERIOD_RE = /\b(?:every|each)\s+(?:one\s+of\s+the\s+(?:[\p{L}\d]+\s+)?)?(day|week|month|quarter|half|year)s?\b/iu;

/** The rows split by the values of the one column whose every value is a period of that kind, in time order. */
function periodsOf(table: Table, rows: readonly TableRow[], kind: PeriodKey['kind']): Array<{ period: string | undefined; rows: TableRow[] }> {
  const column = table.columns.find((name) => table.rows.every((row) => periodKey(row.values.get(name) ?? '')?.kind === kind));
  // (No such column: the rank over all the rows, which a group beaten overall is beaten in some period too.)
  if (column === undefined) return [{ period: undefined, rows: [...rows] }];
  const byPeriod = new Map<string, TableRow[]>();
  for (const row of rows) {
    const value = row.values.get(column)!;
    byPeriod.set(value, [...(byPeriod.get(value) ?? []), row]);
  }
  const key = (value: string): string => periodKey(value)!.key;
  return [...byPeriod].sort((a, b) => key(a[0]).localeCompare(key(b[0]))).map(([period, mine]) => ({ period, rows: mine }));
}

/** A group's measure, with the columns a row must give to count in it. */
interface GroupMeasure extends Measure {
  columns: string[];
}

/** "fuel per MMscf": one column's sum over another's. */
function rateMeasure(table: Table, rate: RegExpExecArray): GroupMeasure | undefined {
  const top = onlyColumn(table, numeratorWords(rate[1]!));
  const bottom = onlyColumn(table, denominatorWords(rate[2]!), top);
  if (!top || !bottom) return undefined;
  return { name: `${top} per ${bottom}`, columns: [top, bottom], of: (rows) => ratioOf(rows, top, bottom) };
}

/** "reject rate": the one count column the words name over the one column that bounds it on every row, in percent. */
function shareMeasure(table: Table, words: string[]): GroupMeasure | undefined {
  // (Of several columns the words name — pallets_rejected, rejected_firmness, rejected_other — the one that holds all the others is the count.)
  // ("call-out" names `callouts`: a hyphenated word also as written glued.)
  const named = [words, words.map((word) => word.replace(/-/g, ''))]
    .map((wording) => namedColumns(table, wording).filter((column) => !table.implied?.includes(column)))
    .find((columns) => columns.length > 0) ?? [];
  const pairs = boundedPairs(table);
  const holds = (whole: string, part: string): boolean => table.rows.every((row) => numericValue(row.values.get(part) ?? '')! <= numericValue(row.values.get(whole) ?? '')!);
  const part = named.length === 1 ? named[0] : named.find((column) => named.every((other) => other === column || holds(column, other)));
  const wholes = part === undefined ? [] : pairs.filter(([p]) => p === part);
  if (wholes.length !== 1) return undefined;
  const whole = wholes[0]![1];
  // (To a tenth of a point, as reports write rates: two groups that round alike are tied, not ranked.)
  const of = (rows: readonly TableRow[]): number | undefined => {
    const ratio = ratioOf(rows, part!, whole);
    return ratio === undefined ? undefined : Math.round(1000 * ratio) / 10;
  };
  return { name: `${part} over ${whole}`, columns: [part!, whole], of };
}

/** "more run hours than any other unit": the total of the one column the words name, an amount (not a rate or a reading). */
function totalMeasure(table: Table, words: string[], wording: string): GroupMeasure | undefined {
  const column = onlyColumn(table, [words, ...words.map((word) => [word])]);
  if (!column || columnWords(column).some((part) => LEVELS.has(part.toLowerCase()))) return undefined;
  // ("the longest single excursion" ranks excursions by how long each lasted, not groups by how many.)
  if (LENGTHS.has(wording.toLowerCase()) && !['duration', 'length'].includes(fieldNameUnit(column)?.dimension ?? '')) return undefined;
  return { name: `the total of ${column}`, columns: [column], of: (rows) => sum(rows, column) };
}

/**
 * "the most common category", "the most calls" (of service_calls.csv): how many rows each group
 * has, on a table of one row per thing (a column of identifiers, WO-87301), when its words say
 * how often or name the table's rows.
 */
function countMeasure(table: Table, words: readonly string[], wording: string): GroupMeasure | undefined {
  // ("The longest event" ranks events by how long each lasted, never groups by how many.)
  if (LENGTHS.has(wording.toLowerCase())) return undefined;
  const byCount = words.some((word) => COUNT_WORDS.has(word)) || words.some((word) => namesFile(table, canonicalStem(word)));
  if (!byCount || !oneRowPerThing(table)) return undefined;
  return { name: 'the number of rows', columns: [], of: (rows) => rows.length };
}

/** A column whose every value is its own identifier of letters and digits (call_id=WO-87301). */
function oneRowPerThing(table: Table): boolean {
  return table.columns.some((column) => {
    const values = table.rows.map((row) => row.values.get(column) ?? '');
    return values.every((value) => /\p{L}/u.test(value) && /\d/.test(value)) && new Set(values).size === values.length;
  });
}

const COUNT_WORDS = new Set(ranks.countWords);
const LEVELS = new Set(ranks.levels);
const LENGTHS = new Set(ranks.lengths);
const CHANGES = new Set(ranks.changes);
const AGGREGATES = new Set(ranks.aggregates);
const RANK_PHRASE_WORDS = new Set([...ranks.max, ...ranks.min].flatMap((phrase) => phrase.split(/\s+/)));

/**
 * The words of the amount ranked: those inside "more … than any other", else up to three after
 * the rank word until a word that is not the amount's ("the most trips of", "the highest fuel use on").
 */
function amountWords(text: string, wording: string): string[] | undefined {
  const inside = wording
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => !RANK_PHRASE_WORDS.has(word) && !isStopword(word));
  const words = inside.length > 0 ? inside : wordsAfter(text, wording);
  // ("March was the busiest of the three months, with 1,926 discharges": the figure's noun.)
  if (words.length === 0) words.push(...figureNounAfter(text, wording));
  return words.length > 0 && !words.some((word) => LEVELS.has(word) || CHANGES.has(word)) ? words : undefined;
}

/** The noun of the claim's own figure after the rank, given "with": "…, with 1,926 discharges". */
function figureNounAfter(text: string, wording: string): string[] {
  const at = text.toLowerCase().indexOf(wording.toLowerCase());
  const noun = /\bwith\s+(?:(?:about|around|roughly|nearly|almost|over|just\s+over|just\s+under)\s+)?[\d][\d.,]*\s+([\p{L}-]+)/iu.exec(text.slice(at + wording.length))?.[1];
  return noun && !isStopword(noun.toLowerCase()) ? [noun.toLowerCase()] : [];
}

/** Up to three words right after the rank wording, until a stop word, lower-cased. */
function wordsAfter(text: string, wording: string): string[] {
  const at = text.toLowerCase().indexOf(wording.toLowerCase());
  const after = text.slice(at + wording.length).match(/^(?:\s+[\p{L}-]+){1,3}/u)?.[0].trim().toLowerCase().split(/\s+/) ?? [];
  const stop = after.findIndex((word) => isStopword(word));
  return stop < 0 ? after : after.slice(0, stop);
}

/** "Man-hours" names `manhours` or `man_hours`: the word as written, glued, and its last part. */
function numeratorWords(word: string): string[][] {
  const lower = word.toLowerCase();
  return [[lower.replace(/-/g, '')], lower.split('-').filter(Boolean), [lower.split('-').at(-1)!]];
}

/** "tonne of steel (were)": the words that are not stop words, all of them first, then each alone. */
function denominatorWords(words: string): string[][] {
  const kept = words
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0 && !isStopword(word));
  return [kept, ...kept.map((word) => [word])];
}

/** The one numeric column named by the first set of words that names exactly one. */
function onlyColumn(table: Table, wordings: readonly string[][], exclude?: string): string | undefined {
  for (const words of wordings) {
    const named = namedColumns(table, words, exclude);
    if (named.length === 1) return named[0];
    // ("discharges": the column named by the word alone, not via_discharge_lounge beside it.)
    const whole = named.filter((column) => columnWords(column).length === words.length);
    if (named.length > 1) return whole.length === 1 ? whole[0] : undefined;
  }
  return undefined;
}

/** The numeric columns whose name holds every one of the words. */
function namedColumns(table: Table, words: readonly string[], exclude?: string): string[] {
  // (A row may leave a figure blank: a project booked but not started.)
  const numeric = table.columns.filter((column) => {
    const written = table.rows.map((row) => (row.values.get(column) ?? '').trim()).filter((value) => value !== '');
    return column !== exclude && written.length >= 2 && written.every((value) => numericValue(value) !== undefined);
  });
  const stems = words.map((word) => canonicalStem(word));
  return numeric.filter((column) => {
    const parts = new Set(columnWords(column).map((part) => canonicalStem(part.toLowerCase())));
    return stems.length > 0 && stems.every((stem) => parts.has(stem));
  });
}
