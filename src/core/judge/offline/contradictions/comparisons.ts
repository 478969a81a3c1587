// A comparison the rows go against: "40X ran fewer trips in Q1 than in Q4" while the table gives
// 3,320 against 2,980; "the canary's error rate was higher than the baseline's" while the
// baseline's row is the higher. The claim names two values of one column (two entities, or two
// periods), or two period columns of one row (q4_2025, q1_2026), and words the comparison with
// "… than"; the measure is the column its figure sits in or its words name.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { numericValue, type Table, type TableRow } from '../records/tables';
import { columnNamedBy, columnWords, comparedGroups, numericColumns, firstTableVerdict, measureColumn, namedAt, namedValues, namesValue, numberLabels, selectRows, statedPlainly, tokensOf } from '../align/table-alignment';
import { periodKey } from '../records/periods';
import { NOT_ADDITIVE_RE, UNIT_KEY_PARTS } from '../vocabulary';
import { canonicalStem } from '../../../retrieval/index';
import comparisons from '../vocabulary/comparisons.json';
import { rateMeasure } from '../derive/row-figures';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import { largerIs, type MeasuredOrder } from '../align/measure-direction';

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
}

/** "fewer trips … than", "higher than the baseline's": a comparison of two named sides (not a bound such as "more than 80%"). */
export function comparedWording(text: string): ComparedWording | undefined {
  const match = COMPARED_RE.exec(text);
  if (!match) return undefined;
  const word = match[1]!.toLowerCase();
  const measured = MEASURED[word];
  const direction = measured ? 0 : (comparisons.words as Record<string, number>)[word]!;
  return { direction, ...(measured ? { measured } : {}), wording: match[0].replace(/\s+than\s+$/i, ' than').trim() };
}

export function contradictComparison(view: ClaimView): ClaimVerdict | undefined {
  const compared = statedPlainly(view) ? comparedWording(view.claim.text) : undefined;
  return compared ? firstTableVerdict(view, (table, claim) => compareIn(view, table, compared, claim)) : undefined;
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
  if (pairs.length === 1) {
    // Two rows: the two values of one column, in the claim's order.
    const [column, [a, b]] = pairs[0]! as [string, [string, string]];
    const rows = selectRows(table, named, new Set([column]));
    const mine = rows.filter((row) => row.values.get(column) === a || row.values.get(column) === b);
    // "more area per hour than": a rate of two columns, else the one column the claim's figure or words name.
    const between = compared.wording.split(/\s+/).slice(1, -1);
    const rate = rateMeasure(table, view.claim.text, between);
    // Else the column the comparison's own words name ("more salt than": salt_t), whatever other
    // figures the claim gives ("despite making nine fewer runs"); else its figure's or words' column.
    const inWording = tokensOf(between.join(' '));
    const numeric = numericColumns(table, rows, new Set([column]));
    const worded = columnNamedBy(
      numeric.filter((c) => columnWords(c).some((part) => inWording.has(part) || inWording.has(canonicalStem(part)))),
      claim,
    );
    // "PWL rejected fewer samples than NVD": the verb before the comparison names what was counted (rejected), the noun after it what of.
    const verb = /(\p{L}+)\s+$/u.exec(view.claim.text.slice(0, view.claim.text.toLowerCase().indexOf(compared.wording.toLowerCase().split(/\s+/)[0]!)))?.[1]?.toLowerCase();
    const verbNamed = verb === undefined ? [] : numeric.filter((c) => columnWords(c).length === 1 && canonicalStem(columnWords(c)[0]!.toLowerCase()) === canonicalStem(verb));
    measure = rate?.label ?? (verbNamed.length === 1 ? verbNamed[0] : undefined) ?? worded ?? measureColumn(view, table, rows, mine, claim, new Set([column]), numberLabels(named));
    if (!measure) return undefined;
    const valueOf = (row: TableRow): number | undefined => (rate ? rate.of(row) : numericValue(row.values.get(measure!) ?? ''));
    for (const group of comparedGroups(table, rows, mine, named, new Set([column]))) {
      const side = (label: string): Side | undefined => {
        const found = group.filter((row) => row.values.get(column) === label);
        const value = found.length === 1 ? valueOf(found[0]!) : undefined;
        return value === undefined ? undefined : { label, value, row: found[0]! };
      };
      const [first, second] = [side(a), side(b)];
      if (first && second) outcomes.push([first, second]);
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
  if (!outcomes.every(reversed)) {
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
  const [first, second] = outcomes[0]!;
  const show = (side: Side): string => `${side.label} ${Number(side.value.toPrecision(4))} (${side.row.refs[0]})`;
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [...new Set([first.row.refs[0]!, second.row.refs[0]!])],
    reason: `claim says "${compared.wording}"${measure ? ` by ${measure}` : ''}; ${show(first)} against ${show(second)}`,
  };
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
