// A time, a date or a span the evidence gives otherwise: how long a numbered entity lasted (its
// first to its last record), when an alert fired or cleared (its own fired_at and resolved_at),
// and the moment of the event the claim dates.
import { claimedWindow, spanBoundTimes } from '../claims/window';
import { type CalendarDate, canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { dateMatches, isBound, quantityMatches, timeMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, hasName, holdsSomeAnchor, mayContradict, numberedIdentifiers, sameSubject } from '../claim-view';
import { LIGHT_WORDS, NARRATION_WORDS } from '../words';
import { MOMENT_FIELD_SUFFIXES, phrasePattern } from '../vocabulary/index';
import alerts from '../vocabulary/alerts.json';
import { dateOffsetDerivation } from '../derive/date-offsets';
import { alertIdOf, signalName } from '../records/signals';
import { momentsOf } from '../records/events';

/** Words of an alert's own life, or an alert noun: a duration with them is how long the alert lasted. */
const ALERT_LIFE_RE = phrasePattern([...alerts.lifeWords, ...alerts.nouns]);

/**
 * "A-5512 stayed open for 12 minutes": how long a numbered entity lasted is the span between
 * its first and last timestamped record (fired … resolved). A claimed duration far from that
 * span (more than 5% and a minute off) is contradicted; a duration that matches is grounded by
 * the usual rules (a span of two moments).
 */
export function contradictSpan(view: ClaimView): ClaimVerdict | undefined {
  const durations = view.features.quantities.filter((q) => q.dimension === 'duration' && q.hasUnit && !isBound(q) && q.qualifier !== 'delta');
  if (durations.length !== 1 || view.features.times.length > 0) return undefined;
  const claimed = durations[0]!;
  const after = view.claim.text.slice(claimed.start + claimed.raw.length);
  // "cleaned every eight weeks": an interval between recurrences, not how long something lasted.
  if (/\b(?:every|each)\s+$/i.test(view.claim.text.slice(0, claimed.start))) return undefined;
  // "EDGE-5XX-2 cleared, 48 minutes after it fired": how long the alert itself was open.
  const ownLife = /^\s*after\s+(?:it|the alert|the alarm)\s+(?:had\s+|first\s+)?(?:fired|triggered|went off|was raised|opened)\b/i.test(after);
  if (!ownLife && !/\b(?:for|lasted|open|took|remained|stayed|in total|duration)\b/i.test(view.claim.text)) return undefined;
  // "Six minutes after the first reload, alert A-9034 fired": a distance between two events, not how long one lasted.
  if (!ownLife && /^\s*(?:after|before|later|earlier|since|ago|into|past)\b/i.test(after)) return undefined;
  const identifiers = numberedIdentifiers(view);
  const identifier = identifiers.length === 1 ? identifiers[0] : identifiers.length === 0 ? alertMeant(view, claimed.start) : undefined;
  if (!identifier) return undefined;
  const moments: Array<{ at: number; unit: IndexedItem }> = [];
  for (const position of view.index.itemsWith(`i:${identifier}`)) {
    const unit = view.index.items[position]!;
    // (A tool call's times are those of a request — a search window, a schedule — not of the entity's life.)
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.item.kind === 'tool_call') continue;
    // Moments on their dates and in one zone: fired at 22:10 and resolved at 03:40 the next day is five and a half hours.
    for (const moment of momentsOf(unit)) moments.push({ at: moment.at, unit });
    if (moments.length > 50) return undefined;
  }
  // An alert's own records (fired, resolved) give its life; a status post that mentions it later does not.
  const chosen = ownAlert(view, moments.filter((moment) => moment.unit.item.kind === 'signal'));
  if (chosen === undefined) return undefined;
  // The alert's own records that name it only by its id (alert_id=AIR-TEMP-LOW-C3 cleared_at=…) are of its life too.
  const id = chosen.length > 0 ? alertIdOf(chosen[0]!.unit) : '';
  const signals = id !== '' ? [...chosen, ...alertRecords(view, id, new Set(chosen.map((moment) => moment.unit)))] : chosen;
  const life = signals.length >= 2 ? signals : moments;
  if (life.length < 2) return undefined;
  // A duration of a host, a turbine or a version ("took 4.9.0 in about 15 minutes", "down for three
  // days") is of some step of it, not of everything logged about it: only an alert's life is its span.
  if (!ownLife && signals.length < 2 && !ALERT_LIFE_RE.test(view.claim.text)) return undefined;
  life.sort((a, b) => a.at - b.at);
  const first = life[0]!;
  const last = life.at(-1)!;
  const span = last.at - first.at;
  // Without an alert's own records, the entity's records make one episode only when they are of
  // one log, more than one record, within a day: one line's several times, two logs' clocks and a
  // week of records are no life of it.
  if (life !== signals && (new Set(life.map((moment) => moment.unit.item.file)).size > 1 || first.unit === last.unit || span > 86_400)) return undefined;
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

/**
 * The records of the one alert whose life the claim gives: two alerts that name the entity
 * (AIR-TEMP-LOW-C3 and HUMIDITY-HIGH-C3) are two lives, and the claim's is the one whose records
 * share most of its words ("the C3 low air-temperature alert"); undefined when none stands out.
 */
function ownAlert<T extends { unit: IndexedItem }>(view: ClaimView, signals: T[]): T[] | undefined {
  const byAlert = new Map<string, T[]>();
  for (const signal of signals) {
    const id = alertIdOf(signal.unit);
    byAlert.set(id, [...(byAlert.get(id) ?? []), signal]);
  }
  if (byAlert.size <= 1) return signals;
  const words = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word));
  const scored = [...byAlert.values()].map((records) => ({ records, shared: words.filter((word) => records.some((r) => r.unit.wordSet.has(word))).length }));
  const best = Math.max(...scored.map((s) => s.shared));
  const top = scored.filter((s) => s.shared === best);
  return top.length === 1 && best > 0 ? top[0]!.records : undefined;
}

