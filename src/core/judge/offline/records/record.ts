// Reading an evidence unit as a record with the same slots as a claim: the states it states
// (in its fields and in its text), whether it denies something itself, and whether it is prose.
// Read once per unit and kept, since one unit meets many claims.
import type { IndexedItem } from '../../../retrieval/index';
import { STATE_FIELDS, findModality, statesIn, type StateWord } from '../vocabulary/index';

export interface RecordView {
  states: StateWord[];
  /** States given by a state field (status=failed), which outrank words in free text. */
  fieldStates: StateWord[];
  /** The record itself denies something ("not restarted", "no errors"). */
  negated: boolean;
  /** A document sentence rather than an observation. */
  prose: boolean;
}

const CACHE = new WeakMap<IndexedItem, RecordView>();

export function readRecord(unit: IndexedItem): RecordView {
  let view = CACHE.get(unit);
  if (view) return view;
  const fields = { ...unit.item.fields, ...unit.features.fields };
  const fieldStates: StateWord[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const name = key.toLowerCase().split('.').pop()!;
    if (STATE_FIELDS.has(name)) fieldStates.push(...statesIn(value.replace(/[_-]/g, ' ')));
  }
  view = {
    states: statesIn(unit.text.replace(/[_]/g, ' ')),
    fieldStates,
    negated: findModality('negation', unit.text) !== undefined || findModality('absence', unit.text) !== undefined,
    prose: unit.item.kind === 'paragraph',
  };
  CACHE.set(unit, view);
  return view;
}
