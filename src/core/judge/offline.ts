// The offline judge: decides every claim from the structure of the evidence (values, units,
// identifiers, times, negation, causal and hedging wording) with no model and no network.
// Deterministic; text inside a report or evidence is only ever matched, never obeyed.
import { gsarScore } from '../score';
import { PARTITION_KEYS, type Claim, type JudgeOutput, type PartitionKey } from '../model';
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, EvidenceItem, JudgedClaim, ReportClaim } from '../review-types';
import { buildEvidenceIndex, extractFeatures } from '../retrieval/index';
import { DEFAULT_RULE_OPTIONS, judgeClaim, type RuleOptions } from './offline/rules';

export interface OfflineJudgeOptions {
  /** Share of a claim's content words the evidence must contain to ground it (default 0.7). */
  minWordCoverage?: number;
  /** The same share when the support is prose (default 0.9). */
  minProseCoverage?: number;
  /** The same for claims of `longClaimWords` content words or more (default 0.7 from 8 words). */
  minLongProseCoverage?: number;
  longClaimWords?: number;
  /** Evidence candidates considered per claim (default 16). */
  candidates?: number;
}

/** Creates the offline judge (`kind: 'offline'`). */
export function createOfflineJudge(options: OfflineJudgeOptions = {}): ClaimJudge {
  const rules: RuleOptions = { ...DEFAULT_RULE_OPTIONS, ...definedOnly(options) };
  return {
    kind: 'offline',
    // async: an abort becomes a rejected promise, never a synchronous throw.
    judgeClaims: async (input) => judgeClaimsOffline(input, rules),
  };
}

/** The synchronous core of the offline judge; throws only when `signal` is aborted. */
export function judgeClaimsOffline(input: ClaimJudgeInput, rules: RuleOptions = DEFAULT_RULE_OPTIONS): ClaimJudgement {
  input.signal?.throwIfAborted();
  const usable = input.evidence.filter(isUsable);
  if (usable.length === 0) {
    const reason = input.evidence.length === 0 ? 'no evidence was given' : 'the evidence has no usable content';
    return abstainJudgement(input.claims, reason);
  }
  if (input.claims.length === 0) return abstainJudgement([], 'the report has no claims to judge');

  const index = buildEvidenceIndex(usable);
  const judged: JudgedClaim[] = [];
  for (const [i, claim] of input.claims.entries()) {
    // Check for abort now and then, not per claim: the check is cheap but not free.
    if (i % 64 === 0) input.signal?.throwIfAborted();
    judged.push({ ...claim, ...judgeClaim(claim, index, rules, input.question) });
  }
  if (input.question) flagNonAnswer(judged, input.question);
  return { claims: judged, output: judgeOutputFromClaims(judged), fallbacks: [], warnings: [] };
}

/** What a question asks for, when it names a kind of value: a year or date, or a number. */
export function askedValue(question: string): 'date' | 'number' | undefined {
  if (/\b(?:what|which) year\b|\bbirth ?date\b|\bdate of birth\b|\bwhat date\b|\bwhen (?:was|were|did|is)\b.*\b(?:born|founded|established|released|built|died|formed|opened|created|launched|published)\b/i.test(question)) return 'date';
  if (/\bhow (?:many|much|long|old|tall|high|far|big|large)\b/i.test(question)) return 'number';
  return undefined;
}

/**
 * A short answer (one or two claims) to a question that asks for a year or a number, none of
 * whose claims gives one, does not answer it: a true statement beside the point ("Alf Clausen
 * composed the theme" for "In what year was its composer born?") is not a grounded answer.
 * Its first grounded claim is marked ungrounded with that reason.
 */
function flagNonAnswer(claims: JudgedClaim[], question: string): void {
  if (claims.length === 0 || claims.length > 2) return;
  // An answer that is itself a question answers nothing.
  const asking = claims.find((claim) => claim.partition === 'grounded' && /\?\s*$/.test(claim.text));
  if (asking) {
    Object.assign(asking, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'does not answer the question: it asks one' });
    return;
  }
  flagOffChoice(claims, question);
  flagGivenSubject(claims, question);
  const asked = askedValue(question);
  if (!asked) return;
  const answers = claims.some((claim) => {
    const features = extractFeatures(claim.text);
    if (asked === 'date') return features.dates.length > 0 || features.quantities.some((q) => !q.hasUnit && Number.isInteger(q.value) && q.value >= 1000 && q.value <= 2999);
    return features.quantities.length > 0;
  });
  if (answers) return;
  const target = claims.find((claim) => claim.partition === 'grounded');
  if (!target) return;
  Object.assign(target, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `does not answer the question: it asks for ${asked === 'date' ? 'a year or date' : 'a number'} and the answer gives none` });
}

/**
 * "Which … is best known for championing the right to die: Christy Canyon or Jack Kevorkian?"
 * A short answer naming one of the options must be the bare option or say the asked thing of
 * it; "Christy Canyon was a pornographic actress" is true and beside the point.
 */
