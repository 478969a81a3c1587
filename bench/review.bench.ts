// Offline review latency: the whole review() — segmentation, evidence parsing, the offline judge
// and scoring — on synthetic incident reports of 10 / 100 / 1,000 claims against 100 / 1,000 /
// 10,000 evidence lines, median of several runs; then the budgets of issue 4 against the figures
// and where the time goes at the largest size.
import { generator } from './lib/random';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseEvidenceSources } from '../src/core/evidence';
import { createOfflineJudge } from '../src/core/judge/offline';
import { review } from '../src/core/review';
import type { EvidenceSource } from '../src/core/review-types';
import { segmentReport } from '../src/core/segment';

const CLAIM_COUNTS = [10, 100, 1_000];
const LINE_COUNTS = [100, 1_000, 10_000];
const BUDGETS = [
  { claims: 1_000, lines: 10_000, ms: 2_000 },
  { claims: 50, lines: 1_000, ms: 150 },
];


interface Row {
  time: string;
  host: string;
  cpu: string;
}

const clock = (index: number) => {
  const seconds = 14 * 3600 + index;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600) % 24)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
};

/** Evidence: 75% metric tool rows, 15% application log lines, 5% signals, 5% plain notes. */
export function syntheticEvidence(lines: number): { source: EvidenceSource; rows: Row[] } {
  const random = generator(7);
  const rows: Row[] = [];
  const text: string[] = [];
  for (let index = 0; index < lines; index++) {
    const roll = random();
    const time = clock(index);
    const host = `db-prod-${Math.floor(random() * 400)}`;
    if (roll < 0.75) {
      const cpu = (random() * 100).toFixed(1);
      rows.push({ time, host, cpu });
      text.push(`[tool=query_metrics row=${time}] host=${host} cpu_pct=${cpu} mem_pct=${Math.floor(random() * 100)}`);
    } else if (roll < 0.9) {
      text.push(`2026-03-01T${time}Z ERROR checkout-api upstream request failed status=503 upstream=${host}`);
    } else if (roll < 0.95) {
      text.push(`[signal] alert_id=ALR-${index} fired_at=${time} host=${host} severity=page`);
    } else {
      text.push(`operator note ${index}: ${host} was drained for maintenance`);
    }
  }
  return { source: { file: 'evidence.log', text: text.join('\n') + '\n' }, rows };
}

/** A Markdown report, five claims a paragraph: restated rows, wrong numbers, causal over-reach, hedges, absent facts. */
export function syntheticReport(claims: number, rows: readonly Row[]): string {
  const random = generator(11);
  const sentences: string[] = [];
  for (let index = 0; index < claims; index++) {
    const row = rows[Math.floor(random() * rows.length)];
    const roll = random();
    if (roll < 0.5) sentences.push(`CPU on ${row.host} reached ${row.cpu}% at ${row.time}.`);
    else if (roll < 0.65) sentences.push(`CPU on ${row.host} reached ${(Number(row.cpu) + 7.3).toFixed(1)}% at ${row.time}.`);
    else if (roll < 0.8) sentences.push(`The outage on ${row.host} was caused by the config push.`);
    else if (roll < 0.9) sentences.push(`A slow disk on ${row.host} could also explain the load.`);
    else sentences.push(`Host db-standby-${index} was rebooted by the on-call engineer.`);
  }
  const paragraphs: string[] = ['# Synthetic incident report', ''];
  for (let start = 0; start < sentences.length; start += 5) paragraphs.push(sentences.slice(start, start + 5).join(' '), '');
  return paragraphs.join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median wall time of `runs` calls after one warm-up call. */
async function time(runs: number, action: () => unknown): Promise<number> {
  await action();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await action();
    times.push(performance.now() - start);
  }
  return median(times);
}

const runsFor = (claims: number, lines: number) => (claims * lines >= 10_000_000 ? 3 : claims * lines >= 1_000_000 ? 5 : 9);

async function measure(claims: number, lines: number): Promise<{ ms: number; claimCount: number }> {
  const { source, rows } = syntheticEvidence(lines);
  const report = syntheticReport(claims, rows);
  const claimCount = segmentReport(report).claims.length;
  const ms = await time(runsFor(claims, lines), () => review({ report, evidence: [source] }));
  return { ms, claimCount };
}

