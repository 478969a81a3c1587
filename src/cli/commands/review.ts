// `grounding-review review <report> --evidence <file>…`: the main job from the command line —
// every claim of a report marked against its evidence, with S and δ. `--batch cases.jsonl`
// reviews many cases, one JSON result per line. Files are only read, never written.
import { relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { describeSwitch, type ReviewSwitch, type SwitchNotComputed, type SwitchOptions } from '../../core/geometry/review-switch';
import { makeEncoder } from './calibrate';
import { describeGate, type GateResult, type GateReviewOptions } from '../../core/gate/index';
import { DEFAULT_JUDGE_MODEL } from '../../core/judge/openai/config';
import type { RoundDecision, Thresholds } from '../../core/model';
import { review } from '../../core/review';
import { toReviewJson } from '../../core/review-json';
import { buildSarifLog } from '../../core/sarif';
import { parseEvidenceSources } from '../../core/evidence';
import type { EvidenceSource, ReviewResult, ScoringSettings } from '../../core/review-types';
import { validateWeights } from '../../core/score';
import { segmentReport } from '../../core/segment';
import { redactReviewNotes, redactUrls } from '../../core/redact';
import { DEFAULT_MAX_FILE_MB } from '../../core/evidence/decode';
import { formatBatchSummary, isBatchWorker, runBatchCases, serveBatchWorker, type BatchSetup } from '../batch';
import { loadEvidence } from '../review-inputs';
import { CLI_JUDGES, JUDGE_CLI_OPTIONS, cliJudgeCache, dryRun, judgeUsage, openAIChoice, renderDryRun, type JudgeFactories } from './judges';
import { groundedCutOption, pickJudge, verdictOptionsFor, type VerdictOptions } from './verdict-options';
import { renderText } from './review-text';
import { runReviewLoop } from './review-loop';
import {
  CliError,
  EXIT_NOT_PROCEED,
  EXIT_PROCEED,
  EXIT_USAGE,
  CLI_VERSION,
  asCliError,
  countOption,
  parseFormat,
  parseNumberOption,
  type CliIo,
} from '../args';
import { readTextFile, readJsonFile } from '../files';

export const reviewUsage = `Usage: grounding-review review <report> --evidence <file> [--evidence <file>…] [options]
       grounding-review review --batch cases.jsonl [options]

Marks every claim of a report (Markdown, or plain text for .txt) as grounded, ungrounded,
contradicted or complementary against the evidence, with its evidence type, cited items and a
reason, then computes S and decides proceed / regenerate / replan.

Evidence files: logs and text (one item per line; [tool=… row=…] key=value rows and [signal]
lines), JSON Lines agent traces (.jsonl), JSON documents (.json), Markdown documents (.md).
Items are cited as E<line> (one file) or <file name>:E<line> (several files). Without
--evidence, the report's front matter "evidence:" list is used, relative to the report and
confined to the report's folder and the --root folders. Only regular files are read.

Options:
  --evidence FILE      an evidence file (repeatable)
  --root DIR           a folder front matter evidence may also come from (repeatable)
  --max-file-mb N      largest input file read, in MB (default ${DEFAULT_MAX_FILE_MB}); larger is an error
  --question TEXT      the question the report answers (default: front matter "question:")
  --switch ENCODER     also compute the GroundingSwitch (geometry: report vs evidence) with
                       embedded (USE-lite, offline) or openai (GROUNDING_EMBEDDINGS_* env);
                       see docs/calibration.md for its thresholds
  --on-reject ACTION   the switch's action on weak grounding: fallback (default) | reject |
                       regenerate | escalate
  --gate PRESET        also run the grounding gate: replay the evidence as the agent's trace
                       and the report as its answer (default | skipper | diverger)
  --goal NAME          a signal a completion claim needs verified (repeatable; with --gate)
  --judge NAME         offline | openai (alias llm) | hybrid (default offline: no network, no API key)
  --format text|json|sarif   output format (default text); JSON is the result contract;
                       SARIF 2.1.0 has one result per ungrounded or contradicted claim, located
                       in the report, with the cited evidence as related locations
  --fail-on DECISION   regenerate (default): exit 1 unless the decision is proceed;
                       replan: exit 1 only for replan or abstain (regenerate passes)
  --fail-on-omission   also exit 1 when the evidence holds trouble (ERROR lines, failed exits,
                       statuses or tests, fired alerts) no claim cites or covers
  --batch FILE         JSON Lines of {"id","report","evidence","question"?}: report as text or
                       {"file","text"}, evidence as text or a list of texts or {"file","text"}
                       items (the name picks the format, as for a file); prints one JSON result
                       per line with its id and line, or {"id","line","error"} for a case that
                       fails (the rest go on), and a closing summary line on stderr;
                       --switch, --gate and --grounded-cut apply to every case
  --jobs N             batch worker threads (default: one per core; 1 = no workers)
  --rho R              contradiction penalty ρ in [0, 1] (default 0.5)
  --tau-proceed P      S ≥ P proceeds (default 0.80)
  --tau-regenerate G   G ≤ S < P regenerates, below replans (default 0.65)
  --weights FILE       JSON map evidence type → weight in [0, 1]; replaces the defaults

OpenAI-compatible judge (--judge openai; OpenAI, Azure, Ollama, vLLM, LM Studio, llama.cpp):
  --model NAME         model id (default ${DEFAULT_JUDGE_MODEL}); the API key comes from OPENAI_API_KEY only
  --base-url URL       endpoint, e.g. http://127.0.0.1:11434/v1 (default OPENAI_BASE_URL, else OpenAI);
                       with no key and no base URL the offline judge runs instead, and says so
  --structured-output auto|on|off   strict JSON-schema output (default auto: falls back to JSON in text)
  --timeout SECONDS    per request (default 60)
  --cache-dir DIR      keep judged chunks in DIR: an unchanged re-run makes no request

${judgeUsage}

Repair loop (GSAR Algorithm 1):
  --loop               regenerate (rewrite via the LLM from the same evidence) and replan until
                       proceed or a budget runs out; prints the trajectory
  --out FILE           write the final report to FILE (never to the report itself)
  --replan-command CMD run CMD to replan: it gets {report, evidence, explanation, gaps, …} as
                       JSON on stdin and prints new evidence on stdout
  --replan-timeout S   seconds the replan command may take (default 60)
  --regenerate-model M model for rewriting (default: --model)
  --k-max N            replans allowed (default 2)
  --rounds-cap N       repair rounds allowed in all (default k-max + 8)

Exit codes: 0 proceed, 1 not proceed (regenerate, replan or abstain — see --fail-on), 2 usage or
input error (with --batch: 2 when any line was bad, else 1 when any case fails --fail-on).`;

const GATE_PRESETS = ['default', 'skipper', 'diverger'] as const;

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
      model: { type: 'string' },
      'base-url': { type: 'string' },
      'structured-output': { type: 'string' },
      timeout: { type: 'string' },
      'cache-dir': { type: 'string' },
      loop: { type: 'boolean' },
      out: { type: 'string' },
      'replan-command': { type: 'string' },
      'replan-timeout': { type: 'string' },
      'regenerate-model': { type: 'string' },
      'k-max': { type: 'string' },
      'rounds-cap': { type: 'string' },
      switch: { type: 'string' },
      'on-reject': { type: 'string' },
      'fail-on': { type: 'string' },
      'fail-on-omission': { type: 'boolean' },
      gate: { type: 'string' },
      goal: { type: 'string', multiple: true },
      jobs: { type: 'string' },
      root: { type: 'string', multiple: true },
      'max-file-mb': { type: 'string' },
      ...JUDGE_CLI_OPTIONS,
    },
  });
  const printed = redactingIo(io);
  const format = parseFormat(values.format, ['text', 'json', 'sarif'] as const, 'text');
  const failOn = parseFormat(values['fail-on'], ['regenerate', 'replan'] as const, 'regenerate', 'fail-on');
  const failOnOmission = values['fail-on-omission'] === true;
  const exitFor = (decision: RoundDecision, omissions = 0) =>
    failsOn(decision, failOn) || (failOnOmission && omissions > 0) ? EXIT_NOT_PROCEED : EXIT_PROCEED;
  const { judgeName, makeJudge } = pickJudge(judges, values.judge);
  const verdicts = verdictOptionsFor(judgeName, groundedCutOption(values['grounded-cut']));
  const settings = scoringOptions(values);

  const maxMb = parseNumberOption(values['max-file-mb'], 'max-file-mb') ?? DEFAULT_MAX_FILE_MB;
  if (!(maxMb > 0)) throw new CliError(`--max-file-mb: expected a size > 0, got ${values['max-file-mb']}`);
  const extras = () => reviewExtras(values, printed);

  if (values.batch !== undefined) {
    if (positionals.length > 0 || values.evidence || values.question !== undefined || values.root) {
      throw new CliError('--batch takes the reports, evidence and questions from its lines; give no report, --evidence, --root or --question');
    }
    if (values.format === 'text' || values.format === 'sarif') throw new CliError(`--batch prints JSON Lines; --format ${values.format} is not available`);
    if (values.loop) throw new CliError('--loop repairs one report; it is not available with --batch');
    if (failOnOmission) throw new CliError('--fail-on-omission reads one review; with --batch each result line carries its omissions');
    const jobs = countOption(values.jobs, 'jobs');
    if (jobs === 0) throw new CliError('--jobs: expected a whole number ≥ 1');
    extras(); // option errors surface here, once, before any case runs
    const summary = await runBatchCases({
      file: values.batch,
      text: readTextFile(values.batch, maxMb),
      setup: () => ({ judge: makeJudge(printed, values, verdicts), settings, maxMb, ...extras() }),
      // Workers rebuild the setup from plain options; a judge table given by a caller stays in this thread.
      ...(judges === CLI_JUDGES ? { worker: { file: __filename, options: { judgeName, values: { ...values }, verdicts, settings, maxMb } } } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
      io: printed,
    });
    printed.stderr(formatBatchSummary(summary) + '\n');
    if (summary.errors > 0) return EXIT_USAGE;
    const failing = (Object.entries(summary.decisions) as Array<[RoundDecision, number]>).some(([decision, count]) => count > 0 && failsOn(decision, failOn));
    return failing ? EXIT_NOT_PROCEED : EXIT_PROCEED;
  }
  if (values.jobs !== undefined) throw new CliError('--jobs needs --batch');

  if (positionals.length !== 1) throw new CliError('expected exactly one report file (or --batch FILE)');
  const reportFile = positionals[0];
  const report = readTextFile(reportFile, maxMb);
  if (values.evidence && values.root) throw new CliError('--root widens where front matter evidence may come from; with --evidence the front matter list is not used');
  const listed = values.evidence ? undefined : frontMatterEvidence(report, reportFile);
  const { evidence, pathByName } = loadEvidence({ cwd: io.cwd, reportFile, explicit: values.evidence, listed, roots: values.root, maxMb });
  if (values['dry-run']) {
    if (format === 'sarif' || values.loop) throw new CliError('--dry-run prints a plan as text or JSON; --format sarif and --loop are not available');
    const planned = await dryRun({ report, reportFile, evidence, question: values.question, choice: openAIChoice(values, io), values, cache: cliJudgeCache(values, io), verdicts });
    io.stdout(format === 'json' ? JSON.stringify(planned) + '\n' : renderDryRun(planned, reportFile, io));
    return EXIT_PROCEED;
  }

  if (values.loop) {
    if (format === 'sarif') throw new CliError('--loop prints the trajectory as text or JSON; --format sarif is not available');
    const inputs = [resolve(io.cwd, reportFile), ...pathByName.values()];
    return runReviewLoop({ report, reportFile, inputs, evidence, settings, judge: makeJudge(printed, values, verdicts), values, io: printed, format, exitFor });
  }
  for (const option of LOOP_ONLY_OPTIONS) if (values[option] !== undefined) throw new CliError(`--${option} needs --loop`);

  let result: ReviewResult;
  try {
    result = redactReviewNotes(await review({ report, reportFile, evidence, question: values.question, settings, judge: makeJudge(printed, values, verdicts), ...extras() }));
  } catch (error) {
    throw asCliError(error);
  }
  if (format === 'sarif') {
    io.stdout(JSON.stringify(sarifFor(result, report, reportFile, evidence, pathByName, io.cwd), null, 2) + '\n');
  } else if (format === 'json') {
    io.stdout(JSON.stringify(toReviewJson(result)) + '\n');
  } else {
    const switchLine = result.switch ? describeSwitch(result.switch as ReviewSwitch | SwitchNotComputed) + '\n' : '';
    const gateLine = result.gate ? describeGate(result.gate as GateResult) + '\n' : '';
    io.stdout(renderText(result, reportFile) + switchLine + gateLine);
  }
  // A claim no judge decided is never a pass, whatever S says.
  return result.judge.notJudged ? EXIT_NOT_PROCEED : exitFor(result.decision, result.omissions.length);
}

