// The offline judge's decision for one claim: the order its rules run in, and the re-readings
// that judge the claim again, which stay here because they call the judge: a bare "yes" or "no"
// as the question's proposition, a denial without its predicate, "at the same moment" as the
// time of the sentence before, a name as the code the records write it by. The rules are in
// rules/: support.ts (what grounds a claim: needs.ts, derived-figures.ts), over-reach.ts (causal
// and certainty wording), prescriptions.ts (a prescribed step is no record it was done),
// who-did-what.ts, absence.ts, bounds.ts (every member within a bound), moments.ts (what a claim
// counts from), aliases.ts (entity codes), content-words.ts and options.ts. What the claim is
// about is in claim-view.ts, where a figure stands in a unit in figures.ts, contradictions by
// kind in contradictions/ (chain.ts runs them in order; each decided from structure, never from
// text similarity).
import type { ReportClaim } from '../../review-types';
import { NEGATED_LOWER_RE, NEGATED_UPPER_RE, extractFeatures, type EvidenceIndex } from '../../retrieval/index';
import { questionPropositions } from './answers';
import { sentenceCased } from './claims/proposition';
import { readWording, statesCause } from './language';
import { isBound, timeMatches } from './derive/matching';
import { type ClaimSurroundings, type ClaimVerdict, type ClaimView, KIND_TYPES, NO_SURROUNDINGS, hasIdentifier } from './claim-view';
import { DOCUMENT_WORDS, LIGHT_WORDS, wordingOf } from './words';
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from './rules/options';
import { contentWords, ratioWording } from './rules/content-words';
import { wrongFigureOrder, wrongMovement } from './rules/figure-order';
import { ownArithmeticConflict } from './rules/own-arithmetic';
import { WEEKDAY_STEMS, weekdayOf } from '../../retrieval/index';
import { resolveEventBounds } from './rules/moments';
import { findSupport, gatherCandidates } from './rules/support';
import { causeStated, checkOnRecord } from './rules/over-reach';
import { ATTRIBUTED_RE, PAST_EVENT_RE, PLAN_PATH_RE, PRESCRIPTION_RE, doesPrescribedStep, reportsRuleOnly } from './rules/prescriptions';
import { agentMismatch } from './rules/who-did-what';
import { type Alias, aliasesIn, pairedAliasesIn } from './rules/aliases';
import { gluedNames } from './rules/glued-names';
import { isNegatedEventClaim, judgeAbsence } from './rules/absence';
import { contradictUniversalBound, judgeBoundAbsence } from './rules/bounds';
import { signalName, signalsOf } from './records/signals';
import { findContradiction } from './contradictions/chain';
import { contradictRowValue } from './contradictions/row-values';
import { contradictMomentReading } from './contradictions/moment-readings';
import { contradictChangeEnd } from './contradictions/change-ends';

export type { ClaimVerdict } from './claim-view';
export { DEFAULT_RULE_OPTIONS, type RuleOptions };

const BARE_ANSWER = /^\s*(yes|no)\s*[.!]?\s*$/i;
const LEADING_ANSWER = /^\s*(yes|no)\s*[,;:.!]\s+/i;

/**
 * Judges one claim against the index. Pure and deterministic. With a question, a bare "yes" or
 * "no" is judged as the question's proposition, asserted or denied.
 */
