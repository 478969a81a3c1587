// `grounding-review score <partition.json>`: S and δ for a partition a judge already produced.
import { parseArgs } from 'node:util';
import { decide, validateThresholds } from '../../core/decision';
import { DEFAULT_RHO, DEFAULT_THRESHOLDS, PartitionSchema, formatZodError, type Partition } from '../../core/model';
import { gsarScoreBreakdown, validateWeights, type ScoreBreakdown } from '../../core/score';
import {
  CliError,
  EXIT_NOT_PROCEED,
  EXIT_PROCEED,
  asCliError,
  parseFormat,
  parseNumberOption,
  type CliIo,
} from '../args';
import { readJsonFile } from '../files';

export const scoreUsage = `Usage: grounding-review score <partition.json> [options]

Scores a partition {"grounded":[…],"ungrounded":[…],"contradicted":[…],"complementary":[…]}
(each claim {"text","type","evidence_refs"?}) and decides proceed / regenerate / replan.

Options:
  --rho R              contradiction penalty ρ in [0, 1] (default 0.5)
  --tau-proceed P      S ≥ P proceeds (default 0.80)
  --tau-regenerate G   G ≤ S < P regenerates, below replans (default 0.65)
  --weights FILE       JSON map evidence type → weight in [0, 1]; replaces the defaults
  --format text|json   output format (default text)`;

export function runScore(argv: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      rho: { type: 'string' },
      'tau-proceed': { type: 'string' },
      'tau-regenerate': { type: 'string' },
      weights: { type: 'string' },
      format: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new CliError('score: expected exactly one partition file');
  const file = positionals[0];
  const format = parseFormat(values.format, ['text', 'json'] as const, 'text');
  const rho = parseNumberOption(values.rho, 'rho') ?? DEFAULT_RHO;
  const thresholds = {
    proceed: parseNumberOption(values['tau-proceed'], 'tau-proceed') ?? DEFAULT_THRESHOLDS.proceed,
    regenerate: parseNumberOption(values['tau-regenerate'], 'tau-regenerate') ?? DEFAULT_THRESHOLDS.regenerate,
  };

  const parsed = PartitionSchema.safeParse(readJsonFile(file));
  if (!parsed.success) throw new CliError(formatZodError(parsed.error, file));
  const partition: Partition = parsed.data;

  let breakdown: ScoreBreakdown;
  let decision;
  try {
    validateThresholds(thresholds);
    const weights = values.weights === undefined ? undefined : validateWeights(readJsonFile(values.weights));
    breakdown = gsarScoreBreakdown(partition, { rho, weights });
    decision = decide(breakdown.score, thresholds);
  } catch (error) {
    throw asCliError(error, values.weights);
  }

  if (format === 'json') {
    io.stdout(
      JSON.stringify({
        score: breakdown.score,
        decision,
        thresholds,
        rho,
        weights: {
          grounded: breakdown.grounded,
          ungrounded: breakdown.ungrounded,
          contradicted: breakdown.contradicted,
          complementary: breakdown.complementary,
        },
        counts: countClaims(partition),
        ...(breakdown.indifference ? { indifference: breakdown.indifference } : {}),
      }) + '\n',
    );
  } else {
    io.stdout(renderBreakdown(partition, breakdown, decision, thresholds));
  }
  return decision === 'proceed' ? EXIT_PROCEED : EXIT_NOT_PROCEED;
}

function countClaims(partition: Partition) {
  return {
    grounded: partition.grounded.length,
    ungrounded: partition.ungrounded.length,
    contradicted: partition.contradicted.length,
    complementary: partition.complementary.length,
  };
}

const f4 = (value: number) => value.toFixed(4);

function renderBreakdown(
  partition: Partition,
  b: ScoreBreakdown,
  decision: string,
  thresholds: { proceed: number; regenerate: number },
): string {
  const counts = countClaims(partition);
  const lines = [
    `W(G)   = ${f4(b.grounded)}   grounded       ${counts.grounded} claim(s)`,
    `W(K)   = ${f4(b.complementary)}   complementary  ${counts.complementary} claim(s)`,
    `W(U)   = ${f4(b.ungrounded)}   ungrounded     ${counts.ungrounded} claim(s)`,
    `ρ·W(X) = ${f4(b.rho * b.contradicted)}   contradicted   ${counts.contradicted} claim(s)  (ρ = ${b.rho}, W(X) = ${f4(b.contradicted)})`,
    b.indifference
      ? `S      = 0.5000   (${b.indifference}: epistemic indifference)`
      : `S      = (W(G) + W(K)) / (W(G) + W(U) + ρ·W(X) + W(K)) = ${f4(b.numerator)} / ${f4(b.denominator)} = ${f4(b.score)}`,
    `δ      = ${decision}   (τ_proceed ${thresholds.proceed}, τ_regenerate ${thresholds.regenerate})`,
  ];
  return lines.join('\n') + '\n';
}
