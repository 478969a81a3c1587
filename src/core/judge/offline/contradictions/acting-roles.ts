// The wrong role for an act: "18:57 — The clerk resumed lot 140" while the record of the resume
// says `lot 140 resumed by auctioneer=j.pellow`. Records name who acted by a role written as a
// field ("by auctioneer=j.pellow", "paused by clerk=m.hale"); the roles are read from the
// evidence itself, so no list of role nouns is needed; a record may also give the role as a field
// of its own beside who held it ("line clearance signed user=m.haddad role=qa_inspector"). The
// claim names one such role as the one who acts ("the clerk resumed", "resumed by the clerk"); the
// record of that act (its verb, at the claim's time or naming the claim's entities) names another
// role, and not the claimed one.
import { canonicalStem, type IndexedItem } from '../../../retrieval/index';
import { timeMatches } from '../derive/matching';
import { statedPlainly } from '../align/table-alignment';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import { IRREGULAR_PAST } from '../vocabulary';
import actors from '../vocabulary/actors.json';

/** Keys that name whoever acted, not a role (by user=…, by operator=…): anyone of a role may be one. */
const GENERIC = new Set(actors.generic);

/** "resumed by auctioneer=j.pellow": the act's verb, the role and who held it. */
const ACTED_BY_RE = /\b(\p{L}{3,})\s+by\s+([a-z][a-z_]*)=([^\s,;]+)/giu;

interface Acting {
  verb: string;
  role: string;
  who: string;
}

/** "line clearance signed user=m.haddad role=qa_inspector": the role as a field of its own, beside who held it. */
const ROLE_FIELD_RE = /(?<![\w.-])role=([a-z][a-z_]*)\b/i;
const WHO_FIELD_RE = /(?<![\w.-])(?:user|by|operator)=([^\s,;]+)/i;
const PAST_VERB_RE = /(?<![\w=.-])(\p{L}{3,}ed)(?![\w=])/gu;

/** The role a record gives as a field of its own (role=qa_inspector), unless it is a generic one. */
function roleField(unit: IndexedItem): string | undefined {
  const role = ROLE_FIELD_RE.exec(unit.text)?.[1]?.toLowerCase();
  return role === undefined || GENERIC.has(role) ? undefined : role;
}

function actingIn(unit: IndexedItem, role: string | undefined): Acting[] {
  const named = [...unit.text.matchAll(ACTED_BY_RE)]
    .map((m) => ({ verb: canonicalStem(m[1]!.toLowerCase()), role: m[2]!.toLowerCase(), who: m[3]! }))
    .filter((acting) => !GENERIC.has(acting.role));
  const who = WHO_FIELD_RE.exec(unit.text)?.[1];
  if (named.length > 0 || !role || !who) return named;
  // Every act the record words in the past is the role holder's.
  return [...unit.text.matchAll(PAST_VERB_RE)].map((m) => ({ verb: canonicalStem(m[1]!.toLowerCase()), role, who }));
}

export function contradictActingRole(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (!statedPlainly(view)) return undefined;
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning');
  const fieldRoles = records.map(roleField);
  const acts = records.flatMap((unit, i) => actingIn(unit, fieldRoles[i]).map((acting) => ({ unit, acting })));
  if (acts.length === 0) return contradictOutsideRole(view, records, fieldRoles);
  // (A role some record gives as a field counts, whatever that record did: role=press_operator at a login.)
  const roles = new Set([...acts.map((a) => a.acting.role), ...fieldRoles.filter((role): role is string => role !== undefined)]);
  // The claim's acting role: "the clerk resumed …" or "… resumed by the clerk".
  const text = view.claim.text;
  let claimed: { role: string; verb: string } | undefined;
  for (const role of roles) {
    const pattern = role.replace(/_/g, '[ _-]');
    const active = new RegExp(`\\b(?:the|a|an|our|their|its)\\s+${pattern}\\s+(?:then\\s+|also\\s+|manually\\s+)?(\\p{L}{3,}ed)\\b`, 'iu').exec(text);
    const passive = new RegExp(`\\b(\\p{L}{3,}(?:ed|en|t))\\s+by\\s+(?:the|a|an)\\s+${pattern}\\b`, 'iu').exec(text);
    const found = active ?? passive;
    if (!found) continue;
    if (claimed) return undefined; // two roles named: not read here
    claimed = { role, verb: canonicalStem(found[1]!.toLowerCase()) };
  }
  if (!claimed) return contradictOutsideRole(view, records, fieldRoles);
  const { times } = view.features;
  const ids = view.features.identifiers;
  const ofTheAct = acts.filter(
    ({ unit, acting }) =>
      acting.verb === claimed!.verb &&
      (times.length > 0 ? times.some((t) => unit.features.times.some((u) => timeMatches(t, u))) : ids.length > 0 && ids.every((id) => hasIdentifier(unit, id))),
  );
  if (ofTheAct.length === 0 || ofTheAct.some(({ acting }) => acting.role === claimed!.role)) return undefined;
  const { unit, acting } = ofTheAct[0]!;
  return contradicted(unit, `claim says the ${claimed.role.replace(/_/g, ' ')}, ${unit.item.id} says ${acting.role}=${acting.who}`);
}