/** The moments of the signals of one alert, by its id, but for the records already read. */
function alertRecords(view: ClaimView, name: string, read: ReadonlySet<IndexedItem>): Array<{ at: number; unit: IndexedItem }> {
  const found: Array<{ at: number; unit: IndexedItem }> = [];
  for (const position of view.index.itemsWith(`i:${name.toLowerCase()}`)) {
    const unit = view.index.items[position]!;
    if (unit.item.kind !== 'signal' || read.has(unit) || alertIdOf(unit) !== name) continue;
    for (const moment of momentsOf(unit)) found.push({ at: moment.at, unit });
  }
  return found;
}

/**
 * The alert a claim that names none is about ("The queue-lag alert stayed open …", "It stayed
 * open …"): the one alert whose id holds the words before "alert", else the one alert the claim
 * just before names.
 */
function alertMeant(view: ClaimView, durationAt: number): string | undefined {
  const alertIds = (ids: readonly string[]): string[] => [...new Set(ids.filter((id) => [...view.index.itemsWith(`i:${id}`)].some((p) => view.index.items[p]!.item.kind === 'signal')))];
  // (The alert the length is of comes before it: "… for 3 minutes, without waiting for the error-rate alert" is no alert's life.)
  const phrase = /\b((?:[\p{L}\d]+[- ])?[\p{L}\d]+)\s+(?:alert|alarm)\b/iu.exec(view.claim.text);
  const words = phrase && phrase.index < durationAt ? phrase[1]!.toLowerCase().split(/[- ]/) : undefined;
  if (words && !/^(?:the|this|that|an?|its|same)$/.test(words.join(' '))) {
    const signalIds = new Set<string>();
    // ("bet-failure" for TOTE-BET-FAIL-01: a part of the id that opens the word, of three letters or more.)
    const names = (part: string, word: string): boolean => part === word || (part.length >= 3 && word.startsWith(part)) || (word.length >= 3 && part.startsWith(word));
    // ("the critical unlock alert" for UNLOCK-SR-002 with severity=critical: a word may be a value the record gives its alert.)
    const given = (unit: IndexedItem, word: string): boolean => Object.entries(unit.item.fields).some(([field, value]) => !/(?:_at|time|ts)$/.test(field) && value.toLowerCase().split(/[^\p{L}\d]+/u).includes(word));
    for (const unit of view.index.items) {
      if (unit.item.kind !== 'signal') continue;
      const own = signalName(unit).toLowerCase();
      for (const id of unit.features.identifiers) {
        const named = (word: string): boolean => id.split(/[-_]/).some((part) => names(part, word));
        if (words.every(named) || (id === own && words.some(named) && words.every((word) => named(word) || given(unit, word)))) signalIds.add(id);
      }
    }
    return signalIds.size === 1 ? [...signalIds][0] : undefined;
  }
  const condition = conditionAlert(view, durationAt);
  if (condition) return condition;
  if (!/^\s*(?:it|the alert|the alarm|that alert|that alarm|this alert)\b/i.test(view.claim.text)) return undefined;
  const before = view.surroundings.previous[0];
  const named = before ? alertIds(extractFeatures(before.text).identifiers.filter((id) => /\d/.test(id))) : [];
  return named.length === 1 ? named[0] : undefined;
}

