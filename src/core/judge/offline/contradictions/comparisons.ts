// A comparison the rows go against: "40X ran fewer trips in Q1 than in Q4" while the table gives
// 3,320 against 2,980; "the canary's error rate was higher than the baseline's" while the
// baseline's row is the higher. The claim names two values of one column (two entities, or two
// periods), or two period columns of one row (q4_2025, q1_2026), and words the comparison with
// "… than"; the measure is the column its figure sits in or its words name.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, type Table, type TableRow } from '../records/tables';
import { columnNamedBy, columnWords, textColumns, numericColumns, firstTableVerdict, measureColumn, namedAt, namedValues, namesValue, numberLabels, selectRows, statedPlainly, tokensOf } from '../align/table-alignment';
import { attributeOf, comparedGroups } from '../align/compared-groups';
import { periodKey } from '../records/periods';
import { NOT_ADDITIVE_RE, UNIT_KEY_PARTS } from '../vocabulary';
import { canonicalStem } from '../../../retrieval/index';
import comparisons from '../vocabulary/comparisons.json';
import aggregateWords from '../vocabulary/aggregates.json';
import { rateMeasure } from '../derive/row-figures';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import { largerIs, type MeasuredOrder } from '../align/measure-direction';
import { rateParts } from '../records/rate-columns';
import { aliasesIn } from '../rules/aliases';
import { columnPhrasedBy } from '../align/column-names';

/** A comparison said to hold group by group: each group is compared, not the sides' totals. */
const EVERY_RE = /\b(?:every|each|all|both|always|consistently)\b/i;
/** A comparison said to hold in each period, every one of which it must hold in: "in every week", "each month", "always". */
const EVERY_GROUP_RE = /\b(?:every|each)\b(?:\s+(?:one\s+)?of\s+the)?(?:\s+[\p{L}\d-]+){0,2}?\s+(?:day|week|month|quarter|year|shift|period|season)s?\b|\b(?:always|consistently|throughout)\b/iu;
/** Part of the time only ("in each of the last four weeks", "every week since May"): its groups are not read apart. */
const PART_OF_TIME_RE = /\b(?:last|past|first|latest|recent|since|after|before|until|from)\b/i;
/** Words that compare the sides over everything they hold (comparisons.json wholeWords). */
const WHOLE_RE = new RegExp(`\\b(?:${comparisons.wholeWords.join('|')})\\b`, 'i');
const GENERIC_WORDS = new Set(aggregateWords.genericColumnWords);
/** "per tonne dyed", "per open hour": a rate the claim words. */
const PER_PHRASE_RE = /\bper\s+(?!cent\b)\p{L}/iu;
/** A column with more values than this lists entities one by one (sessions, lots), not a few groups. */
const MAX_ENTITY_GROUPS = 12;

/** Words whose order runs against the figure's (faster is the smaller duration): the measure decides, so they are left out. */
const INVERSE = new Set(comparisons.inverse);
/** Words whose larger side the measure decides ("better", "faster"): read once the measure is known. */
const MEASURED = comparisons.measured as Record<string, MeasuredOrder>;
const WORDS = Object.entries(comparisons.words as Record<string, number>).filter(([word, direction]) => (direction !== 0 && !INVERSE.has(word)) || word in MEASURED);
/** Words after "than" that name no second side (comparisons.json notASide): a bound, a multiple, the subject's own earlier state, a plan. */
const NOT_A_SIDE: readonly string[] = comparisons.notASide;
const COMPARED_RE = new RegExp(`\\b(${WORDS.map(([word]) => word).join('|')})\\b((?:\\s+[\\p{L}\\p{N}'’-]+){0,5}?)\\s+than\\s+(?!(?:${NOT_A_SIDE.join('|')})\\b|\\d)`, 'iu');

export interface ComparedWording {
  /** +1: the first-named side is the larger; -1: the smaller; 0: the measure decides (`measured`). */
  direction: number;
  measured?: MeasuredOrder;
  wording: string;
  /** Words naming the measure when the wording has none of its own between the comparison and "than" ("out-produced": output, harvested, filled). */
  measureWords?: readonly string[];
}

