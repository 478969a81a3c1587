// Reading the evidence as tables: rows of one shape from one file, whatever the format wrote
// them as — tagged tool rows (`depot=LEEDS-01 quarter=2026Q1 late=1473`), several records in one
// tool result (`site=A month=2026-09 …; site=A month=2026-10 …`), elements of a JSON array
// (`rows[0].depot`, `rows[0].late_count`) or a JSON object of objects (`routes.r7.ewt_min`).
// A claim that ranks or compares entities ("the highest of any depot") is checked against the
// rows of the table that names its entity. Read once per index, on first use.
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import { withDefinedMeasures } from './defined-measures';
import { withImpliedShares } from './implied-shares';
import { perIndex } from './per-index';
import { periodKey } from './periods';
import { numericValue } from './table-profile';
import type { Table, TableRow } from './table-types';

export { numericValue, profileOf, type TableProfile } from './table-profile';
export type { Table, TableRow } from './table-types';

/** Columns that number or stamp rows rather than describe them. */
const BOOKKEEPING_COLUMNS = new Set(['tool', 'row', 'ts', 'time', 'timestamp', 'generated_at', 'type']);

/** The value a JSON document's item gives its path (`routes.r7.ewt_min = 9.5` → `9.5`). */
export function jsonFieldValue(unit: IndexedItem): string {
  return /\s=\s([\s\S]*)$/.exec(unit.item.text)?.[1]?.trim() ?? '';
}

/** The key an object stands under in its JSON document (`a.b["x.y"]` → `x.y`, `a.limits` → `limits`). */
export function keyOfObject(path: string): string {
  return /\["([^"]+)"\]$/.exec(path)?.[1] ?? path.slice(path.lastIndexOf('.') + 1);
}

/** The evidence's tables, read once per index. */
export const tablesOf = perIndex(readTables);

