// A value that one table row gives another entity: "On the Pro plan your payout arrives 5 days after
// the buyer's payment clears" against a plan table's row `| Payout after buyer payment clears |
// 14 days | 10 days | 5 days |` under `| | Basic | Pro | Enterprise |` — 5 days is Enterprise's,
// Pro's is 10 days. The row's cells are keyed by entities (its columns); the claim names
// exactly one of those keys, shares the row's other words, and its figure is another key's value
// while the named key holds a different value of the same kind.
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { isBound, quantityMatches } from '../derive/matching';
import { statedPlainly } from '../align/table-alignment';
import { type ClaimVerdict, type ClaimView, contradicted, wordShare } from '../claim-view';

export function contradictSiblingColumn(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const figures = view.features.quantities.filter((q) => !isBound(q) && q.qualifier !== 'delta' && /^[\d$€£]/.test(q.raw.trim()));
  if (figures.length !== 1) return undefined;
  const figure = figures[0]!;
  const claimStems = new Set([...view.words.keys(), ...view.features.nameGroups.flat()]);
  for (const unit of candidates) {
    // A document's table row whose columns are entities: each cell one figure of the same kind or none
    // (14 days | 10 days | 5 days), the measure in the row's label. A record's fields name
    // measures (errors=2 concurrency=12), whose values are no one entity's.
    if (unit.item.kind !== 'paragraph') continue;
    // Each cell with its figures. (A cell in words, "unlimited" or "by agreement", gives none.)
    const cells = Object.entries(unit.item.fields).map(([key, value]) => ({ key, value, figures: extractFeatures(value).quantities }));
    if (cells.length < 3 || cells.some((c) => c.figures.length > 1 || (c.figures.length === 1 && c.figures[0]!.dimension !== figure.dimension)) || cells.filter((c) => c.figures.length === 1).length < 2) continue;
    // Keys the claim names as a word ("Pro"), each key a single word.
    const named = cells.filter((c) => /^\p{L}+$/u.test(c.key) && claimStems.has(canonicalStem(c.key)));
    if (named.length !== 1) continue;
    const own = named[0]!;
    // The row must be the claim's: its words beyond the keys (payout, clear).
    if (wordShare(view, unit, new Set(cells.map((c) => canonicalStem(c.key)))) < 0.5) continue;
    const ownFigure = own.figures[0];
    if (!ownFigure || quantityMatches(figure, ownFigure)) continue;
    const other = cells.find((c) => c !== own && c.figures.length === 1 && quantityMatches(figure, c.figures[0]!));
    if (!other) continue;
    return contradicted(unit, `claim says ${figure.raw.trim()} for ${own.key}, ${unit.item.id} gives ${own.key} ${own.value.trim()} (${figure.raw.trim()} is ${other.key}'s)`);
  }
  return undefined;
}
