// What the documents of the evidence say was changed: "raised from 8 to 12", "is now 45 minutes
// (previously 20)", "moves from 14:00 CET to 15:30 CET". Read from document sentences (a list
// item wrapped over lines reaches back into its item); the whole evidence's changes are read once
// per index. The words that mark a change are data (changes.json).
import { extractFeatures, type ClockTime, type EvidenceIndex, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { escapePhrase } from '../vocabulary/index';
import changes from '../vocabulary/changes.json';
import { perIndex } from './per-index';
import { MONTH_NAME_RE } from '../../../retrieval/reading/vocabulary';

const VERB_RE = new RegExp(`\\b(?:${changes.verbs.map(escapePhrase).join('|')})\\b`, 'i');
/** Every change verb of a text, in order. */
const VERBS_RE = new RegExp(VERB_RE.source, 'gi');
/** Words that may stand before a changed value, either one: "from every 6 hours to every 3 hours". */
const LEAD = `(?:(?:${changes.valueLeads.map(escapePhrase).join('|')})\\s+)?`;
const FROM_OLD_RE = new RegExp(`\\bfrom\\s+${LEAD}[$€£]?$`, 'i');
const TO_NEW_RE = new RegExp(`^\\s*(?:[\\p{L}%]+\\s+)?to\\s+${LEAD}[$€£]?$`, 'iu');
const PREVIOUSLY_RE = new RegExp(`\\(?\\s*(?:${changes.previously.map(escapePhrase).join('|')})\\s*:?\\s*[$€£]?$`, 'i');
/** Claim words that place a figure in the past ("previously", "used to"): the old value is no mistake there. */
export const HISTORICAL_RE = new RegExp(
  `\\b(?:${changes.historical.map(escapePhrase).join('|')}|until\\s+(?:${changes.historicalUntil.map(escapePhrase).join('|')}|v?\\d+\\.\\d+|(?:19|20)\\d\\d\\b|${MONTH_NAME_RE.source.slice(1, -1)}))\\b`,
  'i',
);

export interface Change {
  unit: IndexedItem;
  old: Quantity;
  now: Quantity;
}

const ITEM_WORDS = new WeakMap<IndexedItem, ReadonlySet<string>>();

/** How many of the words the item of a unit holds (a sentence of a wrapped list item may hold few of them). */
export function sharedWithItem(unit: IndexedItem, words: readonly string[]): number {
  let held = ITEM_WORDS.get(unit);
  if (!held) {
    held = unit.sentence > 0 || unit.text !== unit.item.text ? new Set(extractFeatures(unit.item.text).words) : unit.wordSet;
    ITEM_WORDS.set(unit, held);
  }
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
    if (FROM_OLD_RE.test(before) && TO_NEW_RE.test(between) && VERB_RE.test(before)) out.push({ unit, old: inUnitOf(a, b), now: b });
    // "… is now 45 minutes after capture (previously 20 minutes)": the value before the parenthesis is the new one.
    // ("now 12 h before AOS, previously 24 h": the old value may follow a comma inside the parenthesis.)
    // (A unit the reader does not know stays in the text between: "120 J/cm² (was 150 J/cm²)".)
    // (Markdown emphasis may close around the new value: "is now **2** (was 3)".)
    else if (PREVIOUSLY_RE.test(between) && /^[\p{L}\p{No}%/°\s*_]{0,40},?\s*$/u.test(between.replace(PREVIOUSLY_RE, ''))) {
      // A bare old value after a figure with a unit is the changed figure's: the first after the
      // change's verb ("now sent after 2 tag faults … within 30 days (previously 3)", "now 1,000
      // responses in one hour (was 500)"), which may be that very figure ("now expire after 7 days instead of 30").
      const now = !b.hasUnit && a.hasUnit ? (changedFigure(quantities, i, text) ?? a) : a;
      // "metered at £0.42 per kWh (previously £0.38)": in a sentence with no change verb, the
      // parenthesis itself says the figure right before it was changed.
      const verbless = !VERB_RE.test(textBefore(unit, a.start, 80));
      if (now && (verbless || VERB_RE.test(textBefore(unit, now.start, 80) + text.slice(now.start, now.start + now.raw.length)))) out.push({ unit, old: inUnitOf(b, now), now });
    }
  }
  return out;
}

/** The first figure after the last change verb before the i-th, in its sentence, that is no code after an acronym (HTTP 429). */
function changedFigure(quantities: readonly Quantity[], i: number, text: string): Quantity | undefined {
  const at = quantities[i]!.start;
  const sentenceStart = Math.max(text.lastIndexOf('. ', at), text.lastIndexOf('; ', at), 0);
  const verbs = [...text.slice(sentenceStart, at).matchAll(VERBS_RE)];
  if (verbs.length === 0) return undefined;
  const from = sentenceStart + verbs.at(-1)!.index!;
  return quantities.find((q, j) => j <= i && q.start > from && !/\b[A-Z]{2,}\s*$/.test(text.slice(Math.max(0, q.start - 8), q.start)));
}

/**
 * The new values a document sentence gives without the old: "event storage is extended to 180
 * days", "the limit was raised to 12". The old value is whatever an earlier document says.
 */
export function newValuesIn(unit: IndexedItem): Quantity[] {
  const out: Quantity[] = [];
  const quantities = [...unit.features.quantities].sort((a, b) => a.start - b.start);
  quantities.forEach((q, i) => {
    if (!q.hasUnit) return;
    const before = textBefore(unit, q.start, 60);
    const to = /\b(\p{L}+)\s+(?:\p{L}+\s+)?to\s+[$€£]?$/iu.exec(before);
    // "from 30 to 45 days" is a change with its old value (changesIn); "up to 45 days" is a limit.
    if (!to || !VERB_RE.test(to[0]) || /\bfrom\s+\S+\s+to\s+[$€£]?$/i.test(before) || (i > 0 && /\bfrom\s+[$€£]?$/i.test(textBefore(unit, quantities[i - 1]!.start, 20)))) return;
    out.push(q);
  });
  return out;
}

/** A range a document sentence gives as new: "the allowed range … is extended to 15–90 minutes". */
export function newRangesIn(unit: IndexedItem): Array<{ low: Quantity; high: Quantity }> {
  const quantities = [...unit.features.quantities].sort((a, b) => a.start - b.start);
  const out: Array<{ low: Quantity; high: Quantity }> = [];
  for (let i = 0; i + 1 < quantities.length; i++) {
    const [low, high] = [quantities[i]!, quantities[i + 1]!];
    if (!high.hasUnit || !/^\s*[–-]\s*$/.test(unit.text.slice(low.start + low.raw.length, high.start))) continue;
    const to = /\b(\p{L}+)\s+(?:\p{L}+\s+)?to\s+$/iu.exec(textBefore(unit, low.start, 60));
    if (to && VERB_RE.test(to[0])) out.push({ low: inUnitOf(low, high), high });
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

/** Every change a document sentence of the evidence states, read once per index (changes are few). */
export const changesOf = perIndex((index: EvidenceIndex): Change[] => index.items.filter((unit) => unit.item.kind === 'paragraph').flatMap((unit) => changesIn(unit)));
