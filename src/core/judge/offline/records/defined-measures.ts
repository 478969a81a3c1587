// Measures the evidence's own documents define from two columns: "**Click-through rate (CTR)** =
// unique_clicks / delivered", "Conversion rate is transactions divided by footfall", "Unsubscribe
// rate is reported per 1,000 delivered emails". A table holding both columns gains the measure as
// a column of its own (click_through_rate), so a claim that ranks, compares or follows a rate
// ("food-and-drink had the highest click-through rate") is read against the rate, not against
// the raw counts it is made of. The scale (a percentage, per 1,000) is the definition's or, for a
// name that says it is a rate or share, percent (vocabulary/defined-measures.json).
import { canonicalStem, isStopword, type EvidenceIndex } from '../../../retrieval/index';
import { perIndex } from './per-index';
import { numericValue } from './table-profile';
import type { DefinedMeasure, Table } from './table-types';
import vocabulary from '../vocabulary/defined-measures.json';


interface Definition {
  name: string;
  top: string;
  bottom?: string;
  scale?: number;
  /** A sum's parts ("**Total output** is `good_kg + rework_kg + waste_kg`"): the measure is their sum, no ratio. */
  parts?: string[];
}

const NAME = String.raw`(?:\*\*([^*]{3,60})\*\*|^([A-Z][\w'’ -]{2,50}?))\s*(?:\([^)]{1,40}\)\s*)?`;
// "<name> = a / b", "<name> is a divided by b", "<name>: a over b".
const RATIO_RE = new RegExp(`${NAME}(?:=|:|\\bis\\b|\\bmeans\\b)\\s+(?:the\\s+)?(?:number\\s+of\\s+)?\`?([^\`=/÷]+?)\`?\\s*(?:/|÷|\\bdivided\\s+by\\b|\\bover\\b)\\s*(?:the\\s+)?(?:number\\s+of\\s+)?\`?([^\`.;,(]+?)\`?(?=[.;,(]|\\s+(?:for|per|in|at|over|across|during|within|times|×|x)\\b|$)`, 'imu');
// "<name> is `a + b + c`", "<name> of a line is a + b", "<name> = the sum of a + b".
const SUM_RE = new RegExp(`${NAME}(?:(?:of|for|on|per)\\s+(?:a|an|the|each)?\\s*\\w+\\s+)?(?:=|:|\\bis\\b|\\bmeans\\b)\\s+(?:the\\s+sum\\s+of\\s+)?((?:\`?[\\w.]+\`?\\s*\\+\\s*)+\`?[\\w.]+\`?)`, 'imu');
// "<name> is reported per 1,000 delivered emails".
const PER_RE = new RegExp(`${NAME}(?:is\\s+)?(?:reported|measured|given|counted|expressed)?\\s*per\\s+(1,?000|100|10,?000|100,?000)\\s+([^.;,(]+)`, 'imu');

const PERCENT_WORDS = new Set(vocabulary.percentWords.map((word) => canonicalStem(word)));
const MAX_DEFINITIONS = 40;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !isStopword(word))
    .map((word) => canonicalStem(word));
}