const OUT_VERBS = comparisons.outVerbs as Record<string, string[]>;
/** "out-produced", "outsold": a verb with out- compares its subject with its object, no "than" needed. */
const OUT_VERB_RE = /\bout-?(\p{L}{3,})\b/iu;

function outVerbWording(text: string): ComparedWording | undefined {
  const match = OUT_VERB_RE.exec(text);
  if (!match) return undefined;
  const word = match[1]!.toLowerCase();
  // (outsold, out-produces, outproduced: the verb's stem before its ending.)
  const verb = Object.keys(OUT_VERBS).find((key) => word === key || (word.startsWith(key.replace(/e?d$/, '')) && word.length <= key.length + 1));
  return verb ? { direction: 1, wording: match[0], measureWords: OUT_VERBS[verb]! } : undefined;
}

const MEASURE_NOUNS = Object.entries(comparisons.measureNouns as Record<string, string[]>);

/** "used less electricity than": the one column whose unit is of the dimension the noun measures (kwh). */
function columnOfMeasureNoun(columns: readonly string[], words: readonly string[]): string | undefined {
  const said = new Set(words.map((word) => word.toLowerCase()));
  const dimension = MEASURE_NOUNS.find(([, nouns]) => nouns.some((noun) => said.has(noun)))?.[0];
  if (!dimension) return undefined;
  const found = columns.filter((column) => fieldNameUnit(column.toLowerCase())?.dimension === dimension);
  return found.length === 1 ? found[0] : undefined;
}

/** "fewer trips … than", "higher than the baseline's": a comparison of two named sides (not a bound such as "more than 80%"). */
export function comparedWording(text: string): ComparedWording | undefined {
  const match = COMPARED_RE.exec(text);
  if (!match) return outVerbWording(text);
  const word = match[1]!.toLowerCase();
  const measured = MEASURED[word];
  const direction = measured ? 0 : (comparisons.words as Record<string, number>)[word]!;
  return { direction, ...(measured ? { measured } : {}), wording: match[0].replace(/\s+than\s+$/i, ' than').trim() };
}

export function contradictComparison(view: ClaimView): ClaimVerdict | undefined {
  const compared = statedPlainly(view) ? comparedWording(view.claim.text) : undefined;
  return compared ? firstTableVerdict(view, (table, claim) => compareIn(view, table, compared, claim)) : undefined;
}

/** "about 7 percentage points higher than", "12% lower than": a figure right before the comparison is the gap between the sides, not a side's value. */
function gapFigures(view: ClaimView, wording: string): string[] {
  const at = view.claim.text.indexOf(wording);
  if (at < 0) return [];
  return view.features.quantities.filter((q) => q.start < at && /^\s*(?:[\p{L}%]+\s+){0,3}$/u.test(view.claim.text.slice(q.start + q.raw.length, at))).map((q) => q.raw.trim());
}

interface Side {
  label: string;
  value: number;
  row: TableRow;
}

