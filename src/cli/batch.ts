// `review --batch cases.jsonl`: many reviews, one JSON result per input line, in input order.
// Cases run on worker threads (one per core by default) when the judge can be rebuilt inside a
// worker from plain options; a bad line becomes an error line for its id and the rest go on.
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { formatZodError, type RoundDecision } from '../core/model';
import { review, toReviewJson } from '../core/review';
import type { ClaimJudge, ScoringSettings } from '../core/review-types';
import { CliError, asCliError, type CliIo } from './args';

const BatchCaseSchema = z.object({
  id: z.union([z.string(), z.number()]),
  report: z.string(),
  evidence: z.union([z.string(), z.array(z.string())]),
  question: z.string().optional(),
});

/** What one input line produced: a result line, or an error line (counted apart). */
export interface BatchOutcome {
  output: string;
  decision?: RoundDecision;
  error?: true;
}

/** Reviews one JSON Lines case; never throws for bad input (that is an error line). */
export async function reviewBatchLine(raw: string, line: number, judge: ClaimJudge, settings: Partial<ScoringSettings>): Promise<BatchOutcome> {
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
    return { output: JSON.stringify({ id, ...toReviewJson(result) }), decision: result.decision };
  } catch (error) {
    const cliError = asCliError(error);
    if (!(cliError instanceof CliError)) throw error;
    return { output: JSON.stringify({ id, line, error: cliError.message }), error: true };
  }
}

/** How a worker rebuilds the judge: a name from the CLI's judge table and its plain options. */
export interface WorkerJudgeSpec {
  name: string;
  values: Record<string, unknown>;
}

export interface BatchRun {
  file: string;
  text: string;
  settings: Partial<ScoringSettings>;
  /** The judge for in-thread runs. */
  judge: () => ClaimJudge;
  /** Set when workers may rebuild the judge; absent → every case runs in this thread. */
  workerJudge?: WorkerJudgeSpec;
  /** Worker threads to use (default: one per core). 1 runs in this thread. */
  jobs?: number;
  io: CliIo;
}

export interface BatchSummary {
  reviewed: number;
  errors: number;
  decisions: Record<RoundDecision, number>;
}

const WORKER_KIND = 'grounding-review/batch-worker';

/** Runs every non-blank line; prints results in input order as they complete, then returns the tally. */
export async function runBatchCases(run: BatchRun): Promise<BatchSummary> {
  const cases = run.text
    .split(/\r\n|\r|\n/)
    .map((raw, index) => ({ raw, line: index + 1 }))
    .filter((entry) => entry.raw.trim() !== '');
  const summary: BatchSummary = { reviewed: 0, errors: 0, decisions: { proceed: 0, regenerate: 0, replan: 0, abstain: 0 } };
  const record = (outcome: BatchOutcome) => {
    run.io.stdout(outcome.output + '\n');
    if (outcome.error) summary.errors++;
    else if (outcome.decision) {
      summary.reviewed++;
      summary.decisions[outcome.decision]++;
    }
  };

  const jobs = Math.max(1, Math.min(run.jobs ?? availableParallelism(), cases.length));
  if (jobs === 1 || !run.workerJudge) {
    const judge = run.judge();
    for (const entry of cases) record(await reviewBatchLine(entry.raw, entry.line, judge, run.settings));
    return summary;
  }
  await runOnWorkers(cases, jobs, run, record);
  return summary;
}

/** Deals cases to workers as they free up; buffers results so output keeps the input order. */
async function runOnWorkers(
  cases: Array<{ raw: string; line: number }>,
  jobs: number,
  run: BatchRun,
  record: (outcome: BatchOutcome) => void,
): Promise<void> {
  const done = new Map<number, BatchOutcome>();
  let nextToPrint = 0;
  let nextToSend = 0;
  const flush = () => {
    while (done.has(nextToPrint)) {
      record(done.get(nextToPrint)!);
      done.delete(nextToPrint++);
    }
  };
  const workers: Worker[] = [];
  try {
    await Promise.all(
      Array.from({ length: jobs }, () => {
        const worker = new Worker(__filename, {
          workerData: { kind: WORKER_KIND, judge: run.workerJudge, settings: run.settings },
          // The judge's notices (e.g. "no key: offline judge") are the parent's to print, once.
          stderr: true,
        });
        workers.push(worker);
        return new Promise<void>((resolve, reject) => {
          const sendNext = () => {
            if (nextToSend >= cases.length) {
              resolve();
              return;
            }
            const index = nextToSend++;
            worker.postMessage({ index, ...cases[index] });
          };
          worker.on('message', (message: { index: number; outcome: BatchOutcome }) => {
            done.set(message.index, message.outcome);
            flush();
            sendNext();
          });
          worker.once('error', reject);
          worker.once('exit', (code) => {
            if (code !== 0) reject(new Error(`batch worker exited with code ${code}`));
          });
          worker.once('online', sendNext);
        });
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  flush();
}

/** The closing line of a batch run. */
export function formatBatchSummary(summary: BatchSummary): string {
  const { proceed, regenerate, replan, abstain } = summary.decisions;
  const errors = summary.errors > 0 ? `; ${summary.errors} bad line(s)` : '';
  return `${summary.reviewed} reviewed: ${proceed} proceed, ${regenerate} regenerate, ${replan} replan, ${abstain} abstain${errors}`;
}

/** Inside a worker: rebuild the judge once, then review each case the parent sends. */
async function serveWorker(): Promise<void> {
  const data = workerData as { judge: WorkerJudgeSpec; settings: Partial<ScoringSettings> };
  // Loaded here, not at the top: the commands module imports this one.
  const { CLI_JUDGES } = await import('./commands/review.js');
  const silentIo: CliIo = { stdout: () => undefined, stderr: () => undefined, env: process.env, cwd: process.cwd() };
  const judge = CLI_JUDGES[data.judge.name](silentIo, data.judge.values);
  parentPort!.on('message', async (message: { index: number; raw: string; line: number }) => {
    const outcome = await reviewBatchLine(message.raw, message.line, judge, data.settings);
    parentPort!.postMessage({ index: message.index, outcome });
  });
}

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === WORKER_KIND) {
  void serveWorker();
}
