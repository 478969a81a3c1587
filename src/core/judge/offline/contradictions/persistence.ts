// A figure or a bound said to hold over time or across rows ("stayed flat at 212", "6.2% in both
// arms", "stayed under 8 GiB throughout"): a value of the same measure that did not contradicts it.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { isBound, quantityMatches, satisfiesBound, sharesKey } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted, holdsAllAnchors, holdsSomeAnchor } from '../claim-view';
import { fieldValueWords } from '../words';
import { rankWording } from './ranks';

/** Wording that says a figure held over time ("stayed flat at 212"). */
const PERSISTENCE_RE = /\b(?:stay(?:ed|s)?|remain(?:ed|s)?|unchanged|flat|steady|constant|(?:did not|didn't|does not|doesn't) change)\b/i;

/** Or across rows, right after the figure ("6.2% in both arms"). */
const ACROSS_AFTER_RE = /^\s*(?:[\p{L}-]+\s+){0,2}(?:in|for|across) (?:both|all|each|every)\b/iu;

/**
 * "Rotterdam's headcount stayed flat at 212", "desktop conversion was 6.2% in both arms": the
 * figure must hold at every point of its series. A record that gives the figure beside another
 * value of the same measure (`{"2026-02": 212, "2026-03": 204}`), or a row of the same measure
 * for the same subject with another value (arm=treatment conv_pct=6.3), contradicts it.
 */
export function contradictPersistence(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const quantities = view.features.quantities.filter((q) => !isBound(q) && q.qualifier !== 'delta');
  if (quantities.length !== 1 || view.wording.negated.length > 0) return undefined;
  const quantity = quantities[0]!;
  // "stayed open for just under 40 minutes", "for the last two legs": how long, not a value that held;
  // "no more than 21 of 50 connections": the capacity a value is read against.
  const before = view.claim.text.slice(Math.max(0, quantity.start - 24), quantity.start);
  if ((quantity.dimension === 'duration' || quantity.dimension === 'count') && /\bfor\s+(?:\p{L}+\s+){0,2}$/iu.test(before)) return undefined;
  if (/\b(?:of|out of)\s+$/i.test(before)) return undefined;
  const across = ACROSS_AFTER_RE.test(view.claim.text.slice(quantity.start + quantity.raw.length));
  const held = PERSISTENCE_RE.exec(view.claim.text);
  if (!held && !across) return undefined;
  // "All three units that stayed on 5.3.0", "On Line 1, OZ-1 stayed in automatic": a figure before
  // the holding word counts or names what held; the value that held comes after it.
  if (!across && held && quantity.start < held.index) return undefined;
  // "remained the largest single cause, at 31%": what held is a rank, not the figure.
  if (rankWording(view.claim.text) !== undefined) return undefined;
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && holdsSomeAnchor(view, unit));
  const sameMeasure = (a: Quantity, b: Quantity): boolean =>
    a.dimension === b.dimension && a.key.length === b.key.length && a.key.every((word) => b.key.includes(word));
  // The claim's words that are field values elsewhere (segment=desktop) select the subject's rows.
  for (const unit of records) {
    const match = unit.features.quantities.find((e) => quantityMatches(quantity, e));
    if (!match) continue;
    // The same record: a series written on one line.
    const sibling = unit.features.quantities.find((e) => e !== match && sameMeasure(match, e) && !quantityMatches(quantity, e));
    if (sibling) return contradicted(unit, `claim says it held at ${quantity.raw.trim()}, ${unit.item.id} also gives ${sibling.raw.trim()}`);
    if (match.key.length === 0) continue;
    const selectors = [...view.words.keys()].filter((word) => fieldValueWords(unit).has(word));
    for (const other of records) {
      if (other === unit || other.item.file !== unit.item.file) continue;
      const otherValues = fieldValueWords(other);
      if (selectors.length === 0 || !selectors.every((word) => otherValues.has(word))) continue;
      const differing = other.features.quantities.find((e) => sameMeasure(match, e) && !quantityMatches(quantity, e));
      if (differing) return contradicted(other, `claim says it held at ${quantity.raw.trim()}, ${other.item.id} gives ${differing.raw.trim()}`);
    }
  }
  return undefined;
}

