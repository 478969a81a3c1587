// Contradiction: the evidence states the same thing differently — the same quantity with another
// value, another time, an opposite state, a figure that did not hold over its series, a role held
// by someone else, a document that says the opposite. Decided from structure, never from text
// similarity.
import { canonicalStem, extractFeatures, type IndexedItem, type Quantity } from '../../retrieval/index';
import { isWeakStateWord, readWording } from './language';
import { boundCandidates, deriveQuantity, dimensionsCompatible, isBound, quantityMatches, satisfiesBound, sharesKey, timeMatches, dateMatches } from './derive/matching';
import { type ClaimVerdict, type ClaimView, atClaimedMoment, contradicted, hasIdentifier, hasName, holdsAllAnchors, holdsSomeAnchor, mayContradict, numberedIdentifiers, sameSubject, sharedKeyWords, wordShare } from './claim-view';
import { DOCUMENT_WORDS, LIGHT_WORDS, NARRATION_WORDS, fieldValueWords, splitKeyWords, stemSequence, unitStems, wordingOf } from './words';
import { anchoredSegment, fromClaimFigures, inIdentifier, isLabelOf, isYearOf, quantitiesAt, withSeries } from './figures';

export function contradictQuantity(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  for (const quantity of view.features.quantities) {
    if (quantity.qualifier === 'delta') continue;
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
    // "11.2 GiB, roughly 80% of the 14 GiB limit": a figure the claim computes from its own figures
    // stands or falls with them; another record's 90% is not its value.
    if (fromClaimFigures(view, quantity)) continue;
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
      candidates.filter((unit) => sameSubject(view, unit, new Set(quantity.key)) || aboutRow(unit)),
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
    for (const unit of subject) {
      if (!mayContradict(view, unit, documentDecides)) continue;
      // "HTTP 429" against `http_429=0`: the code names the record's measure, it is not its value.
      if (inIdentifier(quantity, unit)) continue;
      // "Ring 1" against `ring=ring1-pilot … failed=21`: the number labels the ring, it is not a count.
      if (isLabelOf(quantity, view.claim.text, unit)) continue;
      // Of the figures measuring the same thing, the one whose key says most about it (failed_sessions over sessions).
      const other = quantitiesAt(view, unit).filter(
        (e) =>
          dimensionsCompatible(quantity, e) &&
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
          // A threshold a record defines ("more than 5 s in the queue") is no reading of a plain figure.
          (isBound(quantity) || !isBound(e)) &&
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
      if (!other) return contradicted(unit, `claim says ${quantity.raw.trim()}, ${unit.item.id} says ${unkeyed!.raw.trim()}`);
      return contradicted(unit, `claim says ${quantity.raw.trim()}, ${unit.item.id} says ${other.raw.trim()}`);
    }
  }
  return undefined;
}

const LABEL_NOUN_RE =
  /(?:\b(?:version|release|build|ring|wave|phase|step|stage|tier|level|route|line|gate|door|platform|room|floor|bay|lane|zone|shard|partition|slot|channel|track|batch|round|sprint|android|ios|macos|windows|python|java|postgres(?:ql)?|mysql|kernel|jdk|v))\s+$/iu;

/** The stem of the label noun a small bare number follows ("Android 13" → android, "version 13", "Route 12"). */
function labelNoun(text: string, quantity: Quantity): string | undefined {
  if (quantity.hasUnit || isBound(quantity) || !/^\d{1,3}$/.test(quantity.raw.trim())) return undefined;
  // "from Android 8 upwards" bounds a range of releases: that is a figure to check.
  if (/^\s*(?:upwards|onwards|and (?:later|above|up|newer)|or (?:later|above|newer)|\+)/i.test(text.slice(quantity.start + quantity.raw.length))) return undefined;
  const noun = LABEL_NOUN_RE.exec(text.slice(Math.max(0, quantity.start - 40), quantity.start))?.[0]?.trim();
  return noun ? (extractFeatures(noun).words[0] ?? noun.toLowerCase()) : undefined;
}

// (Stems: "cap" is stemmed to "max", which names a reading as often as a setting: rss_max_mb.)
const SETTING_KEY_WORDS = new Set(['limit', 'threshold', 'target', 'quota', 'budget']);

const RELATIVE_SPAN_RE = /^\s*(?:later|earlier|afterwards|beforehand)\b/i;

/** Words that make a figure a change, a gap or a sum rather than a reading. */
const COMPUTED_WORDING_RE = /\b(?:more|fewer|less|higher|lower|up|down|rose|risen|rise|fell|fallen|fall|drop(?:ped)?|gain(?:ed)?|lost|loss|increas\w*|decreas\w*|grew|grow\w*|cut|sav\w*|add\w*|difference|gap|chang\w*|net|total|combined|altogether|sum|together|plus|minus|left|remain\w*|by|from|across|overall|in all|each|per)\b/i;

/** The claim's text a few words either side of a figure. */
function aroundFigure(text: string, quantity: Quantity): string {
  return text.slice(Math.max(0, quantity.start - 30), quantity.start + quantity.raw.length + 30);
}

const FIRST_ATTEMPT_RE = /\b(?:(?:on|at|in) (?:the |its )?first (?:attempt|try|pass|go)|first time round|without (?:a |any )?(?:retry|retries|retrying|second attempt))\b/i;

/**
 * "gw-eu-3 was returned to the pool on the first attempt": the call that did it must not have
 * been tried before and failed. An earlier call of the same tool with the same arguments that
 * did not exit cleanly contradicts it.
 */
export function contradictFirstAttempt(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (!FIRST_ATTEMPT_RE.test(view.claim.text)) return undefined;
  const calls = candidates.filter((unit) => unit.item.kind === 'tool_call' && holdsSomeAnchor(view, unit));
  for (const success of calls) {
    if (success.item.exitOk === false) continue;
    const args = JSON.stringify(success.item.args ?? null);
    const earlier = view.index.items.find(
      (unit) =>
        unit.item.kind === 'tool_call' &&
        unit.item.file === success.item.file &&
        unit.item.line < success.item.line &&
        unit.item.tool === success.item.tool &&
        unit.item.exitOk === false &&
        JSON.stringify(unit.item.args ?? null) === args,
    );
    if (earlier) return contradicted(earlier, `claim says first attempt, ${earlier.item.id} is an earlier ${earlier.item.tool} that failed`);
  }
  return undefined;
}

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
  // "stayed open for just under 40 minutes": how long, not a value that held.
  if (quantity.dimension === 'duration' && /\bfor\s+(?:\p{L}+\s+){0,2}$/iu.test(view.claim.text.slice(Math.max(0, quantity.start - 24), quantity.start))) return undefined;
  if (!PERSISTENCE_RE.test(view.claim.text) && !ACROSS_AFTER_RE.test(view.claim.text.slice(quantity.start + quantity.raw.length))) return undefined;
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

/**
 * "rabbit-3 stayed under 8 GiB throughout": a bound said to hold over time holds at every
 * record of the entity. The measure is the one the claim names, or, when it names none, the
 * values of the bound's unit on its scale (memory near 8 GiB, not a 180 GiB disk).
 */
export function contradictHeldBound(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.features.quantities.length !== 1 || !isBound(view.features.quantities[0]!) || view.wording.negated.length > 0) return undefined;
  if (!PERSISTENCE_RE.test(view.claim.text) && !/\b(?:throughout|at all times|the whole time|all along)\b/i.test(view.claim.text)) return undefined;
  const bound = view.features.quantities[0]!;
  const anchored = view.features.identifiers.length + view.features.nameGroups.length > 0;
  if (!anchored || !bound.hasUnit) return undefined;
  const named = (e: Quantity): boolean => sharesKey(bound, e);
  const onScale = (e: Quantity): boolean => e.value >= bound.value / 2.5 && e.value <= bound.value * 2.5;
  const series = view.index.items.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && holdsAllAnchors(view, unit));
  const values = series.flatMap((unit) => unit.features.quantities.filter((e) => e.hasUnit && e.dimension === bound.dimension).map((e) => ({ unit, e })));
  const measured = values.some(({ e }) => named(e)) ? values.filter(({ e }) => named(e)) : values.filter(({ e }) => onScale(e));
  // One measure only: two on the same scale leave unclear which the claim is about.
  if (measured.length < 2 || new Set(measured.map(({ e }) => e.key.join('+'))).size > 1) return undefined;
  const outside = measured.find(({ e }) => !satisfiesBound(bound, e) && !quantityMatches({ ...bound, qualifier: undefined }, e));
  if (!outside || !candidates.length) return undefined;
  return contradicted(outside.unit, `claim says it stayed ${bound.qualifier === 'upper' ? 'under' : 'above'} ${bound.raw.trim()}, ${outside.unit.item.id} says ${outside.e.raw.trim()}`);
}

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
    const counts = quantitiesAt(view, unit).filter((e) => !e.hasUnit);
    return counts.length === 1 && !quantityMatches(quantity, counts[0]!) ? counts[0] : undefined;
  }
  if (quantity.dimension === 'count') return undefined;
  const identifiers = numberedIdentifiers(view);
  if (identifiers.length === 0 || !identifiers.every((id) => hasIdentifier(unit, id))) return undefined;
  if (view.features.times.length > 0 && !view.features.times.every((t) => unit.features.times.some((u) => timeMatches(t, u)))) return undefined;
  // A limit, a target or a threshold (container_memory_limit=14Gi) is a setting, not the record's reading.
  const same = quantitiesAt(view, unit).filter((e) => e.hasUnit && e.dimension === quantity.dimension && !e.key.some((word) => SETTING_KEY_WORDS.has(word)));
  if (same.length === 0 || same.some((e) => quantityMatches(quantity, e) || sharesKey(quantity, e))) return undefined;
  // "598 ms against 640 ms on 11.4.2": a record holding the claim's other figure is the other side of its comparison.
  if (same.some((e) => view.features.quantities.some((mine) => mine !== quantity && quantityMatches(mine, e)))) return undefined;
  // The first figure: a record leads with its measure (mem_working_set=… before mem_limit=…).
  return same[0];
}