const format = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

export async function run(): Promise<string> {
  const grid = new Map<string, number>();
  for (const claims of CLAIM_COUNTS) {
    for (const lines of LINE_COUNTS) {
      const { ms, claimCount } = await measure(claims, lines);
      if (claimCount !== claims) throw new Error(`the synthetic report segmented into ${claimCount} claims, expected ${claims}`);
      grid.set(`${claims}×${lines}`, ms);
    }
  }
  const out: string[] = [
    '## Offline review latency',
    '',
    'Whole `review()` with the offline judge (segmentation, evidence parsing, retrieval and rules, scoring) on synthetic',
    'incident reports against a synthetic evidence log (75% metric tool rows, 15% log lines, 5% signals, 5% notes).',
    'Claims: half restate a row, the rest are wrong numbers, causal over-reach, hedged alternatives and absent facts.',
    'Median wall time in milliseconds (9 runs; 5 from 10⁶ claim×line pairs, 3 from 10⁷), after one warm-up run.',
    '',
    `| claims \\ evidence lines | ${LINE_COUNTS.map((lines) => lines.toLocaleString('en-US')).join(' | ')} |`,
    `|---|${LINE_COUNTS.map(() => '---:').join('|')}|`,
  ];
  for (const claims of CLAIM_COUNTS) {
    out.push(`| ${claims.toLocaleString('en-US')} | ${LINE_COUNTS.map((lines) => format(grid.get(`${claims}×${lines}`)!)).join(' | ')} |`);
  }
  out.push('', '| budget (issue 4) | measured | verdict |', '|---|---:|---|');
  for (const budget of BUDGETS) {
    const ms = grid.get(`${budget.claims}×${budget.lines}`) ?? (await measure(budget.claims, budget.lines)).ms;
    const label = `${budget.claims.toLocaleString('en-US')} claims × ${budget.lines.toLocaleString('en-US')} lines ≤ ${budget.ms.toLocaleString('en-US')} ms`;
    out.push(`| ${label} | ${format(ms)} ms | ${ms <= budget.ms ? 'within budget' : '**over budget**'} |`);
  }

  // Growth: time per claim and per line, so near-linear scaling (or not) is visible at a glance.
  const largest = grid.get('1000×10000')!;
  out.push(
    '',
    `Growth: ×10 claims at 10,000 lines costs ×${(grid.get('100×10000')! / grid.get('10×10000')!).toFixed(1)} (10→100) and ×${(largest / grid.get('100×10000')!).toFixed(1)} (100→1,000);` +
      ` ×10 lines at 1,000 claims costs ×${(grid.get('1000×1000')! / grid.get('1000×100')!).toFixed(1)} (100→1,000) and ×${(largest / grid.get('1000×1000')!).toFixed(1)} (1,000→10,000).`,
  );

  // Where the time goes at the largest size.
  const { source, rows } = syntheticEvidence(10_000);
  const report = syntheticReport(1_000, rows);
  const claims = segmentReport(report).claims;
  const items = parseEvidenceSources([source]).items;
  const judge = createOfflineJudge();
  const segmentMs = await time(3, () => segmentReport(report));
  const parseMs = await time(3, () => parseEvidenceSources([source]));
  const judgeMs = await time(3, () => judge.judgeClaims({ claims, evidence: items }));
  out.push(
    '',
    '| stage at 1,000 claims × 10,000 lines | median (ms) |',
    '|---|---:|',
    `| segmentation (Markdown parse, sentences, clauses) | ${format(segmentMs)} |`,
    `| evidence parsing | ${format(parseMs)} |`,
    `| offline judge (index + rules) | ${format(judgeMs)} |`,
    '',
    // Other processes on the machine inflate wall times; the load says how much to trust them.
    `Load average at the end of the run (1 / 5 / 15 min): ${loadavg().map((load) => load.toFixed(1)).join(' / ')}.`,
    '',
  );
  return out.join('\n');
}
