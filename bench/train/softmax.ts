// Multinomial logistic regression, trained full-batch with a fixed number of Adam steps from
// zero weights: deterministic, no randomness anywhere. Sample weights let an example count more
// (the same gradient as repeating it); class weights let rare partitions count.
import { linearLogits } from '../../src/core/judge/offline/decide/model';

export interface Fit {
  /** weights[class][feature], bias last. */
  weights: number[][];
}

export function softmax(z: readonly number[], temperature = 1): number[] {
  const scaled = z.map((v) => v / temperature);
  const max = Math.max(...scaled);
  const exps = scaled.map((v) => Math.exp(v - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

export function train(xs: number[][], ys: number[], classes: number, options: { l2?: number; steps?: number; rate?: number; classWeights?: number[]; sampleWeights?: number[] } = {}): Fit {
  const { l2 = 1e-3, steps = 600, rate = 0.1 } = options;
  const d = xs[0]!.length + 1;
  const w = Array.from({ length: classes }, () => new Array<number>(d).fill(0));
  const m = w.map((row) => row.map(() => 0));
  const v = w.map((row) => row.map(() => 0));
  const cw = options.classWeights ?? new Array<number>(classes).fill(1);
  const sw = options.sampleWeights ?? new Array<number>(xs.length).fill(1);
  const total = ys.reduce((sum, y, n) => sum + cw[y]! * sw[n]!, 0);
  for (let step = 1; step <= steps; step++) {
    const grad = w.map((row) => row.map(() => 0));
    for (let n = 0; n < xs.length; n++) {
      const x = xs[n]!;
      const p = softmax(linearLogits(x, w));
      const weight = (cw[ys[n]!]! * sw[n]!) / total;
      for (let k = 0; k < classes; k++) {
        const g = (p[k]! - (k === ys[n] ? 1 : 0)) * weight;
        const row = grad[k]!;
        for (let i = 0; i < x.length; i++) row[i] += g * x[i]!;
        row[x.length] += g;
      }
    }
    for (let k = 0; k < classes; k++) {
      for (let i = 0; i < d; i++) {
        const g = grad[k]![i]! + (i < d - 1 ? l2 * w[k]![i]! : 0);
        m[k]![i] = 0.9 * m[k]![i]! + 0.1 * g;
        v[k]![i] = 0.999 * v[k]![i]! + 0.001 * g * g;
        const mHat = m[k]![i]! / (1 - 0.9 ** step);
        const vHat = v[k]![i]! / (1 - 0.999 ** step);
        w[k]![i]! -= (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
      }
    }
  }
  return { weights: w };
}

/** The temperature minimising the negative log-likelihood of held-out logits (grid search). */
export function fitTemperature(zs: number[][], ys: number[]): number {
  let best = 1;
  let bestLoss = Infinity;
  for (let t = 0.5; t <= 3.0001; t += 0.05) {
    const loss = zs.reduce((sum, z, n) => sum - Math.log(Math.max(1e-12, softmax(z, t)[ys[n]!]!)), 0);
    if (loss < bestLoss) {
      bestLoss = loss;
      best = Math.round(t * 100) / 100;
    }
  }
  return best;
}