/**
 * "A-5512 stayed open for 12 minutes": how long a numbered entity lasted is the span between
 * its first and last timestamped record (fired … resolved). A claimed duration far from that
 * span (more than 5% and a minute off) is contradicted; a duration that matches is grounded by
 * the usual rules (a span of two moments).
 */
export function contradictSpan(view: ClaimView): ClaimVerdict | undefined {
  const durations = view.features.quantities.filter((q) => q.dimension === 'duration' && q.hasUnit && !isBound(q) && q.qualifier !== 'delta');
  const identifiers = numberedIdentifiers(view);
  if (durations.length !== 1 || identifiers.length !== 1 || view.features.times.length > 0) return undefined;
  if (!/\b(?:for|lasted|open|took|remained|stayed|in total|duration)\b/i.test(view.claim.text)) return undefined;
  // "Six minutes after the first reload, alert A-9034 fired": a distance between two events, not how long one lasted.
  const claimed = durations[0]!;
  if (/^\s*(?:after|before|later|earlier|since|ago|into|past)\b/i.test(view.claim.text.slice(claimed.start + claimed.raw.length))) return undefined;
  const identifier = identifiers[0]!;
  const moments: Array<{ seconds: number; unit: IndexedItem }> = [];
  for (const position of view.index.itemsWith(`i:${identifier}`)) {
    const unit = view.index.items[position]!;
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const time of unit.features.times) moments.push({ seconds: time.seconds, unit });
    if (moments.length > 50) return undefined;
  }
  // An alert's own records (fired, resolved) give its life; a status post that mentions it later does not.
  const signals = moments.filter((moment) => moment.unit.item.kind === 'signal');
  const life = signals.length >= 2 ? signals : moments;
  if (life.length < 2) return undefined;
  life.sort((a, b) => a.seconds - b.seconds);
  const first = life[0]!;
  const last = life.at(-1)!;
  const span = last.seconds - first.seconds;
  if (span <= 0 || Math.abs(span - claimed.value) <= Math.max(60, 0.05 * span) || quantityMatches(claimed, { ...claimed, value: span, decimals: 0, scale: 1, raw: `${span}s` })) return undefined;
  const minutes = Math.floor(span / 60);
  const seconds = Math.round(span % 60);
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [first.unit.item.id, last.unit.item.id],
    reason: `claim says ${claimed.raw.trim()}, ${identifier} spans ${minutes} min ${seconds} s (${first.unit.item.id} → ${last.unit.item.id})`,
  };
}

const FIRED_RE = /\b(?:fired|fires|firing|triggered|went off|followed)\b/i;
const ALERT_VERB_AFTER_RE = /^\s+(?:(?:had|has|was|then|also|finally|only|itself)\s+)?(?:fired|fires|triggered|went off|followed|cleared|clears|resolved|resolves|recovered|auto-resolved)\b/i;
const CLEARED_RE = /\b(?:cleared|clears|resolved|resolves|recovered|closed|auto-resolved)\b/i;

/**
 * "ORIG-12 followed at 10:18" against `[signal] alert_id=ORIG-12 fired_at=…T10:08:00Z`: an alert's
 * own records say when it fired and when it cleared; a claimed moment of either is read there.
 */
