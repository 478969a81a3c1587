// The time of an act that its own record gives otherwise: "… paged to t.wren, who acknowledged it
// at 03:21" while the log has `03:31:52 … REEF-PWR-014 acknowledged by t.wren`. The time follows
// the act's participle ("acknowledged it at", "cleared at"); the records of the act are the timed
// records that word the same verb and write the person or the numbered thing the claim names.
// One or two such records, none at the claimed minute, give the act another time. (Acts known by a
// field of their own, acked_at=, are moments.ts's.)
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { timeMatches } from '../derive/matching';
import { spanBoundTimes } from '../claims/window';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, numberedIdentifiers } from '../claim-view';
import { statedPlainly } from '../align/table-alignment';
import { escapePhrase } from '../vocabulary';

/**
 * The participle right before a time: "acknowledged it at", "cleared at about", "reloaded first,
 * at". Only an object, a particle or an order word between ("upgraded last, starting at" times
 * the start, not the upgrade).
 */
const ACT_BEFORE_TIME_RE = /(?<!\b(?:the|a|an|its|their|our|this|that)\s+)\b(\p{L}{3,}ed)\b(?:\s+(?:it|them|him|her|up|back|off|out|down|over|again))?(?:\s+(?:first|last|next|again|finally),?)?\s+(?:at|around|about)\s+(?:about\s+|around\s+)?$/iu;
/** A person's id as records write it: t.wren, m.okafor. */
const USER_ID_RE = /^[a-z][a-z-]*\.[a-z][a-z-]+$/;
/** More records of one act than this are a routine, not one act. */
const MAX_RECORDS = 2;

export function contradictActTime(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const text = view.claim.text;
  const ids = [...numberedIdentifiers(view), ...view.features.identifiers.filter((id) => USER_ID_RE.test(id))];
  if (ids.length === 0) return undefined;
  const spans = spanBoundTimes(text, view.features.times);
  const lower = text.toLowerCase();
  for (const time of view.features.times) {
    if (spans.has(time)) continue;
    const act = ACT_BEFORE_TIME_RE.exec(text.slice(Math.max(0, time.start - 60), time.start))?.[1];
    if (!act) continue;
    const verb = canonicalStem(act.toLowerCase());
    // Whose act it is: a person or a thing the claim names before the time ("Wave 3 started at 13:00 with CNC-4" times the wave, not CNC-4).
    const anchors = ids.filter((id) => {
      const at = lower.indexOf(id.toLowerCase());
      return at >= 0 && at < time.start;
    });
    if (anchors.length === 0) continue;
    const records = recordsOfAct(view, anchors, verb);
    if (records.length === 0 || records.length > MAX_RECORDS) continue;
    if (records.some((unit) => unit.features.times.some((t) => timeMatches(time, t)))) continue;
    const unit = records[0]!;
    return contradicted(unit, `claim says ${act} at ${time.raw}; ${unit.item.id} records it at ${unit.features.times[0]!.raw}`);
  }
  return undefined;
}

/** Timed records that word the verb and write one of the claim's people or numbered things. */
function recordsOfAct(view: ClaimView, anchors: readonly string[], verb: string): IndexedItem[] {
  // ("M-HJY-KF-17 not departed 15 min after schedule" records that the act had not happened.)
  const denied = new RegExp(`\\b(?:not|never|no|without)\\s+(?:\\S+\\s+)?${escapePhrase(verb)}`, 'i');
  const positions = new Set(anchors.flatMap((id) => [...view.index.itemsWith(`i:${id}`)]));
  return [...positions]
    .map((position) => view.index.items[position]!)
    .filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.length > 0 && unit.wordSet.has(verb) && anchors.some((id) => hasIdentifier(unit, id)) && !denied.test(unit.lowerText));
}
