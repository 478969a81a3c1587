// Lists inside one record: a health check's result=[{host: rb-rv-1, p95_ms: 214}, {host: rb-rv-2, …}],
// read from the record's fields (`[0].host`, `[1].p95_ms`, `result[2].status`). Counted by the
// claim ("all three Riverside hosts") and compared entry against entry ("the slower of the two
// hosts"). JSON documents' own lists are read by their paths elsewhere (rules/derived-figures.ts).
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';
import { perIndex } from './per-index';

const LISTED_FIELD_RE = /^(.*?)\[(\d+)\]\.([\p{L}\d_]+)$/u;

/** One list of a record: its entries in order, each its fields by name. */
export interface EntryList {
  unit: IndexedItem;
  entries: Array<Map<string, string>>;
}

/** Records (not JSON documents or prose) that hold a list of entries, read once per index. */
export const recordsWithLists = perIndex((index: EvidenceIndex): IndexedItem[] =>
  index.items.filter((unit) => unit.sentence === 0 && unit.item.kind !== 'json_field' && unit.item.kind !== 'paragraph' && Object.keys(unit.item.fields).some((key) => LISTED_FIELD_RE.test(key))),
);

const ENTRY_LISTS = new WeakMap<IndexedItem, EntryList[]>();

/** The lists of one record, by the path before their index: read once per record, every claim asks. */
export function entryListsOf(unit: IndexedItem): EntryList[] {
  let read = ENTRY_LISTS.get(unit);
  if (!read) ENTRY_LISTS.set(unit, (read = readEntryLists(unit)));
  return read;
}

function readEntryLists(unit: IndexedItem): EntryList[] {
  const lists = new Map<string, Map<number, Map<string, string>>>();
  for (const [key, value] of Object.entries(unit.item.fields)) {
    const m = LISTED_FIELD_RE.exec(key);
    if (!m) continue;
    const list = lists.get(m[1]!) ?? new Map<number, Map<string, string>>();
    lists.set(m[1]!, list);
    const entry = list.get(Number(m[2])) ?? new Map<string, string>();
    list.set(Number(m[2]), entry);
    entry.set(m[3]!.toLowerCase(), value);
  }
  return [...lists.values()].map((list) => ({ unit, entries: [...list.entries()].sort((a, b) => a[0] - b[0]).map(([, entry]) => entry) }));
}
