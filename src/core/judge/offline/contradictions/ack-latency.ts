// How soon a page was acknowledged: "Dev Patel was paged and acknowledged within a minute" while
// the pager logged the page at 13:54:20 and the ack at 13:56:48; "K. Jayasinghe … acknowledged it
// within 5 minutes" against `[page] … sent_at=02:30:20 ack_at=02:41:05`. The acknowledgement is a
// record with an ack time field, or one whose words say it was acknowledged; it starts from the
// same record's sent or fired time, else the page or alert record of the same alert before it.
// The one acknowledgement of the claim's alert, person or moment answers a bound the claim gives.
import { extractFeatures, type EvidenceIndex, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { spanText } from '../records/events';
import { signalName } from '../records/signals';
import { perIndex } from '../records/per-index';
import alerts from '../vocabulary/alerts.json';

const ACK_CLAIM_RE = /\backnowledg\w*|\backed\b/i;
/**
 * "within a minute", "in under 5 minutes", "inside two minutes", "within the runbook's five-minute
 * target": a bound on how long it took.
 */
const WITHIN_RE = /\b(?:within|in\s+under|under|inside|in\s+less\s+than)\s+(?:(?:the|its|their|our)\s+(?:[\p{L}'’-]+\s+){0,2}?)?(?:about\s+|around\s+)?$/iu;
const ACK_FIELD_RE = new RegExp(`^(?:${alerts.ackFields.join('|')})$`, 'i');
const START_FIELD_RE = new RegExp(`^(?:${alerts.pageFields.join('|')})$`, 'i');
const ACK_WORD_RE = /(?<![\p{L}])(?:ack|acked|acknowledged)(?![\p{L}])/iu;
const PAGE_WORD_RE = /(?<![\p{L}])(?:paged|page\s+sent|notified)(?![\p{L}])/iu;

interface Ack {
  unit: IndexedItem;
  at: number;
  from: number;
  fromRef: string;
}

export function contradictAckLatency(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  const text = view.claim.text;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0 || !ACK_CLAIM_RE.test(text)) return undefined;
  const durations = view.features.quantities.filter((q) => q.dimension === 'duration' && q.hasUnit && WITHIN_RE.test(text.slice(0, q.start)));
  if (durations.length !== 1) return undefined;
  const bound = durations[0]!;
  const acks = acknowledgementsOf(view.index).filter((ack) => aboutClaim(view, ack.unit));
  // The claim's own moment picks among several: the page it times ("02:30 — … paged").
  const time = view.features.times[0];
  const timed = time ? acks.filter((ack) => Math.abs(secondsOfDay(ack.from) - time.seconds) <= 120) : acks;
  // (One acknowledgement written twice, by the alert and by the panel, at the same moment: timed from the earliest start.)
  const oneMoment = timed.length > 1 && timed.every((ack) => Math.abs(ack.at - timed[0]!.at) <= 60);
  const chosen = timed.length === 1 ? timed[0]! : oneMoment ? [...timed].sort((a, b) => a.from - b.from)[0] : undefined;
  if (!chosen) return undefined;
  const span = chosen.at - chosen.from;
  // ("within about five minutes" allows a tenth more.)
  const slack = /\b(?:about|around|roughly)\s+$/i.test(text.slice(0, bound.start)) ? 1.1 : 1;
  if (span <= 0 || span <= bound.value * slack) return undefined;
  return contradicted(chosen.unit, `claim says within ${bound.raw.trim()}, ${chosen.fromRef} to the acknowledgement in ${chosen.unit.item.id} is ${spanText(span)}`);
}

function secondsOfDay(at: number): number {
  return ((at % 86_400) + 86_400) % 86_400;
}

/** Every acknowledgement the records give, with the moment it answers, read once per index. */
const acknowledgementsOf = perIndex((index: EvidenceIndex): Ack[] => {
  const out: Ack[] = [];
  const timedUnits = index.items.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.length > 0);
  for (const unit of timedUnits) {
    const fields = Object.entries(unit.item.fields);
    const ackField = fields.find(([key]) => ACK_FIELD_RE.test(key));
    const startField = fields.find(([key]) => START_FIELD_RE.test(key));
    if (ackField && startField) {
      const [ack, start] = [momentIn(ackField[1]), momentIn(startField[1])];
      if (ack !== undefined && start !== undefined) out.push({ unit, at: ack, from: start, fromRef: `${unit.item.id} ${startField[0]}` });
      continue;
    }
    // An alert's own ack record (`alert_id=X acked_at=…`): it answers the latest record of that alert that fired or paged.
    if (ackField && unit.item.kind === 'signal') {
      const ack = momentIn(ackField[1]);
      const name = signalName(unit);
      const start = ack === undefined ? undefined : latestStart(timedUnits.filter((other) => other !== unit && other.item.kind === 'signal' && signalName(other) === name), ack);
      if (ack !== undefined && start) out.push({ unit, at: ack, from: start.at, fromRef: `${start.unit.item.id} ${start.field}` });
      continue;
    }
    if (!ACK_WORD_RE.test(unit.text) || unit.item.kind === 'signal') continue;
    const at = momentIn(unit.text);
    if (at === undefined) continue;
    // The page or the alert it answers: the latest record before it naming the same alert.
    const alert = unit.features.identifiers.find((id) => /\d/.test(id) && timedUnits.some((other) => other.item.kind === 'signal' && other.identifierSet.has(id)));
    if (!alert) continue;
    const before = timedUnits
      // (Not another record of the acknowledgement itself: `acked_at=02:09:15` is no page.)
      .filter((other) => other !== unit && other.identifierSet.has(alert) && (PAGE_WORD_RE.test(other.text) || other.item.kind === 'signal') && !isAcknowledgement(other))
      .map((other) => ({ other, at: momentIn(other.text) }))
      .filter((o): o is { other: IndexedItem; at: number } => o.at !== undefined && o.at <= at)
      .sort((a, b) => b.at - a.at)[0];
    if (before) out.push({ unit, at, from: before.at, fromRef: before.other.item.id });
  }
  return out;
});

/** The latest of the records that holds a fired or paged time at or before a moment, with that field. */
function latestStart(records: readonly IndexedItem[], before: number): { unit: IndexedItem; at: number; field: string } | undefined {
  let best: { unit: IndexedItem; at: number; field: string } | undefined;
  for (const unit of records) {
    const field = Object.entries(unit.item.fields).find(([key]) => START_FIELD_RE.test(key));
    const at = field ? momentIn(field[1]) : undefined;
    if (field && at !== undefined && at <= before && (!best || at > best.at)) best = { unit, at, field: field[0] };
  }
  return best;
}

/** A record that acknowledges: an ack time field, or the words of one. */
function isAcknowledgement(unit: IndexedItem): boolean {
  return Object.keys(unit.item.fields).some((key) => ACK_FIELD_RE.test(key)) || ACK_WORD_RE.test(unit.text);
}

/** The first moment a text gives, in seconds (days since the epoch counted when it is dated). */
function momentIn(text: string): number | undefined {
  const { times, dates } = extractFeatures(text);
  const time = times[0];
  if (!time) return undefined;
  const date = dates[0];
  const day = date ? Date.UTC(date.year ?? 2000, date.month - 1, date.day ?? 1) / 86_400_000 : 0;
  return day * 86_400 + (time.utc ?? time.seconds);
}

/** Whether an acknowledgement is of what the claim names: its alert, or its person; any, when it names neither. */
function aboutClaim(view: ClaimView, unit: IndexedItem): boolean {
  const ids = view.features.identifiers.filter((id) => /\d/.test(id));
  if (ids.length > 0) return ids.some((id) => unit.identifierSet.has(id));
  const surnames = [...view.claim.text.matchAll(/(?<![\p{L}])\p{Lu}\.?\s?(\p{Lu}\p{Ll}{2,})(?![\p{L}])|(?<![\p{L}])\p{Lu}\p{Ll}+\s+(\p{Lu}\p{Ll}{2,})(?![\p{L}])/gu)].map((m) => (m[1] ?? m[2])!.toLowerCase());
  // A login as written (m.lindqvist) names its person too.
  const logins = [...view.claim.text.toLowerCase().matchAll(/(?<![\w.])[a-z]\.?([a-z]{3,})(?=[\s,.;]|$)/g)].filter((m) => m[0].includes('.')).map((m) => m[1]!);
  const people = [...surnames, ...logins];
  // (A claim naming neither, "the alarm was acknowledged within …", speaks of the one acknowledgement there is.)
  return people.length === 0 || people.some((name) => unit.lowerText.includes(name));
}
