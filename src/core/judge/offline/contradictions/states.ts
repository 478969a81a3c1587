// A state or an outcome the evidence gives otherwise: the opposite state for the same subject
// ("completed" against "failed", a call that failed), and a first attempt that an earlier failed
// call of the same tool and arguments belies.
import { canonicalStem, extractFeatures, type IndexedItem } from '../../../retrieval/index';
import { isWeakStateWord } from '../language';
import { type ClaimVerdict, type ClaimView, atClaimedMoment, contradicted, hasIdentifier, hasName, holdsSomeAnchor, numberedIdentifiers, sameSubject } from '../claim-view';
import { LIGHT_WORDS, wordingOf } from '../words';
import { quantityMatches } from '../derive/matching';

const FIRST_ATTEMPT_RE = /\b(?:(?:on|at|in) (?:the |its )?first (?:attempt|try|pass|go)|first time round|without (?:a |any )?(?:retry|retries|retrying|second attempt))\b/i;

/**
 * "gw-eu-3 was returned to the pool on the first attempt": the call that did it must not have
 * been tried before and failed. An earlier call of the same tool with the same arguments that
 * did not exit cleanly contradicts it.
 */
export function contradictFirstAttempt(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (!FIRST_ATTEMPT_RE.test(view.claim.text)) return undefined;
  const calls = candidates.filter((unit) => unit.item.kind === 'tool_call' && holdsSomeAnchor(view, unit));
  for (const success of calls) {
    if (success.item.exitOk === false) continue;
    const args = JSON.stringify(success.item.args ?? null);
    const earlier = view.index.items.find(
      (unit) =>
        unit.item.kind === 'tool_call' &&
        unit.item.file === success.item.file &&
        unit.item.line < success.item.line &&
        unit.item.tool === success.item.tool &&
        unit.item.exitOk === false &&
        JSON.stringify(unit.item.args ?? null) === args,
    );
    if (earlier) return contradicted(earlier, `claim says first attempt, ${earlier.item.id} is an earlier ${earlier.item.tool} that failed`);
  }
  // "Every controller flashed successfully on the first attempt" against `flash=ok attempt=2`: a
  // record of the act (its verb's stem among the record's words) counting a later attempt, of a
  // member the claim covers (any, for every member; else one holding the claim's entities).
  const verbs = [...view.claim.text.matchAll(/\b(\p{L}{3,}ed)\b/gu)].map((m) => canonicalStem(m[1]!.toLowerCase()));
  // (Every member when the claim names none: "both 4W-ADC-01 and 4W-ADC-02" are the ones named.)
  const every = /\b(?:every|all|each|both)\b/i.test(view.claim.text) && numberedIdentifiers(view).length === 0;
  if (verbs.length === 0) return undefined;
  // (Every member's record may be far down the ranking: all of them are read, as for a rank.)
  for (const unit of every ? view.index.items : candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    if (!verbs.some((verb) => unit.wordSet.has(verb))) continue;
    if (!every && !holdsSomeAnchor(view, unit)) continue;
    const later = Object.entries({ ...unit.features.fields, ...unit.item.fields }).find(([key, value]) => {
      const n = Number(value);
      const name = key.toLowerCase().split('.').pop()!;
      // (An attempt's number is small; attempts=17015 counts attempts.)
      // (cal_print_attempts=2: the attempts at a check the claim names.)
      const ofCheck = name.endsWith('_attempts') && name.split('_').slice(0, -1).some((part) => view.words.has(canonicalStem(part)));
      return Number.isInteger(n) && n <= MAX_ATTEMPT && (((ATTEMPT_FIELDS.has(name) || ofCheck) && n > 1) || (RETRY_FIELDS.has(name) && n > 0));
    });
    if (later) return contradicted(unit, `claim says first attempt, ${unit.item.id} gives ${later[0]}=${later[1]}`);
  }
  // "All three troughs passed their health checks at the first attempt" against `WT-02
  // health_check … result=fail`, then a pass: a failed try of the claim's check (its words) by a
  // member the claim covers, before a later record of that member, was not the last try.
  // (Not a claim of what failed, "the meters that failed on the first pass", nor of some members
  // a clause picks out, "all five barges that stayed on 4.2.0".)
  if (FAILED_TRY_RE.test(view.claim.text) || /\b(?:that|which|who)\b/i.test(view.claim.text)) return undefined;
  const checkWords = [...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word) && !verbs.includes(word) && !FIRST_TRY_WORDS.has(word));
  for (const unit of every ? view.index.items : candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || !FAILED_TRY_RE.test(unit.text)) continue;
    if (!every && !holdsSomeAnchor(view, unit)) continue;
    if (!checkWords.some((word) => unit.wordSet.has(word))) continue;
    const members = unit.features.identifiers.filter((id) => /\d/.test(id));
    const retried = members.length > 0 && view.index.items.some(
      (other) => other.item.file === unit.item.file && other.item.line > unit.item.line && other.item.kind !== 'paragraph' && members.some((id) => hasIdentifier(other, id)) && checkWords.some((word) => other.wordSet.has(word)) && !FAILED_TRY_RE.test(other.text),
    );
    if (retried) return contradicted(unit, `claim says first attempt, ${unit.item.id} is a failed try before a later one`);
  }
  return undefined;
}

