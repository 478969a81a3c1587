// People as records write them: "Tomasz Wieczorek" is `by=twieczorek`, `user=t.wieczorek` or
// `approved_by=tomasz_wieczorek` in a log or a field, though no document pairs the two.
import type { IndexedItem } from '../../../retrieval/index';

/** Whether a record writes the login of the person First Last: the initial or the first name, then the surname (its stem may have lost an ending). */
export function writesLoginOf(unit: IndexedItem, first: string, last: string): boolean {
  if (last.length < 3 || !/^\p{L}+$/u.test(first + last) || !unit.lowerText.includes(last)) return false;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${first[0]}|${first})[._]?${last}\\p{L}{0,2}(?![\\p{L}\\p{N}])`, 'u').test(unit.lowerText);
}
