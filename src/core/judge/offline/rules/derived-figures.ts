// A figure no evidence item states may follow from what they do state: a count of the records
// of one event or of a list's entries, a share of a stated whole, a sum or a change of records'
// figures, a count of what the claim lists or of a table's periods or members, a span of moments,
// a figure the claim computes from its own, or a per-item figure times the claim's count.
import { extractFeatures, splitIdentifierWords, type EvidenceIndex, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { deriveQuantity, isBound, quantityMatches, sharesKey } from '../derive/matching';
import { deriveEventGap } from '../derive/event-gaps';
import { type ClaimView, hasIdentifier, holdsSomeAnchor } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import { fromClaimFigures, withSeries, labelOfFigure, otherLabel } from '../figures';
import { spanOfMoments } from './moments';
import { aggregateDerivation } from '../derive/aggregates';
import { rowFigureDerivation } from '../derive/row-figures';
import { countedMembers } from '../derive/member-counts';
import { countedRows } from '../derive/row-counts';
import { countedMemberStates, partsOfWholes } from '../derive/member-states';
import { thresholdCount } from '../derive/threshold-counts';
import { entryListsOf, recordsWithLists } from '../records/entry-lists';
import { TREND_DOWN, TREND_UP, withoutInfinitives } from '../contradictions/trends';

/** A claim that opens by pointing back at the sentence before ("That is 4,520 t short …"). */
const POINTS_BACK_RE = /^\s*(?:that|this|which|it|these|those)\b(?:\s+(?:is|was|are|were|means|meant|comes?\s+to|came\s+to|puts?|represents?|equals?|amounts?\s+to))?/i;

/** A fall in the claim's wording: a verb of falling, or "down", "lower", "fewer", "less" beside a figure. */
const FALL_RE = new RegExp(`${TREND_DOWN.source}|\\b(?:down|lower|fewer|less|smaller|cheaper)\\b`, 'i');

/**
 * The records of the event a count is about, when there are exactly that many: every record
 * (not prose) holding all of the claim's identifiers and content words, within the claim's time
 * span when it gives two times ("between 10:41 and 11:04"). Small counts only (2–50).
 */
function countedEvents(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  if (quantity.hasUnit || quantity.qualifier !== undefined || !Number.isInteger(quantity.value) || quantity.value < 2 || quantity.value > 50) return undefined;
  const words = [...view.words.entries()].filter(([, weight]) => weight >= 1).map(([word]) => word);
  if (words.length === 0) return undefined;
  const rarest = [...words].sort((a, b) => view.index.documentFrequency(`w:${a}`) - view.index.documentFrequency(`w:${b}`))[0]!;
  const seconds = view.features.times.map((t) => t.seconds).sort((a, b) => a - b);
  const span = seconds.length >= 2 ? [Math.floor(seconds[0]! / 60) * 60, Math.floor(seconds.at(-1)! / 60) * 60 + 59] : undefined;
  const found = new Map<object, IndexedItem>();
  for (const position of view.index.itemsWith(`w:${rarest}`)) {
    const unit = view.index.items[position]!;
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || found.has(unit.item)) continue;
    if (!words.every((word) => unit.wordSet.has(word))) continue;
    if (!view.features.identifiers.every((id) => hasIdentifier(unit, id))) continue;
    if (span && !unit.features.times.some((t) => t.seconds >= span[0]! && t.seconds <= span[1]!)) continue;
    found.set(unit.item, unit);
    if (found.size > quantity.value) return undefined;
  }
  return found.size === quantity.value ? [...found.values()] : undefined;
}

/**
 * "two broker settings" against a JSON list of two entries (`config_changes[0]`, `config_changes[1]`):
 * a count is met by a list whose name shares a word with what the claim counts, when it has
 * exactly that many entries.
 */