/** The definitions written in the evidence's documents, at most a few dozen. */
function definitionsIn(index: EvidenceIndex): Definition[] {
  const found: Definition[] = [];
  for (const unit of index.items) {
    if (unit.item.kind !== 'paragraph' || found.length >= MAX_DEFINITIONS) continue;
    const text = unit.text.replace(/^\s*(?:[-*+]|\d+\.)\s+/, '');
    const sum = SUM_RE.exec(text);
    if (sum) {
      found.push({ name: (sum[1] ?? sum[2])!, top: '', parts: sum[3]!.split('+').map((part) => part.replace(/`/g, '').trim()) });
      continue;
    }
    const ratio = RATIO_RE.exec(text);
    if (ratio) {
      const per = /\bper\s+(1,?000|100|10,?000)\b/i.exec(text.slice(ratio.index + ratio[0].length));
      found.push({ name: (ratio[1] ?? ratio[2])!, top: ratio[3]!, bottom: ratio[4]!, scale: per ? Number(per[1]!.replace(/,/g, '')) : undefined });
      continue;
    }
    const per = PER_RE.exec(text);
    if (per) found.push({ name: (per[1] ?? per[2])!, top: '', bottom: per[4]!, scale: Number(per[3]!.replace(/,/g, '')) });
  }
  return found;
}

/** The one column a phrase names: every word of the column's name is in the phrase; the most such words wins. */
function columnNamed(phrase: string, columns: readonly string[], numeric: (column: string) => boolean): string | undefined {
  const said = new Set(words(phrase));
  const scored = columns
    .filter(numeric)
    .map((column) => ({ column, parts: words(column.replace(/_/g, ' ')) }))
    .filter(({ parts }) => parts.length > 0 && parts.every((part) => said.has(part)))
    .map(({ column, parts }) => ({ column, score: parts.length }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  return best > 0 && top.length === 1 ? top[0]!.column : undefined;
}

/** The measures of a table its documents define (both columns in the table, the measure not a column already). */
export function definedMeasures(index: EvidenceIndex, table: Table): DefinedMeasure[] {
  const numeric = (column: string): boolean => table.rows.filter((row) => numericValue(row.values.get(column) ?? '') !== undefined).length >= 2;
  const measures: DefinedMeasure[] = [];
  for (const definition of definitionsOf(index)) {
    if (definition.parts) continue;
    const nameWords = words(definition.name);
    // The column is named by the name's words as written ("Click-through rate (CTR)" → click_through_rate).
    // A hyphenated word keeps its parts, a stop word among them ("on-time rate" → on_time_rate).
    const column = columnOf(definition.name);
    if (nameWords.length === 0 || table.columns.includes(column) || measures.some((m) => m.column === column)) continue;
    // A rate per 1,000 of something counts what its name says ("unsubscribe rate" → unsubscribes).
    const top = definition.top || definition.name;
    const numerator = columnNamed(top, table.columns, numeric);
    const denominator = definition.bottom ? columnNamed(definition.bottom, table.columns, numeric) : undefined;
    if (!numerator || !denominator || numerator === denominator) continue;
    const scale = definition.scale ?? (nameWords.some((word) => PERCENT_WORDS.has(word)) ? 100 : 1);
    measures.push({ column, numerator, denominator, scale });
  }
  return measures;
}

const definitionsOf = perIndex(definitionsIn);

/** A measure's name as a column: its words as written ("Click-through rate (CTR)" → click_through_rate, "on-time rate" → on_time_rate). */
function columnOf(name: string): string {
  return name
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter((word) => word.length > 0 && (word.includes('-') || !isStopword(word)))
    .join('_')
    .replace(/-/g, '_');
}

/**
 * Sums the documents define from a table's columns ("Total output is `good_kg + rework_kg +
 * waste_kg`"), added as columns first: a rate defined over the sum ("waste share is waste_kg /
 * total output") then finds its denominator among the columns.
 */
function withDefinedSums(index: EvidenceIndex, table: Table): void {
  for (const definition of definitionsOf(index)) {
    if (!definition.parts || definition.parts.length < 2) continue;
    const column = columnOf(definition.name);
    if (column === '' || table.columns.includes(column) || !definition.parts.every((part) => table.columns.includes(part))) continue;
    for (const row of table.rows) {
      const values = definition.parts.map((part) => numericValue(row.values.get(part) ?? ''));
      if (values.some((value) => value === undefined)) continue;
      row.values.set(column, String(Number(values.reduce((a, b) => a! + b!, 0)!.toFixed(6))));
      row.cells.set(column, row.cells.get(definition.parts[0]!) ?? row.unit);
    }
    table.columns.push(column);
  }
}

/** The table with its defined measures as columns, each row's value computed from its two cells. */
export function withDefinedMeasures(index: EvidenceIndex, table: Table): Table {
  withDefinedSums(index, table);
  const measures = definedMeasures(index, table);
  if (measures.length === 0) return table;
  for (const { column, numerator, denominator, scale } of measures) {
    for (const row of table.rows) {
      const top = numericValue(row.values.get(numerator) ?? '');
      const bottom = numericValue(row.values.get(denominator) ?? '');
      if (top === undefined || bottom === undefined || bottom === 0) continue;
      // A percentage says so, as a cell of the evidence would (on_time_rate=93.5484%).
      row.values.set(column, `${Number(((top / bottom) * scale).toFixed(4))}${scale === 100 ? '%' : ''}`);
      row.cells.set(column, row.cells.get(numerator) ?? row.unit);
    }
    table.columns.push(column);
  }
  table.defined = measures;
  return table;
}