export function judgeClaim(claim: ReportClaim, index: EvidenceIndex, options: RuleOptions = DEFAULT_RULE_OPTIONS, question?: string, surroundings: ClaimSurroundings = NO_SURROUNDINGS): ClaimVerdict {
  const timed = atMomentBefore(claim, index, options, question, surroundings.timed[0]);
  if (timed) return timed;
  const referred = alertNamedBefore(claim, index, options, question, surroundings);
  if (referred) return referred;
  // "the gauge profile 2-sigma" for the field 2sigma: the glued reading, when it decides.
  const { text: gluedText, glued } = gluedNames(claim.text, index);
  if (glued.length > 0) {
    const read = judgeClaimAsWritten({ ...claim, text: gluedText }, index, options, question, surroundings);
    if (read.partition === 'grounded' || read.partition === 'contradicted') return { ...read, reason: `reading ${glued.map((name) => `"${name}"`).join(', ')} as the records write it: ${read.reason}` };
  }
  const verdict = judgeClaimAsWritten(claim, index, options, question, surroundings);
  const pronoun = subjectNamedBefore(claim, verdict, index, options, question, surroundings);
  if (pronoun) return pronoun;
  // A table row labelled by a name the records write by its code is read by the code even when
  // the cell alone finds support: the cell's figures must be that row's.
  // (A row labelled "Line 2" for line=L2 is read by its code only where that reading decides.)
  const rowAliased = claim.context !== undefined && verdict.partition === 'grounded' && /\d/.test(claim.text) && aliasesIn(claim.context, index).some((alias) => !alias.numbered);
  // So is a claim that names an entity by such a name where the text alone finds support (a name
  // opening the sentence reads as a plain word): the coded reading, when it decides, is the entity's.
  const claimAliased = !rowAliased && verdict.partition === 'grounded' && /\d/.test(claim.text) && pairedAliasesIn(claim.text, index).length > 0;
  // And one contradicted as written that names an entity whole by such a name ("Marrow's weekly
  // core-hours" read without the name is every show's): only names a record pairs with a code, each
  // written whole (not a part of a longer name, "Kessel" of "Kessel Flats", or of "Lustre 2.15.4").
  const wholeNames = verdict.partition === 'contradicted' && !rowAliased && /\d/.test(claim.text) ? pairedAliasesIn(claim.text, index).filter((alias) => namedWhole(claim.text, alias)) : [];
  if (verdict.partition !== 'ungrounded' && !rowAliased && !claimAliased && wholeNames.length === 0) return verdict;
  // "£18,400 at Daventry" against `site=DC1 writeoff_gbp=18400`, where a record pairs site=DC1
  // with name=Daventry: the records may write an entity by its code. Read the claim with the
  // codes in place of the names; take that reading when it decides the claim.
  // Only for claims with figures: what a code anchors is the entity's values in records.
  // A table cell is about its row: the row's label may be the name ("| Ashby | Waste fell … |").
  const aliases = wholeNames.length > 0 ? wholeNames : /\d/.test(claim.text) ? aliasesIn(`${claim.text}\n${claim.context ?? ''}`, index) : [];
  if (aliases.length === 0) return verdict;
  let text = claim.text;
  let context = claim.context;
  for (const alias of aliases) {
    // A code opening the sentence is written as its label ("OT: …") so that it still names the entity.
    text = text.replace(alias.pattern, (name: string, offset: number, whole: string) => (offset === 0 && whole[name.length] !== ':' ? `${alias.code}:` : alias.code));
    context = context?.replace(alias.pattern, alias.code);
  }
  const coded = judgeClaimAsWritten({ ...claim, text, context }, index, options, question, surroundings);
  if (coded.partition !== 'grounded' && coded.partition !== 'contradicted' && !rowAliased) return verdict;
  const refs = [...new Set([...coded.evidence_refs, ...aliases.map((alias) => alias.ref)])];
  const reading = aliases.map((alias) => `${alias.name} as ${alias.code} (${alias.ref})`).join(', ');
  return { ...coded, evidence_refs: refs, reason: `reading ${reading}: ${coded.reason}` };
}

/** Whether every place the claim writes the alias's name is the whole name: no capitalised word or number joined before or after it. */
function namedWhole(text: string, alias: Alias): boolean {
  const pattern = new RegExp(alias.pattern.source, 'gu');
  let found = false;
  for (const match of text.matchAll(pattern)) {
    // (A capitalised word opening the sentence, "At Marrow", is no part of the name.)
    const before = /(^|[.;:—–-]\s*|\S\s+)(\p{Lu}[\p{L}-]*)\s+$/u.exec(text.slice(0, match.index));
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 20);
    if ((before && before[1] !== '' && !/^[.;:—–-]/u.test(before[1]!)) || /^\s+(?:\p{Lu}|\d)/u.test(after)) return false;
    found = true;
  }
  return found;
}

