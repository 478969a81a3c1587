// Cost against input size (issue 19): every evidence format and a one-token report at 1×, 10× and
// 100×, measured end to end through the CLI users run (`node dist/cli.js review …`, a fresh
// process each time: start-up, reading, parsing, indexing, judging, output) and in process
// (`review()`); then the two budgets of the issue, end to end. With BENCH_BEFORE=<a checkout with
// dist/cli.js built> every CLI figure is also taken with that build, in the same run, for a
// before/after table; with BENCH_BUDGETS_ONLY=1 only the budgets are measured. Needs `npm run
// build` first (dist/cli.js).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { review } from '../src/core/review';
import { EVIDENCE_FORMATS, evidenceFile, oneTokenReport, reportAbout, type BenchFormat } from './lib/format-inputs';
import { loadLine, median, ms, timeCalls } from './lib/measure';
import { repoRoot } from './report';
import { syntheticEvidence, syntheticReport } from './review.bench';

const HOOK = join(__dirname, 'lib', 'maxrss-hook.js');
const SCALES = [1, 10, 100];
/** Items at 1×: log lines, tool rows, trace events, JSON leaves, Markdown blocks. */
const BASE_ITEMS = 300;
const REPORT_CLAIMS = 10;
/** Characters of the one-token report at 1×. */
const BASE_TOKEN = 1_000;
/** A run of the old build past this is stopped and shown as such (it was quadratic). */
const TIMEOUT_MS = 60_000;
/** Runs per build for the budgets, the cold index and the start-up. */
const BUDGET_RUNS = 7;
const BUDGETS = [
  { claims: 10, lines: 10_000, ms: 600 },
  { claims: 1_000, lines: 10_000, ms: 1_500 },
];

interface CliRun {
  wallMs: number;
  cpuMs?: number;
  maxRssMiB?: number;
  /** Why the run has no figure (stopped, out of memory…). */
  failed?: string;
}

/** One review through a CLI build, in a fresh process; exit 0 and 1 are verdicts, anything else a failure. */
function runCli(cli: string, report: string, evidence: string): CliRun {
  const stats = join(tmpdir(), `grounding-bench-${process.pid}-${Date.now()}.json`);
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--require', HOOK, cli, 'review', report, '--evidence', evidence, '--format', 'json'], {
    env: { ...process.env, GROUNDING_MAXRSS_FILE: stats },
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: TIMEOUT_MS,
  });
  const wallMs = performance.now() - started;
  if (child.error || (child.status !== 0 && child.status !== 1)) {
    const why = child.signal === 'SIGTERM' ? `stopped after ${TIMEOUT_MS / 1000} s` : /heap out of memory/i.test(child.stderr) ? 'out of memory' : `exit ${child.status ?? child.signal}`;
    return { wallMs, failed: why };
  }
  const usage = existsSync(stats) ? (JSON.parse(readFileSync(stats, 'utf8')) as { maxRssKiB: number; cpuMs: number }) : undefined;
  rmSync(stats, { force: true });
  return { wallMs, cpuMs: usage?.cpuMs, maxRssMiB: usage ? usage.maxRssKiB / 1024 : undefined };
}

/** Median of `runs` CLI runs (a failure ends the series). */
function cliMedian(cli: string, report: string, evidence: string, runs: number): CliRun {
  const results: CliRun[] = [];
  for (let i = 0; i < runs; i++) {
    const run = runCli(cli, report, evidence);
    if (run.failed) return run;
    results.push(run);
  }
  const pick = (key: 'wallMs' | 'cpuMs' | 'maxRssMiB') => (results.every((r) => r[key] !== undefined) ? median(results.map((r) => r[key]!)) : undefined);
  return { wallMs: pick('wallMs')!, cpuMs: pick('cpuMs'), maxRssMiB: pick('maxRssMiB') };
}

/** Median wall and CPU time and the best wall time of a series of runs (a failure stands for the series). */
function summary(runs: CliRun[]): CliRun & { bestMs: number } {
  const failed = runs.find((run) => run.failed);
  if (failed) return { ...failed, bestMs: failed.wallMs };
  const cpu = runs.every((run) => run.cpuMs !== undefined) ? median(runs.map((run) => run.cpuMs!)) : undefined;
  return { wallMs: median(runs.map((run) => run.wallMs)), bestMs: Math.min(...runs.map((run) => run.wallMs)), cpuMs: cpu, maxRssMiB: median(runs.map((run) => run.maxRssMiB ?? 0)) };
}

