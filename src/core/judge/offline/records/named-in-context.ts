// Where a record's context names what a unit is about, though the unit does not repeat it: the
// top of a JSON document (its id), the sentences before one in a paragraph.
import type { EvidenceIndex, IndexedItem } from '../../../retrieval/index';

/**
 * A JSON document is about the entity it names ("change_id": "CHG-5820" at its top): every field
 * of it belongs to that entity, though the field's own line does not repeat the id.
 */
export function documentNames(index: EvidenceIndex, unit: IndexedItem, identifier: string): boolean {
  if (unit.item.kind !== 'json_field') return false;
  return index.itemsWith(`i:${identifier}`).some((position) => {
    const other = index.items[position]!;
    return other.item.kind === 'json_field' && other.item.file === unit.item.file && !(other.item.jsonPath ?? '').includes('[');
  });
}

/**
 * "Create a client under Settings > Integrations > OAuth clients. Access tokens are valid for 60
 * minutes": a sentence of a paragraph is about what the sentences before it in that paragraph
 * name. `term` is the index term that finds the naming sentences, `names` whether one names it.
 */
export function paragraphNames(index: EvidenceIndex, unit: IndexedItem, term: string, names: (other: IndexedItem) => boolean): boolean {
  if (unit.item.kind !== 'paragraph' || unit.sentence === 0) return false;
  return index.itemsWith(term).some((position) => {
    const other = index.items[position]!;
    return other.item === unit.item && other.sentence < unit.sentence && names(other);
  });
}