/** "The bath was below the low limit for …": a subject, a side of a limit, the limit's words. */
const CONDITION_RE = /\b(\p{L}{3,})\s+(?:was|were|stayed|remained|ran|sat)\s+(below|above|under|over)\s+(?:the|its|their)\s+((?:[\p{L}-]+\s+){0,2}?)(limit|threshold|setpoint|level)\b/iu;
const SIDE_WORDS: Readonly<Record<string, readonly string[]>> = alerts.limitSides;

/**
 * The one alert whose record words the condition the claim gives a length to: "The bath was below
 * the low limit for about 45 minutes" is the life of the one alert whose record says "bath … below
 * low limit" (its subject, its side of the limit and the limit's words), when no other alert does.
 */
function conditionAlert(view: ClaimView, durationAt: number): string | undefined {
  const condition = CONDITION_RE.exec(view.claim.text);
  if (!condition || condition.index > durationAt) return undefined;
  const subject = condition[1]!.toLowerCase();
  const sides = SIDE_WORDS[condition[2]!.toLowerCase()]!;
  const limitWords = [...condition[3]!.toLowerCase().split(/\s+/).filter(Boolean), condition[4]!.toLowerCase()];
  const ids = new Set<string>();
  for (const unit of view.index.items) {
    if (unit.item.kind !== 'signal') continue;
    const words = new Set(unit.lowerText.split(/[^\p{L}\d]+/u));
    if (!words.has(subject) || !sides.some((side) => words.has(side)) || !limitWords.every((word) => words.has(word))) continue;
    const id = alertIdOf(unit);
    if (id !== '') ids.add(id.toLowerCase());
  }
  return ids.size === 1 ? [...ids][0] : undefined;
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
  // The alert must be what fired or cleared ("ORIG-12 followed at …"), not what a fix was for
  // nor another entity the claim names ("… fired when DB-2R passed the limit").
  const lower = view.claim.text.toLowerCase();
  const ids = numberedIdentifiers(view).filter((id) => {
    const at = lower.indexOf(id);
    return at >= 0 && ALERT_VERB_AFTER_RE.test(view.claim.text.slice(at + id.length));
  });
  if (ids.length !== 1) return undefined;
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
  // "after 14:10" bounds a search; it is not an event time to compare. A hedged claim ("it may be
  // worth reviewing on 19 April") dates what might be, not an event of the record.
  if (view.wording.after !== undefined || view.wording.before !== undefined || view.wording.hedge) return undefined;
  const anchored = candidates.filter((unit) => holdsSomeAnchor(view, unit));
  // The unit must be about the event the moment dates ("alert fired at 14:02"), not only the subject.
  // (A person the key names counts in the record's own writing of them: "Tomasz Wieczorek" as by=twieczorek.)
  const aboutEvent = (key: readonly string[], unit: IndexedItem): boolean =>
    key.some((word) => !LIGHT_WORDS.has(word) && !NARRATION_WORDS.has(word) && unit.wordSet.has(word)) ||
    view.features.nameGroups.some((group) => group.some((word) => key.includes(word)) && hasName(unit, group));
  // A window's bounds ("inside the 02:00–04:00 window") are no event's time: window-fit.ts reads them.
  const window = claimedWindow(view.claim.text, view.features.times);
  // ("the 02:30–03:00 average": the times bound what was averaged, not when anything happened.)
  const spans = spanBoundTimes(view.claim.text, view.features.times);
  for (const time of view.features.times) {
    if ((window && (time === window.start || time === window.end)) || spans.has(time)) continue;
    if (anchored.some((unit) => unit.features.times.some((t) => timeMatches(time, t)))) continue;
    // A record that gives the claimed time itself is no counter-example, whatever other times it holds.
    const unit = candidates.find((u) => u.features.times.length > 0 && !u.features.times.some((t) => timeMatches(time, t)) && sameSubject(view, u) && aboutEvent(time.key, u) && mayContradict(view, u));
    if (unit) return contradicted(unit, `claim says ${time.raw.trim()}, ${unit.item.id} says ${unit.features.times[0]!.raw.trim()}`);
  }
  // "from 14 on 8 June to 88 on 10 June": a claim spanning dates is not contradicted by a record of one other day.
  for (const date of view.features.dates.length === 1 ? view.features.dates : []) {
    if (anchored.some((unit) => unit.features.dates.some((d) => dateMatches(date, d)))) continue;
    // "kept for 14 days, so until 1 May": a date that is a record's date plus a period is that record's consequence, not another account of it.
    if (dateOffsetDerivation(view, date, candidates)) continue;
    const unit =
      // (A document's own date, "Last reviewed: 2024-05-20", dates the document, not the claim's event.)
      candidates.find((u) => u.features.dates.length > 0 && !u.features.dates.some((d) => dateMatches(date, d)) && sameSubject(view, u) && aboutEvent(date.key, u) && mayContradict(view, u)) ??
      // One date for one numbered entity (serial 04A19C): a record that names the entity and
      // gives it one other date states its date differently, whatever it calls the date.
      (view.features.dates.length === 1 && numberedIdentifiers(view).length > 0
        ? candidates.find((u) => u.item.kind !== 'paragraph' && u.features.dates.length === 1 && !dateMatches(date, u.features.dates[0]!) && numberedIdentifiers(view).every((id) => hasIdentifier(u, id)))
        : undefined);
    if (unit) return contradicted(unit, `claim says ${date.raw.trim()}, ${unit.item.id} says ${unit.features.dates[0]!.raw.trim()}`);
  }
  return undefined;
}

