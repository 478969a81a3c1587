// Two entities' figures given the wrong way round: "Of these, 2,020 came from L2-07 and 2,160 from
// L2-08" while L2-07's record gives loaves_out=2160 and L2-08's 2020. The claim names two numbered
// entities, each in its own part of the sentence (split at the "and", comma or "against" between
// them) with its figures; the records of each (naming it and not the other) hold the other's
// figure and not its own, for the same place in the two lists.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, numberedIdentifiers } from '../claim-view';

const SEPARATOR_RE = /\s+(?:and|while|whereas|against|versus|vs\.?)\s+|[,;]\s+/gi;

export function contradictSwappedFigures(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const ids = numberedIdentifiers(view);
  if (ids.length < 2 || view.wording.hedge) return undefined;
  const lower = view.claim.text.toLowerCase();
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta');
  // The sentence's parts, each naming one of the entities and giving figures: its entity's.
  const cuts = [0, ...[...lower.matchAll(SEPARATOR_RE)].map((m) => m.index), lower.length];
  const pairs: Array<{ id: string; figures: Quantity[] }> = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i]!, cuts[i + 1]!];
    const named = ids.filter((id) => {
      const at = lower.indexOf(id, from);
      return at >= 0 && at < to;
    });
    const own = figures.filter((q) => q.start >= from && q.start < to);
    if (named.length === 1 && own.length > 0) pairs.push({ id: named[0]!, figures: own });
  }
  for (let i = 0; i + 1 < pairs.length; i++) {
    const [one, two] = [pairs[i]!, pairs[i + 1]!];
    if (one.id === two.id || one.figures.length !== two.figures.length) continue;
    const swap = swapped(candidates, one, two);
    if (swap) return swap;
  }
  return undefined;
}

/** The first place in two entities' figure lists where each one's records hold the other's figure and not their own. */
function swapped(candidates: IndexedItem[], one: { id: string; figures: Quantity[] }, two: { id: string; figures: Quantity[] }): ClaimVerdict | undefined {
  const mine = candidates.map((unit) => ({ unit, figures: entityFigures(unit, one.id, two.id) }));
  const theirs = candidates.map((unit) => ({ unit, figures: entityFigures(unit, two.id, one.id) }));
  const held = (units: typeof mine, figure: Quantity): IndexedItem | undefined => units.find((u) => u.figures.some((e) => quantityMatches(figure, e)))?.unit;
  for (let k = 0; k < one.figures.length; k++) {
    const [a, b] = [one.figures[k]!, two.figures[k]!];
    if (quantityMatches(a, b) || a.dimension !== b.dimension) continue;
    if (held(mine, a) || held(theirs, b)) continue;
    const swappedA = held(mine, b);
    const swappedB = held(theirs, a);
    if (!swappedA || !swappedB) continue;
    return contradicted(swappedA, `claim gives ${one.id} ${a.raw.trim()} and ${two.id} ${b.raw.trim()}; ${swappedA.item.id} gives ${one.id} ${b.raw.trim()} and ${swappedB.item.id} gives ${two.id} ${a.raw.trim()}: swapped`);
  }
  return undefined;
}

/**
 * An entity's figures in a record: all of them in a record naming it alone; in one naming both
 * ("B-1 62% -> 88%, B-3 58% -> 85%"), those from its name to the other's.
 */
function entityFigures(unit: IndexedItem, own: string, other: string): Quantity[] {
  if (unit.item.kind === 'paragraph' || !hasIdentifier(unit, own)) return [];
  if (!hasIdentifier(unit, other)) return unit.features.quantities;
  const text = unit.text.toLowerCase();
  const from = text.indexOf(own);
  if (from < 0) return [];
  const next = text.indexOf(other, from + own.length);
  const to = next > from ? next : text.length;
  return unit.features.quantities.filter((e) => e.start > from && e.start < to);
}
