// The offline judge's decision rules for one claim. Contradiction is decided from structure —
// the same quantity with another value, another time, an opposite state, a denied event that
// the evidence shows, an absence claim with a present item — never from text similarity.
import type { EvidenceType, PartitionKey } from '../../model';
import type { EvidenceKind, ReportClaim } from '../../review-types';
import { canonicalStem, extractFeatures, splitIdentifierWords, type EvidenceIndex, type IndexedItem, type Quantity, type TextFeatures } from '../../retrieval/index';
import { questionPropositions } from './answers';
import { isNationality, isWeakStateWord, readWording, reportsNothing, statesCause, type Wording } from './language';
import { dateMatches, deriveQuantity, dimensionsCompatible, isBound, quantityMatches, satisfiesBound, sharesKey, timeMatches } from './matching';

export interface ClaimVerdict {
  partition: PartitionKey;
  type: EvidenceType;
  evidence_refs: string[];
  reason: string;
}

export interface RuleOptions {
  /** Share of a claim's content words that records (logs, rows, fields) must contain (default 0.5). */
  minWordCoverage: number;
  /** The same share when the support is prose (documents, runbooks): words are its content. */
  minProseCoverage: number;
  /** The share for prose when the claim has `longClaimWords` content words or more (default 0.7). */
  minLongProseCoverage: number;
  longClaimWords: number;
  /** Candidates taken from retrieval per claim (default 16). */
  candidates: number;
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = {
  minWordCoverage: 0.3,
  minProseCoverage: 0.9,
  minLongProseCoverage: 0.7,
  longClaimWords: 8,
  candidates: 16,
};

/** Generic words that carry little of a claim's specific content, wherever the support is. */
const LIGHT_WORDS = new Set(
  ['happen', 'occur', 'show', 'indic', 'report', 'observ', 'see', 'seen', 'note', 'saw', 'found', 'find', 'also', 'still',
    'now', 'well', 'just', 'nonetheless', 'even', 'again', 'actual', 'exactli', 'simpli', 'mere', 'realli', 'quit', 'rather',
    'fairli', 'therefor', 'thu', 'henc', 'itself', 'here', 'there', 'instead', 'straight', 'awai', 'anyth', 'someth',
    'everyth', 'thing', 'wai',
    // Everyday verbs that paraphrases of documentation swap freely.
    'need', 'go', 'goe', 'make', 'use', 'us', 'becom', 'want', 'handl', 'yourself', 'themselv', 'someon', 'anyon', 'everyon', 'keep', 'work', 'add', 'live', 'allow', 'let', 'give', 'take', 'put', 'get', 'got',
    'later', 'earlier', 'old', 'new', 'older', 'newer', 'onc', 'alreadi', 'yet', 'befor', 'after', 'sinc', 'agent', 'check', 'per',
    // Verbs a report uses to narrate values ("rose to", "held", "reached").
    'log', 'record', 'reach', 'total', 'time', 'result', 'valu', 'state', 'statu', 'current', 'around', 'approxim', 'about',
    'roughli', 'within', 'whole', 'overal', 'shortli', 'immedi', 'rose', 'risen', 'fell', 'fallen', 'grew', 'drop', 'went',
    'increas', 'decreas', 'peak', 'held', 'hold', 'took', 'ran', 'run', 'last', 'came', 'back', 'climb', 'spike', 'declin',
    'jump', 'move', 'stai', 'remain', 'period', 'window', 'dure', 'start', 'finish', 'end',
    // How a report names a document's figures and instructions ("the threshold", "read the header", "requires").
    'threshold', 'read', 'note', 'mention', 'describ', 'requir',
    // Concessive and degree words that frame a figure ("slightly", "though still below").
    'though', 'although', 'slightli', 'somewhat', 'modestli', 'sharpli', 'significantli', 'respect',
    // "without a restart" restates "does not need a restart": the function word carries no fact of its own.
    'without'],
);

/**
 * Words that are light only when the support is a record: rows show order ("first") by their
 * timestamps, whereas in a document the word itself carries the fact ("was born first").
 */
const NARRATION_WORDS = new Set(['first']);

/** Light words that still state an order, an age or an approximation; a paraphrase may not drop them. */
const ORDER_WORDS = new Set(['first', 'old', 'older', 'new', 'newer', 'earlier', 'befor', 'after', 'sinc', 'onc', 'alreadi', 'yet',
  'around', 'approxim', 'about', 'roughli', 'within', 'last', 'start', 'end', 'finish', 'peak']);

const KIND_TYPES: Record<EvidenceKind, EvidenceType> = {
  log_line: 'tool_match',
  tool_row: 'tool_match',
  tool_call: 'tool_match',
  signal: 'signal_match',
  json_field: 'specific_data',
  paragraph: 'domain',
  reasoning: 'inference',
};

interface ClaimView {
  claim: ReportClaim;
  index: EvidenceIndex;
  features: TextFeatures;
  wording: Wording;
  /** Content words that must be found, with their weight. */
  words: Map<string, number>;
  /** Words of the question the report answers, if any. */
  askedWords: Set<string>;
  /** Features of the claim's context (a table row's label), if it has one: to find its row, not to check. */
  context?: TextFeatures;
  /** Records of the events the claim times itself by ("six minutes after the first reload"). */
  events: IndexedItem[];
}

/** Weekday stems, Sunday first (as Date.getUTCDay counts). */
const WEEKDAY_STEMS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map(canonicalStem);

const RATIO_RE = /\b(nearly|almost|roughly|about|more than|over|just over|just under|close to)?\s*(double|doubled|twice|triple|tripled|three times|halved|half)\b/i;
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
  else if (hedge === 'just over') ok = actual > factor && actual <= factor * 1.15;
  else if (hedge === 'just under') ok = actual < factor && actual >= factor * 0.9;
  else ok = Math.abs(actual - factor) <= (hedge ? 0.1 : 0.03) * factor;
  return { words: extractFeatures(match[0]).words, holds: ok, wording: match[0].trim(), actual };
}

/** A done action in the passive ("was collected", "were notified", "has been attached"). */
const PAST_EVENT_RE = /\b(?:was|were|has been|have been|had been)\s+(?:\p{L}+ly\s+)?\p{L}+(?:ed|en|wn|ught|ent)\b/u;
/** How a runbook or plan prescribes: duties, requirements, imperatives at a sentence's start. */
const PRESCRIPTION_RE =
  /\b(?:must|should|shall|is required|are required|requires?|needs? to|have to|has to)\b|(?:^|[.:;,]\s+|^\s*(?:\d+\.|[-*])\s+)(?:Collect|Attach|Open|File|Run|Notify|Page|Record|Create|Restart|Verify|Check|Send|Post|Inform|Escalate|Capture|Upload|Tell)\b/iu;

const BARE_ANSWER = /^\s*(yes|no)\s*[.!]?\s*$/i;
const LEADING_ANSWER = /^\s*(yes|no)\s*[,;:.!]\s+/i;

/**
 * Judges one claim against the index. Pure and deterministic. With a question, a bare "yes" or
 * "no" is judged as the question's proposition, asserted or denied.
 */
