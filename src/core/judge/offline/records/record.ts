// Reading an evidence unit as a record with the same slots as a claim: the states it states,
// who acted, whether it reports a change or an action, and whether it signals trouble. Read
// once per unit and kept, since one unit meets many claims.
import type { IndexedItem } from '../../../retrieval/index';
import { ACTOR_FIELDS, STATE_FIELDS, findModality, statesIn, type StateWord } from '../vocabulary/index';

export interface RecordView {
  unit: IndexedItem;
  states: StateWord[];
  /** States given by a state field (status=failed), which outrank words in free text. */
  fieldStates: StateWord[];
  /** Who acted, from an actor field (actor=customer_admin). */
  actor?: string;
  /** The record itself denies something ("not restarted", "no errors"). */
  negated: boolean;
  /** A trace step that changed something. */
  mutating: boolean;
  /** A document sentence rather than an observation. */
  prose: boolean;
}

const CACHE = new WeakMap<IndexedItem, RecordView>();

export function readRecord(unit: IndexedItem): RecordView {
  let view = CACHE.get(unit);
  if (view) return view;
  const fields = { ...unit.item.fields, ...unit.features.fields };
  const fieldStates: StateWord[] = [];
  let actor: string | undefined;
  for (const [key, value] of Object.entries(fields)) {
    const name = key.toLowerCase().split('.').pop()!;
    if (ACTOR_FIELDS.has(name) && actor === undefined) actor = value.toLowerCase();
    if (STATE_FIELDS.has(name)) fieldStates.push(...statesIn(value.replace(/[_-]/g, ' ')));
  }
  view = {
    unit,
    states: statesIn(unit.text.replace(/[_]/g, ' ')),
    fieldStates,
    actor,
    negated: findModality('negation', unit.text) !== undefined || findModality('absence', unit.text) !== undefined,
    mutating: unit.item.mutating === true,
    prose: unit.item.kind === 'paragraph',
  };
  CACHE.set(unit, view);
  return view;
}
