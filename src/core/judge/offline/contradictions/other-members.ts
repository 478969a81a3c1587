// "No other lift reported denials during the window" against `metric=gate_denies
// lift=ptarmigan-tbar count=6`; "No other carrier showed elevated latency" against a WARN line
// of carrier=swiftroute. The claim's kind ("lift", "carrier") is a field of the records, each
// record's value of it a member; a record of a member the report has not named so far that shows
// the predicate (its words, not zero, and trouble where the predicate only names a measure)
// contradicts the claim. Wording is data (vocabulary/other-members.json).
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { troubleReason } from '../../../omissions';
import { type ClaimVerdict, type ClaimView, alnum, contradicted } from '../claim-view';
import { reportsNothing } from '../language';
import { escapePhrase } from '../vocabulary';
import { LIGHT_WORDS } from '../words';
import members from '../vocabulary/other-members.json';

const KIND_RE = new RegExp(`\\b(?:no|none of the|not any) other\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)\\s+(${members.verbs.map(escapePhrase).join('|')})\\b([^,;:]*)`, 'iu');
const EXCEPT_KIND_RE = new RegExp(`\\bno\\s+((?:[\\p{L}-]+\\s+){0,2}?[\\p{L}-]+)\\s+(?:other\\s+than|apart\\s+from|besides|except(?:\\s+for)?)\\s+([\\p{L}\\p{N}][\\w.-]*)\\s+(${members.verbs.map(escapePhrase).join('|')})\\b([^,;:]*)`, 'iu');
/** "<member> was the only <kind> with / to / that <predicate>": the member set apart, written as a code or a capitalised name. */
const ONLY_KIND_RE = /(?<![\p{L}\p{N}])((?:\p{Lu}|\d)[\p{L}\p{N}.-]*(?:\s+\p{Lu}[\p{L}\p{N}.-]*)?)\s+(?:was|is|were|are)\s+the\s+only\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+?)\s+(with|to|that|which)\s+([^,;:]*)/u;
const SCOPE = new Set(members.scopeWords.map(canonicalStem));
/** Stems of predicate words that name trouble (failures, errors, timeouts). */
const TROUBLE_STEMS = members.troublePredicates.map(canonicalStem);
const ZERO_FIELDS = new Set(members.zeroFields);
const TROUBLE_WORDS_RE = new RegExp(`(?<![\\p{L}])(?:${members.troubleWords.map(escapePhrase).join('|')})(?![\\p{L}])`, 'u');

export function contradictOtherMember(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge) return undefined;
  const denial = kindDenial(view.claim.text);
  if (!denial) return undefined;
  const kind = canonicalStem(denial.kind.trim().split(/\s+/).pop()!.toLowerCase());
  const predicate = [...new Set(extractFeatures(`${denial.verb} ${denial.rest}`).words)].filter((word) => !LIGHT_WORDS.has(word) && !SCOPE.has(word));
  if (predicate.length === 0) return undefined;
  // Members named so far (in this claim or before it) are the ones "other" sets apart; "other than SV-5" sets apart only SV-5.
  const said = denial.except !== undefined ? alnum(denial.except) : saidSoFar(view);
  // (Every member's record may be far down the ranking: all records are read, as for a rank.)
  for (const unit of new Set([...candidates, ...view.index.items])) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const member = memberOf(unit, kind);
    if (!member || said.includes(alnum(member))) continue;
    if (!shows(unit, predicate)) continue;
    return contradicted(unit, `claim says no other ${denial.kind.trim()} ${denial.verb}${denial.rest.replace(/[.!\s]+$/, '')}, ${unit.item.id} shows ${kind}=${member}`);
  }
  return undefined;
}

/**
 * "No other lift reported …" (the kind, its verb, the rest of the predicate), or "No gateway model
 * other than SV-5 had …", where the member set apart is written in the claim itself (`except`).
 */
function kindDenial(text: string): { kind: string; verb: string; rest: string; except?: string } | undefined {
  const other = KIND_RE.exec(text);
  if (other) return { kind: other[1]!, verb: other[2]!, rest: other[3]! };
  const except = EXCEPT_KIND_RE.exec(text);
  if (except) return { kind: except[1]!, verb: except[3]!, rest: except[4]!, except: except[2]! };
  // "CHB-3 was the only chamber with an aborted cycle": no other chamber had one.
  const only = ONLY_KIND_RE.exec(text);
  if (!only) return undefined;
  const [, member, kind, link, written] = only as unknown as [string, string, string, string, string];
  // ("… with an aborted cycle in the six weeks": the time it is said of is a scope, not the predicate.)
  const rest = written.split(/\s+(?:in|during|over|across|throughout|since|between|on|at|by|from)\s+/i)[0]!;
  // ("the only press to produce more than in week 17": a comparison no single record shows.)
  if (/\b(?:than|more|less|fewer|higher|lower|better|worse|faster|slower|most|least)\b/i.test(written)) return undefined;
  if (link.toLowerCase() === 'with') return { kind, verb: 'had', rest: ` ${rest}`, except: member };
  // "the only press to produce more", "the only site that missed": the verb is the first word after the link.
  const verb = /^\s*([\p{L}-]+)/u.exec(rest)?.[1];
  return verb ? { kind, verb, rest: rest.slice(rest.indexOf(verb) + verb.length), except: member } : undefined;
}

/** What the report has said up to and with the claim, by letters and digits alone ("Summit Express" names summit-express). */
function saidSoFar(view: ClaimView): string {
  return alnum([view.claim.text, ...(view.surroundings.before ?? view.surroundings.previous).map((c) => c.text)].join(' '));
}