export function contradictAlertMoment(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // "cleared by 10:53" bounds the moment; it does not give it.
  if (view.wording.after !== undefined || view.wording.before !== undefined) return undefined;
  const times = view.features.times;
  const fired = FIRED_RE.test(view.claim.text);
  const cleared = CLEARED_RE.test(view.claim.text);
  if (times.length !== 1 || fired === cleared) return undefined;
  const ids = numberedIdentifiers(view);
  if (ids.length !== 1) return undefined;
  // The alert must be what fired or cleared ("ORIG-12 followed at …"), not what a fix was for.
  const at = view.claim.text.toLowerCase().indexOf(ids[0]!);
  if (at < 0 || !ALERT_VERB_AFTER_RE.test(view.claim.text.slice(at + ids[0]!.length))) return undefined;
  if (candidates.some((unit) => unit.features.times.some((t) => timeMatches(times[0]!, t)))) return undefined;
  const field = fired ? 'fired_at' : 'resolved_at';
  // The identifier must be the alert's own id, not a host the alert names.
  const records = candidates.filter((unit) => unit.item.kind === 'signal' && unit.features.fields.alert_id?.toLowerCase() === ids[0] && unit.features.fields[field] !== undefined);
  if (records.length !== 1) return undefined;
  const record = records[0]!;
  const stated = extractFeatures(record.features.fields[field]!).times[0];
  if (!stated || timeMatches(times[0]!, stated)) return undefined;
  return contradicted(record, `claim says ${ids[0]} ${fired ? 'fired' : 'cleared'} at ${times[0]!.raw.trim()}, ${record.item.id} says ${field}=${record.features.fields[field]}`);
}

/** A claimed time or date that the evidence gives differently for the same event. */
export function contradictMoment(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // "after 14:10" bounds a search; it is not an event time to compare.
  if (view.wording.after !== undefined || view.wording.before !== undefined) return undefined;
  const anchored = candidates.filter((unit) => holdsSomeAnchor(view, unit));
  // The unit must be about the event the moment dates ("alert fired at 14:02"), not only the subject.
  const aboutEvent = (key: readonly string[], unit: IndexedItem): boolean =>
    key.some((word) => !LIGHT_WORDS.has(word) && !NARRATION_WORDS.has(word) && unit.wordSet.has(word));
  for (const time of view.features.times) {
    if (anchored.some((unit) => unit.features.times.some((t) => timeMatches(time, t)))) continue;
    const unit = candidates.find((u) => u.features.times.length > 0 && sameSubject(view, u) && aboutEvent(time.key, u) && mayContradict(view, u));
    if (unit) return contradicted(unit, `claim says ${time.raw.trim()}, ${unit.item.id} says ${unit.features.times[0]!.raw.trim()}`);
  }
  // "from 14 on 8 June to 88 on 10 June": a claim spanning dates is not contradicted by a record of one other day.
  for (const date of view.features.dates.length === 1 ? view.features.dates : []) {
    if (anchored.some((unit) => unit.features.dates.some((d) => dateMatches(date, d)))) continue;
    const unit =
      candidates.find((u) => u.features.dates.length > 0 && sameSubject(view, u) && aboutEvent(date.key, u)) ??
      // One date for one numbered entity (serial 04A19C): a record that names the entity and
      // gives it one other date states its date differently, whatever it calls the date.
      (view.features.dates.length === 1 && numberedIdentifiers(view).length > 0
        ? candidates.find((u) => u.item.kind !== 'paragraph' && u.features.dates.length === 1 && numberedIdentifiers(view).every((id) => hasIdentifier(u, id)))
        : undefined);
    if (unit) return contradicted(unit, `claim says ${date.raw.trim()}, ${unit.item.id} says ${unit.features.dates[0]!.raw.trim()}`);
  }
  return undefined;
}

/**
 * A document sentence that says what the claim says, but denies it ("Deleted events are not
 * restored" for "Upgrading restores deleted events"): most of the claim's content words, the
 * claim's names, and a negation of one of the claim's own words that the claim does not have.
 */
export function contradictPolarity(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.negated.length > 0 || view.wording.absent.length > 0 || view.wording.hedge) return undefined;
  // A claim that itself denies something ("Nothing under … was deleted") agrees with a denial.
  if (/\b(?:no|nothing|none|never|neither|nor|without)\b/i.test(view.claim.text)) return undefined;
  // So does one that denies the very action in other words ("warns against restarting", "rather than
  // being deleted", "would have stopped accepting writes", "only after that were the workers scaled").
  const deniedInOtherWords = deniedByConstruction(view.claim.text);
  const heavy = [...view.words.entries()].filter(([, weight]) => weight >= 1).map(([word]) => word);
  if (heavy.length < 3) return undefined;
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph' || !holdsAllAnchors(view, unit)) continue;
    const denied = wordingOf(unit).negated;
    if (denied.length === 0) continue;
    // The denial must be about the claim: the word the document denies is one of the claim's,
    // and the clause that denies it holds most of the claim ("New releases do not change it; an
    // account owner can move it …" does not deny "An account owner can change it by hand").
    const clause = unit.text.split(/;|\.\s/).find((part) => readWording(part).negated.some((word) => view.words.has(word)));
    if (!clause) continue;
    if (readWording(clause).negated.some((word) => deniedInOtherWords.has(word))) continue;
    const clauseWords = new Set(extractFeatures(clause).words);
    const shared = heavy.filter((word) => clauseWords.has(word)).length;
    if (shared / heavy.length < 0.6) continue;
    return contradicted(unit, `${unit.item.id} says the opposite (not ${readWording(clause).negated.find((word) => view.words.has(word))})`);
  }
  return undefined;
}

/**
 * The actions a claim denies or defers without a "not": the verb after "against", "rather than",
 * "instead of", "stopped", "refused to" …, and the verb of "only after/once …, was/were X-ed".
 */
function deniedByConstruction(text: string): Set<string> {
  const words = new Set<string>();
  const add = (word: string | undefined): void => {
    const stem = word ? extractFeatures(word).words[0] : undefined;
    if (stem) words.add(stem);
  };
  for (const match of text.matchAll(/\b(?:against|avoid(?:s|ed|ing)?|rather than|instead of|stop(?:s|ped|ping)?|ceas(?:e|es|ed|ing)|halt(?:s|ed|ing)?|refus(?:e|es|ed|ing)(?: to)?|prevent(?:s|ed|ing)?(?: \p{L}+)? from|forbid(?:s|den|ding)?|prohibit(?:s|ed|ing)?)\s+(?:(?:being|been|be|having|to|the|a|an|any)\s+)*(\p{L}+)(?:\s+(\p{L}+))?/giu)) {
    // "the runbook forbids it": what "it" stands for is the action the sentence opens with ("Raising …").
    if (/^(?:it|this|that|them|so)$/i.test(match[1]!)) add(/\b(\p{L}+ing)\b/iu.exec(text)?.[1]);
    else add(match[1]);
    // "stopped accepting writes": the thing no longer done too.
    if (/^stop|^ceas|^halt/i.test(match[0])) add(match[2]);
  }
  // "Only after that were the workers scaled": the participle of the deferred action.
  for (const match of text.matchAll(/\bonly (?:after|once|when)\b[^.;]*?\b(?:was|were|is|are|be|been|got)\s+(?:[\p{L}-]+\s+){0,3}?(\p{L}+(?:ed|en|wn))\b/giu)) add(match[1]);
  return words;
}

