// A value a later document changed: "you can resend it for up to 30 days" while the release
// notes say the window "is extended from 30 to 45 days" (or "is now 45 days (previously 30)").
// The claim repeats the old value from the document the change supersedes; the change statement
// (records/changes.ts) names the same thing in the claim's words and gives the value it has now.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { CURRENCY_SIGNS } from '../../../retrieval/reading/vocabulary';
import { quantityMatches, timeMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, hasIdentifier, numberedIdentifiers } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import { HISTORICAL_RE, changesOf, newRangesIn, newValuesIn, sharedWithItem, timeChangesIn } from '../records/changes';
import { canonicalStem, extractFeatures, isStopword } from '../../../retrieval/index';
import changeWords from '../vocabulary/changes.json';
import { escapePhrase } from '../vocabulary/index';
import { notYetInstalled } from '../records/releases';
import { slashPaired } from '../figures';

const DURATION_VERBS = new Set(changeWords.durationVerbs.map((word) => canonicalStem(word)));
/** Wording of the system's own setting ("your site is configured with", "the site configuration sets"). */
const CONFIGURED_RE = new RegExp(`\\b(?:${changeWords.configured.map(escapePhrase).join('|')})\\b`, 'i');
const DEFAULT_RE = /\bdefaults?\b/i;
/** Words that keep a value where it was: "stay at 6 mm", "keep 2,000", "unchanged at 2,000". */
const KEPT_RE = new RegExp(`\\b(?:${changeWords.keptWords.join('|')})\\b`, 'i');

