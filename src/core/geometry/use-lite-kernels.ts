// Kernels of TF.js-WASM registered again, the fast way (see use-lite-model.ts): matrix products
// through XNNPACK (batched attention products, 1×1 convolutions without a transposed copy of their
// filter), slices and gathers copying whole rows, heap to heap.
import type { KernelArgs, KernelConfig, KernelFunc, TensorInfo, Tf, WasmBackend } from './use-lite-tf';

const replaced = new WeakSet<object>();

/** Registers the faster kernels below in place of TF.js-WASM's own (once per process). */
export function replaceSlowKernels(tf: Tf): void {
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