// "The alert stayed open for about 25 minutes": an alert the claim names by its kind alone.
const THE_ALERT_RE = /\b(?:the|that|this)\s+(alert|alarm|warning|page)\b(?!\s+(?:rule|threshold|limit|level|policy|config\w*)\b)/i;

/**
 * "NET-DHCP-9 fired at 08:12. The alert stayed open for about 25 minutes.": "the alert" is the one
 * alert a signal record names that the claims just before name; "03:52 — The warning alert
 * cleared" is the one alert recorded at 03:52. Read the claim with that name in place; take that
 * reading when it decides the claim.
 */
function alertNamedBefore(claim: ReportClaim, index: EvidenceIndex, options: RuleOptions, question: string | undefined, surroundings: ClaimSurroundings): ClaimVerdict | undefined {
  const phrase = THE_ALERT_RE.exec(claim.text);
  if (!phrase) return undefined;
  const names = new Map(signalsOf(index).all.map((unit) => [signalName(unit).toLowerCase(), signalName(unit)]));
  const features = extractFeatures(claim.text);
  if (names.size === 0 || features.identifiers.some((id) => names.has(id))) return undefined;
  // "03:52 — The warning alert cleared": the one alert with a record at the claim's one time, else
  // the nearest claim before that names any alert, when it names exactly one.
  const atClaimTime = features.times.length === 1 ? [...new Set(signalsOf(index).all.filter((unit) => unit.features.times.some((time) => timeMatches(features.times[0]!, time))).map((unit) => signalName(unit)))] : [];
  const previous = atClaimTime.length === 1 ? [{ text: atClaimTime[0]! }] : surroundings.previous;
  for (const before of previous) {
    const named = [...new Set(extractFeatures(before.text).identifiers.filter((id) => names.has(id)))];
    if (named.length === 0) continue;
    if (named.length > 1) return undefined;
    const name = names.get(named[0]!)!;
    const text = claim.text.slice(0, phrase.index) + `${phrase[0]} ${name}` + claim.text.slice(phrase.index + phrase[0].length);
    const read = judgeClaimAsWritten({ ...claim, text }, index, options, question, surroundings);
    if (read.partition !== 'grounded' && read.partition !== 'contradicted') return undefined;
    return { ...read, reason: `reading "${phrase[0]}" as ${name}, ${atClaimTime.length === 1 ? 'the alert recorded at that time' : 'named just before'}: ${read.reason}` };
  }
  return undefined;
}

// "Its average rate rose to €142.50." opening a claim: "Its" is the thing the claim before opens with.
const OPENING_IT_RE = /^\s*(It|Its)\b(?!\s+(?:is|was)\s+(?:not\s+)?(?:likely|possible|unclear|clear|worth|important|expected|estimated|recommended|unknown)\b)/;

/**
 * "Harbourline's occupancy reached 91%. Its average rate rose to €142.50.": "Its" is the entity the
 * claim just before opens with (a name or an identifier in its first words). Read the claim with
 * that name in place; take that reading when it grounds what the claim as written could not.
 */