function flagOffChoice(claims: JudgedClaim[], question: string): void {
  const choice = /(?:^|[:,?]\s*|\b(?:between|of)\s+)((?:\p{Lu}[\p{L}'’.-]*\s*){1,6})\s+or\s+((?:\p{Lu}[\p{L}'’.-]*\s*){1,6})\??\s*$/u.exec(question.trim());
  if (!choice || !/^\s*(?:which|who|what|whose)\b/i.test(question)) return;
  const options = [choice[1]!, choice[2]!].map((option) => new Set(extractFeatures(option).words));
  const asked = new Set(extractFeatures(question.slice(0, choice.index)).words.filter((word) => !options.some((o) => o.has(word))));
  for (const claim of claims) {
    if (claim.partition !== 'grounded') continue;
    const words = extractFeatures(claim.text).words;
    const named = options.some((option) => [...option].every((word) => words.includes(word)));
    const rest = words.filter((word) => !options.some((option) => option.has(word)));
    // Only a statement about the option ("… was a pornographic actress"), not a fuller name ("Sir Francis Nethersole").
    const statement = /\b(?:is|was|are|were|has|had|have)\b/i.test(claim.text);
    if (!named || !statement || rest.length === 0 || rest.some((word) => asked.has(word))) continue;
    Object.assign(claim, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'does not answer the question: it names an option but not what the question asks of it' });
    return;
  }
}

/**
 * "Who won a Nobel Prize in 1943 and is associated with Max Volmer?" answered with "Max Volmer
 * won …": the answer's subject is the person the question gives, not the one it asks for.
 */
function flagGivenSubject(claims: JudgedClaim[], question: string): void {
  if (!/^\s*(?:who|whom|which (?:man|woman|person|actor|actress|singer|player|author|writer|director))\b/i.test(question) || /\sor\s/i.test(question)) return;
  const given = extractFeatures(question).nameGroups.map((group) => group.join(' '));
  for (const claim of claims) {
    if (claim.partition !== 'grounded') continue;
    const subject = extractFeatures(claim.text).nameGroups[0]?.join(' ');
    if (subject === undefined || !given.includes(subject) || !/^\s*\p{Lu}/u.test(claim.text)) continue;
    if (!claim.text.trimStart().toLowerCase().startsWith(subject.split(' ')[0]!.slice(0, 3))) continue;
    Object.assign(claim, { partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'does not answer the question: its subject is the one the question gives, not the one it asks for' });
    return;
  }
}

function isUsable(item: EvidenceItem): boolean {
  return /[\p{L}\p{N}]/u.test(item.text) || Object.keys(item.fields).length > 0;
}

function abstainJudgement(claims: readonly ReportClaim[], reason: string): ClaimJudgement {
  const judged: JudgedClaim[] = claims.map((claim) => ({
    ...claim,
    partition: 'ungrounded',
    type: 'inference',
    evidence_refs: [],
    reason: `not judged: ${reason}`,
  }));
  return { claims: judged, output: judgeOutputFromClaims(judged, reason), fallbacks: [], warnings: [reason] };
}

/**
 * Builds the gsar.md §7 judge output from judged claims. With `abstainReason` the output
 * abstains (the claims are still listed, so a user sees what was not judged).
 */
export function judgeOutputFromClaims(claims: readonly JudgedClaim[], abstainReason?: string): JudgeOutput {
  const lists: Record<PartitionKey, Claim[]> = { grounded: [], ungrounded: [], contradicted: [], complementary: [] };
  for (const claim of claims) {
    lists[claim.partition].push({ text: claim.text, type: claim.type, evidence_refs: claim.evidence_refs, start: claim.start, end: claim.end });
  }
  const score = gsarScore(lists);
  const gaps = claims.filter((c) => c.partition === 'ungrounded').map((c) => `${c.id}: ${c.reason}`);
  const contradictions = claims.filter((c) => c.partition === 'contradicted').map((c) => `${c.id}: ${c.reason}`);
  const counts = PARTITION_KEYS.map((key) => `${lists[key].length} ${key}`).join(', ');
  const output: JudgeOutput = {
    grounding_score: score,
    is_grounded: abstainReason === undefined && gaps.length === 0 && contradictions.length === 0 && claims.length > 0,
    grounded_claims: lists.grounded,
    ungrounded_claims: lists.ungrounded,
    contradicted_claims: lists.contradicted,
    complementary_claims: lists.complementary,
    gaps,
    contradictions,
    verification_needed: abstainReason !== undefined || gaps.length > 0 || contradictions.length > 0,
    verification_reason: abstainReason ?? (gaps.length + contradictions.length > 0 ? 'some claims are not supported by the evidence' : ''),
    explanation: abstainReason ? `Abstained: ${abstainReason}.` : `Offline judge: ${counts}.`,
    decision_status: abstainReason ? 'abstain' : 'resolved',
  };
  if (abstainReason) output.abstain_reason = abstainReason;
  return output;
}

function definedOnly(options: OfflineJudgeOptions): Partial<RuleOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<RuleOptions>;
}
