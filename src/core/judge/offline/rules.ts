// The offline judge's decision for one claim: the order its rules run in, short answers to a
// question, absence and negation, and support (what the claim needs and which evidence units
// meet it, figures derived from several of them). What the claim is about is in claim-view.ts,
// where a figure stands in a unit in figures.ts, contradictions by kind in contradictions/ (each
// decided from structure, never from text similarity).
import type { ReportClaim } from '../../review-types';
import { NEGATED_LOWER_RE, NEGATED_UPPER_RE, canonicalStem, extractFeatures, splitIdentifierWords, type CalendarDate, type EvidenceIndex, type IndexedItem, type Quantity, type TextFeatures } from '../../retrieval/index';
import { questionPropositions } from './answers';
import { isWeakStateWord, readWording, reportsNothing, statesCause, type Wording } from './language';
import { boundCandidates, dateMatches, deriveQuantity, dimensionsCompatible, isBound, isLimit, quantityMatches, satisfiesBound, sharesKey, timeMatches } from './derive/matching';
import { type ClaimSurroundings, type ClaimVerdict, type ClaimView, KIND_TYPES, NO_SURROUNDINGS, contradicted, documentNames, hasIdentifier, hasName, holdsAllAnchors, holdsSomeAnchor, isOfPeriod, momentOfFigure, numberedIdentifiers, periodAmbiguous, periodOfFigure, versionOfFigure, sameSubject, shortNameOf } from './claim-view';
import { LIGHT_WORDS, NARRATION_WORDS, ORDER_WORDS, fileWords, wordingOf } from './words';
import { fromClaimFigures, inIdentifier, isDayOf, isLabelOf, isVersionOf, isYearOf, quantitiesAt, withSeries } from './figures';
import { contradictPinnedFigure, contradictQuantity } from './contradictions/quantities';
import { contradictHeldBound, contradictPersistence } from './contradictions/persistence';
import { contradictFirstAttempt, contradictState } from './contradictions/states';
import { contradictCurrentVersion, contradictFieldValue, contradictLevel, contradictRole } from './contradictions/field-values';
import { contradictPercentChange, contradictShare } from './contradictions/shares-and-changes';
import { contradictAlertMoment, contradictMoment, contradictSpan } from './contradictions/moments';
import { contradictTrend } from './contradictions/trends';
import { contradictOpposite, contradictPolarity, contradictScope } from './contradictions/opposites';

export type { ClaimVerdict } from './claim-view';

