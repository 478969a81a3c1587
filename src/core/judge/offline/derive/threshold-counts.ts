// A count of a table's rows on one side of a limit: "Three TP-3 batches exceeded the 1.5% weight
// RSD limit", "Only two events fell below the 0.90 performance mark", "three of the five sites were
// below 8% in Q1". The rows are those of the table the count's noun names (batches:
// batch_summary.csv) holding the values the claim names (press=TP-3, quarter=Q1), one per member
// when the noun is a column's (site); the measure is the one column the limit's words name (weight
// RSD: weight_rsd_pct), else the one column of the limit's kind whose values lie on both sides of
// it. Strictly past the limit: a batch at 1.5% did not exceed 1.5%. A count may also follow the
// limit as one entity's periods ("P3 went over the 45-minute daily downtime budget on five of the
// seven days"): that entity's rows, one per period. Wording is data (vocabulary/threshold-counts.json).
import { canonicalStem, type Quantity } from '../../../retrieval/index';
import { WORD_NUMBERS, fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import type { ClaimView } from '../claim-view';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { columnWords, namedValues, numericColumns, textColumns, tokensOf } from '../align/table-alignment';
import { periodKey, periodsNamed } from '../records/periods';
import { UNIT_KEY_PARTS, escapePhrase } from '../vocabulary';
import wording from '../vocabulary/threshold-counts.json';
import { namesFile } from './row-counts';
import ranks from '../vocabulary/ranks.json';
import { measurePolarity } from '../align/measure-direction';

const verbs = (list: readonly string[]): string => list.map(escapePhrase).join('|');
/** The wording that places a member against a limit: past it either way, or on either side of a goal. */
const ALL_VERBS = [wording.above, wording.below, wording.met, wording.missed].map(verbs).join('|');
/** "<count> [of the <whole>] [words] <nouns> [words] <verb> [the|its|their] [words] <limit>". */
const COUNTED_RE = new RegExp(
  `^(\\s+of\\s+(?:the|its|their)\\s+(\\S+))?\\s+((?:[\\p{L}\\p{N}-]+\\s+){0,3}?)(\\p{Ll}{3,}s)\\s+(?:[\\p{L}-]+\\s+){0,2}?(${ALL_VERBS})\\s+(?:(?:the|its|their|a|an)\\s+)?(?:[\\p{L}-]+\\s+){0,2}?$`,
  'iu',
);
/** After the count of the period form: "[of the <whole>] <periods>" ("on five of the seven days"). */
const PERIODS_AFTER_RE = new RegExp(`^(\\s+of\\s+(?:the|its|their)\\s+(\\S+))?\\s+(${verbs(wording.periodNouns)})\\b`, 'iu');
/** Before the limit of the period form: "<verb> [the|its] [words] " ("went over the"). */
const VERB_BEFORE_LIMIT_RE = new RegExp(`\\b(${ALL_VERBS})\\s+(?:(?:the|its|their|a|an)\\s+)?(?:[\\p{L}-]+\\s+){0,2}?$`, 'iu');
/** From the limit to the count of the period form: "[words] on|in " ("daily downtime budget on"). */
const LIMIT_TO_COUNT_RE = /^\s*((?:[\p{L}-]+\s+){0,4}?)(?:on|in|during|over)\s+$/iu;
const ABOVE = new Set(wording.above.map((phrase) => phrase.toLowerCase()));
const MET = new Set(wording.met.map((phrase) => phrase.toLowerCase()));
const MISSED = new Set(wording.missed.map((phrase) => phrase.toLowerCase()));
const GOAL = new Set(wording.goalColumnWords);
/** A row of the whole (site=ALL, Total) is no member to count. */
const WHOLES = new Set(ranks.aggregates);
/** Tables longer than this are logs, not a list of members to count. */
const MAX_ROWS = 400;

export interface ThresholdCount {
  /** The rows the count is of (its scope), and those past the limit. */
  scope: TableRow[];
  beyond: TableRow[];
  measure: string;
  limit: Quantity;
  wording: string;
  noun: string;
}

/** What the rows say of a count the claim gives of members past a limit, when one table answers it. */
export function thresholdCount(view: ClaimView, quantity: Quantity): ThresholdCount | undefined {
  if (quantity.hasUnit || quantity.qualifier === 'delta' || !Number.isInteger(quantity.value) || quantity.value < 0) return undefined;
  const text = view.claim.text;
  // ("three of the five sites": five is the whole, not the count.)
  if (/\bof\s+(?:the|its|their)\s+$/i.test(text.slice(Math.max(0, quantity.start - 12), quantity.start))) return undefined;
  const counted = countedBefore(view, quantity) ?? countedPeriods(view, quantity);
  return counted && rowsPast(view, counted);
}

/** "A third of all changeovers overran the 45-minute target", "40% of the batches exceeded …": a share of the rows past a limit. */
export function thresholdShare(view: ClaimView, quantity: Quantity): ThresholdCount | undefined {
  if (quantity.dimension !== 'percent' || quantity.qualifier === 'delta' || quantity.value <= 0 || quantity.value > 100) return undefined;
  const of = /^\s+of(?:\s+all)?(?:\s+the)?(?=\s)/i.exec(view.claim.text.slice(quantity.start + quantity.raw.length));
  const counted = of ? countedBefore(view, quantity, of[0].length) : undefined;
  return counted && counted.whole === undefined ? rowsPast(view, counted) : undefined;
}

/** The rows of the one table that answers a count, and those past its limit. */
function rowsPast(view: ClaimView, counted: Counted): ThresholdCount | undefined {
  const text = view.claim.text;
  const { limit, whole, noun, verb, limitWords, periods } = counted;
  const said = verb.toLowerCase().replace(/\s+/g, ' ');
  const above = ABOVE.has(said);
  // "met the 97.5% target", "missed the 95% goal": the good side is the measure's.
  const goal = MET.has(said) ? 'met' : MISSED.has(said) ? 'missed' : undefined;
  const claim = tokensOf(text);
  const answers: ThresholdCount[] = [];
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_ROWS) continue;
    // (A column of counts named by the noun, samples=612, holds no members: only a text column does.)
    const memberColumn = periods ? periodColumn(table) : textColumns(table).find((c) => columnWords(c.toLowerCase()).length === 1 && canonicalStem(c.toLowerCase()) === noun);
    if (!memberColumn && (periods || !namesFile(table, noun))) continue;
    const named = [...namedValues(view, table, claim)].filter(([column]) => column !== memberColumn);
    // The period form counts one named entity's periods ("P3 … on five of the seven days"), never
    // every row's, unless each row is a period of its own (one thing's daily series).
    if (periods && named.length === 0 && new Set(table.rows.map((row) => row.values.get(memberColumn!))).size !== table.rows.length) continue;
    // A period the claim names must pick the rows (a column of periods it names): else the count may be of part of the time.
    if (periodsNamed(claim).length > 0 && !named.some(([column]) => table.rows.some((row) => periodKey(row.values.get(column) ?? '') !== undefined))) continue;
    const scope = table.rows.filter((row) => named.every(([column, values]) => values.includes(row.values.get(column) ?? '')) && !table.columns.some((c) => WHOLES.has((row.values.get(c) ?? '').toLowerCase())));
    if (scope.length === 0) continue;
    // One row per member: a noun naming a column counts its values, each once.
    if (memberColumn && new Set(scope.map((row) => row.values.get(memberColumn))).size !== scope.length) continue;
    if (whole !== undefined && whole !== scope.length) continue;
    const measure = limitMeasure(table, scope, limit, limitWords);
    if (!measure) continue;
    // A column in its unit (downtime_min) against a limit read in base units (45 minutes, 2,700 s).
    const factor = limit.hasUnit ? (fieldNameUnit(measure.toLowerCase())?.factor ?? 1) : 1;
    const polarity = goal === undefined ? 0 : measurePolarity(measure);
    if (goal !== undefined && polarity === 0) continue;
    const over = (value: number): boolean => value > limit.value * (1 + 1e-9);
    const under = (value: number): boolean => value < limit.value * (1 - 1e-9);
    // Meeting a goal includes reaching it exactly; missing it is being strictly on its bad side.
    const bad = (value: number): boolean => (polarity > 0 ? under(value) : over(value));
    const past = (row: TableRow): boolean => {
      const value = numericValue(row.values.get(measure) ?? '')! * factor;
      if (goal !== undefined) return goal === 'met' ? !bad(value) : bad(value);
      return above ? over(value) : under(value);
    };
    answers.push({ scope, beyond: scope.filter(past), measure, limit, wording: verb, noun: counted.nounWritten });
  }
  return answers.length === 1 ? answers[0] : undefined;
}

