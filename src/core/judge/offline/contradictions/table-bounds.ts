// A bound a claim says a measure kept to, against a table's values: "rack inlet temperature never
// went above 30 °C" against readings of 31.4 and 30.2; "F-C never dropped below the 18% stress
// threshold" against min_vwc_pct=17.2; "Millbrook stayed below 5% throughout" against 5.1 in
// Q4; "Saltcote was within its 12% allowance in Q1" against 12.3. The rows are those the claim
// names (its entity, its period), the measure the one column of the bound's kind of value that
// is no goal (target_pct is the allowance, not the reading); a lowest or highest column answers
// a lower or upper bound. A claim narrowed to part of the time ("after the fix") is left alone
// unless it names the table's period. A goal said to be met ("every route met the 95% target in
// July") bounds the way its measure is good: an on-time rate from below, a delay from above. A
// claim about every one of a kind of row ("at every base", "all routes") reads all of them.
import type { Quantity } from '../../../retrieval/index';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, type Table, type TableRow } from '../records/tables';
import { columnWords, firstTableVerdict, namedValues, textColumns, tokensOf } from '../align/table-alignment';
import { periodKey } from '../records/periods';
import { UNIT_KEY_PARTS, escapePhrase } from '../vocabulary';
import { canonicalStem } from '../../../retrieval/index';
import { measurePolarity } from '../align/measure-direction';
import bounds from '../vocabulary/bounds.json';

const before = (phrases: readonly string[]): RegExp =>
  new RegExp(`\\b(?:${phrases.map(escapePhrase).join('|')})\\s+(?:(?:the|its|their|a|an|our)\\s+)?(?:[\\p{L}'’-]+\\s+){0,2}$`, 'iu');
const UPPER_BEFORE = before(bounds.upper);
/** "were fixed within two hours": an act done within a length, which bounds the column its verb names. */
const ACT_WITHIN_BEFORE = new RegExp(
  `\\b(${bounds.actsWithin.verbs.map(escapePhrase).join('|')})\\s+(?:${bounds.actsWithin.wording.map(escapePhrase).join('|')})\\s+(?:(?:the|its|their|a|an|our)\\s+)?(?:[\\p{L}'’-]+\\s+){0,2}$`,
  'iu',
);
/** "stayed within", "remained inside": the upper wording that, before a range, bounds both sides. */
const WITHIN_BEFORE = before(bounds.upper.filter((phrase) => /\b(?:within|inside)$/.test(phrase)));
/** What stands between a range's two figures: "60–64%", "60 to 64%", "between 60 and 64%". */
const RANGE_GAP_RE = /^\s*(?:-|\u2013|\u2014|to|and)\s*$/i;
const LOWER_BEFORE = before(bounds.lower);
const SCOPED_RE = new RegExp(`\\b(?:${bounds.scoped.map(escapePhrase).join('|')})\\b|\\bsince\\s+(?:\\d|then\\b|(?:the|that|this)\\s+[\\p{L}-]+(?:\\s+[\\p{L}-]+)?\\s*(?:[,.;]|$))`, 'iu');
const MET_BEFORE = before(bounds.met);
const GOAL_AFTER = new RegExp(`^\\s*(?:[\\p{L}-]+\\s+){0,2}?(?:${bounds.goalNouns.map(escapePhrase).join('|')})\\b`, 'iu');
/** "every base", "each of the routes", "every Q3 lot", "all four upgraded plazas": the words that may name the kind of row. */
const EVERY_RE = /\b(?:every|each)\s+(?:(?:one\s+)?of\s+the\s+)?((?:[\p{L}\d-]+\s+){0,2}[\p{L}-]+)|\ball\s+(?:(?:of\s+)?the\s+)?((?:[\p{L}\d-]+\s+){0,2}[\p{L}-]+)/giu;
const GOAL = new Set(bounds.goal);
const LOWEST = new Set(bounds.lowest);
const HIGHEST = new Set(bounds.highest);

