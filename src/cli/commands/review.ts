// `grounding-review review <report> --evidence <file>…`: the main job from the command line —
// every claim of a report marked against its evidence, with S and δ. `--batch cases.jsonl`
// reviews many cases, one JSON result per line. Files are only read, never written.
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createOfflineJudge } from '../../core/judge/offline';
import { formatZodError, type Thresholds } from '../../core/model';
import { review, toReviewJson } from '../../core/review';
import type { ClaimJudge, EvidenceSource, ReviewResult, ScoringSettings } from '../../core/review-types';
import { validateWeights } from '../../core/score';
import { segmentReport } from '../../core/segment';
import {
  CliError,
  EXIT_NOT_PROCEED,
  EXIT_PROCEED,
  EXIT_USAGE,
  asCliError,
  parseFormat,
  parseNumberOption,
  readJsonFile,
  readTextFile,
  type CliIo,
} from '../args';

export const reviewUsage = `Usage: grounding-review review <report> --evidence <file> [--evidence <file>…] [options]
       grounding-review review --batch cases.jsonl [options]

Marks every claim of a report (Markdown, or plain text for .txt) as grounded, ungrounded,
contradicted or complementary against the evidence, with its evidence type, cited items and a
reason, then computes S and decides proceed / regenerate / replan.

Evidence files: logs and text (one item per line; [tool=… row=…] key=value rows and [signal]
lines), JSON Lines agent traces (.jsonl), JSON documents (.json), Markdown documents (.md).
Items are cited as E<line> (one file) or <file name>:E<line> (several files). Without
--evidence, the report's front matter "evidence:" list is used, relative to the report.

Options:
  --evidence FILE      an evidence file (repeatable)
  --question TEXT      the question the report answers (default: front matter "question:")
  --judge NAME         ${'offline'} (default offline: no network, no API key)
  --format text|json   output format (default text); JSON is the result contract
  --batch FILE         JSON Lines of {"id","report","evidence","question"?}: report as text,
                       evidence as text or a list of texts; prints one JSON result per line
                       with its id, or {"id","line","error"} for a bad line (the rest go on)
  --rho R              contradiction penalty ρ in [0, 1] (default 0.5)
  --tau-proceed P      S ≥ P proceeds (default 0.80)
  --tau-regenerate G   G ≤ S < P regenerates, below replans (default 0.65)
  --weights FILE       JSON map evidence type → weight in [0, 1]; replaces the defaults

Exit codes: 0 proceed, 1 not proceed (regenerate, replan or abstain), 2 usage or input error
(with --batch: 2 when any line was bad, else 1 when any case did not proceed).`;

/** The judges the CLI can run, by name. */
export type JudgeFactories = Record<string, (io: CliIo) => ClaimJudge>;

export const CLI_JUDGES: JudgeFactories = {
  offline: () => createOfflineJudge(),
};

export async function runReview(argv: string[], io: CliIo, judges: JudgeFactories = CLI_JUDGES): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      evidence: { type: 'string', multiple: true },
      question: { type: 'string' },
      judge: { type: 'string' },
      format: { type: 'string' },
      batch: { type: 'string' },
      rho: { type: 'string' },
      'tau-proceed': { type: 'string' },
      'tau-regenerate': { type: 'string' },
      weights: { type: 'string' },
    },
  });
  const format = parseFormat(values.format, ['text', 'json'] as const, 'text');
  const judgeName = values.judge ?? 'offline';
  const makeJudge = Object.hasOwn(judges, judgeName) ? judges[judgeName] : undefined;
  if (!makeJudge) throw new CliError(`--judge: expected one of ${Object.keys(judges).join(', ')}, got ${JSON.stringify(judgeName)}`);
  const settings = scoringOptions(values);

  if (values.batch !== undefined) {
    if (positionals.length > 0 || values.evidence || values.question !== undefined) {
      throw new CliError('--batch takes the reports, evidence and questions from its lines; give no report, --evidence or --question');
    }
    if (values.format === 'text') throw new CliError('--batch prints JSON Lines; --format text is not available');
    return runBatch(values.batch, makeJudge(io), settings, io);
  }

  if (positionals.length !== 1) throw new CliError('expected exactly one report file (or --batch FILE)');
  const reportFile = positionals[0];
  const report = readTextFile(reportFile);
  const evidenceFiles = values.evidence ?? frontMatterEvidence(report, reportFile);
  if (evidenceFiles.length === 0) {
    throw new CliError(`no evidence: pass --evidence FILE or list "evidence:" in ${reportFile}'s front matter`);
  }
  const evidence: EvidenceSource[] = evidenceFiles.map((file) => ({ file, text: readTextFile(file) }));

  let result: ReviewResult;
  try {
    result = await review({ report, reportFile, evidence, question: values.question, settings, judge: makeJudge(io) });
  } catch (error) {
    throw asCliError(error);
  }
  io.stdout(format === 'json' ? JSON.stringify(toReviewJson(result)) + '\n' : renderText(result, reportFile));
  return result.decision === 'proceed' ? EXIT_PROCEED : EXIT_NOT_PROCEED;
}