function subjectNamedBefore(claim: ReportClaim, verdict: ClaimVerdict, index: EvidenceIndex, options: RuleOptions, question: string | undefined, surroundings: ClaimSurroundings): ClaimVerdict | undefined {
  const pronoun = OPENING_IT_RE.exec(claim.text);
  const before = surroundings.previous[0];
  // (The claim before in the same paragraph or the list item above: a later paragraph starts afresh.)
  if (!pronoun || !before || claim.line - before.line > 1 || OPENING_IT_RE.test(before.text)) return undefined;
  const features = extractFeatures(before.text);
  const opening = before.text.slice(0, 40).toLowerCase();
  const subject = [...features.nameGroups.map((group) => group.join(' ')), ...features.identifiers]
    .map((name) => ({ name, at: opening.indexOf(name.toLowerCase()) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  if (!subject) return undefined;
  const name = before.text.slice(subject.at, subject.at + subject.name.length);
  const text = `${name}${pronoun[1] === 'Its' ? "'s" : ''}${claim.text.slice(pronoun.index + pronoun[0].length)}`;
  const read = judgeClaimAsWritten({ ...claim, text }, index, options, question, surroundings);
  // (Only to ground: a contradiction read so was as often of another act the name's records hold.)
  return read.partition === 'grounded' && verdict.partition === 'ungrounded' ? { ...read, reason: `reading "${pronoun[1]}" as ${name}, named just before: ${read.reason}` } : undefined;
}

// Not "at the same time of day", which is no moment.
const SAME_MOMENT_RE = /\b(?:at (?:the same|that|this) (?:moment|time|minute|instant|point)(?!\s+of\b)|simultaneously)\b/i;

/**
 * "SRCH-552 cleared at 07:53, and SRCH-559 cleared at the same moment": the claim gives the time of
 * the sentence before. Read it with that time written out; take that reading when it decides.
 */
function atMomentBefore(claim: ReportClaim, index: EvidenceIndex, options: RuleOptions, question?: string, preceding?: ReportClaim): ClaimVerdict | undefined {
  const phrase = SAME_MOMENT_RE.exec(claim.text);
  if (!phrase || !preceding) return undefined;
  const moment = extractFeatures(preceding.text).times.at(-1);
  if (!moment || extractFeatures(claim.text).times.length > 0) return undefined;
  const text = claim.text.slice(0, phrase.index) + `at ${moment.raw}` + claim.text.slice(phrase.index + phrase[0].length);
  const timed = judgeClaimAsWritten({ ...claim, text }, index, options, question);
  if (timed.partition !== 'grounded' && timed.partition !== 'contradicted') return undefined;
  return { ...timed, reason: `reading "${phrase[0]}" as ${moment.raw}, the time of the sentence before: ${timed.reason}` };
}

function judgeClaimAsWritten(claim: ReportClaim, index: EvidenceIndex, options: RuleOptions, question?: string, surroundings: ClaimSurroundings = NO_SURROUNDINGS): ClaimVerdict {
  const bare = BARE_ANSWER.exec(claim.text);
  if (bare && question) return { ...judgeBareAnswer(bare[1]!.toLowerCase() === 'yes', claim, question, index, options), byQuestion: true };
  // "No, Joseph Roth was a journalist.": the answer and the statement after it must both hold.
  const prefixed = question ? LEADING_ANSWER.exec(claim.text) : null;
  if (prefixed && question) {
    const yes = prefixed[1]!.toLowerCase() === 'yes';
    const answer = judgeBareAnswer(yes, claim, question, index, options);
    const restText = claim.text.slice(prefixed[0].length);
    const rest = judgeClaim({ ...claim, text: restText }, index, options);
    if (answer.partition === 'grounded') return rest;
    // "Yes: an approver can pass their approvals to a colleague" for "…, can an approver hand
    // their approvals to someone else while away, and …?": a grounded statement on the topic of
    // the part that asks yes or no is the yes, in its own words.
    if (yes && answer.partition === 'ungrounded' && rest.partition === 'grounded' && answersYesNoPart(question, restText)) return rest;
    return answer;
  }
  // "…, but Jon Jost is not.": the denied predicate is the question's ("both American?").
  const elliptical = ELLIPTICAL_DENIAL.exec(claim.text);
  if (elliptical) return judgeEllipticalDenial(elliptical[1]!, claim, index, options, question);
  const features = extractFeatures(claim.text);
  // A hyphenated phrase ("gzip-compressed", "long-running") that the evidence never writes
  // as such is wording, not an identifier: its parts are already among the words.
  // So is an ordinal phrase ("95th-percentile").
  features.identifiers = features.identifiers.filter((id) => !/^(?:\p{L}+|\d+(?:st|nd|rd|th))(?:-\p{L}+)+$/u.test(id) || index.documentFrequency(`i:${id}`) > 0);
  const wording = readWording(claim.text);
  const events = resolveEventBounds(claim.text, wording, index, features.identifiers);
  const view: ClaimView = { claim, index, features, wording, words: contentWords(features, wording), askedWords: new Set(), events, surroundings };
  if (claim.context) view.context = extractFeatures(sentenceCased(claim.context));
  // Words the question already uses set the topic ("your SIEM"): they count half, so what the
  // answer adds is what must be supported.
  if (question) {
    view.askedWords = new Set(extractFeatures(question).words);
    for (const [word, weight] of view.words) if (view.askedWords.has(word)) view.words.set(word, Math.min(weight, 0.5));
  }

  // "on Saturday 5 September": the weekday restates the date (checked when the year is given).
  for (const date of features.dates) {
    for (const [index, stem] of WEEKDAY_STEMS.entries()) {
      if (!view.words.has(stem) && !features.nameGroups.some((group) => group.includes(stem))) continue;
      const consistent = date.year === undefined || date.day === undefined || weekdayOf(date.year, date.month, date.day) === index;
      if (!consistent) continue;
      view.words.delete(stem);
      // Capitalised, the weekday also reads as a name.
      features.nameGroups = features.nameGroups.filter((group) => !(group.length === 1 && group[0] === stem));
    }
  }
  // "never goes above 15 minutes": the denied comparison is the figure's bound, not words to find.
  for (const quantity of features.quantities) {
    if (!isBound(quantity)) continue;
    const before = claim.text.slice(Math.max(0, quantity.start - 40), quantity.start);
    const comparison = NEGATED_UPPER_RE.exec(before) ?? NEGATED_LOWER_RE.exec(before);
    if (comparison) for (const word of extractFeatures(comparison[0]).words) view.words.delete(word);
  }
  // "2,930 …, nearly double the 1,512": the ratio words restate the claim's own two figures.
  const ratio = ratioWording(claim.text, features.quantities);
  if (ratio?.holds) for (const word of ratio.words) view.words.delete(word);

  const checkable = view.words.size + features.identifiers.length + features.quantities.length + features.times.length + features.dates.length;
  if (checkable === 0) return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'no checkable content in the claim' };

  // The agent's own reasoning steps are not evidence for its claims.
  const candidates = gatherCandidates(view, index, options).filter((c) => c.item.kind !== 'reasoning');
  // The record of an event the claim times itself by ("fourteen minutes after the change") is evidence too.
  for (const event of events) if (!candidates.includes(event)) candidates.push(event);

  // "No channel recorded fewer than 450 signups": the bound is the denied condition.
  const boundAbsence = wording.absent.length > 0 && !wording.hedge ? judgeBoundAbsence(view, candidates) : undefined;
  if (boundAbsence) return boundAbsence;
  // "Every store met the 2,000 kg donation minimum": each value of the measure must meet it.
  const universal = wording.absent.length === 0 && wording.negated.length === 0 && !wording.hedge ? contradictUniversalBound(view, candidates) : undefined;
  if (universal) return universal;

  const contradiction = findContradiction(view, candidates);
  if (contradiction) return contradiction;

  if (wording.hedge) {
    const support = findSupport(view, candidates, options);
    // A document that says the same with its own "may" ("the header may carry two values")
    // states a possibility: restating it is grounded, not a hypothesis of the report.
    const hedgedSource = support.missing.length === 0 && support.units.find((unit) => unit.item.kind === 'paragraph' && wordingOf(unit).hedge !== undefined);
    if (hedgedSource) {
      return { partition: 'grounded', type: 'domain', evidence_refs: support.refs, reason: `stated, with its hedge, in ${support.refs.join(' + ')}` };
    }
    return {
      partition: 'complementary',
      type: 'complementary_finding',
      evidence_refs: support.missing.length === 0 ? support.refs : [],
      reason: `hedged alternative ("${wording.hedge}") that conflicts with no evidence`,
    };
  }
  // "The plan's rollback rule is to reboot when a node is not back within 15 minutes": a rule the
  // claim reports, whose "not" is part of the rule, not a denial of an event.
  if ((wording.absent.length > 0 || isNegatedEventClaim(view)) && !reportsRuleOnly(claim.text)) return judgeAbsence(view, candidates, index.hasRecords, options);

  const support = findSupport(view, candidates, options);
  // "fell from 182 kW to 139 kW, a drop of about 31%": the claim's own figures make something else.
  const own = support.units.length > 0 ? ownArithmeticConflict(view) : undefined;
  if (own) return { partition: 'contradicted', type: 'synthesis', evidence_refs: support.refs, reason: `claim says ${own.wording}, its own figures give ${own.actual}` };
  if (support.missing.length > 0) {
    // A figure no record holds for the claim's subject, where the subject's row gives that measure another value.
    const rowValue = contradictRowValue(view, support.missing) ?? contradictChangeEnd(view, support.missing) ?? contradictMomentReading(view);
    if (rowValue) return rowValue;
    const missing = `not in evidence: ${support.missing.slice(0, 4).join(', ')}`;
    // A document the claim cites ("per the runbook") that no evidence names is content, not wording
    // (the noun naming it; "according to" alone names no document).
    const citesMissingSource = support.missing.some((word) => DOCUMENT_WORDS.has(word) && word !== 'accord');
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: wording.causal ? `causal link not in evidence; ${missing}` : missing, wordingOnly: support.specificsMet && !wording.causal && !citesMissingSource };
  }
  if (wording.causal && !causeStated(view, support.units)) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: support.refs, reason: 'causal link not in evidence' };
  }
  if (wording.certainty && !support.units.some((unit) => unit.lowerText.includes(wording.certainty!.toLowerCase()) || statesCause(unit.text)) && !checkOnRecord(claim.text, index)) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: support.refs, reason: `certainty ("${wording.certainty}") not in evidence` };
  }
  // "…, as the plan requires": the claim says it followed a prescription. When only the runbook or
  // the plan's own fields carry it, nothing shows it was done.
  if (index.hasRecords && ATTRIBUTED_RE.test(claim.text) && support.units.every((unit) => unit.item.kind === 'paragraph' || (unit.item.kind === 'json_field' && (PLAN_PATH_RE.test(unit.item.jsonPath ?? '') || PLAN_PATH_RE.test(unit.text))))) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: support.refs, reason: `${support.refs.join(' + ')} prescribes it; no record shows it was done` };
  }
  // "As the runbook requires, an archive was collected": a document that prescribes an action
  // is not a record that it was done, when records of what was done are given.
  if (index.hasRecords && support.units.every((unit) => unit.item.kind === 'paragraph')) {
    const prescribing = support.units.find((unit) => PRESCRIPTION_RE.test(unit.text) && (PAST_EVENT_RE.test(claim.text) || doesPrescribedStep(claim.text, unit.text)));
    // A record naming what the step names (the channel posted to, the ticket opened) may be it being done.
    const identifiers = features.identifiers;
    const recorded = identifiers.length > 0 && candidates.some((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && identifiers.every((id) => hasIdentifier(unit, id)));
    if (prescribing && !recorded) {
      return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `${prescribing.item.id} prescribes it; no record shows it was done` };
    }
  }
  // Both figures are in evidence but do not stand in the ratio the claim gives them.
  if (ratio && !ratio.holds) {
    return { partition: 'contradicted', type: 'synthesis', evidence_refs: support.refs, reason: `claim says "${ratio.wording}", the figures give ×${ratio.actual.toFixed(2)}` };
  }
  // "2.2 ms, slightly above its baseline of 2.3 ms": the claim's own two figures stand the other way round.
  const order = wrongFigureOrder(claim.text, features.quantities);
  if (order) {
    return { partition: 'contradicted', type: 'synthesis', evidence_refs: support.refs, reason: `claim says "${order.wording}", but ${order.smaller.raw.trim()} is below ${order.larger.raw.trim()}` };
  }
  // "latency fell from 95 ms to 140 ms": the claim's own figures move the other way.
  const movement = wrongMovement(claim.text, features.quantities);
  if (movement) {
    return { partition: 'contradicted', type: 'synthesis', evidence_refs: support.refs, reason: `claim says "${movement.wording}", but ${movement.from.raw.trim()} to ${movement.to.raw.trim()} goes the other way` };
  }
  const agent = agentMismatch(view, support.units, question);
  if (agent) return { partition: 'ungrounded', type: 'inference', evidence_refs: support.refs, reason: agent };
  const single = support.items.length === 1 ? support.items[0]! : undefined;
  return {
    partition: 'grounded',
    type: single ? KIND_TYPES[single.item.kind] : 'synthesis',
    evidence_refs: support.refs,
    reason: single ? `stated in ${support.refs[0]}` : `supported by ${support.refs.join(' + ')} together`,
  };
}