/** Whether a decision makes the exit code 1 under `--fail-on`. */
function failsOn(decision: RoundDecision, failOn: 'regenerate' | 'replan'): boolean {
  if (decision === 'proceed') return false;
  return failOn === 'regenerate' || decision !== 'regenerate';
}

/** The switch and the gate, from the same options for one report and for every case of a batch. */
function reviewExtras(values: { switch?: string; 'on-reject'?: string; gate?: string; goal?: string[] }, io: CliIo): { switch?: SwitchOptions; gate?: GateReviewOptions } {
  if (values.switch !== undefined && values.switch !== 'embedded' && values.switch !== 'openai') {
    throw new CliError(`--switch: expected embedded or openai, got ${JSON.stringify(values.switch)}`);
  }
  if (values['on-reject'] !== undefined && values.switch === undefined) throw new CliError('--on-reject needs --switch');
  if (values.goal && values.gate === undefined) throw new CliError('--goal needs --gate');
  return {
    ...(values.switch ? { switch: { encoder: makeEncoder(values.switch, io), onReject: values['on-reject'] } } : {}),
    ...(values.gate === undefined ? {} : { gate: { preset: parseFormat(values.gate, GATE_PRESETS, 'default', 'gate'), goals: values.goal ?? [] } }),
  };
}