function countedArray(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  if (quantity.hasUnit || quantity.qualifier !== undefined || !Number.isInteger(quantity.value) || quantity.value < 1 || quantity.value > 50) return undefined;
  const key = new Set([...quantity.key, ...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word)));
  // "Five generators are now running 4.3.1" against generators[] of six entries, five of which
  // hold final_version=4.3.1: when some entries, not all, hold a value the claim names, the count
  // is of those entries; else of the whole list.
  const named = new Set(view.features.identifiers.map((id) => id.toLowerCase()));
  // "Five of the six inserters are now on 4.9.1" against hosts[] of six entries, five holding
  // 4.9.1: a part and its whole that both match a list need not name it.
  const pair = partsOfWholes(view).find(({ part, whole }) => part === quantity || whole === quantity);
  for (const list of jsonLists(view.index)) {
    if (list.entries.size < quantity.value) continue;
    const entries = [...list.entries.values()];
    const holding = named.size === 0 ? [] : entries.filter((unit) => Object.values(unit.item.fields).some((value) => named.has(value.trim().toLowerCase())));
    const counted = holding.length > 0 && holding.length < entries.length ? holding : entries;
    const pairMatches = pair !== undefined && holding.length === pair.part.value && entries.length === pair.whole.value && holding.length < entries.length;
    if (!pairMatches && !list.words.some((word) => key.has(word))) continue;
    if (counted.length === quantity.value) return counted;
  }
  // "all three Riverside hosts" against one health check's result=[{host: rb-rv-1, …}, {host: rb-rv-2, …}, {host: rb-rv-3, …}]:
  // the entries of a list inside one record, counted by a text field the claim names (host), in a record about the claim's entities.
  for (const unit of recordsWithLists(view.index)) {
    if (!holdsSomeAnchor(view, unit)) continue;
    for (const { entries } of entryListsOf(unit)) {
      if (entries.length !== quantity.value) continue;
      const fields = new Set(entries.flatMap((entry) => [...entry].filter(([, value]) => /\p{L}/u.test(value)).map(([field]) => extractFeatures(field).words[0])));
      if ([...fields].some((field) => field !== undefined && key.has(field))) return [unit];
    }
  }
  return undefined;
}

const JSON_LISTS = new WeakMap<EvidenceIndex, Array<{ words: string[]; entries: Map<string, IndexedItem> }>>();

/** The JSON lists of the evidence (`config_changes[0]`, `[1]`, …), read once per index. */
function jsonLists(index: EvidenceIndex): Array<{ words: string[]; entries: Map<string, IndexedItem> }> {
  let lists = JSON_LISTS.get(index);
  if (!lists) {
    const byName = new Map<string, { words: string[]; entries: Map<string, IndexedItem> }>();
    for (const unit of index.items) {
      const entry = unit.item.kind === 'json_field' && unit.item.jsonPath ? /^(.*?)\[(\d+)\]/.exec(unit.item.jsonPath) : null;
      if (!entry) continue;
      const name = `${unit.item.file}:${entry[1]}`;
      let list = byName.get(name);
      if (!list) byName.set(name, (list = { words: splitIdentifierWords(entry[1]!), entries: new Map() }));
      if (!list.entries.has(entry[2]!)) list.entries.set(entry[2]!, unit);
    }
    lists = [...byName.values()];
    JSON_LISTS.set(index, lists);
  }
  return lists;
}

const SHARE_OF_RE = /^\s*(?:of|out of)\s+(?:the\s+|all\s+|its\s+|their\s+)?[\d,.]+/i;