/** Past a limit by more than floating-point noise. */
const over = (value: number, limit: number): boolean => value > limit * (1 + 1e-9) + 1e-12;
const under = (value: number, limit: number): boolean => value < limit * (1 - 1e-9) - 1e-12;

interface Bound {
  figure: Quantity;
  /** A range's low end ("inside the 60–64% band"): `figure` is its high end, the upper bound. */
  low?: Quantity;
  /** 'goal': a goal met, whose side the measure decides. */
  side: 'upper' | 'lower' | 'goal';
  wording: string;
  /** The stem of the act a length bounds ("fix" of "fixed within"): only a column it names is the measure. */
  act?: string;
}

/**
 * The claim's figures but a rate's span ("40 mV per 24 hours": the 24 hours is part of the unit) and
 * the size of the group it speaks of ("all three dispensers").
 */
function figuresOf(view: ClaimView): Quantity[] {
  return view.features.quantities.filter((figure) => {
    const lead = view.claim.text.slice(Math.max(0, figure.start - 12), figure.start);
    return !/\bper\s+$/i.test(lead) && !(figure.dimension === 'count' && !figure.hasUnit && /\b(?:all|each\s+of\s+the|every\s+one\s+of\s+the)\s+$/i.test(lead));
  });
}

/** The one figure the claim bounds, and which way. */
function claimedBound(view: ClaimView, figures: readonly Quantity[]): Bound | undefined {
  const found: Bound[] = [];
  for (const figure of figures) {
    const lead = view.claim.text.slice(Math.max(0, figure.start - 80), figure.start);
    const upper = UPPER_BEFORE.exec(lead);
    const lower = LOWER_BEFORE.exec(lead);
    const met = MET_BEFORE.exec(lead);
    // "scored 84 or above", "5 or fewer": the bound written after the figure.
    const after = /^\s*or\s+(?:above|more|higher|over|better|below|less|fewer|lower|under)\b/i.exec(view.claim.text.slice(figure.start + figure.raw.length));
    const act = upper || lower ? null : ACT_WITHIN_BEFORE.exec(lead);
    if (upper || lower) found.push({ figure, side: upper ? 'upper' : 'lower', wording: (upper ?? lower)![0].trim() });
    else if (act && figure.dimension === 'duration') found.push({ figure, side: 'upper', wording: act[0].trim(), act: canonicalStem(act[1]!.toLowerCase()) });
    else if (after && (figure.qualifier === 'lower' || figure.qualifier === 'upper')) found.push({ figure, side: figure.qualifier, wording: figure.qualifier === 'lower' ? 'at least' : 'at most' });
    else if (met && GOAL_AFTER.test(view.claim.text.slice(figure.start + figure.raw.length))) found.push({ figure, side: 'goal', wording: met[0].trim() });
  }
  return found.length === 1 ? found[0] : undefined;
}

/** A range the claim says a measure stayed inside ("stayed within the 60–64% band"): both its figures, one unit. */
function claimedRange(view: ClaimView, figures: readonly Quantity[]): Bound | undefined {
  if (figures.length !== 2) return undefined;
  const [low, high] = [...figures].sort((a, b) => a.start - b.start) as [Quantity, Quantity];
  const text = view.claim.text;
  if (!RANGE_GAP_RE.test(text.slice(low.start + low.raw.length, high.start)) || !(low.value < high.value)) return undefined;
  if (low.dimension !== high.dimension || low.hasUnit !== high.hasUnit) return undefined;
  const within = WITHIN_BEFORE.exec(text.slice(Math.max(0, low.start - 80), low.start).replace(/\bbetween\s+$/i, ''));
  return within ? { figure: high, low, side: 'upper', wording: within[0].trim() } : undefined;
}

