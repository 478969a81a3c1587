// The wrong actor: "Duty supervisor k.okafor reclosed Q12 at 03:36:40" while the record of that
// act says closed_by=j.brandt; "platform-bot then rolled auth-proxy back" while the deployment
// says rolled_back_by=j.okafor. The claim names one actor for an act — a user id (k.okafor), or a
// name the evidence itself gives as an actor (ci-pipeline, platform-bot in an actor field); the
// record of the act (at the claim's time, else holding its verb and object, else the one field
// named by its verb) names another in the field that says who did it (a field named by the act's
// verb, else operator=, user=, by=, or "by <id>"). A record naming the claimed actor for the act
// wins over one naming another.
import { canonicalStem, type EvidenceIndex, type IndexedItem } from '../../../retrieval/index';
import { IRREGULAR_PAST, escapePhrase } from '../vocabulary';
import { dateMatches, timeMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { LIGHT_WORDS } from '../words';
import actors from '../vocabulary/actors.json';

const USER_ID_RE = /(?<![\w.@-])([a-z][a-z-]*\.[a-z][a-z-]+)(?![\w@-]|\.\w)/g;
const GENERIC = new Set(actors.generic);
const NOT_ACTORS = new Set(actors.notActors);
const FILE_RE = /\.(?:md|log|json|ya?ml|txt|csv|js|ts|py)$/;

interface Actor {
  field: string;
  id: string;
  /** The field's name holds one of the claim's verbs (closed_by for "reclosed"). */
  namedByVerb: boolean;
}

export function contradictActor(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0 || view.wording.absent.length > 0) return undefined;
  const text = view.claim.text.toLowerCase();
  const known = claimedActors(text, candidates, view.claim.text, view.index);
  if (known.length > 1) return contradictRoles(view, known, candidates);
  // "Lena Marsh approved …" where no record writes Lena Marsh in any form: still the claimed
  // actor, answered only by a record of the act that names who did it by the act's own field.
  const stranger = known.length === 0 ? onlyOne(unknownPeople(view).filter((name) => actingIn(name, view.claim.text) !== undefined)) : undefined;
  const people = stranger ? [stranger] : known;
  if (people.length !== 1) return undefined;
  const person = people[0]!;
  const acting = actingIn(person, view.claim.text);
  if (acting === undefined) return undefined;
  const source = acting === 'source';
  const claimWords = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word) && !person.includes(word));
  const verbs = new Set([...view.words.keys()].filter((word) => !person.includes(word)));
  const pastVerbs = new Set([...view.claim.text.matchAll(/\b(\p{L}{3,}ed)\b/gu)].map((m) => canonicalStem(m[1]!.toLowerCase())));
  for (const act of compoundActs(view.claim.text)) pastVerbs.add(act);
  const records: Array<{ unit: IndexedItem; actor: Actor; strong: boolean }> = [];
  const date = view.features.dates[0];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const actor = actorOf(unit, verbs, pastVerbs);
    if (!actor || (source && !actor.namedByVerb)) continue;
    // The record of the act: at the claim's time, else holding two of its words, else a field named by its verb.
    // (On the claim's date, when it gives one and the record is dated: "on 22 May" is not the 21st's flashing.)
    if (date && unit.features.dates.length > 0 && !unit.features.dates.some((d) => dateMatches(date, d))) continue;
    const timed = view.features.times.length > 0 && view.features.times.some((t) => unit.features.times.some((u) => timeMatches(t, u)));
    const shared = claimWords.filter((word) => unit.wordSet.has(word)).length;
    if (timed || (view.features.times.length === 0 && shared >= 2)) records.push({ unit, actor, strong: true });
    else if (view.features.times.length === 0 && actor.namedByVerb) records.push({ unit, actor, strong: false });
  }
  // Where the evidence names who did the claim's act (requested_by), a generic by= of another act does not answer it.
  const byAct = records.filter((record) => record.actor.namedByVerb);
  // A person no record names, for an act whose records name one actor in a generic field
  // ("Set D was flashed on 22 May by T. Rees" against "flashing … operator=m.okafor" that day):
  // the records of the act itself (its verb, on the claim's date) answer, when they agree.
  if (stranger && byAct.length === 0) return strangerAgainstActs(view, stranger, records, pastVerbs);
  if ((byAct.length > 0 ? byAct : records).some((record) => sameActor(record.actor.id, person))) return undefined;
  const strong = (stranger ? byAct : records).find((record) => record.strong);
  // A field named by the verb alone counts only when the evidence names one actor for that act.
  const byVerb = new Set(records.filter((record) => record.actor.namedByVerb).map((record) => record.actor.id));
  const record = strong ?? (byVerb.size === 1 ? records.find((r) => r.actor.namedByVerb) : undefined);
  if (!record) return undefined;
  return contradicted(record.unit, `claim says ${person}, ${record.unit.item.id} says ${record.actor.field}=${record.actor.id}`);
}