export function judgeClaim(claim: ReportClaim, index: EvidenceIndex, options: RuleOptions = DEFAULT_RULE_OPTIONS, question?: string): ClaimVerdict {
  const bare = BARE_ANSWER.exec(claim.text);
  if (bare && question) return judgeBareAnswer(bare[1]!.toLowerCase() === 'yes', claim, question, index, options);
  // "No, Joseph Roth was a journalist.": the answer and the statement after it must both hold.
  const prefixed = question ? LEADING_ANSWER.exec(claim.text) : null;
  if (prefixed && question) {
    const answer = judgeBareAnswer(prefixed[1]!.toLowerCase() === 'yes', claim, question, index, options);
    const rest = judgeClaim({ ...claim, text: claim.text.slice(prefixed[0].length) }, index, options);
    return answer.partition === 'grounded' ? rest : answer;
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
  const view: ClaimView = { claim, index, features, wording, words: contentWords(features, wording), askedWords: new Set(), events };
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

  const contradiction =
    contradictQuantity(view, candidates) ??
    contradictPersistence(view, candidates) ??
    contradictFirstAttempt(view, candidates) ??
    contradictRole(view, candidates) ??
    contradictCurrentVersion(view, candidates) ??
    contradictShare(view, candidates) ??
    contradictMoment(view, candidates) ??
    contradictState(view, candidates) ??
    contradictTrend(view, candidates) ??
    contradictSpan(view) ??
    contradictPolarity(view, candidates) ??
    contradictOpposite(view, candidates) ??
    contradictScope(view, candidates) ??
    contradictFieldValue(view, candidates);
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
  if (wording.absent.length > 0 || isNegatedEventClaim(view)) return judgeAbsence(view, candidates, index.hasRecords, options);

  const support = findSupport(view, candidates, options);
  if (support.missing.length > 0) {
    const missing = `not in evidence: ${support.missing.slice(0, 4).join(', ')}`;
    return { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: wording.causal ? `causal link not in evidence; ${missing}` : missing };
  }
  if (wording.causal && !causeStated(view, support)) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: support.refs, reason: 'causal link not in evidence' };
  }
  if (wording.certainty && !support.units.some((unit) => unit.lowerText.includes(wording.certainty!.toLowerCase()) || statesCause(unit.text))) {
    return { partition: 'ungrounded', type: 'inference', evidence_refs: support.refs, reason: `certainty ("${wording.certainty}") not in evidence` };
  }
  // "As the runbook requires, an archive was collected": a document that prescribes an action
  // is not a record that it was done, when records of what was done are given.
  if (index.hasRecords && support.units.every((unit) => unit.item.kind === 'paragraph') && PAST_EVENT_RE.test(claim.text)) {
    const prescribing = support.units.find((unit) => PRESCRIPTION_RE.test(unit.text));
    if (prescribing) {
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
// Subjects: what a claim is about (its identifiers and names, then its words)

function alnum(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function hasIdentifier(unit: IndexedItem, identifier: string): boolean {
  if (unit.identifierSet.has(identifier) || unit.lowerText.includes(identifier)) return true;
  // 04:A1:9C and 04A19C are one serial.
  const squeezed = alnum(identifier);
  return squeezed.length >= 4 && alnum(unit.lowerText).includes(squeezed);
}

function hasName(unit: IndexedItem, group: readonly string[]): boolean {
  if (!group.every((word) => unit.wordSet.has(word) || (group.length > 1 && shortNameOf(word, unit)))) return false;
  // In prose a name of several words must stand together: "Lake Erie State Park" is not met by
  // "Presque Isle State Park … juts into Lake Erie".
  return group.length < 2 || unit.item.kind !== 'paragraph' || standsTogether(unit.features.words, group);
}

function standsTogether(words: readonly string[], group: readonly string[]): boolean {
  // A nationality after a name ("Tim McIlrath American") describes it; it is not part of it.
  const parts = group.length > 2 && isNationality(group.at(-1)!) ? group.slice(0, -1) : group;
  if (parts.length < 2) return true;
  const same = (word: string, part: string, first: boolean): boolean => word === part || (first && part.length >= 3 && word.startsWith(part));
  // Parts in order, at most one word between two of them (a middle name or a nickname).
  for (let i = 0; i < words.length; i++) {
    if (!same(words[i]!, parts[0]!, true)) continue;
    let at = i;
    let ok = true;
    for (const part of parts.slice(1)) {
      if (words[at + 1] === part) at += 1;
      else if (words[at + 2] === part) at += 2;
      else {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

/** "Pam" is short for "Pamela", "Tim" for "Timothy": a first name of three letters or more that starts a name of the unit. */
function shortNameOf(word: string, unit: IndexedItem): boolean {
  if (word.length < 3) return false;
  for (const name of unit.features.names) if (name.length > word.length && name.startsWith(word)) return true;
  return false;
}

/** Holds every identifier and name of the claim. */
function holdsAllAnchors(view: ClaimView, unit: IndexedItem): boolean {
  return view.features.identifiers.every((id) => hasIdentifier(unit, id)) && view.features.nameGroups.every((group) => hasName(unit, group));
}

/**
 * Holds at least one entity of the claim — a numbered identifier (db-prod-1, A-1021, W10) or a
 * name — or the claim has none. Word-like identifiers ("write-ahead", "checkout-api") do not
 * anchor: they often name a kind of thing, not the entity a figure belongs to.
 */
/** Identifiers that name a measure, not an entity: 5xx, p99, 2nd. */
const MEASURE_IDENTIFIER = /^(?:\d+xx|p\d{1,3}(?:\.\d+)?|\d+(?:st|nd|rd|th))$/i;

/** How many specific key words two quantities share (`origin_rps` and "origin requests per second": 2). */
function sharedKeyWords(claim: Quantity, evidence: Quantity): number {
  const claimKey = new Set(claim.key);
  return new Set(evidence.key.filter((word) => claimKey.has(word) && !LIGHT_WORDS.has(word))).size;
}

/** The claim's identifiers that carry a number (ids, serials, hosts), not measures. */
function numberedIdentifiers(view: ClaimView): string[] {
  return view.features.identifiers.filter((id) => /\d/.test(id) && !MEASURE_IDENTIFIER.test(id));
}

function holdsSomeAnchor(view: ClaimView, unit: IndexedItem): boolean {
  const identifiers = numberedIdentifiers(view);
  // A numbered identifier is the most specific entity: when there is one, names do not count.
  if (identifiers.length > 0) return identifiers.some((id) => hasIdentifier(unit, id) || documentNames(view.index, unit, id));
  const { nameGroups } = view.features;
  if (nameGroups.length > 0) return nameGroups.some((group) => hasName(unit, group));
  // A table cell without an entity of its own ("Down from 11.1% to 10.2%") is about its row (Millbrook).
  const context = view.context;
  // Its name when it has one ("Millbrook Q1 → Q2": the clinic, not the quarter).
  if (context && context.nameGroups.length > 0) return context.nameGroups.some((group) => hasName(unit, group));
  if (context && context.identifiers.length > 0) return context.identifiers.some((id) => hasIdentifier(unit, id));
  return true;
}

/**
 * A JSON document is about the entity it names ("change_id": "CHG-5820" at its top): every field
 * of it belongs to that entity, though the field's own line does not repeat the id.
 */
function documentNames(index: EvidenceIndex, unit: IndexedItem, identifier: string): boolean {
  if (unit.item.kind !== 'json_field') return false;
  return index.itemsWith(`i:${identifier}`).some((position) => {
    const other = index.items[position]!;
    return other.item.kind === 'json_field' && other.item.file === unit.item.file && !(other.item.jsonPath ?? '').includes('[');
  });
}

/** Share of the claim's content weight a unit holds, leaving out `ignore`. */
function wordShare(view: ClaimView, unit: IndexedItem, ignore: ReadonlySet<string> = new Set()): number {
  let total = 0;
  let shared = 0;
  for (const [word, weight] of view.words) {
    if (ignore.has(word)) continue;
    total += weight;
    if (unit.wordSet.has(word)) shared += weight;
  }
  return total === 0 ? 1 : shared / total;
}

/** Whether a unit talks about the claim's subject: all its identifiers and names, and half its words. */
function sameSubject(view: ClaimView, unit: IndexedItem, ignore: ReadonlySet<string> = new Set()): boolean {
  if (!holdsAllAnchors(view, unit)) return false;
  const anchored = view.features.identifiers.length + view.features.nameGroups.length > 0;
  return wordShare(view, unit, ignore) >= (anchored ? 0.34 : 0.5);
}

/** When the claim names a time or date, the units at that moment; else all. */
function atClaimedMoment(view: ClaimView, units: IndexedItem[]): IndexedItem[] {
  const { times, dates } = view.features;
  if (times.length === 0 && dates.length === 0) return units;
  const at = units.filter(
    (unit) =>
      times.some((t) => unit.features.times.some((u) => timeMatches(t, u))) ||
      dates.some((d) => unit.features.dates.some((u) => dateMatches(d, u))),
  );
  return at.length > 0 ? at : units;
}

// ---------------------------------------------------------------------------------------------
// Contradiction

/** A unit's wording, read once: the same candidate rows come back for many claims. */
const UNIT_WORDING = new WeakMap<IndexedItem, Wording>();
function wordingOf(unit: IndexedItem): Wording {
  let wording = UNIT_WORDING.get(unit);
  if (!wording) UNIT_WORDING.set(unit, (wording = readWording(unit.text)));
  return wording;
}

function contradicted(unit: IndexedItem, reason: string): ClaimVerdict {
  const type = KIND_TYPES[unit.item.kind];
  return { partition: 'contradicted', type, evidence_refs: [unit.item.id], reason };
}

/**
 * A runbook or plan states rules and expectations ("alerts fire at 90%"), a record what
 * happened: when records are given, a document contradicts a figure or a time only of a claim
 * about the document ("per the runbook", "the plan expects").
 */
function mayContradict(view: ClaimView, unit: IndexedItem, documentDecides: () => boolean = () => false): boolean {
  if (unit.item.kind !== 'paragraph' || !view.index.hasRecords) return true;
  return [...view.words.keys()].some((word) => fileWords(unit).has(word) || DOCUMENT_WORDS.has(word)) || documentDecides();
}

const DOCUMENT_WORDS = new Set(['runbook', 'plan', 'polici', 'procedur', 'document', 'doc', 'guid', 'playbook', 'spec', 'manual', 'handbook', 'accord']);

function contradictQuantity(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  for (const quantity of view.features.quantities) {
    if (quantity.qualifier === 'delta') continue;
    // "two broker settings": a small count in words names how many things a sentence lists, not a measured value.
    // A limit in words ("up to five streams") is a figure like any other.
    if (!quantity.hasUnit && /^\p{L}/u.test(quantity.raw) && !isBound(quantity)) continue;
    // A table cell is about its row: the row's label (orders.shipped) names the subject as well.
    const context = view.context;
    const aboutRow = (unit: IndexedItem): boolean =>
      context !== undefined && context.identifiers.length > 0 && context.identifiers.every((id) => hasIdentifier(unit, id)) && holdsAllAnchors(view, unit);
    const subject = atClaimedMoment(
      view,
      candidates.filter((unit) => sameSubject(view, unit, new Set(quantity.key)) || aboutRow(unit)),
    ).sort((a, b) => wordShare(view, b) - wordShare(view, a));
    const holds = (unit: IndexedItem): boolean =>
      isYearOf(quantity, unit) ||
      quantitiesAt(view, unit).some((e) => (isBound(quantity) ? sharesKey(quantity, e) && satisfiesBound(quantity, e) : quantityMatches(quantity, e)));
    // "The runbook says … once the queue is below 1,000": a threshold the claim attributes to a
    // document is decided by the document's own threshold, not by a record that happens to satisfy it.
    const citesDocument = isBound(quantity) && [...view.words.keys()].some((word) => DOCUMENT_WORDS.has(word));
    const documentThreshold = citesDocument && subject.some((unit) => unit.item.kind === 'paragraph' && unit.features.quantities.some((e) => isBound(e) && sharesKey(quantity, e)));
    if (subject.some((unit) => (!documentThreshold || unit.item.kind === 'paragraph') && holds(unit))) continue;
    // A figure no record gives is a setting or a rule ("keys expire after 30 days"): a document decides it.
    // Asked only of a document, and at most once per figure.
    let decided: boolean | undefined;
    const documentDecides = (): boolean =>
      (decided ??= !candidates.some((unit) => unit.item.kind !== 'paragraph' && unit.features.quantities.some((e) => quantityMatches(quantity, e))));
    for (const unit of subject) {
      if (!mayContradict(view, unit, documentDecides)) continue;
      // "HTTP 429" against `http_429=0`: the code names the record's measure, it is not its value.
      if (inIdentifier(quantity, unit)) continue;
      // Of the figures measuring the same thing, the one whose key says most about it (failed_sessions over sessions).
      const other = quantitiesAt(view, unit).filter(
        (e) =>
          dimensionsCompatible(quantity, e) &&
          // A bare number is another quantity than a price or a size, unless the claim is a percentage.
          // A bare field value keyed by the same measure (origin_rps for "origin requests per second") is that quantity.
          // A bare count in the claim ("the count reached 1,386") is not a duration or a size of the record (900s).
          (e.dimension === quantity.dimension ||
            (!quantity.hasUnit && (!e.hasUnit || e.dimension === 'percent' || sharedKeyWords(quantity, e) >= 2)) ||
            quantity.dimension === 'percent' ||
            (!e.hasUnit && sharedKeyWords(quantity, e) >= 2)) &&
          sharesKey(quantity, e) &&
          // A count of thousands is not a percentage: "63% of those who answered" vs no_answer=7836.
          !(quantity.dimension === 'percent' && !e.hasUnit && Math.abs(e.value) > 100) &&
          !view.features.quantities.some((mine) => quantityMatches(mine, e)) &&
          (isBound(quantity) ? !satisfiesBound(quantity, e) : !quantityMatches(quantity, e)),
      ).sort((a, b) => sharedKeyWords(quantity, b) - sharedKeyWords(quantity, a))[0];
      const unkeyed = other ? undefined : unkeyedDifferentValue(view, quantity, unit);
      if (!other && !unkeyed) continue;
      // A total or a change computed from several figures is not contradicted by one of them.
      // (A threshold is not a computed figure.)
      if (!isBound(quantity) && deriveQuantity(quantity, withSeries(view, quantity, candidates))) return undefined;
      if (!other) return contradicted(unit, `claim says ${quantity.raw.trim()}, ${unit.item.id} says ${unkeyed!.raw.trim()}`);
      return contradicted(unit, `claim says ${quantity.raw.trim()}, ${unit.item.id} says ${other.raw.trim()}`);
    }
  }
  return undefined;
}

const FIRST_ATTEMPT_RE = /\b(?:(?:on|at|in) (?:the |its )?first (?:attempt|try|pass|go)|first time round|without (?:a |any )?(?:retry|retries|retrying|second attempt))\b/i;

/**
 * "gw-eu-3 was returned to the pool on the first attempt": the call that did it must not have
 * been tried before and failed. An earlier call of the same tool with the same arguments that
 * did not exit cleanly contradicts it.
 */
function contradictFirstAttempt(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
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
  return undefined;
}

/** Wording that says a figure held over time ("stayed flat at 212"). */
const PERSISTENCE_RE = /\b(?:stay(?:ed|s)?|remain(?:ed|s)?|unchanged|flat|steady|constant|(?:did not|didn't|does not|doesn't) change)\b/i;
/** Or across rows, right after the figure ("6.2% in both arms"). */
const ACROSS_AFTER_RE = /^\s*(?:[\p{L}-]+\s+){0,2}(?:in|for|across) (?:both|all|each|every)\b/iu;

/**
 * "Rotterdam's headcount stayed flat at 212", "desktop conversion was 6.2% in both arms": the
 * figure must hold at every point of its series. A record that gives the figure beside another
 * value of the same measure (`{"2026-02": 212, "2026-03": 204}`), or a row of the same measure
 * for the same subject with another value (arm=treatment conv_pct=6.3), contradicts it.
 */
function contradictPersistence(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const bounded = contradictHeldBound(view, candidates);
  if (bounded) return bounded;
  const quantities = view.features.quantities.filter((q) => !isBound(q) && q.qualifier !== 'delta');
  if (quantities.length !== 1 || view.wording.negated.length > 0) return undefined;
  const quantity = quantities[0]!;
  if (!PERSISTENCE_RE.test(view.claim.text) && !ACROSS_AFTER_RE.test(view.claim.text.slice(quantity.start + quantity.raw.length))) return undefined;
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && holdsSomeAnchor(view, unit));
  const sameMeasure = (a: Quantity, b: Quantity): boolean =>
    a.dimension === b.dimension && a.key.length === b.key.length && a.key.every((word) => b.key.includes(word));
  // The claim's words that are field values elsewhere (segment=desktop) select the subject's rows.
  const valueWords = (unit: IndexedItem): Set<string> =>
    new Set(Object.values(unit.features.fields).filter((v) => /^\p{L}[\p{L}\s-]*$/u.test(v)).flatMap((v) => extractFeatures(v).words));
  for (const unit of records) {
    const match = unit.features.quantities.find((e) => quantityMatches(quantity, e));
    if (!match) continue;
    // The same record: a series written on one line.
    const sibling = unit.features.quantities.find((e) => e !== match && sameMeasure(match, e) && !quantityMatches(quantity, e));
    if (sibling) return contradicted(unit, `claim says it held at ${quantity.raw.trim()}, ${unit.item.id} also gives ${sibling.raw.trim()}`);
    if (match.key.length === 0) continue;
    const selectors = [...view.words.keys()].filter((word) => valueWords(unit).has(word));
    for (const other of records) {
      if (other === unit || other.item.file !== unit.item.file) continue;
      const otherValues = valueWords(other);
      if (selectors.length === 0 || !selectors.every((word) => otherValues.has(word))) continue;
      const differing = other.features.quantities.find((e) => sameMeasure(match, e) && !quantityMatches(quantity, e));
      if (differing) return contradicted(other, `claim says it held at ${quantity.raw.trim()}, ${other.item.id} gives ${differing.raw.trim()}`);
    }
  }
  return undefined;
}

/**
 * "rabbit-3 stayed under 8 GiB throughout": a bound said to hold over time holds at every
 * record of the entity. The measure is the one the claim names, or, when it names none, the
 * values of the bound's unit on its scale (memory near 8 GiB, not a 180 GiB disk).
 */
function contradictHeldBound(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.features.quantities.length !== 1 || !isBound(view.features.quantities[0]!) || view.wording.negated.length > 0) return undefined;
  if (!PERSISTENCE_RE.test(view.claim.text) && !/\b(?:throughout|at all times|the whole time|all along)\b/i.test(view.claim.text)) return undefined;
  const bound = view.features.quantities[0]!;
  const anchored = view.features.identifiers.length + view.features.nameGroups.length > 0;
  if (!anchored || !bound.hasUnit) return undefined;
  const named = (e: Quantity): boolean => sharesKey(bound, e);
  const onScale = (e: Quantity): boolean => e.value >= bound.value / 2.5 && e.value <= bound.value * 2.5;
  const series = view.index.items.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && holdsAllAnchors(view, unit));
  const values = series.flatMap((unit) => unit.features.quantities.filter((e) => e.hasUnit && e.dimension === bound.dimension).map((e) => ({ unit, e })));
  const measured = values.some(({ e }) => named(e)) ? values.filter(({ e }) => named(e)) : values.filter(({ e }) => onScale(e));
  // One measure only: two on the same scale leave unclear which the claim is about.
  if (measured.length < 2 || new Set(measured.map(({ e }) => e.key.join('+'))).size > 1) return undefined;
  const outside = measured.find(({ e }) => !satisfiesBound(bound, e) && !quantityMatches({ ...bound, qualifier: undefined }, e));
  if (!outside || !candidates.length) return undefined;
  return contradicted(outside.unit, `claim says it stayed ${bound.qualifier === 'upper' ? 'under' : 'above'} ${bound.raw.trim()}, ${outside.unit.item.id} says ${outside.e.raw.trim()}`);
}

/**
 * "Pod search-api-8mzt was at 3.9 GiB at 10:40": a figure with a unit but no words saying what
 * it measures, about a numbered entity (and at a time) that a record gives figures of that
 * unit for — none of them the claimed one. The closest is what the record says instead.
 */
function unkeyedDifferentValue(view: ClaimView, quantity: Quantity, unit: IndexedItem): Quantity | undefined {
  if (isBound(quantity) || quantity.qualifier === 'approx' || quantity.dimension === 'ratio' || unit.item.kind === 'paragraph') return undefined;
  // A bare count ("occurred 2,520 times") only against the one count of the entity's own entry
  // ("E-104 comms_timeout count=2250" in a list of fault codes).
  if (!quantity.hasUnit) {
    if (/^\p{L}/u.test(quantity.raw) || !anchoredSegment(view, unit)) return undefined;
    const counts = quantitiesAt(view, unit).filter((e) => !e.hasUnit);
    return counts.length === 1 && !quantityMatches(quantity, counts[0]!) ? counts[0] : undefined;
  }
  if (quantity.dimension === 'count') return undefined;
  const identifiers = numberedIdentifiers(view);
  if (identifiers.length === 0 || !identifiers.every((id) => hasIdentifier(unit, id))) return undefined;
  if (view.features.times.length > 0 && !view.features.times.every((t) => unit.features.times.some((u) => timeMatches(t, u)))) return undefined;
  const same = quantitiesAt(view, unit).filter((e) => e.hasUnit && e.dimension === quantity.dimension);
  if (same.length === 0 || same.some((e) => quantityMatches(quantity, e) || sharesKey(quantity, e))) return undefined;
  // The first figure: a record leads with its measure (mem_working_set=… before mem_limit=…).
  return same[0];
}

/**
 * "A-5512 stayed open for 12 minutes": how long a numbered entity lasted is the span between
 * its first and last timestamped record (fired … resolved). A claimed duration far from that
 * span (more than 5% and a minute off) is contradicted; a duration that matches is grounded by
 * the usual rules (a span of two moments).
 */
function contradictSpan(view: ClaimView): ClaimVerdict | undefined {
  const durations = view.features.quantities.filter((q) => q.dimension === 'duration' && q.hasUnit && !isBound(q) && q.qualifier !== 'delta');
  const identifiers = numberedIdentifiers(view);
  if (durations.length !== 1 || identifiers.length !== 1 || view.features.times.length > 0) return undefined;
  if (!/\b(?:for|lasted|open|took|remained|stayed|in total|duration)\b/i.test(view.claim.text)) return undefined;
  // "Six minutes after the first reload, alert A-9034 fired": a distance between two events, not how long one lasted.
  const claimed = durations[0]!;
  if (/^\s*(?:after|before|later|earlier|since|ago|into|past)\b/i.test(view.claim.text.slice(claimed.start + claimed.raw.length))) return undefined;
  const identifier = identifiers[0]!;
  const moments: Array<{ seconds: number; unit: IndexedItem }> = [];
  for (const position of view.index.itemsWith(`i:${identifier}`)) {
    const unit = view.index.items[position]!;
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const time of unit.features.times) moments.push({ seconds: time.seconds, unit });
    if (moments.length > 50) return undefined;
  }
  if (moments.length < 2) return undefined;
  moments.sort((a, b) => a.seconds - b.seconds);
  const first = moments[0]!;
  const last = moments.at(-1)!;
  const span = last.seconds - first.seconds;
  if (span <= 0 || Math.abs(span - claimed.value) <= Math.max(60, 0.05 * span) || quantityMatches(claimed, { ...claimed, value: span, decimals: 0, scale: 1, raw: `${span}s` })) return undefined;
  const minutes = Math.floor(span / 60);
  const seconds = Math.round(span % 60);
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: [first.unit.item.id, last.unit.item.id],
    reason: `claim says ${claimed.raw.trim()}, ${identifier} spans ${minutes} min ${seconds} s (${first.unit.item.id} → ${last.unit.item.id})`,
  };
}

/** A claimed time or date that the evidence gives differently for the same event. */
function contradictMoment(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // "after 14:10" bounds a search; it is not an event time to compare.
  if (view.wording.after !== undefined || view.wording.before !== undefined) return undefined;
  const anchored = candidates.filter((unit) => holdsSomeAnchor(view, unit));
  // The unit must be about the event the moment dates ("alert fired at 14:02"), not only the subject.
  const aboutEvent = (key: readonly string[], unit: IndexedItem): boolean =>
    key.some((word) => !LIGHT_WORDS.has(word) && !NARRATION_WORDS.has(word) && unit.wordSet.has(word));
  for (const time of view.features.times) {
    if (anchored.some((unit) => unit.features.times.some((t) => timeMatches(time, t)))) continue;
    const unit = candidates.find((u) => u.features.times.length > 0 && sameSubject(view, u) && aboutEvent(time.key, u) && mayContradict(view, u));
    if (unit) return contradicted(unit, `claim says ${time.raw.trim()}, ${unit.item.id} says ${unit.features.times[0]!.raw.trim()}`);
  }
  // "from 14 on 8 June to 88 on 10 June": a claim spanning dates is not contradicted by a record of one other day.
  for (const date of view.features.dates.length === 1 ? view.features.dates : []) {
    if (anchored.some((unit) => unit.features.dates.some((d) => dateMatches(date, d)))) continue;
    const unit =
      candidates.find((u) => u.features.dates.length > 0 && sameSubject(view, u) && aboutEvent(date.key, u)) ??
      // One date for one numbered entity (serial 04A19C): a record that names the entity and
      // gives it one other date states its date differently, whatever it calls the date.
      (view.features.dates.length === 1 && numberedIdentifiers(view).length > 0
        ? candidates.find((u) => u.item.kind !== 'paragraph' && u.features.dates.length === 1 && numberedIdentifiers(view).every((id) => hasIdentifier(u, id)))
        : undefined);
    if (unit) return contradicted(unit, `claim says ${date.raw.trim()}, ${unit.item.id} says ${unit.features.dates[0]!.raw.trim()}`);
  }
  return undefined;
}

/**
 * A document sentence that says what the claim says, but denies it ("Deleted events are not
 * restored" for "Upgrading restores deleted events"): most of the claim's content words, the
 * claim's names, and a negation of one of the claim's own words that the claim does not have.
 */
function contradictPolarity(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.negated.length > 0 || view.wording.absent.length > 0 || view.wording.hedge) return undefined;
  // A claim that itself denies something ("Nothing under … was deleted") agrees with a denial.
  if (/\b(?:no|nothing|none|never|neither|nor|without)\b/i.test(view.claim.text)) return undefined;
  const heavy = [...view.words.entries()].filter(([, weight]) => weight >= 1).map(([word]) => word);
  if (heavy.length < 3) return undefined;
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph' || !holdsAllAnchors(view, unit)) continue;
    const denied = wordingOf(unit).negated;
    if (denied.length === 0) continue;
    const shared = heavy.filter((word) => unit.wordSet.has(word)).length;
    if (shared / heavy.length < 0.6) continue;
    // The denial must be about the claim: the word the document denies is one of the claim's.
    if (!denied.some((word) => view.words.has(word))) continue;
    return contradicted(unit, `${unit.item.id} says the opposite (not ${denied[0]})`);
  }
  return undefined;
}

