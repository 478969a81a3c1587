// Two events a claim puts in order, against their times in the evidence: "The controller paused
// the rollout only after the OTA-FAIL-RATE alert had fired" while the pause was logged at
// 07:40:12 and the alert fired at 07:41:30; "they restarted decoder-2 first and then moved the
// offset to the DLQ" while the move came first. Each event is the one timed record that holds
// most of its clause's words (clearly more than any other record); an order the two records
// give the other way round contradicts the claim. Wording is data (vocabulary/order.json).
import { extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { escapePhrase } from '../vocabulary';
import { CLAUSE_BREAK, eventOf } from '../records/events';
import order from '../vocabulary/order.json';

const alternatives = (phrases: readonly string[]): string => phrases.map(escapePhrase).join('|');
// The connective between two clauses: "A only after B had fired", "A first and then B".
const ORDER_RE = new RegExp(`(?:(${alternatives(order.then)})|\\b(${alternatives(order.later)})|\\b(${alternatives(order.earlier)}))\\s+(?![\\d:]+\\b)`, 'iu');


export function contradictEventOrder(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0 || view.wording.absent.length > 0) return undefined;
  const text = view.claim.text;
  const match = ORDER_RE.exec(text);
  if (!match) return undefined;
  // Each event is its own clause: from the last break before the words, to the first break after them.
  const left = text.slice(0, match.index).split(CLAUSE_BREAK).pop()!;
  const right = text.slice(match.index + match[0].length).split(CLAUSE_BREAK)[0]!;
  // "A after B" and "A followed B": A is the later; "A before B", "A first and then B": A is the earlier.
  const leftLater = match[2] !== undefined;
  // A clause that dates its event itself ("took over at 08:47") is checked by the moment checks.
  if (extractFeatures(left).times.length > 0 || extractFeatures(right).times.length > 0) return undefined;
  const first = eventOf(left, candidates);
  const second = eventOf(elided(left, right, view.features.identifiers), candidates);
  if (!first || !second || first.some((a) => second.some((b) => a.unit === b.unit))) return undefined;
  const [earlierAll, laterAll] = leftLater ? [second, first] : [first, second];
  // Every record of the event said to come first comes after every record of the other.
  const earliest = earlierAll.reduce((a, b) => (b.at < a.at ? b : a));
  const latest = laterAll.reduce((a, b) => (b.at > a.at ? b : a));
  if (earliest.at <= latest.at) return undefined;
  return contradicted(earliest.unit, `claim puts "${clip(leftLater ? right : left)}" first, but ${earliest.unit.item.id} (${earliest.raw}) comes after ${latest.unit.item.id} (${latest.raw})`);
}

/**
 * "pushed to R-03 first and then to R-01": a second clause of an entity and a preposition, with no
 * verb of its own, is the first clause's act done to that entity.
 */
function elided(left: string, right: string, identifiers: readonly string[]): string {
  const words = right.trim().split(/\s+/);
  const lower = (text: string): string => text.toLowerCase();
  const own = identifiers.filter((id) => lower(right).includes(id));
  const earlier = identifiers.filter((id) => lower(left).includes(id) && !own.includes(id));
  if (words.length > 4 || own.length !== 1 || earlier.length !== 1 || /\p{L}+ed\b/u.test(right)) return right;
  const at = lower(left).indexOf(earlier[0]!);
  return `${left.slice(0, at)}${own[0]}${left.slice(at + earlier[0]!.length)}`.replace(/\s+first\b/i, '');
}

function clip(text: string): string {
  const trimmed = text.trim().replace(/[.;,]+$/, '');
  return trimmed.length > 60 ? `${trimmed.slice(0, 57)}…` : trimmed;
}
