// `review --batch cases.jsonl`: many reviews, one JSON result per input line, in input order.
// Cases run on worker threads (one per core by default) when the review setup can be rebuilt
// inside a worker from plain options. Whatever goes wrong with one case — bad JSON, a bad field,
// an input the review cannot handle — becomes `{"id","line","error"}` and the rest go on.
// Evidence and report items may be `{"file","text"}`, so the format is chosen from the name
// exactly as for a file on disk; every text passes the same checks as a file (binary, size).
import { availableParallelism } from 'node:os';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { visit } from 'jsonc-parser';
import { z } from 'zod';
import type { SwitchOptions } from '../core/geometry/review-switch';
import type { GateReviewOptions } from '../core/gate/index';
import { formatZodError, type RoundDecision } from '../core/model';
import { redactReviewNotes, redactUrls } from '../core/redact';
import { review } from '../core/review';
import { toReviewJson } from '../core/review-json';
import type { ClaimJudge, ScoringSettings } from '../core/review-types';
import { CliError, asCliError, type CliIo } from './args';
import { evidenceFromText } from './files';

const NamedText = z.object({ file: z.string().min(1), text: z.string() }).strict();
const BatchCaseSchema = z.object({
  id: z.union([z.string(), z.number()]),
  report: z.union([z.string(), NamedText]),
  evidence: z.union([z.string(), z.array(z.union([z.string(), NamedText]))]),
  question: z.string().optional(),
});

/** What every case of a run is reviewed with. */
export interface BatchSetup {
  judge: ClaimJudge;
  settings: Partial<ScoringSettings>;
  switch?: SwitchOptions;
  gate?: GateReviewOptions;
  maxMb?: number;
}

/** What one input line produced: a result line, or an error line (counted apart). */
export interface BatchOutcome {
  output: string;
  id: string | number | null;
  decision?: RoundDecision;
  error?: true;
}

/** Reviews one JSON Lines case; never throws (a failure of any kind is that line's error line). */
export async function reviewBatchLine(raw: string, line: number, setup: BatchSetup): Promise<BatchOutcome> {
  let id: string | number | null = null;
  try {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch (error) {
      throw new CliError(`invalid JSON (${(error as Error).message})`);
    }
    id = idAsWritten(raw, (data as { id?: unknown } | null)?.id);
    const parsed = BatchCaseSchema.safeParse(data);
    if (!parsed.success) throw new CliError(formatZodError(parsed.error));
    const items = typeof parsed.data.evidence === 'string' ? [parsed.data.evidence] : parsed.data.evidence;
    const evidence = items.map((item, position) =>
      typeof item === 'string' ? evidenceFromText(items.length === 1 ? 'evidence' : `evidence${position + 1}`, item, setup.maxMb) : evidenceFromText(item.file, item.text, setup.maxMb),
    );
    const report = typeof parsed.data.report === 'string' ? { text: parsed.data.report } : { text: parsed.data.report.text, file: parsed.data.report.file };
    // The report passes the evidence's checks too: a runaway line is refused, not reviewed for minutes.
    const checked = evidenceFromText(report.file ?? 'report', report.text, setup.maxMb);
    if (checked.refused) throw new CliError(`${checked.file}: ${checked.refused}`);
    const result = await review({
      report: report.text,
      ...(report.file ? { reportFile: report.file } : {}),
      evidence,
      question: parsed.data.question,
      settings: setup.settings,
      judge: setup.judge,
      switch: setup.switch,
      gate: setup.gate,
    });
    return { output: JSON.stringify({ id, line, ...toReviewJson(redactReviewNotes(result)) }), id, decision: result.decision };
  } catch (error) {
    const cliError = asCliError(error);
    const message = cliError instanceof CliError ? cliError.message : `internal error: ${oneLine(error)}`;
    return { output: JSON.stringify({ id, line, error: redactUrls(message) }), id, error: true };
  }
}

/**
 * The id as the line wrote it: a string, or a number that survives the round trip; a number a
 * double cannot hold exactly (`12345678901234567890`, `1.0`) is kept as its written text.
 */
function idAsWritten(raw: string, parsed: unknown): string | number | null {
  if (typeof parsed === 'string') return parsed;
  if (typeof parsed !== 'number') return null;
  const written = topLevelLiteral(raw, 'id');
  return written === undefined || written === String(parsed) ? parsed : written;
}

/** The source text of a top-level property's literal value. */
function topLevelLiteral(raw: string, key: string): string | undefined {
  let depth = 0;
  let pending = false;
  let found: string | undefined;
  const enter = () => void depth++;
  const leave = () => void depth--;
  visit(raw, {
    onObjectBegin: enter,
    onObjectEnd: leave,
    onArrayBegin: enter,
    onArrayEnd: leave,
    onObjectProperty: (property) => {
      pending = depth === 1 && property === key;
    },
    onLiteralValue: (_value, offset, length) => {
      if (pending && depth === 1 && found === undefined) found = raw.slice(offset, offset + length);
      pending = false;
    },
  });
  return found;
}

/** The id of a raw case line, as written, or null when the line does not parse. */
function idOfLine(raw: string): string | number | null {
  try {
    return idAsWritten(raw, (JSON.parse(raw) as { id?: unknown } | null)?.id);
  } catch {
    return null;
  }
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]!;
}

