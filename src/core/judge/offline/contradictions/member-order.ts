// The order a claim says several members were acted on in, against their records' times: "The
// Harbourview units were flashed in the order ER-01, ER-02, ER-06" while ER-06 was pushed at 06:09
// and ER-02 at 06:42; "On 21 May set B was taken first, followed by set A"; "TH-50 went first,
// followed by TH-35 and then TH-75". Each member's moment is its earliest record that names it and
// no other member of the list and holds the claim's action (its own words, else a rollout verb of
// vocabulary/order.json); an adjacent pair the records put the other way round contradicts it.
import { canonicalStem, isStopword, type IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { momentOf, type Moment } from '../records/events';
import { dateMatches } from '../derive/matching';
import order from '../vocabulary/order.json';

const IN_ORDER_RE = /\bin\s+(?:the|this|that)\s+order[:\s]+(.+)$/i;
const FOLLOWED_RE = /,?\s*\b(?:followed\s+by|and\s+then|then)\b\s*/gi;
/** "set B", "line 2", "wave 3": a member written as a kind and its letter or number. */
const KIND_CODE_RE = /\b(\p{L}{3,})\s+([A-Z]|\d{1,3})\b(?![.,]\d)/gu;
/** A ranking, not an order in time: "the largest supplier …, followed by", "came next with 1,742". */
const RANKING_RE = new RegExp(`\\b(?:${order.rankingWords.join('|')})\\b|%|\\d\\s*\\(`, 'i');
const ACTION_STEMS = new Set(order.actionWords.map((word) => canonicalStem(word)));
const ORDER_WORDS = new Set(order.orderWords.map((word) => canonicalStem(word)));

interface Member {
  label: string;
  /** Whether a record names the member. */
  names: (unit: IndexedItem) => boolean;
}

export function contradictMemberOrder(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const text = view.claim.text;
  if (RANKING_RE.test(text)) return undefined;
  const segments = orderedSegments(text);
  if (!segments) return undefined;
  const members = segments.map((segment) => membersIn(view, segment));
  if (members.some((found) => found.length !== 1)) return undefined;
  const listed = members.map((found) => found[0]!);
  if (new Set(listed.map((m) => m.label.toLowerCase())).size !== listed.length) return undefined;
  const moments = actMoments(view, listed, actionWords(text, listed));
  if (!moments) return undefined;
  for (let i = 0; i + 1 < moments.length; i++) {
    const [earlier, later] = [moments[i]!, moments[i + 1]!];
    if (earlier.at <= later.at) continue;
    const [first, second] = [listed[i]!.label, listed[i + 1]!.label];
    return contradicted(earlier.unit!, `claim puts ${first} before ${second}, but ${second} (${later.unit!.item.id}, ${later.raw}) comes before ${first} (${earlier.unit!.item.id}, ${earlier.raw})`);
  }
  return undefined;
}

/** The claim cut at its order words: "in the order A, B, C" into its items; "A first, followed by B and then C" into its clauses. */
function orderedSegments(text: string): string[] | undefined {
  const listed = IN_ORDER_RE.exec(text);
  if (listed) {
    const items = listed[1]!.replace(/[.;]\s*$/, '').split(/\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+/i).filter(Boolean);
    return items.length >= 2 ? items : undefined;
  }
  if (!/\bfirst\b|\bfollowed\s+by\b/i.test(text)) return undefined;
  const parts = text.split(FOLLOWED_RE).map((part) => part.trim()).filter(Boolean);
  return parts.length >= 2 ? parts : undefined;
}

/** The members a segment names: its identifiers, names and kind-and-code pairs (set B). */
function membersIn(view: ClaimView, segment: string): Member[] {
  const lower = segment.toLowerCase();
  const out: Member[] = [];
  for (const id of new Set(view.features.identifiers)) {
    if (!lower.includes(id)) continue;
    out.push({ label: id.toUpperCase(), names: (unit) => unit.identifierSet.has(id) });
  }
  for (const match of segment.matchAll(KIND_CODE_RE)) {
    const [kind, code] = [match[1]!.toLowerCase(), match[2]!.toLowerCase()];
    // ("in wave 2", "stage 3": a step of the order, not a member of it.)
    if (isStopword(kind) || ORDER_WORDS.has(canonicalStem(kind))) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${kind}[-_ ]?${code}(?![\\p{L}\\p{N}])`, 'u');
    if (out.some((m) => pattern.test(m.label.toLowerCase()))) continue;
    out.push({ label: match[0], names: (unit) => pattern.test(unit.lowerText) });
  }
  // A place beside a code ("Saltmarsh Haven's TH-50") says where the member is: the code is the member.
  if (out.length > 0) return out;
  for (const group of view.features.nameGroups) {
    if (!group.every((word) => lower.includes(word)) || out.some((m) => group.some((word) => m.label.toLowerCase().includes(word)))) continue;
    const phrase = group.join(' ');
    out.push({ label: phrase, names: (unit) => group.every((word) => unit.wordSet.has(word)) });
  }
  return out;
}

/** The claim's own words for what was done (flashed, taken, updated): not its members, order or light words. */
function actionWords(text: string, members: readonly Member[]): string[] {
  const memberWords = new Set(members.flatMap((m) => m.label.toLowerCase().split(/[^\p{L}\p{N}]+/u)));
  return [...new Set((text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((word) => !isStopword(word) && !memberWords.has(word)).map((word) => canonicalStem(word)))].filter((stem) => !ORDER_WORDS.has(stem));
}

/** Each member's earliest record of the action, on the claim's date when it gives one; undefined unless every member has one. */
function actMoments(view: ClaimView, members: readonly Member[], words: readonly string[]): Moment[] | undefined {
  const date = view.features.dates[0];
  const own = (unit: IndexedItem, member: Member): boolean =>
    unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.length > 0 && member.names(unit) && members.every((other) => other === member || !other.names(unit)) && (!date || unit.features.dates.some((d) => dateMatches(date, d)));
  const records = members.map((member) => view.index.items.filter((unit) => own(unit, member)));
  if (records.some((found) => found.length === 0)) return undefined;
  // The claim's own action words where every member has a record of them, else a rollout verb.
  for (const holds of [(unit: IndexedItem) => words.some((w) => unit.wordSet.has(w)), (unit: IndexedItem) => [...unit.wordSet].some((w) => ACTION_STEMS.has(w))]) {
    const acted = records.map((found) => found.filter(holds));
    if (acted.some((found) => found.length === 0)) continue;
    return acted.map((found) => found.map(momentOf).reduce((a, b) => (b.at < a.at ? b : a)));
  }
  return undefined;
}