export interface RuleOptions {
  /** Share of a claim's content words that records (logs, rows, fields) must contain (default 0.3). */
  minWordCoverage: number;
  /** The same share when the support is prose (documents, runbooks): words are its content. */
  minProseCoverage: number;
  /** The share for prose when the claim has `longClaimWords` content words or more (default 0.5). */
  minLongProseCoverage: number;
  longClaimWords: number;
  /** With a question, the share of the words a long answer adds to it that prose must contain. */
  minAddedCoverage: number;
  /** Candidates taken from retrieval per claim (default 16). */
  candidates: number;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = {
  minWordCoverage: 0.3,
  minProseCoverage: 0.9,
  minLongProseCoverage: 0.5,
  longClaimWords: 8,
  minAddedCoverage: 0.6,
  candidates: 16,
};

/** Weekday stems, Sunday first (as Date.getUTCDay counts). */
const WEEKDAY_STEMS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map(canonicalStem);

const RATIO_RE = /\b(nearly|almost|roughly|about|more than|over|less than|under|below|at least|at most|just over|just under|close to)?\s*(double|doubled|twice|triple|tripled|three times|halved|half)\b(?!\s+(?:an?\s+)?(?:hour|minute|second|day|week|month|year)s?\b)/i;
const RATIO_FACTORS: Record<string, number> = { double: 2, doubled: 2, twice: 2, triple: 3, tripled: 3, 'three times': 3, halved: 0.5, half: 0.5 };

/**
 * The stems of ratio wording ("nearly double") when the claim's two figures of one dimension
 * stand in that ratio (2,930 / 1,512 = 1.94), so the words need no evidence of their own.
 */
function ratioWording(text: string, quantities: readonly Quantity[]): { words: string[]; holds: boolean; wording: string; actual: number } | undefined {
  const match = RATIO_RE.exec(text);
  if (!match) return undefined;
  const figures = quantities.filter((q) => q.value > 0 && /^\d/.test(q.raw));
  if (figures.length !== 2 || figures[0]!.dimension !== figures[1]!.dimension) return undefined;
  const factor = RATIO_FACTORS[match[2]!.toLowerCase()]!;
  const [a, b] = [figures[0]!.value, figures[1]!.value];
  const actual = factor >= 1 ? Math.max(a, b) / Math.min(a, b) : Math.min(a, b) / Math.max(a, b);
  const hedge = match[1]?.toLowerCase();
  let ok: boolean;
  if (hedge === 'more than' || hedge === 'over') ok = actual > factor;
  else if (hedge === 'less than' || hedge === 'under' || hedge === 'below') ok = actual < factor;
  else if (hedge === 'at least') ok = actual >= factor * 0.99;
  else if (hedge === 'at most') ok = actual <= factor * 1.01;
  else if (hedge === 'just over') ok = actual > factor && actual <= factor * 1.15;
  else if (hedge === 'just under') ok = actual < factor && actual >= factor * 0.9;
  else ok = Math.abs(actual - factor) <= (hedge ? 0.1 : 0.03) * factor;
  return { words: extractFeatures(match[0]).words, holds: ok, wording: match[0].trim(), actual };
}

/** "…, which a second `crontab -l` confirmed": the certainty is a check the claim names. */
const CITED_CHECK_RE = /\b(?:which|as)\s+(?:(?:a|an|the)\s+)?(?:[\p{L}-]+\s+)?`([^`]+)`\s+(?:confirmed|verified|showed)\b/iu;

/** Whether the check the claim cites for its certainty ("which `crontab -l` confirmed") is in a record. */
function checkOnRecord(text: string, index: EvidenceIndex): boolean {
  const command = CITED_CHECK_RE.exec(text)?.[1]?.trim().toLowerCase();
  if (!command) return false;
  return index.items.some((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.lowerText.includes(command));
}

/** JSON paths of a plan's own fields (steps, checks, rollback criteria), not of a run's records. */
const PLAN_PATH_RE = /(?:^|[._\s])(?:plan|steps?|procedure|checklist|runbook|requirements?|verification|checks?|rollback\w*|precondition\w*|post_\w+|pre_\w+)(?:\.|\[|$|=|\s)/i;

/** A claim that reports what a document prescribes: "the plan's rollback rule is to …", "the runbook says to …". */
const REPORTS_RULE_RE =
  /\b(?:plan|runbook|procedure|checklist|playbook|policy|guidelines?|docs|documentation)(?:['’]s)?\s+(?:[\p{L}-]+\s+)?(?:rule|step|criterion|criteria|condition)s?\s+(?:is|are|says?)\b|\b(?:plan|runbook|procedure|checklist|playbook|policy|guidelines?)\s+(?:says|requires|asks|tells|calls for)\s+(?:to\b|that\b)/iu;

/** Whether every denial of the claim stands inside the rule it reports (not in a clause of its own). */
function reportsRuleOnly(text: string): boolean {
  const clauses = text.split(/;|,?\s+(?:and|but|while|whereas)\s+(?=[\p{L}\d-]+(?:\s+[\p{L}\d-]+)?\s+(?:was|were|is|are|has|had|did|does|never)\b)/u);
  const denying = clauses.filter((clause) => { const wording = readWording(clause); return wording.negated.length + wording.absent.length > 0; });
  return denying.length > 0 && denying.every((clause) => REPORTS_RULE_RE.test(clause));
}

/** The claim credits a prescription for what was done: "as the plan requires", "as required by the runbook". */
const ATTRIBUTED_RE =
  /\b(?:as|like) (?:the|our|its|their) (?:[\p{L}-]+ ){0,2}(?:plan|runbook|procedure|checklist|playbook|change record|policy|process)(?: [\p{L}-]+)? (?:requires?|asks?|specifies|calls for|demands|prescribes|required|asked|specified|says)\b|\bas (?:required|prescribed|specified|asked) (?:by|in) the\b/iu;

/** A done action in the passive ("was collected", "were notified", "has been attached", "were told"). */
const PAST_EVENT_RE = /\b(?:was|were|has been|have been|had been)\s+(?:\p{L}+ly\s+)?(?:\p{L}+(?:ed|en|wn|ught|ent)|told|sent|paid|held|kept|made|set)\b/u;
/** Verbs a runbook or plan gives as steps, in the imperative. */
const STEP_VERBS =
  'Collect|Attach|Open|File|Run|Notify|Page|Record|Create|Restart|Verify|Check|Send|Post|Inform|Escalate|Capture|Upload|Tell|Announce|Email|Call|Pause|Replay|Drain|Rotate|Revoke|Disable|Enable|Roll back|Scale|Confirm|Review|Document|Update|Schedule';
/** How a runbook or plan prescribes: duties, requirements, imperatives at a sentence's or clause's start. */
const PRESCRIPTION_RE = new RegExp(
  `\\b(?:must|should|shall|is required|are required|requires?|needs? to|have to|has to)\\b|(?:^|[.:;,]\\s+(?:and\\s+|then\\s+)?|^\\s*(?:\\d+\\.|[-*])\\s+)(?:${STEP_VERBS})\\b`,
  'iu',
);
const STEP_VERB_RE = new RegExp(`(?:^|[.:;,]\\s+(?:and\\s+|then\\s+)?|^\\s*(?:\\d+\\.|[-*])\\s+)(${STEP_VERBS})\\b`, 'giu');
const PAST_FORMS: Record<string, string> = { tell: 'told', send: 'sent', run: 'ran', 'roll back': 'rolled back' };

/** "The agent posted in #storage-incidents": the claim says done, in the past tense, a step the document prescribes. */
function doesPrescribedStep(claim: string, prescription: string): boolean {
  for (const match of prescription.matchAll(STEP_VERB_RE)) {
    const verb = match[1]!.toLowerCase();
    const past = PAST_FORMS[verb] ?? (verb.endsWith('e') ? `${verb}d` : verb.endsWith('y') ? `${verb.slice(0, -1)}ied` : `${verb}ed`);
    if (new RegExp(`\\b${past}\\b`, 'i').test(claim)) return true;
  }
  return false;
}

const BARE_ANSWER = /^\s*(yes|no)\s*[.!]?\s*$/i;
const LEADING_ANSWER = /^\s*(yes|no)\s*[,;:.!]\s+/i;

/**
 * Judges one claim against the index. Pure and deterministic. With a question, a bare "yes" or
 * "no" is judged as the question's proposition, asserted or denied.
 */
export function judgeClaim(claim: ReportClaim, index: EvidenceIndex, options: RuleOptions = DEFAULT_RULE_OPTIONS, question?: string, surroundings: ClaimSurroundings = NO_SURROUNDINGS): ClaimVerdict {
  const timed = atMomentBefore(claim, index, options, question, surroundings.timed[0]);
  if (timed) return timed;
  const verdict = judgeClaimAsWritten(claim, index, options, question, surroundings);
  // A table row labelled by a name the records write by its code is read by the code even when
  // the cell alone finds support: the cell's figures must be that row's.
  const rowAliased = claim.context !== undefined && verdict.partition === 'grounded' && /\d/.test(claim.text) && aliasesIn(claim.context, index).length > 0;
  if (verdict.partition !== 'ungrounded' && !rowAliased) return verdict;
  // "£18,400 at Daventry" against `site=DC1 writeoff_gbp=18400`, where a record pairs site=DC1
  // with name=Daventry: the records may write an entity by its code. Read the claim with the
  // codes in place of the names; take that reading when it decides the claim.
  // Only for claims with figures: what a code anchors is the entity's values in records.
  // A table cell is about its row: the row's label may be the name ("| Ashby | Waste fell … |").
  const aliases = /\d/.test(claim.text) ? aliasesIn(`${claim.text}\n${claim.context ?? ''}`, index) : [];
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

/** Field names that hold an entity's display name, and those that hold its short code. */
const NAME_KEY_RE = /^(?:name|display_?name|\w+_name|title|city|location|label)$/i;
const CODE_KEY_RE = /^(?:id|code|site|store|depot|warehouse|host|key|sku|property|hotel|branch|clinic|school|plant|facility|\w+_(?:id|code))$/i;
const CODE_VALUE_RE = /^(?=[A-Za-z0-9._-]*\d|[A-Z0-9._-]+$)[A-Za-z0-9][A-Za-z0-9._-]{1,15}$/;
const NAME_VALUE_RE = /^\p{Lu}[\p{L}'’.-]+(?: [\p{Lu}(][\p{L}'’.()-]+){0,3}$/u;
/** The code and the name key of a JSON path such as `stores.ASH.name`. */
const JSON_CODE_PATH_RE = /(?:^|\.)([^.[\]]+)\.([^.[\]]+)$/;

function namePattern(name: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');
}

const ALIASES = new WeakMap<EvidenceIndex, Array<{ name: string; code: string; ref: string; pattern: RegExp }>>();

/** Names a record pairs with a code (`site=DC1 name=Daventry`), that the claim uses as written. */
function aliasesIn(text: string, index: EvidenceIndex): Array<{ name: string; code: string; ref: string; pattern: RegExp }> {
  let pairs = ALIASES.get(index);
  if (!pairs) {
    pairs = [];
    const seen = new Set<string>();
    for (const unit of index.items) {
      if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
      // `stores.ASH.name = Ashby`: a JSON object keyed by its code, holding the name.
      const keyed = unit.item.jsonPath ? JSON_CODE_PATH_RE.exec(unit.item.jsonPath) : null;
      if (keyed && CODE_VALUE_RE.test(keyed[1]!) && NAME_KEY_RE.test(keyed[2]!)) {
        const name = unit.features.fields[keyed[2]!.toLowerCase()];
        if (name && NAME_VALUE_RE.test(name) && name !== keyed[1] && !seen.has(name)) {
          seen.add(name);
          pairs.push({ name, code: keyed[1]!, ref: unit.item.id, pattern: namePattern(name) });
        }
        continue;
      }
      const fields = Object.entries(unit.features.fields);
      const names = fields.filter(([key, value]) => NAME_KEY_RE.test(key) && NAME_VALUE_RE.test(value));
      const codes = fields.filter(([key, value]) => CODE_KEY_RE.test(key) && CODE_VALUE_RE.test(value));
      if (names.length !== 1 || codes.length !== 1) continue;
      const [name, code] = [names[0]![1], codes[0]![1]];
      if (name === code || seen.has(name)) continue;
      seen.add(name);
      pairs.push({ name, code, ref: unit.item.id, pattern: namePattern(name) });
    }
    ALIASES.set(index, pairs);
  }
  return pairs.filter((pair) => pair.pattern.test(text));
}

function judgeClaimAsWritten(claim: ReportClaim, index: EvidenceIndex, options: RuleOptions, question?: string, surroundings: ClaimSurroundings = NO_SURROUNDINGS): ClaimVerdict {
  const bare = BARE_ANSWER.exec(claim.text);
  if (bare && question) return judgeBareAnswer(bare[1]!.toLowerCase() === 'yes', claim, question, index, options);
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
  const events = resolveEventBounds(claim.text, wording, index);
  const view: ClaimView = { claim, index, features, wording, words: contentWords(features, wording), askedWords: new Set(), events, surroundings };
  if (claim.context) view.context = extractFeatures(claim.context);
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
      const consistent = date.year === undefined || date.day === undefined || new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() === index;
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

  const contradiction =
    contradictQuantity(view, candidates) ??
    contradictPinnedFigure(view, candidates) ??
    contradictHeldBound(view, candidates) ??
    contradictPersistence(view, candidates) ??
    contradictFirstAttempt(view, candidates) ??
    contradictRole(view, candidates) ??
    contradictCurrentVersion(view, candidates) ??
    contradictShare(view, candidates) ??
    contradictMoment(view, candidates) ??
    contradictAlertMoment(view, candidates) ??
    contradictState(view, candidates) ??
    contradictTrend(view, candidates) ??
    contradictSpan(view) ??
    contradictPolarity(view, candidates) ??
    contradictOpposite(view, candidates) ??
    contradictScope(view, candidates) ??
    contradictFieldValue(view, candidates) ??
    contradictLevel(view, candidates) ??
    contradictPercentChange(view, candidates);
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
  if (support.missing.length > 0) {
    const missing = `not in evidence: ${support.missing.slice(0, 4).join(', ')}`;
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: wording.causal ? `causal link not in evidence; ${missing}` : missing };
  }
  if (wording.causal && !causeStated(view, support)) {
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

// "directed by Robert Zemeckis and written by Neil Gaiman": who did what, in documents.
const NAME = "\\p{Lu}[\\p{L}'’.-]*(?:\\s+(?:(?:de|la|del|y|of|the|van|von|da|di|le)\\s+)*\\p{Lu}[\\p{L}'’.-]*)*";
const AGENT_RE = new RegExp(`\\b(\\p{L}+(?:ed|en)|wrote|sung|sang|built|made|won|led|drawn|shot|held|owned|run|founded)\\s+by\\s+((?:the\\s+)?${NAME}(?:(?:,\\s*|\\s+and\\s+)${NAME})*)`, 'gu');
const ACTIVE_RE = /^((?:\p{Lu}[\p{L}'’.-]*\s+){0,3}\p{Lu}[\p{L}'’.-]*)\s+(?:also\s+|first\s+|originally\s+)?(\p{L}+(?:ed|en)|wrote|sang|built|made|won|led|founded)\b/u;

/** The verb and agent a claim states: "X directed Y" (active) or "Y was directed by X" (passive). */
function claimedAgent(text: string, question?: string): { verb: string; agent: string } | undefined {
  const passive = [...text.matchAll(AGENT_RE)][0];
  if (passive) return { verb: canonicalStem(passive[1]!), agent: passive[2]! };
  const active = ACTIVE_RE.exec(text.trim());
  if (active) return { verb: canonicalStem(active[2]!), agent: active[1]! };
  // A bare name answering "…, directed by who?".
  const asked = question ? /(\p{L}+(?:ed|en)|wrote|founded)\s+by\s+(?:who|whom)\b/iu.exec(question) : null;
  if (asked && /^\s*(?:\p{Lu}[\p{L}'’.-]*\s*){1,4}[.!]?\s*$/u.test(text)) return { verb: canonicalStem(asked[1]!), agent: text.trim().replace(/[.!]$/, '') };
  return undefined;
}

/**
 * A document that names who did what ("directed by Robert Zemeckis") and a claim that names
 * someone else for it ("Neil Gaiman directed Beowulf"): the words are all there, the relation is not.
 */
function agentMismatch(view: ClaimView, units: readonly IndexedItem[], question?: string): string | undefined {
  const claimed = claimedAgent(view.claim.text, question);
  if (!claimed) return undefined;
  const claimedWords = new Set(extractFeatures(claimed.agent).words);
  if (claimedWords.size === 0) return undefined;
  for (const unit of units) {
    if (unit.item.kind !== 'paragraph') continue;
    const matches = [...unit.text.matchAll(AGENT_RE)];
    for (const [i, match] of matches.entries()) {
      if (canonicalStem(match[1]!) !== claimed.verb) continue;
      // The agents are everything from "by" to the sentence's end or the next "… by" ("directed by
      // Robert Zemeckis and written by …"), so a long list of co-founders is read whole.
      const from = match.index + match[0].length - match[2]!.length;
      // It ends at the sentence's end, the next "… by", or a comma before another participle (", administered jointly by").
      const end = /[.;](?:\s|$)|,\s+(?:\p{L}+\s+)?\p{L}+(?:ed|en)\b/u.exec(unit.text.slice(from));
      const to = Math.min(matches[i + 1]?.index ?? unit.text.length, end ? from + end.index : unit.text.length);
      const agents = new Set(extractFeatures(unit.text.slice(from, to)).words);
      if ([...claimedWords].filter((word) => agents.has(word)).length * 2 >= claimedWords.size) return undefined;
      return `${unit.item.id} says ${match[1]} by ${match[2]!.trim()}, not ${claimed.agent.trim()}`;
    }
  }
  return undefined;
}

/**
 * "after the scale-up", "before the rollback": a bound set by an event rather than a clock. The
 * event's time is that of the first record naming it (all of its words); without one, no bound.
 */
function resolveEventBounds(text: string, wording: Wording, index: EvidenceIndex): IndexedItem[] {
  const found: IndexedItem[] = [];
  for (const [side, pattern] of [
    ['after', /\bafter the ([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*)?)/iu],
    ['before', /\bbefore the ([\p{L}][\p{L}-]*(?:\s+[\p{L}][\p{L}-]*)?)/iu],
  ] as const) {
    if (wording[side] !== undefined) continue;
    const phrase = pattern.exec(text)?.[1];
    if (!phrase) continue;
    // "the first reload" is the earliest record of a reload, "the last retry" the latest.
    const latest = /^(?:last|final|latest)\b/i.test(phrase);
    const words = extractFeatures(phrase.replace(/-/g, ' ')).words.filter(
      (word) => (!LIGHT_WORDS.has(word) || word === 'start' || word === 'end') && !/^(?:first|initi|last|final|latest)$/.test(word),
    );
    if (words.length === 0) continue;
    const records = index
      .itemsWith(`w:${words[0]}`)
      .map((position) => index.items[position]!)
      .filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.length > 0 && words.every((word) => unit.wordSet.has(word)));
    const event = latest ? records.at(-1) : records[0];
    if (event) {
      wording[side] = event.features.times[0]!.seconds + (side === 'after' ? 1 : 0);
      found.push(event);
    }
  }
  return found;
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

function contentWords(features: TextFeatures, wording: Wording): Map<string, number> {
  const words = new Map<string, number>();
  const hedgeOrCause = new Set(
    [wording.causal, wording.certainty, wording.hedge].filter((w): w is string => !!w).flatMap((w) => extractFeatures(w).words),
  );
  for (const word of features.words) {
    if (hedgeOrCause.has(word)) continue;
    words.set(word, Math.max(words.get(word) ?? 0, LIGHT_WORDS.has(word) ? 0.3 : 1));
  }
  return words;
}

function gatherCandidates(view: ClaimView, index: EvidenceIndex, options: RuleOptions): IndexedItem[] {
  // The claim's context (a table row's label) helps find the row it is about; it is not content to check.
  const context = view.context;
  const query = context
    ? { ...view.features, words: [...view.features.words, ...context.words], identifiers: [...view.features.identifiers, ...context.identifiers] }
    : view.features;
  const hits = index.search(query, { limit: options.candidates });
  const seen = new Set(hits.map((hit) => hit.indexed.unit));
  const candidates = hits.map((hit) => hit.indexed);
  // Make sure a unit holding a rare identifier or name is considered even if it ranks low.
  for (const term of [...view.features.identifiers.map((i) => `i:${i}`), ...view.features.names.map((n) => `w:${n}`)]) {
    for (const position of index.itemsWith(term).slice(0, 3)) {
      if (!seen.has(position)) {
        seen.add(position);
        candidates.push(index.items[position]!);
      }
    }
  }
  return candidates;
}

// ---------------------------------------------------------------------------------------------
// Absence and negation

function isNegatedEventClaim(view: ClaimView): boolean {
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
  if (unit.features.times.length === 0) return true;
  return unit.features.times.some((t) => (after === undefined || t.seconds >= after) && (before === undefined || t.seconds < before));
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

/** The value of a field named after the denied thing (`errors=3`, `retries: 0`), if any. */
function deniedFieldValue(unit: IndexedItem, denied: readonly string[]): string | undefined {
  for (const [key, value] of Object.entries(unit.features.fields)) {
    const parts = key.split(/[^\p{L}\p{N}]+/u).map((part) => extractFeatures(part).words[0]);
    if (parts.some((part) => part !== undefined && denied.includes(part))) return value;
  }
  return undefined;
}

/**
 * An absence bounded by a figure ("no host had more than 90% CPU"): every evidence value of
 * that quantity must lie outside the bound. One inside it contradicts the claim; values that
 * all lie outside ground it. Without any value of that quantity, the usual absence rules apply.
 */
function judgeBoundAbsence(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const bounds = view.features.quantities.filter(isBound);
  if (bounds.length !== 1 || view.features.quantities.length !== 1) return undefined;
  const bound = bounds[0]!;
  const values: IndexedItem[] = [];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || !holdsAllAnchors(view, unit)) continue;
    const same = unit.features.quantities.filter((e) => sharesKey(bound, e) && dimensionsCompatible(bound, e));
    if (same.length === 0) continue;
    const inside = same.find((e) => satisfiesBound(bound, e) && !quantityMatches({ ...bound, qualifier: undefined }, e));
    if (inside) return contradicted(unit, `claim says none ${bound.qualifier === 'upper' ? 'below' : 'above'} ${bound.raw.trim()}, ${unit.item.id} says ${inside.raw.trim()}`);
    values.push(unit);
  }
  if (values.length === 0) return undefined;
  const refs = [...new Set(values.map((unit) => unit.item.id))].slice(0, 3);
  return { partition: 'grounded', type: 'neg_evidence', evidence_refs: refs, reason: `every value of the quantity lies outside ${bound.raw.trim()} (${refs.join(', ')})` };
}

/** "Every store", "All three replicas", "each week": the claim speaks of every member. */
const UNIVERSAL_RE = /^\s*(?:every|each|all)\b/i;
/** Stems of the words that name a goal rather than a measure. */
const GOAL_WORDS = new Set(['minimum', 'target', 'threshold', 'floor', 'goal', 'object', 'sla', 'slo', 'cap', 'limit', 'maximum', 'ceil', 'budget', 'min', 'max'].map(canonicalStem));
const BOUND_NOUN_RE = /^\s*(?:[\p{L}-]+\s+){0,2}(?:minimum|target|threshold|floor|goal|objective|sla|slo|cap|limit|maximum|ceiling|budget)\b/iu;
/** "met the 2,000 kg minimum", "came in above the 97.5% target": the figure is a bound each member meets. */
const MEETS_BOUND_RE = /\b(?:met|meets|reached|reaches|hit|hits|cleared|clears|exceeded|exceeds|beat|beats|passed|passes)\s+(?:the|its|their)\s*$/i;

/**
 * "Every store met the 2,000 kg donation minimum" against one store's donated_kg=1060: a claim
 * about every member that one record of the measure falls short of is contradicted.
 */
function contradictUniversalBound(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (!UNIVERSAL_RE.test(view.claim.text) || view.features.quantities.length !== 1) return undefined;
  const figure = view.features.quantities[0]!;
  const before = view.claim.text.slice(0, figure.start);
  // The figure is a stated goal ("the 97.5% target", "the 2,000 kg donation minimum"), not a measurement.
  if (!BOUND_NOUN_RE.test(view.claim.text.slice(figure.start + figure.raw.length, figure.start + figure.raw.length + 30))) return undefined;
  const bound: Quantity | undefined = isBound(figure)
    ? figure
    : MEETS_BOUND_RE.test(before) || /\b(?:above|over)\s+(?:the|its|their)\s*$/i.test(before)
      ? { ...figure, qualifier: 'lower' }
      : /\b(?:below|under|within)\s+(?:the|its|their)\s*$/i.test(before)
        ? { ...figure, qualifier: 'upper' }
        : undefined;
  if (!bound) return undefined;
  // The measure is named by the claim's other words ("donation" in "donation minimum"), not by the goal's.
  const measure = { ...bound, key: bound.key.filter((word) => !GOAL_WORDS.has(word)) };
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    // Only members of the group the claim names ("Every Northern store").
    if (!holdsSomeAnchor(view, unit)) continue;
    const outside = unit.features.quantities.find(
      (e) =>
        !isBound(e) &&
        !isLimit(e) &&
        !e.key.some((word) => GOAL_WORDS.has(word)) &&
        sharesKey(measure, e) &&
        dimensionsCompatible(bound, e) &&
        !satisfiesBound(bound, e) &&
        !quantityMatches({ ...bound, qualifier: undefined }, e),
    );
    if (outside) return contradicted(unit, `claim says every one ${bound.qualifier === 'upper' ? 'stayed below' : 'met'} ${bound.raw.trim()}, ${unit.item.id} says ${outside.raw.trim()}`);
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

/** The denied event's word stands in the record right after a failure ("failed to parse document"). */
function failedAt(unit: IndexedItem, denied: readonly string[]): boolean {
  for (const match of unit.text.matchAll(FAILURE_RE)) {
    const after = extractFeatures(unit.text.slice(match.index + match[0].length, match.index + match[0].length + 40)).words.slice(0, 2);
    if (denied.some((term) => after.includes(term))) return true;
  }
  return false;
}

function judgeAbsence(view: ClaimView, candidates: IndexedItem[], recordsGiven: boolean, options: RuleOptions): ClaimVerdict {
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
  for (const unit of candidates) {
    const mentions = denied.some((term) => unit.wordSet.has(term) || unit.identifierSet.has(term));
    if (!mentions) continue;
    // A JSON document's top-level id (change_id=CHG-9154) is named by every field of it.
    if (!view.features.identifiers.every((id) => hasIdentifier(unit, id) || documentNames(view.index, unit, id))) continue;
    if (!withinBounds(view, unit)) continue;
    // "apart from posting the status": the excepted item is not a counter-example.
    if (exceptionWords.length > 0 && exceptionWords.filter((w) => unit.wordSet.has(w)).length >= Math.min(2, exceptionWords.length)) continue;
    if (setApart && (setApart.identifiers.some((id) => hasIdentifier(unit, id)) || setApart.names.some((group) => hasName(unit, group)))) continue;
    const field = deniedFieldValue(unit, denied);
    const deniesToo = wordingOf(unit).negated.some((term) => denied.includes(term));
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
    if (inDeniedState && !/^(?:0+|false|none|null)$/i.test(unit.features.fields.count ?? '1')) {
      return contradicted(unit, `claim says there was no ${denied.at(-1)}, ${unit.item.id} shows some`);
    }
    // A denied event ("was not restarted") needs the unit to be about the same subject; an
    // absence ("no warehouse had a pick time over an hour") needs it to show the same property.
    if (negatedClaim ? !sameSubject(view, unit) : !sameSubject(view, unit, new Set(denied))) continue;
    // A step that says what to watch or check ("action=watch 5xx rate and TLS handshake errors")
    // names the thing; it does not record one.
    if (namedOnlyAsPlan(unit, denied)) continue;
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
  if (view.wording.causal && !supporting.some((unit) => statesCause(unit.text))) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: refs, reason: 'causal link not in evidence' };
  }
  // "these rules guarantee that a job never runs twice": the evidence must give the certainty too.
  const certainty = view.wording.certainty;
  if (certainty && !supporting.some((unit) => unit.lowerText.includes(certainty.toLowerCase()))) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: refs, reason: `certainty ("${certainty}") not in evidence` };
  }
  return {
    partition: 'grounded',
    type: 'neg_evidence',
    evidence_refs: refs,
    reason: refs.length > 0 ? `evidence reports none (${refs[0]})` : `no evidence item shows ${denied[0]}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Support

