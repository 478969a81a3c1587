// The report as the gate's terminal: what kind of claim it makes (gate.md §1) and which
// identifiers it is about. Front matter `claim_type:` overrides the inference.
import type { ReportClaim } from '../review-types';
import { withoutFrontMatter } from '../front-matter';
import { reportIdentifiers } from './identifiers';
import type { GateClaimType } from './state';

const ACTION_VERBS = [
  'restarted', 'rebooted', 'reloaded', 'changed', 'fixed', 'deployed', 'redeployed', 'rolled back', 'reverted',
  'updated', 'edited', 'modified', 'patched', 'applied', 'wrote', 'rewrote', 'created', 'deleted', 'removed',
  'renamed', 'moved', 'installed', 'uninstalled', 'upgraded', 'downgraded', 'migrated', 'scaled', 'disabled',
  'enabled', 'configured', 'reconfigured', 'increased', 'decreased', 'raised', 'lowered', 'bumped', 'replaced',
  'killed', 'stopped', 'flushed', 'cleared', 'purged', 'rotated', 'committed', 'merged', 'pushed', 'corrected',
  'resolved', 'set', 'added', 'drained', 'cordoned', 'failed over', 'promoted', 'truncated', 'reset',
];
const VERB = `(?:${ACTION_VERBS.map((verb) => verb.replace(' ', '\\s+')).join('|')})`;
/** First person ("I restarted", "we have now rolled back"), with up to two words in between. */
const FIRST_PERSON_ACTION = new RegExp(`\\b(?:I|we|I've|we've)\\b(?:\\s+[\\p{L}']+){0,2}?\\s+${VERB}\\b`, 'iu');
/** Passive ("was restarted", "has been rolled back", "is now fixed"). */
const PASSIVE_ACTION = new RegExp(`\\b(?:was|were|has\\s+been|have\\s+been|had\\s+been|got|is\\s+now|are\\s+now)(?:\\s+\\p{L}+ly)?\\s+${VERB}\\b`, 'iu');
/** Agent-style terse reports: "Fixed app.cfg.", "- Restarted db-prod-1". */
const LEADING_ACTION = new RegExp(`(?:^|[.!?]\\s+|\\n\\s*(?:[-*+]|\\d+[.)])?\\s*)${VERB}\\b`, 'iu');

const UNVERIFIED = new RegExp(
  [
    "(?:could\\s*not|couldn't|can\\s*not|cannot|can't|unable\\s+to|was\\s+not\\s+able\\s+to|wasn't\\s+able\\s+to)\\s+(?:\\w+\\s+)?(?:confirm|verify|validate|check|determine)",
    '(?:could\\s+not|cannot|can\\s*not)\\s+be\\s+(?:confirmed|verified|validated|determined)',
    '\\bnot\\s+(?:yet\\s+)?(?:been\\s+)?(?:confirmed|verified)\\b',
    '\\bunverified\\b',
    '\\bunconfirmed\\b',
  ].join('|'),
  'iu',
);

const FENCED_CODE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;

/** The report's prose: front matter and fenced code are not claims. */
export function reportProse(report: string): string {
  return withoutFrontMatter(report).replace(FENCED_CODE, ' ');
}

export function reportsActionsTaken(text: string): boolean {
  return FIRST_PERSON_ACTION.test(text) || PASSIVE_ACTION.test(text) || LEADING_ACTION.test(text);
}

export function statesUnconfirmed(text: string): boolean {
  return UNVERIFIED.test(text);
}

/** A statement, not only questions or an empty report. */
function makesFactualClaim(texts: readonly string[]): boolean {
  return texts.some((text) => /[\p{L}\p{N}]/u.test(text) && !/\?\s*$/.test(text.trim()));
}

export interface ClaimTypeInference {
  claimType: GateClaimType;
  why: string;
}

/**
 * completion: it reports actions taken and the trace mutated something (without a mutation, "X was
 * restarted" reports an observed event, an assertion); unverified: it says it could not confirm;
 * none: no statement at all; otherwise assertion.
 */
export function inferClaimType(input: { report: string; claims?: readonly ReportClaim[]; traceHasMutation: boolean }): ClaimTypeInference {
  const texts = input.claims ? input.claims.map((claim) => claim.text) : splitSentences(reportProse(input.report));
  // "I could not confirm app.cfg was changed" is an admission, not a report of an action.
  const unconfirmed = texts.filter(statesUnconfirmed);
  const stated = texts.filter((text) => !statesUnconfirmed(text));
  if (input.traceHasMutation && stated.some(reportsActionsTaken)) {
    return { claimType: 'completion', why: 'the report states actions taken and the trace has a mutation' };
  }
  if (unconfirmed.length > 0) return { claimType: 'unverified', why: 'the report states it could not confirm' };
  if (!makesFactualClaim(stated)) return { claimType: 'none', why: 'the report makes no factual claim' };
  return { claimType: 'assertion', why: 'the report states facts' };
}

function splitSentences(prose: string): string[] {
  return prose.split(/(?<=[.!?])\s+|\n\s*\n/).filter((text) => text.trim() !== '');
}

/** The identifiers the report names (hosts, paths, ids, metric and key names). */
export function reportClaimSurface(report: string): string[] {
  return reportIdentifiers(reportProse(report));
}
