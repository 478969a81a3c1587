// SGI (switch.md §1) on small vectors whose angles are known by hand.
import assert from 'node:assert/strict';
import { GroundingInputError } from '../../src/core/model';
import { splitPassages, type Encoder } from '../../src/core/geometry/encoder';
import { bestSgiOverChunks, computeSgi, sgiFromEmbeddings, sgiNormalized } from '../../src/core/geometry/sgi';

const deg = (d: number) => (d * Math.PI) / 180;
const at = (d: number) => [Math.cos(deg(d)), Math.sin(deg(d)), 0];
const Q = [1, 0, 0]; // the question at 0°
const C = [0, 1, 0]; // the context at 90°

describe('SGI from embeddings', () => {
  it('is the ratio of angles θ(r,q)/θ(r,c): r at 60° is 60°/30° = 2', () => {
    const result = sgiFromEmbeddings(Q, C, at(60), 0.95);
    assert.ok(Math.abs(result.value - 2) < 1e-12);
    assert.ok(Math.abs(result.q_dist - deg(60)) < 1e-12);
    assert.ok(Math.abs(result.ctx_dist - deg(30)) < 1e-12);
    assert.equal(result.method, 'sgi');
    assert.equal(result.flagged, false);
    // Not a ratio of cosine distances: (1 − cos 60°)/(1 − cos 30°) would be 3.73.
  });

  it('r halfway (45°) gives exactly 1, and the vectors need not be unit length', () => {
    const result = sgiFromEmbeddings([2, 0, 0], [0, 3, 0], [5, 5, 0], 0.95);
    assert.equal(result.value, 1);
    assert.equal(result.flagged, false);
  });

  it('r nearer the question (30°) gives 30°/60° = 0.5, flagged below the review cut', () => {
    const result = sgiFromEmbeddings(Q, C, at(30), 0.95);
    assert.ok(Math.abs(result.value - 0.5) < 1e-12);
    assert.equal(result.flagged, true);
  });

  it('flags strictly below the review threshold: SGI = review is not flagged', () => {
    assert.equal(sgiFromEmbeddings(Q, C, [1, 1, 0], 1).flagged, false);
    assert.equal(sgiFromEmbeddings(Q, C, [1, 1, 0], 1.000001).flagged, true);
  });

  it('normalized = tanh(max(0, SGI − 0.3)): the spec values', () => {
    assert.equal(sgiNormalized(0.95).toFixed(4), '0.5717');
    assert.equal(sgiNormalized(1.2).toFixed(4), '0.7163');
    assert.equal(sgiNormalized(2).toFixed(4), '0.9354');
    assert.equal(sgiNormalized(0.1), 0);
    assert.equal(sgiFromEmbeddings(Q, C, at(60), 0.95).normalized.toFixed(4), '0.9354');
  });

  it('response on the context (θ(r,c) < 1e-8) → 10, not flagged', () => {
    const result = sgiFromEmbeddings(Q, C, [0, 4, 0], 0.95);
    assert.equal(result.value, 10);
    assert.equal(result.flagged, false);
  });

  it('response on the question (θ(r,q) < 1e-8) → 0, flagged', () => {
    const result = sgiFromEmbeddings(Q, C, [3, 0, 0], 0.95);
    assert.equal(result.value, 0);
    assert.equal(result.flagged, true);
  });

  it('checks the context coincidence before the question coincidence', () => {
    // q = c = r: θ(r,c) = 0 is checked first, so 10 rather than 0.
    assert.equal(sgiFromEmbeddings(Q, Q, Q, 0.95).value, 10);
  });

  it('a vector against itself is angle 0 exactly (acos(a·b) would round to ~2e-8 and give SGI ≈ 9e7)', () => {
    const v = [0.1, 0.2, 0.3];
    const result = sgiFromEmbeddings(Q, v, [0.1, 0.2, 0.3], 0.95);
    assert.equal(result.value, 10);
  });

  it('a zero or non-finite embedding → 0, flagged, checked before any coincidence', () => {
    for (const [q, c, r] of [
      [[0, 0, 0], C, C], // zero question; r = c would otherwise give 10
      [Q, [0, 0, 0], at(60)],
      [Q, C, [0, 0, 0]],
      [Q, C, [Number.NaN, 1, 0]],
      [Q, [Infinity, 0, 0], at(60)],
    ]) {
      const result = sgiFromEmbeddings(q, c, r, 0.95);
      assert.equal(result.value, 0);
      assert.equal(result.flagged, true);
      assert.ok(result.note);
    }
  });
});

describe('SGI over several context passages', () => {
  it('scores each passage and keeps the best, with its index', () => {
    const { result, index } = bestSgiOverChunks(Q, [at(180), C, [0, 1, 1]], at(60), 0.95);
    // at(180): 60°/120° = 0.5; C: 60°/30° = 2; (0,1,1)/√2: 60°/52.2° ≈ 1.15. The best is C.
    assert.equal(index, 1);
    assert.ok(Math.abs(result.value - 2) < 1e-12);
  });

  it('no passage is an input error', () => {
    assert.throws(() => bestSgiOverChunks(Q, [], at(60), 0.95), GroundingInputError);
  });
});

/** An encoder over a fixed table, recording what it was asked: enough to pin computeSgi's plumbing. */
function tableEncoder(table: Record<string, number[]>) {
  const calls: string[][] = [];
  const encoder: Encoder = {
    id: 'table',
    async embed(texts) {
      calls.push(texts);
      return texts.map((t) => {
        if (!(t in table)) throw new Error(`no vector for ${JSON.stringify(t)}`);
        return Float32Array.from(table[t]);
      });
    },
  };
  return { encoder, calls };
}

describe('computeSgi', () => {
  const table = { q: Q, r: at(60), 'far passage.': [0, 0, 1], 'near passage.': C };

  it('embeds question, response and each passage in one call; never the concatenation', async () => {
    const { encoder, calls } = tableEncoder(table);
    const result = await computeSgi({ question: 'q', context: ['far passage.', 'near passage.'], response: 'r', encoder, reviewThreshold: 0.95 });
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0], ['q', 'r', 'far passage.', 'near passage.']);
    assert.equal(result.chunk, 1);
    assert.ok(Math.abs(result.value - 2) < 1e-6);
  });

  it('splits one long context into passages (blank-line blocks)', async () => {
    const { encoder, calls } = tableEncoder(table);
    await computeSgi({ question: 'q', context: 'far passage.\n\nnear passage.', response: 'r', encoder, reviewThreshold: 0.95 });
    assert.deepEqual(calls[0].slice(2), ['far passage.', 'near passage.']);
  });

  it('rejects an empty question, response or context before embedding anything', async () => {
    const { encoder, calls } = tableEncoder(table);
    for (const [input, path] of [
      [{ question: ' ', context: 'near passage.', response: 'r' }, 'question'],
      [{ question: 'q', context: 'near passage.', response: '' }, 'response'],
      [{ question: 'q', context: ' \n\n ', response: 'r' }, 'context'],
      [{ question: 'q', context: [], response: 'r' }, 'context'],
    ] as const) {
      await assert.rejects(computeSgi({ ...input, encoder, reviewThreshold: 0.95 }), (error: unknown) => {
        assert.ok(error instanceof GroundingInputError);
        assert.equal(error.path, path);
        return true;
      });
    }
    assert.equal(calls.length, 0);
  });

  it('the passages carry offsets into their text', () => {
    const text = 'far passage.\n\nnear passage.';
    for (const p of splitPassages(text)) assert.equal(text.slice(p.start, p.end), p.text);
  });
});
