// A product default the customer's configuration overrides: "Raw 10-second readings are kept for
// 90 days" while the guide's retention table gives 90 days as the default and the site's config
// holds retention.raw_days=60. The claim's figure is the one a document gives as a default; a
// configuration record whose field the claim's words name (two of them: raw, retention) gives the
// same measure another value. A claim that itself speaks of the default is about the product.
import { splitIdentifierWords, type ClockTime, type EvidenceIndex, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { perIndex } from '../records/per-index';
import { ownValueFigures } from '../records/map-members';
import { isBound, mistakable, quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { LIGHT_WORDS } from '../words';

/** A document's wording of a default: "the product default", "by default", "Default retention". */
const DEFAULT_RE = /\bdefaults?\b|\bdefaulted\b|\bout of the box\b|\bunless (?:you|the site|an admin|your admin) (?:change|set)s?\b/i;

/** "Your snapshot runs at the default time": the customer's own setting, said to be the default. */
const YOURS_RE = /\byour\b/i;

export function contradictOverriddenDefault(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if ((DEFAULT_RE.test(view.claim.text) && !YOURS_RE.test(view.claim.text)) || view.wording.hedge) return undefined;
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta' && !isBound(q) && q.hasUnit);
  const words = new Set([...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word)));
  // The setting's name holds two of the claim's words, its unit aside.
  const named = (setting: Quantity): boolean => setting.key.filter((word) => words.has(word)).length >= 2;
  const settings = configSettings(view.index);
  for (const claimed of figures) {
    // A document that gives the claimed figure as a default.
    const documented = candidates.find((unit) => unit.item.kind === 'paragraph' && DEFAULT_RE.test(unit.text) && unit.features.quantities.some((e) => quantityMatches(claimed, e)));
    if (!documented) continue;
    // A setting the claim names that holds its figure (duty.max_flight_h=8 beside max_period_h=14) bears it out.
    if (settings.some(({ setting }) => quantityMatches(claimed, setting) && named(setting))) continue;
    for (const { unit, setting } of settings) {
      if (setting.dimension !== claimed.dimension || quantityMatches(claimed, setting) || figures.some((q) => quantityMatches(q, setting)) || !mistakable(claimed, setting, view.claim.text)) continue;
      if (!named(setting)) continue;
      return contradicted(unit, `claim says ${claimed.raw.trim()}, the default ${documented.item.id} gives; ${unit.item.id} sets ${setting.raw.trim()} for this site`);
    }
  }
  return overriddenDefaultTime(view, candidates, words);
}

/** The same for a time of day: "Your snapshot runs at the default time of 04:30" while the config sets snapshot_time to 04:15. */
function overriddenDefaultTime(view: ClaimView, candidates: IndexedItem[], words: ReadonlySet<string>): ClaimVerdict | undefined {
  for (const claimed of view.features.times) {
    const documented = candidates.find((unit) => unit.item.kind === 'paragraph' && DEFAULT_RE.test(unit.text) && unit.features.times.some((t) => t.seconds === claimed.seconds));
    if (!documented) continue;
    for (const { unit, setting, name } of configTimes(view.index)) {
      // The setting's name holds two of the claim's words, or of those the time stands by (snapshot, time).
      if (name.filter((word) => words.has(word) || claimed.key.includes(word)).length < 2) continue;
      if (setting.seconds === claimed.seconds) return undefined;
      return contradicted(unit, `claim says ${claimed.raw.trim()}, the default ${documented.item.id} gives; ${unit.item.id} sets ${setting.raw.trim()} for this site`);
    }
  }
  return undefined;
}

/** Each JSON field's own figure (retention.raw_days = 60), not its siblings', read once per index. */
const configSettings = perIndex((index: EvidenceIndex): Array<{ unit: IndexedItem; setting: Quantity }> => {
  const out: Array<{ unit: IndexedItem; setting: Quantity }> = [];
  for (const unit of index.items) {
    if (unit.item.kind !== 'json_field') continue;
    const own = ownValueFigures(unit);
    if (own.length === 1) out.push({ unit, setting: own[0]! });
  }
  return out;
});

/** Each JSON field that holds one time of day (availability.snapshot_time = 04:15), with its name's words, read once per index. */
const configTimes = perIndex((index: EvidenceIndex): Array<{ unit: IndexedItem; setting: ClockTime; name: readonly string[] }> =>
  index.items.flatMap((unit) => (unit.item.kind === 'json_field' && unit.item.jsonPath && unit.features.times.length === 1 ? [{ unit, setting: unit.features.times[0]!, name: splitIdentifierWords(unit.item.jsonPath) }] : [])),
);
