// Absence and negation: "no errors were logged", "the pod was not restarted". Records that show
// none (a zero count, their own denial, the event failing) ground the claim; a record of the thing
// about the same subject contradicts it; documents, which are not exhaustive, ground it only by
// saying so themselves.
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { reportsNothing } from '../language';
import { causeStated } from './over-reach';
import { type ClaimVerdict, type ClaimView, KIND_TYPES, contradicted, hasIdentifier, hasName, sameSubject } from '../claim-view';
import { documentNames } from '../records/named-in-context';
import { LIGHT_WORDS, wordingOf } from '../words';
import type { RuleOptions } from './options';
import { findSupport } from './support';
import { dayKey } from './moments';
import { tablesOf } from '../records/tables';
import { periodHolds, periodKey, periodsNamed } from '../records/periods';
import { namedValues, tokensOf } from '../align/table-alignment';

/**
 * A table's row for another value of a column in which the claim names one ("MedExpress Cold's
 * frozen lane had no excursions in August" against the 2-8C row for June): no counter-example.
 */
function rowOfOtherNamedValue(view: ClaimView, unit: IndexedItem): boolean {
  for (const table of tablesOf(view.index)) {
    const row = table.rows.find((candidate) => candidate.refs.includes(unit.item.id));
    if (!row) continue;
    const claim = tokensOf(view.claim.text);
    const named = namedValues(view, table, claim);
    if ([...named].some(([column, values]) => values.length > 0 && row.values.has(column) && !values.includes(row.values.get(column)!))) return true;
    // ("… in August" against a row dated 2024-07-24; a bounded denial, "after June", is read by its bounds.)
    const periods = view.wording.after === undefined && view.wording.before === undefined ? periodsNamed(claim) : [];
    if (periods.length !== 1) return false;
    return [...row.values.values()].some((value) => {
      const key = periodKey(value);
      return key !== undefined && key.kind !== 'year' && !periodHolds(periods[0]!, key) && !periodHolds(key, periods[0]!);
    });
  }
  return false;
}

export function isNegatedEventClaim(view: ClaimView): boolean {
  if (view.wording.negated.length === 0) return false;
  // "Some 2,370 scheduled departures did not run": a count of what did not happen, not a denial.
  return !COUNTED_NEGATION_RE.test(view.claim.text);
}