interface Counted {
  limit: Quantity;
  /** How many the whole holds that the count is part of ("of the seven days"), when written. */
  whole?: number;
  noun: string;
  nounWritten: string;
  verb: string;
  /** The limit's own words ("the 1.5% weight RSD limit", "the 45-minute daily downtime budget"), and the count's. */
  limitWords: Set<string>;
  /** Whether the count is of periods of one entity (the period form). */
  periods: boolean;
}

/** "<count> [of the <whole>] [words] <nouns> [words] <verb> [the] [words] <limit>": "three TP-3 batches exceeded the 1.5% limit". */
function countedBefore(view: ClaimView, quantity: Quantity, skip = 0): Counted | undefined {
  const text = view.claim.text;
  const after = quantity.start + quantity.raw.length + skip;
  const limit = view.features.quantities.find((q) => q.start > after && q.start - after < 90);
  if (!limit) return undefined;
  const match = COUNTED_RE.exec(text.slice(after, limit.start));
  if (!match) return undefined;
  const whole = match[2] === undefined ? undefined : view.features.quantities.find((q) => q.start > after && q.start < after + match[0].length && q !== limit)?.value;
  const limitWords = tokensOf(`${match[3]} ${text.slice(limit.start + limit.raw.length).split(/[,;.]|\s(?:and|but|while|in|on|at|during)\s/)[0]}`);
  return { limit, whole, noun: canonicalStem(match[4]!.toLowerCase()), nounWritten: match[4]!, verb: match[5]!, limitWords, periods: false };
}