/** What the claim says of the rows, read once: its bound, whether it narrows the time, the words after "every", the group's size. */
interface BoundClaim {
  bound: Bound;
  scoped: boolean;
  every: ReadonlySet<string>;
  size: number | undefined;
}

export function contradictTableBound(view: ClaimView): ClaimVerdict | undefined {
  // A claim with another figure or a time ("above 750 ms for five minutes", "by 14:50") bounds a window, not the series.
  const figures = figuresOf(view);
  if (view.wording.hedge || view.features.times.length > 0 || figures.length === 0) return undefined;
  const bound = figures.length === 1 ? claimedBound(view, figures) : claimedRange(view, figures);
  if (!bound) return undefined;
  const said: BoundClaim = { bound, scoped: SCOPED_RE.test(view.claim.text), every: everyWords(view.claim.text), size: groupSize(view) };
  // A table whose column the claim names first; else the first whose only column of the bound's unit is unnamed.
  let unnamed: ClaimVerdict | undefined;
  const named = firstTableVerdict(view, (table, claim) => {
    const found = boundIn(table, said, view, claim);
    if (found?.named) return found.verdict;
    unnamed ??= found?.verdict;
    return undefined;
  });
  return named ?? unnamed;
}

/** Stems of the words after "every", "each" or "all" in the claim: one of them may name the rows' kind (base, route). */
function everyWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const m of text.matchAll(EVERY_RE)) for (const word of (m[1] ?? m[2]!).toLowerCase().split(/\s+/)) words.add(canonicalStem(word));
  return words;
}

/** The table's row beyond the bound, if any, and whether the claim's words named the measure. */
function boundIn(table: Table, said: BoundClaim, view: ClaimView, claim: Set<string>): { verdict: ClaimVerdict; named: boolean } | undefined {
  const found = said.bound;
  const named = namedValues(view, table, claim);
  const namesPeriod = [...named.values()].some((values) => values.some((value) => periodKey(value) !== undefined));
  if (said.scoped && !namesPeriod) return undefined;
  const rows = rowsOf(table, named, claim, said, view.claim.text);
  if (rows.length === 0) return undefined;
  const chosen = measureOf(table, rows, found, claim);
  if (!chosen) return undefined;
  const { measure, scale } = chosen;
  let bound = found;
  if (found.side === 'goal') {
    const polarity = measurePolarity(measure);
    if (polarity === 0) return undefined;
    bound = { ...found, side: polarity > 0 ? 'lower' : 'upper' };
  }
  const limit = bound.figure.value;
  const floor = bound.low?.value;
  const beyond = rows.filter((row) => {
    const value = valueIn(row, measure, bound.figure, scale);
    if (value === undefined) return false;
    if (floor !== undefined && under(value, floor)) return true;
    return bound.side === 'upper' ? over(value, limit) : under(value, limit);
  });
  if (beyond.length === 0) return undefined;
  const worst = beyond[0]!;
  const verdict: ClaimVerdict = {
    partition: 'contradicted',
    type: rows.length > 1 ? 'synthesis' : 'tool_match',
    evidence_refs: [worst.refs[0]!],
    reason: `claim says ${found.side === 'goal' ? `the ${bound.figure.raw.trim()} goal was met` : `"${bound.wording} ${found.low ? `${found.low.raw.trim()}–` : ''}${bound.figure.raw.trim()}"`}, ${worst.refs[0]} has ${measure}=${worst.values.get(measure)}`,
  };
  return { verdict, named: chosen.named };
}

/**
 * The rows the claim names: its entity (site=MBR) where the table tells entities apart, by name
 * or by a word the claim shares with the rows; then its periods, one or several ("in both
 * quarters"); a table of one thing's readings over time is read whole.
 */
