// What a runbook or a plan prescribes is not a record that it was done: the wording of a claim
// that credits a prescription ("as the plan requires") or says done a step a document gives in
// the imperative, and a claim that only reports a rule ("the plan's rollback rule is to …").
import { readWording } from '../language';

/** JSON paths of a plan's own fields (steps, checks, rollback criteria), not of a run's records. */
export const PLAN_PATH_RE = /(?:^|[._\s])(?:plan|steps?|procedure|checklist|runbook|requirements?|verification|checks?|rollback\w*|precondition\w*|post_\w+|pre_\w+)(?:\.|\[|$|=|\s)/i;

/** A claim that reports what a document prescribes: "the plan's rollback rule is to …", "the runbook says to …". */
const REPORTS_RULE_RE =
  /\b(?:plan|runbook|procedure|checklist|playbook|policy|guidelines?|docs|documentation)(?:['’]s)?\s+(?:[\p{L}-]+\s+)?(?:rule|step|criterion|criteria|condition)s?\s+(?:is|are|says?)\b|\b(?:plan|runbook|procedure|checklist|playbook|policy|guidelines?)\s+(?:says|requires|asks|tells|calls for)\s+(?:to\b|that\b)/iu;

/** Whether every denial of the claim stands inside the rule it reports (not in a clause of its own). */
export function reportsRuleOnly(text: string): boolean {
  const clauses = text.split(/;|,?\s+(?:and|but|while|whereas)\s+(?=[\p{L}\d-]+(?:\s+[\p{L}\d-]+)?\s+(?:was|were|is|are|has|had|did|does|never)\b)/u);
  const denying = clauses.filter((clause) => { const wording = readWording(clause); return wording.negated.length + wording.absent.length > 0; });
  return denying.length > 0 && denying.every((clause) => REPORTS_RULE_RE.test(clause));
}

/** The claim credits a prescription for what was done: "as the plan requires", "as required by the runbook". */
export const ATTRIBUTED_RE =
  /\b(?:as|like) (?:the|our|its|their) (?:[\p{L}-]+ ){0,2}(?:plan|runbook|procedure|checklist|playbook|change record|policy|process)(?: [\p{L}-]+)? (?:requires?|asks?|specifies|calls for|demands|prescribes|required|asked|specified|says)\b|\bas (?:required|prescribed|specified|asked) (?:by|in) the\b/iu;

/** A done action in the passive ("was collected", "were notified", "has been attached", "were told"). */
export const PAST_EVENT_RE = /\b(?:was|were|has been|have been|had been)\s+(?:\p{L}+ly\s+)?(?:\p{L}+(?:ed|en|wn|ught|ent)|told|sent|paid|held|kept|made|set)\b/u;
/** Verbs a runbook or plan gives as steps, in the imperative. */
const STEP_VERBS =
  'Collect|Attach|Open|File|Run|Notify|Page|Record|Create|Restart|Verify|Check|Send|Post|Inform|Escalate|Capture|Upload|Tell|Announce|Email|Call|Pause|Replay|Drain|Rotate|Revoke|Disable|Enable|Roll back|Scale|Confirm|Review|Document|Update|Schedule';
/** How a runbook or plan prescribes: duties, requirements, imperatives at a sentence's or clause's start. */
export const PRESCRIPTION_RE = new RegExp(
  `\\b(?:must|should|shall|is required|are required|requires?|needs? to|have to|has to)\\b|(?:^|[.:;,]\\s+(?:and\\s+|then\\s+)?|^\\s*(?:\\d+\\.|[-*])\\s+)(?:${STEP_VERBS})\\b`,
  'iu',
);
const STEP_VERB_RE = new RegExp(`(?:^|[.:;,]\\s+(?:and\\s+|then\\s+)?|^\\s*(?:\\d+\\.|[-*])\\s+)(${STEP_VERBS})\\b`, 'giu');
const PAST_FORMS: Record<string, string> = { tell: 'told', send: 'sent', run: 'ran', 'roll back': 'rolled back' };

/** "The agent posted in #storage-incidents": the claim says done, in the past tense, a step the document prescribes. */
export function doesPrescribedStep(claim: string, prescription: string): boolean {
  for (const match of prescription.matchAll(STEP_VERB_RE)) {
    const verb = match[1]!.toLowerCase();
    const past = PAST_FORMS[verb] ?? (verb.endsWith('e') ? `${verb}d` : verb.endsWith('y') ? `${verb.slice(0, -1)}ied` : `${verb}ed`);
    if (new RegExp(`\\b${past}\\b`, 'i').test(claim)) return true;
  }
  return false;
}
