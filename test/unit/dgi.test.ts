// DGI (switch.md §2) on 2-D vectors whose displacements and cosines are known by hand.
import assert from 'node:assert/strict';
import { GroundingInputError } from '../../src/core/model';
import {
  decodeQuantised,
  dgiFromEmbeddings,
  encodeQuantised,
  groundingDirection,
  localDirection,
  unitDisplacement,
} from '../../src/core/geometry/dgi';

const close = (a: number, b: number, eps = 1e-12) => assert.ok(Math.abs(a - b) < eps, `${a} ≉ ${b}`);

describe('DGI from embeddings', () => {
  it('δ = r − q = (3, 4): cosine with μ̂ = (1, 0) is 0.6, magnitude 5, normalized 0.8', () => {
    const result = dgiFromEmbeddings([1, 1], [4, 5], [1, 0], 0.525);
    close(result.value, 0.6);
    close(result.normalized, 0.8);
    close(result.magnitude, 5);
    assert.equal(result.flagged, false);
    assert.equal(result.method, 'dgi');
  });

  it('the same δ against μ̂ = (0, 1) is 0.8; against (−1, 0) it is −0.6, flagged, normalized 0.2', () => {
    close(dgiFromEmbeddings([0, 0], [3, 4], [0, 1], 0.525).value, 0.8);
    const opposite = dgiFromEmbeddings([0, 0], [3, 4], [-1, 0], 0.525);
    close(opposite.value, -0.6);
    close(opposite.normalized, 0.2);
    assert.equal(opposite.flagged, true);
  });

  it('flags strictly below the pass threshold: DGI = pass is not flagged', () => {
    assert.equal(dgiFromEmbeddings([0, 0], [3, 4], [1, 0], 0.6).flagged, false);
    assert.equal(dgiFromEmbeddings([0, 0], [3, 4], [1, 0], 0.6000001).flagged, true);
  });

  it('no displacement (‖δ‖ < 1e-8) → 0, flagged', () => {
    const result = dgiFromEmbeddings([0.3, 0.4], [0.3, 0.4 + 1e-9], [1, 0], 0.525);
    assert.equal(result.value, 0);
    assert.equal(result.flagged, true);
    assert.equal(result.normalized, 0.5);
  });

  it('a NaN embedding → 0, flagged', () => {
    const result = dgiFromEmbeddings([0, 0], [Number.NaN, 1], [1, 0], 0.525);
    assert.equal(result.value, 0);
    assert.equal(result.flagged, true);
  });

  it('a direction of another dimension is an input error', () => {
    assert.throws(() => dgiFromEmbeddings([0, 0, 0], [1, 0, 0], [1, 0], 0.525), GroundingInputError);
  });
});

describe('the grounding direction μ̂', () => {
  it('is the normalised mean of unit displacements: (1,0) and (0,1) → (1/√2, 1/√2)', () => {
    const mu = groundingDirection([
      [1, 0],
      [0, 1],
    ]);
    close(mu[0], Math.SQRT1_2);
    close(mu[1], Math.SQRT1_2);
  });

  it('unit displacement of q = (1,1), r = (4,5) is (0.6, 0.8); none when r = q', () => {
    const d = unitDisplacement([1, 1], [4, 5])!;
    close(d[0], 0.6);
    close(d[1], 0.8);
    assert.equal(unitDisplacement([1, 1], [1, 1]), undefined);
  });

  it('displacements that cancel, or none at all, are input errors', () => {
    assert.throws(() => groundingDirection([[1, 0], [-1, 0]]), GroundingInputError);
    assert.throws(() => groundingDirection([]), GroundingInputError);
  });
});

describe('the local-k direction', () => {
  // Reference questions at 0°, 90° and 53.13° (0.6, 0.8); their displacements point E, N and S.
  const reference = {
    questions: [
      [1, 0],
      [0, 1],
      [0.6, 0.8],
    ],
    displacements: [
      [1, 0],
      [0, 1],
      [0, -1],
    ],
  };

  it('k = 1 takes the most similar question (similarities 1, 0, 0.6 → the first)', () => {
    const mu = localDirection([2, 0], reference, 1);
    close(mu[0], 1);
    close(mu[1], 0);
  });

  it('k = 2 averages the first and third: (1, −1)/√2', () => {
    const mu = localDirection([1, 0], reference, 2);
    close(mu[0], Math.SQRT1_2);
    close(mu[1], -Math.SQRT1_2);
  });

  it('k is clamped to [1, N]: 0 acts as 1, 99 as all three ((1,0)+(0,1)+(0,−1) → (1,0))', () => {
    assert.deepEqual(Array.from(localDirection([1, 0], reference, 0)), Array.from(localDirection([1, 0], reference, 1)));
    const all = localDirection([1, 0], reference, 99);
    close(all[0], 1);
    close(all[1], 0);
  });
});

describe('quantised reference vectors', () => {
  it('round-trip within half a step (scale / 2) of every component', () => {
    const vectors = [
      [0.5, -0.25, 0.125],
      [-1, 0.9, 0],
    ];
    const { scales, data } = encodeQuantised(vectors);
    const decoded = decodeQuantised(scales, data, 3);
    vectors.forEach((v, row) => v.forEach((x, i) => assert.ok(Math.abs(decoded[row][i] - x) <= scales[row] / 2 + 1e-12)));
    close(scales[0], 0.5 / 127);
  });
});
