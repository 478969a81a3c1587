// What the records of the evidence say was changed, in fields: a change list of a deployment
// (`{"key": "default_override_window_min", "from": 60, "to": 45}`), a log line (`setting=max_conn
// old=2000 new=5000`). The field pairs that hold the old and the new value and the fields that
// name what changed are data (changes.json fieldChanges). Read once per index.
import { extractFeatures, isStopword, type IndexedItem, type Quantity } from '../../../retrieval/index';
import changes from '../vocabulary/changes.json';
import { perIndex } from './per-index';
import { keyOfObject } from './tables';

export interface FieldChange {
  unit: IndexedItem;
  /** What changed, as the record names it (default_override_window_min). */
  name: string;
  old: { raw: string; quantity?: Quantity };
  now: { raw: string; quantity?: Quantity };
  /** Named only by the key its pair stands under in a JSON document, not by a field of its own. */
  underKey?: boolean;
}

const PAIRS = changes.fieldChanges.pairs as Array<[string, string]>;
const NAMES = new Set(changes.fieldChanges.names);
/** A key holding an old value: the old field itself, or it before or after an underscore (max_conn_old, from_gbp_l). */
const OLD_KEY_RE = new RegExp(`(?:^|[._])(?:${PAIRS.map(([old]) => old).join('|')})(?:_|\\[\\d+\\])?(?:$|_)`, 'i');

/** A value as a quantity in the unit its name implies (window_min=45 is 45 minutes), if it is a number. */
function valueOf(name: string, raw: string): { raw: string; quantity?: Quantity } {
  if (!/^-?[\d.,]+$/.test(raw.trim())) return { raw };
  const quantity = extractFeatures(`${name}=${raw.trim()}`).quantities[0];
  return quantity ? { raw, quantity } : { raw };
}

/** The changes one record gives: a name field beside an old/new pair, or a pair of fields prefixed by the name (max_conn_old, max_conn_new). */
function changesOfRecord(unit: IndexedItem): FieldChange[] {
  // Most records have no field of an old value at all: a cheap look at the keys first.
  if (!Object.keys(unit.item.fields).some((key) => OLD_KEY_RE.test(key))) return [];
  const fields = new Map(Object.entries(unit.item.fields).map(([key, value]) => [key.toLowerCase().split('.').pop()!.replace(/\[\d+\]$/, ''), value] as const));
  const out: FieldChange[] = [];
  for (const [oldKey, newKey] of PAIRS) {
    const [old, now] = [fields.get(oldKey), fields.get(newKey)];
    if (old !== undefined && now !== undefined) {
      // (Else, in a JSON document, the key the pair stands under: `parameters.co2_limit_ppm: {from, to}`.)
      const field = [...fields].find(([key]) => NAMES.has(key))?.[1];
      const name = field ?? ownKey(unit, fields.size);
      if (name && old !== now) out.push({ unit, name, old: valueOf(name, old), now: valueOf(name, now), ...(field === undefined ? { underKey: true } : {}) });
      continue;
    }
    for (const [key, value] of fields) {
      const prefix = key.endsWith(`_${oldKey}`) ? key.slice(0, -oldKey.length - 1) : undefined;
      const other = prefix ? fields.get(`${prefix}_${newKey}`) : undefined;
      if (prefix && !isStopword(prefix) && other !== undefined && other !== value) out.push({ unit, name: prefix, old: valueOf(prefix, value), now: valueOf(prefix, other) });
      // (from_gbp_l=1.56 to_gbp_l=1.59: the pair before its unit; what changed is named by a name field, else the unit.)
      const suffix = key.startsWith(`${oldKey}_`) ? key.slice(oldKey.length + 1) : undefined;
      const then = suffix ? fields.get(`${newKey}_${suffix}`) : undefined;
      if (suffix && !isStopword(suffix) && then !== undefined && then !== value) {
        const name = [...fields].find(([field]) => NAMES.has(field))?.[1] ?? suffix;
        out.push({ unit, name, old: valueOf(suffix, value), now: valueOf(suffix, then) });
      }
    }
  }
  return out;
}

/** The key a JSON object of an old and a new value alone stands under (`a.co2_limit_ppm.from` → co2_limit_ppm; `a["x.y"].to` → x.y). */
function ownKey(unit: IndexedItem, fieldCount: number): string | undefined {
  const path = unit.item.jsonPath;
  if (unit.item.kind !== 'json_field' || !path || fieldCount !== 2) return undefined;
  const parent = path.slice(0, path.lastIndexOf('.'));
  return parent.length > 0 ? keyOfObject(parent) : undefined;
}

/** Every change the records give, each once (a JSON object's fields are read from each of its units). */
export const fieldChangesOf = perIndex((index): FieldChange[] => {
  const seen = new Set<string>();
  const out: FieldChange[] = [];
  for (const unit of index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const change of changesOfRecord(unit)) {
      const key = `${unit.item.file}\u0000${change.name}\u0000${change.old.raw}\u0000${change.now.raw}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(change);
    }
  }
  return out;
});
