// Reading the evidence as tables: rows of one shape from one file, whatever the format wrote
// them as — tagged tool rows (`depot=LEEDS-01 quarter=2026Q1 late=1473`), several records in one
// tool result (`site=A month=2026-09 …; site=A month=2026-10 …`), elements of a JSON array
// (`rows[0].depot`, `rows[0].late_count`) or a JSON object of objects (`routes.r7.ewt_min`).
// A claim that ranks or compares entities ("the highest of any depot") is checked against the
// rows of the table that names its entity. Read once per index, on first use.
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';

export interface TableRow {
  /** The unit that holds the row (for a JSON row, its first field). */
  unit: IndexedItem;
  /** Evidence ids of the row's items. */
  refs: string[];
  /** Column name → value as written. */
  values: Map<string, string>;
  /** Column name → the unit that holds the cell (a JSON row's cells are items of their own). */
  cells: Map<string, IndexedItem>;
}

export interface Table {
  file: string;
  columns: string[];
  rows: TableRow[];
}

/** Columns that number or stamp rows rather than describe them. */
const BOOKKEEPING_COLUMNS = new Set(['tool', 'row', 'ts', 'time', 'timestamp', 'generated_at', 'type']);

const CACHE = new WeakMap<EvidenceIndex, Table[]>();

export function tablesOf(index: EvidenceIndex): Table[] {
  let tables = CACHE.get(index);
  if (!tables) {
    tables = readTables(index);
    CACHE.set(index, tables);
  }
  return tables;
}

/** A value read as a number: plain, with thousands separators or a percent sign. */
export function numericValue(value: string): number | undefined {
  const match = /^\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*%?\s*$/.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]!.replace(/,/g, ''));
  return Number.isFinite(number) ? number : undefined;
}

function readTables(index: EvidenceIndex): Table[] {
  const groups = new Map<string, { file: string; rows: Map<string, TableRow> }>();
  const add = (file: string, shape: string, rowKey: string, unit: IndexedItem, column: string, value: string): void => {
    if (BOOKKEEPING_COLUMNS.has(column)) return;
    const key = `${file}\u0000${shape}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { file, rows: new Map() }));
    let row = group.rows.get(rowKey);
    if (!row) group.rows.set(rowKey, (row = { unit, refs: [], values: new Map(), cells: new Map() }));
    if (!row.refs.includes(unit.item.id)) row.refs.push(unit.item.id);
    row.values.set(column, value);
    row.cells.set(column, unit);
  };
  for (const unit of index.items) {
    const { item } = unit;
    if (unit.sentence !== 0 || item.kind === 'paragraph' || item.kind === 'reasoning') continue;
    if (item.kind === 'json_field' && item.jsonPath) {
      const value = /\s=\s([\s\S]*)$/.exec(item.text)?.[1]?.trim() ?? '';
      const element = /^(.*)\[(\d+)\]\.([^[\]]+)$/.exec(item.jsonPath);
      if (element) add(item.file, `${element[1]}[]`, `${element[1]}[${element[2]}]`, unit, element[3]!, value);
      else {
        // An object of objects: the inner key names the row (`routes.r7.ewt_min`).
        const member = /^(.+)\.([^.[\]]+)\.([^.[\]]+)$/.exec(item.jsonPath);
        if (member) {
          add(item.file, `${member[1]}.*`, `${member[1]}.${member[2]}`, unit, member[3]!, value);
          add(item.file, `${member[1]}.*`, `${member[1]}.${member[2]}`, unit, '(key)', member[2]!);
        }
      }
      continue;
    }
    const records = recordsIn(item.fields, unit.text);
    records.forEach((record, at) => {
      const shape = [...record.keys()].filter((k) => !BOOKKEEPING_COLUMNS.has(k)).sort().join(',');
      for (const [column, value] of record) add(item.file, shape, `${item.id}#${at}`, unit, column, value);
    });
  }
  const tables: Table[] = [];
  for (const { file, rows } of groups.values()) {
    const list = [...rows.values()].filter((row) => row.values.size >= 2);
    if (list.length < 2) continue;
    const columns = [...new Set(list.flatMap((row) => [...row.values.keys()]))];
    tables.push({ file, columns, rows: list });
  }
  return tables;
}