/** Word pairs that state opposite sides of one property (stems). */
const OPPOSITES: Array<[string, string]> = [
  ['befor', 'after'], ['includ', 'exclud'], ['public', 'privat'], ['enabl', 'disabl'], ['option', 'requir'],
  ['synchron', 'asynchron'], ['minimum', 'max'], ['higher', 'lower'], ['earlier', 'later'], ['abov', 'below'],
  ['insid', 'outsid'], ['automat', 'manual'], ['accept', 'reject'], ['inbound', 'outbound'], ['upload', 'download'],
  ['encrypt', 'unencrypt'], ['allow', 'deni'], ['ascend', 'descend'], ['increment', 'decrement'], ['share', 'own'],
];

const OPPOSITE_OF = new Map<string, string>(OPPOSITES.flatMap(([a, b]) => [[a, b], [b, a]] as Array<[string, string]>));

/**
 * "AOV is measured after refunds" against "AOV is gross revenue … before refunds": a document
 * sentence about the same thing (most of the claim's other words) that has the opposite of one
 * of the claim's words, and not the word itself.
 */
/**
 * "Any workspace member can rotate a key" against "Only workspace owners and admins can create,
 * rotate or revoke keys": a document that restricts ("only") the very action the claim opens to
 * anyone, naming someone else than the claim's subject.
 */
export function contradictScope(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const universal = /^\s*(?:any|anyone|anybody|everyone|everybody|every|all)\s+(?:(\p{L}+)\s+)?(\p{L}+)?/iu.exec(view.claim.text);
  if (!universal || view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const subjectWords = extractFeatures(`${universal[1] ?? ''} ${universal[2] ?? ''}`).words;
  const rest = [...view.words.keys()].filter((word) => !subjectWords.includes(word) && !LIGHT_WORDS.has(word));
  if (rest.length < 2) return undefined;
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph' || !/\bonly\b/i.test(unit.text)) continue;
    if (rest.filter((word) => unit.wordSet.has(word)).length / rest.length < 0.8) continue;
    // The restriction names others: the claim's own subject word is not among those allowed.
    const head = subjectWords.at(-1);
    if (!head || unit.wordSet.has(head)) continue;
    return contradicted(unit, `claim opens it to ${universal[0].trim().toLowerCase()}, ${unit.item.id} restricts it ("only …")`);
  }
  return undefined;
}

const RELATIONS = new Set(['befor', 'after', 'earlier', 'later', 'abov', 'below', 'insid', 'outsid']);

/** The word as written whose stem is `stem` (for reasons shown to people). */
function surfaceWord(text: string, stem: string): string {
  return (text.match(/\p{L}+/gu) ?? []).find((word) => canonicalStem(word) === stem) ?? stem;
}

/** The stem after the first occurrence of `stem` in a stem sequence. */
function nextStem(stems: readonly string[], stem: string): string | undefined {
  const at = stems.indexOf(stem);
  return at >= 0 ? stems[at + 1] : undefined;
}

export function contradictOpposite(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  // Stopwords too: "before" and "after" carry the fact here.
  const claimStems = stemSequence(view.claim.text);
  const claimTokens = new Set(claimStems);
  const rest = [...view.words.keys()].filter((other) => !LIGHT_WORDS.has(other) && !OPPOSITE_OF.has(other));
  if (rest.length < 2) return undefined;
  for (const word of claimTokens) {
    const opposite = OPPOSITE_OF.get(word);
    if (!opposite || claimTokens.has(opposite)) continue;
    for (const unit of candidates) {
      if (unit.item.kind !== 'paragraph' || !holdsAllAnchors(view, unit)) continue;
      const unitTokens = unitStems(unit);
      if (unitTokens.includes(word) || !unitTokens.includes(opposite)) continue;
      if (rest.filter((other) => unit.wordSet.has(other)).length / rest.length < 0.6) continue;
      // A relation ("after refunds") is opposed only about the same bare noun ("before refunds"):
      // not by any other "before" in the passage, and not when it times an event ("before the failover").
      if (RELATIONS.has(word)) {
        const next = nextStem(claimStems, word);
        if (!next || /^(?:the|a|an|thi|that|these|those|it|its|their|our|your)$/.test(next) || next !== nextStem(unitTokens, opposite)) continue;
      }
      return contradicted(unit, `claim says "${surfaceWord(view.claim.text, word)}", ${unit.item.id} says "${surfaceWord(unit.text, opposite)}"`);
    }
  }
  return undefined;
}

/**
 * "The new certificate was issued by R3" against `issuer=R11`: an identifier the evidence never
 * mentions, where a record has a field named by the claim's own word (issued ~ issuer) holding
 * another identifier-like value.
 */
export function contradictFieldValue(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const unknown = view.features.identifiers.filter((id) => /\d/.test(id) && /\p{L}/u.test(id) && !candidates.some((unit) => hasIdentifier(unit, id)));
  if (unknown.length !== 1) return undefined;
  const claimWords = [...view.words.keys()].filter((word) => word.length >= 4 && !LIGHT_WORDS.has(word));
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries(unit.features.fields)) {
      if (!/^[\p{L}\p{N}][\p{L}\p{N}._:-]{0,23}$/u.test(value) || !/\d/.test(value) || value.toLowerCase() === unknown[0]) continue;
      // An identifier against a plain number (VND-5531 vs licensed_tunnels=1000) is not the same kind of value.
      if (!/\p{L}/u.test(value)) continue;
      const keyWords = splitKeyWords(key);
      if (keyWords.some((k) => claimWords.some((c) => k === c || (k.length >= 4 && (k.startsWith(c) || c.startsWith(k)))))) {
        return contradicted(unit, `claim says ${unknown[0]}, ${unit.item.id} says ${key}=${value}`);
      }
    }
  }
  return undefined;
}

/**
 * "The 718 that failed were roughly 7% of everything sent" against `reminders_sent=18730
 * failed=718`: the claim's part and, beside it in the record, the whole its words name (sent)
 * give the share, 3.8%, not 7%.
 */