interface Support {
  /** One unit per distinct evidence item. */
  items: IndexedItem[];
  /** Every unit used (sentences of a document count separately). */
  units: IndexedItem[];
  refs: string[];
  missing: string[];
}

interface Need {
  label: string;
  weight: number;
  /** Hard needs (identifiers, numbers, times, dates, names) must all be met. */
  hard: boolean;
  met(unit: IndexedItem): boolean;
  /** For a figure the evidence may only give in parts (a sum, a change). */
  quantity?: Quantity;
  /** A time or a date. */
  kind?: 'moment';
  /** A figure, bound, time or date (not a name or a word). */
  value?: boolean;
  /** A name ("Tidewater", "Stanford University"). */
  name?: boolean;
}

function needsOf(view: ClaimView): Need[] {
  const needs: Need[] = [];
  for (const identifier of new Set(view.features.identifiers)) {
    needs.push({ label: identifier, weight: 3, hard: true, met: (unit) => hasIdentifier(unit, identifier) });
  }
  for (const quantity of view.features.quantities) {
    const label = quantity.raw.trim();
    if (isBound(quantity)) {
      const bare = { ...quantity, qualifier: undefined };
      needs.push({
        label,
        weight: 1,
        hard: false,
        value: true,
        // A bound in the evidence is a threshold too ("replay once below 500"): only the same threshold meets it.
        met: (unit) => {
          const figures = quantitiesAt(view, unit);
          return figures.some((e) => quantityMatches(bare, e)) || boundCandidates(quantity, figures).some((e) => !isBound(e) && satisfiesBound(quantity, e));
        },
      });
      continue;
    }
    // A figure counts where the claim's subject is: 97% on db-prod-2 is not 97% on db-prod-1.
    // A figure of a period ("the 3,120 of the previous quarter") counts in that period's record.
    // (Only where the evidence has each period label in one year: 2024Q4 and 2025Q4 leave "the
    // previous quarter" open, and the claim's own anchors decide as before.)
    const figurePeriod = periodOfFigure(view, quantity);
    const period = figurePeriod && ['q1', 'q2', 'q3', 'q4', 'h1', 'h2'].some((label) => periodAmbiguous(view.index, label)) ? undefined : figurePeriod;
    // A figure stated at its own time ("3,109 SKUs invalidated at 07:52") is that moment's record's.
    const moment = momentOfFigure(view, quantity);
    // "598 ms on 11.4.2": a figure stated on a version is that version's record's.
    const version = versionOfFigure(view, quantity);
    const anchored = (unit: IndexedItem): boolean =>
      ((version === undefined || hasIdentifier(unit, version)) &&
        (period === undefined ? holdsSomeAnchor(view, unit) : period === null || isOfPeriod(unit, period) || holdsSomeAnchor(view, unit))) ||
      (moment !== undefined && unit.item.kind !== 'paragraph' && unit.features.times.some((t) => timeMatches(moment, t)) && !namesOtherEntity(view, unit));
    needs.push({
      label,
      weight: 3,
      hard: true,
      value: true,
      quantity,
      met: (unit) =>
        anchored(unit) &&
        (quantitiesAt(view, unit).some((e) => quantityMatches(quantity, e)) ||
          isYearOf(quantity, unit) ||
          isDayOf(quantity, view.claim.text, unit) ||
          inIdentifier(quantity, unit) ||
          isLabelOf(quantity, view.claim.text, unit) ||
          isVersionOf(quantity, unit)),
    });
  }
  const { after, before } = view.wording;
  for (const time of view.features.times) {
    // "cleared by 10:53", "after 14:10": a bound, met by a record on the right side of it.
    const minute = Math.floor(time.seconds / 60) * 60;
    if (before !== undefined && Math.floor(before / 60) * 60 === minute) {
      needs.push({ label: time.raw.trim(), weight: 2, hard: true, kind: 'moment', value: true, met: (unit) => unit.features.times.some((t) => t.seconds <= before + 59) });
      continue;
    }
    if (after !== undefined && Math.floor(after / 60) * 60 === minute) {
      needs.push({ label: time.raw.trim(), weight: 2, hard: true, kind: 'moment', value: true, met: (unit) => unit.features.times.some((t) => t.seconds >= after) });
      continue;
    }
    needs.push({ label: time.raw.trim(), weight: 3, hard: true, kind: 'moment', value: true, met: (unit) => unit.features.times.some((t) => timeMatches(time, t)) });
  }
  for (const date of view.features.dates) {
    needs.push({ label: date.raw.trim(), weight: 3, hard: true, kind: 'moment', value: true, met: (unit) => unit.features.dates.some((d) => dateMatches(date, d)) });
  }
  // A name is met where all its words stand together: "Stanford University" is not met by a
  // sentence about another university.
  // Names stay hard even when the question gives them: a question often names the very entity
  // a wrong answer swaps in ("Garth Brooks performed …" for "Who performed …, No Fences?").
  for (const group of view.features.nameGroups) {
    needs.push({ label: group.join(' '), weight: 2, hard: true, name: true, met: (unit) => hasName(unit, group) });
  }
  // A state word is met by the same state in other words ("completed" by "succeeded").
  const states = new Map(view.wording.states.filter((state) => !isWeakStateWord(state.word)).map((state) => [extractFeatures(state.word).words[0] ?? state.word, state]));
  for (const [word, weight] of view.words) {
    const state = states.get(word);
    const sameState = (unit: IndexedItem): boolean =>
      state !== undefined && wordingOf(unit).states.some((s) => s.group === state.group && s.polarity === state.polarity && !isWeakStateWord(s.word));
    const nameWord = view.features.nameGroups.some((group) => group.length > 1 && group.includes(word));
    needs.push({
      label: word,
      weight,
      hard: false,
      met: (unit) =>
        unit.wordSet.has(word) || fileWords(unit).has(word) || sameState(unit) || (nameWord && shortNameOf(word, unit)),
    });
  }
  return needs;
}

