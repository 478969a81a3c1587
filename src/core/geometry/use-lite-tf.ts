// The slice of TF.js the fast encoder uses (the package's types re-export @tensorflow/*, which is
// not installed): tensors, kernels, the WASM backend, the graph model and the tf namespace.
export type DType = 'float32' | 'int32' | 'bool' | 'string';
export interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: DType;
}
export interface Tensor extends TensorInfo {
  data(): Promise<Float32Array<ArrayBuffer> | Int32Array<ArrayBuffer>>;
  dispose(): void;
}
export interface KernelArgs {
  inputs: Record<string, TensorInfo>;
  backend: WasmBackend;
  attrs: Record<string, unknown>;
}
export type KernelFunc = (args: KernelArgs) => TensorInfo | TensorInfo[];
export interface KernelConfig {
  kernelName: string;
  backendName: string;
  kernelFunc: KernelFunc;
  setupFunc?: unknown;
  disposeFunc?: unknown;
}
export interface WasmBackend {
  wasm: { HEAPU8: Uint8Array };
  dataIdMap: { get(dataId: object): { memoryOffset: number } | undefined };
  makeOutput(shape: number[], dtype: DType): TensorInfo;
  typedArrayFromHeap(info: TensorInfo): Float32Array | Int32Array | Uint8Array;
  disposeData(dataId: object): boolean;
}
export interface ConvInfo {
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
export interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: unknown;
}
export interface WeightsGroup {
  paths: string[];
  weights: WeightSpec[];
}
export interface ModelJson {
  modelTopology: unknown;
  weightsManifest: WeightsGroup[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
}
export interface GraphModel {
  load(): Promise<boolean>;
  executeAsync(inputs: Record<string, Tensor>): Promise<Tensor | Tensor[]>;
}
export interface Tf {
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
