// A rank the rows go against: "Bristol had the highest number of failed first attempts of any
// depot" while the rows of that table give Leeds more; "driver shortage was the leading reason"
// while another reason counts more; "Bakery came second". The claim names one entity among the
// values of a column, the measure is the column its figure sits in or its name says, and the
// entity's place in that order is computed from every row that shares the other columns.
import { canonicalStem, isStopword } from '../../../retrieval/index';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, tablesOf, type Table, type TableRow } from '../records/tables';
import { columnWords, firstTableVerdict, measureColumn, namedValues, numberLabels, selectRows, statedPlainly, tokensOf } from '../align/table-alignment';
import { comparedGroups } from '../align/compared-groups';
import { periodKey } from '../records/periods';
import ranks from '../vocabulary/ranks.json';
import { largerIs } from '../align/measure-direction';

export interface RankWording {
  /** max / min; or an order the measure resolves: better / worse by its direction, faster / slower by its kind. */
  order: RankOrder;
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

type RankOrder = 'max' | 'min' | 'better' | 'worse' | 'faster' | 'slower';
const ORDERS: ReadonlyArray<[RankOrder, RegExp]> = (['max', 'min', 'better', 'worse', 'faster', 'slower'] as const).map((order) => [order, rankPattern(ranks[order])]);
const QUALITY_AFTER_MOST_RE = new RegExp(`^the\\s+(?:most|least)\\s+(?![\\p{L}-]*(?:${ranks.amountWords.join('|')})\\b)[\\p{L}-]*(?:${ranks.qualities.join('|')})\\b`, 'iu');
const RANK_WORDS = ORDERS.flatMap(([order]) => ranks[order]);
const ORDINAL_RE = new RegExp(`\\b(${Object.keys(ranks.ordinals).join('|')})(?:[\\s-]+(?:${RANK_WORDS.filter((w) => !w.includes(' ')).join('|')}))?\\b`, 'i');

/** The rank a claim gives ("the highest", "second largest", "came second"), if one. */
export function rankWording(text: string): RankWording | undefined {
  const found = ORDERS.map(([order, pattern]) => [order, pattern.exec(text)] as const).filter(([, match]) => match !== null);
  if (found.length > 1) return undefined;
  const ordinal = ORDINAL_RE.exec(text);
  const place = ordinal ? (ranks.ordinals as Record<string, number>)[ordinal[1]!.toLowerCase()]! : 1;
  // "came second" alone ranks from the top.
  if (found.length === 0) return ordinal && /\b(?:came|finished|ranked|placed)\s+\w+$/i.test(text.slice(0, ordinal.index + ordinal[0].length)) ? { order: 'max', place, wording: ordinal[0] } : undefined;
  const [order, match] = found[0]!;
  // "the most fuel-efficient": a quality, not an amount; its order is not read here.
  if (QUALITY_AFTER_MOST_RE.test(text.slice(match!.index))) return undefined;
  return { order, place, wording: ordinal ? `${ordinal[0]}` : match![0] };
}

const AGGREGATES = new Set(ranks.aggregates);
/** A rank said to hold in every group: "at every press", "in each week", "across all three lines". */
const EVERY_GROUP_RE = /\b(?:at|in|on|for|across)\s+(?:every|each|all(?:\s+(?:the|two|three|four|five|six|seven|eight|nine|ten|\d+))?)\s+(?:[\p{L}\d-]+\s+)?[\p{L}-]+/iu;
/** The set a rank is taken over: "… of any night shift", "… among the Q3 routes". */
const RANKED_OVER_RE = /\b(?:of|among|across)\s+(?:any|all|every|the)\b([^.;]*)[.;]?\s*$/i;
const CHANGE_WORDS_RE = new RegExp(`\\b(?:${ranks.changes.join('|')})\\b`, 'gi');
const LIMIT_COLUMN_WORDS = new Set(ranks.limitColumns);

/** "remains the school with the highest rate", "is now the busiest": the present, not every period the rows give. */
const PRESENT_RE = /\b(?:remains?|still|now|currently|today|is|are|has|have)\b/i;

/** Groups of rows that differ by period: for a claim in the present, only the latest period's. */
function latestIfPresent(text: string, table: Table, groups: TableRow[][]): TableRow[][] {
  if (groups.length < 2 || !PRESENT_RE.test(text)) return groups;
  // A period, or a term written with its year ("2025-26_S1"), which sorts as written.
  const sortable = (value: string): string | undefined => periodKey(value)?.key ?? (/(?<!\d)(?:19|20)\d\d(?!\d)/.test(value) ? value : undefined);
  const periodColumn = table.columns.find((c) => groups.every((group) => new Set(group.map((row) => row.values.get(c))).size === 1 && sortable(group[0]!.values.get(c) ?? '') !== undefined));
  if (!periodColumn) return groups;
  const keyOf = (group: TableRow[]): string => sortable(group[0]!.values.get(periodColumn)!)!;
  const keys = new Set(groups.map(keyOf));
  if (keys.size !== groups.length) return groups;
  return [groups.reduce((a, b) => (keyOf(b) > keyOf(a) ? b : a))];
}

/** "the lowest of its six audits", "its highest level": a rank of the entity's own series. */
const OWN_SERIES_RE = /\b(?:of|among|in)\s+(?:its|their)\b|\b(?:its|their)\s+(?:own\s+)?(?:\w+\s+)?(?:highest|lowest|largest|smallest|best|worst|biggest|strongest|weakest|peak)\b/i;

/** Numeric columns other than the measure named by the word just after the rank ("largest list" → list_size_end). */
function rankedNounColumns(text: string, rank: RankWording, table: Table, measure: string): string[] {
  const at = text.toLowerCase().indexOf(rank.wording.toLowerCase());
  if (at < 0) return [];
  const noun = /^\s+([\p{L}-]+)/u.exec(text.slice(at + rank.wording.length))?.[1];
  if (!noun) return [];
  const stem = canonicalStem(noun.toLowerCase());
  const named = table.columns.filter((c) => columnWords(c).some((part) => canonicalStem(part.toLowerCase()) === stem) && table.rows.some((row) => numericValue(row.values.get(c) ?? '') !== undefined));
  return named.includes(measure) ? [] : named;
}

const SHARE_WORDS = new Set(ranks.shareWords);
const CHANGES = new Set(ranks.changes);
const LEVEL_WORDS = new Set(ranks.levels);

const PERIOD_ADJECTIVES = new Set(ranks.periodAdjectives);

/** "the lowest reject rate": the words before a share word right after the rank wording ("reject"), if any. */
export function shareWords(text: string, wording: string): string[] | undefined {
  const after = text.toLowerCase().slice(text.toLowerCase().indexOf(wording.toLowerCase()) + wording.length).match(/^(?:\s+[\p{L}-]+){1,3}/u)?.[0].trim().split(/\s+/) ?? [];
  const at = after.findIndex((word) => SHARE_WORDS.has(word));
  // ("the lowest weekly approval rate": the period it is taken over names no column.)
  const words = after.slice(0, Math.max(at, 0)).filter((word) => !isStopword(word) && !PERIOD_ADJECTIVES.has(word));
  return at > 0 && words.length > 0 && !words.some((word) => CHANGES.has(word)) ? words : undefined;
}


export function contradictRank(view: ClaimView): ClaimVerdict | undefined {
  const rank = statedPlainly(view) ? rankWording(view.claim.text) : undefined;
  // "improved the most": a rank of changes, which the levels in the rows do not give.
  if (!rank || namesChange(view)) return undefined;
  return firstTableVerdict(view, (table, claim) => rankIn(view, table, rank, claim));
}

/** "to 97.9%", "to about 1,200": the level a change ends at. */
const LEVEL_AFTER_RE = /^\s+to\s+(?:(?:about|around|roughly|nearly|just\s+(?:over|under))\s+)?[$€£]?\d/i;

/** A change word in the claim ("improved the most"), unless the word names a column of the evidence's tables ("night shift"). */
function namesChange(view: ClaimView): boolean {
  const columns = new Set(tablesOf(view.index).flatMap((table) => table.columns.flatMap((column) => columnWords(column).map((part) => part.toLowerCase()))));
  // ("dropped to 97.9%, its lowest": a change to a figure states the level ranked, not a change.)
  const toLevel = (match: RegExpMatchArray): boolean => LEVEL_AFTER_RE.test(view.claim.text.slice(match.index! + match[0].length));
  return [...view.claim.text.matchAll(CHANGE_WORDS_RE)].some((match) => !columns.has(match[0].toLowerCase()) && !toLevel(match));
}

/** The verdict from one table: contradicted, null when the rank holds there, undefined when the table does not decide. */
function rankIn(view: ClaimView, table: Table, rank: RankWording, claim: Set<string>): ClaimVerdict | null | undefined {
  const named = new Map([...namedValues(view, table, claim)].filter(([, values]) => values.length === 1));
  if (named.size === 0) return undefined;
  // The ranked column: the only one named, else the one whose own name the claim uses ("of any depot").
  let entityColumns = [...named.keys()];
  // "Tuesday night …, the shortest of any night shift": a value named in the set the rank is taken
  // over (night) selects the rows; the other named value (Tuesday's date) is what is ranked.
  const over = RANKED_OVER_RE.exec(view.claim.text)?.[1];
  if (entityColumns.length > 1 && over !== undefined) {
    const overTokens = tokensOf(over);
    const ranked = entityColumns.filter((c) => !named.get(c)!.some((value) => [...tokensOf(value)].every((token) => overTokens.has(token))));
    if (ranked.length === 1) entityColumns = ranked;
  }
  // "the highest click-through rate in September": a named period selects the rows, the other named
  // value is ranked — unless the rank is of its own periods ("the lowest of its six audits").
  if (entityColumns.length > 1 && !OWN_SERIES_RE.test(view.claim.text)) {
    const entities = entityColumns.filter((c) => !named.get(c)!.every((value) => periodKey(value) !== undefined));
    if (entities.length >= 1) entityColumns = entities;
  }
  if (entityColumns.length > 1) entityColumns = entityColumns.filter((column) => columnWords(column).some((part) => claim.has(canonicalStem(part))));
  if (entityColumns.length !== 1) return undefined;
  const column = entityColumns[0]!;
  const entity = named.get(column)![0]!;
  // A row that sums the others (all, total) is not one of the ranked; the other named values select the rows.
  const ranked = table.rows.filter((row) => (row.values.get(column) ?? '') !== '' && !AGGREGATES.has(row.values.get(column)!.toLowerCase()));
  const rows = selectRows(table, named, new Set([column]), ranked);
  const mine = rows.filter((row) => row.values.get(column) === entity);
  if (mine.length === 0) return undefined;
  const measure = measureColumn(view, table, rows, mine, claim, new Set([column]), numberLabels(named, view.claim.text));
  // "the largest allowed file is 50 GB": the superlative names the measure (max_file_mb), it ranks nothing.
  if (!measure || columnWords(measure).some((part) => LIMIT_COLUMN_WORDS.has(part))) return undefined;
  // "the highest reject rate": a rate or share ranks no column of plain counts (rejected_other).
  if (shareWords(view.claim.text, rank.wording) && !columnWords(measure).some((part) => LEVEL_WORDS.has(part.toLowerCase())) && rows.every((row) => Number.isInteger(numericValue(row.values.get(measure) ?? '') ?? 0.5))) return undefined;
  // "morning-briefing, our largest list, held a 43% open rate": the noun after the rank word names
  // another column (list_size_end) than the figure's: the rank is not of the figure's measure.
  if (rankedNounColumns(view.claim.text, rank, table, measure).length > 0) return undefined;
  const order = orderBy(rank.order, measure);
  if (!order) return undefined;
  let wrong: { row: TableRow; top: TableRow } | undefined;
  // "the largest scrap reason at every press": the rank must hold in each group, not in one of them,
  // for the subject the claim ranks (named before the rank, not a period the groups are).
  const everyGroup = EVERY_GROUP_RE.test(view.claim.text);
  if (everyGroup && (periodKey(entity) !== undefined || !namedBefore(view.claim.text, rank.wording, entity))) return undefined;
  let held = false;
  for (const group of latestIfPresent(view.claim.text, table, comparedGroups(table, rows, mine, named, new Set([column])))) {
    const scored = group.map((row) => ({ row, value: numericValue(row.values.get(measure) ?? '') })).filter((entry): entry is { row: TableRow; value: number } => entry.value !== undefined);
    const own = scored.filter((entry) => entry.row.values.get(column) === entity);
    if (own.length !== 1 || scored.length < rank.place + 1) continue;
    const value = own[0]!.value;
    const sign = order === 'max' ? 1 : -1;
    const ahead = scored.filter((entry) => sign * (entry.value - value) > 0).length;
    const level = scored.filter((entry) => entry.value === value).length - 1;
    const holds = rank.place >= ahead + 1 && rank.place <= ahead + level + 1;
    if (holds && !everyGroup) return null;
    held ||= holds;
    if (holds) continue;
    const top = [...scored].sort((a, b) => sign * (b.value - a.value))[rank.place - 1]!;
    wrong = { row: own[0]!.row, top: top.row };
    if (everyGroup) break;
  }
  if (!wrong) return held ? null : undefined;
  const show = (row: TableRow): string => `${row.values.get(column)} ${row.values.get(measure)} (${row.refs[0]})`;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [...new Set([wrong.row.refs[0]!, wrong.top.refs[0]!])],
    reason: `claim ranks ${entity} "${rank.wording}" by ${measure}; ${show(wrong.top)} is ${rank.place === 1 ? 'the top' : `number ${rank.place}`}, against ${show(wrong.row)}`,
  };
}

/** Whether every word of a value is written before the rank wording ("Butt and back-end was the largest": butt_backend). */
function namedBefore(text: string, wording: string, value: string): boolean {
  const at = text.toLowerCase().indexOf(wording.toLowerCase());
  const before = tokensOf(text.slice(0, Math.max(at, 0)));
  return value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).every((token) => before.has(token) || before.has(canonicalStem(token)));
}

/** Which end of the measure's values a rank word means: "best" on_time_pct is the largest, "fastest" repair_h the smallest. */
function orderBy(order: RankOrder, measure: string): 'max' | 'min' | undefined {
  if (order === 'max' || order === 'min') return order;
  const larger = largerIs(order, measure);
  return larger === undefined ? undefined : larger > 0 ? 'max' : 'min';
}