function strangerAgainstActs(view: ClaimView, person: string, records: ReadonlyArray<{ unit: IndexedItem; actor: Actor; strong: boolean }>, pastVerbs: ReadonlySet<string>): ClaimVerdict | undefined {
  const date = view.features.dates[0];
  const acts = records.filter(
    (record) => record.strong && [...pastVerbs].some((verb) => record.unit.wordSet.has(verb)) && (!date || record.unit.features.dates.some((d) => dateMatches(date, d))),
  );
  const ids = new Set(acts.map((record) => record.actor.id));
  if (acts.length === 0 || ids.size !== 1 || acts.some((record) => sameActor(record.actor.id, person))) return undefined;
  const record = acts[0]!;
  return contradicted(record.unit, `claim says ${person}, ${record.unit.item.id} says ${record.actor.field}=${record.actor.id}`);
}

/**
 * Several people, each given an act in the passive ("requested by Marcus Whitlow and approved by
 * Anika Feld"): each act is answered only by the one field its verb names (requested_by,
 * approved_by), when the evidence gives that field one value; another person there contradicts.
 */
function contradictRoles(view: ClaimView, people: readonly string[], candidates: readonly IndexedItem[]): ClaimVerdict | undefined {
  for (const person of people) {
    const role = new RegExp(`\\b(\\p{L}{3,}ed)\\s+by\\s+(?:[\\p{L}-]+\\s+){0,2}?${escapePhrase(person)}(?![\\w-])`, 'iu').exec(view.claim.text);
    if (!role) continue;
    const verb = new Set([canonicalStem(role[1]!.toLowerCase())]);
    const answers = new Map<string, IndexedItem>();
    for (const unit of candidates) {
      if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
      const actor = actorOf(unit, verb);
      if (actor?.namedByVerb && !answers.has(actor.id)) answers.set(actor.id, unit);
    }
    if (answers.size !== 1) continue;
    const [[actor, unit]] = [...answers] as [[string, IndexedItem]];
    if (!sameActor(actor, person)) return contradicted(unit, `claim says ${role[1]} by ${person}, ${unit.item.id} names ${actor}`);
  }
  return undefined;
}

/**
 * The actors a claim names: user ids (k.okafor), names the evidence gives in actor fields
 * (ci-pipeline), and a person written as a name ("D. Osei", "Dana Osei") whom the evidence
 * writes as an id (d.osei).
 */