function compareIn(view: ClaimView, table: Table, compared: ComparedWording, claim: Set<string>): ClaimVerdict | null | undefined {
  const named = namedValues(view, table, claim);
  const pairs = [...named].filter(([, values]) => values.length === 2);
  const outcomes: Array<[Side, Side]> = [];
  let measure: string | undefined;
  // Sides compared by their totals over several rows each: what was totalled, over how many rows.
  let totals: { label: string; rows: string } | undefined;
  if (pairs.length === 1) {
    // Two rows: the two values of one column, in the claim's order.
    const [column, [a, b]] = pairs[0]! as [string, [string, string]];
    // ("The RWY 27 approach circuit C3 … than C2": a value naming one side, one per circuit, selects no rows.)
    const describing = [...named.keys()].filter((c) => c !== column && attributeOf(table, c, new Set([column])));
    const rows = selectRows(table, named, new Set([column, ...describing]));
    const mine = rows.filter((row) => row.values.get(column) === a || row.values.get(column) === b);
    // "more area per hour than": a rate of two columns, else the one column the claim's figure or words name.
    const between = compared.measureWords ?? compared.wording.split(/\s+/).slice(1, -1);
    const rate = compared.measureWords ? undefined : rateMeasure(table, view.claim.text, between);
    // Else the column the comparison's own words name ("more salt than": salt_t), whatever other
    // figures the claim gives ("despite making nine fewer runs"); else its figure's or words' column.
    const inWording = tokensOf(between.join(' '));
    const numeric = numericColumns(table, rows, new Set([column]));
    const inPhrase = numeric.filter((c) => columnWords(c).some((part) => inWording.has(part) || inWording.has(canonicalStem(part))));
    // (An out- verb's words name its columns as the claim's own would: "out-produced" names harvested_kg.)
    const worded = columnNamedBy(inPhrase, compared.measureWords ? new Set([...claim, ...inWording]) : claim) ?? columnPhrasedBy(inPhrase, inWording);
    // "PWL rejected fewer samples than NVD": the verb before the comparison names what was counted (rejected), the noun after it what of.
    const verb = /(\p{L}+)\s+$/u.exec(view.claim.text.slice(0, view.claim.text.toLowerCase().indexOf(compared.wording.toLowerCase().split(/\s+/)[0]!)))?.[1]?.toLowerCase();
    const verbNamed = verb === undefined ? [] : numeric.filter((c) => columnWords(c).length === 1 && canonicalStem(columnWords(c)[0]!.toLowerCase()) === canonicalStem(verb));
    measure = rate?.label ?? (verbNamed.length === 1 ? verbNamed[0] : undefined) ?? worded ?? columnOfMeasureNoun(numeric, between) ?? measureColumn(view, table, rows, mine, claim, new Set([column]), new Set([...numberLabels(named, view.claim.text), ...gapFigures(view, compared.wording)]));
    if (!measure) return undefined;
    const valueOf = (row: TableRow): number | undefined => (rate ? rate.of(row) : numericValue(row.values.get(measure!) ?? ''));
    // Sides of several rows each (a species' sowings, a month's ships): each side's aggregate over
    // all its rows, unless the claim says the comparison holds in every group ("in every week").
    const aggregate = EVERY_RE.test(view.claim.text) ? undefined : sideAggregate(view, table, claim, rate, measure);
    const sideRows = (label: string): TableRow[] => rows.filter((row) => row.values.get(column) === label);
    const [rowsA, rowsB] = [sideRows(a), sideRows(b)];
    const [totalA, totalB] = [aggregate?.of(rowsA), aggregate?.of(rowsB)];
    // (Not every entity's total for a claim about one of them: "Leipzig's late orders" are not all warehouses'.)
    const aboutAll = (): boolean => WHOLE_RE.test(view.claim.text) || !namesOneOf(view, table) || !spansUnnamedEntities(table, [...rowsA, ...rowsB], named, column);
    if (rowsA.length > 0 && rowsB.length > 0 && rowsA.length + rowsB.length > 2 && totalA !== undefined && totalB !== undefined && aboutAll()) {
      outcomes.push([
        { label: a, value: totalA, row: rowsA[0]! },
        { label: b, value: totalB, row: rowsB[0]! },
      ]);
      totals = { label: aggregate!.label, rows: rowsA.length === rowsB.length ? `${rowsA.length} rows each` : `${rowsA.length} and ${rowsB.length} rows` };
    } else {
      for (const group of comparedGroups(table, rows, mine, named, new Set([column]), true)) {
        const side = (label: string): Side | undefined => {
          const found = group.filter((row) => row.values.get(column) === label);
          const value = found.length === 1 ? valueOf(found[0]!) : undefined;
          return value === undefined ? undefined : { label, value, row: found[0]! };
        };
        const [first, second] = [side(a), side(b)];
        if (first && second) outcomes.push([first, second]);
      }
    }
  } else if (pairs.length === 0) {
    // One row, two of its columns named as periods or sides (q4_2025, q1_2026).
    const columns = table.columns.filter((c) => /\d/.test(c) && table.rows.every((row) => numericValue(row.values.get(c) ?? '') !== undefined) && namesValue(claim, c));
    if (columns.length !== 2) return undefined;
    const [a, b] = columns.sort((x, y) => namedAt(view.claim.text, x) - namedAt(view.claim.text, y)) as [string, string];
    const rows = selectRows(table, named, new Set());
    if (rows.length !== 1) return undefined;
    const row = rows[0]!;
    outcomes.push([
      { label: a, value: numericValue(row.values.get(a)!)!, row },
      { label: b, value: numericValue(row.values.get(b)!)!, row },
    ]);
  }
  if (outcomes.length === 0) return undefined;
  // "faster than", "better than": which side is larger the measure says.
  const direction = compared.measured ? (measure ? largerIs(compared.measured, measure) : undefined) : compared.direction;
  if (!direction) return undefined;
  // Equal figures are no comparison the claim gets wrong.
  const reversed = ([first, second]: [Side, Side]): boolean => direction * (first.value - second.value) < 0;
  // "in every week", "always": one group the other way round is enough; otherwise all of them must be.
  const againstClaim = outcomes.length > 1 && EVERY_GROUP_RE.test(view.claim.text) && !PART_OF_TIME_RE.test(view.claim.text) ? outcomes.filter(reversed) : outcomes;
  if (againstClaim.length === 0 || !againstClaim.every(reversed)) {
    // Over several periods the claim does not tell apart, a count compares by its totals
    // ("declined fewer requests than St Paul": 38 against 27 over the four months).
    // Only two entities over periods (not two periods), by a count the comparison's own clause names.
    if (outcomes.length < 2 || !measure || !isCount(table, measure) || !comparesEntities(pairs) || !namedInClause(view.claim.text, compared.wording, measure)) return null;
    const total = (at: 0 | 1): number => outcomes.reduce((sum, pair) => sum + pair[at].value, 0);
    const [a, b] = [total(0), total(1)];
    if (direction * (a - b) >= 0) return null;
    const [first, second] = outcomes[0]!;
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [...new Set(outcomes.flatMap(([x, y]) => [x.row.refs[0]!, y.row.refs[0]!]))].slice(0, 8),
      reason: `claim says "${compared.wording}" by ${measure}; in total over ${outcomes.length} rows each, ${first.label} ${Number(a.toPrecision(6))} against ${second.label} ${Number(b.toPrecision(6))}`,
    };
  }
  const [first, second] = againstClaim[0]!;
  const figure = (side: Side): string => `${side.label} ${Number(side.value.toPrecision(4))}`;
  if (totals) {
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [...new Set([first.row.refs[0]!, second.row.refs[0]!])],
      reason: `claim says "${compared.wording}" by ${totals.label}; in total over ${totals.rows}, ${figure(first)} against ${figure(second)}`,
    };
  }
  const show = (side: Side): string => `${side.label} ${Number(side.value.toPrecision(4))} (${side.row.refs[0]})`;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [...new Set([first.row.refs[0]!, second.row.refs[0]!])],
    reason: `claim says "${compared.wording}"${measure ? ` by ${measure}` : ''}; ${show(first)} against ${show(second)}`,
  };
}