/** Word pairs that state opposite sides of one property (stems). */
const OPPOSITES: Array<[string, string]> = [
  ['befor', 'after'], ['includ', 'exclud'], ['public', 'privat'], ['enabl', 'disabl'], ['option', 'requir'],
  ['synchron', 'asynchron'], ['minimum', 'max'], ['higher', 'lower'], ['earlier', 'later'], ['abov', 'below'],
  ['insid', 'outsid'], ['automat', 'manual'], ['accept', 'reject'], ['inbound', 'outbound'], ['upload', 'download'],
  ['encrypt', 'unencrypt'], ['allow', 'deni'], ['ascend', 'descend'], ['increment', 'decrement'], ['share', 'own'],
];
const OPPOSITE_OF = new Map<string, string>(OPPOSITES.flatMap(([a, b]) => [[a, b], [b, a]] as Array<[string, string]>));

/**
 * "AOV is measured after refunds" against "AOV is gross revenue … before refunds": a document
 * sentence about the same thing (most of the claim's other words) that has the opposite of one
 * of the claim's words, and not the word itself.
 */
/**
 * "Any workspace member can rotate a key" against "Only workspace owners and admins can create,
 * rotate or revoke keys": a document that restricts ("only") the very action the claim opens to
 * anyone, naming someone else than the claim's subject.
 */