/** A denied passing of a bound, said of all time: "never went above 41", "never dropped below 98%". */
const NEVER_PAST_RE = /\b(?:never|at no (?:time|point))\s+(?:\p{L}+\s+){0,2}?(?:above|over|below|under|exceed(?:ed|s)?|beyond|past)\b/iu;

/** A bound said of every member of a set ("at all three upgraded sites", "on every day", "for each lane"). */
const EVERY_MEMBER_RE = /\b(?:at|on|in|for|across) (?:all|every|each)\b(?: \p{L}+\b)?/iu;

/** Right after the bound: the capacity it is read against ("41 of 50 connections"). */
const OF_CAPACITY_RE = /^\s*(?:of|out of|\/)\s*\d/i;

/**
 * "rabbit-3 stayed under 8 GiB throughout": a bound said to hold over time holds at every
 * record of the entity. The measure is the one the claim names, or, when it names none, the
 * values of the bound's unit on its scale (memory near 8 GiB, not a 180 GiB disk).
 */
export function contradictHeldBound(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const bounds = view.features.quantities.filter(isBound);
  if (bounds.length !== 1) return undefined;
  const bound = bounds[0]!;
  // "never went above 41 of 50": the denial is the bound's own wording (at no time above), and
  // the other figure is the capacity the bound is read against, not a value of the series.
  const neverPast = NEVER_PAST_RE.test(view.claim.text);
  if (view.wording.negated.length > 0 && !neverPast) return undefined;
  // The members' count ("at all three sites") is the scope's, not a value; any other figure must
  // be the capacity after "never … above 41" ("of 50"), which no reading of the series is.
  const members = EVERY_MEMBER_RE.exec(view.claim.text);
  const capacities = view.features.quantities.filter((q) => q !== bound && !(members && q.start >= members.index && q.start < members.index + members[0].length));
  if (capacities.length > 0 && !(neverPast && OF_CAPACITY_RE.test(view.claim.text.slice(bound.start + bound.raw.length)))) return undefined;
  if (!neverPast && !PERSISTENCE_RE.test(view.claim.text) && !/\b(?:throughout|at all times|the whole time|all along)\b/i.test(view.claim.text)) return undefined;
  const anchored = view.features.identifiers.length + view.features.nameGroups.length > 0;
  // "at all three upgraded sites", "on every day": the bound is said of every member, whose
  // records then need no anchor — but only a measure the claim names picks them (below).
  const everyMember = !anchored && members !== null;
  if (!(anchored || everyMember) || !(bound.hasUnit || neverPast)) return undefined;
  const named = (e: Quantity): boolean => sharesKey(bound, e);
  const onScale = (e: Quantity): boolean => e.value >= bound.value / 2.5 && e.value <= bound.value * 2.5;
  const series = view.index.items.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && holdsAllAnchors(view, unit));
  const values = series.flatMap((unit) =>
    unit.features.quantities
      .filter((e) => (e.hasUnit || !bound.hasUnit) && e.dimension === bound.dimension && !capacities.some((c) => quantityMatches(c, e)))
      .map((e) => ({ unit, e })),
  );
  const isNamed = values.some(({ e }) => named(e));
  if (everyMember && !isNamed) return undefined;
  const measured = isNamed ? values.filter(({ e }) => named(e)) : values.filter(({ e }) => onScale(e));
  // One measure only: two unnamed ones on the same scale leave unclear which the claim is about
  // (values the claim's own measure word names are that measure, however their fields are worded).
  if (measured.length < 2 || (!isNamed && new Set(measured.map(({ e }) => e.key.join('+'))).size > 1)) return undefined;
  const outside = measured.find(({ e }) => !satisfiesBound(bound, e) && !quantityMatches({ ...bound, qualifier: undefined }, e));
  if (!outside || !candidates.length) return undefined;
  return contradicted(outside.unit, `claim says it stayed ${bound.qualifier === 'upper' ? 'under' : 'above'} ${bound.raw.trim()}, ${outside.unit.item.id} says ${outside.e.raw.trim()}`);
}
