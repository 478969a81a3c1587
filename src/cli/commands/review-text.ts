// The review as text: each claim with its partition, evidence and reason, what the report left
// out, warnings, and S and δ (shared by a single review and the repair loop's final round).
import type { ReviewResult } from '../../core/review-types';

export function renderText(result: ReviewResult, reportFile: string): string {
  const out: string[] = [];
  const files = result.evidence.files.length;
  out.push(`${reportFile}: ${result.claims.length} claim(s) against ${files} evidence file(s), ${result.evidence.items} item(s); judge ${result.judge.kind}${result.judge.model ? ` (${result.judge.model})` : ''}`);
  const usage = result.judge.usage;
  if (usage) {
    out.push(
      `judge usage: ${usage.requests} request(s), ${usage.totalTokens} tokens (${usage.promptTokens} prompt + ${usage.completionTokens} completion), ${usage.cachedResponses} cache hit(s), ${result.judge.fallbacks.length} fallback(s), ${result.judge.notJudged ?? 0} not judged`,
    );
  }
  for (const fallback of result.judge.fallbacks) out.push(`judge fallback: ${fallback}`);
  const stability = result.judge.stability;
  if (stability) {
    out.push(`stability: ${stability.samples} samples, ${stability.unstableClaims} unstable claim(s), mean agreement ${stability.meanAgreement.toFixed(3)}, S from ${stability.scoreInterval[0].toFixed(4)} to ${stability.scoreInterval[1].toFixed(4)} over the samples`);
  }
  out.push('');
  for (const claim of result.claims) {
    const refs = claim.evidence_refs.length > 0 ? claim.evidence_refs.join(', ') : '—';
    out.push(`${claim.id.padEnd(4)} line ${String(claim.line).padEnd(4)} ${claim.partition.padEnd(13)} ${claim.type.padEnd(21)} ${refs}`);
    out.push(`     ${JSON.stringify(claim.text)}`);
    out.push(`     why: ${claim.reason}`);
    if (claim.not_judged) out.push('     NOT JUDGED: no valid verdict came back; counted as ungrounded');
    if (claim.withheld) out.push(`     withheld: grounded at confidence ${claim.withheld.grounded_confidence.toFixed(2)}, below the grounded cut ${claim.withheld.cut}; counted as ungrounded`);
    if (claim.decided_by) out.push(`     decided by: ${claim.decided_by} (${claim.decided_why ?? ''})`);
    if (claim.disagreement) out.push(`     FLAGGED FOR REVIEW: ${claim.disagreement}`);
    if (claim.stability?.unstable) out.push(`     UNSTABLE: ${claim.stability.verdicts.map((v) => v.partition).join(' / ')} (agreement ${claim.stability.agreement.toFixed(2)})`);
  }
  if (result.omissions.length > 0) {
    out.push('', 'Left out of the report (trouble in the evidence no claim cites or covers):');
    for (const omission of result.omissions) out.push(`  ${omission.id} (${omission.file}:${omission.line}) ${omission.reason}: ${JSON.stringify(omission.text)}`);
  }
  if (result.warnings.length > 0) {
    out.push('', 'Warnings:');
    for (const warning of result.warnings) out.push(`  ${warning.file}${warning.line !== undefined ? `:${warning.line}` : ''}: ${warning.message}`);
  }
  const { counts, scoring } = result;
  out.push('');
  const withheld = result.claims.filter((claim) => claim.withheld).length;
  out.push(`grounded ${counts.grounded} · ungrounded ${counts.ungrounded}${withheld > 0 ? ` (${withheld} withheld by the grounded cut)` : ''} · contradicted ${counts.contradicted} · complementary ${counts.complementary}`);
  const decision = result.decision === 'abstain' ? `abstain (the score alone would ${scoring.decisionWithoutAbstain})` : result.decision;
  out.push(`S = ${result.score.toFixed(4)}   δ = ${decision}   (τ_proceed ${scoring.thresholds.proceed}, τ_regenerate ${scoring.thresholds.regenerate}, ρ ${scoring.rho})`);
  if (result.judge.abstainReason) out.push(`The judge abstained: ${result.judge.abstainReason}`);
  if (result.degraded) out.push('DEGRADED: do not treat this as a verdict (see above).');
  return out.join('\n') + '\n';
}
