// A JSON object keyed by entities, `alloy_limits_min: {"EN-GJS-400-15": 9, "EN-GJS-500-7": 8}`:
// each member's value is its key's. A leaf's unit carries its siblings (`… EN-GJS-400-15 = 9
// EN-GJS-500-7=8`), so a claim naming one key reads the figures of that member alone, under the
// measure the leaf's own value has.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { fieldNameUnit } from '../../../retrieval/reading/vocabulary';

/** A numbered entity (db-prod-1, E-217), or a field naming one by a code (`site=DC1`, `store=hp04`). */
export const NUMBERED_ENTITY = /(?<![\p{L}\p{N}])\p{L}[\p{L}\p{N}]*[-_]\p{N}[\p{L}\p{N}-]*|(?<![\p{L}\p{N}_])[\p{L}_]+=\p{L}+\p{N}+(?![\p{L}\p{N}.])/u;

/** The offsets of the one member of a JSON map the claim's numbered identifiers name as its key. */
export function mapMemberRange(unit: IndexedItem, identifiers: readonly string[]): [number, number] | undefined {
  if (unit.item.kind !== 'json_field') return undefined;
  const path = unit.item.jsonPath ?? '';
  const own = path.slice(path.lastIndexOf('.') + 1);
  const ownEnd = unit.item.text.length;
  const members: Array<{ key: string; range: [number, number] }> = [{ key: own, range: [0, ownEnd] }];
  for (const [key, value] of Object.entries(unit.item.fields)) {
    if (key === own) continue;
    // (A sibling whose value the leaf's text shows already is not written again: it cannot be told apart.)
    const at = unit.text.indexOf(`${key}=${value}`, ownEnd);
    if (at >= 0) members.push({ key, range: [at, at + key.length + 1 + value.length] });
  }
  const entityKeyed = members.filter((m) => NUMBERED_ENTITY.test(m.key.toLowerCase()));
  if (entityKeyed.length < 2 || !entityKeyed.some((m) => m.key === own)) return undefined;
  const named = entityKeyed.filter((m) => identifiers.some((id) => m.key.toLowerCase() === id));
  return named.length === 1 ? named[0]!.range : undefined;
}

/**
 * A member's figures as the map states them: in the unit its name carries (`alloy_limits_min` →
 * minutes) and, for a sibling (`EN-GJS-500-7=8`), under the measure words of the leaf's own value.
 */
export function measuredAsOwn(unit: IndexedItem, range: [number, number], figures: Quantity[]): Quantity[] {
  if (unit.item.kind !== 'json_field') return figures;
  const path = unit.item.jsonPath ?? '';
  const parent = path.slice(0, path.lastIndexOf('.'));
  const mapUnit = fieldNameUnit(parent.slice(parent.lastIndexOf('.') + 1));
  const sibling = range[0] >= unit.item.text.length;
  const own = sibling ? ownValueFigures(unit)[0] : undefined;
  return figures.map((q) => {
    const measured = own ? { ...q, key: [...new Set([...own.key, ...q.key])] } : q;
    return mapUnit && !q.hasUnit ? { ...measured, value: q.value * mapUnit.factor, scale: mapUnit.factor, dimension: mapUnit.dimension, hasUnit: true } : measured;
  });
}

/** The figures a unit gives of the entity the identifiers name: its member's alone in a JSON map, else all of them. */
export function memberFigures(unit: IndexedItem, identifiers: readonly string[]): Quantity[] {
  const range = identifiers.length > 0 ? mapMemberRange(unit, identifiers) : undefined;
  return range ? measuredAsOwn(unit, range, unit.features.quantities.filter((q) => q.start >= range[0] && q.start < range[1])) : unit.features.quantities;
}

/** The figures of a JSON leaf's own value (`retention.raw_days = 60`), not of its path or its siblings. */
export function ownValueFigures(unit: IndexedItem): Quantity[] {
  const end = unit.item.text.length;
  const from = unit.item.text.indexOf(' = ');
  return unit.features.quantities.filter((q) => q.start > from && q.start < end);
}