// A value runs to the next key; words after a number are not part of it (`value=3 ms later`).
const PAIR_RE = /(?<![\w.-])([A-Za-z_][\w.-]*)=("[^"]*"|[-+]?\d[\d,.]*%?(?=[\s;]|$)|[^\s;=]+(?:\s+(?![A-Za-z_][\w.-]*=)[^\s;=]+)*)/g;

/** The key=value records of an item: its own fields, or several in one value or text split by ";". */
function recordsIn(fields: Record<string, string>, text: string): Array<Map<string, string>> {
  const simple = new Map<string, string>();
  const records: Array<Map<string, string>> = [];
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith('args')) continue;
    const nested = pairsIn(value);
    if (nested.length > 0 && nested.some((record) => record.size >= 2)) records.push(...nested.filter((record) => record.size >= 2));
    else simple.set(key, value);
  }
  if (simple.size >= 2) records.unshift(simple);
  if (records.length === 0 && Object.keys(fields).length === 0) records.push(...pairsIn(text).filter((record) => record.size >= 2));
  return records;
}

function pairsIn(text: string): Array<Map<string, string>> {
  if (!text.includes('=')) return [];
  return text.split(/;\s+|\n/).map((segment) => {
    const record = new Map<string, string>();
    for (const match of segment.matchAll(PAIR_RE)) record.set(match[1]!.toLowerCase(), match[2]!.replace(/^"|"$/g, '').trim());
    return record;
  });
}

/**
 * What every claim asks of a table, worked out once per table rather than once per claim: each
 * column's distinct values (in first-seen order), the columns that hold words, the rows by value,
 * the word values by their tokens, and each numeric column's rows in order of their value.
 */
export interface TableProfile {
  distinct: Map<string, string[]>;
  textColumns: Set<string>;
  rowsByValue: Map<string, Map<string, TableRow[]>>;
  /** Column → lower-case token (and its stem) → the word values holding it. */
  valuesByToken: Map<string, Map<string, string[]>>;
  /** Column → its rows with a numeric value, ascending by that value as written. */
  byNumber: Map<string, Array<{ value: number; row: TableRow }>>;
}

const PROFILES = new WeakMap<Table, TableProfile>();

export function profileOf(table: Table, tokenize: (value: string, frequency: (token: string) => number) => string[]): TableProfile {
  let profile = PROFILES.get(table);
  if (profile) return profile;
  profile = { distinct: new Map(), textColumns: new Set(), rowsByValue: new Map(), valuesByToken: new Map(), byNumber: new Map() };
  for (const column of table.columns) {
    const byValue = new Map<string, TableRow[]>();
    const numbers: Array<{ value: number; row: TableRow }> = [];
    for (const row of table.rows) {
      const value = row.values.get(column);
      if (value === undefined) continue;
      const list = byValue.get(value);
      if (list) list.push(row);
      else byValue.set(value, [row]);
      const number = numericValue(value);
      if (number !== undefined) numbers.push({ value: number, row });
      else if (value !== '') profile.textColumns.add(column);
    }
    profile.rowsByValue.set(column, byValue);
    profile.distinct.set(column, [...byValue.keys()].filter((value) => value !== ''));
    profile.byNumber.set(column, numbers.sort((a, b) => a.value - b.value));
    const tokens = new Map<string, string[]>();
    const words = [...byValue.keys()].filter((value) => value !== '' && numericValue(value) === undefined);
    const counts = new Map<string, number>();
    for (const value of words) for (const token of new Set(value.toLowerCase().split(/[^\p{L}\p{N}]+/u))) counts.set(token, (counts.get(token) ?? 0) + 1);
    const frequency = (token: string): number => counts.get(token) ?? 0;
    for (const value of words) {
      for (const token of new Set(tokenize(value, frequency))) {
        const list = tokens.get(token);
        if (list) list.push(value);
        else tokens.set(token, [value]);
      }
    }
    profile.valuesByToken.set(column, tokens);
  }
  PROFILES.set(table, profile);
  return profile;
}