function contradictScope(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const universal = /^\s*(?:any|anyone|anybody|everyone|everybody|every|all)\s+(?:(\p{L}+)\s+)?(\p{L}+)?/iu.exec(view.claim.text);
  if (!universal || view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const subjectWords = extractFeatures(`${universal[1] ?? ''} ${universal[2] ?? ''}`).words;
  const rest = [...view.words.keys()].filter((word) => !subjectWords.includes(word) && !LIGHT_WORDS.has(word));
  if (rest.length < 2) return undefined;
  for (const unit of candidates) {
    if (unit.item.kind !== 'paragraph' || !/\bonly\b/i.test(unit.text)) continue;
    if (rest.filter((word) => unit.wordSet.has(word)).length / rest.length < 0.8) continue;
    // The restriction names others: the claim's own subject word is not among those allowed.
    const head = subjectWords.at(-1);
    if (!head || unit.wordSet.has(head)) continue;
    return contradicted(unit, `claim opens it to ${universal[0].trim().toLowerCase()}, ${unit.item.id} restricts it ("only …")`);
  }
  return undefined;
}

const RELATIONS = new Set(['befor', 'after', 'earlier', 'later', 'abov', 'below', 'insid', 'outsid']);

/** The word as written whose stem is `stem` (for reasons shown to people). */
function surfaceWord(text: string, stem: string): string {
  return (text.match(/\p{L}+/gu) ?? []).find((word) => canonicalStem(word) === stem) ?? stem;
}

/** The stem of the word after the first word whose stem is `stem`. */
function nextStem(text: string, stem: string): string | undefined {
  const tokens = (text.toLowerCase().match(/\p{L}+/gu) ?? []).map(canonicalStem);
  const at = tokens.indexOf(stem);
  return at >= 0 ? tokens[at + 1] : undefined;
}

function contradictOpposite(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.hedge || view.wording.negated.length > 0) return undefined;
  // Stopwords too: "before" and "after" carry the fact here.
  const tokensOf = (text: string): Set<string> => new Set((text.toLowerCase().match(/\p{L}+/gu) ?? []).map(canonicalStem));
  const claimTokens = tokensOf(view.claim.text);
  const rest = [...view.words.keys()].filter((other) => !LIGHT_WORDS.has(other) && !OPPOSITE_OF.has(other));
  if (rest.length < 2) return undefined;
  for (const word of claimTokens) {
    const opposite = OPPOSITE_OF.get(word);
    if (!opposite || claimTokens.has(opposite)) continue;
    for (const unit of candidates) {
      if (unit.item.kind !== 'paragraph' || !holdsAllAnchors(view, unit)) continue;
      const unitTokens = tokensOf(unit.text);
      if (unitTokens.has(word) || !unitTokens.has(opposite)) continue;
      if (rest.filter((other) => unit.wordSet.has(other)).length / rest.length < 0.6) continue;
      // A relation ("after refunds") is opposed only about the same bare noun ("before refunds"):
      // not by any other "before" in the passage, and not when it times an event ("before the failover").
      if (RELATIONS.has(word)) {
        const next = nextStem(view.claim.text, word);
        if (!next || /^(?:the|a|an|thi|that|these|those|it|its|their|our|your)$/.test(next) || next !== nextStem(unit.text, opposite)) continue;
      }
      return contradicted(unit, `claim says "${surfaceWord(view.claim.text, word)}", ${unit.item.id} says "${surfaceWord(unit.text, opposite)}"`);
    }
  }
  return undefined;
}