/**
 * "r.lindqvist approved it on 9 April" against approved_at=2026-04-08: the act the claim dates
 * (the participle just before the date or time) names a field of a record (approved_at,
 * acked_time), and that field gives the act another date or time — though another field of the
 * record (the window) has the claimed one.
 */
export function contradictActMoment(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const text = view.claim.text;
  const moments = [...view.features.dates.map((date) => ({ kind: 'date' as const, date, start: date.start, raw: date.raw })), ...view.features.times.map((time) => ({ kind: 'time' as const, time, start: time.start, raw: time.raw }))];
  const spans = spanBoundTimes(text, view.features.times);
  for (const moment of moments) {
    // "fired on the 02:30–03:00 average": the times bound the average, not the act's moment.
    if (moment.kind === 'time' && spans.has(moment.time)) continue;
    // The participle, at most two words (no figure among them) before "on" or "at": "approved it
    // on", "cleared at"; not "the approved maintenance window on" (after an article it describes a
    // thing), not "the 01:00–03:00 window", not "cleared by" (a deadline).
    const found = /(?<!\b(?:the|a|an|its|their|our|this|that|these|those|his|her)\s+)\b(\p{L}{3,}ed|complete)\b(?:\s+(?!\d)\S+){0,2}\s+(on|at|around|about|by)\s+(?:the\s+)?$/iu.exec(text.slice(Math.max(0, moment.start - 60), moment.start));
    const act = found?.[1];
    if (!act) {
      const planned = moment.kind === 'date' ? plannedAgainst(view, candidates, moment.date, text.slice(Math.max(0, moment.start - 30), moment.start)) : undefined;
      if (planned) return planned;
      continue;
    }
    // "complete by 10:15": a deadline, met by any time up to it (of a clock time only).
    const deadline = found![2]!.toLowerCase() === 'by';
    if (deadline && moment.kind !== 'time') continue;
    const verb = canonicalStem(act.toLowerCase());
    const namesAct = (part: string): boolean => part.length >= 3 && (verb.startsWith(part) || part.startsWith(verb));
    let against: { unit: IndexedItem; field: string; value: string } | undefined;
    for (const unit of candidates) {
      if (unit.item.kind === 'paragraph' || !mayContradict(view, unit) || !sameSubject(view, unit)) continue;
      for (const [field, value] of Object.entries(unit.features.fields)) {
        const parts = field.toLowerCase().split(/[_.\-]+/);
        if (parts.length < 2 || !MOMENT_FIELD_SUFFIXES.has(parts.at(-1)!) || !parts.slice(0, -1).some((part) => namesAct(canonicalStem(part)))) continue;
        const stated = extractFeatures(value);
        const same =
          moment.kind === 'date'
            ? stated.dates.some((d) => dateMatches(moment.date, d))
            : stated.times.some((t) => timeMatches(moment.time, t) || (deadline && (t.utc ?? t.seconds) <= (moment.time.utc ?? moment.time.seconds)));
        if (same) return undefined;
        const given = moment.kind === 'date' ? stated.dates.length > 0 : stated.times.length > 0;
        if (given) against ??= { unit, field, value };
      }
    }
    if (against) return contradicted(against.unit, `claim says ${act} ${moment.raw.trim()}, ${against.unit.item.id} says ${against.field}=${against.value}`);
  }
  return undefined;
}