/** Fields that name whose a record is (host=, job=, deployment=, cluster=, …). */
const ENTITY_FIELD_RE = /^(?:host|hostname|service|svc|job|deployment|deploy|cluster|replica|site|pod|node|instance|app|application|tenant|namespace|ns|queue|store|region|customer|account|group|topic|route|workload|database|db|table|bucket|project|team|device|server|container|task|pipeline|repo|branch|user)$/i;

/**
 * A record of another entity than the claim's: a numbered identifier the claim does not name
 * (db-prod-2 for db-prod-1), or a field naming whose it is (cluster=analytics, job=nightly-reindex)
 * with a value the claim never mentions.
 */
function namesOtherEntity(view: ClaimView, unit: IndexedItem): boolean {
  const mine = numberedIdentifiers(view);
  if (unit.features.identifiers.some((id) => /[a-z]/i.test(id) && /\d/.test(id) && !/^\d{4}-\d{2}/.test(id) && !mine.includes(id)) && !mine.some((id) => hasIdentifier(unit, id))) return true;
  const text = view.claim.text.toLowerCase();
  return Object.entries(unit.features.fields).some(
    ([key, value]) => ENTITY_FIELD_RE.test(key.split(/[._]/).pop() ?? key) && !/^[-+]?[\d.,]+%?$/.test(value) && !text.includes(value.toLowerCase()),
  );
}

