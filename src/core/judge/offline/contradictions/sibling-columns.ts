// A value that one table row gives another entity: "On the Pro plan your payout arrives 5 days after
// the buyer's payment clears" against a plan table's row `| Payout after buyer payment clears |
// 14 days | 10 days | 5 days |` under `| | Basic | Pro | Enterprise |` — 5 days is Enterprise's,
// Pro's is 10 days. The row's cells are keyed by entities (its columns); the claim names
// exactly one of those keys, shares the row's other words, and its figure is another key's value
// while the named key holds a different value of the same kind.
import { canonicalStem, extractFeatures, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { isBound, quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted, wordShare } from '../claim-view';

export function contradictSiblingColumn(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const figures = view.features.quantities.filter((q) => !isBound(q) && q.qualifier !== 'delta' && /^[\d$€£]/.test(q.raw.trim()));
  if (figures.length !== 1) return undefined;
  const figure = figures[0]!;
  const claimStems = new Set([...view.words.keys(), ...view.features.nameGroups.flat()]);
  for (const unit of candidates) {
    // A document's table row whose columns are entities: each cell one figure of the same kind or none
    // (14 days | 10 days | 5 days), the measure in the row's label. A record's fields name
    // measures (errors=2 concurrency=12), whose values are no one entity's.
    if (unit.item.kind !== 'paragraph') continue;
    const fields = Object.entries(unit.item.fields);
    // (A cell in words, "unlimited" or "by agreement", gives no figure.)
    const cells = fields.map(([, value]) => extractFeatures(value).quantities);
    if (fields.length < 3 || cells.some((q) => q.length > 1 || (q.length === 1 && q[0]!.dimension !== figure.dimension)) || cells.filter((q) => q.length === 1).length < 2) continue;
    // Keys the claim names as a word ("Pro"), each key a single word.
    const named = fields.filter(([key]) => /^\p{L}+$/u.test(key) && claimStems.has(canonicalStem(key)));
    if (named.length !== 1) continue;
    const [ownKey, ownValue] = named[0]!;
    // The row must be the claim's: its words beyond the keys (payout, clear).
    if (wordShare(view, unit, new Set([...fields.map(([key]) => canonicalStem(key)), ...figure.key])) < 0.5) continue;
    const own = valueOf(ownValue);
    if (!own || own.dimension !== figure.dimension || quantityMatches(figure, own)) continue;
    const other = fields.find(([key, value]) => key !== ownKey && valueOf(value) !== undefined && quantityMatches(figure, valueOf(value)!));
    if (!other) continue;
    return contradicted(unit, `claim says ${figure.raw.trim()} for ${ownKey}, ${unit.item.id} gives ${ownKey} ${ownValue.trim()} (${figure.raw.trim()} is ${other[0]}'s)`);
  }
  return undefined;
}

/** A cell's one figure ("10 days", "GBP 79"), if it holds exactly one. */
function valueOf(cell: string): Quantity | undefined {
  const quantities = extractFeatures(cell).quantities;
  return quantities.length === 1 ? quantities[0] : undefined;
}
