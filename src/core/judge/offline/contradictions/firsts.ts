// The first (or last) of several to do something, against the order of their records:
// "ent-api-1 is the first host to log an exhausted Redis pool" while ent-api-2 logged it at
// 06:52:31 and ent-api-1 only at 06:53:40; "mm-svc-euw-2 was the first pod to reconnect" while
// mm-svc-euw-1 connected eleven seconds before it; "the first unlock timeouts appeared on lg-2" while
// lg-1 logged one 39 seconds earlier. The claimed one is an identifier; its siblings
// share its name up to the last separator (ent-api-*, fulfilment-router-7c4b9-*). The event is the
// clause after "to"; its records are the timed records of a sibling holding most of its words.
import { extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { CLAUSE_BREAK, momentOf } from '../records/events';
import { LIGHT_WORDS } from '../words';
import order from '../vocabulary/order.json';

const ID = '([a-z][\\w]*(?:[-_.][\\w]+)+)';
const PLACE = `(${order.firsts.join('|')}|${order.lasts.join('|')})`;
// "ent-api-1 was the first host to log …", "the first pod to leave the group was fulfilment-router-7c4b9-k2xwp".
const NAMED_FIRST_RE = new RegExp(`(?<![\\w.-])${ID}\\s+(?:is|was|were|became)\\s+(?:also\\s+)?(?:the\\s+)?${PLACE}\\s+(?:[\\p{L}-]+\\s+){0,2}?to\\s+(.+)$`, 'iu');
const FIRST_NAMED_RE = new RegExp(`\\bthe\\s+${PLACE}\\s+(?:[\\p{L}-]+\\s+){0,2}?to\\s+(.+?)\\s+(?:is|was)\\s+${ID}`, 'iu');

// "the first unlock timeouts appeared on lg-2", "the first errors came from api-2": where the event's first records were.
const FIRST_ON_RE = new RegExp(`\\bthe\\s+${PLACE}\\s+((?:[\\p{L}-]+\\s+){1,4}?)(?:appeared|occurred|showed\\s+up|came|surfaced|were\\s+(?:seen|logged|recorded)|was\\s+(?:seen|logged|recorded))\\s+(?:on|at|in|from)\\s+(?:[\\p{L}-]+\\s+){0,2}?${ID}(?![\\w-])(?!\\s+(?:pod|host|node|server|service|instance)\\b)`, 'iu');

export function contradictFirstOfSeveral(view: ClaimView): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0 || view.wording.absent.length > 0) return undefined;
  const stated = placeStated(view.claim.text);
  if (!stated) return undefined;
  const prefix = stated.id.slice(0, Math.max(stated.id.lastIndexOf('-'), stated.id.lastIndexOf('_'), stated.id.lastIndexOf('.')) + 1);
  if (prefix.length < 3) return undefined;
  const words = eventWords(stated.event);
  if (words.length === 0) return undefined;
  // Each sibling's records of the event, scored by the event's words they hold.
  const scored: Array<{ unit: IndexedItem; who: string; score: number }> = [];
  for (const unit of view.index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || unit.features.times.length === 0) continue;
    const who = [...unit.identifierSet].filter((id) => id.startsWith(prefix) && id.length > prefix.length);
    if (who.length !== 1) continue;
    const score = words.filter((word) => unit.wordSet.has(word) || unit.wordSet.has(word.replace(/^re(?=\w{4})/, ''))).length;
    if (score > 0) scored.push({ unit, who: who[0]!, score });
  }
  const top = Math.max(0, ...scored.map((s) => s.score));
  if (top * 2 < words.length || top < Math.min(2, words.length)) return undefined;
  const firstAt = new Map<string, { unit: IndexedItem; at: number; raw: string }>();
  const wantLast = order.lasts.includes(stated.place);
  for (const { unit, who } of scored.filter((s) => s.score === top)) {
    const moment = momentOf(unit);
    const known = firstAt.get(who);
    // A sibling's own first (or last) record of the event.
    if (!known || (wantLast ? moment.at > known.at : moment.at < known.at)) firstAt.set(who, moment);
  }
  const claimed = firstAt.get(stated.id);
  if (!claimed || firstAt.size < 2) return undefined;
  const others = [...firstAt.entries()].filter(([who]) => who !== stated.id);
  const beaten = others.reduce<(typeof others)[number] | undefined>((best, entry) => {
    const ahead = wantLast ? entry[1].at > claimed.at : entry[1].at < claimed.at;
    if (!ahead) return best;
    return !best || (wantLast ? entry[1].at > best[1].at : entry[1].at < best[1].at) ? entry : best;
  }, undefined);
  if (!beaten) return undefined;
  const [who, record] = beaten;
  return contradicted(record.unit, `claim says ${stated.id} was ${stated.place}, but ${record.unit.item.id} shows ${who} at ${record.raw}, ${wantLast ? 'after' : 'before'} ${stated.id} (${claimed.unit.item.id}, ${claimed.raw})`);
}

function placeStated(text: string): { id: string; place: string; event: string } | undefined {
  const named = NAMED_FIRST_RE.exec(text);
  if (named) return { id: named[1]!.toLowerCase(), place: named[2]!.toLowerCase(), event: named[3]! };
  const first = FIRST_NAMED_RE.exec(text);
  if (first) return { id: first[3]!.toLowerCase(), place: first[1]!.toLowerCase(), event: first[2]! };
  const on = FIRST_ON_RE.exec(text);
  if (on) return { id: on[3]!.toLowerCase(), place: on[1]!.toLowerCase(), event: on[2]! };
  return undefined;
}

/** The event's content words, up to the end of its clause ("log an exhausted Redis pool (64/64)" → log, exhaust, redi, pool). */
function eventWords(event: string): string[] {
  const clause = event.split(CLAUSE_BREAK)[0]!;
  return [...new Set(extractFeatures(clause).words.filter((word) => !LIGHT_WORDS.has(word)))];
}