/**
 * The records of the event a count is about, when there are exactly that many: every record
 * (not prose) holding all of the claim's identifiers and content words, within the claim's time
 * span when it gives two times ("between 10:41 and 11:04"). Small counts only (2–50).
 */
function countedEvents(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  if (quantity.hasUnit || quantity.qualifier !== undefined || !Number.isInteger(quantity.value) || quantity.value < 2 || quantity.value > 50) return undefined;
  const words = [...view.words.entries()].filter(([, weight]) => weight >= 1).map(([word]) => word);
  if (words.length === 0) return undefined;
  const rarest = [...words].sort((a, b) => view.index.documentFrequency(`w:${a}`) - view.index.documentFrequency(`w:${b}`))[0]!;
  const seconds = view.features.times.map((t) => t.seconds).sort((a, b) => a - b);
  const span = seconds.length >= 2 ? [Math.floor(seconds[0]! / 60) * 60, Math.floor(seconds.at(-1)! / 60) * 60 + 59] : undefined;
  const found = new Map<object, IndexedItem>();
  for (const position of view.index.itemsWith(`w:${rarest}`)) {
    const unit = view.index.items[position]!;
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || found.has(unit.item)) continue;
    if (!words.every((word) => unit.wordSet.has(word))) continue;
    if (!view.features.identifiers.every((id) => hasIdentifier(unit, id))) continue;
    if (span && !unit.features.times.some((t) => t.seconds >= span[0]! && t.seconds <= span[1]!)) continue;
    found.set(unit.item, unit);
    if (found.size > quantity.value) return undefined;
  }
  return found.size === quantity.value ? [...found.values()] : undefined;
}

