// A price or a limit of another tier's row, said of the customer: "FungiGuard Duo treatment costs
// $9.50 per tonne" from a Standard member, against fee rows `treat_fungiguard_duo,standard,…,11.20`
// and `treat_fungiguard_duo,premier,…,9.50`. The claim names no tier; its one figure is a row's of
// another tier than the customer's (records/customer-tier.ts), and the customer's tier has a row
// of the same thing (its other word fields alike) giving another value.
import type { IndexedItem } from '../../../retrieval/index';
import { isBound, quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { customerTier, isTierField, knownTiers, namesTier, tierOf } from '../records/customer-tier';

export function contradictTierRow(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const figures = view.features.quantities.filter((q) => !isBound(q) && q.qualifier !== 'delta' && /^[\d$€£]/.test(q.raw.trim()));
  if (figures.length !== 1 || view.wording.hedge) return undefined;
  const tier = customerTier(view.index, view.askedWords);
  if (!tier) return undefined;
  if ([...knownTiers(view.index)].some((name) => namesTier(view.claim.text, name))) return undefined;
  const figure = figures[0]!;
  for (const unit of candidates) {
    const rowTier = unit.item.kind === 'paragraph' ? undefined : tierOf(unit);
    const matched = rowTier && rowTier !== tier ? unit.features.quantities.find((e) => quantityMatches(figure, e)) : undefined;
    if (!matched) continue;
    // The customer's row of the same thing: every other field in words alike.
    const same = sameThing(unit);
    const own = view.index.items.find((other) => other !== unit && other.item.file === unit.item.file && tierOf(other) === tier && same(other));
    if (!own || own.features.quantities.some((e) => quantityMatches(figure, e))) continue;
    // The customer's row's value of the same field.
    const value = own.features.quantities.find((e) => e.key.join(' ') === matched.key.join(' '));
    if (!value) continue;
    return contradicted(own, `claim says ${figure.raw.trim()}, ${unit.item.id} gives that for ${rowTier}; for ${tier}, the customer's tier, ${own.item.id} gives ${value.raw.trim()}`);
  }
  return undefined;
}

/** Whether another record is of the same thing: its word fields other than the tier hold the same values. */
function sameThing(unit: IndexedItem): (other: IndexedItem) => boolean {
  const words = Object.entries(unit.item.fields).filter(([key, value]) => !isTierField(key) && /^[\p{L}_][\p{L}\p{N}_ -]*$/u.test(value.trim()) && !/^\d/.test(value));
  return (other) => words.length > 0 && words.every(([key, value]) => other.item.fields[key] === value);
}