/** The record's value of the field that names the kind (lift=ptarmigan-tbar for "lift"). */
function memberOf(unit: IndexedItem, kind: string): string | undefined {
  for (const [key, value] of Object.entries(unit.item.fields)) {
    const leaf = key.toLowerCase().split('.').pop()!;
    if (canonicalStem(leaf) === kind && /\p{L}/u.test(value)) return value;
  }
  return undefined;
}

/**
 * Whether a record shows the predicate: one of its words in the record's text or field values (not
 * only a measure's name), nothing it counts at zero, and no "none" in its words; a predicate met
 * only by a measure's name (latency=4120ms for "elevated latency") needs the record to be trouble.
 */
function shows(unit: IndexedItem, predicate: readonly string[]): boolean {
  if (reportsNothing(unit.text)) return false;
  // "had push failures": a predicate of trouble is shown only by a record of trouble ("push ok" is no failure).
  const trouble = predicate.filter((word) => TROUBLE_STEMS.some((stem) => word.startsWith(stem)));
  if (trouble.length > 0 && !trouble.some((word) => [...unit.wordSet].some((w) => sameWord(w, word))) && troubleReason(unit.item) === undefined && !TROUBLE_WORDS_RE.test(unit.text)) return false;
  const fields = Object.entries(unit.item.fields);
  if (fields.some(([key, value]) => ZERO_FIELDS.has(key.toLowerCase().split('.').pop()!) && /^0+(?:\.0+)?$/.test(value.trim()))) return false;
  const measureNames = new Set(fields.filter(([, value]) => /^[\d.,]+\s*\p{L}{0,3}$/u.test(value.trim())).flatMap(([key]) => extractFeatures(key.replace(/[_.]/g, ' ')).words));
  const words = [...unit.wordSet];
  const shared = predicate.filter((word) => words.some((w) => sameWord(w, word)));
  if (shared.length === 0) return false;
  if (shared.every((word) => [...measureNames].some((name) => sameWord(name, word)))) return troubleReason(unit.item) !== undefined || TROUBLE_WORDS_RE.test(unit.text) || countsEvery(fields, predicate);
  return true;
}

/**
 * Every word of the predicate names a count field of the record, none of them at zero ("had an
 * aborted cycle" against aborted=1 cycles=118): the record counts the thing itself. ("Elevated
 * latency" is a judgement no count field names.)
 */
function countsEvery(fields: ReadonlyArray<[string, string]>, predicate: readonly string[]): boolean {
  const counts = fields.filter(([, value]) => /^\d+$/.test(value.trim())).map(([key, value]) => ({ words: extractFeatures(key.replace(/[_.]/g, ' ')).words, value: Number(value) }));
  const named = predicate.map((word) => counts.filter((count) => count.words.some((w) => sameWord(w, word))));
  return named.every((matches) => matches.length > 0 && matches.every((count) => count.value > 0));
}

/** Two stems of one word: equal, or one starting the other over four letters at least (denial, denies → deni). */
function sameWord(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)));
}

const OTHER_RE = /\b(?:no|none of the|not any) other\b/i;
const KIND_FIELDS = new Set(members.kindFields);

/**
 * "No other pump faults were logged during the season", after the report told of P2's: the record
 * of the one set apart (`pump=P2 event=out_of_service reason="flow meter fault"`, the denied word
 * in it, its member named before) says what kind of record the claim denies; another record of that
 * kind — the same fields, the same value of its kind field (event=out_of_service) — of a member the
 * report has not named is one more, whatever words it uses ("nozzle hose leak").
 */
export function contradictKindredRecord(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const denied = [...view.wording.absent, ...view.wording.negated];
  if (view.wording.hedge || denied.length === 0 || !OTHER_RE.test(view.claim.text)) return undefined;
  const said = saidSoFar(view);
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning');
  for (const exemplar of records) {
    if (!denied.some((word) => exemplar.wordSet.has(word))) continue;
    const kind = Object.entries(exemplar.item.fields).find(([key]) => KIND_FIELDS.has(key.toLowerCase()));
    const member = memberField(exemplar, said, kind?.[0]);
    if (!kind || !member) continue;
    const shape = shapeKey(exemplar);
    for (const unit of view.index.items) {
      if (unit === exemplar || unit.item.file !== exemplar.item.file || unit.item.fields[kind[0]] !== kind[1] || shapeKey(unit) !== shape) continue;
      const other = unit.item.fields[member];
      if (!other || other === exemplar.item.fields[member] || said.includes(alnum(other)) || reportsNothing(unit.text)) continue;
      return contradicted(unit, `claim says no other ${denied[0]}; ${unit.item.id} records ${kind[0]}=${kind[1]} for ${member}=${other}, as ${exemplar.item.id} does for ${exemplar.item.fields[member]}`);
    }
  }
  return undefined;
}

/** The field that names the member the report set apart: a named value (letters, or letters and digits) the report has said. */
function memberField(unit: IndexedItem, said: string, kindKey: string | undefined): string | undefined {
  return Object.entries(unit.item.fields).find(([key, value]) => key !== kindKey && /\p{L}/u.test(value) && value.length <= 40 && !/\s/.test(value.trim()) && said.includes(alnum(value)) && alnum(value).length >= 2)?.[0];
}

function shapeKey(unit: IndexedItem): string {
  return Object.keys(unit.item.fields).sort().join(',');
}