function claimedActors(text: string, candidates: readonly IndexedItem[], original: string, index: EvidenceIndex): string[] {
  const found = new Set([...text.matchAll(USER_ID_RE)].map((m) => m[1]!).filter((id) => !FILE_RE.test(id)));
  const ids = new Set<string>();
  for (const unit of candidates) for (const m of unit.text.toLowerCase().matchAll(USER_ID_RE)) if (!FILE_RE.test(m[1]!)) ids.add(m[1]!);
  for (const id of ids) {
    const [first, surname] = id.split('.') as [string, string];
    if (surname.length < 3) continue;
    // d.osei as "D. Osei" or "Dana Osei"; daniel.kovac as "Daniel Kovac".
    const firstName = first.length === 1 ? `${first}(?:\\.\\s?|\\p{L}+\\s)` : `${escapePhrase(first)}\\s+`;
    const written = new RegExp(`(?<![\\p{L}.])${firstName}${escapePhrase(surname)}(?![\\p{L}-])`, 'u').exec(text);
    if (written && !found.has(id)) found.add(written[0]);
  }
  // "Priya Nandakumar" whom records write glued (pnandakumar) or dotted (priya.nandakumar) anywhere.
  for (const name of personNames(original)) if (!found.has(name.written) && recordsWrite(name, index)) found.add(name.written);
  // "Nandakumar acknowledged …" after "Priya Nandakumar" was introduced: a surname alone names the
  // one id that ends with it (p.nandakumar), written in capitals as a name.
  const surnames = new Map<string, string[]>();
  for (const id of ids) {
    const surname = id.split('.')[1]!;
    if (surname.length >= 4) surnames.set(surname, [...(surnames.get(surname) ?? []), id]);
  }
  for (const [surname, owners] of surnames) {
    if (owners.length !== 1 || [...found].some((actor) => actor.endsWith(surname))) continue;
    const capital = `${surname[0]!.toUpperCase()}${surname.slice(1)}`;
    if (new RegExp(`(?<![\\p{L}.-])${escapePhrase(capital)}(?![\\p{L}-])`, 'u').test(original)) found.add(surname);
  }
  for (const unit of candidates) {
    for (const [key, value] of fieldsOf(unit)) {
      if (!isActorField(key)) continue;
      // The person an actor field names, not the role beside it ("Owen Thackeray (Branch Ops)").
      for (const actor of actorsIn(value).slice(-1)) {
        if (!found.has(actor) && new RegExp(`(?<![\\w.-])${escapePhrase(actor).replace(/\\?\s+/g, '\\s+')}(?![\\w-]|\\.\\w)`).test(text)) found.add(actor);
      }
    }
  }
  // "Vendor engineer K. Sorensen": an actor written right before another is that one's role, not a second actor.
  return [...found].filter((actor) => ![...found].some((other) => other !== actor && new RegExp(`(?<![\\w.-])${escapePhrase(actor)}\\s+${escapePhrase(other)}(?![\\w-])`, 'u').test(text)));
}

interface PersonName {
  written: string;
  forms: string[];
}

/** Names of two capitalised words ("Priya Nandakumar"), with the ids records write them as: pnandakumar, priya.nandakumar, p.nandakumar. */
function personNames(text: string): PersonName[] {
  const out: PersonName[] = [];
  for (const m of text.matchAll(/(?<![\p{L}.-])(\p{Lu}\p{Ll}+)\s+(\p{Lu}\p{Ll}{2,})(?![\p{L}-])/gu)) {
    const [first, surname] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
    out.push({ written: `${first} ${surname}`, forms: [`${first[0]}${surname}`, `${first}.${surname}`, `${first[0]}.${surname}`, `${first}_${surname}`] });
  }
  // "D. Price": an initial and a surname, as records also write them ("D. Price", d.price, dprice).
  for (const m of text.matchAll(/(?<![\p{L}.-])(\p{Lu})\.\s?(\p{Lu}\p{Ll}{2,})(?![\p{L}-])/gu)) {
    const [initial, surname] = [m[1]!.toLowerCase(), m[2]!.toLowerCase()];
    out.push({ written: `${initial}. ${surname}`, forms: [`${initial}.${surname}`, `${initial}${surname}`, `${initial}. ${surname}`] });
  }
  return out;
}

/**
 * How the claim makes the person the one who acts: 'act' ("by field technician d.marsh", "k.okafor
 * reclosed", "Owen Thackeray of Branch Ops requested"), 'source' ("the request came from h.brandt":
 * the act is the noun before it); undefined when it does not ("after sign-off from m.varga" is no act of theirs).
 */