/**
 * Whether the claim names an entity the table's values do not spell out: a name a record pairs
 * with a code ("Leipzig" for WH-LEJ), or a proper name no value or column holds. Its figures are
 * that entity's, not every entity's.
 */
function namesOneOf(view: ClaimView, table: Table): boolean {
  if (aliasesIn(view.claim.text, view.index).length > 0) return true;
  const spelled = new Set(table.columns.flatMap((c) => [...tokensOf(c.replace(/_/g, ' ')), ...table.rows.flatMap((row) => [...tokensOf(row.values.get(c) ?? '')])]));
  return view.features.nameGroups.some((group) => !group.some((word) => spelled.has(word)));
}

/** Whether the rows span a few entities of a column the claim names none of (three warehouses, two ships): "Leipzig's late orders" are not all warehouses'. */
function spansUnnamedEntities(table: Table, rows: readonly TableRow[], named: ReadonlyMap<string, string[]>, compared: string): boolean {
  return textColumns(table).some((c) => {
    if (c === compared || named.has(c)) return false;
    const values = new Set(rows.map((row) => row.values.get(c) ?? ''));
    // (Venues within venue types are the sides' own members, not entities across them.)
    const nested = [...values].every((value) => new Set(rows.filter((row) => row.values.get(c) === value).map((row) => row.values.get(compared))).size === 1);
    return !nested && values.size >= 2 && values.size <= MAX_ENTITY_GROUPS && [...values].every((value) => periodKey(value) === undefined);
  });
}

/**
 * What a side of several rows comes to: a rate over the rows (the sum of its top over the sum of
 * its bottom: "visits per open hour", or a rate the documents define, named by the claim's words),
 * else the sum of a count; nothing for a measure that does not add up (an average, a row's rate).
 */
