// "rb-kg-1 was the slower of the two Kingsgate hosts" against a health check's result=[{host:
// rb-kg-1, p95_ms: 205}, {host: rb-kg-2, p95_ms: 231}]: the entity the claim names is one entry
// of a list inside one record, the list has as many entries as the claim says, and the
// comparative picks its measure — a speed or a time word (slower, sooner) the one duration of the
// entries, another word the one numeric field the claim names. The entity must be the top (or
// the bottom) of the entries by that measure (vocabulary/comparisons.json gives the direction).
import { extractFeatures } from '../../../retrieval/index';
import { statedPlainly } from '../align/table-alignment';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { entryListsOf, recordsWithLists } from '../records/entry-lists';
import { numericValue } from '../records/tables';
import { WORD_NUMBERS, fieldNameUnit } from '../../../retrieval/reading/vocabulary';
import comparisons from '../vocabulary/comparisons.json';

const OF_THE_RE = /\bthe\s+(\p{L}+er)\s+of\s+the\s+(\p{L}+|\d+)\s+/iu;
const DIRECTIONS = comparisons.words as Record<string, number>;
const TIME_WORDS = new Set(comparisons.inverse);

export function contradictEntryComparison(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const phrase = OF_THE_RE.exec(view.claim.text);
  if (!phrase) return undefined;
  const comparative = phrase[1]!.toLowerCase();
  const direction = DIRECTIONS[comparative];
  const count = /^\d+$/.test(phrase[2]!) ? Number(phrase[2]) : WORD_NUMBERS[phrase[2]!.toLowerCase()];
  if (!direction || !count || count < 2) return undefined;
  const entities = view.features.identifiers;
  const words = new Set(view.words.keys());
  for (const unit of recordsWithLists(view.index)) {
    for (const { entries } of entryListsOf(unit)) {
      if (entries.length !== count) continue;
      // The entry the claim names, by one of its text values.
      const own = entries.filter((entry) => [...entry.values()].some((value) => entities.includes(value.toLowerCase())));
      if (own.length !== 1) continue;
      const numeric = [...entries[0]!.keys()].filter((field) => entries.every((entry) => numericValue(entry.get(field) ?? '') !== undefined));
      const measures = TIME_WORDS.has(comparative)
        ? numeric.filter((field) => fieldNameUnit(field)?.dimension === 'duration')
        : numeric.filter((field) => extractFeatures(field.replace(/_/g, ' ')).words.some((word) => words.has(word)));
      if (measures.length !== 1) continue;
      const measure = measures[0]!;
      const value = (entry: Map<string, string>): number => numericValue(entry.get(measure)!)!;
      const mine = value(own[0]!);
      const beyond = entries.filter((entry) => entry !== own[0] && direction * (value(entry) - mine) > 0);
      if (beyond.length === 0) return undefined;
      const name = (entry: Map<string, string>): string => [...entry.values()].find((v) => /\p{L}/u.test(v)) ?? '?';
      return contradicted(unit, `claim says ${name(own[0]!)} is the ${comparative} of the ${count}; ${unit.item.id} gives ${measure} ${entries.map((e) => `${name(e)} ${e.get(measure)}`).join(', ')}`);
    }
  }
  return undefined;
}