const cell = (run: CliRun | undefined) => (run === undefined ? '–' : run.failed ? `**${run.failed}**` : `${ms(run.wallMs)} ms`);
const cpuCell = (run: CliRun | undefined) => (run?.cpuMs === undefined || run.failed ? '–' : `${ms(run.cpuMs)} ms`);
const rssCell = (run: CliRun | undefined) => (run?.maxRssMiB === undefined || run.failed ? '–' : `${run.maxRssMiB.toFixed(0)} MiB`);
const runsAt = (scale: number) => (scale >= 100 ? 1 : 3);

/** Cold indexing in a fresh process, as in one CLI run: parse + index of `lines` log lines (the build in `root`/out). */
function coldIndexMs(text: string, root = repoRoot): number {
  const script = `
    const { parseEvidenceSources } = require(${JSON.stringify(join(root, 'out', 'src', 'core', 'evidence'))});
    const { buildEvidenceIndex } = require(${JSON.stringify(join(root, 'out', 'src', 'core', 'retrieval'))});
    const text = require('node:fs').readFileSync(0, 'utf8');
    const start = performance.now();
    buildEvidenceIndex(parseEvidenceSources([{ file: 'evidence.log', text }]).items);
    process.stdout.write(String(performance.now() - start));`;
  const child = spawnSync(process.execPath, ['-e', script], { input: text, encoding: 'utf8', maxBuffer: 1 << 24 });
  return Number(child.stdout);
}