/** A sentence that opens with a count as the subject of a negated verb. */
const COUNTED_NEGATION_RE =
  /^\s*(?:(?:some|about|around|roughly|nearly|almost|only|another|over|more than)\s+)?\d[\d,.]*\s+(?:[\p{L}-]+\s+){1,3}(?:(?:did|do|does|were|was|are|is|have|has|had)\s+not|didn['’]t|weren['’]t|wasn['’]t|haven['’]t|hasn['’]t|never)\b/iu;

function withinBounds(view: ClaimView, unit: IndexedItem): boolean {
  const { after, before } = view.wording;
  if (after === undefined && before === undefined) return true;
  // A record is dated by its first time (a line's stamp, an alert's fired_at), not by a later one it
  // also gives (resolved_at): an alert that fired at 03:10 was not raised "since 03:45".
  const first = unit.features.times[0];
  if (first === undefined) return true;
  // A bound an event's record set on its day: a record of a later (earlier) day is after (before) it, whatever its clock time.
  const day = view.wording.afterDay || view.wording.beforeDay ? dayKey(unit) : undefined;
  const afterHolds = after === undefined || (day && view.wording.afterDay && day !== view.wording.afterDay ? day > view.wording.afterDay : first.seconds >= after);
  const beforeHolds = before === undefined || (day && view.wording.beforeDay && day !== view.wording.beforeDay ? day < view.wording.beforeDay : first.seconds < before);
  return afterHolds && beforeHolds;
}

const NEGATIONS_RE = /\b(?:not|never|no longer|cannot)\b|n['’]t\b/gi;
const MODAL_NEGATION_RE = /\b(?:can(?:not|['’]t|\s+not)|could(?:n['’]t|\s+not|\s+no\s+longer|\s+never)|would(?:n['’]t|\s+not|\s+never)|won['’]t|will\s+not|does(?:n['’]t|\s+not)|do(?:n['’]t|\s+not))\b/gi;

/** Every negation of the claim is of a modal or a habit (can't, could not, would not, does not): no event is denied. */
function onlyModalNegation(text: string): boolean {
  const all = [...text.matchAll(NEGATIONS_RE)].length;
  return all > 0 && [...text.matchAll(MODAL_NEGATION_RE)].length >= all;
}

/** Whether some negation of the text stands in its main clause, not after "that", "which", "because", "but" or a comma's "not". */
function negatesMainClause(text: string): boolean {
  // ("Neither node was restarted": a denial these words do not mark is the main clause's.)
  const negations = [...text.matchAll(NEGATIONS_RE)];
  return negations.length === 0 || negations.some((match) => {
    // ("That is three in five": a sentence's opening demonstrative is no relative clause.)
    const clause = text.slice(0, match.index).split(/[,;:]/).at(-1)!.replace(/^\s*(?:that|this)\b/i, '');
    if (clause.trim() === '' || SUBORDINATE_RE.test(clause)) return false;
    // "departures not run": a bare "not" after a noun, not after an auxiliary, describes the thing.
    return !/^not$/i.test(match[0]) || AUXILIARY_BEFORE_RE.test(clause);
  });
}

const SUBORDINATE_RE = /\b(?:that|which|who|whose|because|as|since|although|though|whereas|but|if|unless)\b/i;
const AUXILIARY_BEFORE_RE = /\b(?:was|were|is|are|am|be|been|did|does|do|has|have|had|could|can|would|will|should|may|might|must|shall)\s+(?:(?:yet|still|also|even|ever|then|really|actually)\s+)?$/i;

const AUXILIARIES = new Set(['was', 'were', 'is', 'are', 'has', 'have', 'had', 'been', 'got']);
const PHRASE_STOP = new Set(['in', 'outside', 'except', 'beyond', 'across', 'within', 'between', 'per', 'into', 'over', 'under', 'against', 'besides', 'apart', 'among', 'on', 'at', 'during', 'for', 'from', 'to', 'of', 'by', 'with', 'and', 'or', 'after', 'before', 'since', 'that', 'which', 'who', 'while', 'until', 'than', 'so', 'but']);

/** "with no retry limit" → retry, limit: the noun phrase after "no", when the claim denies that thing itself. */
function deniedPhrase(text: string, absent: readonly string[]): string[] {
  const match = /\b(?:no|zero|without any|free of)\s+(?:(?:new|further|other|additional|more|recent|related|obvious|unusual|such)\s+)*((?:[\p{L}\p{N}][\p{L}\p{N}_-]*\s*){1,3})/iu.exec(text);
  if (!match) return [];
  const words: string[] = [];
  for (const word of match[1]!.trim().split(/\s+/)) {
    // "No further sequence gaps have been logged": a verb follows, and the head noun it denies is enough.
    if (AUXILIARIES.has(word.toLowerCase())) return [];
    if (PHRASE_STOP.has(word.toLowerCase()) || /(?:ed|ing)$/i.test(word)) break;
    words.push(word);
  }
  // (The phrase's last word is its head, kept however light: "no tunnel drops" is not "no tunnel".)
  const all = extractFeatures(words.join(' ')).words;
  const stems = all.filter((word, i) => !LIGHT_WORDS.has(word) || (i === all.length - 1 && i > 0));
  return stems.some((word) => absent.includes(word)) ? stems : [];
}

const NO_OTHER_RE = /\b(?:no|none of the|not any) other\b|\bnothing else\b|\bno one else\b|\bnobody else\b/i;

/** The identifiers and names of the claims just before, which "no other" sets apart. */
function namedBefore(view: ClaimView, denied: readonly string[]): { identifiers: string[]; names: string[][] } {
  const before = view.surroundings.previous.map((claim) => extractFeatures(claim.text));
  const mine = new Set(view.features.identifiers);
  return {
    // The entity the passage is about, written by its code (HP-04), whatever the sentence says of it.
    identifiers: before.flatMap((features) => features.identifiers.filter((id) => /\d/.test(id) && !mine.has(id))),
    // Names only from the claims that speak of the denied event ("Kestrel pushed firmware"), not a
    // name met in passing ("the Ampero chargers stayed online").
    names: before.filter((features) => denied.some((term) => features.words.includes(term))).flatMap((features) => features.nameGroups),
  };
}

const EXCEPTION_RE = /\b(?:apart from|except(?: for)?|other than|besides|aside from)\s+([^,;.]+)/i;
/** "Nothing was restarted", "nobody else acknowledged it": a denial of everything, whatever its subject. */
const NOTHING_RE = /(?:^|[,;:]\s*|\b(?:and|but|so)\s+)(?:nothing|nobody|no one|no-one)\s+(?:else\s+)?(?:(?:was|were|has|had|is|got)\s+(?:been\s+)?)?(\p{L}+)/iu;

/** A field value that itself denies the denied thing: `status=not_scheduled`, `result=no-retry`. */
function fieldDenies(unit: IndexedItem, denied: readonly string[]): boolean {
  return Object.values(unit.features.fields).some((value) => {
    const words = /^(?:not|no|never)[_\s-]+(\p{L}+)/iu.exec(value)?.[1];
    return words !== undefined && extractFeatures(words).words.some((word) => denied.includes(word));
  });
}

/** The claim's "<noun> <number>" labels ("Wave 3" → wave, 3). */
function numberedLabels(text: string): Array<[string, number]> {
  return [...text.matchAll(/\b(\p{L}{3,})\s+(\d{1,3})\b/gu)].map((match) => [match[1]!.toLowerCase(), Number(match[2])]);
}

/** A record whose field names one of the claim's labels with another number (wave=wave-2 for "Wave 3"). */
function numberedSibling(labels: ReadonlyArray<[string, number]>, unit: IndexedItem): boolean {
  return labels.some(([noun, number]) => {
    const value = unit.features.fields[noun];
    const written = value === undefined ? undefined : /(\d+)\s*$/.exec(value)?.[1];
    return written !== undefined && Number(written) !== number;
  });
}

/** The value of a field named after the denied thing (`errors=3`, `retries: 0`), if any. */
function deniedFieldValue(unit: IndexedItem, denied: readonly string[]): string | undefined {
  for (const [key, value] of Object.entries(unit.features.fields)) {
    const parts = key.split(/[^\p{L}\p{N}]+/u).map((part) => extractFeatures(part).words[0]);
    if (parts.some((part) => part !== undefined && denied.includes(part))) return value;
  }
  return undefined;
}

/** Wording with which a document restricts or refuses something. */
const RESTRICTING_RE = /\b(?:not|never|no|cannot|only|rejected|refused|blocked|skipped|denied|disallowed|forbidden|prevents?|blocks|rejects|refuses|skips)\b/i;

/** Fields that state a rule or what to look for, not what happened. */
const RULE_FIELD_RE = /^(?:check|checks|rule|rules|criteria|criterion|condition|conditions|query|sql|plan|goal|purpose|instruction|instructions)$/i;
/** Verbs of a step that changes something: a step with one of them records an action, not a check. */
const ACTING_RE = /\b(?:restart\w*|delet\w*|drop\w*|kill\w*|scal(?:e|ed|ing)\b|deploy\w*|revert\w*|roll\w*|restor\w*|stop\w*|start\w*|creat\w*|remov\w*|appl(?:y|ied)|patch\w*|updat\w*|reboot\w*|drain\w*|promot\w*|evict\w*|terminat\w*|disabl\w*|enabl\w*|insert\w*|alter\w*|truncat\w*|grant\w*|revok\w*)/i;
/** Fields that state a step taken: a plan only when the step is to watch or check something. */
const STEP_FIELD_RE = /^(?:action|actions|step|task)$/i;
const OBSERVING_RE = /^\s*(?:pre-?check:?\s*)?(?:watch|monitor|check|verify|track|measure|observe|look (?:at|for)|review|confirm)\b/i;

/** Whether the denied words stand in the record only inside rules or checks to make. */
function namedOnlyAsPlan(unit: IndexedItem, denied: readonly string[]): boolean {
  const parts = (key: string): string[] => (key.split('.').pop() ?? key).replace(/\[\d+\]/g, '').split(/[_-]/);
  // A query that changes data (DELETE FROM …) and a "check and restart" step record actions.
  const isPlan = (key: string, value: string): boolean =>
    parts(key).some((part) =>
      /^(?:query|sql)$/i.test(part)
        ? !/\b(?:delete|update|insert|drop|alter|truncate|grant|revoke)\b/i.test(value)
        : RULE_FIELD_RE.test(part) || (STEP_FIELD_RE.test(part) && OBSERVING_RE.test(value) && !ACTING_RE.test(value)),
    );
  // A JSON field that is itself a rule or a criterion (rollback_criteria = "5xx rate above 1% …").
  if (unit.item.jsonPath && isPlan(unit.item.jsonPath, unit.text.slice(unit.text.indexOf('=') + 1))) return true;
  const planned = Object.entries(unit.item.fields).filter(([key, value]) => value.length > 0 && isPlan(key, value));
  if (planned.length === 0) return false;
  let rest = unit.text;
  for (const [, value] of planned) rest = rest.split(value).join(' ');
  const words = new Set(extractFeatures(rest).words);
  return !denied.some((term) => words.has(term)) && planned.some(([, value]) => extractFeatures(value).words.some((word) => denied.includes(word)));
}

/** A field value that states nothing is there (`count=0`, `activeDeadlineSeconds=<unset>`). */
const EMPTY_VALUE_RE = /^(?:0+(?:\.0+)?|false|none|null|nil|<?unset>?|<none>|not set|n\/a|-|)$/i;
const FAILURE_RE = /\b(?:fail(?:ed|s|ure)?|error|unable|cannot|can't|could not|couldn't|invalid|exception)\b/gi;
/** The same, for a test (not a scan: a global pattern keeps its place between tests). */
const FAILED_RE = new RegExp(FAILURE_RE.source, 'i');

/** The record tells of the denied act done, in the past tense ("parsed document"), and of no failure. */
function recordsDone(unit: IndexedItem, denied: readonly string[]): boolean {
  if (unit.item.kind === 'paragraph' || FAILED_RE.test(unit.text)) return false;
  return [...unit.text.matchAll(/\b(\p{L}+ed)\b/gu)].some((m) => denied.includes(canonicalStem(m[1]!)));
}

/** The denied event's word stands in the record right after a failure ("failed to parse document"). */
function failedAt(unit: IndexedItem, denied: readonly string[]): boolean {
  for (const match of unit.text.matchAll(FAILURE_RE)) {
    const after = extractFeatures(unit.text.slice(match.index + match[0].length, match.index + match[0].length + 40)).words.slice(0, 2);
    if (denied.some((term) => after.includes(term))) return true;
  }
  return false;
}

export function judgeAbsence(view: ClaimView, candidates: IndexedItem[], recordsGiven: boolean, options: RuleOptions): ClaimVerdict {
  // An absence about an entity the evidence never mentions cannot be checked.
  const unknown = [
    ...view.features.identifiers.filter((id) => !candidates.some((unit) => hasIdentifier(unit, id))),
    ...view.features.nameGroups.filter((group) => !candidates.some((unit) => hasName(unit, group))).map((group) => group.join(' ')),
  ];
  if (unknown.length > 0) return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `not in evidence: ${unknown.slice(0, 4).join(', ')}` };
  const denied = [...view.wording.absent, ...view.wording.negated];
  const negatedClaim = view.wording.absent.length === 0;
  const exception = EXCEPTION_RE.exec(view.claim.text)?.[1];
  const exceptionWords = exception ? extractFeatures(exception).words : [];
  const supporting: IndexedItem[] = [];
  // "No other vendor pushed firmware": the one the report just discussed (Kestrel) is set apart.
  const setApart = NO_OTHER_RE.test(view.claim.text) ? namedBefore(view, [...denied, ...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word))) : undefined;
  const otherClass = /\bother\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)/iu.exec(view.claim.text)?.[1];
  const deniesClass = otherClass !== undefined && extractFeatures(otherClass).words.some((word) => denied.includes(word));
  // ("before the clerk paused lot 140": a label of the event bounding the denial does not scope it.)
  const bounded = view.wording.after !== undefined || view.wording.before !== undefined;
  const boundClause = bounded ? /\b(?:before|after|until|till|since|once)\b.*$/i.exec(view.claim.text)?.[0] : undefined;
  const labels = numberedLabels(boundClause ? view.claim.text.slice(0, view.claim.text.length - boundClause.length) : view.claim.text);
  // The bounding event's words say when, not what is denied: a record of the denied thing need not hold them.
  const whenWords = boundClause ? extractFeatures(boundClause).words : [];
  const inability = negatedClaim && onlyModalNegation(view.claim.text);
  // "put down to an alarm that was not forwarded", "logged but not rejected": a denial inside a
  // clause that describes a thing or gives a reason denies no event a record could show.
  const deniesEvent = !negatedClaim || negatesMainClause(view.claim.text);
  const phrase = deniedPhrase(view.claim.text, view.wording.absent);
  // (Of a real event: "nothing happened" denies no event a record could name.)
  const nothing = NOTHING_RE.exec(view.claim.text)?.[1];
  const everything = nothing !== undefined && !LIGHT_WORDS.has(canonicalStem(nothing.toLowerCase()));
  for (const unit of candidates) {
    const mentions = denied.some((term) => unit.wordSet.has(term) || unit.identifierSet.has(term));
    if (!mentions) continue;
    // A JSON document's top-level id (change_id=CHG-9154) is named by every field of it.
    if (!view.features.identifiers.every((id) => hasIdentifier(unit, id) || documentNames(view.index, unit, id))) continue;
    if (!withinBounds(view, unit)) continue;
    // "apart from posting the status": the excepted item is not a counter-example.
    if (exceptionWords.length > 0 && exceptionWords.filter((w) => unit.wordSet.has(w)).length >= Math.min(2, exceptionWords.length)) continue;
    if (setApart && (setApart.identifiers.some((id) => hasIdentifier(unit, id)) || setApart.names.some((group) => hasName(unit, group)))) continue;
    // "Wave 3 has not started" against `wave=wave-2 … state=started`: the record is of a sibling the claim does not name.
    if (numberedSibling(labels, unit)) continue;
    const field = deniedFieldValue(unit, denied);
    const deniesToo = wordingOf(unit).negated.some((term) => denied.includes(term)) || fieldDenies(unit, denied);
    if (deniesToo || (field !== undefined ? EMPTY_VALUE_RE.test(field) : reportsNothing(unit.text))) {
      supporting.push(unit);
      continue;
    }
    // "The indexer could not parse it" against "failed to parse document": a record of the event
    // failing shows that it did not happen.
    if (negatedClaim && failedAt(unit, denied)) {
      supporting.push(unit);
      continue;
    }
    // A document that mentions the denied thing is not a counter-example: it states rules, and
    // a denial it contradicts is found by its own negation (contradictPolarity), not by a mention.
    if (unit.item.kind === 'paragraph') continue;
    // A record whose state field holds the denied state ("No publishers were blocked" against
    // state=blocked count=37) shows it, whatever it calls the things in that state.
    const inDeniedState = Object.entries(unit.features.fields).some(([key, value]) => /(?:^|_)(?:state|status)$/.test(key) && denied.includes(canonicalStem(value)));
    // "the ticket can't be scanned for 30 minutes", "could not fill the gap": an inability or a rule is
    // refuted only by a record of the thing done ("parsed document … in 3 ms"), not by one naming it.
    if (inability && !recordsDone(unit, denied)) continue;
    if (!deniesEvent) continue;
    if (inDeniedState && !/^(?:0+|false|none|null)$/i.test(unit.features.fields.count ?? '1') && !rowOfOtherNamedValue(view, unit)) {
      return contradicted(unit, `claim says there was no ${denied.at(-1)}, ${unit.item.id} shows some`);
    }
    // A denied event ("was not restarted") needs the unit to be about the same subject; an
    // absence ("no warehouse had a pick time over an hour") needs it to show the same property.
    // "No other services were restarted": what "other" leaves is any entity but the one set apart
    // above, so a record of the denied event need not share the claim's words for its class.
    // (Not when the denial is of the class itself, "no other inverter logged a fault": then the record must be of that class.)
    // ("Nothing was restarted": every record of a restart is one, but for the excepted.)
    if (!everything && (!setApart || deniesClass) && (negatedClaim ? !sameSubject(view, unit, new Set(whenWords)) : !sameSubject(view, unit, new Set([...denied, ...whenWords])))) continue;
    // A step that says what to watch or check ("action=watch 5xx rate and TLS handshake errors")
    // names the thing; it does not record one.
    if (namedOnlyAsPlan(unit, denied)) continue;
    // "with no retry limit": the record must show the whole thing denied, not only one of its words.
    if (phrase.length > 1 && !phrase.every((word) => unit.wordSet.has(word) || unit.identifierSet.has(word))) continue;
    // "No departures were lost to weather" against `departures_scheduled=118420`: a field's name
    // that holds the denied word counts things, it is no instance of the denied event, unless the
    // record also holds the rest of what the claim denies.
    if (onlyInOtherMeasures(unit, denied, new Set(view.words.keys()))) continue;
    if (rowOfOtherNamedValue(view, unit)) continue;
    return contradicted(unit, `claim says there was no ${denied[0]}, ${unit.item.id} shows one`);
  }
  if (supporting.length === 0 && !recordsGiven) {
    // Documents are not exhaustive records: that a text does not mention something does not
    // show it did not happen. Only a document that says so itself grounds the denial.
    const stated = candidates.find((unit) => sameSubject(view, unit) && (reportsNothing(unit.text) || wordingOf(unit).negated.length > 0));
    if (stated) return { partition: 'grounded', type: KIND_TYPES[stated.item.kind], evidence_refs: [stated.item.id], reason: `the denial is stated in ${stated.item.id}` };
    // Or in its own words: a passage that supports the rest of the claim and itself restricts or
    // refuses ("Expressions with a seconds field are rejected" for "seconds-level schedules aren't supported").
    const support = findSupport(view, candidates, options);
    const restricting = support.missing.length === 0 ? support.units.find((unit) => RESTRICTING_RE.test(unit.text) || wordingOf(unit).negated.length > 0) : undefined;
    if (restricting) {
      return { partition: 'grounded', type: support.items.length === 1 ? 'domain' : 'synthesis', evidence_refs: support.refs, reason: `the denial is stated, in other words, in ${support.refs.join(' + ')}` };
    }
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'an absence cannot be shown from documents that do not state it' };
  }
  const refs = [...new Set(supporting.map((unit) => unit.item.id))].slice(0, 3);
  if (view.wording.causal && !causeStated(view, supporting)) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: refs, reason: 'causal link not in evidence' };
  }
  // "these rules guarantee that a job never runs twice": the evidence must give the certainty too.
  const certainty = view.wording.certainty;
  if (certainty && !supporting.some((unit) => unit.lowerText.includes(certainty.toLowerCase()))) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: refs, reason: `certainty ("${certainty}") not in evidence` };
  }
  // "No appointment bookings were lost during the freeze", against records that never speak of
  // bookings: silence about what the evidence does not cover shows nothing. Most of the claim's
  // other words must occur in the evidence for its silence on the denied thing to count.
  if (refs.length === 0) {
    const subject = [...view.words.keys()].filter((word) => word.length > 2 && !denied.includes(word) && !LIGHT_WORDS.has(word));
    const uncovered = subject.filter((word) => view.index.documentFrequency(`w:${word}`) === 0);
    // (The claim's identifiers and names, found above, are where it looks, not what it denies.)
    if (subject.length > 0 && uncovered.length * 2 > subject.length) {
      return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `an absence the evidence does not cover: not in evidence: ${uncovered.slice(0, 4).join(', ')}` };
    }
  }
  return {
    partition: 'grounded',
    type: 'neg_evidence',
    evidence_refs: refs,
    reason: refs.length > 0 ? `evidence reports none (${refs[0]})` : `no evidence item shows ${denied[0]}`,
  };
}

/**
 * The denied words occur in the unit only in names of fields that count the thing in another
 * state than the one denied: departures_scheduled and departures_operated are not departures
 * "lost to weather" (a participle the claim does not use), while handshake_errors_per_min counts
 * handshake errors.
 */
function onlyInOtherMeasures(unit: IndexedItem, denied: readonly string[], claimWords: ReadonlySet<string>): boolean {
  if (!unit.text.includes('=')) return false;
  const words = new Set(extractFeatures(unit.text.replace(/[A-Za-z_][\w.-]*=/g, ' ')).words);
  if (denied.some((term) => words.has(term))) return false;
  const keys = [...unit.text.matchAll(/([A-Za-z_][\w.-]*)=/g)].map((m) => m[1]!.toLowerCase().split(/[_.-]+/));
  const holding = keys.filter((parts) => parts.some((part) => denied.includes(canonicalStem(part))));
  return holding.length > 0 && holding.every((parts) => parts.some((part) => part.length > 4 && part.endsWith('ed') && !claimWords.has(canonicalStem(part))));
}