/** How a worker rebuilds the setup: plain options, handed to the builder the CLI registered. */
export interface WorkerSetupSpec {
  /** The module that calls `serveBatchWorker` when loaded in a worker (the review command's file). */
  file: string;
  options: Record<string, unknown>;
}

export interface BatchRun {
  file: string;
  text: string;
  /** The setup for in-thread runs. */
  setup: () => BatchSetup;
  /** Set when workers may rebuild the setup; absent → every case runs in this thread. */
  worker?: WorkerSetupSpec;
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
  const firstLineOf = new Map<string, number>();
  const record = (outcome: BatchOutcome, line: number) => {
    run.io.stdout(outcome.output + '\n');
    if (outcome.id !== null) {
      const key = JSON.stringify(outcome.id);
      const first = firstLineOf.get(key);
      if (first === undefined) firstLineOf.set(key, line);
      else run.io.stderr(`${run.file}:${line}: duplicate id ${key} (first at line ${first}); results are told apart by "line"\n`);
    }
    if (outcome.error) summary.errors++;
    else if (outcome.decision) {
      summary.reviewed++;
      summary.decisions[outcome.decision]++;
    }
  };

  const jobs = Math.max(1, Math.min(run.jobs ?? availableParallelism(), cases.length));
  if (jobs === 1 || !run.worker) {
    const setup = run.setup();
    for (const entry of cases) {
      record(await reviewBatchLine(entry.raw, entry.line, setup), entry.line);
      // A review is microtasks only: yield to the event loop so a closed stdout (EPIPE) is heard between cases.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return summary;
  }
  await runOnWorkers(cases, jobs, run.worker, record);
  return summary;
}

type BatchCase = { raw: string; line: number };

/** Deals cases to workers as they free up; buffers results so output keeps the input order. */
async function runOnWorkers(cases: BatchCase[], jobs: number, spec: WorkerSetupSpec, record: (outcome: BatchOutcome, line: number) => void): Promise<void> {
  const done = new Map<number, BatchOutcome>();
  let nextToPrint = 0;
  let nextToSend = 0;
  const flush = () => {
    while (done.has(nextToPrint)) {
      record(done.get(nextToPrint)!, cases[nextToPrint]!.line);
      done.delete(nextToPrint++);
    }
  };
  const workers = new Set<Worker>();
  // One lane per job: a worker that dies (out of memory, a crash) fails only the case it held,
  // and a fresh worker takes the lane over; a worker that dies before any case is a setup failure.
  const lane = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(spec.file, {
        workerData: { kind: WORKER_KIND, options: spec.options },
        // The setup's notices (e.g. "no key: offline judge") are the parent's to print, once.
        stderr: true,
      });
      workers.add(worker);
      let current: number | undefined;
      let served = false;
      const sendNext = () => {
        if (nextToSend >= cases.length) {
          current = undefined;
          resolve();
          return;
        }
        current = nextToSend++;
        worker.postMessage({ index: current, ...cases[current] });
      };
      const died = (why: string) => {
        workers.delete(worker);
        if (!served) {
          reject(new Error(`batch worker failed to start: ${why}`));
          return;
        }
        if (current === undefined) return;
        const index = current;
        current = undefined;
        const id = idOfLine(cases[index]!.raw);
        done.set(index, { output: JSON.stringify({ id, line: cases[index]!.line, error: `internal error: the review's worker died (${why})` }), id, error: true });
        flush();
        void worker.terminate();
        lane().then(resolve, reject);
      };
      worker.on('message', (message: { index: number; outcome?: BatchOutcome; ready?: true }) => {
        served = true;
        if (message.outcome) {
          done.set(message.index, message.outcome);
          flush();
        }
        sendNext();
      });
      worker.once('error', (error) => died(oneLine(error)));
      worker.once('exit', (code) => {
        if (current !== undefined || !served) died(`exit code ${code}`);
      });
    });
  try {
    await Promise.all(Array.from({ length: jobs }, lane));
  } finally {
    await Promise.all([...workers].map((worker) => worker.terminate()));
  }
  flush();
}

/** The closing line of a batch run. */
export function formatBatchSummary(summary: BatchSummary): string {
  const { proceed, regenerate, replan, abstain } = summary.decisions;
  const errors = summary.errors > 0 ? `; ${summary.errors} bad line(s)` : '';
  return `${summary.reviewed} reviewed: ${proceed} proceed, ${regenerate} regenerate, ${replan} replan, ${abstain} abstain${errors}`;
}

/** Whether this thread is a batch worker (then the module named in its spec calls `serveBatchWorker`). */
export function isBatchWorker(): boolean {
  return parentPort !== null && (workerData as { kind?: string } | null)?.kind === WORKER_KIND;
}

/** Inside a worker: build the setup once from the spec's options, then review each case the parent sends. */
export function serveBatchWorker(build: (options: Record<string, unknown>) => BatchSetup): void {
  const setup = build((workerData as { options: Record<string, unknown> }).options);
  parentPort!.on('message', async (message: { index: number; raw: string; line: number }) => {
    const outcome = await reviewBatchLine(message.raw, message.line, setup);
    parentPort!.postMessage({ index: message.index, outcome });
  });
  parentPort!.postMessage({ index: -1, ready: true });
}