function shareOfStatedWhole(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem[] | undefined {
  if (quantity.dimension !== 'percent' || isBound(quantity)) return undefined;
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  if (!SHARE_OF_RE.test(after)) return undefined;
  const whole = view.features.quantities.find((q) => q.start > quantity.start && !q.hasUnit && q.value > 0);
  if (!whole) return undefined;
  for (const unit of candidates) {
    const stated = unit.features.quantities.find((e) => quantityMatches(whole, e) && e.key.length > 0);
    if (!stated) continue;
    const partUnits = stated.key.flatMap((word) => view.index.itemsWith(`w:${word}`).slice(0, 200)).map((position) => view.index.items[position]!);
    for (const other of [unit, ...partUnits]) {
      if (other.item.kind === 'paragraph' || other.item.kind === 'reasoning') continue;
      // The part measures the same as the whole (Standard cancellations of Standard subscribers),
      // or, beside it in the same record, what the claim says the share did ("sent=19875
      // delivered=11890": "about 60% … were delivered").
      const part = other.features.quantities.find(
        (e) =>
          e !== stated &&
          e.value > 0 &&
          e.value < stated.value &&
          (e.key.join('+') === stated.key.join('+') || (other === unit && e.key.some((word) => view.words.has(word) && !stated.key.includes(word)))) &&
          quantityMatches(quantity, { ...quantity, value: (e.value / stated.value) * 100, decimals: 6, qualifier: undefined, raw: '' }),
      );
      if (part) return other === unit ? [unit] : [unit, other];
    }
  }
  return undefined;
}

/**
 * The items a figure no item states follows from, in order of preference; [] when it follows
 * from the claim itself; undefined when it follows from nothing.
 */
export function derivedFrom(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem[] | undefined {
  // A count of the records of one event ("OOM-killed three times").
  const events = countedEvents(view, quantity) ?? countedArray(view, quantity);
  if (events) return events;
  // "Twelve of the thirteen diverters now run 4.3.0": the members whose last record gives that version.
  const states = countedMemberStates(view, quantity);
  if (states) return states;
  // "over the four weeks", "the three stores": the periods or members of a table.
  const members = countedMembers(view, quantity);
  if (members) return members;
  // "17 low- or no-heat calls between 03:44 and 06:05": the rows of a table of calls the claim names.
  const rows = countedRows(view, quantity);
  if (rows) return rows;
  // "three batches exceeded the 1.5% limit": the rows past the limit.
  const past = thresholdCount(view, quantity);
  if (past && past.beyond.length === quantity.value) return past.beyond.length > 0 ? past.beyond.slice(0, 12).map((row) => row.unit) : past.scope.slice(0, 2).map((row) => row.unit);
  // "4.6% of 209,115 subscribers": the part is a figure of the same measure as the whole, in any record.
  const share = shareOfStatedWhole(view, quantity, candidates);
  if (share) return share;
  // "7.9% of 197,020": a share of the stated whole, not any change that happens to come to 7.9%.
  // Unless the claim gives the part itself ("11.2 GiB, roughly 80% of the 14 GiB limit").
  // (A whole count before "of" — "733 of the 26,450 units" — is a part in its own right: a sum may
  // give it. "4.4 out of 5" is a score on a scale, no part.)
  if ((quantity.dimension === 'percent' || !Number.isInteger(quantity.value)) && SHARE_OF_RE.test(view.claim.text.slice(quantity.start + quantity.raw.length))) return fromClaimFigures(view, quantity) ? [] : undefined;
  // "passed 18 of its 20 jobs": the whole is the part plus another count of the part's record.
  const whole = wholeOfParts(view, quantity, candidates);
  if (whole) return whole;
  // A sum, a difference or a change of figures the records state.
  // ("3,300 units in week 11": records of week 10 are not summed into it.)
  const label = labelOfFigure(view, quantity);
  const series = withSeries(view, quantity, candidates.filter((unit) => holdsSomeAnchor(view, unit) || view.events.includes(unit))).filter((unit) => !(label && otherLabel(unit, label)));
  const parts = deriveQuantity(quantity, series)?.units;
  if (parts) return parts;
  // "down $2,230 (7.2%)", "fell 4.7%": a percentage worded as a fall is a negative change.
  if (quantity.dimension === 'percent' && !isBound(quantity) && FALL_RE.test(withoutInfinitives(view.claim.text)) && !TREND_UP.test(view.claim.text)) {
    const fall = deriveQuantity({ ...quantity, value: -quantity.value }, series)?.units;
    if (fall) return fall;
  }
  // A sum, a difference, a share or a rate of a table's rows the claim names ("3,060 sailings in Q1").
  const aggregate = aggregateDerivation(view, quantity);
  if (aggregate) return aggregate;
  // A span between two moments of a named row, or a rate of two of its cells ("29.0 L/h").
  const rowFigure = rowFigureDerivation(view, quantity);
  if (rowFigure) return rowFigure;
  // "two CNAMEs, zendesk1._domainkey and zendesk2._domainkey": the count of what the claim itself lists.
  if (countsListed(view, quantity)) return [];
  // "promoted 39 seconds later, at 21:04:51", "resolved at 22:47, about 15 minutes later": the
  // span between two moments of the claim, or between its moment and an earlier record.
  const span = spanOfMoments(view, quantity, candidates);
  if (span) return span;
  // "fired about 45 minutes after the wave 3 push finished": the span from the event the words
  // after "after" name to the claim's own.
  const gap = deriveEventGap(quantity, view.claim.text, candidates.filter((unit) => holdsSomeAnchor(view, unit)), candidates);
  if (gap) return [...new Set(gap.units)];
  // "8,975 MWh, 3.9% below its budget of 9,340 MWh", "465 hours at EUR 31.50 an hour, about EUR
  // 14,650": a figure computed from the claim's own figures, which need their own support.
  if (fromClaimFigures(view, quantity)) return [];
  // "PC-1 crushed 285,480 t. That is 4,520 t short of the 290,000 t target": a claim that points
  // back ("That is", "which"), or the second clause of a sentence, computes from the one before.
  const before = view.surroundings.previous[0];
  const pointsBack = before !== undefined && ((POINTS_BACK_RE.test(view.claim.text) && view.claim.context === undefined) || (before.parentId !== undefined && before.parentId === view.claim.parentId));
  if (before && pointsBack && fromClaimFigures(view, quantity, extractFeatures(before.text).quantities)) return [];
  // "the three hosts at 75 connections in total": a per-item figure times the count the claim gives.
  const product = multipliedFigure(view, quantity, candidates);
  return product ? [product] : undefined;
}

const PART_OF_WHOLE_RE = /(\d[\d,]*)\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+|all\s+)?$/i;

/**
 * "The suite passed 18 of its 20 jobs" against `passed=18 failed=2`: a whole the claim gives after
 * "of" is the part's figure plus one other bare count of the same record.
 */
function wholeOfParts(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem[] | undefined {
  if (quantity.hasUnit || !Number.isInteger(quantity.value) || quantity.value < 2) return undefined;
  const part = PART_OF_WHOLE_RE.exec(view.claim.text.slice(0, quantity.start));
  if (!part) return undefined;
  const partValue = Number(part[1]!.replace(/,/g, ''));
  if (!(partValue > 0 && partValue < quantity.value)) return undefined;
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || !holdsSomeAnchor(view, unit)) continue;
    const counts = unit.features.quantities.filter((e) => !e.hasUnit && Number.isInteger(e.value) && e.value > 0);
    const stated = counts.find((e) => e.value === partValue);
    if (stated && counts.some((e) => e !== stated && e.value + partValue === quantity.value)) return [unit];
  }
  return undefined;
}