function rowsOf(table: Table, named: ReadonlyMap<string, string[]>, claim: Set<string>, { every, size, bound }: BoundClaim, text: string): TableRow[] {
  const boundAt = bound.figure.start;
  const isPeriods = (values: readonly string[]): boolean => values.every((value) => periodKey(value) !== undefined);
  // Columns that tell rows apart by name (site=SLC), not by time (window=02:00-02:10, quarter=2026Q1).
  const entityColumns = textColumns(table).filter((c) => {
    const values = new Set(table.rows.map((row) => row.values.get(c) ?? ''));
    return values.size > 1 && [...values].every((value) => /\p{L}/u.test(value) && periodKey(value) === undefined);
  });
  const entities = [...named].filter(([column]) => entityColumns.includes(column));
  // Several entities of a column only as the claim's subject ("Brackley, Cressing and Gorsley all
  // met the 90% target"): every one named before the bound, none after it ("…, but Carrow did not").
  const lower = text.toLowerCase();
  const subjects = (values: readonly string[]): boolean =>
    values.every((value) => {
      const at = lower.indexOf(value.toLowerCase());
      return at >= 0 && at < boundAt;
    });
  if (entities.some(([, values]) => values.length > 1 && !subjects(values))) return [];
  let rows = table.rows;
  if (entities.length > 0) rows = rows.filter((row) => entities.every(([column, values]) => values.includes(row.values.get(column) ?? '')));
  else if (entityColumns.some((c) => columnWords(c.toLowerCase()).some((w) => every.has(canonicalStem(w))) || new Set(table.rows.map((row) => row.values.get(c))).size === size)) {
    // "At every base", "all three dispensers" (three of them in the table): each of them, whatever else the claim's words share with a row.
  } else if (entityColumns.length > 0 && !aboutOneThing(table, text)) {
    const shares = (row: TableRow, c: string): boolean => [...tokensOf(row.values.get(c) ?? '')].some((t) => t.length >= 3 && claim.has(t));
    const worded = entityColumns.filter((c) => rows.some((row) => shares(row, c)));
    rows = rows.filter((row) => worded.some((c) => shares(row, c)));
    // The claim's words must pick one kind of reading (sensor=rack_inlet_max), in every zone it does not narrow to.
    if (new Set(rows.map((row) => worded.map((c) => row.values.get(c)).join('\u0000'))).size !== 1) return [];
  }
  for (const [column, values] of named) {
    if (entityColumns.includes(column)) continue;
    if (values.length > 1 && !isPeriods(values)) return [];
    rows = rows.filter((row) => values.includes(row.values.get(column) ?? ''));
  }
  return rows;
}

/** The size of the group the claim speaks of: "all three dispensers" → 3 (a count the reader gives, "all" before it). */
function groupSize(view: ClaimView): number | undefined {
  return view.features.quantities.find((q) => q.dimension === 'count' && !q.hasUnit && /\ball\s+$/i.test(view.claim.text.slice(Math.max(0, q.start - 6), q.start)))?.value;
}

/** Every row names the one thing the claim names (`bin=WH-1` throughout): its other words (status=filling) tell readings apart, not things. */
function aboutOneThing(table: Table, text: string): boolean {
  const lower = text.toLowerCase();
  return textColumns(table).some((column) => {
    const value = table.rows[0]!.values.get(column);
    if (value === undefined || !/\p{L}/u.test(value) || !table.rows.every((row) => row.values.get(column) === value)) return false;
    const at = lower.indexOf(value.toLowerCase());
    return at >= 0 && !/[\p{L}\d]/u.test(lower[at - 1] ?? '') && !/[\p{L}\d]/u.test(lower[at + value.length] ?? '');
  });
}

/**
 * The column of the bound's kind of value that is no goal; a lowest or highest column first, then the
 * one sharing the claim's words, then the only one (`named` false). `scale` reads a column named
 * without its unit in the claim's.
 */
