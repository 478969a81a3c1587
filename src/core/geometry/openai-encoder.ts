// An encoder over any OpenAI-compatible `/v1/embeddings` endpoint, for users who configure one.
// The API key comes from the environment or the editor's SecretStorage, never from settings.
import OpenAI from 'openai';
import { EmbeddingCache, EncoderError, embedWithCache, type Encoder } from './encoder';

export interface OpenAiEncoderOptions {
  model: string;
  baseURL?: string;
  apiKey?: string;
  timeoutMs?: number;
  maxRetries?: number;
  batchSize?: number;
}

export const DEFAULT_EMBEDDINGS_MODEL = 'text-embedding-3-small';

export class OpenAiEncoder implements Encoder {
  readonly id: string;
  private readonly client: OpenAI;
  private readonly cache = new EmbeddingCache();

  constructor(private readonly options: OpenAiEncoderOptions) {
    if (!options.model.trim()) throw new EncoderError('embeddings model must not be empty');
    this.id = `openai:${options.model}`;
    this.client = new OpenAI({
      // A local OpenAI-compatible server often needs no key; the client insists on one.
      apiKey: options.apiKey || 'no-key',
      baseURL: options.baseURL,
      timeout: options.timeoutMs ?? 30_000,
      maxRetries: options.maxRetries ?? 2,
    });
  }

  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    return embedWithCache(texts, this.cache, this.options.batchSize ?? 64, (batch, s) => this.request(batch, s), signal);
  }

  private async request(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    let response;
    try {
      // float, not the client's default base64: not every compatible server speaks base64.
      response = await this.client.embeddings.create({ model: this.options.model, input: batch, encoding_format: 'float' }, { signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new EncoderError(`embeddings endpoint failed: ${describeError(error)}`, { cause: error });
    }
    const rows = [...(response.data ?? [])].sort((a, b) => a.index - b.index);
    if (rows.length !== batch.length || rows.some((row, i) => row.index !== i || !Array.isArray(row.embedding))) {
      throw new EncoderError(`embeddings endpoint returned ${rows.length} embeddings for ${batch.length} inputs`);
    }
    const dim = rows[0]?.embedding.length ?? 0;
    if (rows.some((row) => row.embedding.length !== dim)) throw new EncoderError('embeddings endpoint returned vectors of different lengths');
    return rows.map((row) => Float32Array.from(row.embedding));
  }
}

function describeError(error: unknown): string {
  if (error instanceof OpenAI.APIError) return `${error.status ?? 'no status'} ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The encoder configured by environment: GROUNDING_EMBEDDINGS_MODEL (default text-embedding-3-small),
 * GROUNDING_EMBEDDINGS_BASE_URL or OPENAI_BASE_URL, GROUNDING_EMBEDDINGS_API_KEY or OPENAI_API_KEY.
 */
export function openAiEncoderFromEnv(env: NodeJS.ProcessEnv): OpenAiEncoder {
  const baseURL = env.GROUNDING_EMBEDDINGS_BASE_URL || env.OPENAI_BASE_URL || undefined;
  const apiKey = env.GROUNDING_EMBEDDINGS_API_KEY || env.OPENAI_API_KEY || undefined;
  if (!baseURL && !apiKey) {
    throw new EncoderError(
      'the openai encoder needs GROUNDING_EMBEDDINGS_BASE_URL (or OPENAI_BASE_URL) or an API key in GROUNDING_EMBEDDINGS_API_KEY / OPENAI_API_KEY',
    );
  }
  return new OpenAiEncoder({ model: env.GROUNDING_EMBEDDINGS_MODEL || DEFAULT_EMBEDDINGS_MODEL, baseURL, apiKey });
}