/** A small count in words that equals the number of identifiers the claim lists ("two CNAMEs, a and b"). */
function countsListed(view: ClaimView, quantity: Quantity): boolean {
  if (quantity.hasUnit || !Number.isInteger(quantity.value) || quantity.value < 2 || quantity.value > 12) return false;
  const listed = new Set(view.features.identifiers.filter((id) => /\d/.test(id)));
  if (/^\p{L}/u.test(quantity.raw) && quantity.value <= 10 && listed.size === quantity.value && /,|\band\b/.test(view.claim.text.slice(quantity.start))) return true;
  // "ICU-A, ICU-B and SURG-PREP …, all three", "the four depots (Dunmore, Carrow, Halbrook and the
  // Fenwick cross-dock)", "all six gates (G-SX-01 to G-SX-06)": a list or a range of names the claim gives.
  // (The count is of things: in words, or before a plural noun; "Wave 2" labels a wave.)
  // ("two-factor" names no count.)
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  const ofThings = (/^\p{L}/u.test(quantity.raw) && !after.startsWith('-')) || /^\s+\p{Ll}+s\b/u.test(after);
  return ofThings && listSizes(view.claim.text).includes(quantity.value);
}

/** A name in a list: a capitalised word or an identifier, and up to three words after it. */
const LISTED_NAME = "(?:the\\s+)?[\\p{Lu}\\d][\\p{L}\\d'’.-]*(?:\\s+[\\p{L}\\d'’.-]+){0,3}?";
const LIST_RE = new RegExp(`(?<![\\p{L}\\d'’.-])${LISTED_NAME}((?:,\\s+${LISTED_NAME})*),?\\s+(?:and|or)\\s+${LISTED_NAME}(?![\\p{L}\\d'’.-])`, 'gu');
const RANGE_RE = /\b([A-Za-z][\w-]*?)(\d{1,3})\s+(?:to|through)\s+\1(\d{1,3})\b/g;

/** The sizes of the lists of names ("A, B and C") and of the ranges of numbered names ("G-01 to G-06") in a text. */
function listSizes(text: string): number[] {
  const sizes: number[] = [];
  for (const match of text.matchAll(LIST_RE)) sizes.push(2 + (match[1]!.match(/,\s+/g)?.length ?? 0));
  for (const match of text.matchAll(RANGE_RE)) {
    const size = Number(match[3]) - Number(match[2]) + 1;
    if (size >= 2) sizes.push(size);
  }
  return sizes;
}

function multipliedFigure(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem | undefined {
  if (!/\b(?:in total|total|altogether|combined|overall|together|across)\b/i.test(view.claim.text)) return undefined;
  const counts = view.features.quantities.filter((q) => q !== quantity && !q.hasUnit && Number.isInteger(q.value) && q.value >= 2 && q.value <= 1000);
  for (const count of counts) {
    for (const unit of candidates) {
      if (unit.item.kind === 'reasoning') continue;
      const figure = unit.features.quantities.find((e) => e.value > 0 && !quantityMatches(count, e) && quantityMatches(quantity, { ...e, value: e.value * count.value }));
      if (figure && (sharesKey(quantity, figure) || view.words.size === 0 || figure.key.some((k) => view.words.has(k)))) return unit;
    }
  }
  return undefined;
}