export function contradictSuperseded(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || HISTORICAL_RE.test(view.claim.text)) return undefined;
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta');
  const content = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word));
  // A claim of light words only ("A hold lasts 48 hours": a noun that is also a verb) is about the words it has.
  const words = content.length > 0 ? content : [...new Set(view.features.words.filter((word) => word.length >= 3 && !isStopword(word)).map((word) => canonicalStem(word)))];
  // A time the change moved ("the cut-off moved from 14:00 CET to 15:30 CET").
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph') continue;
    const changes = timeChangesIn(unit);
    if (changes.length === 0 || sharedWithItem(unit, words) < 2) continue;
    for (const change of changes) {
      const claimed = view.features.times.find((t) => timeMatches(t, change.old));
      if (!claimed || view.features.times.some((t) => timeMatches(t, change.now))) continue;
      return { partition: 'contradicted', type: 'domain', evidence_refs: [unit.item.id], reason: `claim says ${claimed.raw.trim()}, superseded: ${unit.item.id} moves it from ${change.old.raw.trim()} to ${change.now.raw.trim()}` };
    }
  }
  if (figures.length === 0) return undefined;
  // The document sentences that state the claim's figure: what a change of it must be about.
  const statements = candidates.filter((unit) => unit.item.kind === 'paragraph' && unit.features.quantities.some((e) => figures.some((q) => quantityMatches(q, e))));
  for (const change of changesOf(view.index)) {
    const { unit } = change;
    // A change of a release the system does not run yet leaves the old value in effect.
    if (notYetInstalled(view.index, unit)) continue;
    // An amount of money ("$5 hold fee") is not a figure in units ("from 5 days to 3 days").
    // ("Release 4.2.0 raised it from 5.5 mg/L": a figure the claim starts a change from is the old value, said as old.)
    // ("24/7 support": a number paired by a slash is no value of its own.)
    const claimed = figures.find((q) => quantityMatches(q, change.old) && !changedFrom(view.claim.text, q) && !slashPaired(view.claim.text, q) && !(writtenAsMoney(view.claim.text, q) && change.old.hasUnit && !writtenAsMoney(change.unit.text, change.old)));
    // The claim gives the new value too ("from 30 to 45 days"): it reports the change.
    if (!claimed || figures.some((q) => quantityMatches(q, change.now))) continue;
    // The old value is the claim's figure only as the same number: "one hour" is no rounding of
    // "the H100 factor from 1.5", nor "two events" of "from 1.5 °C".
    if (!sameNumber(claimed, change.old)) continue;
    // About the same thing: the change's item holds at least two of the claim's content words,
    // or one of them and two of a sentence of another document that states the claim's figure
    // ("kept on the holds shelf for 10 days" — "Hold pickup window shortened from 10 to 7 days").
    // ("A hold lasts 48 hours": beside a duration, "lasts" says only how long; "hold" is what the change must be about.)
    const own = claimed.dimension === 'duration' ? words.filter((word) => !DURATION_VERBS.has(word)) : words;
    const shared = sharedWithItem(unit, own);
    const sameMeasure = !claimed.hasUnit || (change.old.hasUnit && change.old.dimension === claimed.dimension);
    // (A claim of one content word, "a pause can last up to 8 weeks", needs only that one, with the old value's unit.)
    const allWords = shared >= 1 && shared === own.length && claimed.hasUnit && sameMeasure;
    if (shared < 2 && !allWords && !(shared >= 1 && sameMeasure && statements.some((s) => s.item.file !== unit.item.file && sharedWithItem(unit, [...s.wordSet].filter((w) => !LIGHT_WORDS.has(w))) >= 2))) continue;
    // The note keeps the old value for some scope in the same breath ("raised from 6 mm to 10 mm for
    // drive positions. Steer positions stay at 6 mm"): the claim may speak of that scope.
    if (keptForClaimScope(view, unit, claimed)) continue;
    // A name the claim gives (Starter) that the item names apart from the change ("raised on
    // Growth and Enterprise. Starter is unchanged"): the change is about another scope.
    // (Not a sentence that restates the new value: "… now flagged SCRAP below 2.0 km" speaks of the change itself.)
    const rest = unit.item.text.toLowerCase().replace(unit.lowerText, ' ').split(/(?<=[.;])\s+/).filter((clause) => !extractFeatures(clause).quantities.some((q) => quantityMatches(q, change.now)));
    if (view.features.nameGroups.some((group) => rest.some((clause) => group.every((stem) => clause.includes(stem))) && !group.every((stem) => unit.wordSet.has(stem)))) continue;
    // The system's own record sets the claimed value for what the claim names (a site's
    // `dwell.threshold_min=120` beside a note that lowers the product default to 90): it is in effect.
    if (CONFIGURED_RE.test(view.claim.text) && !DEFAULT_RE.test(view.claim.text) && configuredValue(candidates, claimed, own)) continue;
    // A change of the product's default ("new default … 72 hours (was 48 hours)") leaves a value the
    // claim's member sets explicitly in its configuration (`"full_refund_hours": 48`) as it is.
    if (DEFAULT_RE.test(unit.item.text) && !DEFAULT_RE.test(view.claim.text) && configuredForMember(view, candidates, claimed, [...own, ...unit.wordSet])) continue;
    return {
      partition: 'contradicted',
      type: 'domain',
      evidence_refs: [unit.item.id],
      reason: `claim says ${claimed.raw.trim()}, superseded: ${unit.item.id} changes it from ${change.old.raw.trim()} to ${change.now.raw.trim()}`,
    };
  }
  // A new range ("the allowed range is extended to 15–90 minutes") against the claim's range of the
  // same kind ("from 15 to 60 minutes") that an earlier document states.
  const claimedRange = rangeOf(figures);
  if (claimedRange) {
    for (const unit of candidates) {
      if (unit.item.kind !== 'paragraph' || notYetInstalled(view.index, unit)) continue;
      const shared = sharedWithItem(unit, words);
      for (const range of newRangesIn(unit)) {
        if (range.high.dimension !== claimedRange.high.dimension) continue;
        if (quantityMatches(claimedRange.low, range.low) && quantityMatches(claimedRange.high, range.high)) continue;
        // About the same thing: two of the claim's words, or one and two of a sentence of another document that states the claim's range.
        if (!statements.some((s) => s.item.file !== unit.item.file && (shared >= 2 || (shared >= 1 && sharedWithItem(unit, [...s.wordSet].filter((w) => !LIGHT_WORDS.has(w))) >= 2)))) continue;
        return { partition: 'contradicted', type: 'domain', evidence_refs: [unit.item.id], reason: `claim says ${claimedRange.low.raw.trim()} to ${claimedRange.high.raw.trim()}, superseded: ${unit.item.id} changes it to ${range.low.raw.trim()}–${range.high.raw.replace(/\s+/g, ' ').trim()}` };
      }
    }
  }
  // A new value given alone ("event storage is extended to 180 days") against the claim's figure
  // that an earlier document states for the same thing ("events are stored for 90 days").
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph' || sharedWithItem(unit, words) < 2 || notYetInstalled(view.index, unit)) continue;
    for (const now of newValuesIn(unit)) {
      const claimed = figures.find((q) => q.hasUnit && q.dimension === now.dimension && !quantityMatches(q, now));
      if (!claimed || figures.some((q) => quantityMatches(q, now))) continue;
      const stated = statements.find((s) => s.item.file !== unit.item.file && sharedWithItem(unit, [...s.wordSet].filter((w) => !LIGHT_WORDS.has(w))) >= 2);
      if (!stated) continue;
      return { partition: 'contradicted', type: 'domain', evidence_refs: [unit.item.id], reason: `claim says ${claimed.raw.trim()}, superseded: ${unit.item.id} changes it to ${now.raw.trim()} (${stated.item.id} gave the old value)` };
    }
  }
  return undefined;
}

