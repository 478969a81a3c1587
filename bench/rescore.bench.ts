// Re-score latency after a settings change: a review is judged once, then `rescore()` recomputes
// S and δ from the stored claims with other thresholds, weights or ρ — the judge is not called.
// Measured next to the whole `review()` on the bundled example and on a synthetic 1,000-claim
// report, so the ratio shows why a threshold change in the editor never re-runs the judge.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_WEIGHTS } from '../src/core/model';
import { rescore, review, type ReviewInput } from '../src/core/review';
import type { ScoringSettings } from '../src/core/review-types';
import { segmentReport } from '../src/core/segment';
import { loadLine, ms, timeCalls } from './lib/measure';
import { syntheticEvidence, syntheticReport } from './review.bench';

const EXAMPLE = join(__dirname, '../../examples/incident');

/** The settings changes a user makes in the editor, cycled through by the re-score runs. */
const CHANGES: { label: string; settings: Partial<ScoringSettings> }[] = [
  { label: 'thresholds τ_proceed 0.90, τ_regenerate 0.70', settings: { thresholds: { proceed: 0.9, regenerate: 0.7 } } },
  { label: 'ρ 0.8', settings: { rho: 0.8 } },
  { label: 'weights: inference 0.40, domain 0.50', settings: { weights: { ...DEFAULT_WEIGHTS, inference: 0.4, domain: 0.5 } } },
];

/** The example as the CLI reads it: the report and the evidence files its front matter lists. */
function exampleInput(): ReviewInput {
  const report = readFileSync(join(EXAMPLE, 'report.md'), 'utf8');
  const files = segmentReport(report).frontMatter.evidence ?? [];
  if (files.length === 0) throw new Error('examples/incident/report.md lists no evidence in its front matter');
  return { report, reportFile: 'report.md', evidence: files.map((file) => ({ file, text: readFileSync(join(EXAMPLE, file), 'utf8') })) };
}

function syntheticInput(claims: number, lines: number): ReviewInput {
  const { source, rows } = syntheticEvidence(lines);
  return { report: syntheticReport(claims, rows), evidence: [source] };
}

interface Row {
  name: string;
  claims: number;
  review: Awaited<ReturnType<typeof timeCalls>>;
  rescore: Awaited<ReturnType<typeof timeCalls>>;
}

async function measure(name: string, input: ReviewInput, reviewRuns: number, rescoreRuns: number): Promise<Row> {
  const result = await review(input);
  // A re-score must give what a fresh review with the same settings gives, or the figure means nothing.
  for (const change of CHANGES) {
    const fresh = await review({ ...input, settings: change.settings });
    const rescored = rescore(result, change.settings);
    if (fresh.score !== rescored.score || fresh.decision !== rescored.decision) {
      throw new Error(`${name}, ${change.label}: rescore gives S=${rescored.score} ${rescored.decision}, a fresh review S=${fresh.score} ${fresh.decision}`);
    }
  }
  const reviewTiming = await timeCalls(reviewRuns, () => review(input));
  let next = 0;
  const rescoreTiming = await timeCalls(rescoreRuns, () => rescore(result, CHANGES[next++ % CHANGES.length].settings), 20);
  return { name, claims: result.claims.length, review: reviewTiming, rescore: rescoreTiming };
}

export async function run(): Promise<string> {
  const rows = [
    await measure('bundled example (`examples/incident/`, 4 evidence files)', exampleInput(), 15, 2_000),
    await measure('synthetic report × 1,000 evidence lines', syntheticInput(1_000, 1_000), 5, 300),
  ];
  const out = [
    '## Re-score latency after a settings change',
    '',
    'A review is judged once (offline judge); then `rescore(result, settings)` recomputes S and δ from the stored claims',
    `with changed settings, cycling through: ${CHANGES.map((change) => change.label).join('; ')}.`,
    'Each re-scored S and δ was checked equal to a fresh `review()` with the same settings before timing.',
    'Median per call; CPU = user + system time of this process (less sensitive to other load than wall time).',
    '',
    '| review | claims | `review()` wall (ms) | `review()` CPU (ms) | `rescore()` wall (ms) | `rescore()` CPU (ms) | review ÷ rescore (wall) |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    out.push(
      `| ${row.name} | ${row.claims.toLocaleString('en-US')} | ${ms(row.review.wallMs)} (${row.review.runs} runs) | ${ms(row.review.cpuMs)} | ` +
        `${ms(row.rescore.wallMs)} (${row.rescore.runs.toLocaleString('en-US')} runs) | ${ms(row.rescore.cpuMs)} | ×${Math.round(row.review.wallMs / row.rescore.wallMs).toLocaleString('en-US')} |`,
    );
  }
  out.push(
    '',
    'A threshold, weight or ρ change in the editor goes through `rescore()`: the marks and the judge calls stay, only S and δ move.',
    '',
    loadLine(),
    '',
  );
  return out.join('\n');
}