/**
 * "two broker settings" against a JSON list of two entries (`config_changes[0]`, `config_changes[1]`):
 * a count is met by a list whose name shares a word with what the claim counts, when it has
 * exactly that many entries.
 */
function countedArray(view: ClaimView, quantity: Quantity): IndexedItem[] | undefined {
  if (quantity.hasUnit || quantity.qualifier !== undefined || !Number.isInteger(quantity.value) || quantity.value < 1 || quantity.value > 50) return undefined;
  const key = new Set([...quantity.key, ...view.words.keys()].filter((word) => !LIGHT_WORDS.has(word)));
  for (const list of jsonLists(view.index)) {
    if (list.entries.size === quantity.value && list.words.some((word) => key.has(word))) return [...list.entries.values()];
  }
  return undefined;
}

const JSON_LISTS = new WeakMap<EvidenceIndex, Array<{ words: string[]; entries: Map<string, IndexedItem> }>>();

/** The JSON lists of the evidence (`config_changes[0]`, `[1]`, …), read once per index. */
function jsonLists(index: EvidenceIndex): Array<{ words: string[]; entries: Map<string, IndexedItem> }> {
  let lists = JSON_LISTS.get(index);
  if (!lists) {
    const byName = new Map<string, { words: string[]; entries: Map<string, IndexedItem> }>();
    for (const unit of index.items) {
      const entry = unit.item.kind === 'json_field' && unit.item.jsonPath ? /^(.*?)\[(\d+)\]/.exec(unit.item.jsonPath) : null;
      if (!entry) continue;
      const name = `${unit.item.file}:${entry[1]}`;
      let list = byName.get(name);
      if (!list) byName.set(name, (list = { words: splitIdentifierWords(entry[1]!), entries: new Map() }));
      if (!list.entries.has(entry[2]!)) list.entries.set(entry[2]!, unit);
    }
    lists = [...byName.values()];
    JSON_LISTS.set(index, lists);
  }
  return lists;
}

const SHARE_OF_RE = /^\s*(?:of|out of)\s+(?:the\s+|all\s+|its\s+|their\s+)?[\d,.]+/i;

