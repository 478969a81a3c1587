// HaluEval QA with the offline judge. Test split (lines 251–500) by default; EVAL_SPLIT=dev
// selects lines 1–250, the only lines tuning may look at. A response is flagged when it has at
// least one ungrounded or contradicted claim. Also prints the trivial "answer text is inside
// the knowledge" baseline on the same responses, for honesty about how easy this set is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binaryCounts, binaryMetrics, bootstrapByGroup, fixed, markdownTable, type BinaryCounts } from './eval-lib/metrics';
import { judgeCase } from './eval-lib/pipeline';
import { evalJudgeSpec, ledgerLine, startLedger } from './eval-lib/judge-choice';
import type { OfflineJudgeOptions } from '../src/core/judge/offline';

interface HaluEvalRow {
  knowledge: string;
  question: string;
  right_answer: string;
  hallucinated_answer: string;
}

export interface HaluEvalResponse {
  line: number;
  knowledge: string;
  question: string;
  answer: string;
  hallucinated: boolean;
}

const DATA_DIR = join(__dirname, '..', '..', 'data', 'halueval-qa');
const FILES = ['qa_one-turn_data.jsonl', 'qa_multi-turn_data.jsonl'];
const SPLITS = { dev: [1, 250], test: [251, 500] } as const;

export function selectedSplit(): keyof typeof SPLITS {
  const fromArgs = process.argv.find((arg) => arg.startsWith('--split='))?.slice('--split='.length);
  const split = fromArgs ?? process.env.EVAL_SPLIT ?? 'test';
  if (split !== 'dev' && split !== 'test') throw new Error(`unknown split ${JSON.stringify(split)} (expected dev or test)`);
  return split;
}

/** The responses of a split: each right answer once, each distinct hallucinated answer once. */
export function loadResponses(split: keyof typeof SPLITS): HaluEvalResponse[] {
  const [first, last] = SPLITS[split];
  const files = FILES.map((file) => readFileSync(join(DATA_DIR, file), 'utf8').split('\n').filter((line) => line.trim() !== ''));
  const responses: HaluEvalResponse[] = [];
  for (let line = first; line <= last; line++) {
    const rows = files.map((lines) => JSON.parse(lines[line - 1]!) as HaluEvalRow);
    const { knowledge, question, right_answer } = rows[0]!;
    responses.push({ line, knowledge, question, answer: right_answer, hallucinated: false });
    const seen = new Set<string>([right_answer.trim()]);
    for (const row of rows) {
      const answer = row.hallucinated_answer.trim();
      if (seen.has(answer)) continue;
      seen.add(answer);
      responses.push({ line, knowledge, question, answer: row.hallucinated_answer, hallucinated: true });
    }
  }
  return responses;
}

/** The baseline: flag an answer unless its text occurs verbatim (case-insensitive) in the knowledge. */
function substringBaseline(response: HaluEvalResponse): boolean {
  const answer = response.answer.trim().replace(/\.$/, '').toLowerCase();
  return !response.knowledge.toLowerCase().includes(answer);
}

export interface HaluEvalOutcome {
  response: HaluEvalResponse;
  flagged: boolean;
  reasons: string[];
}

/** The names the answer and the knowledge go by on both paths: the name picks how each is read. */
const ANSWER_FILE = 'answer.txt';
const KNOWLEDGE_FILE = 'knowledge.md';

export async function evaluate(split: keyof typeof SPLITS, options: OfflineJudgeOptions = {}): Promise<HaluEvalOutcome[]> {
  const outcomes: HaluEvalOutcome[] = [];
  for (const response of loadResponses(split)) {
    // The answer is plain text; the knowledge is a document (so `.md`: read as paragraphs).
    const claims = await judgeCase(
      { report: response.answer, reportFile: ANSWER_FILE, evidence: [{ file: KNOWLEDGE_FILE, text: response.knowledge }], question: response.question },
      options,
    );
    const bad = claims.filter((claim) => claim.partition === 'ungrounded' || claim.partition === 'contradicted');
    outcomes.push({ response, flagged: bad.length > 0, reasons: bad.map((claim) => `${claim.partition}: ${claim.reason}`) });
  }
  return outcomes;
}

/**
 * The same responses through the command users run: `grounding-review review --batch` (the built
 * dist/cli.js, worker threads and all), each case giving its answer and knowledge as
 * {"file","text"} items (or, `named` false, as bare texts: the format is then read from the
 * content alone). Flagged the same way; both figures must equal the in-process one.
 */
