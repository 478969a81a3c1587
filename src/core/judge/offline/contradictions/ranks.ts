// A rank the rows go against: "Bristol had the highest number of failed first attempts of any
// depot" while the rows of that table give Leeds more; "driver shortage was the leading reason"
// while another reason counts more; "Bakery came second". The claim names one entity among the
// values of a column, the measure is the column its figure sits in or its name says, and the
// entity's place in that order is computed from every row that shares the other columns.
import { canonicalStem } from '../../../retrieval/index';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import ranks from '../vocabulary/ranks.json';

export interface RankWording {
  order: 'max' | 'min';
  /** 1 for the top of the order, 2 for "second highest", … */
  place: number;
  wording: string;
}

function rankPattern(phrases: readonly string[]): RegExp {
  const alternatives = [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.split(' ... ').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')).join('\\b[^.;:]{0,60}?\\b'));
  return new RegExp(`\\b(?:${alternatives.join('|')})\\b`, 'i');
}

const MAX_RE = rankPattern(ranks.max);
const MIN_RE = rankPattern(ranks.min);
const ORDINAL_RE = new RegExp(`\\b(${Object.keys(ranks.ordinals).join('|')})(?:[\\s-]+(?:${[...ranks.max, ...ranks.min].filter((w) => !w.includes(' ')).join('|')}))?\\b`, 'i');

/** The rank a claim gives ("the highest", "second largest", "came second"), if one. */
export function rankWording(text: string): RankWording | undefined {
  const max = MAX_RE.exec(text);
  const min = MIN_RE.exec(text);
  if (max && min) return undefined;
  const ordinal = ORDINAL_RE.exec(text);
  const place = ordinal ? (ranks.ordinals as Record<string, number>)[ordinal[1]!.toLowerCase()]! : 1;
  // "came second" alone ranks from the top.
  if (!max && !min) return ordinal && /\b(?:came|finished|ranked|placed)\s+\w+$/i.test(text.slice(0, ordinal.index + ordinal[0].length)) ? { order: 'max', place, wording: ordinal[0] } : undefined;
  const found = (max ?? min)!;
  return { order: max ? 'max' : 'min', place, wording: ordinal ? `${ordinal[0]}` : found[0] };
}

/** Lower-case tokens of a text, each also by its stem. */
function tokensOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!token) continue;
    out.add(token);
    out.add(canonicalStem(token));
  }
  return out;
}

/**
 * Whether the claim names a column value: every word of it (driver_shortage → driver, shortage),
 * a number only when written apart (Year 11), not as a code's suffix (LEEDS-01), and a period
 * code by its part after the year (2026Q1 → Q1).
 */
export function namesValue(claim: Set<string>, value: string): boolean {
  const code = /^\p{L}+[-_]\d+$/u.test(value);
  const tokens = value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!tokens.some((token) => /\p{L}/u.test(token))) return false;
  return tokens.every((token) => {
    if (/^\d+$/.test(token)) return code || claim.has(token);
    if (claim.has(token) || claim.has(canonicalStem(token))) return true;
    const afterYear = /^(?:19|20)\d\d(\p{L}+\d*)$/u.exec(token)?.[1];
    return afterYear !== undefined && claim.has(afterYear);
  });
}

/** Column-name words that say how a figure is counted, not what it measures. */
const AGGREGATES = new Set(ranks.aggregates);
const LIMIT_COLUMN_WORDS = new Set(ranks.limitColumns);

const GENERIC_COLUMN_WORDS = new Set(['pct', 'percent', 'count', 'total', 'num', 'n', 'avg', 'mean', 'value', 'val', 'rate', 'sum', 'number', 'amount']);

export function contradictRank(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const rank = rankWording(view.claim.text);
  if (!rank) return undefined;
  const claimTokens = tokensOf(view.claim.text);
  for (const table of tablesOf(view.index)) {
    const verdict = rankIn(view, table, rank, claimTokens);
    if (verdict !== undefined) return verdict ?? undefined;
  }
  return undefined;
}