const ELLIPTICAL_DENIAL = /^\s*(.*\S)\s+(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would)\s*(?:not|n['’]t)\s*[.!]?\s*$/i;

/**
 * A denial whose predicate is left out ("Jon Jost is not."): with a question that asks it of the
 * subject, the denial is contradicted when the evidence states the question's proposition for
 * that subject; otherwise nothing checkable is said.
 */
function judgeEllipticalDenial(subject: string, claim: ReportClaim, index: EvidenceIndex, options: RuleOptions, question?: string): ClaimVerdict {
  const subjectWords = extractFeatures(subject).words;
  const proposition = question
    ? questionPropositions(question).find((text) => subjectWords.length > 0 && subjectWords.every((word) => extractFeatures(text).words.includes(word)))
    : undefined;
  if (!proposition) return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'a denial without its predicate cannot be checked' };
  const asserted = judgeClaim({ ...claim, text: proposition, context: undefined }, index, options);
  if (asserted.partition === 'grounded') {
    return { partition: 'contradicted', type: asserted.type, evidence_refs: asserted.evidence_refs, reason: `the evidence states "${proposition}" (${asserted.evidence_refs.join(' + ')})` };
  }
  return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `"${proposition}" is not stated either way` };
}

function judgeBareAnswer(yes: boolean, claim: ReportClaim, question: string, index: EvidenceIndex, options: RuleOptions): ClaimVerdict {
  const verdicts = questionPropositions(question).map((text) => judgeClaim({ ...claim, text, context: undefined }, index, options));
  // Every part must hold for "yes"; one part that fails makes "no" right.
  const verdict = verdicts.find((v) => v.partition === 'contradicted') ?? verdicts.find((v) => v.partition !== 'grounded') ?? mergeVerdicts(verdicts);
  const holds = verdict.partition === 'grounded';
  if (yes) {
    if (holds) return { ...verdict, reason: `what the question asks is supported: ${verdict.reason}` };
    if (verdict.partition === 'contradicted') return { ...verdict, reason: `what the question asks is contradicted: ${verdict.reason}` };
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `"yes", but the evidence does not support what the question asks (${verdict.reason})` };
  }
  if (holds) return { partition: 'contradicted', type: verdict.type, evidence_refs: verdict.evidence_refs, reason: `"no", but the evidence supports what the question asks (${verdict.reason})` };
  return { partition: 'grounded', type: 'inference', evidence_refs: verdict.evidence_refs, reason: `"no": the evidence does not support what the question asks (${verdict.reason})` };
}

function answersYesNoPart(question: string, statement: string): boolean {
  const [part, ...others] = questionPropositions(question);
  if (!part || others.length > 0 || part === question.trim().replace(/\?+$/, '')) return false;
  const asked = [...new Set(extractFeatures(part).words)].filter((word) => !LIGHT_WORDS.has(word));
  const said = new Set(extractFeatures(statement).words);
  return asked.length > 0 && asked.filter((word) => said.has(word)).length * 3 >= asked.length;
}

function mergeVerdicts(verdicts: ClaimVerdict[]): ClaimVerdict {
  if (verdicts.length === 1) return verdicts[0]!;
  const refs = [...new Set(verdicts.flatMap((v) => v.evidence_refs))];
  return { partition: 'grounded', type: 'synthesis', evidence_refs: refs, reason: verdicts.map((v) => v.reason).join('; ') };
}