function actingIn(person: string, text: string): 'act' | 'source' | undefined {
  const id = escapePhrase(person);
  // A timeline's present tense ("07:31 – m.okafor triggers the rollback") only for someone's name or id, not "bucket accounts for".
  // (A role set between commas still leaves the person the one who acts: "Marcus Bell, the regional director, approved".)
  // (A compound verb acts too: "p.nair power-cycled the controller".)
  const present = /[.\s]/.test(person) ? '(?:ed|s)' : 'ed';
  const acts = new RegExp(`\\bby\\s+(?:[\\p{L}-]+,?\\s+){0,3}${id}(?![\\w-])|(?<![\\w-])${id}(?:,\\s+(?:[\\p{L}'’-]+\\s+){1,5}?[\\p{L}'’-]+,)?\\s+(?:of\\s+(?:[\\p{L}-]+\\s+){1,3})?(?:\\p{L}+ly\\s+|then\\s+|also\\s+)?(?:(?:\\p{L}+-)?\\p{L}+${present}|${IRREGULAR_PAST})\\b`, 'iu');
  if (new RegExp(`\\b(?:${actors.fromWords.map(escapePhrase).join('|')})\\s+(?:[\\p{L}-]+\\s+){0,2}${id}(?![\\w-])`, 'iu').test(text)) return 'source';
  return acts.test(text) ? 'act' : undefined;
}

const onlyOne = <T>(list: readonly T[]): T | undefined => (list.length === 1 ? list[0] : undefined);

/**
 * The people the claim names whom no record makes an actor (lower-cased): written nowhere, only in
 * prose ("Informed: Omar Said" in a plan), or in records only as a role's value (owner: Tomasz
 * Wren, vendor_engineer: Lukas Heim), never as an id.
 */
function unknownPeople(view: ClaimView): string[] {
  return personNames(view.claim.text).filter((name) => {
    const [first, surname] = name.written.split(' ') as [string, string];
    const inProseOrRole = (part: string): boolean => view.index.itemsWith(`w:${canonicalStem(part)}`).every((position) => {
      const unit = view.index.items[position]!;
      return unit.item.kind === 'paragraph' || fieldsOf(unit).some(([key, value]) => value === name.written && !isActorField(key));
    });
    return [first, surname].every(inProseOrRole) && !recordsWrite(name, view.index);
  }).map((name) => name.written);
}

/** Whether any record writes the person as one of their ids: a glued one is a word of the index (pnandakumar), a dotted one an identifier (priya.nandakumar). */
function recordsWrite(name: PersonName, index: EvidenceIndex): boolean {
  return name.forms.some((form) => {
    // A form with a space ("d. price") is looked up by its surname and read in the record's text.
    if (/\s/.test(form)) return index.itemsWith(`w:${canonicalStem(form.split(/\s+/).pop()!)}`).some((position) => index.items[position]!.item.kind !== 'paragraph' && index.items[position]!.lowerText.includes(form));
    const term = /[._]/.test(form) ? `i:${form}` : `w:${canonicalStem(form)}`;
    return index.itemsWith(term).some((position) => index.items[position]!.item.kind !== 'paragraph');
  });
}

function fieldsOf(unit: IndexedItem): Array<readonly [string, string]> {
  // The record's own fields as written win over those read from its text (which stop at a space);
  // a list's member (approved_by[1]) answers to the list's name.
  return Object.entries({ ...unit.features.fields, ...unit.item.fields }).map(([key, value]) => [key.toLowerCase().replace(/\[\d+\]$/, '').split('.').pop()!, value.toLowerCase()] as const);
}

function isActorField(key: string): boolean {
  return GENERIC.has(key) || actors.suffixes.some((suffix) => key.endsWith(suffix));
}