export function contradictShare(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const percents = view.features.quantities.filter((q) => q.dimension === 'percent' && !isBound(q) && q.qualifier !== 'delta');
  const counts = view.features.quantities.filter((q) => !q.hasUnit && q.value > 0 && /^\d/.test(q.raw));
  if (percents.length !== 1 || counts.length !== 1 || !/\bof\b/i.test(view.claim.text.slice(percents[0]!.start))) return undefined;
  const [share, part] = [percents[0]!, counts[0]!];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const stated = unit.features.quantities.find((e) => quantityMatches(part, e));
    if (!stated) continue;
    const whole = unit.features.quantities.find((e) => e !== stated && !e.hasUnit && e.value > stated.value && e.key.some((word) => view.words.has(word) && !stated.key.includes(word)));
    if (!whole) continue;
    const actual = (stated.value / whole.value) * 100;
    if (quantityMatches(share, { ...share, value: actual, decimals: 6, qualifier: undefined, raw: '' })) return undefined;
    return contradicted(unit, `claim says ${share.raw.trim()}, ${unit.item.id} gives ${stated.raw.trim()} of ${whole.raw.trim()} = ${actual.toFixed(1)}%`);
  }
  return undefined;
}

const VERSION_RE = /^v?\d+(?:\.\d+){1,3}$/;

/**
 * "Version 2.32.0 is still running on two pods" against `running_version: 2.31.4`: what is the
 * case now is given by a field named for it (the claim's own verb), holding another version.
 */
export function contradictCurrentVersion(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (!/\b(?:still|now|currently|remains?)\b/i.test(view.claim.text)) return undefined;
  const versions = view.features.identifiers.filter((id) => VERSION_RE.test(id));
  if (versions.length !== 1) return undefined;
  const version = versions[0]!.replace(/^v/, '');
  // The claim's own verb ("running"), light or not, names the field.
  const predicate = [...view.words.keys()].filter((word) => word !== 'version' && word.length >= 3);
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries({ ...unit.item.fields, ...unit.features.fields })) {
      if (!VERSION_RE.test(value) || value.replace(/^v/, '') === version) continue;
      if (!splitKeyWords(key).some((word) => predicate.includes(word))) continue;
      return contradicted(unit, `claim says ${versions[0]}, ${unit.item.id} says ${key}=${value}`);
    }
  }
  return undefined;
}

