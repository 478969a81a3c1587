// A bound said of every member: none beyond it ("no host had more than 90% CPU", an absence
// bounded by a figure) or each one meeting it ("every store met the 2,000 kg donation minimum").
import { canonicalStem, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { dimensionsCompatible, isBound, isLimit, quantityMatches, satisfiesBound, sharesKey } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted, holdsAllAnchors, holdsSomeAnchor } from '../claim-view';

/**
 * An absence bounded by a figure ("no host had more than 90% CPU"): every evidence value of
 * that quantity must lie outside the bound. One inside it contradicts the claim; values that
 * all lie outside ground it. Without any value of that quantity, the usual absence rules apply.
 */
export function judgeBoundAbsence(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const bounds = view.features.quantities.filter(isBound);
  if (bounds.length !== 1 || view.features.quantities.length !== 1) return undefined;
  const bound = bounds[0]!;
  const values: IndexedItem[] = [];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || !holdsAllAnchors(view, unit)) continue;
    const same = unit.features.quantities.filter((e) => sharesKey(bound, e) && dimensionsCompatible(bound, e));
    if (same.length === 0) continue;
    const inside = same.find((e) => satisfiesBound(bound, e) && !quantityMatches({ ...bound, qualifier: undefined }, e));
    if (inside) return contradicted(unit, `claim says none ${bound.qualifier === 'upper' ? 'below' : 'above'} ${bound.raw.trim()}, ${unit.item.id} says ${inside.raw.trim()}`);
    values.push(unit);
  }
  if (values.length === 0) return undefined;
  const refs = [...new Set(values.map((unit) => unit.item.id))].slice(0, 3);
  return { partition: 'grounded', type: 'neg_evidence', evidence_refs: refs, reason: `every value of the quantity lies outside ${bound.raw.trim()} (${refs.join(', ')})` };
}

/** "Every store", "All three replicas", "each week": the claim speaks of every member. */
const UNIVERSAL_RE = /^\s*(?:every|each|all)\b/i;
/** Stems of the words that name a goal rather than a measure. */
const GOAL_WORDS = new Set(['minimum', 'target', 'threshold', 'floor', 'goal', 'object', 'sla', 'slo', 'cap', 'limit', 'maximum', 'ceil', 'budget', 'min', 'max'].map(canonicalStem));
const BOUND_NOUN_RE = /^\s*(?:[\p{L}-]+\s+){0,2}(?:minimum|target|threshold|floor|goal|objective|sla|slo|cap|limit|maximum|ceiling|budget)\b/iu;
/** "met the 2,000 kg minimum", "came in above the 97.5% target": the figure is a bound each member meets. */
const MEETS_BOUND_RE = /\b(?:met|meets|reached|reaches|hit|hits|cleared|clears|exceeded|exceeds|beat|beats|passed|passes)\s+(?:the|its|their)\s*$/i;

/**
 * "Every store met the 2,000 kg donation minimum" against one store's donated_kg=1060: a claim
 * about every member that one record of the measure falls short of is contradicted.
 */
export function contradictUniversalBound(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (!UNIVERSAL_RE.test(view.claim.text) || view.features.quantities.length !== 1) return undefined;
  const figure = view.features.quantities[0]!;
  const before = view.claim.text.slice(0, figure.start);
  // The figure is a stated goal ("the 97.5% target", "the 2,000 kg donation minimum"), not a measurement.
  if (!BOUND_NOUN_RE.test(view.claim.text.slice(figure.start + figure.raw.length, figure.start + figure.raw.length + 30))) return undefined;
  const bound: Quantity | undefined = isBound(figure)
    ? figure
    : MEETS_BOUND_RE.test(before) || /\b(?:above|over)\s+(?:the|its|their)\s*$/i.test(before)
      ? { ...figure, qualifier: 'lower' }
      : /\b(?:below|under|within)\s+(?:the|its|their)\s*$/i.test(before)
        ? { ...figure, qualifier: 'upper' }
        : undefined;
  if (!bound) return undefined;
  // The measure is named by the claim's other words ("donation" in "donation minimum"), not by the goal's.
  const measure = { ...bound, key: bound.key.filter((word) => !GOAL_WORDS.has(word)) };
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    // Only members of the group the claim names ("Every Northern store").
    if (!holdsSomeAnchor(view, unit)) continue;
    const outside = unit.features.quantities.find(
      (e) =>
        !isBound(e) &&
        !isLimit(e) &&
        !e.key.some((word) => GOAL_WORDS.has(word)) &&
        sharesKey(measure, e) &&
        dimensionsCompatible(bound, e) &&
        !satisfiesBound(bound, e) &&
        !quantityMatches({ ...bound, qualifier: undefined }, e),
    );
    if (outside) return contradicted(unit, `claim says every one ${bound.qualifier === 'upper' ? 'stayed below' : 'met'} ${bound.raw.trim()}, ${unit.item.id} says ${outside.raw.trim()}`);
  }
  return undefined;
}