/** Wording that dates a plan: "is planned for", "scheduled for", "booked for", "due on". */
const PLANNED_RE = /\b(?:planned|scheduled|booked|due|set|pencilled in)\s+(?:for|on)\s+(?:the\s+)?$/i;

/**
 * "A second attempt at GW-12 is planned for 17 October" against `next_attempt: 2024-10-16`: a
 * plan's date, where a record of the claim's subject has a field named by one of the claim's
 * own words (attempt) that holds one date, another one.
 */
function plannedAgainst(view: ClaimView, candidates: IndexedItem[], date: CalendarDate, before: string): ClaimVerdict | undefined {
  if (!PLANNED_RE.test(before)) return undefined;
  const words = new Set([...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word)));
  let against: { unit: IndexedItem; field: string; value: string } | undefined;
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || !mayContradict(view, unit) || !sameSubject(view, unit)) continue;
    for (const [field, value] of Object.entries(unit.features.fields)) {
      const parts = field.toLowerCase().split(/[_.\-]+/).filter((part) => /^[a-z]{4,}$/.test(part));
      if (!parts.some((part) => words.has(canonicalStem(part)))) continue;
      const dates = extractFeatures(value).dates;
      if (dates.length !== 1) continue;
      if (dateMatches(date, dates[0]!)) return undefined;
      against ??= { unit, field, value };
    }
  }
  return against ? contradicted(against.unit, `claim says ${date.raw.trim()}, ${against.unit.item.id} says ${against.field}=${against.value}`) : undefined;
}