/**
 * "The new certificate was issued by R3" against `issuer=R11`: an identifier the evidence never
 * mentions, where a record has a field named by the claim's own word (issued ~ issuer) holding
 * another identifier-like value.
 */
function contradictFieldValue(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const unknown = view.features.identifiers.filter((id) => /\d/.test(id) && /\p{L}/u.test(id) && !candidates.some((unit) => hasIdentifier(unit, id)));
  if (unknown.length !== 1) return undefined;
  const claimWords = [...view.words.keys()].filter((word) => word.length >= 4 && !LIGHT_WORDS.has(word));
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries(unit.features.fields)) {
      if (!/^[\p{L}\p{N}][\p{L}\p{N}._:-]{0,23}$/u.test(value) || !/\d/.test(value) || value.toLowerCase() === unknown[0]) continue;
      // An identifier against a plain number (VND-5531 vs licensed_tunnels=1000) is not the same kind of value.
      if (!/\p{L}/u.test(value)) continue;
      const keyWords = splitKeyWords(key);
      if (keyWords.some((k) => claimWords.some((c) => k === c || (k.length >= 4 && (k.startsWith(c) || c.startsWith(k)))))) {
        return contradicted(unit, `claim says ${unknown[0]}, ${unit.item.id} says ${key}=${value}`);
      }
    }
  }
  return undefined;
}

/**
 * "The 718 that failed were roughly 7% of everything sent" against `reminders_sent=18730
 * failed=718`: the claim's part and, beside it in the record, the whole its words name (sent)
 * give the share, 3.8%, not 7%.
 */
function contradictShare(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const percents = view.features.quantities.filter((q) => q.dimension === 'percent' && !isBound(q) && q.qualifier !== 'delta');
  const counts = view.features.quantities.filter((q) => !q.hasUnit && q.value > 0 && /^\d/.test(q.raw));
  if (percents.length !== 1 || counts.length !== 1 || !/\bof\b/i.test(view.claim.text.slice(percents[0]!.start))) return undefined;
  const [share, part] = [percents[0]!, counts[0]!];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const stated = unit.features.quantities.find((e) => quantityMatches(part, e));
    if (!stated) continue;
    const whole = unit.features.quantities.find((e) => e !== stated && !e.hasUnit && e.value > stated.value && e.key.some((word) => view.words.has(word) && !stated.key.includes(word)));
    if (!whole) continue;
    const actual = (stated.value / whole.value) * 100;
    if (quantityMatches(share, { ...share, value: actual, decimals: 6, qualifier: undefined, raw: '' })) return undefined;
    return contradicted(unit, `claim says ${share.raw.trim()}, ${unit.item.id} gives ${stated.raw.trim()} of ${whole.raw.trim()} = ${actual.toFixed(1)}%`);
  }
  return undefined;
}

const VERSION_RE = /^v?\d+(?:\.\d+){1,3}$/;

/**
 * "Version 2.32.0 is still running on two pods" against `running_version: 2.31.4`: what is the
 * case now is given by a field named for it (the claim's own verb), holding another version.
 */
