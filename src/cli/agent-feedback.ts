// What an agent is told when its report is not ready: each flagged claim with its line, why, and
// what to do about it; the gate's verdict; the trouble the report left out. Plain text an agent
// can act on (a stop hook's stderr goes back to the agent), shared by the hook and the MCP server.
import type { GateResult } from '../core/gate/index';
import type { ReviewResult } from '../core/review-types';

/** What to do with a claim of each flagged partition. */
const NEXT_STEP: Record<string, string> = {
  contradicted: 'correct it to what the cited evidence says, or remove it',
  ungrounded: 'cite evidence that shows it, weaken it to what the evidence shows (order, not cause), or remove it',
};

export interface HookVerdict {
  /** δ is proceed and the gate (when it ran) accepts. */
  pass: boolean;
  decision: ReviewResult['decision'];
  gate?: GateResult['verdict'];
}

export function hookVerdict(result: ReviewResult, failOnOmission = false): HookVerdict {
  const gate = (result.gate as GateResult | null)?.verdict;
  const pass = result.decision === 'proceed' && (gate === undefined || gate === 'ACCEPT') && !(failOnOmission && result.omissions.length > 0);
  return { pass, decision: result.decision, ...(gate ? { gate } : {}) };
}

// Claims, reasons and evidence come from files: no control sequence reaches the agent's terminal.
const printable = (text: string) => text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '\ufffd');

export function renderAgentFeedback(result: ReviewResult, reportFile: string, verdict: HookVerdict): string {
  const gate = result.gate as GateResult | null;
  const head = `S = ${result.score.toFixed(3)}, δ = ${result.decision}${gate ? `, gate ${gate.verdict}` : ''}`;
  if (verdict.pass) {
    const left = result.omissions.length > 0 ? ` (${result.omissions.length} trouble item(s) of the evidence go unmentioned; see below)` : '';
    const lines = [`grounding-review: ${reportFile} is grounded (${head}): ready to stop${left}.`];
    if (result.omissions.length > 0) lines.push(...omissionLines(result));
    return printable(lines.join('\n')) + '\n';
  }
  const lines = [`grounding-review: ${reportFile} is not ready (${head}). Fix it, then finish again.`];
  const flagged = result.claims.filter((claim) => claim.partition === 'contradicted' || claim.partition === 'ungrounded');
  if (flagged.length > 0) {
    lines.push('', `Claims to fix in ${reportFile}:`);
    for (const claim of flagged) {
      const refs = claim.evidence_refs.filter((ref) => !claim.reason.includes(ref));
      lines.push(`- line ${claim.line}, ${claim.partition}: ${JSON.stringify(claim.text)}`);
      lines.push(`  why: ${claim.reason}${refs.length > 0 ? ` (evidence: ${refs.join(', ')})` : ''}`);
      lines.push(`  do: ${NEXT_STEP[claim.partition]}`);
    }
  }
  if (result.decision === 'abstain') lines.push('', `The judge abstained: ${result.judge.abstainReason ?? 'no verdict'}. Nothing can be said grounded until it judges.`);
  if (gate && gate.verdict === 'REJECT') {
    lines.push('', `The grounding gate rejects the answer (${gate.claim_type}): ${gate.reasons.join('; ')}.`, `Legal next moves: ${gate.legal_next.join(', ')}.`);
  }
  if (result.omissions.length > 0) lines.push(...omissionLines(result));
  if (result.degraded) lines.push('', 'The review is degraded (see warnings): do not treat it as a verdict.');
  return printable(lines.join('\n')) + '\n';
}

function omissionLines(result: ReviewResult): string[] {
  return [
    '',
    'Trouble in the evidence the report does not mention (say what it means for the conclusion, or why it does not matter):',
    ...result.omissions.map((omission) => `- ${omission.id} (${omission.file}:${omission.line}) ${omission.reason}: ${JSON.stringify(omission.text)}`),
  ];
}