export function evaluateThroughBatch(split: keyof typeof SPLITS, named = true): boolean[] {
  const responses = loadResponses(split);
  const dir = mkdtempSync(join(tmpdir(), 'halueval-batch-'));
  try {
    const cases = responses.map((response, index) =>
      named
        ? JSON.stringify({ id: index, report: { file: ANSWER_FILE, text: response.answer }, evidence: [{ file: KNOWLEDGE_FILE, text: response.knowledge }], question: response.question })
        : JSON.stringify({ id: index, report: response.answer, evidence: response.knowledge, question: response.question }),
    );
    writeFileSync(join(dir, 'cases.jsonl'), cases.join('\n') + '\n');
    const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
    const run = spawnSync(process.execPath, [cli, 'review', '--batch', join(dir, 'cases.jsonl')], { encoding: 'utf8', maxBuffer: 1 << 30 });
    const results = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: number; error?: string; claims?: Array<{ partition: string }> });
    if (results.length !== responses.length || results.some((result) => result.error !== undefined)) {
      throw new Error(`--batch gave ${results.length} result(s) for ${responses.length} case(s): ${run.stderr.trim()}`);
    }
    return results.map((result) => (result.claims ?? []).some((claim) => claim.partition === 'ungrounded' || claim.partition === 'contradicted'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function confusion(counts: BinaryCounts): string {
  return markdownTable(
    ['', 'flagged', 'not flagged'],
    [
      ['hallucinated', counts.truePositive, counts.falseNegative],
      ['right', counts.falsePositive, counts.trueNegative],
    ],
  );
}

export async function run(): Promise<string> {
  const split = selectedSplit();
  startLedger();
  const judgeName = evalJudgeSpec() ? `${evalJudgeSpec()!.kind} judge` : 'offline judge';
  const outcomes = await evaluate(split);
  const judge = binaryCounts(outcomes.map((o) => ({ actual: o.response.hallucinated, predicted: o.flagged })));
  const baseline = binaryCounts(outcomes.map((o) => ({ actual: o.response.hallucinated, predicted: substringBaseline(o.response) })));
  const j = binaryMetrics(judge);
  const b = binaryMetrics(baseline);
  const batchFlags = evaluateThroughBatch(split);
  const bareFlags = evaluateThroughBatch(split, false);
  const metricsOf = (flags: boolean[]) => binaryMetrics(binaryCounts(outcomes.map((o, index) => ({ actual: o.response.hallucinated, predicted: flags[index]! }))));
  const viaBatch = metricsOf(batchFlags);
  const viaBare = metricsOf(bareFlags);
  const differing = (flags: boolean[]) => outcomes.filter((o, index) => o.flagged !== flags[index]).length;
  // Resample whole questions (a line's right and hallucinated answers share its knowledge).
  const byLine = [...new Set(outcomes.map((o) => o.response.line))].map((line) => outcomes.filter((o) => o.response.line === line));
  const interval = bootstrapByGroup(byLine, (sample) => binaryMetrics(binaryCounts(sample.map((o) => ({ actual: o.response.hallucinated, predicted: o.flagged })))).balancedAccuracy);
  const lines = [
    `## HaluEval QA — ${judgeName} (${split} split, lines ${SPLITS[split].join('–')})`,
    '',
    `Responses: ${j.n} (${judge.truePositive + judge.falseNegative} hallucinated, ${judge.trueNegative + judge.falsePositive} right). ` +
      `Flagged = at least one ungrounded or contradicted claim. Pipeline: review() with the ${judgeName}.`,
    '',
    markdownTable(
      ['method', 'balanced accuracy', 'F1 (hallucinated)', 'precision', 'recall', 'specificity'],
      [
        [judgeName, fixed(j.balancedAccuracy), fixed(j.f1), fixed(j.precision), fixed(j.recall), fixed(j.specificity)],
        ['offline judge via `review --batch`, named items', fixed(viaBatch.balancedAccuracy), fixed(viaBatch.f1), fixed(viaBatch.precision), fixed(viaBatch.recall), fixed(viaBatch.specificity)],
        ['offline judge via `review --batch`, bare texts', fixed(viaBare.balancedAccuracy), fixed(viaBare.f1), fixed(viaBare.precision), fixed(viaBare.recall), fixed(viaBare.specificity)],
        ['baseline: answer text inside knowledge', fixed(b.balancedAccuracy), fixed(b.f1), fixed(b.precision), fixed(b.recall), fixed(b.specificity)],
      ],
    ),
    '',
    `${judgeName[0]!.toUpperCase()}${judgeName.slice(1)} confusion matrix:`,
    '',
    confusion(judge),
    '',
    `${judgeName[0]!.toUpperCase()}${judgeName.slice(1)} balanced accuracy ${fixed(j.balancedAccuracy)}, 95% interval ${fixed(interval.low)}–${fixed(interval.high)} (bootstrap over the ${byLine.length} questions).`,
    '',
    `Through the CLI (\`grounding-review review --batch\`): with answer and knowledge as {"file","text"} items named ${ANSWER_FILE} and ${KNOWLEDGE_FILE}, ` +
      `balanced accuracy ${fixed(viaBatch.balancedAccuracy)}, ${differing(batchFlags)} of ${outcomes.length} responses flagged differently from the in-process path; ` +
      `as bare texts, ${fixed(viaBare.balancedAccuracy)}, ${differing(bareFlags)} differently.`,
    ...(evalJudgeSpec() ? ['', ledgerLine()] : []),
  ];
  if (process.env.EVAL_VERBOSE && split === 'dev') {
    // Misses are listed only for the dev split: test cases are for reporting, never for tuning.
    lines.push('', 'Dev misses:', '');
    for (const o of outcomes.filter((o) => o.flagged !== o.response.hallucinated)) {
      lines.push(`- line ${o.response.line} ${o.response.hallucinated ? 'MISSED' : 'FALSE FLAG'}: ${JSON.stringify(o.response.answer)} — ${o.reasons.join('; ') || 'all grounded'} — Q: ${o.response.question}`);
    }
  }
  return lines.join('\n');
}