/** A record of a try that failed: "result=fail", "… FAIL (ct tolerance …)", "check failed". */
const FAILED_TRY_RE = /\b(?:fail|failed|FAIL|FAILED|Failed)\b|=fail(?:ed)?\b/;
/** Words of the first-try wording itself, not of the check. */
const FIRST_TRY_WORDS = new Set(['first', 'attempt', 'try', 'pass', 'go', 'time', 'round', 'retri', 'second', 'clean'].map((word) => canonicalStem(word)));

/** Fields numbering the attempt a record is of, and fields counting retries. */
const ATTEMPT_FIELDS = new Set(['attempt', 'try', 'attempt_no', 'attempt_number', 'attempts']);
const RETRY_FIELDS = new Set(['retries', 'retry_count', 'retried']);
const MAX_ATTEMPT = 20;

export function contradictState(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const strong = view.wording.states.filter((state) => !isWeakStateWord(state.word));
  const claimStateWords = new Set(view.wording.states.map((state) => state.word.toLowerCase()));
  if (strong.length === 0) return undefined;
  const stateWords = new Set(strong.map((state) => extractFeatures(state.word).words[0] ?? state.word));
  // A state with no subject of its own ("Completed in three minutes.") is about its context (the
  // table row); with neither, nothing says which record it could contradict.
  const context = view.context;
  const hasSubject = [...view.words.keys()].some((word) => !stateWords.has(word) && !LIGHT_WORDS.has(word)) || view.features.identifiers.length + view.features.nameGroups.length > 0;
  if (!hasSubject && !context) return undefined;
  // A row named "DC-West" is not DC-North's: a name of several words needs all of them.
  const aboutContext = (unit: IndexedItem): boolean =>
    !context ||
    context.identifiers.some((id) => hasIdentifier(unit, id)) ||
    (context.nameGroups.length > 0 ? context.nameGroups.some((group) => hasName(unit, group)) : context.words.some((word) => unit.wordSet.has(word)));
  // A cell of the row named by an identifier (| weight_100 | Completed, … |) is about that row's record.
  const rowRecord = (unit: IndexedItem): boolean => context !== undefined && context.identifiers.length > 0 && context.identifiers.every((id) => hasIdentifier(unit, id)) && unit.item.kind !== 'paragraph';
  const subject = atClaimedMoment(view, candidates.filter((u) => (sameSubject(view, u, stateWords) || rowRecord(u)) && aboutContext(u)));
  // A record that states the same thing settles it: another that mentions the opposite is about something else.
  const agrees = (unit: IndexedItem): boolean =>
    strong.every((state) => {
      const unitStates = wordingOf(unit).states.filter((s) => s.group === state.group && !isWeakStateWord(s.word));
      return unitStates.length > 0 && unitStates.every((s) => s.polarity === state.polarity);
    });
  // (Any record about the claim's entities: a check failed on one version and passed on the next.)
  if (subject.some(agrees) || candidates.some((unit) => unit.item.kind !== 'paragraph' && holdsSomeAnchor(view, unit) && aboutContext(unit) && agrees(unit))) return undefined;
  // "Both pilot branches passed", "the other four wave-2 branches passed": a group the claim counts
  // is not refuted by the record of one member it does not name (a sibling outside the group, or a
  // whole the group is part of); "all <things> went well" against one failing is checked on its own.
  const groupMatch = GROUP_SUBJECT_RE.exec(view.claim.text);
  const groupAt = groupMatch?.index;
  // An identifier inside the group's words ("the other four wave-2 branches") qualifies the group; it names no member.
  const members = view.features.identifiers.filter((id) => !groupMatch || !groupMatch[0].toLowerCase().includes(id.toLowerCase()));
  // The group is the subject when it comes before the state ("both AMFs resumed successful …"), not
  // when a clause after it adds one ("closed as completed, with both replicas streaming").
  const group = groupAt !== undefined && strong.some((state) => view.claim.text.toLowerCase().indexOf(state.word.toLowerCase(), groupAt) > groupAt);
  // A claim giving figures of the outcome ("passed at 0.21% deviation") is about the try that
  // measured them: a record of another try, without them, is no opposition.
  const figures = view.features.quantities.filter((q) => q.hasUnit && q.qualifier !== 'delta');
  for (const unit of subject) {
    if (group && !members.some((id) => hasIdentifier(unit, id))) continue;
    if (figures.length > 0 && !figures.some((q) => unit.features.quantities.some((e) => quantityMatches(q, e)))) continue;
    const unitWording = wordingOf(unit);
    // Taken for its row only, a record speaks to how the step ended, not to every state it names.
    const rowOnly = !sameSubject(view, unit, stateWords);
    for (const state of strong) {
      if (rowOnly && state.group !== 'outcome') continue;
      const unitStates = unitWording.states.filter((s) => s.group === state.group && !isWeakStateWord(s.word));
      // A word the claim itself states ("keep running offline", "Failed …, despite 100% install
      // success") is no opposition from the record: the claim has already said which is which.
      // Nor is one when the claim counts a partial outcome ("passed only 14 of 20 door cycles"), or
      // gives both ways of the group itself ("failed its health check … and passed on the retry")
      // while another record shows the way it asserts: it has said which part went which way.
      // ("Run R-551 succeeded after an earlier failure" against its one record, status=failed, is belied.)
      const saysBoth =
        (state.group === 'outcome' && partialOutcome(view.claim.text)) ||
        (view.wording.states.some((s) => s.group === state.group && s.polarity !== state.polarity) && candidates.some((other) => other !== unit && shows(other, state)));
      const opposite = saysBoth ? undefined : unitStates.find((s) => s.polarity !== state.polarity && !claimStateWords.has(s.word.toLowerCase()));
      const same = unitStates.some((s) => s.polarity === state.polarity);
      // A call that did not exit cleanly belies a plain success, not a partial one the claim counts
      // ("11 of the 12 smoke tests passed") or one it says came after a failure ("failed …, passed on rerun").
      const failedCall = state.group === 'outcome' && state.polarity === 1 && unit.item.exitOk === false && !partialOutcome(view.claim.text) && !view.wording.states.some((s) => s.group === state.group && s.polarity !== state.polarity);
      if ((opposite && !same) || failedCall) {
        return contradicted(unit, `claim says "${state.word}", ${unit.item.id} says ${opposite ? `"${opposite.word}"` : 'the call failed'}`);
      }
    }
  }
  return undefined;
}

