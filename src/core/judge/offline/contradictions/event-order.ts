// Two events a claim puts in order, against their times in the evidence: "The controller paused
// the rollout only after the OTA-FAIL-RATE alert had fired" while the pause was logged at
// 07:40:12 and the alert fired at 07:41:30; "they restarted decoder-2 first and then moved the
// offset to the DLQ" while the move came first. Each event is the one timed record that holds
// most of its clause's words (clearly more than any other record); an order the two records
// give the other way round contradicts the claim. Wording is data (vocabulary/order.json).
import { extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { escapePhrase } from '../vocabulary';
import { LIGHT_WORDS } from '../words';
import order from '../vocabulary/order.json';

const alternatives = (phrases: readonly string[]): string => phrases.map((p) => escapePhrase(p).replace(/\s+/g, '\\s+')).join('|');
// The connective between two clauses: "A only after B had fired", "A first and then B".
const ORDER_RE = new RegExp(`(?:(${alternatives(order.then)})|\\b(${alternatives(order.later)})|\\b(${alternatives(order.earlier)}))\\s+(?![\\d:]+\\b)`, 'iu');

/** Where a clause ends: punctuation, a dash, or a word that starts another clause ("…, with the alert firing", "while …"). */
const CLAUSE_BREAK = /[,;:()\u2013\u2014]|\s-\s|\b(?:with|while|which|whereas|so|but)\b/iu;

interface Moment {
  unit: IndexedItem;
  at: number;
  raw: string;
}

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
  const first = eventOf(left, candidates);
  const second = eventOf(right, candidates);
  if (!first || !second || first.some((a) => second.some((b) => a.unit === b.unit))) return undefined;
  const [earlierAll, laterAll] = leftLater ? [second, first] : [first, second];
  // Every record of the event said to come first comes after every record of the other.
  const earliest = earlierAll.reduce((a, b) => (b.at < a.at ? b : a));
  const latest = laterAll.reduce((a, b) => (b.at > a.at ? b : a));
  if (earliest.at <= latest.at) return undefined;
  return contradicted(earliest.unit, `claim puts "${clip(leftLater ? right : left)}" first, but ${earliest.unit.item.id} (${earliest.raw}) comes after ${latest.unit.item.id} (${latest.raw})`);
}

/**
 * The timed records a clause describes: those holding most of its words, clearly more than any
 * other record (two records of one event, "partitions revoked" and "assigned", both count).
 */
function eventOf(clause: string, candidates: readonly IndexedItem[]): Moment[] | undefined {
  const features = extractFeatures(clause);
  const words = [...new Set(features.words)].filter((word) => !LIGHT_WORDS.has(word));
  const ids = [...new Set(features.identifiers)];
  if (words.length + ids.length < 2) return undefined;
  const scored = candidates
    .filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.length > 0)
    .map((unit) => ({ unit, score: words.filter((w) => unit.wordSet.has(w)).length + 2 * ids.filter((id) => unit.identifierSet.has(id)).length }));
  const top = Math.max(0, ...scored.map((s) => s.score));
  if (top < 3 || top * 2 < words.length + 2 * ids.length) return undefined;
  const best = scored.filter((s) => s.score === top);
  if (best.length > 3) return undefined;
  return best.map(({ unit }) => {
    const time = unit.features.times[0]!;
    const date = unit.features.dates[0];
    const day = date ? (date.year ?? 0) * 400 + date.month * 32 + (date.day ?? 0) : 0;
    return { unit, at: day * 86_400 + (time.utc ?? time.seconds), raw: time.raw.trim() };
  });
}

function clip(text: string): string {
  const trimmed = text.trim().replace(/[.;,]+$/, '');
  return trimmed.length > 60 ? `${trimmed.slice(0, 57)}…` : trimmed;
}
