// `grounding-review calibrate <labelled.jsonl> [--test held-out.jsonl]`: fits the GroundingSwitch
// cuts for an encoder on labelled examples and measures them — in-sample always, out-of-sample
// when a held-out file is given (only that is an accuracy estimate).
import { parseArgs } from 'node:util';
import { EncoderError, type Encoder } from '../../core/geometry/encoder';
import { getEmbeddedEncoder } from '../../core/geometry/embedded-encoder';
import {
  evaluateThresholds,
  fitFromScores,
  parseLabelledJsonl,
  scoreExamples,
  type EvaluationFigures,
  type LabelledExample,
  type ScoreFigures,
  type ThresholdFit,
} from '../../core/geometry/fit';
import { fitReliability, type CutReliability } from '../../core/geometry/fit-reliability';
import { openAiEncoderFromEnv } from '../../core/geometry/openai-encoder';
import { formatThreshold, type GeometryThresholds } from '../../core/geometry/thresholds';
import { GroundingInputError } from '../../core/model';
import { CliError, asCliError, parseFormat, parseNumberOption, type CliIo } from '../args';
import { readTextFile } from '../files';

export const calibrateUsage = `Usage: grounding-review calibrate <labelled.jsonl> [options]

Fits the GroundingSwitch cuts for an encoder: SGI review (Youden's J), SGI strong pass (the
lowest cut with the target precision on grounded; never below review) and DGI pass (Youden's J).
Each line: {"question","response","context"?,"label"} with label 0 = grounded, 1 = ungrounded;
"context" (a string or a list of strings) enables SGI. Bad lines are reported and skipped.

Options:
  --test FILE                  held-out labelled JSON Lines: out-of-sample AUROC, balanced
                               accuracy and confusion counts at the fitted cuts
  --encoder embedded|openai    embedded USE-lite (default, offline) or an OpenAI-compatible
                               /v1/embeddings endpoint: GROUNDING_EMBEDDINGS_BASE_URL (or
                               OPENAI_BASE_URL), GROUNDING_EMBEDDINGS_MODEL, and the key in
                               GROUNDING_EMBEDDINGS_API_KEY (or OPENAI_API_KEY)
  --strong-pass-precision P    precision target of the strong pass (default 0.95)
  --format text|json           output format (default text)`;

export async function runCalibrate(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      test: { type: 'string' },
      encoder: { type: 'string' },
      'strong-pass-precision': { type: 'string' },
      format: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new CliError('calibrate: expected exactly one labelled JSON Lines file');
  const format = parseFormat(values.format, ['text', 'json'] as const, 'text');
  const encoderName = parseFormat(values.encoder, ['embedded', 'openai'] as const, 'embedded', 'encoder');
  const target = parseNumberOption(values['strong-pass-precision'], 'strong-pass-precision') ?? 0.95;
  if (!(target > 0 && target <= 1)) throw new CliError(`--strong-pass-precision: expected a number in (0, 1], got ${target}`);

  const train = readExamples(positionals[0], io);
  const test = values.test === undefined ? undefined : readExamples(values.test, io);
  const encoder = makeEncoder(encoderName, io);

  let fit: ThresholdFit;
  let reliability: CutReliability[];
  let inSample: EvaluationFigures;
  let outOfSample: EvaluationFigures | undefined;
  try {
    const trainScores = await scoreExamples(train, encoder);
    fit = fitFromScores(trainScores, target);
    reliability = fitReliability(trainScores);
    const cuts = cutsOf(fit);
    inSample = evaluateThresholds(trainScores, cuts);
    if (test) outOfSample = evaluateThresholds(await scoreExamples(test, encoder), cuts);
  } catch (error) {
    if (error instanceof EncoderError) throw new CliError(error.message);
    throw asCliError(error, error instanceof GroundingInputError && error.path === 'label' ? positionals[0] : undefined);
  }

  for (const entry of reliability) if (entry.warning) io.stderr(`grounding-review calibrate: warning: ${entry.warning}\n`);
  if (format === 'json') {
    io.stdout(JSON.stringify({ encoder: encoder.id, fit, reliability, in_sample: inSample, ...(outOfSample ? { out_of_sample: outOfSample, test_file: values.test } : {}) }) + '\n');
  } else {
    io.stdout(renderCalibration(encoder.id, positionals[0], fit, reliability, inSample, values.test, outOfSample));
  }
  return 0;
}

