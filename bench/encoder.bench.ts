// `npm run bench`: the embedded encoder's cost — cold load (in a fresh child process, so nothing
// is already in memory), per-text latency single vs batched, and the switch for one report and
// for a 50-claim report with per-claim geometry. Targets: load + score one report < 1 s cold,
// < 100 ms warm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getEmbeddedEncoder } from '../src/core/geometry/embedded-encoder';
import { computeSwitch } from '../src/core/geometry/review-switch';

const RUNS = 5;
const EXAMPLE = join(__dirname, '../../examples/incident');

/** The bundled example report (front matter question) and its log evidence: a real-sized report. */
export function exampleReport() {
  const read = (name: string) => readFileSync(join(EXAMPLE, name), 'utf8');
  const report = read('report.md');
  const question = /^question:\s*(.+)$/m.exec(report)?.[1] ?? 'What caused the outage?';
  return { report, evidence: ['alert.log', 'app.log', 'metrics.log'].map(read), question };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A synthetic incident report of n claims and its evidence lines; `salt` makes every text new (no cache hits). */
export function syntheticReport(claims: number, salt: string) {
  const lines = Array.from({ length: claims }, (_, i) => `At 14:${String(i % 60).padStart(2, '0')} host db-prod-${i % 7} reported cpu_pct=${(90 + (i % 10)).toFixed(1)} and error rate ${i % 5}% (${salt}).`);
  const evidence = Array.from({ length: 30 }, (_, i) => `[tool=query_metrics row=14:${String(i % 60).padStart(2, '0')}:01] host=db-prod-${i % 7} cpu_pct=${(88 + (i % 12)).toFixed(1)} errors=${i % 5} run=${salt}`).join('\n');
  return { report: lines.join(' '), claims: lines.map((text, i) => ({ id: `C${i + 1}`, text })), evidence, question: `Why did db-prod fail (${salt})?` };
}

/** The cold path, measured in a child process: require → model loaded → one report's switch computed. */
const COLD_SCRIPT = `
const t0 = performance.now();
const c0 = process.cpuUsage();
const cpu = () => { const u = process.cpuUsage(c0); return (u.user + u.system) / 1000; };
const { getEmbeddedEncoder } = require(${JSON.stringify(join(__dirname, '../src/core/geometry/embedded-encoder.js'))});
const { computeSwitch } = require(${JSON.stringify(join(__dirname, '../src/core/geometry/review-switch.js'))});
const { exampleReport } = require(${JSON.stringify(join(__dirname, 'encoder.bench.js'))});
(async () => {
  const encoder = getEmbeddedEncoder();
  await encoder.load();
  const t1 = performance.now();
  const cpuLoad = cpu();
  const r = exampleReport();
  const result = await computeSwitch({ report: r.report, evidenceTexts: r.evidence, question: r.question, encoder });
  const t2 = performance.now();
  if (!result.computed) throw new Error(result.reason);
  console.log(JSON.stringify({ load: t1 - t0, firstScore: t2 - t1, total: t2 - t0, cpuLoad, cpuTotal: cpu(), uptime: process.uptime() * 1000 }));
})();`;

export async function run(): Promise<string> {
  const cold = Array.from({ length: 3 }, () => {
    const started = performance.now();
    const child = spawnSync(process.execPath, ['-e', COLD_SCRIPT], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(child.stderr);
    type Cold = { load: number; firstScore: number; total: number; cpuLoad: number; cpuTotal: number; uptime: number };
    return { ...(JSON.parse(child.stdout.trim().split('\n').pop()!) as Cold), wall: performance.now() - started };
  });

  const encoder = getEmbeddedEncoder();
  await encoder.load();
  await encoder.embed(['warm the graph up']);

  const single: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await encoder.embed([`The deploy of build ${i} finished at 14:0${i % 10} and the error rate rose to ${i}%.`]);
    single.push(performance.now() - t);
  }
  const batched: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const texts = Array.from({ length: 30 }, (_, i) => `Run ${run}: the deploy of build ${i} finished at 14:0${i % 10} and the error rate rose to ${i}%.`);
    const t = performance.now();
    await encoder.embed(texts);
    batched.push((performance.now() - t) / texts.length);
  }

  const timeSwitch = async (claims: number, perClaim: boolean, salt: string, evidenceSalt = salt) => {
    const r = syntheticReport(claims, salt);
    const evidence = syntheticReport(claims, evidenceSalt).evidence;
    const t = performance.now();
    const c = process.cpuUsage();
    const result = await computeSwitch({ report: r.report, evidenceTexts: [evidence], question: r.question, encoder, claims: perClaim ? r.claims : undefined });
    if (!result.computed) throw new Error(result.reason);
    const u = process.cpuUsage(c);
    return { wall: performance.now() - t, cpu: (u.user + u.system) / 1000 };
  };
  type Timing = { wall: number; cpu: number };
  const example = exampleReport();
  const exampleStart = performance.now();
  const exampleCpu = process.cpuUsage();
  await computeSwitch({ report: example.report, evidenceTexts: example.evidence, question: example.question, encoder });
  const exampleUsage = process.cpuUsage(exampleCpu);
  const exampleWarm: Timing = { wall: performance.now() - exampleStart, cpu: (exampleUsage.user + exampleUsage.system) / 1000 };
  const warm10: Timing[] = [];
  const edited10: Timing[] = [];
  const warm50: Timing[] = [];
  const cached50: Timing[] = [];
  for (let run = 0; run < RUNS; run++) {
    warm10.push(await timeSwitch(10, false, `warm-${run}`));
    // The editor's case: the report was edited, the evidence is unchanged (its passages are cached).
    edited10.push(await timeSwitch(10, false, `edited-${run}`, `warm-${run}`));
    warm50.push(await timeSwitch(50, true, `claims-${run}`));
    cached50.push(await timeSwitch(50, true, `claims-${run}`));
  }

  const ms = (v: number) => `${v.toFixed(v < 20 ? 1 : 0)} ms`;
  const pair = (xs: Timing[]) => `${ms(median(xs.map((x) => x.wall)))} | ${ms(median(xs.map((x) => x.cpu)))}`;
  const verdict = (value: number, target: number) => (value < target ? `✔ (${ms(value)} CPU)` : `✘ (${ms(value)} CPU)`);
  const coldCpu = median(cold.map((c) => c.cpuTotal));
  const warmCpu = exampleWarm.cpu;
  const load = (await import('node:os')).loadavg();
  return [
    '## Embedded encoder (USE-lite) and the switch',
    '',
    'Wall time depends on what else runs; TF.js/WASM runs on one thread here, so CPU time is what the same step takes on an idle core.',
    '',
    '| measure | wall (median) | CPU (median) |',
    '|---|---|---|',
    `| cold: require + load model (fresh child process, ${cold.length} runs) | ${ms(median(cold.map((c) => c.load)))} | ${ms(median(cold.map((c) => c.cpuLoad)))} |`,
    `| cold: then the switch for examples/incident (first graph run) | ${ms(median(cold.map((c) => c.firstScore)))} | ${ms(median(cold.map((c) => c.cpuTotal - c.cpuLoad)))} |`,
    `| **cold: load + score one report** | **${ms(median(cold.map((c) => c.total)))}** | **${ms(coldCpu)}** |`,
    `| cold: whole child process incl. Node start-up | ${ms(median(cold.map((c) => c.wall)))} | |`,
    `| **warm: switch for examples/incident (135-word report, 3 logs), texts new** | ${pair([exampleWarm])} |`,
    `| warm: switch for a synthetic 10-claim report + 30 log lines, texts new | ${pair(warm10)} |`,
    `| warm: the same after editing the report (evidence cached) | ${pair(edited10)} |`,
    `| per text, alone (20 texts) | ${ms(median(single))} | |`,
    `| per text, in a batch of 30 | ${ms(median(batched))} | |`,
    `| switch for a 50-claim report + per-claim geometry, all texts new | ${pair(warm50)} |`,
    `| the same, all texts cached | ${pair(cached50)} |`,
    '',
    `Targets (examples/incident), judged on CPU time: load + score one report < 1 s cold ${verdict(coldCpu, 1000)}; < 100 ms warm ${verdict(warmCpu, 100)}.`,
    `Machine: ${process.platform} ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.version}; load average ${load.map((l) => l.toFixed(1)).join(' ')} at the end.`,
  ].join('\n');
}
