// `grounding-review hook --report FILE --evidence …`: the stop hook. An agent that is about to stop
// gets its report reviewed; exit 0 lets it stop (δ proceed and the gate accepts), exit 2 blocks it
// and the flagged claims go to stderr, which agent hooks hand back to the agent. Never exit 1.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { review } from '../../core/review';
import { toReviewJson } from '../../core/review-json';
import type { ReviewResult } from '../../core/review-types';
import { hookVerdict, renderAgentFeedback } from '../agent-feedback';
import { CliError, EXIT_PROCEED, EXIT_USAGE, asCliError, parseFormat, type CliIo } from '../args';
import { readTextFile } from '../files';
import { loadEvidence } from '../review-inputs';
import { CLI_JUDGES, type JudgeFactories } from './judges';
import { frontMatterEvidence } from './review';
import { groundedCutOption, groundedCutUsage, pickJudge, verdictOptionsFor } from './verdict-options';

export const hookUsage = `Usage: grounding-review hook --report FILE [--evidence FILE…] [--trace FILE] [options]

Stop-hook mode: reviews the report an agent is about to finish with, exactly as \`review\` does.
Exit 0 when δ is proceed and the gate accepts (the agent may stop); exit 2 otherwise, with the
ungrounded and contradicted claims, why, and what to do on stderr (agent hooks hand stderr back
to the agent). Input errors also exit 2: a hook that cannot review does not let the agent stop.

Options:
  --report FILE        the agent's report (Markdown, or plain text for .txt); only read
  --evidence FILE      an evidence file (repeatable; default: the report's front matter "evidence:")
  --root DIR           front matter evidence may also come from DIR (repeatable; by default only
                       from the report's folder)
  --trace FILE         the agent's JSON Lines trace: judged as evidence and replayed through the
                       grounding gate (the gate must ACCEPT as well)
  --gate PRESET        the gate's preset with --trace: default | skipper | diverger
  --goal NAME          a signal a completion claim needs verified (repeatable; with --trace)
  --question TEXT      the question the report answers (default: front matter "question:")
  --fail-on-omission   also block when the evidence holds trouble no claim cites or covers
  --judge NAME         offline (default, no network) | openai (see \`review --help\`; the key
                       from OPENAI_API_KEY only)
${groundedCutUsage}
  --model, --base-url, --timeout, --cache-dir   as for \`review\`
  --format text|json   text (default) or the review JSON with a "hook" block, on stdout

Exit codes: 0 ready to stop, 2 not ready or input error. Never 1.`;

const GATE_PRESETS = ['default', 'skipper', 'diverger'] as const;

export async function runHook(argv: string[], io: CliIo, judges: JudgeFactories = CLI_JUDGES): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      report: { type: 'string' },
      evidence: { type: 'string', multiple: true },
      root: { type: 'string', multiple: true },
      trace: { type: 'string' },
      gate: { type: 'string' },
      goal: { type: 'string', multiple: true },
      question: { type: 'string' },
      'fail-on-omission': { type: 'boolean' },
      judge: { type: 'string' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      timeout: { type: 'string' },
      'cache-dir': { type: 'string' },
      'grounded-cut': { type: 'string' },
      format: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new CliError(`hook takes the report as --report FILE, not ${JSON.stringify(positionals[0])}`);
  const reportFile = values.report;
  if (reportFile === undefined) throw new CliError('--report FILE is required');
  const format = parseFormat(values.format, ['text', 'json'] as const, 'text');
  if ((values.gate !== undefined || values.goal) && values.trace === undefined) throw new CliError('--gate and --goal need --trace');
  const { judgeName, makeJudge } = pickJudge(judges, values.judge);
  const verdicts = verdictOptionsFor(judgeName, groundedCutOption(values['grounded-cut']));

  const report = readTextFile(reportFile);
  // The same reading as `review`: front matter entries confined to the report's folder, names
  // relative to the report, the size and binary checks.
  // With a trace, the trace alone may be the evidence.
  const listed = values.evidence ? undefined : values.trace !== undefined ? listedOrNone(report, reportFile) : frontMatterEvidence(report, reportFile);
  if (values.evidence && values.root) throw new CliError('--root widens where front matter evidence may come from; with --evidence the front matter list is not used');
  const read = loadEvidence({ cwd: io.cwd, reportFile, explicit: values.evidence, listed, roots: values.root });
  const evidence = [...read.evidence];
  // The trace is evidence too; given twice it is read once.
  const tracePath = values.trace === undefined ? undefined : resolve(io.cwd, values.trace);
  if (tracePath !== undefined && ![...read.pathByName.values()].includes(tracePath)) {
    evidence.push(...loadEvidence({ cwd: io.cwd, reportFile, explicit: [values.trace!] }).evidence);
  }
  const gate = values.trace === undefined ? undefined : { preset: parseFormat(values.gate, GATE_PRESETS, 'default', 'gate'), goals: values.goal ?? [] };

  let result: ReviewResult;
  try {
    result = await review({ report, reportFile, evidence, question: values.question, judge: makeJudge(io, values, verdicts), gate });
  } catch (error) {
    throw asCliError(error);
  }
  const verdict = hookVerdict(result, values['fail-on-omission'] === true);
  if (format === 'json') {
    io.stdout(JSON.stringify({ ...toReviewJson(result), hook: { pass: verdict.pass, exit_code: verdict.pass ? EXIT_PROCEED : EXIT_USAGE } }) + '\n');
  } else {
    const text = renderAgentFeedback(result, reportFile, verdict);
    if (verdict.pass) io.stdout(text);
    else io.stderr(text);
  }
  return verdict.pass ? EXIT_PROCEED : EXIT_USAGE;
}

function listedOrNone(report: string, reportFile: string): string[] {
  try {
    return frontMatterEvidence(report, reportFile);
  } catch (error) {
    if (error instanceof CliError) return [];
    throw error;
  }
}
