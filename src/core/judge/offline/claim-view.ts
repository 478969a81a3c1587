// What a claim is about and how the offline judge reads a unit against it: the claim's view
// (its features, wording and content words), its entities (identifiers and names) and where a
// unit holds them, and the period, moment or version a figure is of. The words that carry little
// content and a unit's words read once are in words.ts.
import { documentNames, paragraphNames } from './records/named-in-context';
import { writesLoginOf } from './records/logins';
import type { EvidenceType, PartitionKey } from '../../model';
import type { EvidenceKind, ReportClaim } from '../../review-types';
import type { ClockTime, EvidenceIndex, IndexedItem, Quantity, TextFeatures } from '../../retrieval/index';
import { isIdentityKey } from '../../evidence/json-document';
import { isNationality, type Wording } from './language';
import { dateMatches, timeMatches } from './derive/matching';
import { DOCUMENT_WORDS, LIGHT_WORDS, fileWords } from './words';
import { periodHolds, periodKey } from './records/periods';
import { wordNamedFields } from './records/word-fields';

export const KIND_TYPES: Record<EvidenceKind, EvidenceType> = {
  log_line: 'tool_match',
  tool_row: 'tool_match',
  tool_call: 'tool_match',
  signal: 'signal_match',
  json_field: 'specific_data',
  paragraph: 'domain',
  reasoning: 'inference',
};

/** A rule's verdict on a claim: its partition, evidence type, cited items and a one-line reason. */
export interface ClaimVerdict {
  partition: PartitionKey;
  type: EvidenceType;
  evidence_refs: string[];
  reason: string;
  /**
   * Set by the rules on an ungrounded verdict they reached only for the claim's wording: every
   * specific (figure, time, identifier, name) met, too few of its words in the evidence. That
   * judgement, and no other, is one the trained decision may weigh against the slots.
   */
  wordingOnly?: boolean;
  /**
   * Set by the rules on their verdict on a bare "yes" or "no", reached by judging the question it
   * answers: the trained decision's features, read from the claim's own words, do not describe
   * it, so the proposal stands.
   */
  byQuestion?: boolean;
}

export interface ClaimView {
  claim: ReportClaim;
  index: EvidenceIndex;
  features: TextFeatures;
  wording: Wording;
  /** Content words that must be found, with their weight. */
  words: Map<string, number>;
  /** Words of the question the report answers, if any. */
  askedWords: Set<string>;
  /** Features of the claim's context (a table row's label), if it has one: to find its row, not to check. */
  context?: TextFeatures;
  /** Records of the events the claim times itself by ("six minutes after the first reload"). */
  events: IndexedItem[];
  /** The report around the claim: what "25 seconds later" counts from, what "no other" sets apart. */
  surroundings: ClaimSurroundings;
}

/** The claims of the report before this one that its wording may point back to. */
export interface ClaimSurroundings {
  /** Claims nearby that give a clock time, nearest first (same paragraph or the list item above). */
  timed: readonly ReportClaim[];
  /** The few claims just before, nearest first, whatever their paragraph. */
  previous: readonly ReportClaim[];
  /** Every claim of the report before this one, in report order: what "no other" may set apart. */
  before?: readonly ReportClaim[];
}

export const NO_SURROUNDINGS: ClaimSurroundings = { timed: [], previous: [] };