/** A record states the state's way of its group (not in a weak word). */
function shows(unit: IndexedItem, state: { group: string; polarity: number }): boolean {
  return wordingOf(unit).states.some((s) => s.group === state.group && s.polarity === state.polarity && !isWeakStateWord(s.word));
}

const COUNT_WORDS = '(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d{1,3})';
const GROUP_SUBJECT_RE = new RegExp(`\\b(?:(?:both|all|every|each\\s+of\\s+the|(?:the\\s+)?(?:other|remaining))\\s+(?:${COUNT_WORDS}\\s+)?|(?:the|its|their)\\s+${COUNT_WORDS}\\s+)(?:[\\p{L}\\d-]+\\s+){0,3}?[\\p{L}-]+s\\b`, 'iu');

/** "11 of the 12", "18 of its 20": a part of a whole, fewer than all. */
function partialOutcome(text: string): boolean {
  const match = /\b(\d[\d,]*)\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+|all\s+)?(\d[\d,]*)\b/i.exec(text);
  if (match !== null && Number(match[1]!.replace(/,/g, '')) < Number(match[2]!.replace(/,/g, ''))) return true;
  // "ran 40 queries, of which 38 passed".
  const whole = /\b(\d[\d,]*)\s+[\p{L}-]+,?\s+of\s+which\s+(\d[\d,]*)\b/iu.exec(text);
  return whole !== null && Number(whole[2]!.replace(/,/g, '')) < Number(whole[1]!.replace(/,/g, ''));
}