/** An identifier of someone or something that acts: k.okafor, ci-pipeline, platform-bot; not a number, a time or "none". */
function isActorValue(value: string): boolean {
  if (NOT_ACTORS.has(value)) return false;
  return (/^[a-z][a-z0-9-]*(?:[._][a-z][a-z0-9-]*)?$/.test(value) && value.length >= 3) || PERSON_RE.test(value);
}

/** One person written two ways: "owen thackeray" and "o.thackeray" or "o. thackeray" (an initial and the surname). */
export function sameActor(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [a, b].map((name) => name.split(/[.\s_]+/).filter(Boolean));
  // A surname alone ("Nandakumar") is the person whose id or name ends with it.
  if (x && y && (x.length === 1) !== (y.length === 1) && x.at(-1)!.length >= 4 && x.at(-1) === y.at(-1)) return true;
  // One written glued (pnandakumar), the other as a name: the initial and the surname, or both names.
  const glued = x?.length === 1 ? { id: x[0]!, parts: y } : y?.length === 1 ? { id: y[0]!, parts: x } : undefined;
  if (glued && glued.parts && glued.parts.length >= 2) return glued.id === `${glued.parts[0]![0]}${glued.parts.at(-1)}` || glued.id === `${glued.parts[0]}${glued.parts.at(-1)}`;
  if (!x || !y || x.length < 2 || y.length < 2 || x.at(-1) !== y.at(-1)) return false;
  if (x.join(' ') === y.join(' ')) return true;
  const [first, other] = [x[0]!, y[0]!];
  return (first.length === 1 || other.length === 1) && first[0] === other[0];
}

