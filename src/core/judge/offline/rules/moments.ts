// The moments a claim counts from: the record of the event it times itself by ("after the
// scale-up", "six minutes after the first reload"), and the span between two moments ("39 seconds
// later, at 21:04:51", "four days later") that gives a duration no record states. ("At the same
// moment" judges the claim again with the time before, so it stays with judgeClaim in rules.ts.)
import { extractFeatures, type CalendarDate, type EvidenceIndex, type IndexedItem, type Quantity } from '../../../retrieval/index';
import type { Wording } from '../language';
import { isBound, quantityMatches, satisfiesBound } from '../derive/matching';
import { type ClaimView, hasIdentifier, holdsSomeAnchor } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import { quantitiesAt } from '../figures';

/**
 * "after the scale-up", "before the rollback": a bound set by an event rather than a clock. The
 * event's time is that of the first record naming it (all of its words); without one, no bound.
 */
export function resolveEventBounds(text: string, wording: Wording, index: EvidenceIndex, claimIdentifiers: readonly string[]): IndexedItem[] {
  const found: IndexedItem[] = [];
  for (const [side, pattern] of [
    ['after', /\bafter the ([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*)?)/iu],
    ['before', /\bbefore the ([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*)?)/iu],
  ] as const) {
    if (wording[side] !== undefined) continue;
    const phrase = pattern.exec(text)?.[1];
    if (!phrase) continue;
    // "the first reload" is the earliest record of a reload, "the last retry" the latest.
    const latest = /^(?:last|final|latest)\b/i.test(phrase);
    const words = extractFeatures(phrase.replace(/-/g, ' ')).words.filter(
      (word) => (!LIGHT_WORDS.has(word) || word === 'start' || word === 'end') && !/^(?:first|initi|last|final|latest)$/.test(word),
    );
    if (words.length === 0) continue;
    const records = index
      .itemsWith(`w:${words[0]}`)
      .map((position) => index.items[position]!)
      .filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.length > 0 && words.every((word) => unit.wordSet.has(word)));
    // "ED-ADC-02 recorded no drawer faults after the upgrade": a denial bounded by an event of the
    // entity it names; the upgrade is that entity's, when records name it. (Elsewhere the event
    // may be another's: "fired 40 seconds after the block power alert".)
    const denial = wording.absent.length > 0 || wording.negated.length > 0;
    const identifiers = denial ? claimIdentifiers.filter((id) => /\d/.test(id)) : [];
    const own = records.filter((unit) => identifiers.some((id) => hasIdentifier(unit, id)));
    const pool = own.length > 0 ? own : records;
    const event = latest ? pool.at(-1) : pool[0];
    if (event) {
      wording[side] = event.features.times[0]!.seconds + (side === 'after' ? 1 : 0);
      const day = dayKey(event);
      if (day) wording[side === 'after' ? 'afterDay' : 'beforeDay'] = day;
      found.push(event);
    }
  }
  return found;
}

const LATER_RE = /^\s*(?:later|after(?:wards)?\b(?!\s+(?:the|a|an|its|their|\d)))/i;
const EARLIER_RE = /^\s*(?:earlier|before(?!\s+(?:the|a|an|its|their|\d)))/i;

export function spanOfMoments(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem[] | undefined {
  if (quantity.dimension !== 'duration' || quantity.qualifier === 'delta') return undefined;
  const fits = (seconds: number): boolean => {
    const span = { ...quantity, value: seconds, decimals: 6, qualifier: undefined, raw: '' };
    return isBound(quantity) ? satisfiesBound(quantity, span) : quantityMatches(quantity, span);
  };
  const times = view.features.times;
  for (const a of times) for (const b of times) if (a.start < b.start && fits(Math.abs(b.seconds - a.seconds))) return [];
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  const direction = LATER_RE.test(after) ? 1 : EARLIER_RE.test(after) ? -1 : 0;
  // "rose from 61.5% on 2 November to 92.6% four days later": whole days from the claim's date to
  // the date of the record that gives the claim's other figure.
  if (direction !== 0 && quantity.value >= 86400 && quantity.value % 86400 === 0) {
    for (const date of view.features.dates) {
      if (date.day === undefined) continue;
      const unit = candidates.find(
        (unit) =>
          unit.item.kind !== 'paragraph' &&
          holdsSomeAnchor(view, unit) &&
          view.features.quantities.some((other) => other !== quantity && quantitiesAt(view, unit).some((e) => quantityMatches(other, e))) &&
          unit.features.dates.some((d) => d.day !== undefined && fits(daysBetween(date, d) * direction * 86400)),
      );
      if (unit) return [unit];
    }
  }
  if (direction === 0 || times.length > 1) return undefined;
  const distance = (from: number, to: number): number => (to - from) * direction;
  // A moment written to the minute (14:24) may be any second of it: the span may be a minute off.
  const fitsSpan = (span: number, toMinute: boolean): boolean => span > 0 && (fits(span) || (toMinute && !isBound(quantity) && Math.abs(quantity.value - span) <= 60));
  // "…at 21:04:12, and db-ledger-b1 was promoted 39 seconds later, at 21:04:51": from a sentence
  // before; any moment of the nearby sentences may be the one counted from ("took over at 08:47 …
  // at 08:40 … It hit its ceiling at 8:53 AM, six and a half minutes after taking over").
  // Read only here: few claims count from the sentences before.
  const moments = view.surroundings.timed.flatMap((claim) => extractFeatures(claim.text).times.reverse());
  const before = moments[0];
  if (times.length === 1 && moments.some((moment) => fitsSpan(distance(moment.seconds, times[0]!.seconds), !moment.hasSeconds || !times[0]!.hasSeconds))) return [];
  // One moment and "… later": a record at that distance before it, about the same subject.
  // No moment: a record at that distance after the sentence before ("the lock waits were gone 25 seconds later").
  if (isBound(quantity)) return undefined;
  const moment = times[0];
  const atDistance = (t: number): boolean =>
    moment !== undefined ? fitsSpan(distance(t, moment.seconds), !moment.hasSeconds) : before !== undefined && fitsSpan(distance(before.seconds, t), !before.hasSeconds);
  if (moment === undefined && before === undefined) return undefined;
  const unit = candidates.find(
    (unit) =>
      unit.item.kind !== 'reasoning' &&
      holdsSomeAnchor(view, unit) &&
      // About the same subject: a word of the claim, or its other figure ("Four minutes later the count had climbed to 1,790").
      (moment !== undefined ||
        [...view.words.keys()].some((word) => unit.wordSet.has(word)) ||
        view.features.quantities.some((other) => other !== quantity && quantitiesAt(view, unit).some((e) => quantityMatches(other, e)))) &&
      unit.features.times.some((t) => atDistance(t.seconds)),
  );
  return unit ? [unit] : undefined;
}

/** Whole days from one calendar date to another (the year of either when one lacks it). */
function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const year = from.year ?? to.year ?? 2000;
  return (Date.UTC(to.year ?? year, to.month - 1, to.day ?? 1) - Date.UTC(year, from.month - 1, from.day ?? 1)) / 86_400_000;
}

/** The calendar day a record is dated by (its first full date), as yyyy-mm-dd. */
export function dayKey(unit: IndexedItem): string | undefined {
  const date = unit.features.dates.find((d) => d.year !== undefined && d.day !== undefined);
  return date ? `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}` : undefined;
}
