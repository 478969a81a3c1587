// A figure the evidence gives otherwise: the same quantity of the same subject with another
// value in a record (a setting's value in a document), or, in the record the claim reads (it
// gives two of the claim's figures or times), the one figure or time left. Labels ("Android 13"),
// counts in words and figures the claim computes from its own are told apart from readings.
import { canonicalStem, extractFeatures, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { boundCandidates, deriveQuantity, dimensionsCompatible, isBound, mistakable, quantityMatches, satisfiesBound, sharesKey, timeMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, atClaimedMoment, contradicted, hasIdentifier, holdsAllAnchors, mayContradict, numberedIdentifiers, sameSubject, sharedKeyWords, wordShare } from '../claim-view';
import { DOCUMENT_WORDS, fieldValueWords } from '../words';
import { THRESHOLD_WORDS, UNIT_KEY_PARTS } from '../vocabulary';
import { anchoredSegment, fromClaimFigures, inIdentifier, isLabelOf, isYearOf, quantitiesAt, withSeries } from '../figures';
import { changesOf } from '../records/changes';
import { aggregateDerivation } from '../derive/aggregates';
import { rowFigureDerivation } from '../derive/row-figures';
import { spanBoundTimes } from '../claims/window';
import { periodNumbers } from '../align/table-alignment';
import { isUnnamedRow } from '../align/named-rows';

export function contradictQuantity(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const pinned = pinnedByEntityAndMoment(view);
  // ("Over weeks 36 to 39": numbers that label periods are no measured values.)
  const periodLabels = periodNumbers(view.claim.text);
  for (const quantity of view.features.quantities) {
    if (quantity.qualifier === 'delta' || (!quantity.hasUnit && periodLabels.has(quantity.raw.trim()))) continue;
    // "two broker settings": a small count in words names how many things a sentence lists, not a measured value.
    // A limit in words ("up to five streams") is a figure like any other.
    // "restarted its pod twice", "OOM-killed three times" count events: a record's count of them decides.
    const after = view.claim.text.slice(quantity.start + quantity.raw.length);
    // ("five times that on Android 13", "three times as many" compare two figures: a ratio, not a count.)
    // ("4 times that morning", "4 times the previous day" count events in a period.)
    const multiplier =
      /^\s*times\s+(?:that|those|the|as|more|less|fewer|higher|lower|larger|bigger|smaller|faster|slower|greater|its|their)\b/i.test(after) &&
      !/^\s*times\s+(?:that|the|this)\s+(?:(?:previous|next|same|following|whole|entire)\s+)?(?:morning|afternoon|evening|night|day|week|month|quarter|year|hour|shift|weekend|window|period)\b/i.test(after);
    if (multiplier) continue;
    const frequency = /^twice$/i.test(quantity.raw.trim()) || /^\s*times\b/i.test(after);
    if (!quantity.hasUnit && /^\p{L}/u.test(quantity.raw) && !isBound(quantity) && !frequency) continue;
    // "on Android 13", "copied version 13 across": a number naming a release or a thing is not a
    // measured value, unless a record gives that very label a value (android_version=12, ring=3).
    const label = labelNoun(view.claim.text, quantity);
    // "planned for Tintra 6.0": a dotted number right after a product's capitalised name is its
    // version, a name rather than a measure; another version in the evidence is another release.
    if (!quantity.hasUnit && /^\d{1,3}\.\d{1,3}$/.test(quantity.raw.trim()) && PRODUCT_BEFORE_RE.test(view.claim.text.slice(Math.max(0, quantity.start - 40), quantity.start))) continue;
    // "11.2 GiB, roughly 80% of the 14 GiB limit": a figure the claim computes from its own figures
    // stands or falls with them; another record's 90% is not its value.
    if (fromClaimFigures(view, quantity)) continue;
    // "in each of the three weeks", "over the four months": periods the claim counts, not a duration it measured.
    if (quantity.dimension === 'duration' && /^\p{L}/u.test(quantity.raw) && /\bthe\s+$/i.test(view.claim.text.slice(0, quantity.start))) continue;
    // "… to 92.6% four days later": a span between two moments, not a duration a record gives
    // (an 8-day lease); moments and spans are checked against the records' own times.
    if (quantity.dimension === 'duration' && RELATIVE_SPAN_RE.test(after)) continue;
    // A table cell is about its row: the row's label (orders.shipped) names the subject as well.
    const context = view.context;
    // A label of words ("| Billing | …") names the row whose field holds them (queue=billing).
    const aboutRow = (unit: IndexedItem): boolean =>
      context !== undefined &&
      (context.identifiers.length > 0
        ? context.identifiers.every((id) => hasIdentifier(unit, id))
        : context.words.length > 0 && context.quantities.length === 0 && context.words.every((word) => fieldValueWords(unit).has(word))) &&
      holdsAllAnchors(view, unit);
    const subject = atClaimedMoment(
      view,
      candidates.filter((unit) => sameSubject(view, unit, new Set(quantity.key)) || aboutRow(unit) || pinned(unit)),
    ).sort((a, b) => wordShare(view, b) - wordShare(view, a));
    const holds = (unit: IndexedItem): boolean =>
      isYearOf(quantity, unit) ||
      (isBound(quantity) ? boundCandidates(quantity, quantitiesAt(view, unit)).some((e) => satisfiesBound(quantity, e)) : quantitiesAt(view, unit).some((e) => quantityMatches(quantity, e)));
    // "The runbook says … once the queue is below 1,000": a threshold the claim attributes to a
    // document is decided by the document's own threshold, not by a record that happens to satisfy it.
    const citesDocument = isBound(quantity) && [...view.words.keys()].some((word) => DOCUMENT_WORDS.has(word));
    const documentThreshold = citesDocument && subject.some((unit) => unit.item.kind === 'paragraph' && unit.features.quantities.some((e) => isBound(e) && sharesKey(quantity, e)));
    if (subject.some((unit) => (!documentThreshold || unit.item.kind === 'paragraph') && holds(unit))) continue;
    // A figure no record gives is a setting or a rule ("keys expire after 30 days"): a document decides it.
    // Asked only of a document, and at most once per figure.
    let decided: boolean | undefined;
    const documentDecides = (): boolean =>
      (decided ??= !candidates.some((unit) => unit.item.kind !== 'paragraph' && unit.features.quantities.some((e) => quantityMatches(quantity, e))));
    // "the 12.5 ft ceiling", "its 1.50% target": a figure the claim names as a bar.
    const claimBar = BAR_AFTER_RE.test(after);
    // "ET31-A | 92.1% | 91.9%": a figure with no measure word, beside nothing but the row's name,
    // says nothing of what it measures; another figure of that row's records is not known to be it.
    const unnamedMeasure = quantity.key.length === 0 && [...view.words.keys()].every((word) => view.features.identifiers.some((id) => id.includes(word)));
    if (unnamedMeasure) continue;
    for (const unit of subject) {
      if (!mayContradict(view, unit, documentDecides)) continue;
      // Another row of a table whose rows the claim names is another member's figure.
      if (isUnnamedRow(view, unit)) continue;
      // "HTTP 429" against `http_429=0`: the code names the record's measure, it is not its value.
      if (inIdentifier(quantity, unit)) continue;
      // "Ring 1" against `ring=ring1-pilot … failed=21`: the number labels the ring, it is not a count.
      if (isLabelOf(quantity, view.claim.text, unit)) continue;
      // Of the figures measuring the same thing, the one whose key says most about it (failed_sessions over sessions).
      const other = quantitiesAt(view, unit).filter(
        (e) =>
          dimensionsCompatible(quantity, e) &&
          // A year ("2025/26 season", "release-notes-2026.04") dates the record; it is no reading of a figure that is not a year.
          (yearLike(quantity) || !yearOfRecord(e, unit)) &&
          // Nor is a bare year ("Leak survey programme 2024") a reading of a decimal, a percentage or a figure with a unit.
          !(yearLike(e) && !yearLike(quantity) && (quantity.decimals > 0 || quantity.hasUnit || quantity.dimension === 'percent')) &&
          // A bare number is another quantity than a price or a size, unless the claim is a percentage.
          // A bare field value keyed by the same measure (origin_rps for "origin requests per second") is that quantity.
          // A bare count in the claim ("the count reached 1,386") is not a duration or a size of the record (900s).
          (e.dimension === quantity.dimension ||
            (!quantity.hasUnit && (!e.hasUnit || e.dimension === 'percent' || sharedKeyWords(quantity, e) >= 2)) ||
            quantity.dimension === 'percent' ||
            (!e.hasUnit && sharedKeyWords(quantity, e) >= 2)) &&
          // (A label against a label, "Android 13" against min_supported_os=Android 10, names two things.)
          (label === undefined ? sharesKey(quantity, e) : e.key.includes(label) && !/\p{L}\s+$/u.test(unit.text.slice(Math.max(0, e.start - 12), e.start))) &&
          // A count in words ("at most four files") is not a size, a duration or a rate the record gives in its unit.
          !(/^\p{L}/u.test(quantity.raw) && !quantity.hasUnit && e.hasUnit && e.dimension !== 'percent') &&
          // A count named by another unit is not a percentage: "the 18% threshold" vs days_below_stress=2.
          !(quantity.dimension === 'percent' && !e.hasUnit && e.key.some((word) => UNIT_KEY_PARTS.has(word) && !PERCENT_WORDS.has(word))) &&
          // A count of thousands is not a percentage: "63% of those who answered" vs no_answer=7836.
          !(quantity.dimension === 'percent' && !e.hasUnit && Math.abs(e.value) > 100) &&
          // Nor the reverse ("603 clients" vs "at least 95% of clients"); and a rate (kg per litre) is not an amount (13,937 litres).
          !(e.dimension === 'percent' && !quantity.hasUnit && Math.abs(quantity.value) > 100) &&
          !(e.dimension === 'ratio' && quantity.dimension !== 'ratio') &&
          // 172 ms against a 10-minute window, 90 days against 8 booking hours: written in other
          // units and hundreds of times apart, they are two measures, not one misread.
          // (The same number in another unit, 900 GB against heap_used_mb=900, is a unit slip: still compared.)
          !(
            quantity.hasUnit &&
            e.hasUnit &&
            quantity.scale !== e.scale &&
            Math.max(quantity.value, e.value) > 100 * Math.max(Math.min(quantity.value, e.value), Number.EPSILON) &&
            Math.abs(quantity.value / quantity.scale - e.value / e.scale) > 1e-9 * Math.abs(e.value / e.scale)
          ) &&
          !view.features.quantities.some((mine) => quantityMatches(mine, e)) &&
          // (12 against 822: not a misreading of the same quantity, unless the record names it as the claim does.)
          (sharedKeyWords(quantity, e) >= 2 || mistakable(quantity, e, view.claim.text)) &&
          // A threshold a record defines ("more than 5 s in the queue") is no reading of a plain figure.
          (isBound(quantity) || !isBound(e)) &&
          // Nor is a reading the claim's bar ("over the 12.5 ft ceiling"): a bar is set against a bar.
          (!claimBar || e.key.some((word) => BAR_STEMS.has(word))) &&
          (isBound(quantity) ? !satisfiesBound(quantity, e) : !quantityMatches(quantity, e)),
      ).sort((a, b) => sharedKeyWords(quantity, b) - sharedKeyWords(quantity, a))[0];
      const unkeyed = other ? undefined : unkeyedDifferentValue(view, quantity, unit);
      if (!other && !unkeyed) continue;
      // "Widnes shipped 389,500 units" against Daventry's on_hand_units: another record that gives
      // the figure under a closer name (units_shipped=389500) says what it measures.
      if (other && !isBound(quantity) && candidates.some((u) => u !== unit && quantitiesAt(view, u).some((e) => quantityMatches(quantity, e) && sharedKeyWords(quantity, e) > sharedKeyWords(quantity, other)))) break;
      // A total or a change computed from several figures is not contradicted by one of them.
      // (A threshold is not a computed figure.)
      // But a figure the claim states plainly ("the error rate was 0.9%") is the record's measure
      // when the record names it the same way (error_rate=0.09%): it is not 1% − 0.09% by chance.
      const plainlyStated = other !== undefined && quantity.qualifier === undefined && sharedKeyWords(quantity, other) >= 2 && !COMPUTED_WORDING_RE.test(aroundFigure(view.claim.text, quantity)) && !/\bof\s+(?:the\s+|all\s+|its\s+|their\s+)?$/i.test(view.claim.text.slice(0, quantity.start));
      if (!isBound(quantity) && !plainlyStated && deriveQuantity(quantity, withSeries(view, quantity, candidates))) break;
      // Nor one a table gives through its rows (a sum, a share, a defined rate) or one row's two cells.
      // A figure named as one row's measure ("KFY received 55,070 cars" against one week's
      // cars_received=4210) may still be the sum of the entity's rows: the row is one of a series.
      if (!isBound(quantity) && (aggregateDerivation(view, quantity) ?? (plainlyStated ? undefined : rowFigureDerivation(view, quantity)))) break;
      if (!other) return contradicted(unit, `claim says ${quantity.raw.trim()}, ${unit.item.id} says ${unkeyed!.raw.trim()}`);
      // A later document changed the record's value to the claim's ("now up to 50 items (previously 30)").
      if (changesOf(view.index).some((change) => quantityMatches(quantity, change.now) && quantityMatches(other, change.old))) break;
      return contradicted(unit, `claim says ${quantity.raw.trim()}, ${unit.item.id} says ${other.raw.trim()}`);
    }
  }
  return undefined;
}

const PERCENT_WORDS = new Set(['percent', 'pct']);
/** Stems of the words that make a figure a bar to meet (a target, a limit), not a reading. */
const BAR_STEMS: ReadonlySet<string> = new Set([...THRESHOLD_WORDS].map(canonicalStem));
/** A bar's noun right after a figure, but for its unit and a word ("12.5 ft ceiling", "0.60% weekly breakage limit"). */
const BAR_AFTER_RE = new RegExp(`^\\s*(?:[\\p{L}%°/-]+\\s+){0,3}?(?:${[...THRESHOLD_WORDS].join('|')})\\b`, 'iu');

/**
 * "SS-E-117 … bottoming out at 76.1 °C at 04:30" against `ts=04:30 point=SS-E-117 inlet_temp_c=72.4`:
 * a record naming every numbered entity of the claim at every time it names is the record the
 * claim reads, whatever other words describe the entity ("the worst-hit substation").
 */
function pinnedByEntityAndMoment(view: ClaimView): (unit: IndexedItem) => boolean {
  const { times } = view.features;
  if (times.length === 0 || numberedIdentifiers(view).length === 0) return () => false;
  return (unit) => holdsAllAnchors(view, unit) && times.every((t) => unit.features.times.some((u) => timeMatches(t, u)));
}

const LABEL_NOUN_RE =
  /(?:\b(?:version|release|build|week|wk|quarter|ring|wave|phase|step|stage|tier|level|route|line|gate|door|platform|room|floor|bay|lane|zone|shard|partition|slot|channel|track|batch|round|sprint|android|ios|macos|windows|python|java|postgres(?:ql)?|mysql|kernel|jdk|v))\s+$/iu;

/** The stem of the label noun a small bare number follows ("Android 13" → android, "version 13", "Route 12"). */
function labelNoun(text: string, quantity: Quantity): string | undefined {
  if (quantity.hasUnit || isBound(quantity) || !/^\d{1,3}(?:\.\d{1,3}){0,2}$/.test(quantity.raw.trim())) return undefined;
  // "from Android 8 upwards" bounds a range of releases: that is a figure to check.
  if (/^\s*(?:upwards|onwards|and (?:later|above|up|newer)|or (?:later|above|newer)|\+)/i.test(text.slice(quantity.start + quantity.raw.length))) return undefined;
  const noun = LABEL_NOUN_RE.exec(text.slice(Math.max(0, quantity.start - 40), quantity.start))?.[0]?.trim();
  return noun ? (extractFeatures(noun).words[0] ?? noun.toLowerCase()) : undefined;
}

/** A capitalised name, not opening the sentence, right before a figure ("for Tintra 6.0"). */
const PRODUCT_BEFORE_RE = /\S\s+\p{Lu}[\p{L}\d-]+\s+$/u;

// (Stems: "cap" is stemmed to "max", which names a reading as often as a setting: rss_max_mb.)
const SETTING_KEY_WORDS = new Set(['limit', 'threshold', 'target', 'quota', 'budget']);

const RELATIVE_SPAN_RE = /^\s*(?:later|earlier|afterwards|beforehand)\b/i;

/** Words that make a figure a change, a gap or a sum rather than a reading. */
const COMPUTED_WORDING_RE = /\b(?:more|fewer|less|higher|lower|up|down|rose|risen|rise|fell|fallen|fall|drop(?:ped)?|gain(?:ed)?|lost|loss|increas\w*|decreas\w*|grew|grow\w*|cut|sav\w*|add\w*|difference|gap|chang\w*|net|total|combined|altogether|sum|together|plus|minus|left|remain\w*|by|from|across|overall|in all|each|per)\b/i;

/** The claim's text a few words either side of a figure. */
function aroundFigure(text: string, quantity: Quantity): string {
  return text.slice(Math.max(0, quantity.start - 30), quantity.start + quantity.raw.length + 30);
}

/** A bare four-digit figure of this or the last century, as a year is written. */
function yearLike(quantity: Quantity): boolean {
  return !quantity.hasUnit && /^(?:19|20)\d{2}$/.test(quantity.raw.trim());
}

/** A figure that is a year of the record's own dates, or of a season or a release it names ("2025/26", "2026.04"); a batch limit of 2000 is none. */
function yearOfRecord(figure: Quantity, unit: IndexedItem): boolean {
  // ("season": 2024, fiscal_year=2025: a field named for a year holds one.)
  return yearLike(figure) && (isYearOf(figure, unit) || figure.key.some((word) => YEAR_KEYS.has(word)) || new RegExp(`(?<!\\d)${figure.raw.trim()}\\s*[/.\u2013-]\\s*\\d{2}(?!\\d)`).test(unit.text));
}

/** Stems of field names that hold a year. */
const YEAR_KEYS = new Set(['year', 'yr', 'season', 'fy', 'vintage'].map(canonicalStem));

/**
 * "Pod search-api-8mzt was at 3.9 GiB at 10:40": a figure with a unit but no words saying what
 * it measures, about a numbered entity (and at a time) that a record gives figures of that
 * unit for — none of them the claimed one. The closest is what the record says instead.
 */
function unkeyedDifferentValue(view: ClaimView, quantity: Quantity, unit: IndexedItem): Quantity | undefined {
  if (isBound(quantity) || quantity.qualifier === 'approx' || quantity.dimension === 'ratio' || unit.item.kind === 'paragraph') return undefined;
  // A bare count ("occurred 2,520 times") only against the one count of the entity's own entry
  // ("E-104 comms_timeout count=2250" in a list of fault codes).
  if (!quantity.hasUnit) {
    if (/^\p{L}/u.test(quantity.raw) || !anchoredSegment(view, unit)) return undefined;
    const counts = quantitiesAt(view, unit).filter((e) => !e.hasUnit && (yearLike(quantity) || !yearOfRecord(e, unit)));
    return counts.length === 1 && !quantityMatches(quantity, counts[0]!) ? counts[0] : undefined;
  }
  if (quantity.dimension === 'count') return undefined;
  // Written in words ("three days", "a day"), or beside another figure of its kind ("from 412 ms
  // to 398 ms", "7.8 days against 6.0"): which figure is the record's reading is not known.
  if (!/^\d/.test(quantity.raw.trim()) || view.features.quantities.some((q) => q !== quantity && q.dimension === quantity.dimension)) return undefined;
  const identifiers = numberedIdentifiers(view);
  if (identifiers.length === 0 || !identifiers.every((id) => hasIdentifier(unit, id))) return undefined;
  if (view.features.times.length > 0 && !view.features.times.every((t) => unit.features.times.some((u) => timeMatches(t, u)))) return undefined;
  // A limit, a target or a threshold (container_memory_limit=14Gi, "above 1000ppm") is a setting, not the record's reading.
  const same = quantitiesAt(view, unit).filter((e) => e.hasUnit && e.dimension === quantity.dimension && !isBound(e) && !e.key.some((word) => SETTING_KEY_WORDS.has(word)));
  if (same.length === 0 || same.some((e) => quantityMatches(quantity, e) || sharesKey(quantity, e))) return undefined;
  // "598 ms against 640 ms on 11.4.2": a record holding the claim's other figure is the other side of its comparison.
  if (same.some((e) => view.features.quantities.some((mine) => mine !== quantity && quantityMatches(mine, e)))) return undefined;
  // The first figure: a record leads with its measure (mem_working_set=… before mem_limit=…).
  return same[0];
}

/** A range of two moments or figures: "from 19:30 to 23:00", "between 5 and 9", "19:30–23:00". */
const RANGE_RE = /\b(?:from|between)\s+\S+\s+(?:to|and|until|till)\s+\S+|\d\s*[–-]\s*\d/i;

/**
 * "Rebuilt in 1,865 seconds, down from 14,950 MiB to 6,200 MiB" against `duration_s=1865
 * size_before_mib=14950 size_after_mib=6020`: a record that gives two of the claim's figures or
 * times is the record the claim reads, so its one remaining figure of the same kind (or its one
 * remaining time) is what the claim states. Not when another record gives the claimed value, or
 * the value follows from several records (a sum, a change).
 */
export function contradictPinnedFigure(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // "roughly 26 times the baseline" is a ratio of two figures, not a third figure of the record.
  const multiplier = (q: Quantity): boolean => /^\s*(?:times|x\b|×|-?fold)/i.test(view.claim.text.slice(q.start + q.raw.length));
  const figures = view.features.quantities.filter((q) => q.qualifier !== 'delta' && !isBound(q) && !(!q.hasUnit && /^\p{L}/u.test(q.raw)) && !multiplier(q));
  const times = view.features.times;
  if (figures.length + times.length < 2) return undefined;
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph');
  const spans = spanBoundTimes(view.claim.text, times);
  // Stated as a value by any item (a policy's "26 loans" too), or inside a name or key.
  const statedSomewhere = (q: Quantity): boolean =>
    candidates.some((unit) => quantitiesAt(view, unit).some((e) => quantityMatches(q, e)) || inIdentifier(q, unit) || isLabelOf(q, view.claim.text, unit) || isYearOf(q, unit));
  for (const unit of records) {
    const theirs = quantitiesAt(view, unit);
    const pinnedFigures = figures.filter((q) => theirs.some((e) => quantityMatches(q, e)));
    const pinnedTimes = times.filter((t) => unit.features.times.some((u) => timeMatches(t, u)));
    // "The approved window ran from 19:30 to 23:00" against `window.start=19:30 end=22:00`: a range
    // whose start the record gives, in a record about it that has one other time, its end.
    if (times.length === 2 && pinnedTimes.length === 1 && unit.features.times.length === 2 && RANGE_RE.test(view.claim.text) && [...view.words.keys()].some((word) => unit.wordSet.has(word))) {
      const time = times.find((t) => !pinnedTimes.includes(t))!;
      const other = unit.features.times.find((u) => !timeMatches(pinnedTimes[0]!, u));
      if (other && !timeMatches(time, other) && !candidates.some((c) => c.features.times.some((u) => timeMatches(time, u)))) {
        return contradicted(unit, `claim says ${time.raw.trim()}, ${unit.item.id} says ${other.raw.trim()}`);
      }
    }
    if (pinnedFigures.length + pinnedTimes.length < 2 || figures.length + times.length < 3) continue;
    for (const quantity of figures) {
      if (pinnedFigures.includes(quantity) || statedSomewhere(quantity)) continue;
      // (A year the record is of, "season": 2024, is no figure left of it.)
      const left = theirs.filter((e) => e.dimension === quantity.dimension && e.hasUnit === quantity.hasUnit && !view.features.quantities.some((mine) => quantityMatches(mine, e)) && (yearLike(quantity) || !yearOfRecord(e, unit)));
      if (left.length !== 1) continue;
      if (deriveQuantity(quantity, withSeries(view, quantity, candidates))) continue;
      return contradicted(unit, `claim says ${quantity.raw.trim()}, ${unit.item.id} says ${left[0]!.raw.trim()}`);
    }
    for (const time of times) {
      // ("on the 02:30–03:00 average": the span's bounds are not a moment the record gives.)
      if (pinnedTimes.includes(time) || spans.has(time) || candidates.some((other) => other.features.times.some((u) => timeMatches(time, u)))) continue;
      const left = unit.features.times.filter((u) => !times.some((mine) => timeMatches(mine, u)));
      if (left.length !== 1) continue;
      return contradicted(unit, `claim says ${time.raw.trim()}, ${unit.item.id} says ${left[0]!.raw.trim()}`);
    }
  }
  return undefined;
}
