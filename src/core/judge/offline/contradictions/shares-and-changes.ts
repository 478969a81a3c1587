// Figures the claim computes from two others that the evidence gives: a share of a whole ("the
// 718 that failed were roughly 7% of everything sent") and a percentage change ("up by about 70%,
// from 41 to 58"); and the size of a change as a claim words it ("by about a third").
import { extractFeatures, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { isBound, quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { quantitiesAt } from '../figures';
import { periodNumbers } from '../align/table-alignment';
import { escapePhrase } from '../vocabulary';
import changes from '../vocabulary/changes.json';

/**
 * "The 718 that failed were roughly 7% of everything sent" against `reminders_sent=18730
 * failed=718`: the claim's part and, beside it in the record, the whole its words name (sent)
 * give the share, 3.8%, not 7%.
 */
export function contradictShare(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const percents = view.features.quantities.filter((q) => q.dimension === 'percent' && !isBound(q) && q.qualifier !== 'delta');
  // (An approximate part, "about 107,000 trips", may be any record's figure near it; "week 13" numbers a period.)
  const periods = periodNumbers(view.claim.text);
  const counts = view.features.quantities.filter((q) => !q.hasUnit && q.value > 0 && /^\d/.test(q.raw) && q.qualifier !== 'approx' && !periods.has(q.raw.trim()));
  if (percents.length !== 1 || counts.length !== 1 || !/\bof\b/i.test(view.claim.text.slice(percents[0]!.start))) return undefined;
  const [share, part] = [percents[0]!, counts[0]!];
  // The part is what the share is of: written just before it ("The 718 that failed were roughly 7%"), not a label far off.
  const between = view.claim.text.slice(part.start + part.raw.length, share.start);
  if (part.start > share.start || between.split(/\s+/).filter(Boolean).length > 6) return undefined;
  // The whole is what the words after "of" name ("of everything sent": sent).
  const ofWords = new Set(extractFeatures(view.claim.text.slice(share.start + share.raw.length)).words);
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const stated = unit.features.quantities.find((e) => quantityMatches(part, e));
    if (!stated) continue;
    const whole = unit.features.quantities.find((e) => e !== stated && !e.hasUnit && e.value > stated.value && e.key.some((word) => ofWords.has(word) && !stated.key.includes(word)));
    if (!whole) continue;
    const actual = (stated.value / whole.value) * 100;
    if (quantityMatches(share, { ...share, value: actual, decimals: 6, qualifier: undefined, raw: '' })) return undefined;
    return contradicted(unit, `claim says ${share.raw.trim()}, ${unit.item.id} gives ${stated.raw.trim()} of ${whole.raw.trim()} = ${actual.toFixed(1)}%`);
  }
  return undefined;
}

const FRACTIONS: Record<string, number> = { half: 1 / 2, third: 1 / 3, thirds: 2 / 3, quarter: 1 / 4, quarters: 3 / 4, fifth: 1 / 5, fifths: 2 / 5, tenth: 1 / 10, tenths: 3 / 10 };
const BY_FRACTION_RE = /\bby\s+((?:about|around|roughly|nearly|almost|some|just over|just under|over|more than)\s+)?(a|one|two|three)[\s-]+(half|thirds?|quarters?|fifths?|tenths?)\b/i;
const APPROX = '(?:about|around|roughly|nearly|almost|some|just over|just under|close to)';
const BY_APPROX_RE = new RegExp(`\\bby\\s+${APPROX}\\s*$`, 'i');
/** "a reduction of roughly 46%", "an increase of 12%": a change worded as a noun (changes.json). */
const CHANGE_NOUN_RE = new RegExp(`\\ban?\\s+(?:${changes.changeNouns.map(escapePhrase).join('|')})\\s+of\\s+(${APPROX}\\s+)?$`, 'i');
/** "about 12% lower", "35% more": a percentage worded as a change by the comparative after it. */
const CHANGE_AFTER_RE = new RegExp(`^\\s*(?:${changes.changeComparatives.map(escapePhrase).join('|')})\\b(?!\\s+than\\b)`, 'i');

/** The size of a change the claim gives: "by a quarter", "by about a third", "by about 15%". */
export function claimedChange(text: string, quantities: readonly Quantity[]): { share: number; approximate: boolean; wording: string; quantity?: Quantity } | undefined {
  const fraction = BY_FRACTION_RE.exec(text);
  if (fraction) {
    const count = { a: 1, one: 1, two: 2, three: 3 }[fraction[2]!.toLowerCase() as 'a'] ?? 1;
    const unit = fraction[3]!.toLowerCase().replace(/s$/, '');
    const share = count * (FRACTIONS[unit === 'half' ? 'half' : unit] ?? 0);
    return share > 0 ? { share, approximate: fraction[1] !== undefined, wording: fraction[0].slice(3).trim() } : undefined;
  }
  const percent = quantities.find((q) => changePercent(text, q) !== undefined);
  return percent ? { share: percent.value / 100, approximate: changePercent(text, percent)!.approximate, wording: percent.raw.trim(), quantity: percent } : undefined;
}

/** A percentage worded as a change ("by 12%", "by about 70%"), with whether its wording is approximate. */
function changePercent(text: string, q: Quantity): { approximate: boolean } | undefined {
  if (q.dimension !== 'percent') return undefined;
  const before = text.slice(0, q.start);
  const hedged = BY_APPROX_RE.test(before);
  const noun = CHANGE_NOUN_RE.exec(before);
  if (noun) return { approximate: q.qualifier === 'approx' || noun[1] !== undefined };
  if (CHANGE_AFTER_RE.test(text.slice(q.start + q.raw.length))) return { approximate: q.qualifier === 'approx' || hedged };
  return q.qualifier === 'delta' || hedged ? { approximate: q.qualifier === 'approx' || hedged } : undefined;
}

/**
 * "went up by about 70%, from 41 to 58": a percentage change stated next to the two figures it
 * lies between is contradicted when both are in evidence and they give another change (+41.5%).
 */
export function contradictPercentChange(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const { text } = view.claim;
  const quantities = view.features.quantities;
  const percents = quantities.filter((q) => changePercent(text, q) !== undefined);
  if (percents.length !== 1) return undefined;
  const change = percents[0]!;
  const from = quantities.find((q) => q !== change && q.dimension !== 'percent' && !isYear(q) && /\bfrom\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$/i.test(text.slice(0, q.start)));
  // "71,480 visits, up from 52,830": the new figure comes first.
  const to =
    quantities.find((q) => q !== change && q.dimension === from?.dimension && /\bto\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$/i.test(text.slice(0, q.start))) ??
    (from && /\b(?:up|down)\s+from\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$/i.test(text.slice(0, from.start))
      ? quantities.filter((q) => q !== change && q.start < from.start && q.dimension === from.dimension && !isYear(q)).at(-1)
      : undefined);
  const slack = changePercent(text, change)!.approximate ? 0.15 : 0.05;
  const holds = (actual: number): boolean => Math.abs(actual - change.value) <= Math.max(slack * change.value, 0.5 * 10 ** -change.decimals + 1e-9);
  if (!from || !to) return changeBetweenTwo(view, change, holds, candidates);
  if (from.value === 0) return undefined;
  const actual = Math.abs(to.value / from.value - 1) * 100;
  if (holds(actual)) return undefined;
  const [fromUnit, toUnit] = [holding(view, from, candidates), holding(view, to, candidates)];
  if (!fromUnit || !toUnit) return undefined;
  const refs = [...new Set([fromUnit.item.id, toUnit.item.id])];
  const reason = `claim says by ${change.raw.trim()}, ${from.raw.trim()} to ${to.raw.trim()} is ${actual.toFixed(1)}%`;
  return refs.length > 1 ? { partition: 'contradicted', type: 'synthesis', evidence_refs: refs, reason } : contradicted(toUnit, reason);
}

/** "from 2023 to 2024": years, not figures that changed. */
function isYear(q: Quantity): boolean {
  return !q.hasUnit && Number.isInteger(q.value) && q.value >= 1900 && q.value <= 2100 && !q.raw.includes(',');
}

/** The record that states a figure of the claim, if any. */
export function holding(view: ClaimView, q: Quantity, candidates: readonly IndexedItem[]): IndexedItem | undefined {
  return candidates.find((unit) => unit.item.kind !== 'reasoning' && quantitiesAt(view, unit).some((e) => quantityMatches(q, e)));
}

/**
 * "96 exam seats against 180 teaching seats, a 53% reduction": a change the claim computes from
 * its only two other figures of one kind, both in evidence, without saying which is the start.
 * It must be the change from one to the other, either way (46.7% down, or 87.5% up); neither is
 * 53%.
 */
function changeBetweenTwo(view: ClaimView, change: Quantity, holds: (actual: number) => boolean, candidates: readonly IndexedItem[]): ClaimVerdict | undefined {
  const others = view.features.quantities.filter((q) => q !== change && q.dimension !== 'percent' && !isYear(q) && !isBound(q) && q.value > 0 && /^[\d$€£]/.test(q.raw.trim()));
  if (others.length !== 2 || others[0]!.dimension !== others[1]!.dimension) return undefined;
  const [a, b] = others as [Quantity, Quantity];
  const changes = [Math.abs(b.value / a.value - 1) * 100, Math.abs(a.value / b.value - 1) * 100];
  if (changes.some(holds)) return undefined;
  const [aUnit, bUnit] = [holding(view, a, candidates), holding(view, b, candidates)];
  if (!aUnit || !bUnit) return undefined;
  const [low, high] = a.value < b.value ? [a, b] : [b, a];
  const reason = `claim says ${change.raw.trim()}, ${high.raw.trim()} to ${low.raw.trim()} is −${((1 - low.value / high.value) * 100).toFixed(1)}% (and ${low.raw.trim()} to ${high.raw.trim()} +${((high.value / low.value - 1) * 100).toFixed(1)}%)`;
  const refs = [...new Set([aUnit.item.id, bUnit.item.id])];
  return refs.length > 1 ? { partition: 'contradicted', type: 'synthesis', evidence_refs: refs, reason } : contradicted(aUnit, reason);
}