export async function run(): Promise<string> {
  const cli = join(repoRoot, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  const beforeRoot = process.env.BENCH_BEFORE;
  const before = beforeRoot ? join(beforeRoot, 'dist', 'cli.js') : undefined;
  if (before && !existsSync(before)) throw new Error(`BENCH_BEFORE: no ${before}`);
  const scratch = mkdtempSync(join(tmpdir(), 'grounding-scaling-'));
  const startLoad = loadavg().map((load) => load.toFixed(1)).join(' / ');
  const out: string[] = [
    '## Cost against input size, end to end',
    '',
    `Each format at 1×, 10× and 100× (${BASE_ITEMS.toLocaleString('en-US')}, ${(10 * BASE_ITEMS).toLocaleString('en-US')} and ${(100 * BASE_ITEMS).toLocaleString('en-US')} items: log lines, tool rows,`,
    'trace events, JSON leaves (half records, half one flat map of settings), Markdown blocks), reviewed',
    `with a ${REPORT_CLAIMS}-claim report about them; the last rows are a report that is one token of 1,000 / 10,000 / 100,000 characters`,
    `against ${BASE_ITEMS.toLocaleString('en-US')} log lines. CLI: \`node dist/cli.js review … --format json\` in a fresh process (median of 3 runs at 1× and 10×, 1 at 100×),`,
    'wall time, CPU time and peak memory; in process: `review()` after a warm-up (median of 3).',
    before ? `Before: the build in \`${beforeRoot}\`, measured in the same run; runs past ${TIMEOUT_MS / 1000} s are stopped.` : '',
    '',
    `| input | scale | ${before ? 'CLI before | ' : ''}CLI wall | CLI CPU | CLI peak memory | in process |`,
    `|---|---:|${before ? '---:|' : ''}---:|---:|---:|---:|`,
  ];
  const rows: Array<{ label: string; build: (scale: number) => { report: string; evidence: { name: string; text: string } } }> = [
    ...EVIDENCE_FORMATS.map((format: BenchFormat) => ({
      label: format,
      build: (scale: number) => {
        const evidence = evidenceFile(format, BASE_ITEMS * scale);
        return { report: reportAbout(evidence.facts, REPORT_CLAIMS), evidence };
      },
    })),
    {
      label: 'one-token report',
      build: (scale: number) => ({ report: oneTokenReport(BASE_TOKEN * scale), evidence: evidenceFile('log', BASE_ITEMS) }),
    },
  ];
  // BENCH_BUDGETS_ONLY=1: the budgets alone (the format rows take minutes on a loaded machine).
  for (const row of process.env.BENCH_BUDGETS_ONLY ? [] : rows) {
    for (const scale of SCALES) {
      const { report, evidence } = row.build(scale);
      const reportFile = join(scratch, 'report.md');
      const evidenceFilePath = join(scratch, evidence.name);
      writeFileSync(reportFile, report);
      writeFileSync(evidenceFilePath, evidence.text);
      const after = cliMedian(cli, reportFile, evidenceFilePath, runsAt(scale));
      const old = before ? cliMedian(before, reportFile, evidenceFilePath, runsAt(scale)) : undefined;
      const inProcess = await timeCalls(scale >= 100 ? 1 : 3, () => review({ report, reportFile: 'report.md', evidence: [{ file: evidence.name, text: evidence.text }] }));
      out.push(`| ${row.label} | ${scale}× | ${before ? `${cell(old)} | ` : ''}${cell(after)} | ${cpuCell(after)} | ${rssCell(after)} | ${ms(inProcess.wallMs)} ms |`);
      console.error(`scaling: ${row.label} ${scale}× done`);
    }
  }

  // The budgets of the issue, on the inputs of the offline-latency benchmark. The builds take turns
  // run by run, so both see the same load; the best run says what the machine does when it is free.
  out.push(
    '',
    `Each budget ${BUDGET_RUNS} runs per build${before ? ', the builds taking turns' : ''}; wall time median and best, CPU time (user + system, all threads) median.`,
    '',
    `| budget, end to end through the CLI | ${before ? 'before median | before best | ' : ''}after median | after best | after CPU | ${before ? 'before ÷ after (median) | ' : ''}verdict (median / best) |`,
    `|---|${before ? '---:|---:|' : ''}---:|---:|---:|${before ? '---:|' : ''}---|`,
  );
  const { source, rows: facts } = syntheticEvidence(10_000);
  const evidencePath = join(scratch, 'evidence.log');
  writeFileSync(evidencePath, source.text);
  for (const budget of BUDGETS) {
    const reportFile = join(scratch, `report-${budget.claims}.md`);
    writeFileSync(reportFile, syntheticReport(budget.claims, facts));
    const afterRuns: CliRun[] = [];
    const beforeRuns: CliRun[] = [];
    for (let i = 0; i < BUDGET_RUNS; i++) {
      afterRuns.push(runCli(cli, reportFile, evidencePath));
      if (before) beforeRuns.push(runCli(before, reportFile, evidencePath));
    }
    const after = summary(afterRuns);
    const old = before ? summary(beforeRuns) : undefined;
    const label = `${budget.claims.toLocaleString('en-US')} claims × ${budget.lines.toLocaleString('en-US')} lines ≤ ${budget.ms.toLocaleString('en-US')} ms`;
    const within = (value: number) => (value <= budget.ms ? 'within' : '**over**');
    const verdict = after.failed ? 'failed' : `${within(after.wallMs)} / ${within(after.bestMs)}`;
    const ratio = old && !old.failed && !after.failed ? `×${(old.wallMs / after.wallMs).toFixed(2)}` : '–';
    out.push(
      `| ${label} | ${old ? `${cell(old)} | ${old.failed ? '–' : `${ms(old.bestMs)} ms`} | ` : ''}${cell(after)} | ${after.failed ? '–' : `${ms(after.bestMs)} ms`} | ${cpuCell(after)} | ${old ? `${ratio} | ` : ''}${verdict} |`,
    );
  }
  const beforeOut = beforeRoot && existsSync(join(beforeRoot, 'out', 'src', 'core', 'retrieval')) ? beforeRoot : undefined;
  const index: number[] = [];
  const indexBefore: number[] = [];
  const help: number[] = [];
  const helpBefore: number[] = [];
  const startUp = (file: string) => {
    const started = performance.now();
    spawnSync(process.execPath, [file, '--help'], { encoding: 'utf8' });
    return performance.now() - started;
  };
  for (let i = 0; i < BUDGET_RUNS; i++) {
    index.push(coldIndexMs(source.text));
    if (beforeOut) indexBefore.push(coldIndexMs(source.text, beforeOut));
    help.push(startUp(cli));
    if (before) helpBefore.push(startUp(before));
  }
  const figures = (values: number[]) => `${ms(median(values))} ms median, ${ms(Math.min(...values))} ms best`;
  out.push(
    '',
    `10,000 log lines parsed and indexed cold, in a fresh process as in one CLI run (budget 200 ms; ${BUDGET_RUNS} runs): ${figures(index)}${beforeOut ? ` (before: ${figures(indexBefore)})` : ''}.`,
    `Start-up alone (\`node dist/cli.js --help\`, ${BUDGET_RUNS} runs): ${figures(help)}${before ? ` (before: ${figures(helpBefore)})` : ''}.`,
    '',
    `Load average at the start (1 / 5 / 15 min): ${startLoad}.`,
    loadLine(),
    '',
  );
  rmSync(scratch, { recursive: true, force: true });
  return out.join('\n');
}
