// A count of a table's rows on one side of a limit: "Three TP-3 batches exceeded the 1.5% weight
// RSD limit", "Only two events fell below the 0.90 performance mark", "three of the five sites were
// below 8% in Q1". The rows are those of the table the count's noun names (batches:
// batch_summary.csv) holding the values the claim names (press=TP-3, quarter=Q1), one per member
// when the noun is a column's (site); the measure is the one column the limit's words name (weight
// RSD: weight_rsd_pct), else the one column of the limit's kind whose values lie on both sides of
// it. Strictly past the limit: a batch at 1.5% did not exceed 1.5%. Wording is data
// (vocabulary/threshold-counts.json).
import { canonicalStem, type Quantity } from '../../../retrieval/index';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import type { ClaimView } from '../claim-view';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { columnWords, namedValues, numericColumns, tokensOf } from '../align/table-alignment';
import { periodKey, periodsNamed } from '../records/periods';
import { UNIT_KEY_PARTS, escapePhrase } from '../vocabulary';
import wording from '../vocabulary/threshold-counts.json';
import { namesFile } from './row-counts';
import ranks from '../vocabulary/ranks.json';

const verbs = (list: readonly string[]): string => list.map(escapePhrase).join('|');
/** "<count> [of the <whole>] [words] <nouns> [words] <verb> [the|its|their] [words] <limit>". */
const COUNTED_RE = new RegExp(
  `^(\\s+of\\s+(?:the|its|their)\\s+(\\S+))?\\s+((?:[\\p{L}\\p{N}-]+\\s+){0,3}?)(\\p{Ll}{3,}s)\\s+(?:[\\p{L}-]+\\s+){0,2}?(${verbs(wording.above)}|${verbs(wording.below)})\\s+(?:(?:the|its|their|a|an)\\s+)?(?:[\\p{L}-]+\\s+){0,2}?$`,
  'iu',
);
const ABOVE = new Set(wording.above.map((phrase) => phrase.toLowerCase()));
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
  const after = quantity.start + quantity.raw.length;
  const limit = view.features.quantities.find((q) => q.start > after && q.start - after < 90);
  if (!limit) return undefined;
  const match = COUNTED_RE.exec(text.slice(after, limit.start));
  if (!match) return undefined;
  const whole = match[2] === undefined ? undefined : view.features.quantities.find((q) => q.start > after && q.start < after + match[0].length && q !== limit);
  const noun = canonicalStem(match[4]!.toLowerCase());
  const above = ABOVE.has(match[5]!.toLowerCase().replace(/\s+/g, ' '));
  const claim = tokensOf(text);
  // The limit's own words ("the 1.5% weight RSD limit", "the 0.90 performance mark"), and the count's.
  const limitWords = tokensOf(`${match[3]} ${text.slice(limit.start + limit.raw.length).split(/[,;.]|\s(?:and|but|while|in|on|at|during)\s/)[0]}`);
  const answers: ThresholdCount[] = [];
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 2 || table.rows.length > MAX_ROWS) continue;
    const memberColumn = table.columns.find((c) => columnWords(c.toLowerCase()).length === 1 && canonicalStem(c.toLowerCase()) === noun);
    if (!memberColumn && !namesFile(table, noun)) continue;
    const named = [...namedValues(view, table, claim)].filter(([column]) => column !== memberColumn);
    // A period the claim names must pick the rows (a column of periods it names): else the count may be of part of the time.
    if (periodsNamed(claim).length > 0 && !named.some(([column]) => table.rows.some((row) => periodKey(row.values.get(column) ?? '') !== undefined))) continue;
    const scope = table.rows.filter((row) => named.every(([column, values]) => values.includes(row.values.get(column) ?? '')) && !table.columns.some((c) => WHOLES.has((row.values.get(c) ?? '').toLowerCase())));
    if (scope.length === 0) continue;
    // One row per member: a noun naming a column counts its values, each once.
    if (memberColumn && new Set(scope.map((row) => row.values.get(memberColumn))).size !== scope.length) continue;
    if (whole && whole.value !== scope.length) continue;
    const measure = limitMeasure(table, scope, limit, limitWords);
    if (!measure) continue;
    const past = (row: TableRow): boolean => {
      const value = numericValue(row.values.get(measure) ?? '')!;
      return above ? value > limit.value * (1 + 1e-9) : value < limit.value * (1 - 1e-9);
    };
    answers.push({ scope, beyond: scope.filter(past), measure, limit, wording: match[5]!, noun: match[4]! });
  }
  return answers.length === 1 ? answers[0] : undefined;
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
  const straddling = columns.filter((c) => limit.hasUnit && ofKind(c) && Math.min(...values(c)) < limit.value && Math.max(...values(c)) > limit.value);
  return straddling.length === 1 ? straddling[0] : undefined;
}
