// The wrong actor: "Duty supervisor k.okafor reclosed Q12 at 03:36:40" while the record of that
// act says closed_by=j.brandt; "P3 was started manually by d.marsh" while operator=j.okafor issued
// the start. The claim names one user id (k.okafor) for an act; the record of the act (at the
// claim's time, else holding its verb and object) names another in the field that says who did
// it (a field named by the act's verb, else operator=, user=, by=, or "by <id>").
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { timeMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import actors from '../vocabulary/actors.json';

const USER_ID_RE = /(?<![\w.@-])([a-z][a-z-]*\.[a-z][a-z-]+)(?![\w@-]|\.\w)/g;
const GENERIC = new Set(actors.generic);

export function contradictActor(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0 || view.wording.absent.length > 0) return undefined;
  const people = [...new Set([...view.claim.text.toLowerCase().matchAll(USER_ID_RE)].map((m) => m[1]!))].filter((id) => !/\.(?:md|log|json|ya?ml|txt|csv|js|ts|py)$/.test(id));
  if (people.length !== 1) return undefined;
  const person = people[0]!;
  // The person must be the one who acts: "by field technician d.marsh", "k.okafor reclosed", not "after sign-off from m.varga".
  const id = person.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const acts = new RegExp(`\\bby\\s+(?:[\\p{L}-]+\\s+){0,3}${id}\\b|\\b${id}\\s+(?:\\p{L}+ly\\s+|then\\s+|also\\s+)?\\p{L}+ed\\b`, 'iu');
  if (!acts.test(view.claim.text)) return undefined;
  const claimWords = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word) && !person.includes(word));
  const verbs = new Set(claimWords);
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    // The record of the act: at the claim's time, else holding two of its words.
    const timed = view.features.times.length > 0 && view.features.times.some((t) => unit.features.times.some((u) => timeMatches(t, u)));
    if (!timed && (view.features.times.length > 0 || claimWords.filter((word) => unit.wordSet.has(word)).length < 2)) continue;
    const actor = actorOf(unit, verbs);
    if (!actor || actor.id === person) continue;
    return contradicted(unit, `claim says ${person}, ${unit.item.id} says ${actor.field}=${actor.id}`);
  }
  return undefined;
}

/** Who a record says did its act: the field named by one of the claim's verbs, else the record's generic actor. */
function actorOf(unit: IndexedItem, verbs: ReadonlySet<string>): { field: string; id: string } | undefined {
  const fields = Object.entries({ ...unit.item.fields, ...unit.features.fields }).map(([key, value]) => [key.toLowerCase().split('.').pop()!, value.toLowerCase()] as const);
  const isUser = (value: string): boolean => /^[a-z][a-z-]*\.[a-z][a-z-]+$/.test(value);
  // closed_by for "closed" or "reclosed": the claim's verb holds the field's verb stem.
  const namesVerb = (key: string): boolean => {
    const stem = canonicalStem(key.slice(0, key.lastIndexOf('_')).split('_').pop()!);
    const core = stem.slice(0, Math.max(4, stem.length - 1));
    return [...verbs].some((word) => word === stem || (core.length >= 4 && word.includes(core)));
  };
  const byVerb = fields.find(([key, value]) => actors.suffixes.some((suffix) => key.endsWith(suffix)) && isUser(value) && namesVerb(key));
  if (byVerb) return { field: byVerb[0], id: byVerb[1] };
  const generic = fields.filter(([key, value]) => GENERIC.has(key) && isUser(value));
  if (generic.length === 1) return { field: generic[0]![0], id: generic[0]![1] };
  const written = [...unit.text.toLowerCase().matchAll(/\bby\s+(?:user\s+)?([a-z][a-z-]*\.[a-z][a-z-]+)\b/g)].map((m) => m[1]!);
  return new Set(written).size === 1 ? { field: 'by', id: written[0]! } : undefined;
}

