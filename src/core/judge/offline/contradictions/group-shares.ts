// A group's share of a whole the rows go against: "Gas porosity accounted for just over half of
// ML-3's Q2 scrap" while ML-3's Q2 defect rows give gas porosity 1,260 of 2,840 castings (44%);
// "S-K made up about 45% of week 39 P50 scrap" against 331 of 599 (55%). The claim names one value
// of a text column before a percentage (or a fraction, "half") followed by "of"; the whole is every
// row of the values it names in the other columns, the part the named value's rows among them, the
// measure the one numeric column of a breakdown table, a count, or the one the whole names among
// several ("P3 produced 38% of the plant's scrap": scrap_kg; the plant, like "all", is every row).
// A share outside what the figure's wording allows contradicts it: "about" a tenth of the figure
// or 2.5 points either side, "over"/"just over" at least the figure, "under", "nearly" at most it.
import type { Quantity } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView } from '../claim-view';
import { canonicalStem, isStopword } from '../../../retrieval/index';
import { columnWords, periodNumbers, textColumns, tokensOf } from '../align/table-alignment';
import { NOT_ADDITIVE_RE, UNIT_KEY_PARTS } from '../vocabulary';
import comparisons from '../vocabulary/comparisons.json';
import { numericValue, tablesOf, type Table } from '../records/tables';
import { MAX_GROUP_ROWS, distinctValues, numericColumns, rowsOfNamedValues, sum, valuesNamedIn } from '../records/group-measures';

const SHARE_OF_RE = /^\s*of\b/i;
const CHANGE_RE = /\bfrom\b[^.;]*\bto\b|\b(?:rose|fell|grew|dropped|increased|decreased|climbed|declined)\b/i;
const ABOVE_RE = /\b(?:over|more\s+than|above|at\s+least)\s+$/i;
const BELOW_RE = /\b(?:under|less\s+than|below|nearly|almost|at\s+most|just\s+short\s+of)\s+$/i;
/** More groups than this are entities listed one by one, not parts of a whole. */
const MAX_GROUPS = 30;

export function contradictGroupShare(view: ClaimView): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const text = view.claim.text;
  // One figure, the share (a period's number aside: "week 39"); not a change ("went from 4% to …").
  const labels = periodNumbers(text);
  const figures = view.features.quantities.filter((q) => !labels.has(q.raw.trim()));
  if (figures.length !== 1 || figures[0]!.dimension !== 'percent' || figures[0]!.qualifier === 'delta' || CHANGE_RE.test(text)) return undefined;
  const figure = figures[0]!;
  if (!SHARE_OF_RE.test(text.slice(figure.start + figure.raw.length))) return undefined;
  const lower = text.toLowerCase();
  for (const table of tablesOf(view.index)) {
    if (table.rows.length < 3 || table.rows.length > MAX_GROUP_ROWS) continue;
    const part = partColumn(table, lower, figure.start);
    if (!part) continue;
    const after = text.slice(figure.start + figure.raw.length);
    const measure = measureColumn(table, after, text.slice(0, figure.start));
    if (!measure || !namesWhole(after, table, measure)) continue;
    const whole = rowsOfNamedValues(view, table, part.column);
    const mine = whole.filter((row) => row.values.get(part.column) === part.value);
    if (mine.length === 0 || mine.length === whole.length) continue;
    const total = sum(whole, measure);
    if (total <= 0) continue;
    const share = (100 * sum(mine, measure)) / total;
    if (allows(figure, text, share)) return undefined;
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [...new Set(mine.map((row) => row.refs[0]!))].slice(0, 4),
      reason: `claim says ${figure.raw.trim()} of the whole for ${part.value}; its ${measure} is ${Number(sum(mine, measure).toPrecision(6))} of ${Number(total.toPrecision(6))} over the rows named (${share.toFixed(1)}%)`,
    };
  }
  return undefined;
}

/** Whether a share is one the figure's wording allows. */
function allows(figure: Quantity, text: string, share: number): boolean {
  const before = text.slice(Math.max(0, figure.start - 16), figure.start);
  const value = figure.value;
  const slack = Math.max(0.1 * value, 2.5);
  if (ABOVE_RE.test(before)) return share >= value - 0.5 && share <= value + 2 * slack;
  if (BELOW_RE.test(before)) return share <= value + 0.5 && share >= value - 2 * slack;
  return Math.abs(share - value) <= (figure.qualifier === 'approx' ? slack : Math.max(1, 0.5 * 10 ** -figure.decimals));
}

