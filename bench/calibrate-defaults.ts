// Regenerates the embedded encoder's shipped geometry defaults from data/:
//   src/core/geometry/data/dgi-direction.json      μ̂ (+ the local-k reference set) from GL-212 odd ids
//   src/core/geometry/data/calibrated-thresholds.json  SGI cuts from HaluEval QA dev, DGI cut from GL-212 odd ids
// with each data file's SHA-256. Run: `npm run compile-tests && node out/bench/calibrate-defaults.js`.
// Held-out figures (HaluEval test, GL-212 even ids) are measured by `npm run eval` (bench/geometry.eval.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeQuantised, groundingDirection, localDirection, unitDisplacement, type DirectionFile } from '../src/core/geometry/dgi';
import { EMBEDDED_ENCODER_ID, getEmbeddedEncoder } from '../src/core/geometry/embedded-encoder';
import { auroc, fitFromScores, scoreExamples, youdenCut } from '../src/core/geometry/fit';
import { dot, unit } from '../src/core/geometry/vector';
import { GL212_FILE, HALUEVAL_FILES, REPO_ROOT, loadGl212, loadHaluEval, sha256Of, type ReferencePair } from './geometry-data';

const OUT_DIR = join(REPO_ROOT, 'src/core/geometry/data');

/** Unit displacements and question embeddings of reference pairs, for the grounded answers. */
export async function embedPairs(pairs: readonly ReferencePair[]) {
  const encoder = getEmbeddedEncoder();
  const vectors = await encoder.embed(pairs.flatMap((p) => [p.question, p.grounded_response, p.fabricated_response]));
  return pairs.map((pair, i) => ({
    pair,
    question: vectors[3 * i],
    grounded: vectors[3 * i + 1],
    fabricated: vectors[3 * i + 2],
  }));
}

async function main(): Promise<void> {
  const encoder = getEmbeddedEncoder();

  // DGI: μ̂ from the grounded answers of the odd ids.
  const fitPairs = await embedPairs(loadGl212('odd'));
  const displacements = fitPairs.map((p) => unitDisplacement(p.question, p.grounded));
  if (displacements.some((d) => d === undefined)) throw new Error('a GL-212 grounded answer coincides with its question');
  const units = displacements as Float64Array[];
  const direction = groundingDirection(units);
  // Threshold on the same half without self-inclusion bias: each grounded pair is scored
  // against μ̂ derived without it (leave-one-out); fabricated answers never entered μ̂.
  const sum = units.reduce((acc, d) => acc.map((x, i) => x + d[i]), new Float64Array(direction.length));
  const scores: number[] = [];
  const labels: (0 | 1)[] = [];
  fitPairs.forEach((p, i) => {
    const leaveOneOut = unit(sum.map((x, j) => x - units[i][j]));
    scores.push(dot(units[i], leaveOneOut));
    labels.push(0);
    const fabricated = unitDisplacement(p.question, p.fabricated);
    scores.push(fabricated ? dot(fabricated, direction) : 0);
    labels.push(1);
  });
  const dgiCut = youdenCut(scores, labels);

  // Local variant: k and its cut chosen on the same half, each pair scored leave-one-out
  // (its own question is not among its neighbours).
  const questionUnits = fitPairs.map((p) => unit(p.question));
  const localScores = (k: number) => {
    const out: { scores: number[]; labels: (0 | 1)[] } = { scores: [], labels: [] };
    fitPairs.forEach((p, i) => {
      const others = { questions: questionUnits.filter((_, j) => j !== i), displacements: units.filter((_, j) => j !== i) };
      const mu = localDirection(p.question, others, k);
      out.scores.push(dot(units[i], mu));
      out.labels.push(0);
      const fabricated = unitDisplacement(p.question, p.fabricated);
      out.scores.push(fabricated ? dot(fabricated, mu) : 0);
      out.labels.push(1);
    });
    return out;
  };
  const kChoices = [1, 2, 4, 8, 16, 32, 64].map((k) => {
    const { scores: s, labels: l } = localScores(k);
    return { k, auroc: auroc(s, l), cut: youdenCut(s, l) };
  });
  const bestLocal = kChoices.reduce((best, c) => (c.auroc > best.auroc ? c : best));
  console.log('local-k leave-one-out AUROC on odd ids:', kChoices.map((c) => `k=${c.k}: ${c.auroc.toFixed(3)}`).join(', '));

  const reference = {
    questions: encodeQuantised(fitPairs.map((p) => unit(p.question))),
    displacements: encodeQuantised(units),
  };
  const gl212 = { file: GL212_FILE, sha256: sha256Of(GL212_FILE), rows: 'odd ids', n: fitPairs.length };
  const directionFile: DirectionFile = {
    encoder: EMBEDDED_ENCODER_ID,
    dim: direction.length,
    data: gl212,
    direction: Array.from(direction, (x) => Number(x.toFixed(7))),
    reference: {
      n: fitPairs.length,
      scales_questions: reference.questions.scales,
      scales_displacements: reference.displacements.scales,
      questions: reference.questions.data,
      displacements: reference.displacements.data,
    },
  };
  writeFileSync(join(OUT_DIR, 'dgi-direction.json'), JSON.stringify(directionFile) + '\n');

  // SGI: Youden review cut and 95%-precision strong-pass cut on HaluEval QA dev.
  const dev = await scoreExamples(loadHaluEval('dev'), encoder, { direction });
  const sgiFit = fitFromScores(dev.map((s) => ({ label: s.label, sgi: s.sgi })));

  const calibrated = {
    note: 'Generated by bench/calibrate-defaults.ts; how and with what held-out results: docs/calibration.md.',
    encoders: {
      [EMBEDDED_ENCODER_ID]: {
        sgi_strong_pass: round(sgiFit.sgi_strong_pass!),
        sgi_review: round(sgiFit.sgi_review!),
        dgi_pass: round(dgiCut.cut),
        sgi: {
          data: HALUEVAL_FILES.map((file) => ({ file, sha256: sha256Of(file) })),
          rows: 'lines 1-250 (dev)',
          n: sgiFit.n_sgi,
          metric: 'youden_j (review), lowest cut with precision >= 0.95 on grounded (strong pass)',
          in_sample_strong_pass_precision: sgiFit.strong_pass_precision === null ? null : round(sgiFit.strong_pass_precision),
          notes: sgiFit.notes.filter((note) => !note.includes('DGI')),
        },
        dgi: { data: gl212, metric: 'youden_j on leave-one-out scores', n: scores.length, in_sample_youden_j: round(dgiCut.j - 1), in_sample_auroc: round(auroc(scores, labels)) },
        dgi_local: {
          k: bestLocal.k,
          dgi_pass: round(bestLocal.cut.cut),
          metric: 'k by leave-one-out AUROC, cut by youden_j on the same leave-one-out scores',
          in_sample_auroc: round(bestLocal.auroc),
        },
      },
    },
  };
  writeFileSync(join(OUT_DIR, 'calibrated-thresholds.json'), JSON.stringify(calibrated, null, 2) + '\n');
  console.log(JSON.stringify(calibrated.encoders[EMBEDDED_ENCODER_ID], null, 2));
}

/** Six decimals keep the JSON readable without moving a cut past an observed score that matters. */
function round(value: number): number {
  return Number(value.toFixed(6));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