/** A person's name as records write it (lower-cased): "k. osei", "s. de vries", "dana okafor". */
const PERSON_RE = /^(?:[a-z]\.|[a-z]{2,})(?:\s(?:de|van|von|der|den|da|di|du|le|la|al|el|bin|ibn))*\s[a-z][a-z'-]{1,}$/;

/**
 * The actors an actor field names: its value, the person in parentheses ("ops-planning (S. de Vries)"),
 * or the person before a role in parentheses ("Mei Tanaka (yield engineering)").
 */
function actorsIn(value: string): string[] {
  // "supervisor:k.mills", "user:dana.okafor": a role or kind before a colon, the person after it.
  const prefixed = /^[a-z][\w-]*:([^:\s]+)$/i.exec(value.trim());
  if (prefixed) return [prefixed[1]!.toLowerCase()].filter(isActorValue);
  const parts = /^([^()]+?)\s*\(([^()]+)\)\s*$/.exec(value);
  if (!parts) return [value].filter(isActorValue);
  // A team id before the parentheses names its person inside; a name before them is the person, the parentheses a role.
  const [outer, inner] = [parts[1]!.trim(), parts[2]!.trim()];
  const person = /\s/.test(outer) ? outer : inner;
  return [value, person === outer ? inner : outer, person].filter(isActorValue);
}

/** Who a record says did its act: the field named by one of the claim's verbs, else the record's generic actor. */
function actorOf(unit: IndexedItem, verbs: ReadonlySet<string>, pastVerbs: ReadonlySet<string> = new Set()): Actor | undefined {
  const fields = fieldsOf(unit);
  // closed_by for "closed" or "reclosed": the claim's verb holds the field's verb stem.
  // rolled_back_by for "rolled … back": any word of the field's name before "_by".
  const namesVerb = (key: string): boolean =>
    key
      .slice(0, key.lastIndexOf('_'))
      .split('_')
      .some((part) => {
        const stem = canonicalStem(part);
        const core = stem.slice(0, Math.max(4, stem.length - 1));
        return [...verbs].some((word) => word === stem || (core.length >= 4 && word.includes(core)));
      });
  // approver=r.iversen for "approved": the agent noun of the claim's verb names who did it.
  // (Only a verb the claim writes in the past, and a key longer than its stem: trigger=manual is no agent.)
  const agentOf = (key: string): boolean => /^\p{L}+(?:er|or)$/u.test(key) && key.length > canonicalStem(key).length + 1 && pastVerbs.has(canonicalStem(key));
  const byVerb = fields.find(([key, value]) => ((actors.suffixes.some((suffix) => key.endsWith(suffix)) && namesVerb(key)) || agentOf(key)) && actorsIn(value).length > 0);
  if (byVerb) return { field: byVerb[0], id: actorsIn(byVerb[1]).at(-1)!, namedByVerb: true };
  const generic = fields.filter(([key, value]) => GENERIC.has(key) && actorsIn(value).length > 0);
  if (generic.length === 1) return { field: generic[0]![0], id: actorsIn(generic[0]![1]).at(-1)!, namedByVerb: false };
  // "T. Wren reset RCD feeder C2": a log message opening with a person, as an initial and a surname, doing the claim's act.
  const subject = unit.item.kind === 'paragraph' ? null : /(?:\]|\b(?:INFO|WARN|WARNING|ERROR|NOTICE|DEBUG))\s+([A-Z]\.\s?[A-Z][\p{L}'-]+)\s+(\p{L}{3,})\b/u.exec(unit.text);
  if (subject && verbs.has(canonicalStem(subject[2]!.toLowerCase()))) return { field: 'subject', id: subject[1]!.toLowerCase(), namedByVerb: true };
  // "by user dana.okafor", "by maintenance (m.lindqvist)", "by shift manager P.Oyelaran", "rollback decision by M. Kowalczyk" (an initial
  // and a surname only after a word of the claim: "restarted … as asked by T. Reyes" names who asked).
  const lower = unit.text.toLowerCase();
  const written = [...lower.matchAll(/\bby\s+(?:[a-z]+\s+\(?){0,2}([a-z][a-z-]*\.(\s?)[a-z][a-z-]+)\b/g)].filter((m) => m[2] === '' || actBefore(lower.slice(Math.max(0, m.index! - 40), m.index!), verbs)).map((m) => m[1]!);
  return new Set(written).size === 1 ? { field: 'by', id: written[0]!, namedByVerb: false } : undefined;
}

/**
 * Whether the words before "by" end in one of the claim's acts: "switched MAN->AUTO by M. Kowalczyk"
 * (the states between are no act), not "restarted it as asked by T. Reyes" (another act, nearer).
 */
function actBefore(before: string, verbs: ReadonlySet<string>): boolean {
  const words = before.split(/\s+/).filter(Boolean).slice(-4).reverse();
  for (const token of words) {
    const parts = token.split(/[^a-z]+/).filter((word) => word.length >= 3);
    if (parts.some((word) => verbs.has(canonicalStem(word)))) return true;
    // A word of its own (not a state or code such as man->auto) that is another act.
    if (/^[a-z]+$/.test(token) && token.endsWith('ed')) return false;
  }
  return false;
}

/** "rolled puq-ant-2 back", "failed over", "shut the pump down": a verb and its particle, a few words on. */
const PHRASAL_RE = new RegExp(`\\b(\\p{L}{2,}?)(ed)?(?=\\s+(?:[\\p{L}\\p{N}.-]+\\s+){0,3}?(back|over|down|up|off|out)\\b)`, 'giu');

/**
 * The acts a claim names by a verb and its particle, as records name them in one word ("rolled …
 * back" is a rollback, "failed over" a failover, "shut … down" a shutdown): each such word's stem.
 */
function compoundActs(text: string): string[] {
  const acts: string[] = [];
  for (const m of text.matchAll(PHRASAL_RE)) {
    const verb = m[1]!.toLowerCase();
    // (Only a verb written in the past or one of the irregular ones: "rolled", "shut".)
    if (m[2] === undefined && !actors.irregularPast.includes(verb)) continue;
    // "stopped": the doubled consonant of the past is the base's single one.
    const base = /([b-df-hj-np-tv-z])\1$/.test(verb) && !/(?:ll|ss)$/.test(verb) ? verb.slice(0, -1) : verb;
    acts.push(canonicalStem(`${base}${m[3]!.toLowerCase()}`));
  }
  return acts;
}