function contradictCurrentVersion(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (!/\b(?:still|now|currently|remains?)\b/i.test(view.claim.text)) return undefined;
  const versions = view.features.identifiers.filter((id) => VERSION_RE.test(id));
  if (versions.length !== 1) return undefined;
  const version = versions[0]!.replace(/^v/, '');
  // The claim's own verb ("running"), light or not, names the field.
  const predicate = [...view.words.keys()].filter((word) => word !== 'version' && word.length >= 3);
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    for (const [key, value] of Object.entries({ ...unit.item.fields, ...unit.features.fields })) {
      if (!VERSION_RE.test(value) || value.replace(/^v/, '') === version) continue;
      if (!splitKeyWords(key).some((word) => predicate.includes(word))) continue;
      return contradicted(unit, `claim says ${versions[0]}, ${unit.item.id} says ${key}=${value}`);
    }
  }
  return undefined;
}

const ROLE_RE = /\b(\p{L}+ed)\s+by\s+([\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+)/gu;

/**
 * "requested by t.lindqvist and approved by m.oyelaran" against `requested_by: m.oyelaran`: a
 * record's field named for the role (requested_by, approver) holds the person who had it.
 */
function contradictRole(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  for (const match of view.claim.text.matchAll(ROLE_RE)) {
    const role = extractFeatures(match[1]!).words[0];
    const person = match[2]!.toLowerCase();
    if (!role) continue;
    let other: { unit: IndexedItem; key: string; value: string } | undefined;
    // The record must be about the claim's subject: another of its identifiers, or, with none, one of its words (the pause).
    const anchors = view.features.identifiers.filter((id) => id !== person);
    const subjectWords = [...view.words.keys()].filter((word) => word !== role && !LIGHT_WORDS.has(word) && !person.includes(word));
    const about = (unit: IndexedItem): boolean =>
      anchors.length > 0 ? anchors.some((id) => hasIdentifier(unit, id)) : subjectWords.some((word) => unit.wordSet.has(word));
    for (const unit of candidates) {
      if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning' || !about(unit)) continue;
      // A call's arguments are fields too (args.requested_by).
      for (const [key, value] of Object.entries({ ...unit.item.fields, ...unit.features.fields })) {
        if (!splitKeyWords(key).some((word) => word === role || (word.length >= 5 && role.startsWith(word.slice(0, 5))))) continue;
        if (value.toLowerCase() === person) return undefined;
        if (/^[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)+$/u.test(value)) other ??= { unit, key, value };
      }
    }
    if (other) return contradicted(other.unit, `claim says ${match[1]} by ${match[2]}, ${other.unit.item.id} says ${other.key}=${other.value}`);
  }
  return undefined;
}

function splitKeyWords(key: string): string[] {
  return key.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 2 && !/^\d+$/.test(part)).map((part) => extractFeatures(part).words[0] ?? part.toLowerCase());
}

function contradictState(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  const strong = view.wording.states.filter((state) => !isWeakStateWord(state.word));
  if (strong.length === 0) return undefined;
  const stateWords = new Set(strong.map((state) => extractFeatures(state.word).words[0] ?? state.word));
  // A state with no subject of its own ("Completed in three minutes.") is about its context (the
  // table row); with neither, nothing says which record it could contradict.
  const context = view.context;
  const hasSubject = [...view.words.keys()].some((word) => !stateWords.has(word) && !LIGHT_WORDS.has(word)) || view.features.identifiers.length + view.features.nameGroups.length > 0;
  if (!hasSubject && !context) return undefined;
  const aboutContext = (unit: IndexedItem): boolean =>
    !context || context.identifiers.some((id) => hasIdentifier(unit, id)) || context.words.some((word) => unit.wordSet.has(word));
  const subject = atClaimedMoment(view, candidates.filter((u) => sameSubject(view, u, stateWords) && aboutContext(u)));
  // A record that states the same thing settles it: another that mentions the opposite is about something else.
  const agrees = (unit: IndexedItem): boolean =>
    strong.every((state) => {
      const unitStates = wordingOf(unit).states.filter((s) => s.group === state.group && !isWeakStateWord(s.word));
      return unitStates.length > 0 && unitStates.every((s) => s.polarity === state.polarity);
    });
  if (subject.some(agrees)) return undefined;
  for (const unit of subject) {
    const unitWording = wordingOf(unit);
    for (const state of strong) {
      const unitStates = unitWording.states.filter((s) => s.group === state.group && !isWeakStateWord(s.word));
      const opposite = unitStates.find((s) => s.polarity !== state.polarity);
      const same = unitStates.some((s) => s.polarity === state.polarity);
      const failedCall = state.group === 'outcome' && state.polarity === 1 && unit.item.exitOk === false;
      if ((opposite && !same) || failedCall) {
        return contradicted(unit, `claim says "${state.word}", ${unit.item.id} says ${opposite ? `"${opposite.word}"` : 'the call failed'}`);
      }
    }
  }
  return undefined;
}

const TREND_DOWN = /\b(?:fell|falls?|falling|dropped|drops?|declined|declines|decreased|decreases|shrank|went down)\b/i;
const TREND_UP = /\b(?:rose|rises?|rising|grew|grows|increased|increases|climbed|climbs|went up)\b/i;

/**
 * A trend without figures ("organic visits fell") against the records of that quantity for
 * that subject: the rows holding the claim's field-value words (channel=organic) and a value
 * keyed by one of its words (visits=…). When the last value moved the other way from the
 * first, the claimed direction is contradicted.
 */