function readTables(index: EvidenceIndex): Table[] {
  const groups = new Map<string, { file: string; rows: Map<string, TableRow> }>();
  // One record's cells into its row: the group and the row are looked up once per record, and made
  // at its first column that is not bookkeeping (a record of bookkeeping alone makes neither).
  const addRecord = (file: string, shape: string, rowKey: string, unit: IndexedItem, cells: Iterable<[string, string]>): void => {
    let row: TableRow | undefined;
    for (const [column, value] of cells) {
      if (BOOKKEEPING_COLUMNS.has(column)) continue;
      if (row === undefined) {
        const key = `${file}\u0000${shape}`;
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { file, rows: new Map() }));
        row = group.rows.get(rowKey);
        if (!row) group.rows.set(rowKey, (row = { unit, refs: [], values: new Map(), cells: new Map() }));
        if (!row.refs.includes(unit.item.id)) row.refs.push(unit.item.id);
      }
      row.values.set(column, value);
      row.cells.set(column, unit);
    }
  };
  for (const unit of index.items) {
    const { item } = unit;
    // A document's paragraphs hold no rows, but for a Markdown table's body rows (their cells under the column names).
    if (unit.sentence !== 0 || item.kind === 'reasoning' || (item.kind === 'paragraph' && Object.keys(item.fields).length < 2)) continue;
    if (item.kind === 'json_field' && item.jsonPath) {
      const value = jsonFieldValue(unit);
      const element = /^(.*)\[(\d+)\]\.([^[\]]+)$/.exec(item.jsonPath);
      if (element) addRecord(item.file, `${element[1]}[]`, `${element[1]}[${element[2]}]`, unit, [[element[3]!, value]]);
      else {
        // An object of objects: the inner key names the row (`routes.r7.ewt_min`, `weeks["2026-W15"].D07_planarity`).
        const member = /^(.+?)(?:\.([^.[\]"]+)|\["([^"]+)"\])\.([^.[\]]+)$/.exec(item.jsonPath);
        const key = member?.[2] ?? member?.[3];
        if (member && key !== undefined) addRecord(item.file, `${member[1]}.*`, `${member[1]}.${key}`, unit, [[member[4]!, value], ['(key)', key]]);
        else addPeriodEntry(item.file, item.jsonPath, value, unit, addRecord);
      }
      continue;
    }
    const records = recordsIn(item.fields, unit.text);
    // A CSV's rows (tool rows no tool wrote) are one table under its header, though a row with an
    // empty cell lacks that column: its shape is the file's.
    const headerRow = item.kind === 'tool_row' && item.tool === undefined && records.length === 1;
    for (let at = 0; at < records.length; at++) {
      const record = records[at]!;
      addRecord(item.file, headerRow ? '(header)' : shapeOf(record), `${item.id}#${at}`, unit, record);
    }
  }
  const tables: Table[] = [];
  for (const { file, rows } of mergeNearShapes(groups, index)) {
    const list = [...rows.values()].filter((row) => row.values.size >= 2);
    if (list.length < 2) continue;
    const seen = new Set<string>();
    for (const row of list) for (const column of row.values.keys()) seen.add(column);
    const columns = [...seen];
    const table = withDefinedMeasures(index, { file, columns, rows: list });
    const implied = withImpliedShares(table);
    if (implied.length > 0) table.implied = implied;
    tables.push(table);
  }
  return tables;
}

/**
 * Groups of one file whose shapes differ by a column or two that some records add (`scope=upgraded_only`
 * on one row of a tool's output) also make one table, after the groups themselves: the narrower
 * group joins the wider one when its columns, at least three, are all the wider one's, and their
 * records are of one kind. (The groups stay: a row set apart by its extra column, the day a change
 * went live, is often the one a claim names; a claim about every row reads the joined table.)
 */
function mergeNearShapes(groups: Map<string, { file: string; rows: Map<string, TableRow> }>, index: EvidenceIndex): Array<{ file: string; rows: Map<string, TableRow> }> {
  const entries = [...groups].map(([key, group]) => ({ ...group, columns: new Set(key.slice(key.indexOf('\u0000') + 1).split(',')) }));
  const joined: Array<{ file: string; rows: Map<string, TableRow> }> = [];
  let order: Map<IndexedItem, number> | undefined;
  for (let i = 0; i < entries.length; i++) {
    const small = entries[i]!;
    if (small.columns.size < 3) continue;
    const into = entries.findIndex((wide, j) => j !== i && wide.file === small.file && wide.columns.size > small.columns.size
      && wide.columns.size - small.columns.size <= 2 && [...small.columns].every((c) => wide.columns.has(c)) && sameKind(small, wide));
    if (into < 0) continue;
    const wide = entries[into]!;
    // The rows keep the file's order: a series read across the joined rows stays in time.
    order ??= new Map(index.items.map((unit, at) => [unit, at]));
    const position = order;
    joined.push({ file: wide.file, rows: new Map([...wide.rows, ...small.rows].sort(([, a], [, b]) => position.get(a.unit)! - position.get(b.unit)!)) });
  }
  return [...entries, ...joined];
}

/**
 * Records of one kind: where the group of more rows gives a column of names one value throughout,
 * the fewer rows give it too (`sensor=hottest_rack` beside rows all `sensor=rack_inlet_max` is
 * another reading; a new `pump=P3` beside P1 and P2 is one more member).
 */
function sameKind(a: { rows: Map<string, TableRow>; columns: Set<string> }, b: { rows: Map<string, TableRow>; columns: Set<string> }): boolean {
  const [few, many] = a.rows.size <= b.rows.size ? [a, b] : [b, a];
  const isName = (value: string): boolean => /\p{L}/u.test(value) && periodKey(value) === undefined && numericValue(value) === undefined;
  for (const column of a.columns) {
    if (!b.columns.has(column)) continue;
    const known = new Set([...many.rows.values()].map((row) => row.values.get(column) ?? ''));
    if (known.size !== 1 || many.rows.size < 2) continue;
    for (const row of few.rows.values()) {
      const value = row.values.get(column) ?? '';
      if (isName(value) && !known.has(value)) return false;
    }
  }
  return true;
}

/**
 * A map of figures by period (`haulers[0].monthly["2025-07"] = 1012`): one row per period, its
 * figure under the map's name, the period under `period`, and the words that say whose it is
 * (`name=CityWaste`, from the record the map belongs to). Maps of several owners make one table.
 */
function addPeriodEntry(file: string, path: string, value: string, unit: IndexedItem, addRecord: (file: string, shape: string, rowKey: string, unit: IndexedItem, cells: Iterable<[string, string]>) => void): void {
  const entry = /^(.*?)([^.[\]"]+)(?:\.([^.[\]"]+)|\["([^"]+)"\])$/.exec(path);
  const key = entry?.[3] ?? entry?.[4];
  if (!entry || key === undefined || numericValue(value) === undefined || periodKey(key) === undefined) return;
  const owner: Array<[string, string]> = Object.entries(unit.item.fields).filter(([field, v]) => periodKey(field) === undefined && numericValue(v) === undefined);
  addRecord(file, `${entry[1]!.replace(/\[\d+\]/g, '[]')}${entry[2]}[period]`, path, unit, [[entry[2]!, value], ['period', key], ...owner]);
}

/** A record's shape: its columns that describe the row, sorted (a log's records share a few). */
function shapeOf(record: Map<string, string>): string {
  let written = '';
  for (const key of record.keys()) written += `${key.length}:${key}`;
  let shape = SHAPES.get(written);
  if (shape === undefined) {
    shape = [...record.keys()].filter((k) => !BOOKKEEPING_COLUMNS.has(k)).sort().join(',');
    if (SHAPES.size > 10_000) SHAPES.clear();
    SHAPES.set(written, shape);
  }
  return shape;
}

const SHAPES = new Map<string, string>();

// A value runs to the next key; words after a number are not part of it (`value=3 ms later`).
const PAIR_RE = /(?<![\w.-])([A-Za-z_][\w.-]*)=("[^"]*"|[-+]?\d[\d,.]*%?(?=[\s;]|$)|[^\s;=]+(?:\s+(?![A-Za-z_][\w.-]*=)[^\s;=]+)*)/g;

/** The key=value records of an item: its own fields, or several in one value or text split by ";". */
function recordsIn(fields: Record<string, string>, text: string): Array<Map<string, string>> {
  const simple = new Map<string, string>();
  const records: Array<Map<string, string>> = [];
  // A tool result's array of row objects (rows[0].site, rows[0].late_count, rows[1].site …): one record per element.
  const elements = new Map<string, Map<string, string>>();
  let fieldCount = 0;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    fieldCount++;
    if (key.startsWith('args')) continue;
    const element = ELEMENT_KEY_RE.exec(key);
    if (element) {
      const at = `${element[1]}[${element[2]}]`;
      if (!elements.has(at)) elements.set(at, new Map());
      elements.get(at)!.set(element[3]!.toLowerCase(), fields[key]!);
      continue;
    }
    const value = fields[key]!;
    // A value without '=' holds no records of its own (most values).
    const nested = value.includes('=') ? pairsIn(value) : NO_RECORDS;
    if (nested.length > 0 && nested.some((record) => record.size >= 2)) records.push(...nested.filter((record) => record.size >= 2));
    else simple.set(key, value);
  }
  for (const element of elements.values()) if (element.size >= 2) records.push(element);
  records.push(...membersIn(simple));
  if (simple.size >= 2) records.unshift(simple);
  if (records.length === 0 && fieldCount === 0) records.push(...pairsIn(text).filter((record) => record.size >= 2));
  return records;
}