/** The verdict from one table: contradicted, null when the rank holds there, undefined when the table does not decide. */
function rankIn(view: ClaimView, table: Table, rank: RankWording, claim: Set<string>): ClaimVerdict | null | undefined {
  const textColumns = table.columns.filter((column) => table.rows.some((row) => isText(row.values.get(column))));
  const named = new Map<string, string>();
  for (const column of textColumns) {
    const values = new Set(table.rows.map((row) => row.values.get(column)).filter(isText));
    if (values.size < 2) continue;
    const hits = [...values].filter((value) => namesValue(claim, value));
    if (hits.length === 1) named.set(column, hits[0]!);
  }
  // A numbered entity (year_group=11) is named as "Year 11": the column's word, then the number.
  for (const column of table.columns) {
    if (textColumns.includes(column)) continue;
    const values = new Set(table.rows.map((row) => row.values.get(column) ?? ''));
    if (values.size < 2 || ![...values].every((value) => /^\d{1,4}$/.test(value))) continue;
    const hits = [...values].filter((value) => namesNumbered(view.claim.text, column, value));
    if (hits.length === 1) named.set(column, hits[0]!);
  }
  if (named.size === 0) return undefined;
  // The ranked column: the only one named, else the one whose own name the claim uses ("of any depot").
  let entityColumns = [...named.keys()];
  if (entityColumns.length > 1) entityColumns = entityColumns.filter((column) => column.split(/[_.\s-]+/).some((part) => claim.has(canonicalStem(part))));
  if (entityColumns.length !== 1) return undefined;
  const column = entityColumns[0]!;
  const entity = named.get(column)!;
  // The other named values select the rows (at Leeds: depot=LEEDS-01).
  // A row that sums the others (all, total) is not one of the ranked.
  let rows = table.rows.filter((row) => (row.values.get(column) ?? '') !== '' && !AGGREGATES.has(row.values.get(column)!.toLowerCase()));
  for (const [other, value] of named) if (other !== column) rows = rows.filter((row) => row.values.get(other) === value);
  const mine = rows.filter((row) => row.values.get(column) === entity);
  if (mine.length === 0) return undefined;
  const measure = measureColumn(view, table, rows, mine, claim, column);
  // "the largest allowed file is 50 GB": the superlative names the measure (max_file_mb), it ranks nothing.
  if (!measure || measure.split(/[_.\s-]+/).some((part) => LIMIT_COLUMN_WORDS.has(part))) return undefined;
  // Columns the entity takes several values of (quarter=2026Q1, 2025Q4) split the rows into groups
  // compared apart; a column with one value per entity is another name for it.
  const splitting = textColumns.filter((c) => c !== column && !named.has(c) && new Set(mine.map((row) => row.values.get(c))).size > 1);
  const groups = new Map<string, TableRow[]>();
  for (const row of rows) {
    const key = splitting.map((c) => row.values.get(c) ?? '').join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  let wrong: { row: TableRow; top: TableRow } | undefined;
  for (const group of groups.values()) {
    const scored = group.map((row) => ({ row, value: numericValue(row.values.get(measure) ?? '') })).filter((entry): entry is { row: TableRow; value: number } => entry.value !== undefined);
    const own = scored.filter((entry) => entry.row.values.get(column) === entity);
    if (own.length !== 1 || scored.length < rank.place + 1) continue;
    const value = own[0]!.value;
    const sign = rank.order === 'max' ? 1 : -1;
    const ahead = scored.filter((entry) => sign * (entry.value - value) > 0).length;
    const level = scored.filter((entry) => entry.value === value).length - 1;
    if (rank.place >= ahead + 1 && rank.place <= ahead + level + 1) return null;
    const top = [...scored].sort((a, b) => sign * (b.value - a.value))[rank.place - 1]!;
    wrong = { row: own[0]!.row, top: top.row };
  }
  if (!wrong) return undefined;
  const show = (row: TableRow): string => `${row.values.get(column)} ${row.values.get(measure)} (${row.refs[0]})`;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [...new Set([wrong.row.refs[0]!, wrong.top.refs[0]!])],
    reason: `claim ranks ${entity} "${rank.wording}" by ${measure}; ${show(wrong.top)} is ${rank.place === 1 ? 'the top' : `number ${rank.place}`}, against ${show(wrong.row)}`,
  };
}

function namesNumbered(text: string, column: string, value: string): boolean {
  return column
    .split(/[_.\s-]+/)
    .filter((part) => part.length >= 3)
    .some((part) => new RegExp(`\\b${part}s?\\s+(?:no\\.?\\s*|#\\s*)?0*${value}(?![\\d.])`, 'i').test(text));
}

function isText(value: string | undefined): value is string {
  return value !== undefined && value !== '' && numericValue(value) === undefined;
}

/**
 * The measure the claim ranks by: the numeric column its figure is the entity's value in (or any
 * row's, when the claim puts another row's figure on the entity), else the one column whose name
 * shares a word with the claim.
 */
function measureColumn(view: ClaimView, table: Table, rows: TableRow[], mine: TableRow[], claim: Set<string>, entityColumn: string): string | undefined {
  const numeric = table.columns.filter((c) => c !== entityColumn && rows.every((row) => numericValue(row.values.get(c) ?? '') !== undefined));
  const figures = view.features.quantities.map((q) => ({ number: numericValue(q.raw.replace(/[^\d.,+-]/g, '')), decimals: q.decimals })).filter((f): f is { number: number; decimals: number } => f.number !== undefined);
  const holds = (row: TableRow, c: string): boolean => {
    const value = numericValue(row.values.get(c) ?? '');
    return value !== undefined && figures.some((f) => Math.abs(value - f.number) <= 0.5 * 10 ** -f.decimals + 1e-9);
  };
  for (const scope of [mine, rows]) {
    const anchored = numeric.filter((c) => scope.some((row) => holds(row, c)));
    if (anchored.length === 1) return anchored[0];
    if (anchored.length > 1) return undefined;
  }
  const scored = numeric.map((c) => ({ c, shared: c.split(/[_.\s-]+/).filter((part) => part && !GENERIC_COLUMN_WORDS.has(part) && claim.has(canonicalStem(part))).length }));
  const best = Math.max(0, ...scored.map((s) => s.shared));
  const top = scored.filter((s) => s.shared === best);
  return best > 0 && top.length === 1 ? top[0]!.c : undefined;
}