function contradictTrend(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  if (view.wording.negated.length > 0 || view.wording.absent.length > 0) return undefined;
  // "agreed to drop message priorities": an infinitive names an action, not a movement of a figure.
  const trendText = view.claim.text.replace(/\b(?:to|will|would|can|could|should|must)\s+(?:\p{L}+\s+)?(?=\p{L})/gu, (m) => m.replace(/\S/g, '#'));
  const down = TREND_DOWN.test(trendText.replace(/#+\s*\p{L}+/gu, ''));
  const up = TREND_UP.test(trendText.replace(/#+\s*\p{L}+/gu, ''));
  if (down === up) return undefined;
  if (view.features.quantities.length > 0) return contradictTrendTo(view, candidates, down);
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph');
  const valueWords = (unit: IndexedItem): string[] =>
    Object.values(unit.features.fields).filter((v) => /^\p{L}[\p{L}\s-]*$/u.test(v)).flatMap((v) => extractFeatures(v).words);
  // The claim's words that name a field value somewhere select the subject's rows.
  const allValueWords = new Set(records.flatMap(valueWords));
  const selectors = [...view.words.keys()].filter((word) => allValueWords.has(word));
  const keyWords = [...view.words.entries()].filter(([word, weight]) => weight >= 1 && !allValueWords.has(word)).map(([word]) => word);
  for (const key of keyWords) {
    const series: Array<{ unit: IndexedItem; value: number }> = [];
    for (const unit of records) {
      if (!selectors.every((word) => valueWords(unit).includes(word))) continue;
      const values = unit.features.quantities.filter((q) => q.key.length === 1 && q.key[0] === key);
      if (values.length === 1) series.push({ unit, value: values[0]!.value });
    }
    if (series.length < 2) continue;
    series.sort((a, b) => a.unit.item.line - b.unit.item.line);
    const first = series[0]!;
    const last = series[series.length - 1]!;
    if ((down && last.value > first.value) || (up && last.value < first.value)) {
      return contradicted(last.unit, `claim says ${down ? 'down' : 'up'}, ${first.unit.item.id} → ${last.unit.item.id} goes from ${first.value} to ${last.value}`);
    }
  }
  return undefined;
}

/**
 * "Grew slightly to 14,980 rides": the figure is the series' new value. The record that gives it
 * and the record before it in the same series (the same fields but one, e.g. month=2026-04 for
 * month=2026-05, district=Nordpark in both) show which way it moved.
 */
function contradictTrendTo(view: ClaimView, candidates: IndexedItem[], down: boolean): ClaimVerdict | undefined {
  const figures = view.features.quantities.filter((q) => !isBound(q) && q.qualifier !== 'delta');
  if (figures.length !== 1 || !/\bto\s+(?:about\s+|around\s+|roughly\s+)?$/i.test(view.claim.text.slice(0, figures[0]!.start))) return undefined;
  const figure = figures[0]!;
  // The tag's row id (row=6]) numbers lines; it is not a field of the series.
  const wordFields = (unit: IndexedItem): Array<[string, string]> => Object.entries(unit.features.fields).filter(([k, v]) => k !== 'row' && !/^[-+]?[\d.,]+%?$/.test(v));
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const match = unit.features.quantities.find((e) => e.key.length > 0 && quantityMatches(figure, e));
    if (!match) continue;
    const fields = wordFields(unit);
    for (const position of view.index.itemsWith(`w:${match.key[0]}`)) {
      const other = view.index.items[position]!;
      if (other === unit || other.item.file !== unit.item.file || other.item.line >= unit.item.line) continue;
      const otherFields = new Map(wordFields(other));
      if (otherFields.size !== fields.length || fields.filter(([k, v]) => otherFields.get(k) !== v).length !== 1) continue;
      const before = other.features.quantities.find((e) => e.dimension === match.dimension && e.key.join('+') === match.key.join('+'));
      if (!before) continue;
      if ((down && match.value > before.value) || (!down && match.value < before.value)) {
        return contradicted(unit, `claim says ${down ? 'down' : 'up'} to ${figure.raw.trim()}, ${other.item.id} → ${unit.item.id} goes from ${before.raw.trim()} to ${match.raw.trim()}`);
      }
      return undefined;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Absence and negation

function isNegatedEventClaim(view: ClaimView): boolean {
  return view.wording.negated.length > 0;
}

function withinBounds(view: ClaimView, unit: IndexedItem): boolean {
  const { after, before } = view.wording;
  if (after === undefined && before === undefined) return true;
  if (unit.features.times.length === 0) return true;
  return unit.features.times.some((t) => (after === undefined || t.seconds >= after) && (before === undefined || t.seconds < before));
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

/** Wording with which a document restricts or refuses something. */
const RESTRICTING_RE = /\b(?:not|never|no|cannot|only|rejected|refused|blocked|skipped|denied|disallowed|forbidden|prevents?|blocks|rejects|refuses|skips)\b/i;

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
  for (const unit of candidates) {
    const mentions = denied.some((term) => unit.wordSet.has(term) || unit.identifierSet.has(term));
    if (!mentions) continue;
    if (!view.features.identifiers.every((id) => hasIdentifier(unit, id))) continue;
    if (!withinBounds(view, unit)) continue;
    // "apart from posting the status": the excepted item is not a counter-example.
    if (exceptionWords.length > 0 && exceptionWords.filter((w) => unit.wordSet.has(w)).length >= Math.min(2, exceptionWords.length)) continue;
    const field = deniedFieldValue(unit, denied);
    const deniesToo = wordingOf(unit).negated.some((term) => denied.includes(term));
    if (deniesToo || (field !== undefined ? /^(?:0+(?:\.0+)?|false|none|null|)$/i.test(field) : reportsNothing(unit.text))) {
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
        met: (unit) => quantitiesAt(view, unit).some((e) => quantityMatches(bare, e) || (!isBound(e) && sharesKey(quantity, e) && satisfiesBound(quantity, e))),
      });
      continue;
    }
    // A figure counts where the claim's subject is: 97% on db-prod-2 is not 97% on db-prod-1.
    needs.push({
      label,
      weight: 3,
      hard: true,
      value: true,
      quantity,
      met: (unit) =>
        holdsSomeAnchor(view, unit) &&
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
    needs.push({ label: group.join(' '), weight: 2, hard: true, met: (unit) => hasName(unit, group) });
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

const FILE_WORDS = new WeakMap<object, Set<string>>();

/**
 * The words of a document's file name ("runbook.md", "cert-procedure.md", "plan-limits.json"):
 * a claim may name its source ("per the runbook", "the procedure requires"), and a document is
 * what its name says it is. Only documents: a log's name is not a fact about its lines.
 */
function fileWords(unit: IndexedItem): Set<string> {
  const item = unit.item;
  let words = FILE_WORDS.get(item);
  if (!words) {
    const documented = item.kind === 'paragraph' || item.kind === 'json_field';
    const base = (item.file ?? '').split(/[\\/]/).pop()!.replace(/\.[^.]*$/, '');
    words = new Set(documented ? extractFeatures(base.replace(/[-_.]+/g, ' ')).words : []);
    FILE_WORDS.set(item, words);
  }
  return words;
}

/**
 * The figures a unit gives at the claim's time. A unit that lists a series ("03:30 lag=92000;
 * 03:40 lag=11000") gives at 03:40 only the figures written after 03:40 and before the next
 * time; any other unit, or a claim without one time, counts all its figures.
 */
function quantitiesAt(view: ClaimView, unit: IndexedItem): Quantity[] {
  const range = anchoredSegment(view, unit);
  const all = range ? unit.features.quantities.filter((q) => q.start >= range[0] && q.start < range[1]) : unit.features.quantities;
  if (view.features.times.length !== 1 || unit.features.times.length < 2) return all;
  const times = [...unit.features.times].sort((a, b) => a.start - b.start);
  const at = times.findIndex((t) => timeMatches(view.features.times[0]!, t));
  if (at < 0) return all;
  const from = times[at]!.start;
  const to = times[at + 1]?.start ?? Number.POSITIVE_INFINITY;
  const segment = all.filter((q) => q.start > from && q.start < to);
  return segment.length > 0 ? segment : all;
}

const SEGMENTS = new WeakMap<IndexedItem, Array<{ from: number; to: number; lower: string }>>();
const ENTRIES = new WeakMap<IndexedItem, Array<{ from: number; to: number; label: string }>>();
const NUMBERED_ENTITY = /(?<![\p{L}\p{N}])\p{L}[\p{L}\p{N}]*[-_]\p{N}[\p{L}\p{N}-]*/u;
const ENTRY_LABEL = /(?<![\p{L}\p{N}])(\p{Lu}[\p{L}\p{N}_-]*(?: \p{Lu}[\p{L}\p{N}_-]*)*):\s+(?=[\p{L}_][\w.-]*=)/gu;

/**
 * A record listing several entities: "Kestrel: chargers=412 …; Ampero: chargers=268 …" (labelled
 * entries) or "E-217 … count=6412; E-104 … count=2250" (segments holding a numbered identifier).
 * When the claim's entity stands in exactly one entry, that entry's offsets: its figures are the
 * entity's, not the others'.
 */
function anchoredSegment(view: ClaimView, unit: IndexedItem): [number, number] | undefined {
  if (unit.item.kind === 'paragraph') return undefined;
  const identifiers = numberedIdentifiers(view);
  if (identifiers.length > 0) {
    let segments = SEGMENTS.get(unit);
    if (!segments) {
      segments = [];
      let from = 0;
      for (const match of unit.text.matchAll(/;\s*|\n/g)) {
        segments.push({ from, to: match.index, lower: unit.text.slice(from, match.index).toLowerCase() });
        from = match.index + match[0].length;
      }
      segments.push({ from, to: unit.text.length, lower: unit.text.slice(from).toLowerCase() });
      SEGMENTS.set(unit, segments);
    }
    // Only a list of entities: at least two segments name a numbered entity of their own
    // ("E-217 … count=6412; E-104 … count=2250"), not "member gw-eu-3 drained; active members 5/6".
    if (segments.filter((segment) => NUMBERED_ENTITY.test(segment.lower)).length < 2) return undefined;
    const anchored = segments.filter((segment) => identifiers.some((id) => segment.lower.includes(id)));
    return anchored.length === 1 ? [anchored[0]!.from, anchored[0]!.to] : undefined;
  }
  let entries = ENTRIES.get(unit);
  if (!entries) {
    const labels = [...unit.text.matchAll(ENTRY_LABEL)];
    entries = labels.map((match, i) => ({
      from: match.index,
      to: labels[i + 1]?.index ?? unit.text.length,
      label: extractFeatures(match[1]!).words.join(' '),
    }));
    ENTRIES.set(unit, entries);
  }
  if (entries.length < 2) return undefined;
  const anchored = entries.filter((entry) => entry.label !== '' && entry.label.split(' ').every((word) => view.words.has(word)));
  return anchored.length === 1 ? [anchored[0]!.from, anchored[0]!.to] : undefined;
}

/** A bare year ("2006") is stated by a date in that year ("September 2006"). */
function isYearOf(quantity: Quantity, unit: IndexedItem): boolean {
  return !quantity.hasUnit && Number.isInteger(quantity.value) && quantity.value >= 1000 && quantity.value <= 2999 && unit.features.dates.some((d) => d.year === quantity.value);
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

/** "quiver 3.0" names release 3.0.0 (or v3.0.2): a major.minor number is met by a version identifier under it. */
function isVersionOf(quantity: Quantity, unit: IndexedItem): boolean {
  const raw = quantity.raw.trim();
  if (quantity.hasUnit || !/^\d+\.\d+$/.test(raw)) return false;
  for (const id of unit.identifierSet) if (id.replace(/^v/, '').startsWith(`${raw}.`)) return true;
  return false;
}

/** A code named by its number ("the 401 rate") is stated by an identifier holding it (`http_401_rate`). */
/** "Ring 2", "broker 4", "step 3": a number that labels the thing before it, written ring2-broad or broker-4 by records. */
function isLabelOf(quantity: Quantity, text: string, unit: IndexedItem): boolean {
  if (quantity.hasUnit || !/^\d{1,2}$/.test(quantity.raw.trim())) return false;
  const noun = /(\p{L}{2,})\s+$/u.exec(text.slice(Math.max(0, quantity.start - 24), quantity.start))?.[1]?.toLowerCase();
  if (!noun) return false;
  const label = new RegExp(`(?:^|[^\\p{L}])${noun}[-_]?${quantity.raw.trim()}(?![\\p{N}])`, 'u');
  for (const id of unit.identifierSet) if (label.test(id)) return true;
  return false;
}

function inIdentifier(quantity: Quantity, unit: IndexedItem): boolean {
  if (quantity.hasUnit || quantity.qualifier !== undefined || !/^\d{3,}$/.test(quantity.raw.trim())) return false;
  const digits = quantity.raw.trim();
  for (const id of unit.identifierSet) if (id.split(/[^\p{L}\p{N}]+/u).includes(digits)) return true;
  return false;
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

/** An ordinal day ("through the 27th") is stated by a date on that day (2026-05-27). */
function isDayOf(quantity: Quantity, text: string, unit: IndexedItem): boolean {
  if (quantity.hasUnit || !Number.isInteger(quantity.value) || quantity.value < 1 || quantity.value > 31) return false;
  if (!/^(?:st|nd|rd|th)\b/i.test(text.slice(quantity.start + quantity.raw.length))) return false;
  return unit.features.dates.some((d) => d.day === quantity.value);
}

/**
 * The candidates plus every other record of the same file holding the same measure: a total
 * over a breakdown ("33,890 messages across the five queues") needs all of its rows, and
 * retrieval returns only the best-matching few. Bounded, so a long log stays cheap.
 */
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

function fromClaimFigures(view: ClaimView, quantity: Quantity): boolean {
  const others = view.features.quantities.filter((q) => q !== quantity && q.value !== 0 && /^[\d€$£]/.test(q.raw.trim()));
  if (others.length < 2 || others.length > 5) return false;
  const matches = (value: number): boolean => quantityMatches(quantity, { ...quantity, value, decimals: 6, qualifier: undefined, raw: '' });
  for (const a of others) {
    for (const b of others) {
      if (a === b) continue;
      if (quantity.dimension === 'percent') {
        if (a.dimension === b.dimension && (matches(Math.abs(b.value / a.value - 1) * 100) || (a.value < b.value && matches((a.value / b.value) * 100)))) return true;
        continue;
      }
      if (matches(a.value * b.value)) return true;
      if (a.dimension === b.dimension && a.dimension === quantity.dimension && (matches(a.value + b.value) || matches(Math.abs(a.value - b.value)))) return true;
    }
  }
  return false;
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

const GENERIC_MEASURE_WORDS = new Set(['valu', 'count', 'total', 'number', 'percent', 'row', 'id', 'line']);

function withSeries(view: ClaimView, quantity: Quantity, candidates: IndexedItem[], limit = 200): IndexedItem[] {
  const out = [...candidates];
  const seen = new Set(candidates);
  // A figure written without its measure nearby ("rose by 18%, to 102,325") is measured by the claim's words.
  const key = quantity.key.length > 0 ? quantity.key : [...view.words.keys()];
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const measure = unit.features.quantities.find((e) => e.dimension === quantity.dimension && e.key.some((k) => key.includes(k) && !GENERIC_MEASURE_WORDS.has(k)));
    if (!measure) continue;
    const word = measure.key.find((k) => key.includes(k) && !GENERIC_MEASURE_WORDS.has(k))!;
    for (const position of view.index.itemsWith(`w:${word}`)) {
      const other = view.index.items[position]!;
      if (seen.has(other) || other.item.file !== unit.item.file || other.item.kind !== unit.item.kind) continue;
      if (!other.features.quantities.some((e) => e.dimension === measure.dimension && e.key.join('+') === measure.key.join('+'))) continue;
      seen.add(other);
      out.push(other);
      if (out.length >= limit) return out;
    }
    break;
  }
  return out;
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
      if (prose && valueGain && chosen.some((other) => other.item === unit.item)) bridge = true;
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
  // A figure no unit states may be a sum, a difference or a change of two that they do, or a
  // count of the records of one event ("OOM-killed three times").
  needs.forEach((need, i) => {
    if (met[i] || !need.quantity) return;
    const events = countedEvents(view, need.quantity) ?? countedArray(view, need.quantity);
    if (events) {
      met[i] = true;
      for (const unit of events) take(unit);
      return;
    }
    // "4.6% of 209,115 subscribers": the part is a figure of the same measure as the whole, in any record.
    const share = shareOfStatedWhole(view, need.quantity, candidates);
    if (share) {
      met[i] = true;
      for (const unit of share) take(unit);
      return;
    }
    // "7.9% of 197,020": a share of the stated whole, not any change that happens to come to 7.9%.
    if (SHARE_OF_RE.test(view.claim.text.slice(need.quantity.start + need.quantity.raw.length))) return;
    const parts = deriveQuantity(need.quantity, withSeries(view, need.quantity, candidates.filter((unit) => holdsSomeAnchor(view, unit) || view.events.includes(unit))));
    if (parts) {
      met[i] = true;
      for (const unit of parts) take(unit);
      return;
    }
    // "8,975 MWh, 3.9% below its budget of 9,340 MWh", "465 hours at EUR 31.50 an hour, about EUR
    // 14,650": a figure computed from the claim's own figures, which need their own support.
    if (fromClaimFigures(view, need.quantity)) {
      met[i] = true;
      return;
    }
    // "the three hosts at 75 connections in total": a per-item figure times the count the claim gives.
    const product = multipliedFigure(view, need.quantity, candidates);
    if (product) {
      met[i] = true;
      take(product);
    }
  });

  const missing: string[] = [];
  let wordTotal = 0;
  let wordMet = 0;
  const softMissing: string[] = [];
  const prose = chosen.some((unit) => unit.item.kind === 'paragraph');
  needs.forEach((need, i) => {
    if (need.hard) {
      if (!met[i]) missing.push(need.label);
      return;
    }
    const weight = !prose && NARRATION_WORDS.has(need.label) ? Math.min(need.weight, 0.3) : need.weight;
    wordTotal += weight;
    if (met[i]) wordMet += weight;
    else softMissing.push(need.label);
  });
  // Prose is matched on its words (they are its specific content), records on their values.
  // A long sentence paraphrasing a document may reword a few of its words; a short one may not.
  const long = view.words.size >= options.longClaimWords;
  // Records are matched on their values: with two or more values met, the values carry the claim.
  const hardMet = needs.filter((need, i) => need.hard && met[i]).length;
  const recordCoverage = hardMet >= 2 ? 0 : options.minWordCoverage;
  // A table row or a list item is terse ("| Audit log retention | 30 days |"): a sentence
  // restating it adds words it never had, so half of them is enough.
  const terse = prose && chosen.every((unit) => unit.item.kind !== 'paragraph' || unit.item.terse === true);
  const proseCoverage = long ? Math.min(options.minProseCoverage, options.minLongProseCoverage) : options.minProseCoverage;
  const minCoverage = prose ? (terse ? Math.min(proseCoverage, 0.5) : proseCoverage) : recordCoverage;
  // Light words (everyday verbs, narration) are what a paraphrase swaps: when every other
  // content word is met, the missing ones are wording, not content.
  // Order, age and approximation words are not swappable: "older", "first", "about 700,000" carry the fact.
  const onlyLightMissing = softMissing.length > 0 && wordMet > 0 && softMissing.every((label) => LIGHT_WORDS.has(label) && !ORDER_WORDS.has(label));
  if (missing.length === 0 && wordTotal > 0 && wordMet / wordTotal < minCoverage && !onlyLightMissing) missing.push(...softMissing);
  if (missing.length === 0 && chosen.length === 0) missing.push('any of its terms');
  // Several sentences of one document are one evidence item.
  const items: IndexedItem[] = [];
  for (const unit of chosen) if (!items.some((other) => other.item === unit.item)) items.push(unit);
  return { items, units: chosen, refs: items.map((unit) => unit.item.id), missing };
}

/** A failure with its reason on one record line ("reload failed: chain incomplete") states a cause. */
const REASON_MARKER = /\b(?:reason|error|err|because|due to|caused|cause|root_cause)\b|\w:\s/i;

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
