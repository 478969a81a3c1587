// `grounding-review review --loop`: the repair loop from the command line. The report is judged,
// rewritten by an LLM (regenerate) or re-planned by a command until δ proceeds or the budget ends;
// the input report is never modified, the final one is written only to --out.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { OpenAIJudge } from '../../core/judge/openai/judge';
import { HybridJudge } from '../../core/judge/hybrid';
import { createCommandReplanner, createLlmRegenerator, reviewWithRepair, type RepairReviewResult } from '../../core/repair';
import type { RoundDecision } from '../../core/model';
import { toReviewJson } from '../../core/review-json';
import { redactReviewNotes } from '../../core/redact';
import type { ClaimJudge, EvidenceSource, ScoringSettings } from '../../core/review-types';
import { refuseOutputOverInput } from '../review-inputs';
import { openAIChoice, type LlmCliValues } from './judges';
import { renderText } from './review-text';
import { CliError, asCliError, countOption, parseNumberOption, type CliIo } from '../args';

export async function runReviewLoop(args: {
  report: string;
  reportFile: string;
  /** Every file read: --out may resolve to none of them. */
  inputs: string[];
  evidence: EvidenceSource[];
  settings: Partial<ScoringSettings>;
  judge: ClaimJudge;
  values: LlmCliValues & { question?: string };
  io: CliIo;
  format: 'text' | 'json';
  exitFor: (decision: RoundDecision, omissions?: number) => number;
}): Promise<number> {
  const { values, io } = args;
  const out = values.out === undefined ? undefined : resolve(io.cwd, values.out);
  if (out !== undefined) refuseOutputOverInput(out, args.inputs, values.out);
  const kMax = countOption(values['k-max'], 'k-max');
  const roundsCap = countOption(values['rounds-cap'], 'rounds-cap');
  const replanTimeout = parseNumberOption(values['replan-timeout'], 'replan-timeout');

  const choice = args.judge instanceof OpenAIJudge || args.judge instanceof HybridJudge ? openAIChoice(values, io) : undefined;
  const rewriting = { requests: 0, tokens: 0 };
  const regenerate =
    choice?.kind === 'openai'
      ? createLlmRegenerator({
          ...choice.options,
          model: values['regenerate-model'] ?? choice.options.model,
          onUsage: (usage) => {
            rewriting.requests += 1;
            rewriting.tokens += usage.promptTokens + usage.completionTokens;
          },
        })
      : undefined;
  if (!regenerate) io.stderr('grounding-review review: regenerate needs an LLM endpoint (--judge openai or hybrid with a key or --base-url); a regenerate decision stops the loop\n');
  const replanCommand = values['replan-command'];
  const replan = replanCommand
    ? createCommandReplanner({ command: replanCommand, cwd: io.cwd, ...(replanTimeout !== undefined ? { timeoutMs: replanTimeout * 1000 } : {}) })
    : undefined;

  let outcome: RepairReviewResult;
  try {
    outcome = await reviewWithRepair({
      report: args.report,
      reportFile: args.reportFile,
      evidence: args.evidence,
      question: values.question,
      settings: args.settings,
      judge: args.judge,
      regenerate,
      replan,
      kMax,
      roundsCap,
    });
  } catch (error) {
    throw asCliError(error);
  }
  const final = outcome.review && redactReviewNotes(outcome.review);
  if (!final) throw new CliError(`the review failed: ${outcome.trajectory.at(-1)?.error ?? outcome.stopReason}`);
  if (out !== undefined) writeFileSync(out, outcome.report, 'utf8');
  // What the whole loop cost: every round's judge plus the rewrites.
  const judged = outcome.trajectory.map((round) => round.review?.judge.usage).filter((usage) => usage !== undefined);
  const cost = {
    judge_requests: judged.reduce((sum, usage) => sum + usage.requests, 0),
    judge_tokens: judged.reduce((sum, usage) => sum + usage.totalTokens, 0),
    regenerate_requests: rewriting.requests,
    regenerate_tokens: rewriting.tokens,
  };

  if (args.format === 'json') {
    const loop = {
      stop_reason: outcome.stopReason,
      degraded: outcome.degraded,
      replans_used: outcome.replansUsed,
      regenerations_used: outcome.regenerationsUsed,
      changed: outcome.changed,
      usage: cost,
      ...(out !== undefined ? { out } : {}),
      trajectory: outcome.trajectory.map((round) => ({
        iteration: round.iteration,
        action: round.action,
        score: round.score,
        decision: round.decision,
        evidence_files: round.evidenceFiles,
        explanation: round.judgeOutput.explanation,
        // The text each rewrite produced, for the audit trail (round 0 is the input).
        ...(round.action === 'regenerate' ? { report: round.report } : {}),
        ...(round.error ? { error: round.error } : {}),
      })),
      final_report: outcome.report,
    };
    io.stdout(JSON.stringify({ ...toReviewJson(final), loop }) + '\n');
  } else {
    const lines = ['', 'Repair loop:'];
    for (const round of outcome.trajectory) {
      lines.push(`  round ${round.iteration}  ${round.action.padEnd(10)}  S = ${round.score.toFixed(4)}  δ = ${round.decision}  evidence: ${round.evidenceFiles.join(', ')}`);
    }
    lines.push(`  stopped: ${outcome.stopReason}; ${outcome.regenerationsUsed} regeneration(s), ${outcome.replansUsed} replan(s)${outcome.degraded ? ' — DEGRADED' : ''}`);
    lines.push(`  cost: judge ${cost.judge_requests} request(s), ${cost.judge_tokens} tokens; rewrites ${cost.regenerate_requests} request(s), ${cost.regenerate_tokens} tokens`);
    if (out !== undefined) lines.push(`  final report written to ${values.out}${outcome.changed ? '' : ' (unchanged)'}`);
    else if (outcome.changed) lines.push('  the report was rewritten; pass --out FILE to save it (the input is never modified)');
    io.stdout(renderText(final, args.reportFile) + lines.join('\n') + '\n');
  }
  return args.exitFor(final.decision, final.omissions.length);
}