/**
 * The text column of which the claim names exactly one value before the figure, the first so named
 * (the part's subject: "Checks were the largest category on L22, at 38% of …" is checks' share of
 * L22's rows, not L22's share of the checks).
 */
function partColumn(table: Table, lower: string, figureAt: number): { column: string; value: string } | undefined {
  let first: { column: string; value: string; at: number } | undefined;
  for (const column of textColumns(table)) {
    const values = distinctValues(table, column);
    if (values.length < 2 || values.length > MAX_GROUPS) continue;
    const named = valuesNamedIn(table, column, lower, 2);
    if (named.length === 1 && named[0]!.at < figureAt && (!first || named[0]!.at < first.at)) first = { column, ...named[0]! };
  }
  return first && { column: first.column, value: first.value };
}

/**
 * The measure of a breakdown: a table whose only numeric column is a count (defect rows with
 * their castings), else the one additive column the whole names ("of the plant's scrap" is
 * scrap_kg beside logs_rejected). A table of several measures the whole does not tell apart
 * leaves open which one the share is of.
 */
function measureColumn(table: Table, after: string, before: string): string | undefined {
  // (Years and period numbers are numbers too, and no measure of a share.)
  const measures = numericColumns(table).filter((column) => !/(?:^|_)(?:year|id|code|no|number|week|month|day|row)$/i.test(column));
  // (A fee or a rate per row does not add up to a whole; a table that gives its own shares, share_pct, answers them itself.)
  // (A rate the documents define or the table implies, lots_sold_share, is computed here, no share the table gives.)
  const defined = new Set([...(table.defined ?? []).map((measure) => measure.column), ...(table.implied ?? [])]);
  if (measures.some((column) => NOT_ADDITIVE_RE.test(column) && !defined.has(column))) return undefined;
  if (measures.length === 1) return table.rows.every((row) => Number.isInteger(numericValue(row.values.get(measures[0]!)!)!)) ? measures[0] : undefined;
  const words = new Set(wholeWords(after).map((word) => canonicalStem(word)));
  const named = measures.filter((column) => !defined.has(column) && columnWords(column).some((part) => words.has(canonicalStem(part.toLowerCase()))));
  if (named.length !== 1) return undefined;
  // "kiosks handled 58% of its physical loans", "rejected 3.3% of what was received": another
  // measure named before the figure makes it a rate of two columns, not a group's share.
  const said = new Set([...before.toLowerCase().matchAll(/\p{L}{3,}/gu)].map((m) => canonicalStem(m[0])));
  const others = measures.filter((column) => column !== named[0] && columnWords(column).some((part) => /\p{L}{3,}/u.test(part) && !UNIT_KEY_PARTS.has(part) && said.has(canonicalStem(part.toLowerCase()))));
  return others.length === 0 && !/^\s*of\s+(?:its|their)\b/i.test(after) ? named[0] : undefined;
}

/** The content words of the whole a share is of: "of week 39 P50 scrap" → P50, scrap. */
function wholeWords(after: string): string[] {
  const phrase = /^\s*of\s+([^,;.()]*)/i.exec(after)?.[1] ?? '';
  return [...phrase.toLowerCase().matchAll(/\p{L}{3,}/gu)].map((m) => m[0]).filter((word) => !isStopword(word) && !PERIOD_WORDS.has(word) && !WHOLE_NOUNS.has(word));
}

/**
 * Whether the words after "of" name what the table counts: each word of the whole ("of week 39
 * P50 scrap", "of Calder's requests") is a value of the rows (Calder), a period's, or a word of the
 * measure's name or the table's file name (scrap_reasons.csv); "of available days" is another measure.
 */
function namesWhole(after: string, table: Table, measure: string): boolean {
  const words = wholeWords(after);
  const named = new Set([...columnWords(measure), ...table.file.replace(/\.[a-z]+$/i, '').split(/[^\p{L}]+/u)].filter(Boolean).map((part) => canonicalStem(part.toLowerCase())));
  const values = new Set(textColumns(table).flatMap((column) => table.rows.flatMap((row) => [...tokensOf(row.values.get(column) ?? '')])));
  const measured = words.filter((word) => named.has(canonicalStem(word)));
  return measured.length > 0 && words.every((word) => measured.includes(word) || values.has(word) || values.has(canonicalStem(word)));
}

/** "Of the plant's scrap": the plant is every row, like "all" (comparisons.json wholeNouns). */
const WHOLE_NOUNS = new Set(comparisons.wholeNouns);
const PERIOD_WORDS = new Set(['week', 'weeks', 'month', 'months', 'quarter', 'quarters', 'year', 'years', 'day', 'days', 'period', 'season', 'shift', 'total', 'all', 'whole']);