function shareOfStatedWhole(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem[] | undefined {
  if (quantity.dimension !== 'percent' || isBound(quantity)) return undefined;
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  if (!SHARE_OF_RE.test(after)) return undefined;
  const whole = view.features.quantities.find((q) => q.start > quantity.start && !q.hasUnit && q.value > 0);
  if (!whole) return undefined;
  for (const unit of candidates) {
    const stated = unit.features.quantities.find((e) => quantityMatches(whole, e) && e.key.length > 0);
    if (!stated) continue;
    const partUnits = stated.key.flatMap((word) => view.index.itemsWith(`w:${word}`).slice(0, 200)).map((position) => view.index.items[position]!);
    for (const other of [unit, ...partUnits]) {
      if (other.item.kind === 'paragraph' || other.item.kind === 'reasoning') continue;
      // The part measures the same as the whole (Standard cancellations of Standard subscribers),
      // or, beside it in the same record, what the claim says the share did ("sent=19875
      // delivered=11890": "about 60% … were delivered").
      const part = other.features.quantities.find(
        (e) =>
          e !== stated &&
          e.value > 0 &&
          e.value < stated.value &&
          (e.key.join('+') === stated.key.join('+') || (other === unit && e.key.some((word) => view.words.has(word) && !stated.key.includes(word)))) &&
          quantityMatches(quantity, { ...quantity, value: (e.value / stated.value) * 100, decimals: 6, qualifier: undefined, raw: '' }),
      );
      if (part) return other === unit ? [unit] : [unit, other];
    }
  }
  return undefined;
}

/**
 * The items a figure no item states follows from, in order of preference; [] when it follows
 * from the claim itself; undefined when it follows from nothing.
 */
function derivedFrom(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem[] | undefined {
  // A count of the records of one event ("OOM-killed three times").
  const events = countedEvents(view, quantity) ?? countedArray(view, quantity);
  if (events) return events;
  // "4.6% of 209,115 subscribers": the part is a figure of the same measure as the whole, in any record.
  const share = shareOfStatedWhole(view, quantity, candidates);
  if (share) return share;
  // "7.9% of 197,020": a share of the stated whole, not any change that happens to come to 7.9%.
  // Unless the claim gives the part itself ("11.2 GiB, roughly 80% of the 14 GiB limit").
  if (SHARE_OF_RE.test(view.claim.text.slice(quantity.start + quantity.raw.length))) return fromClaimFigures(view, quantity) ? [] : undefined;
  // A sum, a difference or a change of figures the records state.
  const parts = deriveQuantity(quantity, withSeries(view, quantity, candidates.filter((unit) => holdsSomeAnchor(view, unit) || view.events.includes(unit))))?.units;
  if (parts) return parts;
  // "two CNAMEs, zendesk1._domainkey and zendesk2._domainkey": the count of what the claim itself lists.
  if (countsListed(view, quantity)) return [];
  // "promoted 39 seconds later, at 21:04:51", "resolved at 22:47, about 15 minutes later": the
  // span between two moments of the claim, or between its moment and an earlier record.
  const span = spanOfMoments(view, quantity, candidates);
  if (span) return span;
  // "8,975 MWh, 3.9% below its budget of 9,340 MWh", "465 hours at EUR 31.50 an hour, about EUR
  // 14,650": a figure computed from the claim's own figures, which need their own support.
  if (fromClaimFigures(view, quantity)) return [];
  // "the three hosts at 75 connections in total": a per-item figure times the count the claim gives.
  const product = multipliedFigure(view, quantity, candidates);
  return product ? [product] : undefined;
}

/** A small count in words that equals the number of identifiers the claim lists ("two CNAMEs, a and b"). */
function countsListed(view: ClaimView, quantity: Quantity): boolean {
  if (quantity.hasUnit || !/^\p{L}/u.test(quantity.raw) || !Number.isInteger(quantity.value) || quantity.value < 2 || quantity.value > 10) return false;
  const listed = new Set(view.features.identifiers.filter((id) => /\d/.test(id)));
  return listed.size === quantity.value && /,|\band\b/.test(view.claim.text.slice(quantity.start));
}

const LATER_RE = /^\s*(?:later|after(?:wards)?\b(?!\s+(?:the|a|an|its|their|\d)))/i;
const EARLIER_RE = /^\s*(?:earlier|before(?!\s+(?:the|a|an|its|their|\d)))/i;

function spanOfMoments(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem[] | undefined {
  if (quantity.dimension !== 'duration' || quantity.qualifier === 'delta') return undefined;
  const fits = (seconds: number): boolean => {
    const span = { ...quantity, value: seconds, decimals: 6, qualifier: undefined, raw: '' };
    return isBound(quantity) ? satisfiesBound(quantity, span) : quantityMatches(quantity, span);
  };
  const times = view.features.times;
  for (const a of times) for (const b of times) if (a.start < b.start && fits(Math.abs(b.seconds - a.seconds))) return [];
  const after = view.claim.text.slice(quantity.start + quantity.raw.length);
  const direction = LATER_RE.test(after) ? 1 : EARLIER_RE.test(after) ? -1 : 0;
  // "rose from 61.5% on 2 November to 92.6% four days later": whole days from the claim's date to
  // the date of the record that gives the claim's other figure.
  if (direction !== 0 && quantity.value >= 86400 && quantity.value % 86400 === 0) {
    for (const date of view.features.dates) {
      if (date.day === undefined) continue;
      const unit = candidates.find(
        (unit) =>
          unit.item.kind !== 'paragraph' &&
          holdsSomeAnchor(view, unit) &&
          view.features.quantities.some((other) => other !== quantity && quantitiesAt(view, unit).some((e) => quantityMatches(other, e))) &&
          unit.features.dates.some((d) => d.day !== undefined && fits(daysBetween(date, d) * direction * 86400)),
      );
      if (unit) return [unit];
    }
  }
  if (direction === 0 || times.length > 1) return undefined;
  const distance = (from: number, to: number): number => (to - from) * direction;
  // A moment written to the minute (14:24) may be any second of it: the span may be a minute off.
  const fitsSpan = (span: number, toMinute: boolean): boolean => span > 0 && (fits(span) || (toMinute && !isBound(quantity) && Math.abs(quantity.value - span) <= 60));
  // "…at 21:04:12, and db-ledger-b1 was promoted 39 seconds later, at 21:04:51": from a sentence
  // before; any moment of the nearby sentences may be the one counted from ("took over at 08:47 …
  // at 08:40 … It hit its ceiling at 8:53 AM, six and a half minutes after taking over").
  // Read only here: few claims count from the sentences before.
  const moments = view.surroundings.timed.flatMap((claim) => extractFeatures(claim.text).times.reverse());
  const before = moments[0];
  if (times.length === 1 && moments.some((moment) => fitsSpan(distance(moment.seconds, times[0]!.seconds), !moment.hasSeconds || !times[0]!.hasSeconds))) return [];
  // One moment and "… later": a record at that distance before it, about the same subject.
  // No moment: a record at that distance after the sentence before ("the lock waits were gone 25 seconds later").
  if (isBound(quantity)) return undefined;
  const moment = times[0];
  const atDistance = (t: number): boolean =>
    moment !== undefined ? fitsSpan(distance(t, moment.seconds), !moment.hasSeconds) : before !== undefined && fitsSpan(distance(before.seconds, t), !before.hasSeconds);
  if (moment === undefined && before === undefined) return undefined;
  const unit = candidates.find(
    (unit) =>
      unit.item.kind !== 'reasoning' &&
      holdsSomeAnchor(view, unit) &&
      // About the same subject: a word of the claim, or its other figure ("Four minutes later the count had climbed to 1,790").
      (moment !== undefined ||
        [...view.words.keys()].some((word) => unit.wordSet.has(word)) ||
        view.features.quantities.some((other) => other !== quantity && quantitiesAt(view, unit).some((e) => quantityMatches(other, e)))) &&
      unit.features.times.some((t) => atDistance(t.seconds)),
  );
  return unit ? [unit] : undefined;
}

/** Whole days from one calendar date to another (the year of either when one lacks it). */
function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const year = from.year ?? to.year ?? 2000;
  return (Date.UTC(to.year ?? year, to.month - 1, to.day ?? 1) - Date.UTC(year, from.month - 1, from.day ?? 1)) / 86_400_000;
}

function multipliedFigure(view: ClaimView, quantity: Quantity, candidates: IndexedItem[]): IndexedItem | undefined {
  if (!/\b(?:in total|total|altogether|combined|overall|together|across)\b/i.test(view.claim.text)) return undefined;
  const counts = view.features.quantities.filter((q) => q !== quantity && !q.hasUnit && Number.isInteger(q.value) && q.value >= 2 && q.value <= 1000);
  for (const count of counts) {
    for (const unit of candidates) {
      if (unit.item.kind === 'reasoning') continue;
      const figure = unit.features.quantities.find((e) => e.value > 0 && !quantityMatches(count, e) && quantityMatches(quantity, { ...e, value: e.value * count.value }));
      if (figure && (sharesKey(quantity, figure) || view.words.size === 0 || figure.key.some((k) => view.words.has(k)))) return unit;
    }
  }
  return undefined;
}

function findSupport(view: ClaimView, candidates: IndexedItem[], options: RuleOptions): Support {
  const needs = needsOf(view);
  const chosen: IndexedItem[] = [];
  const met = new Array<boolean>(needs.length).fill(false);
  const take = (unit: IndexedItem): void => {
    if (!chosen.includes(unit)) chosen.push(unit);
    for (let i = 0; i < needs.length; i++) if (!met[i] && needs[i]!.met(unit)) met[i] = true;
  };
  // Greedy cover: the unit meeting the most unmet weight first, then others while they add
  // something. A later unit must be about the same thing: it restates something already met
  // (for prose: an entity), or brings specific content (a number, a time, an id) or a fact of
  // at least two words — a lone word from an unrelated sentence does not count.
  for (let round = 0; round < 4; round++) {
    let best: IndexedItem | undefined;
    let bestGain = 0;
    for (const unit of candidates) {
      if (chosen.includes(unit)) continue;
      let gain = 0;
      let bridge = chosen.length === 0;
      let hard = false;
      let valueGain = false;
      const prose = unit.item.kind === 'paragraph';
      for (let i = 0; i < needs.length; i++) {
        const need = needs[i]!;
        if (!need.met(unit)) continue;
        if (met[i]) {
          if (prose ? need.hard : need.weight >= 1) bridge = true;
        } else {
          gain += need.weight;
          if (need.hard) hard = true;
          if (need.value) valueGain = true;
        }
      }
      // Prose joins prose only through an entity or as another sentence of the same paragraph;
      // after a record it may also bring specific content.
      // Or as another block of the same document that brings a figure (a table row of the settings a paragraph describes).
      if (prose && valueGain && chosen.some((other) => other.item === unit.item || (other.item.kind === 'paragraph' && other.item.file === unit.item.file))) bridge = true;
      const proseOnly = prose && chosen.every((other) => other.item.kind === 'paragraph');
      if (!bridge && (proseOnly || (!hard && gain < 2))) continue;
      if (gain > bestGain + 1e-9) {
        best = unit;
        bestGain = gain;
      }
    }
    if (!best || (chosen.length > 0 && bestGain < 1)) break;
    take(best);
    if (met.every(Boolean)) break;
  }
  // A figure no unit states may follow from what they do state (see derivedFrom).
  const derived = new Set<number>();
  needs.forEach((need, i) => {
    if (met[i] || !need.quantity) return;
    const units = derivedFrom(view, need.quantity, candidates);
    if (!units) return;
    met[i] = true;
    derived.add(i);
    for (const unit of units) take(unit);
  });

  // A product document names its product in some blocks and leaves it implied in others ("If no
  // DLQ is configured, the message is deleted"): a name that another block of the same document
  // uses is the document's subject, not a claim of its own.
  const documents = new Set(chosen.filter((unit) => unit.item.kind === 'paragraph').map((unit) => unit.item.file));
  if (documents.size > 0) {
    needs.forEach((need, i) => {
      if (met[i] || need.value) return;
      // A name, or a word the documents write as a name ("Quayside evaluates …" opens a sentence).
      const documentName = (unit: IndexedItem): boolean =>
        need.name ? need.met(unit) : !need.hard && unit.features.nameGroups.some((group) => group.length === 1 && group[0] === need.label);
      // Another file of the evidence only when the question names it too: the product asked about.
      const asked = need.label.split(' ').every((word) => view.askedWords.has(word));
      met[i] = view.index.items.some(
        (unit) => unit.item.kind === 'paragraph' && (documents.has(unit.item.file) || asked) && !chosen.some((other) => other.item === unit.item) && documentName(unit),
      );
    });
  }

  let missing = missingFrom(view, needs, met, chosen, options);
  // The fewest units that carry the claim, in the order they were chosen: a later item that only
  // adds a word the first already leaves to spare does not make one row a synthesis of two.
  if (missing.length === 0 && derived.size === 0 && chosen.length > 1) {
    for (let size = 1; size < chosen.length; size++) {
      const prefix = chosen.slice(0, size);
      const prefixMet = needs.map((need) => prefix.some((unit) => need.met(unit)));
      if (missingFrom(view, needs, prefixMet, prefix, options).length > 0) continue;
      chosen.length = size;
      missing = [];
      break;
    }
  }
  // Several sentences of one document are one evidence item.
  const items: IndexedItem[] = [];
  for (const unit of chosen) if (!items.some((other) => other.item === unit.item)) items.push(unit);
  return { items, units: chosen, refs: items.map((unit) => unit.item.id), missing };
}

/** What a set of units leaves unsupported of the claim, given which needs they meet. */
function missingFrom(view: ClaimView, needs: readonly Need[], met: readonly boolean[], units: readonly IndexedItem[], options: RuleOptions): string[] {
  const missing: string[] = [];
  let wordTotal = 0;
  let wordMet = 0;
  // The words an answer adds to its question: what it asserts beyond restating what was asked.
  let addedTotal = 0;
  let addedMet = 0;
  const softMissing: string[] = [];
  // A record that meets two of the claim's values carries it as records do, even when a
  // document was taken along for a word ("Shortly before the failover, at 08:40, vpn-ams-01 …").
  const recordValues = needs.filter((need) => need.hard && !need.name && units.some((unit) => unit.item.kind !== 'paragraph' && need.met(unit))).length;
  const prose = units.some((unit) => unit.item.kind === 'paragraph') && recordValues < 2;
  needs.forEach((need, i) => {
    if (need.hard) {
      if (!met[i]) missing.push(need.label);
      return;
    }
    const weight = !prose && NARRATION_WORDS.has(need.label) ? Math.min(need.weight, 0.3) : need.weight;
    wordTotal += weight;
    if (met[i]) wordMet += weight;
    else softMissing.push(need.label);
    if (view.askedWords.has(need.label)) return;
    addedTotal += weight;
    if (met[i]) addedMet += weight;
  });
  // Prose is matched on its words (they are its specific content), records on their values.
  // A long sentence paraphrasing a document may reword a few of its words; a short one may not.
  const long = view.words.size >= options.longClaimWords;
  // Records are matched on their values: with two or more values met, the values carry the claim.
  const hardMet = needs.filter((need, i) => need.hard && met[i]).length;
  const recordCoverage = hardMet >= 2 ? 0 : options.minWordCoverage;
  // A table row or a list item is terse ("| Audit log retention | 30 days |"): a sentence
  // restating it adds words it never had, so half of them is enough.
  const terse = prose && units.every((unit) => unit.item.kind !== 'paragraph' || unit.item.terse === true);
  const proseCoverage = long ? Math.min(options.minProseCoverage, options.minLongProseCoverage) : options.minProseCoverage;
  const minCoverage = prose ? (terse ? Math.min(proseCoverage, 0.5) : proseCoverage) : recordCoverage;
  // Light words (everyday verbs, narration) are what a paraphrase swaps: when every other
  // content word is met, the missing ones are wording, not content.
  // Order, age and approximation words are not swappable: "older", "first", "about 700,000" carry the fact.
  const onlyLightMissing = softMissing.length > 0 && wordMet > 0 && softMissing.every((label) => LIGHT_WORDS.has(label) && !ORDER_WORDS.has(label));
  // A long answer that restates its question reaches the long-claim share on the question's
  // words alone ("Sang Wook Cheong works as a materials scientist on the east coast"): what it
  // adds must still meet the share a claim of ordinary length needs from the long-claim relief.
  const addedShort = long && prose && view.askedWords.size > 0 && addedTotal > 0 && addedMet / addedTotal < options.minAddedCoverage;
  if (missing.length === 0 && wordTotal > 0 && (wordMet / wordTotal < minCoverage || addedShort) && !onlyLightMissing) missing.push(...softMissing);
  if (missing.length === 0 && units.length === 0) missing.push('any of its terms');
  return missing;
}

/** A failure with its reason on one record line ("reload failed: chain incomplete") states a cause. */
// "… (42->43): rollback criterion … met": a colon after the action (even after a bracket or a quote) opens its reason.
const REASON_MARKER = /\b(?:reason|error|err|because|due to|caused|cause|root_cause)\b|[\w)\]"]:\s/i;

function causeStated(view: ClaimView, support: Support): boolean {
  if (support.units.some((unit) => statesCause(unit.text))) return true;
  // The cause named after "because" must stand on the same record line as an error or reason.
  const text = view.claim.text;
  const at = text.toLowerCase().indexOf(view.wording.causal!.toLowerCase());
  // "Because X, Y": the cause runs to the first comma and the effect follows; "Y because X": the reverse.
  const afterPhrase = text.slice(at + view.wording.causal!.length);
  const leading = /^\W*$/.test(text.slice(0, at)) && afterPhrase.includes(',');
  const causeText = leading ? afterPhrase.slice(0, afterPhrase.indexOf(',')) : afterPhrase;
  const effectText = leading ? afterPhrase.slice(afterPhrase.indexOf(',') + 1) : text.slice(0, at);
  const causeWords = [...new Set(extractFeatures(causeText).words)];
  if (causeWords.length === 0) return false;
  // A runbook or product document that states the mechanism (the cause and what it does) states the cause.
  const effectWords = extractFeatures(effectText).words.filter((word) => !LIGHT_WORDS.has(word));
  const mostOf = (unit: IndexedItem): boolean =>
    causeWords.filter((word) => unit.wordSet.has(word)).length >= Math.max(Math.min(2, causeWords.length), Math.ceil(0.8 * causeWords.length));
  if (support.units.some((unit) => unit.item.kind === 'paragraph' && mostOf(unit) && effectWords.some((word) => unit.wordSet.has(word)))) return true;
  return support.units.some(
    (unit) =>
      unit.item.kind !== 'paragraph' &&
      REASON_MARKER.test(unit.text) &&
      // Most of the named cause must be on that line: "memory leak" is not stated by "out of memory".
      mostOf(unit),
  );
}