/** "<verb> [the] [words] <limit> [words] on <count> [of the <whole>] <periods>": "went over the 45-minute daily downtime budget on five of the seven days". */
function countedPeriods(view: ClaimView, quantity: Quantity): Counted | undefined {
  const text = view.claim.text;
  const after = quantity.start + quantity.raw.length;
  const periods = PERIODS_AFTER_RE.exec(text.slice(after));
  if (!periods) return undefined;
  const limit = [...view.features.quantities].reverse().find((q) => q.start + q.raw.length <= quantity.start && quantity.start - q.start < 90);
  if (!limit) return undefined;
  const between = LIMIT_TO_COUNT_RE.exec(text.slice(limit.start + limit.raw.length, quantity.start));
  const verb = VERB_BEFORE_LIMIT_RE.exec(text.slice(0, limit.start));
  if (!between || !verb) return undefined;
  // ("seven days" reads as a length; here it counts days.)
  const written = periods[2] === undefined ? undefined : view.features.quantities.find((q) => q.start > after && q.start < after + periods[0].length);
  const whole = written && countWritten(written.raw);
  const limitWords = tokensOf(`${text.slice(verb.index + verb[1]!.length, limit.start)} ${between[1]}`);
  return { limit, whole, noun: canonicalStem(periods[3]!.toLowerCase()), nounWritten: periods[3]!, verb: verb[1]!, limitWords, periods: true };
}

/** The number a figure is written with ("seven days" → 7, "12 weeks" → 12). */
function countWritten(raw: string): number | undefined {
  const first = raw.trim().split(/\s+/)[0]!.toLowerCase();
  return /^\d+$/.test(first) ? Number(first) : WORD_NUMBERS[first];
}

/** The column of a table that gives each row's period (date=2024-10-07, week=W41). */
function periodColumn(table: Table): string | undefined {
  const columns = textColumns(table).filter((column) => table.rows.every((row) => periodKey(row.values.get(column) ?? '') !== undefined));
  return columns.length === 1 ? columns[0] : undefined;
}

/**
 * The column a limit bounds: the one the limit's words name, else the one of its kind (a
 * percentage's column of percentages) whose values lie on both sides of it; never a column of
 * goals (target_pct holds the limit, not what is measured).
 */
function limitMeasure(table: Table, scope: readonly TableRow[], limit: Quantity, words: Set<string>): string | undefined {
  const columns = numericColumns(table, scope).filter((c) => !columnWords(c.toLowerCase()).some((part) => GOAL.has(part)));
  const values = (c: string): number[] => scope.map((row) => numericValue(row.values.get(c) ?? '')!);
  const ofKind = (c: string): boolean => !limit.hasUnit || fieldNameUnit(c.toLowerCase())?.dimension === limit.dimension;
  const named = columns.filter((c) => ofKind(c) && columnWords(c.toLowerCase()).some((part) => /\p{L}{2,}/u.test(part) && !UNIT_KEY_PARTS.has(part) && (words.has(part) || words.has(canonicalStem(part)))));
  if (named.length === 1) return named[0];
  if (named.length > 1) return undefined;
  // (In the column's own unit: duration_min against 45 minutes read as 2,700 s.)
  const scaled = (c: string): number[] => values(c).map((value) => value * (fieldNameUnit(c.toLowerCase())?.factor ?? 1));
  const straddling = columns.filter((c) => limit.hasUnit && ofKind(c) && Math.min(...scaled(c)) < limit.value && Math.max(...scaled(c)) > limit.value);
  return straddling.length === 1 ? straddling[0] : undefined;
}
