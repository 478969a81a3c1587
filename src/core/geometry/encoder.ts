// The encoder contract the geometry runs on, an embedding cache keyed by text hash, and the
// splitting of long texts into passages (USE-lite averages tokens, so long inputs blur).
import { createHash } from 'node:crypto';

/** Turns texts into embeddings, one vector per text, in order. */
export interface Encoder {
  /** Stable identity of model + weights; calibrated thresholds and directions are keyed by it. */
  readonly id: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** The encoder could not load or answer; the message says why (shown to the user). */
export class EncoderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EncoderError';
  }
}

/** A bounded least-recently-used map from text hash to embedding. */
export class EmbeddingCache {
  private readonly entries = new Map<string, Float32Array>();

  constructor(private readonly capacity = 20_000) {}

  static key(text: string): string {
    return createHash('sha256').update(text).digest('base64');
  }

  get(key: string): Float32Array | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Float32Array): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Embeds through a cache: only texts not seen before (and each distinct text once) reach
 * `embedMissing`, which receives them in batches of at most `batchSize`.
 */
export async function embedWithCache(
  texts: string[],
  cache: EmbeddingCache,
  batchSize: number,
  embedMissing: (batch: string[], signal?: AbortSignal) => Promise<Float32Array[]>,
  signal?: AbortSignal,
): Promise<Float32Array[]> {
  const keys = texts.map((text) => EmbeddingCache.key(text));
  const missing = new Map<string, string>();
  keys.forEach((key, i) => {
    if (cache.get(key) === undefined && !missing.has(key)) missing.set(key, texts[i]);
  });
  const pending = [...missing.entries()];
  for (let start = 0; start < pending.length; start += batchSize) {
    signal?.throwIfAborted();
    const batch = pending.slice(start, start + batchSize);
    const vectors = await embedMissing(
      batch.map(([, text]) => text),
      signal,
    );
    if (vectors.length !== batch.length) {
      throw new EncoderError(`encoder returned ${vectors.length} embeddings for ${batch.length} texts`);
    }
    batch.forEach(([key], i) => cache.set(key, vectors[i]));
  }
  return keys.map((key, i) => {
    const vector = cache.get(key);
    if (vector === undefined) throw new EncoderError(`no embedding for text ${i}`);
    return vector;
  });
}

/** A passage of a longer text, with its UTF-16 offsets in that text. */
export interface Passage {
  text: string;
  start: number;
  end: number;
}

export interface PassageOptions {
  /** Passages are packed up to this many words (one longer sentence stays whole). */
  maxWords?: number;
}

export const DEFAULT_PASSAGE_WORDS = 120;

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * Splits a text into passages: blank-line separated blocks, and blocks longer than `maxWords`
 * packed sentence by sentence (line by line for logs) so no passage exceeds it unless a single
 * sentence does. Whitespace-only input gives no passages.
 */
export function splitPassages(text: string, options: PassageOptions = {}): Passage[] {
  const maxWords = options.maxWords ?? DEFAULT_PASSAGE_WORDS;
  const passages: Passage[] = [];
  for (const block of spans(text, /\n[ \t]*\n/g)) {
    if (countWords(block.text) <= maxWords) {
      pushTrimmed(passages, text, block.start, block.end);
      continue;
    }
    let packStart = -1;
    let packEnd = -1;
    let packWords = 0;
    for (const piece of pieces(block)) {
      const words = countWords(piece.text);
      if (packStart >= 0 && packWords + words > maxWords) {
        pushTrimmed(passages, text, packStart, packEnd);
        packStart = -1;
        packWords = 0;
      }
      if (packStart < 0) packStart = piece.start;
      packEnd = piece.end;
      packWords += words;
    }
    if (packStart >= 0) pushTrimmed(passages, text, packStart, packEnd);
  }
  return passages;
}

/** Sentences of a prose block, or lines of a block that has several lines (logs, lists). */
function pieces(block: Passage): Passage[] {
  if (block.text.trim().includes('\n')) return spans(block.text, /\n/g).map((p) => shift(p, block.start));
  return [...sentenceSegmenter.segment(block.text)].map((s) =>
    shift({ text: s.segment, start: s.index, end: s.index + s.segment.length }, block.start),
  );
}

function shift(p: Passage, by: number): Passage {
  return { text: p.text, start: p.start + by, end: p.end + by };
}

function spans(text: string, separator: RegExp): Passage[] {
  const out: Passage[] = [];
  let start = 0;
  for (const match of text.matchAll(separator)) {
    out.push({ text: text.slice(start, match.index), start, end: match.index });
    start = match.index + match[0].length;
  }
  out.push({ text: text.slice(start), start, end: text.length });
  return out;
}

function pushTrimmed(passages: Passage[], text: string, start: number, end: number): void {
  const raw = text.slice(start, end);
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  if (trimmed) passages.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
}

function countWords(text: string): number {
  const words = text.match(/\S+/g);
  return words ? words.length : 0;
}