function measureOf(table: Table, rows: readonly TableRow[], bound: Bound, claim: Set<string>): { measure: string; named: boolean; scale?: number } | undefined {
  const candidates = table.columns.filter((column) => {
    const words = columnWords(column.toLowerCase());
    if (words.some((w) => GOAL.has(w)) || GOAL.has(column.toLowerCase())) return false;
    if (!rows.every((row) => valueIn(row, column, bound.figure) !== undefined)) return false;
    return true;
  });
  // An act's length is the column its verb names (fix_min for "fixed within"), or none.
  if (bound.act) {
    const act = bound.act;
    const named = candidates.filter((c) => columnWords(c.toLowerCase()).some((w) => w.length >= 3 && canonicalStem(w).startsWith(act.slice(0, Math.max(3, act.length - 1)))));
    return named.length === 1 ? { measure: named[0]!, named: true } : undefined;
  }
  // A word of the measure, not of its unit ("gib" of disk_free_gib is no word the claim says of the disk).
  const sharing = candidates.filter((c) => columnWords(c.toLowerCase()).some((w) => w.length >= 3 && !UNIT_KEY_PARTS.has(w) && claim.has(w)));
  const extreme = bound.side === 'lower' ? LOWEST : HIGHEST;
  const extremes = candidates.filter((c) => columnWords(c.toLowerCase()).some((w) => extreme.has(w)));
  if (candidates.length > 1 && extremes.length === 1) return { measure: extremes[0]!, named: true };
  if (sharing.length === 1) return { measure: sharing[0]!, named: true };
  if (sharing.length > 1) return undefined;
  // No column of the bound's unit is named: a bare one the claim names ("brightness" of brightness_iso
  // beside "89.0 %ISO"), else the only column of that unit. A bare bound ("below 40") names its
  // measure only by words: the one bare column of another table is no answer.
  if (!bound.figure.hasUnit) return undefined;
  const scale = unitScale(bound.figure);
  const unitless = scale === undefined ? undefined : namedUnitless(table, rows, bound.figure, claim, scale);
  if (unitless) return { measure: unitless, named: true, scale };
  return candidates.length === 1 ? { measure: candidates[0]!, named: false } : undefined;
}

/** The size of the claim's unit in its dimension's base unit ("18-minute": 60), from the figure as written. */
function unitScale(figure: Quantity): number | undefined {
  const written = numericValue(figure.raw.replace(/[^\d.,-]/g, ''));
  return written ? figure.value / written : undefined;
}

/**
 * A header that leaves its unit out (`brightness_iso` beside "89.0 %ISO"): no column carries the
 * bound's unit, so the one bare column the claim's words name holds it, as written.
 */
function namedUnitless(table: Table, rows: readonly TableRow[], figure: Quantity, claim: Set<string>, scale: number): string | undefined {
  const named = table.columns.filter((column) => {
    const words = columnWords(column.toLowerCase());
    if (words.some((w) => GOAL.has(w)) || !words.some((w) => w.length >= 3 && !UNIT_KEY_PARTS.has(w) && claim.has(w))) return false;
    return rows.every((row) => valueIn(row, column, figure, scale) !== undefined);
  });
  return named.length === 1 ? named[0] : undefined;
}

/**
 * A cell's value in the bound's kind of value: a percentage for a percentage, a temperature for one;
 * a bare figure only for a bare bound. With `scale`, a column named without its unit: a bare cell
 * is written in the claim's unit.
 */
function valueIn(row: TableRow, column: string, figure: Quantity, scale?: number): number | undefined {
  const raw = row.values.get(column);
  if (raw === undefined) return undefined;
  const number = numericValue(raw);
  if (number === undefined) return undefined;
  const unit = fieldNameUnit(column.toLowerCase()) ?? (raw.includes('%') ? { dimension: 'percent' as const, factor: 1 } : undefined);
  if (scale !== undefined) return unit === undefined ? number * scale : undefined;
  if (!figure.hasUnit) return unit === undefined ? number : undefined;
  if (unit?.dimension !== figure.dimension) return undefined;
  return number * unit.factor;
}