const ROLE_RE = /\b(\p{L}+ed)\s+by\s+([\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+)/gu;

/**
 * "requested by t.lindqvist and approved by m.oyelaran" against `requested_by: m.oyelaran`: a
 * record's field named for the role (requested_by, approver) holds the person who had it.
 */
export function contradictRole(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  for (const match of view.claim.text.matchAll(ROLE_RE)) {
    const role = extractFeatures(match[1]!).words[0];
    const person = match[2]!.toLowerCase();
    if (!role) continue;
    let other: { unit: IndexedItem; key: string; value: string } | undefined;
    // The record must be about the claim's subject: another of its identifiers, or, with none, one of its words (the pause).
    const anchors = view.features.identifiers.filter((id) => id !== person);
    const subjectWords = [...view.words.keys()].filter((word) => word !== role && !LIGHT_WORDS.has(word) && !person.includes(word));
    // "It was approved by p.lindqvist" names no subject at all: any record with the role's field is about it.
    const about = (unit: IndexedItem): boolean =>
      anchors.length > 0 ? anchors.some((id) => hasIdentifier(unit, id)) : subjectWords.length === 0 || subjectWords.some((word) => unit.wordSet.has(word));
    for (const unit of candidates) {
      if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || !about(unit)) continue;
      // A call's arguments are fields too (args.requested_by).
      for (const [key, value] of Object.entries({ ...unit.item.fields, ...unit.features.fields })) {
        if (!splitKeyWords(key).some((word) => word === role || (word.length >= 5 && role.startsWith(word.slice(0, 5))))) continue;
        if (value.toLowerCase() === person) return undefined;
        if (/^[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+$/u.test(value)) other ??= { unit, key, value };
      }
    }
    if (other) return contradicted(other.unit, `claim says ${match[1]} by ${match[2]}, ${other.unit.item.id} says ${other.key}=${other.value}`);
  }
  return undefined;
}

export function contradictState(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const strong = view.wording.states.filter((state) => !isWeakStateWord(state.word));
  const claimStateWords = new Set(view.wording.states.map((state) => state.word.toLowerCase()));
  if (strong.length === 0) return undefined;
  const stateWords = new Set(strong.map((state) => extractFeatures(state.word).words[0] ?? state.word));
  // A state with no subject of its own ("Completed in three minutes.") is about its context (the
  // table row); with neither, nothing says which record it could contradict.
  const context = view.context;
  const hasSubject = [...view.words.keys()].some((word) => !stateWords.has(word) && !LIGHT_WORDS.has(word)) || view.features.identifiers.length + view.features.nameGroups.length > 0;
  if (!hasSubject && !context) return undefined;
  // A row named "DC-West" is not DC-North's: a name of several words needs all of them.
  const aboutContext = (unit: IndexedItem): boolean =>
    !context ||
    context.identifiers.some((id) => hasIdentifier(unit, id)) ||
    (context.nameGroups.length > 0 ? context.nameGroups.some((group) => hasName(unit, group)) : context.words.some((word) => unit.wordSet.has(word)));
  // A cell of the row named by an identifier (| weight_100 | Completed, … |) is about that row's record.
  const rowRecord = (unit: IndexedItem): boolean => context !== undefined && context.identifiers.length > 0 && context.identifiers.every((id) => hasIdentifier(unit, id)) && unit.item.kind !== 'paragraph';
  const subject = atClaimedMoment(view, candidates.filter((u) => (sameSubject(view, u, stateWords) || rowRecord(u)) && aboutContext(u)));
  // A record that states the same thing settles it: another that mentions the opposite is about something else.
  const agrees = (unit: IndexedItem): boolean =>
    strong.every((state) => {
      const unitStates = wordingOf(unit).states.filter((s) => s.group === state.group && !isWeakStateWord(s.word));
      return unitStates.length > 0 && unitStates.every((s) => s.polarity === state.polarity);
    });
  if (subject.some(agrees)) return undefined;
  for (const unit of subject) {
    const unitWording = wordingOf(unit);
    // Taken for its row only, a record speaks to how the step ended, not to every state it names.
    const rowOnly = !sameSubject(view, unit, stateWords);
    for (const state of strong) {
      if (rowOnly && state.group !== 'outcome') continue;
      const unitStates = unitWording.states.filter((s) => s.group === state.group && !isWeakStateWord(s.word));
      // A word the claim itself states ("keep running offline", "Failed …, despite 100% install
      // success") is no opposition from the record: the claim has already said which is which.
      const opposite = unitStates.find((s) => s.polarity !== state.polarity && !claimStateWords.has(s.word.toLowerCase()));
      const same = unitStates.some((s) => s.polarity === state.polarity);
      const failedCall = state.group === 'outcome' && state.polarity === 1 && unit.item.exitOk === false;
      if ((opposite && !same) || failedCall) {
        return contradicted(unit, `claim says "${state.word}", ${unit.item.id} says ${opposite ? `"${opposite.word}"` : 'the call failed'}`);
      }
    }
  }
  return undefined;
}

const TREND_DOWN =
  // "fell within the window", "fell short of": where something lies, not a movement.
  /\b(?:(?:fell|falls?|falling)(?!\s+(?:within|inside|into|under|outside|short|behind|through)\b)|dropped|drops?|declined|declines|decreased|decreases|shrank|went down|slipped|slips|slid|dipped|dips|plunged|plummeted|tumbled|sank|(?:edged|ticked|inched|crept|came) down)\b/i;

const TREND_UP = /\b(?:rose|rises?|rising|grew|grows|increased|increases|climbed|climbs|went up|jumped|jumps|surged|surges|soared|(?:edged|ticked|inched|crept) up)\b/i;

/**
 * A trend without figures ("organic visits fell") against the records of that quantity for
 * that subject: the rows holding the claim's field-value words (channel=organic) and a value
 * keyed by one of its words (visits=…). When the last value moved the other way from the
 * first, the claimed direction is contradicted.
 */
export function contradictTrend(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.negated.length > 0 || view.wording.absent.length > 0) return undefined;
  // "agreed to drop message priorities": an infinitive names an action, not a movement of a figure.
  const trendText = view.claim.text.replace(/\b(?:to|will|would|can|could|should|must)\s+(?:\p{L}+\s+)?(?=\p{L})/gu, (m) => m.replace(/\S/g, '#'));
  const down = TREND_DOWN.test(trendText.replace(/#+\s*\p{L}+/gu, ''));
  const up = TREND_UP.test(trendText.replace(/#+\s*\p{L}+/gu, ''));
  if (down === up) return undefined;
  if (view.features.quantities.length > 0) return contradictTrendTo(view, candidates, down);
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph');
  // The claim's words that name a field value somewhere select the subject's rows.
  const allValueWords = new Set(records.flatMap((unit) => [...fieldValueWords(unit)]));
  const selectors = [...view.words.keys()].filter((word) => allValueWords.has(word));
  // A word may name both a measure and a value elsewhere (holds_placed=…, query=holds_summary):
  // as the measure, it does not also select rows.
  const keyWords = [...new Set([...[...view.words.entries()].filter(([, weight]) => weight >= 1).map(([word]) => word), ...selectors])];
  for (const key of keyWords) {
    const series: Array<{ unit: IndexedItem; value: number; dimension: string }> = [];
    for (const unit of records) {
      if (!selectors.every((word) => word === key || fieldValueWords(unit).has(word))) continue;
      // The measure named by the word alone (holds=…), else the one field it names (holds_placed=…).
      const exact = unit.features.quantities.filter((q) => q.key.length === 1 && q.key[0] === key);
      // The other words of that field name must not narrow it to a kind of it: holds_placed is
      // holds, bookings_cancelled is not bookings.
      const values =
        exact.length > 0 ? exact : unit.features.quantities.filter((q) => q.key.includes(key) && q.key.every((word) => word === key || NEUTRAL_KEY_PARTS.has(word) || view.words.has(word)));
      if (values.length === 1) series.push({ unit, value: values[0]!.value, dimension: values[0]!.dimension });
    }
    // One measure of one source: rows of another file or another dimension are another series.
    if (series.length < 2 || series.some((entry) => entry.unit.item.file !== series[0]!.unit.item.file || entry.dimension !== series[0]!.dimension)) continue;
    // In time order: by the period the rows differ in (quarter=2026Q2 before 2026Q3), else as listed.
    const period = periodField(series.map((entry) => entry.unit));
    series.sort((a, b) => (period ? (periodOf(a.unit.features.fields[period] ?? '') ?? '').localeCompare(periodOf(b.unit.features.fields[period] ?? '') ?? '') : 0) || a.unit.item.line - b.unit.item.line);
    const first = series[0]!;
    const last = series[series.length - 1]!;
    if ((down && last.value > first.value) || (up && last.value < first.value)) {
      return contradicted(last.unit, `claim says ${down ? 'down' : 'up'}, ${first.unit.item.id} → ${last.unit.item.id} goes from ${first.value} to ${last.value}`);
    }
  }
  return undefined;
}

/** Words of a field name that count the thing itself, not a kind of it (holds_placed, orders_total). */
const NEUTRAL_KEY_PARTS = new Set([
  'place', 'total', 'count', 'receiv', 'creat', 'made', 'record', 'regist', 'submit', 'new', 'all', 'sold', 'issu', 'log', 'num', 'n',
  // … or says over what time it was counted (errors_in_window, orders_daily).
  'window', 'period', 'interv', 'day', 'daili', 'week', 'weekli', 'month', 'monthli', 'hour', 'hourli', 'minut', 'min',
]);

const PERIOD_RE = /(?<![\p{L}\d])(\d{4})(?:[-/ ]?(?:(Q)([1-4])|(W)(\d{1,2})|(\d{1,2}))(?:[-/](\d{1,2}))?)?(?!\d)|(?<![\p{L}\d])(?:(Q)([1-4])|(W)(\d{1,2}))(?!\d)/iu;

/**
 * A period written in a value (2026-07, 2026-8, 2026Q3, 2026-W9, AP-2025-07, W10), as a string
 * that sorts in time order: numbers padded, so W9 comes before W10 and 2026-8 before 2026-10.
 */
function periodOf(value: string): string | undefined {
  const match = PERIOD_RE.exec(value);
  if (!match) return undefined;
  const pad = (n: string | undefined): string => (n ?? '').padStart(2, '0');
  if (match[1] === undefined) return match[8] ? `0000-Q${match[9]}` : `0000-W${pad(match[11])}`;
  if (match[2]) return `${match[1]}-Q${match[3]}`;
  if (match[4]) return `${match[1]}-W${pad(match[5])}`;
  return match[6] ? `${match[1]}-M${pad(match[6])}-${pad(match[7])}` : match[1];
}

/** The one field whose values differ between the rows and read as periods (2026Q2, 2026-09), if any. */
function periodField(units: readonly IndexedItem[]): string | undefined {
  const fields = Object.keys(units[0]!.features.fields).filter((field) => field !== 'row' && !/^[-+]?[\d.,]+%?$/.test(units[0]!.features.fields[field]!));
  const differing = fields.filter((field) => new Set(units.map((unit) => unit.features.fields[field])).size > 1);
  if (differing.length !== 1) return undefined;
  const field = differing[0]!;
  return units.every((unit) => periodOf(unit.features.fields[field] ?? '') !== undefined) ? field : undefined;
}

/**
 * "Grew slightly to 14,980 rides": the figure is the series' new value. The record that gives it
 * and the record before it in the same series (the same fields but one, e.g. month=2026-04 for
 * month=2026-05, district=Nordpark in both) show which way it moved.
 */
function contradictTrendTo(view: ClaimView, candidates: IndexedItem[], down: boolean): ClaimVerdict | undefined {
  // "fell by about a third, to 1.6%": the change's size, if the claim gives one, is checked too.
  const change = claimedChange(view.claim.text, view.features.quantities);
  // "still the highest of the four": a count in words is not the series' value.
  const figures = view.features.quantities.filter((q) => q !== change?.quantity && !isBound(q) && q.qualifier !== 'delta' && !(!q.hasUnit && /^\p{L}/u.test(q.raw)));
  if (figures.length !== 1 || !/\bto\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$/i.test(view.claim.text.slice(0, figures[0]!.start))) return undefined;
  const figure = figures[0]!;
  const judge = (unit: IndexedItem, from: Quantity, to: Quantity, where: string): ClaimVerdict | undefined => {
    if ((down && to.value > from.value) || (!down && to.value < from.value)) {
      return contradicted(unit, `claim says ${down ? 'down' : 'up'} to ${figure.raw.trim()}, ${where} goes from ${from.raw.trim()} to ${to.raw.trim()}`);
    }
    if (change && from.value !== 0) {
      const actual = Math.abs(to.value - from.value) / Math.abs(from.value);
      const slack = (share: number): number => Math.max(0.05, (change.approximate ? 0.25 : 0.1) * share);
      // "fell by 0.4%, to 2.1%": on a percentage, "by" may give points (2.5 → 2.1).
      const points = to.dimension === 'percent' && change.quantity !== undefined && Math.abs(Math.abs(to.value - from.value) / 100 - change.share) <= slack(change.share);
      if (!points && Math.abs(actual - change.share) > slack(change.share)) {
        return contradicted(unit, `claim says ${down ? 'down' : 'up'} by ${change.wording}, ${where} goes from ${from.raw.trim()} to ${to.raw.trim()} (${(actual * 100).toFixed(1)}%)`);
      }
    }
    return undefined;
  };
  // The tag's row id (row=6]) numbers lines; it is not a field of the series.
  const wordFields = (unit: IndexedItem): Array<[string, string]> => Object.entries(unit.features.fields).filter(([k, v]) => k !== 'row' && !/^[-+]?[\d.,]+%?$/.test(v));
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const match = unit.features.quantities.find((e) => e.key.length > 0 && quantityMatches(figure, e));
    if (!match) continue;
    // "DUN 2026-Q2: … waste_pct=2.86; DUN 2026-Q3: … waste_pct=3.09": one record, one entry per period;
    // `waste_gbp_q2=38400 waste_gbp_q3=33600`: one record, one field per period.
    const previous = previousEntryValue(unit, match) ?? previousFieldValue(unit, match);
    if (previous) return judge(unit, previous, match, unit.item.id);
    const fields = wordFields(unit);
    // The row before in the series: the latest earlier period when the rows name periods
    // (row=AP-2025-07 before AP-2026-07, whichever is listed first), else the nearest line above.
    let previousRow: { other: IndexedItem; before: Quantity; order: string } | undefined;
    for (const position of view.index.itemsWith(`w:${match.key[0]}`)) {
      const other = view.index.items[position]!;
      if (other === unit || other.item.file !== unit.item.file) continue;
      const otherFields = new Map(wordFields(other));
      if (otherFields.size !== fields.length) continue;
      const differing = fields.filter(([k, v]) => otherFields.get(k) !== v);
      let order: [string, string] | undefined;
      if (differing.length === 1) {
        const [field, value] = differing[0]!;
        const periods = [periodOf(otherFields.get(field) ?? ''), periodOf(value)];
        order = periods[0] && periods[1] ? (periods as [string, string]) : other.item.line < unit.item.line ? [String(other.item.line).padStart(9, '0'), ''] : undefined;
      } else if (differing.length === 0) {
        // Rows alike but for the period in their tag (row=AP-2025-07, row=AP-2026-07).
        const [mine, theirs] = [unit.features.fields.row ?? '', other.features.fields.row ?? ''];
        const periods = [periodOf(theirs), periodOf(mine)];
        if (periods[0] && periods[1] && theirs.replace(PERIOD_RE, '') === mine.replace(PERIOD_RE, '')) order = periods as [string, string];
      }
      if (!order || !(order[1] === '' || order[0] < order[1])) continue;
      const before = other.features.quantities.find((e) => e.dimension === match.dimension && e.key.join('+') === match.key.join('+'));
      if (!before) continue;
      if (!previousRow || order[0] > previousRow.order) previousRow = { other, before, order: order[0] };
    }
    if (previousRow) return judge(unit, previousRow.before, match, `${previousRow.other.item.id} → ${unit.item.id}`);
  }
  return undefined;
}

const FRACTIONS: Record<string, number> = { half: 1 / 2, third: 1 / 3, thirds: 2 / 3, quarter: 1 / 4, quarters: 3 / 4, fifth: 1 / 5, fifths: 2 / 5, tenth: 1 / 10, tenths: 3 / 10 };
const BY_FRACTION_RE = /\bby\s+((?:about|around|roughly|nearly|almost|some|just over|just under|over|more than)\s+)?(a|one|two|three)[\s-]+(half|thirds?|quarters?|fifths?|tenths?)\b/i;
const BY_APPROX_RE = /\bby\s+(?:about|around|roughly|nearly|almost|some|just over|just under|close to)\s*$/i;

/** The size of a change the claim gives: "by a quarter", "by about a third", "by about 15%". */
function claimedChange(text: string, quantities: readonly Quantity[]): { share: number; approximate: boolean; wording: string; quantity?: Quantity } | undefined {
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
  const hedged = BY_APPROX_RE.test(text.slice(0, q.start));
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
  // "from 2023 to 2024" are years, not the figures that changed.
  const year = (q: Quantity): boolean => !q.hasUnit && Number.isInteger(q.value) && q.value >= 1900 && q.value <= 2100 && !q.raw.includes(',');
  const from = quantities.find((q) => q !== change && q.dimension !== 'percent' && !year(q) && /\bfrom\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$/i.test(text.slice(0, q.start)));
  const to = quantities.find((q) => q !== change && q.dimension === from?.dimension && /\bto\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$/i.test(text.slice(0, q.start)));
  if (!from || !to || from.value === 0) return undefined;
  const actual = Math.abs(to.value / from.value - 1) * 100;
  const slack = changePercent(text, change)!.approximate ? 0.15 : 0.05;
  if (Math.abs(actual - change.value) <= Math.max(slack * change.value, 0.5 * 10 ** -change.decimals + 1e-9)) return undefined;
  const holding = (q: Quantity): IndexedItem | undefined => candidates.find((unit) => unit.item.kind !== 'reasoning' && quantitiesAt(view, unit).some((e) => quantityMatches(q, e)));
  const [fromUnit, toUnit] = [holding(from), holding(to)];
  if (!fromUnit || !toUnit) return undefined;
  const refs = [...new Set([fromUnit.item.id, toUnit.item.id])];
  const reason = `claim says by ${change.raw.trim()}, ${from.raw.trim()} to ${to.raw.trim()} is ${actual.toFixed(1)}%`;
  return refs.length > 1 ? { partition: 'contradicted', type: 'synthesis', evidence_refs: refs, reason } : contradicted(toUnit, reason);
}

/** `waste_gbp_q2=38400 waste_gbp_q3=33600`: the same measure's field just before, for the period before. */
function previousFieldValue(unit: IndexedItem, figure: Quantity): Quantity | undefined {
  const key = figure.key.join('+');
  const before = unit.features.quantities.filter((e) => e.start < figure.start && e.dimension === figure.dimension && e.key.join('+') === key);
  if (before.length !== 1) return undefined;
  // The two fields' names differ only in a period (waste_gbp_q2 / waste_gbp_q3), not in what they measure (p50 / p99).
  const nameAt = (q: Quantity): string | undefined => /([A-Za-z_][\w.-]*)=\s*$/.exec(unit.text.slice(Math.max(0, q.start - 60), q.start))?.[1]?.toLowerCase();
  const [a, b] = [nameAt(before[0]!), nameAt(figure)];
  if (!a || !b) return undefined;
  const period = /(?:q[1-4]|h[12]|(?:19|20)\d\d(?:[-_]?\d\d)?|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|prev|previous|before|after|last|this|current)/g;
  return a !== b && a.replace(period, '#') === b.replace(period, '#') ? before[0] : undefined;
}

/**
 * The same measure in the entry just before, when a record lists entries of one subject
 * separated by ";" and each opens with the subject's code ("DUN 2026-Q2: …; DUN 2026-Q3: …").
 */
function previousEntryValue(unit: IndexedItem, figure: Quantity): Quantity | undefined {
  const text = unit.text;
  const starts = [0, ...[...text.matchAll(/;\s+/g)].map((m) => m.index + m[0].length)];
  let at = 0;
  while (at + 1 < starts.length && starts[at + 1]! <= figure.start) at++;
  if (at < 1) return undefined;
  const subject = (start: number): string | undefined => /^([A-Z][A-Z0-9_-]{1,15})\s/.exec(text.slice(start))?.[1];
  const mine = subject(starts[at]!);
  if (!mine || subject(starts[at - 1]!) !== mine) return undefined;
  return unit.features.quantities.find(
    (e) => e.start >= starts[at - 1]! && e.start < starts[at]! && e.dimension === figure.dimension && e.key.join('+') === figure.key.join('+'),
  );
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
      const left = theirs.filter((e) => e.dimension === quantity.dimension && e.hasUnit === quantity.hasUnit && !view.features.quantities.some((mine) => quantityMatches(mine, e)));
      if (left.length !== 1) continue;
      if (deriveQuantity(quantity, withSeries(view, quantity, candidates))) continue;
      return contradicted(unit, `claim says ${quantity.raw.trim()}, ${unit.item.id} says ${left[0]!.raw.trim()}`);
    }
    for (const time of times) {
      if (pinnedTimes.includes(time) || candidates.some((other) => other.features.times.some((u) => timeMatches(time, u)))) continue;
      const left = unit.features.times.filter((u) => !times.some((mine) => timeMatches(mine, u)));
      if (left.length !== 1) continue;
      return contradicted(unit, `claim says ${time.raw.trim()}, ${unit.item.id} says ${left[0]!.raw.trim()}`);
    }
  }
  return undefined;
}

/** Ordered levels a record field takes as a word (risk=low, severity=warning), as stems. */
const LEVEL_SCALES: string[][] = [
  ['low', 'medium', 'moder', 'high', 'critic'],
  ['info', 'inform', 'notic', 'warn', 'error', 'critic'],
  ['minor', 'major', 'critic'],
];
/** Keys that hold a level even when the claim does not name them ("a critical alert" for severity=warning). */
const LEVEL_KEYS = new Set(['sever', 'level', 'prioriti']);

/**
 * "The change is rated high risk" against `risk=low`; "CI-4410, a critical alert" against its
 * `severity=warning`: a field that holds a level word, named by the claim (or a severity of the
 * claim's own numbered entity), and a different level of the same scale in the claim.
 */
export function contradictLevel(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.absent.length > 0 || view.wording.negated.length > 0) return undefined;
  const claimWords = new Set(view.words.keys());
  // A level as a word of its own: not inside a name like vpn_auth_reject_rate_high or queue-age-high.
  const written = [...view.claim.text.matchAll(/(?<![\p{L}\p{N}_.-])(\p{L}+)(?![\p{L}\p{N}_-])/gu)].map((match) => canonicalStem(match[1]!.toLowerCase()));
  const claimLevels = LEVEL_SCALES.flat().filter((level) => written.includes(level));
  if (claimLevels.length === 0) return undefined;
  const numbered = numberedIdentifiers(view);
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries(unit.features.fields)) {
      const stated = canonicalStem(value.toLowerCase());
      const scales = LEVEL_SCALES.filter((scale) => scale.includes(stated));
      if (scales.length === 0 || claimWords.has(stated)) continue;
      const other = claimLevels.find((level) => scales.some((scale) => scale.includes(level)));
      if (!other) continue;
      const keyWords = splitKeyWords(key);
      const named = keyWords.some((word) => claimWords.has(word));
      const level = surfaceWord(view.claim.text, other);
      // Unnamed, the level must qualify the alert itself ("a critical alert", "severity warning"), not a measure ("error rate").
      const qualifiesAlert = new RegExp(`\\b${level}\\s+(?:alert|alarm|page|incident|severity|priority)\\b|\\b(?:severity|priority)\\s+(?:of\\s+)?${level}\\b`, 'i');
      const ownSeverity = keyWords.some((word) => LEVEL_KEYS.has(word)) && numbered.length > 0 && numbered.every((id) => hasIdentifier(unit, id)) && qualifiesAlert.test(view.claim.text);
      if (!named && !ownSeverity) continue;
      return contradicted(unit, `claim says "${level}", ${unit.item.id} says ${key}=${value}`);
    }
  }
  return undefined;
}