function readExamples(file: string, io: CliIo): LabelledExample[] {
  const { examples, warnings } = parseLabelledJsonl(readTextFile(file), file);
  for (const warning of warnings) io.stderr(`${warning.file}:${warning.line}: ${warning.message} (line skipped)\n`);
  if (examples.length === 0) throw new CliError(`${file}: no valid labelled example`);
  return examples;
}

/** The encoder named on the command line; the openai one is configured from the environment only. */
export function makeEncoder(name: 'embedded' | 'openai', io: CliIo): Encoder {
  if (name === 'embedded') return getEmbeddedEncoder();
  try {
    return openAiEncoderFromEnv(io.env);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

/** Cuts to measure: a cut that could not be fitted is measured nowhere (its figures are left out). */
function cutsOf(fit: ThresholdFit): GeometryThresholds {
  return {
    sgi_review: fit.sgi_review ?? Number.NaN,
    sgi_strong_pass: fit.sgi_strong_pass ?? Number.NaN,
    dgi_pass: fit.dgi_pass ?? Number.NaN,
  };
}

function renderCalibration(
  encoderId: string,
  trainFile: string,
  fit: ThresholdFit,
  reliability: CutReliability[],
  inSample: EvaluationFigures,
  testFile: string | undefined,
  outOfSample: EvaluationFigures | undefined,
): string {
  const cut = (value: number | null) => (value === null ? 'not fitted' : formatThreshold(value));
  const lines = [
    `Encoder ${encoderId}; fitted on ${trainFile}: ${fit.n} examples (${fit.n_sgi} with context for SGI, ${fit.n_dgi} for DGI)`,
    `  sgi_review       ${cut(fit.sgi_review)}   (Youden's J)`,
    `  sgi_strong_pass  ${cut(fit.sgi_strong_pass)}   (lowest cut with precision >= ${fit.strong_pass_target} on grounded)`,
    `  dgi_pass         ${cut(fit.dgi_pass)}   (Youden's J)`,
    ...reliability.map((entry) => `  ${entry.cut.padEnd(16)} ${entry.grounded} grounded / ${entry.ungrounded} ungrounded; 95% interval ${entry.interval ? `${formatThreshold(entry.interval.low)}–${formatThreshold(entry.interval.high)} (bootstrap, ${entry.interval.resamples} resamples within class)` : 'none (a class is empty)'}`),
    '',
    `In-sample, on the fitting data (optimistic; not an accuracy estimate):`,
    ...figureLines(inSample),
  ];
  if (outOfSample) lines.push('', `Out-of-sample, on ${testFile}:`, ...figureLines(outOfSample));
  else lines.push('', 'No --test file: no out-of-sample figures. Hold out labelled data to measure these cuts.');
  if (fit.notes.length > 0) lines.push('', ...fit.notes.map((note) => `Note: ${note}`));
  return lines.join('\n') + '\n';
}

function figureLines(figures: EvaluationFigures): string[] {
  const lines: string[] = [];
  if (figures.sgi) {
    const s = figures.sgi;
    const accepted = s.accepted_precision === null ? 'accepts none' : `accepts ${s.accepted} (precision ${s.accepted_precision.toFixed(3)})`;
    lines.push(`  SGI  ${scoreLine(s)}; strong pass ${accepted}`);
  }
  if (figures.dgi) lines.push(`  DGI  ${scoreLine(figures.dgi)}`);
  return lines;
}

function scoreLine(f: ScoreFigures): string {
  const { tp, fp, tn, fn } = f.confusion;
  return `n ${f.n}, AUROC ${f.auroc.toFixed(3)}, balanced accuracy ${f.balanced_accuracy.toFixed(3)} at ${formatThreshold(f.cut)} (flagged = ungrounded: TP ${tp}, FP ${fp}, TN ${tn}, FN ${fn})`;
}