/** A flattened key of an object of objects' field: by_category.tyres.W39 → by_category, tyres, W39. */
const MEMBER_KEY_RE = /^(?:(.*)\.)?([^.[\]]+)\.([^.[\]]+)$/;

/**
 * A tool result's object of objects (by_category.brakes.W36, by_category.tyres.W36 …): one record
 * per inner object, its key under `(key)` as a JSON document's are, when two or more of them
 * have the same two or more fields. Their fields leave `simple`, which keeps the rest.
 */
function membersIn(simple: Map<string, string>): Array<Map<string, string>> {
  const byPrefix = new Map<string, Map<string, { record: Map<string, string>; keys: string[] }>>();
  for (const [key, value] of simple) {
    const member = MEMBER_KEY_RE.exec(key);
    if (!member) continue;
    const prefix = member[1] ?? '';
    const name = member[2]!;
    if (!byPrefix.has(prefix)) byPrefix.set(prefix, new Map());
    const members = byPrefix.get(prefix)!;
    if (!members.has(name)) members.set(name, { record: new Map([['(key)', name]]), keys: [] });
    const entry = members.get(name)!;
    entry.record.set(member[3]!.toLowerCase(), value);
    entry.keys.push(key);
  }
  const records: Array<Map<string, string>> = [];
  for (const members of byPrefix.values()) {
    const entries = [...members.values()];
    const shapes = new Set(entries.map(({ record }) => [...record.keys()].sort().join(',')));
    if (entries.length < 2 || shapes.size !== 1 || entries[0]!.record.size < 3) continue;
    for (const { record, keys } of entries) {
      for (const key of keys) simple.delete(key);
      records.push(record);
    }
  }
  return records;
}

const NO_RECORDS: Array<Map<string, string>> = [];
/** A flattened key of an array element's field: rows[0].site → rows, 0, site. */
const ELEMENT_KEY_RE = /^(.*)\[(\d+)\]\.([^.[\]]+)$/;

function pairsIn(text: string): Array<Map<string, string>> {
  if (!text.includes('=')) return [];
  return text.split(/;\s+|\n/).map((segment) => {
    const record = new Map<string, string>();
    for (const match of segment.matchAll(PAIR_RE)) record.set(match[1]!.toLowerCase(), match[2]!.replace(/^"|"$/g, '').trim());
    return record;
  });
}
