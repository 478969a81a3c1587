// A value a later document changed: "you can resend it for up to 30 days" while the release
// notes say the window "is extended from 30 to 45 days" (or "is now 45 days (previously 30)").
// The claim repeats the old value from the document the change supersedes; the change statement
// names the same thing in the claim's words and gives the value it has now.
import { extractFeatures, type ClockTime, type EvidenceIndex, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { quantityMatches, timeMatches } from '../derive/matching';
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import changes from '../vocabulary/changes.json';
import { perIndex } from '../records/per-index';

const escape = (phrase: string): string => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
const VERB_RE = new RegExp(`\\b(?:${changes.verbs.map(escape).join('|')})\\b`, 'i');
const PREVIOUSLY_RE = new RegExp(`\\(?\\s*(?:${changes.previously.map(escape).join('|')})\\s*:?\\s*[$€£]?$`, 'i');
const HISTORICAL_RE = new RegExp(`\\b(?:${changes.historical.map(escape).join('|')})\\b`, 'i');

interface Change {
  unit: IndexedItem;
  old: Quantity;
  now: Quantity;
}

/** How many of the words the item of a unit holds (a sentence of a wrapped list item may hold few of them). */
function sharedWithItem(unit: IndexedItem, words: readonly string[]): number {
  const held = unit.sentence > 0 || unit.text !== unit.item.text ? new Set(extractFeatures(unit.item.text).words) : unit.wordSet;
  return words.filter((word) => held.has(word)).length;
}

/** The text before a position of a unit, reaching back into the sentences of its item before it (a list item wrapped over lines). */
function textBefore(unit: IndexedItem, at: number, length: number): string {
  const offset = unit.sentence > 0 ? unit.item.text.indexOf(unit.text) : -1;
  const full = offset > 0 ? unit.item.text.slice(0, offset) + unit.text.slice(0, at) : unit.text.slice(0, at);
  return full.slice(Math.max(0, full.length - length)).replace(/\s+/g, ' ');
}

/** The changes a document sentence states: "raised from 8 to 12", "is now 45 minutes (previously 20)". */
export function changesIn(unit: IndexedItem): Change[] {
  const { text } = unit;
  const quantities = [...unit.features.quantities].sort((a, b) => a.start - b.start);
  const out: Change[] = [];
  for (let i = 0; i + 1 < quantities.length; i++) {
    const [a, b] = [quantities[i]!, quantities[i + 1]!];
    const before = textBefore(unit, a.start, 80);
    const between = text.slice(a.start + a.raw.length, b.start);
    // "… is extended from 30 to 45 days": the verb before "from", one value each side of "to".
    // "shortened from 10 to 7 days": the old value is in the new one's unit.
    if (/\bfrom\s+[$€£]?$/i.test(before) && /^\s*(?:[\p{L}%]+\s+)?to\s+[$€£]?$/iu.test(between) && VERB_RE.test(before)) out.push({ unit, old: inUnitOf(a, b), now: b });
    // "… is now 45 minutes after capture (previously 20 minutes)": the value before the parenthesis is the new one.
    else if (PREVIOUSLY_RE.test(between) && /^[\p{L}%\s]{0,40}$/u.test(between.replace(PREVIOUSLY_RE, '')) && VERB_RE.test(before + text.slice(a.start, a.start + a.raw.length))) out.push({ unit, old: inUnitOf(b, a), now: a });
  }
  return out;
}

/** A bare number read in the unit of the figure it is paired with ("from 10 to 7 days": 10 days). */
function inUnitOf(bare: Quantity, unitOf: Quantity): Quantity {
  if (bare.hasUnit || !unitOf.hasUnit || unitOf.scale === 0) return bare;
  return { ...bare, value: bare.value * unitOf.scale, dimension: unitOf.dimension, hasUnit: true, scale: unitOf.scale };
}

/** Clock times a document sentence says were changed: "moved from 14:00 CET to 15:30 CET". */
export function timeChangesIn(unit: IndexedItem): Array<{ old: ClockTime; now: ClockTime }> {
  const { text } = unit;
  const times = [...unit.features.times].sort((a, b) => a.start - b.start);
  const out: Array<{ old: ClockTime; now: ClockTime }> = [];
  for (let i = 0; i + 1 < times.length; i++) {
    const [a, b] = [times[i]!, times[i + 1]!];
    const before = textBefore(unit, a.start, 100);
    const between = text.slice(a.start + a.raw.length, b.start);
    if (/\bfrom\s+$/i.test(before) && /^\s*(?:[A-Z]{2,5}\s+)?to\s+$/.test(between) && VERB_RE.test(before)) out.push({ old: a, now: b });
  }
  return out;
}

export function contradictSuperseded(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || HISTORICAL_RE.test(view.claim.text)) return undefined;
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta');
  const words = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word));
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
    const claimed = figures.find((q) => quantityMatches(q, change.old));
    // The claim gives the new value too ("from 30 to 45 days"): it reports the change.
    if (!claimed || figures.some((q) => quantityMatches(q, change.now))) continue;
    // About the same thing: the change's item holds at least two of the claim's content words,
    // or one of them and two of a sentence of another document that states the claim's figure
    // ("kept on the holds shelf for 10 days" — "Hold pickup window shortened from 10 to 7 days").
    const shared = sharedWithItem(unit, words);
    const sameMeasure = !claimed.hasUnit || (change.old.hasUnit && change.old.dimension === claimed.dimension);
    if (shared < 2 && !(shared >= 1 && sameMeasure && statements.some((s) => s.item.file !== unit.item.file && sharedWithItem(unit, [...s.wordSet].filter((w) => !LIGHT_WORDS.has(w))) >= 2))) continue;
    // A name the claim gives (Starter) that the item names apart from the change ("raised on
    // Growth and Enterprise. Starter is unchanged"): the change is about another scope.
    const rest = unit.item.text.toLowerCase().replace(unit.lowerText, ' ');
    if (view.features.nameGroups.some((group) => group.every((stem) => rest.includes(stem)) && !group.every((stem) => unit.wordSet.has(stem)))) continue;
    return {
      partition: 'contradicted',
      type: 'domain',
      evidence_refs: [unit.item.id],
      reason: `claim says ${claimed.raw.trim()}, superseded: ${unit.item.id} changes it from ${change.old.raw.trim()} to ${change.now.raw.trim()}`,
    };
  }
  return undefined;
}

/** Every change a document sentence of the evidence states, read once per index (changes are few). */
export const changesOf = perIndex((index: EvidenceIndex): Change[] => index.items.filter((unit) => unit.item.kind === 'paragraph').flatMap((unit) => changesIn(unit)));