function sideAggregate(view: ClaimView, table: Table, claim: Set<string>, rate: { top: string; bottom: string } | undefined, measure: string): { label: string; of: (rows: readonly TableRow[]) => number | undefined } | undefined {
  // A claim pinned to a moment ("in the 18:00–18:05 window") is about that moment's rows; a rate
  // phrase no pair of columns gives ("gas use per tonne dyed") is not its denominator's total.
  if (view.features.times.length > 0 || view.features.dates.length > 0 || (!rate && PER_PHRASE_RE.test(view.claim.text))) return undefined;
  // ("deferred donors at a lower rate": deferral_rate by its own word, not attendance_rate by "rate".)
  const definedByWords = (table.defined ?? []).filter((d) => columnWords(d.column.toLowerCase()).some((part) => !GENERIC_WORDS.has(part) && [...claim].some((word) => sameRoot(part, word))));
  // (A column picked by a figure some row happens to hold is no measure the claim names: its words must be the claim's.)
  const named = columnWords(measure.toLowerCase()).filter((part) => !UNIT_KEY_PARTS.has(part) && !GENERIC_WORDS.has(part) && /\p{L}/u.test(part)).every((part) => [...claim].some((word) => sameRoot(part, word)));
  const defined = definedByWords.length === 1 ? definedByWords[0] : named ? (table.defined ?? []).find((d) => d.column === measure) : undefined;
  if (!rate && !defined && !named) return undefined;
  const ratio = rate ?? (defined ? { top: defined.numerator, bottom: defined.denominator } : rateParts(table, measure));
  const sum = (rows: readonly TableRow[], column: string): number | undefined => {
    const values = rows.map((row) => numericValue(row.values.get(column) ?? ''));
    return values.every((v): v is number => v !== undefined) ? values.reduce((x, y) => x + y, 0) : undefined;
  };
  if (ratio) {
    const of = (rows: readonly TableRow[]): number | undefined => {
      const [top, bottom] = [sum(rows, ratio.top), sum(rows, ratio.bottom)];
      return top === undefined || bottom === undefined || bottom <= 0 ? undefined : top / bottom;
    };
    return { label: `${ratio.top} / ${ratio.bottom}`, of };
  }
  return isCount(table, measure) ? { label: measure, of: (rows) => sum(rows, measure) } : undefined;
}

/** Two forms of one word: equal stems, or a shared opening of five letters (deferral, deferred). */
function sameRoot(a: string, b: string): boolean {
  if (a === b || canonicalStem(a) === canonicalStem(b)) return true;
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared++;
  return shared >= 5;
}

/** A column of counts that add up over rows: whole numbers, named by no average, rate, share or extreme. */
export function isCount(table: Table, column: string): boolean {
  // ("downtime_min" is minutes of downtime, which add up; "temp_min" is a minimum.)
  const name = fieldNameUnit(column)?.dimension === 'duration' ? column.replace(/[_\s-]min$/i, '') : column;
  if (NOT_ADDITIVE_RE.test(name)) return false;
  return table.rows.every((row) => {
    const value = numericValue(row.values.get(column) ?? '');
    return value === undefined || Number.isInteger(value);
  });
}

/** The two sides are entities (sites, bases), not periods (months). */
function comparesEntities(pairs: ReadonlyArray<[string, string[]]>): boolean {
  return pairs.length === 1 && pairs[0]![1].every((value) => periodKey(value) === undefined);
}

/** Every word of the measure's name (but its unit's) is in the clause that holds the comparison ("declined … for weather" for declined_weather). */
function namedInClause(text: string, wording: string, measure: string): boolean {
  const at = text.indexOf(wording.split(/\s+/)[0]!);
  const end = text.slice(at).search(/[;:]|,?\s+but\b|,?\s+while\b|,?\s+and\s+(?=\p{Ll}+ed\b)/u);
  const clause = tokensOf(end < 0 ? text : text.slice(0, at + end));
  return columnWords(measure.toLowerCase())
    .filter((word) => !UNIT_KEY_PARTS.has(word))
    .every((word) => clause.has(word) || clause.has(canonicalStem(word)));
}