function scoringOptions(values: { rho?: string; 'tau-proceed'?: string; 'tau-regenerate'?: string; weights?: string }): Partial<ScoringSettings> {
  const settings: Partial<ScoringSettings> = {};
  const rho = parseNumberOption(values.rho, 'rho');
  if (rho !== undefined) settings.rho = rho;
  const thresholds: Partial<Thresholds> = {};
  const proceed = parseNumberOption(values['tau-proceed'], 'tau-proceed');
  const regenerate = parseNumberOption(values['tau-regenerate'], 'tau-regenerate');
  if (proceed !== undefined) thresholds.proceed = proceed;
  if (regenerate !== undefined) thresholds.regenerate = regenerate;
  if (proceed !== undefined || regenerate !== undefined) settings.thresholds = thresholds as Thresholds;
  if (values.weights !== undefined) {
    try {
      settings.weights = validateWeights(readJsonFile(values.weights));
    } catch (error) {
      throw asCliError(error, values.weights);
    }
  }
  return settings;
}

/** The front matter `evidence:` entries, as paths relative to the report's folder. */
function frontMatterEvidence(report: string, reportFile: string): string[] {
  const listed = segmentReport(report).frontMatter.evidence ?? [];
  return listed.map((entry) => join(dirname(reportFile), entry));
}

// ── batch ─────────────────────────────────────────────────────────────────────────────────

const BatchCaseSchema = z.object({
  id: z.union([z.string(), z.number()]),
  report: z.string(),
  evidence: z.union([z.string(), z.array(z.string())]),
  question: z.string().optional(),
});

async function runBatch(file: string, judge: ClaimJudge, settings: Partial<ScoringSettings>, io: CliIo): Promise<number> {
  const lines = readTextFile(file).split(/\r\n|\r|\n/);
  let anyError = false;
  let allProceed = true;
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const line = index + 1;
    let id: string | number | null = null;
    try {
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch (error) {
        throw new CliError(`invalid JSON (${(error as Error).message})`);
      }
      const rawId = (data as { id?: unknown } | null)?.id;
      if (typeof rawId === 'string' || typeof rawId === 'number') id = rawId;
      const parsed = BatchCaseSchema.safeParse(data);
      if (!parsed.success) throw new CliError(formatZodError(parsed.error));
      const texts = typeof parsed.data.evidence === 'string' ? [parsed.data.evidence] : parsed.data.evidence;
      const evidence = texts.map((text, position) => ({ file: texts.length === 1 ? 'evidence' : `evidence${position + 1}`, text }));
      const result = await review({ report: parsed.data.report, evidence, question: parsed.data.question, settings, judge });
      if (result.decision !== 'proceed') allProceed = false;
      io.stdout(JSON.stringify({ id, ...toReviewJson(result) }) + '\n');
    } catch (error) {
      const cliError = asCliError(error);
      if (!(cliError instanceof CliError)) throw error;
      anyError = true;
      io.stdout(JSON.stringify({ id, line, error: cliError.message }) + '\n');
    }
  }
  if (anyError) return EXIT_USAGE;
  return allProceed ? EXIT_PROCEED : EXIT_NOT_PROCEED;
}

// ── text output ───────────────────────────────────────────────────────────────────────────

function renderText(result: ReviewResult, reportFile: string): string {
  const out: string[] = [];
  const files = result.evidence.files.length;
  out.push(`${reportFile}: ${result.claims.length} claim(s) against ${files} evidence file(s), ${result.evidence.items} item(s); judge ${result.judge.kind}${result.judge.model ? ` (${result.judge.model})` : ''}`);
  out.push('');
  for (const claim of result.claims) {
    const refs = claim.evidence_refs.length > 0 ? claim.evidence_refs.join(', ') : '—';
    out.push(`${claim.id.padEnd(4)} line ${String(claim.line).padEnd(4)} ${claim.partition.padEnd(13)} ${claim.type.padEnd(21)} ${refs}`);
    out.push(`     ${JSON.stringify(claim.text)}`);
    out.push(`     why: ${claim.reason}`);
  }
  if (result.warnings.length > 0) {
    out.push('', 'Warnings:');
    for (const warning of result.warnings) out.push(`  ${warning.file}${warning.line !== undefined ? `:${warning.line}` : ''}: ${warning.message}`);
  }
  const { counts, scoring } = result;
  out.push('');
  out.push(`grounded ${counts.grounded} · ungrounded ${counts.ungrounded} · contradicted ${counts.contradicted} · complementary ${counts.complementary}`);
  const decision = result.decision === 'abstain' ? `abstain (the score alone would ${scoring.decisionWithoutAbstain})` : result.decision;
  out.push(`S = ${result.score.toFixed(4)}   δ = ${decision}   (τ_proceed ${scoring.thresholds.proceed}, τ_regenerate ${scoring.thresholds.regenerate}, ρ ${scoring.rho})`);
  if (result.judge.abstainReason) out.push(`The judge abstained: ${result.judge.abstainReason}`);
  if (result.degraded) out.push('DEGRADED: do not treat this as a verdict (see above).');
  return out.join('\n') + '\n';
}