/** Secrets in printed URLs (`?api-key=…`, `user:token@`) are redacted in every notice on stderr. */
function redactingIo(io: CliIo): CliIo {
  return { ...io, stderr: (text) => io.stderr(redactUrls(text)) };
}

/** SARIF with paths relative to the working directory (the repository root in CI). */
function sarifFor(result: ReviewResult, report: string, reportFile: string, evidence: EvidenceSource[], pathByName: Map<string, string>, cwd: string) {
  const toUri = (file: string) => relative(cwd, resolve(cwd, file)).split(sep).join('/');
  return buildSarifLog(
    [{ result, reportText: report, reportUri: toUri(reportFile), evidence: parseEvidenceSources(evidence).items, evidenceUri: (name) => toUri(pathByName.get(name) ?? name) }],
    { toolVersion: CLI_VERSION },
  );
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

/** The front matter `evidence:` entries as written; none is an error that says why (a front matter refused as a YAML bomb included). */
export function frontMatterEvidence(report: string, reportFile: string): string[] {
  const { frontMatter, warnings } = segmentReport(report, { file: reportFile });
  const listed = frontMatter.evidence ?? [];
  if (listed.length > 0) return listed;
  const why = warnings.filter((warning) => warning.message.startsWith('front matter')).map((warning) => `${reportFile}:${warning.line ?? 1}: ${warning.message}`);
  throw new CliError(`no evidence: pass --evidence FILE or list "evidence:" in ${reportFile}'s front matter${why.length ? ` (${why.join('; ')})` : ''}`);
}

/** Options only the repair loop (`--loop`, review-loop.ts) reads. */
const LOOP_ONLY_OPTIONS = ['out', 'replan-command', 'replan-timeout', 'regenerate-model', 'k-max', 'rounds-cap'] as const;

// In a batch worker thread this file is the worker's entry: rebuild the setup from the options.
if (isBatchWorker()) {
  serveBatchWorker((options) => {
    const { judgeName, values, verdicts, settings, maxMb } = options as { judgeName: string; values: Record<string, unknown>; verdicts: VerdictOptions; settings: Partial<ScoringSettings>; maxMb: number };
    const silentIo: CliIo = { stdout: () => undefined, stderr: () => undefined, env: process.env, cwd: process.cwd() };
    const setup: BatchSetup = { judge: CLI_JUDGES[judgeName](silentIo, values, verdicts), settings, maxMb, ...reviewExtras(values, silentIo) };
    return setup;
  });
}
