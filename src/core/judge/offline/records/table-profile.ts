// What every claim asks of a table, worked out once per table rather than once per claim, and
// each part only when a claim first asks for it: most claims of a review need a table's values
// and the rows by value, fewer its word values by their tokens or its numeric rows in order.
import { UNITS } from '../../../retrieval/reading/vocabulary';
import type { Table, TableRow } from './table-types';

/**
 * Each column's distinct values (in first-seen order), the columns that hold words, the rows by
 * value, the word values by their tokens, and each numeric column's rows in order of their value.
 */
export interface TableProfile {
  distinct: Map<string, string[]>;
  textColumns: Set<string>;
  rowsByValue: Map<string, Map<string, TableRow[]>>;
  /** Column → lower-case token (and its stem) → the word values holding it. */
  valuesByToken: Map<string, Map<string, string[]>>;
  /** Column → its rows with a numeric value, ascending by that value as written. */
  byNumber: Map<string, Array<{ value: number; row: TableRow }>>;
  /** Column → each value's place in first-seen order (the order of `distinct`). */
  positions: Map<string, Map<string, number>>;
}

type Tokenize = (value: string, frequency: (token: string) => number) => string[];

const PROFILES = new WeakMap<Table, TableProfile>();

export function profileOf(table: Table, tokenize: Tokenize): TableProfile {
  let profile = PROFILES.get(table);
  if (!profile) PROFILES.set(table, (profile = new LazyTableProfile(table, tokenize)));
  return profile;
}

/**
 * A value read as a number: plain, with thousands separators or a percent sign, or with a unit
 * written after it as documents' tables write it ("90 days", "25 GB"), read as written.
 */
export function numericValue(value: string): number | undefined {
  // A price keeps its currency sign in front ($129, €1,200): the number is the same.
  // (A unit glued on is two letters or more: "6S" and "4W" name wards, not seconds and watts.)
  const match = /^\s*[$€£¥]?\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*(?:%|\s([\p{L}°µ³²/]+)|([\p{L}°µ³²/]{2,}))?\s*$/u.exec(value);
  const unit = match?.[2] ?? match?.[3];
  if (!match || (unit !== undefined && !UNITS[unit.toLowerCase()])) return undefined;
  const number = Number(match[1]!.replace(/,/g, ''));
  return Number.isFinite(number) ? number : undefined;
}

/** A column's values: its rows by value (first-seen order) and each distinct value read as a number. */
interface ColumnValues {
  byValue: Map<string, TableRow[]>;
  numbers: Map<string, number | undefined>;
}

class LazyTableProfile implements TableProfile {
  private columnValues?: Map<string, ColumnValues>;
  private distinctValues?: Map<string, string[]>;
  private words?: Set<string>;
  private byValue?: Map<string, Map<string, TableRow[]>>;
  private tokens?: Map<string, Map<string, string[]>>;
  private numeric?: Map<string, Array<{ value: number; row: TableRow }>>;
  private places?: Map<string, Map<string, number>>;

  constructor(
    private readonly table: Table,
    private readonly tokenize: Tokenize,
  ) {}

  /** One pass over the rows per column: rows by value, each distinct value's number read once. */
  private values(): Map<string, ColumnValues> {
    if (this.columnValues) return this.columnValues;
    const out = new Map<string, ColumnValues>();
    for (const column of this.table.columns) {
      const byValue = new Map<string, TableRow[]>();
      const numbers = new Map<string, number | undefined>();
      for (const row of this.table.rows) {
        const value = row.values.get(column);
        if (value === undefined) continue;
        const list = byValue.get(value);
        if (list) list.push(row);
        else {
          byValue.set(value, [row]);
          numbers.set(value, numericValue(value));
        }
      }
      out.set(column, { byValue, numbers });
    }
    return (this.columnValues = out);
  }

  get rowsByValue(): Map<string, Map<string, TableRow[]>> {
    if (!this.byValue) {
      this.byValue = new Map();
      for (const [column, { byValue }] of this.values()) this.byValue.set(column, byValue);
    }
    return this.byValue;
  }

  get distinct(): Map<string, string[]> {
    if (!this.distinctValues) {
      this.distinctValues = new Map();
      for (const [column, { byValue }] of this.values()) this.distinctValues.set(column, [...byValue.keys()].filter((value) => value !== ''));
    }
    return this.distinctValues;
  }

  /** The columns with a value that is neither empty nor a number, in column order. */
  get textColumns(): Set<string> {
    if (!this.words) {
      this.words = new Set();
      for (const [column, { numbers }] of this.values()) {
        for (const [value, number] of numbers) {
          if (number === undefined && value !== '') {
            this.words.add(column);
            break;
          }
        }
      }
    }
    return this.words;
  }

  get positions(): Map<string, Map<string, number>> {
    if (!this.places) {
      this.places = new Map();
      for (const [column, { byValue }] of this.values()) {
        const places = new Map<string, number>();
        for (const value of byValue.keys()) places.set(value, places.size);
        this.places.set(column, places);
      }
    }
    return this.places;
  }

  get byNumber(): Map<string, Array<{ value: number; row: TableRow }>> {
    if (!this.numeric) {
      this.numeric = new Map();
      for (const [column, { numbers }] of this.values()) {
        const list: Array<{ value: number; row: TableRow }> = [];
        for (const row of this.table.rows) {
          const value = row.values.get(column);
          const number = value === undefined ? undefined : numbers.get(value);
          if (number !== undefined) list.push({ value: number, row });
        }
        this.numeric.set(column, list.sort((a, b) => a.value - b.value));
      }
    }
    return this.numeric;
  }

  get valuesByToken(): Map<string, Map<string, string[]>> {
    if (!this.tokens) {
      this.tokens = new Map();
      for (const [column, { numbers }] of this.values()) {
        const tokens = new Map<string, string[]>();
        const words = [...numbers].filter(([value, number]) => value !== '' && number === undefined).map(([value]) => value);
        const counts = new Map<string, number>();
        for (const value of words) for (const token of new Set(value.toLowerCase().split(/[^\p{L}\p{N}]+/u))) counts.set(token, (counts.get(token) ?? 0) + 1);
        const frequency = (token: string): number => counts.get(token) ?? 0;
        for (const value of words) {
          for (const token of new Set(this.tokenize(value, frequency))) {
            const list = tokens.get(token);
            if (list) list.push(value);
            else tokens.set(token, [value]);
          }
        }
        this.tokens.set(column, tokens);
      }
    }
    return this.tokens;
  }
}