const ROLE_NOUNS = actors.roleNouns.join('|');
/** "03:05 — The maintenance on-call technician switched …", "QA placed a hold …": a role or team opening the sentence, then its act. */
const OUTSIDE_ACTIVE_RE = new RegExp(`(?:^|[—–:]\\s*)(?:(?:the|our|their|an?)\\s+)?((?:[\\p{L}][\\p{L}-]*\\s+){0,3}?(?:${ROLE_NOUNS}))\\s+(?:then\\s+|also\\s+|manually\\s+)?(\\p{L}{3,}(?:ed|s)|${IRREGULAR_PAST})\\b`, 'iu');
/** "… were signed by the shift lead on duty": the act's verb, then the role or team. */
const OUTSIDE_PASSIVE_RE = new RegExp(`\\b(\\p{L}{3,}(?:ed|en|t))\\s+by\\s+(?:the|an?)\\s+((?:[\\p{L}-]+\\s+){0,3}?(?:${ROLE_NOUNS}))\\b`, 'iu');
/** A person the claim names (an id, an initial and a surname): whose role the actor checks read. */
const PERSON_IN_CLAIM_RE = /(?<![\w.-])[a-z][a-z-]*\.[a-z]{3,}(?![\w-])|\b\p{Lu}\.\s?\p{Lu}\p{Ll}+/u;
/** A team or desk an actor field names (by=purser-office): an id of words joined by - or _, no person's. */
const TEAM_VALUE_RE = /^[a-z]{2,}(?:[-_][a-z]{2,})+$/;

/**
 * A role or team the evidence gives nowhere, named as the one who acts ("QA placed a hold on batch
 * B-8812" at 02:50): the records of that minute (or, for a claim with no time, of the act's verb and
 * one of the claim's numbered identifiers) that share a word with the claim and give who acted
 * by a role (role=crew_lead) or a team (by=purser-office) answer it; when every one of them gives a
 * role or team sharing no word with the claimed one, the claim names the wrong actor.
 */
function contradictOutsideRole(view: ClaimView, records: readonly IndexedItem[], fieldRoles: ReadonlyArray<string | undefined>): ClaimVerdict | undefined {
  const { times } = view.features;
  const text = view.claim.text;
  if (PERSON_IN_CLAIM_RE.test(text)) return undefined;
  const active = OUTSIDE_ACTIVE_RE.exec(text);
  const passive = active ? null : OUTSIDE_PASSIVE_RE.exec(text);
  const [phrase, verb] = active ? [active[1]!, active[2]!] : passive ? [passive[2]!, passive[1]!] : [];
  if (!phrase || !verb) return undefined;
  // The record of the act: at the claim's time, else (a claim with no time) holding the act's verb and one of the claim's numbered identifiers.
  const act = canonicalStem(verb.toLowerCase());
  const ids = view.features.identifiers.filter((id) => /\d/.test(id));
  const ofTheAct = (unit: IndexedItem): boolean =>
    times.length > 0 ? unit.features.times.some((time) => timeMatches(times[0]!, time)) : ids.length > 0 && unit.wordSet.has(act) && ids.some((id) => hasIdentifier(unit, id));
  const phraseWords = new Set(phrase.toLowerCase().split(/[\s-]+/).map(canonicalStem));
  const claimWords = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word) && !phraseWords.has(word));
  const answers: Array<{ unit: IndexedItem; role: string }> = [];
  records.forEach((unit, i) => {
    if (!ofTheAct(unit)) return;
    const role = fieldRoles[i] ?? teamOf(unit);
    if (role !== undefined && claimWords.some((word) => unit.wordSet.has(word))) answers.push({ unit, role });
  });
  if (answers.length === 0) return undefined;
  if (answers.some(({ role }) => role.split(/[-_\s]+/).some((part) => phraseWords.has(canonicalStem(part))))) return undefined;
  const { unit, role } = answers[0]!;
  return contradicted(unit, `claim says the ${phrase.toLowerCase()}, ${unit.item.id} says ${role}`);
}

/** The team an actor field of the record names (by=purser-office), if any. */
function teamOf(unit: IndexedItem): string | undefined {
  for (const key of actors.teamFields) {
    const value = unit.item.fields[key]?.trim().toLowerCase();
    if (value && TEAM_VALUE_RE.test(value)) return value;
  }
  return undefined;
}