export function alnum(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export function hasIdentifier(unit: IndexedItem, identifier: string): boolean {
  if (unit.identifierSet.has(identifier) || unit.lowerText.includes(identifier)) return true;
  // 04:A1:9C and 04A19C are one serial.
  const squeezed = alnum(identifier);
  return squeezed.length >= 4 && alnum(unit.lowerText).includes(squeezed);
}

export function hasName(unit: IndexedItem, group: readonly string[]): boolean {
  // "Wi-Fi" is `wifi` in a record's name (wifi-corp-f3); a person is their login (`by=twieczorek`).
  if (group.length > 1 && unit.wordSet.has(group.join(''))) return true;
  if (group.length === 2 && unit.item.kind !== 'paragraph' && writesLoginOf(unit, group[0]!, group[1]!)) return true;
  if (!group.every((word) => unit.wordSet.has(word) || (group.length > 1 && shortNameOf(word, unit)))) return false;
  // In prose a name of several words must stand together: "Lake Erie State Park" is not met by
  // "Presque Isle State Park … juts into Lake Erie".
  return group.length < 2 || unit.item.kind !== 'paragraph' || standsTogether(unit.features.words, group);
}

function standsTogether(words: readonly string[], group: readonly string[]): boolean {
  // A nationality after a name ("Tim McIlrath American") describes it; it is not part of it.
  const parts = group.length > 2 && isNationality(group.at(-1)!) ? group.slice(0, -1) : group;
  if (parts.length < 2) return true;
  const same = (word: string, part: string, first: boolean): boolean => word === part || (first && part.length >= 3 && word.startsWith(part));
  // Parts in order, at most one word between two of them (a middle name or a nickname).
  for (let i = 0; i < words.length; i++) {
    if (!same(words[i]!, parts[0]!, true)) continue;
    let at = i;
    let ok = true;
    for (const part of parts.slice(1)) {
      if (words[at + 1] === part) at += 1;
      else if (words[at + 2] === part) at += 2;
      else {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

/** "Pam" is short for "Pamela", "Tim" for "Timothy": a first name of three letters or more that starts a name of the unit. */
export function shortNameOf(word: string, unit: IndexedItem): boolean {
  if (word.length < 3) return false;
  for (const name of unit.features.names) if (name.length > word.length && name.startsWith(word)) return true;
  return false;
}

/** Holds every identifier and name of the claim. */
export function holdsAllAnchors(view: ClaimView, unit: IndexedItem): boolean {
  return view.features.identifiers.every((id) => hasIdentifier(unit, id)) && view.features.nameGroups.every((group) => hasName(unit, group));
}

/** Identifiers that name a measure, not an entity: 5xx, p99, 2nd. */
const MEASURE_IDENTIFIER = /^(?:\d+xx|p\d{1,3}(?:\.\d+)?|\d+(?:st|nd|rd|th))$/i;

/** How many specific key words two quantities share (`origin_rps` and "origin requests per second": 2). */
export function sharedKeyWords(claim: Quantity, evidence: Quantity): number {
  const claimKey = new Set(claim.key);
  return new Set(evidence.key.filter((word) => claimKey.has(word) && !LIGHT_WORDS.has(word))).size;
}

/** A release number (11.4.2, v3.0), not an IPv4 address: 10.0.3.7 names a host. */
export const VERSION_RE = /^(?!\d+\.\d+\.\d+\.\d+$)v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$/i;

/** The claim's identifiers that carry a number (ids, serials, hosts), not measures. */
export function numberedIdentifiers(view: ClaimView): string[] {
  return view.features.identifiers.filter((id) => /\d/.test(id) && !MEASURE_IDENTIFIER.test(id));
}

/** A period label: a quarter, a half or a week, alone or with its year (Q1, 2026Q1, H2, W10). */
const PERIOD_ID_RE = /^(?:\d{4})?(q[1-4]|h[12]|w\d{1,2})$/i;
const PERIOD_IN_TEXT_RE = /(?:^|[^\p{L}\d])(?:\d{4}[- ]?)?(Q[1-4]|H[12]|W\d{1,2})(?![\p{L}\d])/giu;
const PREVIOUS_PERIOD_RE = /\b(?:the\s+)?(?:previous|prior|preceding|last)\s+(quarter|half|week)\b|\bthe\s+(quarter|half|week)\s+before\b/gi;

function periodBefore(label: string): string {
  const kind = label[0]!;
  const n = Number(label.slice(1));
  const size = kind === 'q' ? 4 : kind === 'h' ? 2 : 52;
  return `${kind}${n === 1 ? size : n - 1}`;
}

/**
 * The period a figure belongs to, for a claim whose only numbered identifiers are period labels
 * ("5,870 potholes in Q1, nearly double the 3,120 of the previous quarter"): the period mention
 * nearest the figure, unless another figure stands nearer to it ("1,730 defects, nearly double
 * Q4's 880": Q4 is the 880's). undefined: the claim is not of that kind; `null`: the figure has
 * no period of its own, so a row of any period may give it.
 */
export function periodOfFigure(view: ClaimView, quantity: Quantity): string | null | undefined {
  const identifiers = numberedIdentifiers(view);
  if (identifiers.length === 0 || !identifiers.every((id) => PERIOD_ID_RE.test(id))) return undefined;
  const text = view.claim.text;
  const mentions: Array<{ at: number; period: string }> = [];
  for (const match of text.matchAll(PERIOD_IN_TEXT_RE)) mentions.push({ at: match.index + match[0].length - match[1]!.length, period: match[1]!.toLowerCase() });
  if (mentions.length === 0) return undefined;
  for (const match of text.matchAll(PREVIOUS_PERIOD_RE)) {
    const kind = (match[1] ?? match[2])!.toLowerCase()[0]!;
    const named = mentions.find((m) => m.period[0] === kind);
    if (named) mentions.push({ at: match.index, period: periodBefore(named.period) });
  }
  const distance = (q: Quantity, at: number): number => Math.abs((at < q.start ? q.start : q.start + q.raw.length) - at);
  let nearest = mentions[0]!;
  for (const mention of mentions) if (distance(quantity, mention.at) < distance(quantity, nearest.at)) nearest = mention;
  const figures = view.features.quantities.filter((q) => q !== quantity && /\d/.test(q.raw));
  return figures.some((other) => distance(other, nearest.at) < distance(quantity, nearest.at)) ? null : nearest.period;
}

/**
 * The clock time a figure is stated at ("the 3,109 SKUs invalidated at 07:52 to the 15,310 done
 * at 06:14"): the first time after it, else the last before it, within a few words and with no
 * other figure in between.
 */
export function momentOfFigure(view: ClaimView, quantity: Quantity): ClockTime | undefined {
  const { times, quantities } = view.features;
  if (times.length === 0) return undefined;
  const inTime = (q: Quantity): boolean => times.some((t) => t.start <= q.start && q.start < t.start + t.raw.length);
  const figures = quantities.filter((q) => q !== quantity && /\d/.test(q.raw) && !inTime(q)).map((q) => q.start);
  const end = quantity.start + quantity.raw.length;
  const clear = (from: number, to: number): boolean => to - from <= 40 && !figures.some((at) => at > from && at < to) && !/[.;]/.test(view.claim.text.slice(from, to));
  const after = times.filter((t) => t.start >= end).sort((a, b) => a.start - b.start)[0];
  if (after && clear(end, after.start)) return after;
  const before = times.filter((t) => t.start + t.raw.length <= quantity.start).sort((a, b) => b.start - a.start)[0];
  if (before && clear(before.start + before.raw.length, quantity.start)) return before;
  return undefined;
}

/**
 * The version a figure is stated on ("598 ms on 11.4.2"): the version identifier written right
 * after it (or right before it), a few words away with no other figure in between.
 */
export function versionOfFigure(view: ClaimView, quantity: Quantity): string | undefined {
  const text = view.claim.text;
  const end = quantity.start + quantity.raw.length;
  const versions = view.features.identifiers.filter((id) => VERSION_RE.test(id));
  if (versions.length === 0) return undefined;
  const figures = view.features.quantities.filter((q) => q !== quantity && /\d/.test(q.raw)).map((q) => q.start);
  const lower = text.toLowerCase();
  let best: { id: string; distance: number } | undefined;
  for (const id of versions) {
    for (let at = lower.indexOf(id); at >= 0; at = lower.indexOf(id, at + 1)) {
      const [from, to] = at >= end ? [end, at] : [at + id.length, quantity.start];
      if (to < from || to - from > 30 || figures.some((f) => f > from && f < to) || /[.;]/.test(text.slice(from, to))) continue;
      if (!best || to - from < best.distance) best = { id, distance: to - from };
    }
  }
  return best?.id;
}

const PERIOD_YEARS = new WeakMap<EvidenceIndex, Map<string, number>>();

/**
 * Whether the evidence holds the same period label in more than one year (2024Q4 and 2025Q4):
 * then "the previous quarter" or a bare "Q4" cannot say which row it means. Once per index and label.
 */
export function periodAmbiguous(index: EvidenceIndex, period: string): boolean {
  let byLabel = PERIOD_YEARS.get(index);
  if (!byLabel) PERIOD_YEARS.set(index, (byLabel = new Map()));
  let years = byLabel.get(period);
  if (years === undefined) {
    const seen = new Set<string>();
    const re = new RegExp(`(\\d{4})[- ]?${period}(?![\\p{L}\\d])`, 'giu');
    for (const unit of index.items) for (const match of unit.text.matchAll(re)) seen.add(match[1]!);
    years = seen.size;
    byLabel.set(period, years);
  }
  return years > 1;
}

/** Whether a record is of a period (quarter=2026Q1 is of q1). */
export function isOfPeriod(unit: IndexedItem, period: string): boolean {
  for (const match of unit.text.matchAll(PERIOD_IN_TEXT_RE)) if (match[1]!.toLowerCase() === period) return true;
  return holdsMonthOf(period, unit);
}

const QUARTER_OR_HALF_RE = /^(?:(?:19|20)\d\d[-_ ]?)?[qh][1-4]$/i;

/** A record of a month or a day within a quarter or a half the claim names (month=2026-02 or arrival_date=2026-02-14 for Q1, or 2026 Q1). */
export function holdsMonthOf(period: string, unit: IndexedItem): boolean {
  if (!QUARTER_OR_HALF_RE.test(period)) return false;
  const outer = periodKey(period);
  if (!outer || (outer.kind !== 'quarter' && outer.kind !== 'half') || unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') return false;
  const holdsMonth = (text: string): boolean => {
    const inner = text.length <= 24 ? periodKey(text) : undefined;
    return inner !== undefined && (inner.kind === 'month' || inner.kind === 'day') && periodHolds(outer, inner);
  };
  for (const key in unit.features.fields) if (holdsMonth(unit.features.fields[key]!)) return true;
  // A map of figures by month (`monthly["2025-07"] = 1012`): the leaf's own key.
  const lastKey = unit.item.jsonPath ? /(?:\.([^.[\]"]+)|\["([^"]+)"\])$/.exec(unit.item.jsonPath) : null;
  return lastKey !== null && holdsMonth(lastKey[1] ?? lastKey[2]!);
}

/**
 * Holds at least one entity of the claim — a numbered identifier (db-prod-1, A-1021, W10) or a
 * name — or the claim has none. Word-like identifiers ("write-ahead", "checkout-api") do not
 * anchor: they often name a kind of thing, not the entity a figure belongs to.
 */
export function holdsSomeAnchor(view: ClaimView, unit: IndexedItem): boolean {
  const identifiers = numberedIdentifiers(view);
  // A numbered identifier is the most specific entity: when there is one, names do not count.
  if (identifiers.length > 0) {
    if (identifiers.some((id) => hasIdentifier(unit, id) || documentNames(view.index, unit, id) || holdsMonthOf(id, unit) || paragraphNames(view.index, unit, `i:${id}`, (other) => hasIdentifier(other, id)))) return true;
    // A version ("598 ms against 640 ms on 11.4.2") says which release a figure was on, not whose
    // it is: with only versions, the claim's named entity (DC-North) anchors as well. (A figure
    // written with its own version, "598 ms on 11.4.2", needs that version: see versionOfFigure.)
    if (!identifiers.every((id) => VERSION_RE.test(id))) return false;
  }
  if (siblingRecord(view, unit)) return false;
  const { nameGroups } = view.features;
  if (nameGroups.length > 0) return nameGroups.some((group) => hasName(unit, group) || documentNamesGroup(view.index, unit, group) || paragraphNames(view.index, unit, `w:${group[0]}`, (other) => hasName(other, group)));
  // A table cell without an entity of its own ("Down from 11.1% to 10.2%") is about its row (Millbrook).
  const context = view.context;
  // Its name when it has one ("Millbrook Q1 → Q2": the clinic, not the quarter).
  if (context && context.nameGroups.length > 0) return context.nameGroups.some((group) => hasName(unit, group));
  if (context && context.identifiers.length > 0) return context.identifiers.some((id) => hasIdentifier(unit, id));
  return true;
}

/** Field values naming an entity (`acl=acl-shop-us`), with their field: built once per index. */
const FIELD_ENTITIES = new WeakMap<EvidenceIndex, Map<string, string>>();
/** The claim's entities that records name in a field, and that field: read once per claim. */
const CLAIM_ENTITIES = new WeakMap<TextFeatures, Array<[string, string]>>();

/**
 * "acl-shop-us blocked 3,880 requests" against a row with acl=acl-shop-eu: a record that gives the
 * field naming the claim's entity another value is a sibling's record, not the claim's. With
 * `byWord`, members named by a field's word and value count too ("loop B" against loop=C): for
 * checks of one member's own events, not for support, which may derive from a sibling ("the
 * remaining six lanes" after wave 0's two).
 */
export function siblingRecord(view: ClaimView, unit: IndexedItem, byWord = false): boolean {
  const named = byWord ? [...fieldEntities(view), ...wordNamedFields(view.index, view.claim)] : fieldEntities(view);
  if (named.length === 0 || unit.item.kind === 'paragraph') return false;
  // A sibling gives an entity field a value that is none of the claim's entities for that field.
  return named.some(([, key]) => {
    const value = unit.features.fields[key]?.toLowerCase();
    return value !== undefined && !named.some(([id, other]) => other === key && id === value);
  });
}

/** The claim's entities that records name in a field (`acl=acl-shop-us`), each with that field. */
export function fieldEntities(view: ClaimView): Array<[string, string]> {
  let named = CLAIM_ENTITIES.get(view.features);
  if (!named) {
    let entities = FIELD_ENTITIES.get(view.index);
    if (!entities) {
      entities = new Map();
      for (const record of view.index.items) {
        if (record.item.kind === 'paragraph' || record.item.kind === 'reasoning') continue;
        const fields = record.features.fields;
        for (const key of Object.keys(fields)) {
          const value = fields[key]!;
          if (!/[-_]/.test(value)) continue;
          const lower = value.toLowerCase();
          if (!entities.has(lower)) entities.set(lower, key);
        }
      }
      FIELD_ENTITIES.set(view.index, entities);
    }
    named = view.features.identifiers.filter((id) => /[-_]/.test(id) && entities!.has(id)).map((id): [string, string] => [id, entities!.get(id)!]);
    CLAIM_ENTITIES.set(view.features, named);
  }
  return named;
}

/** The same for a name ("site": "Kalgara Pit North" at the top of a site's settings, for "Pit North"). */
export function documentNamesGroup(index: EvidenceIndex, unit: IndexedItem, group: readonly string[]): boolean {
  if (unit.item.kind !== 'json_field') return false;
  return index.itemsWith(`w:${group[0]}`).some((position) => {
    const other = index.items[position]!;
    const path = other.item.jsonPath ?? '';
    // Only a top-level key that says which thing the document describes ("site", "name"), not an attribute of it
    // ("engine"), and in its own value: a JSON item's words include members it inherits from the document.
    return other.item.kind === 'json_field' && other.item.file === unit.item.file && !/[.[]/.test(path) && isIdentityKey(path) && hasName(other, group) && group.every((word) => other.item.text.toLowerCase().includes(word));
  });
}

/** Share of the claim's content weight a unit holds, leaving out `ignore`. */
export function wordShare(view: ClaimView, unit: IndexedItem, ignore: ReadonlySet<string> = new Set()): number {
  let total = 0;
  let shared = 0;
  for (const [word, weight] of view.words) {
    if (ignore.has(word)) continue;
    total += weight;
    if (unit.wordSet.has(word)) shared += weight;
  }
  return total === 0 ? 1 : shared / total;
}

/** Whether a unit talks about the claim's subject: all its identifiers and names, and half its words. */
export function sameSubject(view: ClaimView, unit: IndexedItem, ignore: ReadonlySet<string> = new Set()): boolean {
  if (!holdsAllAnchors(view, unit)) return false;
  const anchored = view.features.identifiers.length + view.features.nameGroups.length > 0;
  return wordShare(view, unit, ignore) >= (anchored ? 0.34 : 0.5);
}

/** When the claim names a time or date, the units at that moment; else all. */
export function atClaimedMoment(view: ClaimView, units: IndexedItem[]): IndexedItem[] {
  const { times, dates } = view.features;
  if (times.length === 0 && dates.length === 0) return units;
  const at = units.filter(
    (unit) =>
      times.some((t) => unit.features.times.some((u) => timeMatches(t, u))) ||
      dates.some((d) => unit.features.dates.some((u) => dateMatches(d, u))),
  );
  return at.length > 0 ? at : units;
}

export function contradicted(unit: IndexedItem, reason: string): ClaimVerdict {
  const type = KIND_TYPES[unit.item.kind];
  return { partition: 'contradicted', type, evidence_refs: [unit.item.id], reason };
}

/**
 * A runbook or plan states rules and expectations ("alerts fire at 90%"), a record what
 * happened: when records are given, a document contradicts a figure or a time only of a claim
 * about the document ("per the runbook", "the plan expects").
 */
export function mayContradict(view: ClaimView, unit: IndexedItem, documentDecides: () => boolean = () => false): boolean {
  if (unit.item.kind !== 'paragraph' || !view.index.hasRecords) return true;
  return [...view.words.keys()].some((word) => fileWords(unit).has(word) || DOCUMENT_WORDS.has(word)) || documentDecides();
}