/**
 * Whether the change's own note keeps the claimed value for a scope the claim names: "raised from
 * 6 mm to 10 mm for drive and trailer positions. Steer positions stay at 6 mm" for "steer casings
 * stay at 6 mm" — a clause with a word that keeps the value, the value, and a word of the claim
 * that the changing clause does not have.
 */
function keptForClaimScope(view: ClaimView, unit: IndexedItem, claimed: Quantity): boolean {
  if (!KEPT_RE.test(unit.item.text)) return false;
  const changing = new Set(extractFeatures(unit.text).words);
  return unit.item.text
    // (A line indented under the one before continues its sentence: a wrapped list item.)
    .split(/[.;]\s+|\n(?!\s)/)
    .some((clause) => {
      if (clause === unit.text || !KEPT_RE.test(clause)) return false;
      const { quantities, words } = extractFeatures(clause);
      return quantities.some((e) => quantityMatches(claimed, e)) && words.some((word) => !changing.has(word) && !LIGHT_WORDS.has(word) && view.words.has(word));
    });
}

/** The claim's range: its only two figures of one kind, the second with a unit ("from 15 to 60 minutes"). */
function rangeOf(figures: readonly Quantity[]): { low: Quantity; high: Quantity } | undefined {
  if (figures.length !== 2) return undefined;
  const [low, high] = [...figures].sort((a, b) => a.start - b.start) as [Quantity, Quantity];
  if (!high.hasUnit || (low.hasUnit && low.dimension !== high.dimension) || low.value >= high.value) return undefined;
  return { low, high };
}

/** A configuration record (a JSON field) whose key shares a word with the claim and that holds the claim's figure. */
function configuredValue(candidates: readonly IndexedItem[], claimed: Quantity, words: readonly string[]): IndexedItem | undefined {
  return candidates.find(
    (unit) =>
      unit.item.kind === 'json_field' &&
      unit.features.quantities.some((e) => quantityMatches(claimed, e) && sameNumber(claimed, e) && e.key.some((k) => words.includes(k))),
  );
}

/** Whether a claim's figure restates an old value exactly (4 days for 96 h; a bare number as written), not within rounding. */
function sameNumber(claim: Quantity, old: Quantity): boolean {
  if (claim.qualifier === 'approx') return true;
  const [a, b] = claim.hasUnit === old.hasUnit ? [claim.value, old.value] : claim.hasUnit ? [claim.value / claim.scale, old.value] : [claim.value, old.value / old.scale];
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

/** A figure written after a currency sign ("$5", "£19.50"). */
function writtenAsMoney(text: string, quantity: Quantity): boolean {
  return CURRENCY_SIGNS.includes(text[quantity.start - 1] ?? '');
}

/** A figure written as where a change started: "raised it from 5.5 mg/L", "was extended from 10 minutes". */
function changedFrom(text: string, figure: Quantity): boolean {
  return /\bfrom\s+(?:about\s+|around\s+|roughly\s+)?$/i.test(text.slice(Math.max(0, figure.start - 20), figure.start));
}

/**
 * A configuration record holding the claimed value under a key the words name (the claim's, or the
 * change's: "it keeps its configured 48 hours"), of the member the claim names if it names one: a
 * configuration of RS-1 does not keep RS-2's value, while a file that is one member's configuration
 * throughout (`"facility_id": "fac_8823"`) is that member's.
 */
function configuredForMember(view: ClaimView, candidates: readonly IndexedItem[], claimed: Quantity, words: readonly string[]): boolean {
  const configured = configuredValue(candidates, claimed, words);
  if (!configured) return false;
  const members = numberedIdentifiers(view);
  return members.length === 0 || members.some((id) => hasIdentifier(configured, id) || onlyMemberOfFile(view, configured.item.file, id));
}

/** Whether a file names the identifier and no other of its kind (fac_8823 and no other fac_ code). */
function onlyMemberOfFile(view: ClaimView, file: string, id: string): boolean {
  const kind = /^\p{L}+/u.exec(id)?.[0].toLowerCase() ?? '';
  const named = new Set(view.index.items.filter((unit) => unit.item.file === file).flatMap((unit) => [...unit.identifierSet].filter((other) => /\d/.test(other) && other.toLowerCase().startsWith(kind))));
  return named.size === 1 && named.has(id);
}
