// `npm run train:judge`: trains the offline judge's decision model on the corpus dev split
// (blind batches held out, test never read) and HaluEval QA dev, and writes
// src/core/judge/offline/decide/judge-model.json. Deterministic: folds by case name, zero
// initial weights, a fixed number of steps. Prints the held-out (cross-validated by case)
// figures, which are what to expect on reports nobody has seen.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARTITION_KEYS } from '../../src/core/model';
import { FEATURE_NAMES } from '../../src/core/judge/offline/decide/features';
import { corpusExamples, haluEvalExamples, type Example } from './data';
import { fitTemperature, logits, softmax, train } from './softmax';

const ROOT = join(__dirname, '..', '..', '..');
const MODEL_FILE = join(ROOT, 'src', 'core', 'judge', 'offline', 'decide', 'judge-model.json');
const HELD_OUT: Set<string> = new Set(
  (JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'corpus', 'blind-batches.json'), 'utf8')) as { batches: Array<{ cases: string[]; held_out: boolean }> }).batches
    .filter((b) => b.held_out)
    .flatMap((b) => b.cases),
);
const FOLDS = 5;
/** The least precision a grounded verdict must have on held-out folds. */
const GROUNDED_PRECISION = 0.9;
const CLASS_WEIGHTS = [1, 1.6, 1.8, 1.4];

function foldOf(group: string): number {
  return createHash('sha256').update(group).digest()[0]! % FOLDS;
}

export interface HeldOut {
  z: number[];
  y: number;
  group: string;
}

export function crossValidate(examples: Example[]): HeldOut[] {
  const out: HeldOut[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const trainSet = examples.filter((e) => foldOf(e.group) !== fold);
    const fit = train(trainSet.map((e) => e.x), trainSet.map((e) => e.y), PARTITION_KEYS.length, { classWeights: CLASS_WEIGHTS });
    for (const e of examples.filter((e) => foldOf(e.group) === fold)) out.push({ z: logits(fit.weights, e.x), y: e.y, group: e.group });
  }
  return out;
}

/** Accuracy, precision of grounded and recall of contradicted with the grounded cut applied. */
export function figures(heldOut: HeldOut[], temperature: number, cut: number): { accuracy: number; groundedPrecision: number; contradictedRecall: number; n: number } {
  let right = 0, groundedSaid = 0, groundedRight = 0, contradicted = 0, contradictedFound = 0;
  for (const { z, y } of heldOut) {
    const p = softmax(z, temperature);
    let k = p.indexOf(Math.max(...p));
    if (k === 0 && p[0]! < cut) k = 1;
    if (k === y) right++;
    if (k === 0) { groundedSaid++; if (y === 0) groundedRight++; }
    if (y === 2) { contradicted++; if (k === 2) contradictedFound++; }
  }
  return { accuracy: right / heldOut.length, groundedPrecision: groundedSaid ? groundedRight / groundedSaid : 1, contradictedRecall: contradicted ? contradictedFound / contradicted : 0, n: heldOut.length };
}

async function main(): Promise<void> {
  const hash = createHash('sha256');
  const corpus = await corpusExamples((name, split) => split === 'dev' && !HELD_OUT.has(name), hash);
  const halu = await haluEvalExamples(hash);
  const examples = [...corpus, ...halu];
  const heldOut = crossValidate(examples);
  const temperature = fitTemperature(heldOut.map((h) => h.z), heldOut.map((h) => h.y));
  const corpusHeldOut = heldOut.filter((h) => !h.group.startsWith('halueval-'));
  // The lowest cut whose held-out grounded precision on the corpus reaches the target, but no
  // higher than costs HaluEval's held-out answers more than a point of accuracy.
  const haluHeldOut = heldOut.filter((h) => h.group.startsWith('halueval-'));
  const haluBase = figures(haluHeldOut, temperature, 0).accuracy;
  let cut = 0;
  for (let c = 0; c <= 0.95; c += 0.01) {
    const next = Math.round(c * 100) / 100;
    if (figures(haluHeldOut, temperature, next).accuracy < haluBase - 0.01) break;
    cut = next;
    if (figures(corpusHeldOut, temperature, cut).groundedPrecision >= GROUNDED_PRECISION) break;
  }
  const fit = train(examples.map((e) => e.x), examples.map((e) => e.y), PARTITION_KEYS.length, { classWeights: CLASS_WEIGHTS });
  const model = {
    features: FEATURE_NAMES,
    classes: PARTITION_KEYS,
    weights: fit.weights.map((row) => row.map((w) => Math.round(w * 1e5) / 1e5)),
    temperature,
    groundedCut: cut,
    trainedOn: { sha256: hash.digest('hex'), claims: examples.length, cases: new Set(corpus.map((e) => e.group)).size },
  };
  writeFileSync(MODEL_FILE, `${JSON.stringify(model, null, 1)}\n`);
  const show = (label: string, f: ReturnType<typeof figures>): void =>
    console.log(`${label}: n=${f.n} accuracy ${f.accuracy.toFixed(3)}, precision of grounded ${f.groundedPrecision.toFixed(3)}, recall of contradicted ${f.contradictedRecall.toFixed(3)}`);
  console.log(`trained on ${examples.length} claims (${corpus.length} corpus, ${halu.length} HaluEval); temperature ${temperature}, grounded cut ${cut}`);
  show('held-out corpus, no cut', figures(corpusHeldOut, temperature, 0));
  show('held-out corpus, with cut', figures(corpusHeldOut, temperature, cut));
  const confusion = PARTITION_KEYS.map(() => PARTITION_KEYS.map(() => 0));
  for (const { z, y } of corpusHeldOut) {
    const p = softmax(z, temperature);
    confusion[y]![p.indexOf(Math.max(...p))]! += 1;
  }
  console.log('held-out corpus confusion (rows labelled, columns judged, no cut):');
  PARTITION_KEYS.forEach((key, i) => console.log(`  ${key.padEnd(14)} ${confusion[i]!.map((n) => String(n).padStart(5)).join('')}`));
  for (const c of [0.4, 0.5, 0.6, 0.7]) show(`held-out corpus, cut ${c}`, figures(corpusHeldOut, temperature, c));
  for (const c of [0, 0.5, 0.6]) show(`held-out HaluEval, cut ${c}`, figures(heldOut.filter((h) => h.group.startsWith('halueval-')), temperature, c));
  show('held-out HaluEval, with cut', figures(heldOut.filter((h) => h.group.startsWith('halueval-')), temperature, cut));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
