// Judged chunks are cached under a hash of everything that shapes the answer (model, prompt
// version, what was asked, temperature, the chunk's claims, the evidence items sent), so
// re-running an unchanged review makes no request. Only well-formed answers are stored, never failures.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EvidenceItem, ReportClaim } from '../../review-types';
import { JudgeWireSchema, type JudgeAsk, type JudgeWire } from './wire';

export interface CachedChunk {
  wire: JudgeWire;
  /** What the original call cost, for the record; a cache hit itself costs nothing. */
  promptTokens: number;
  completionTokens: number;
}

export interface JudgeCache {
  get(key: string): Promise<CachedChunk | undefined>;
  set(key: string, value: CachedChunk): Promise<void>;
}

export interface ChunkKeyInput {
  model: string;
  promptVersion: string;
  /** What the request asked for (`full` when unset): a `verdicts` answer holds no summary. */
  ask?: JudgeAsk;
  temperature: number;
  question?: string;
  claims: readonly ReportClaim[];
  evidence: readonly EvidenceItem[];
  /** The claims' passages as sent (prompt v2 on). */
  passages?: ReadonlyArray<{ id: string; text: string }>;
  passageOf?: ReadonlyMap<string, string>;
  /** Sample number with --samples (0, the first, shares its key with an unsampled run). */
  sample?: number;
}

export function chunkCacheKey(input: ChunkKeyInput): string {
  const material = JSON.stringify([
    input.model,
    input.promptVersion,
    input.ask ?? 'full',
    input.temperature,
    input.question ?? '',
    input.claims.map((c) => [c.id, c.text]),
    input.evidence.map((e) => [e.id, e.file, e.line, e.text]),
    (input.passages ?? []).map((p) => [p.id, p.text]),
    input.claims.map((c) => input.passageOf?.get(c.id) ?? ''),
    ...(input.sample ? [input.sample] : []),
  ]);
  return createHash('sha256').update(material).digest('hex');
}

/** A bounded in-memory cache (oldest entry evicted first). */
export class MemoryJudgeCache implements JudgeCache {
  private readonly entries = new Map<string, CachedChunk>();
  constructor(private readonly maxEntries = 2000) {}

  async get(key: string): Promise<CachedChunk | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, value: CachedChunk): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * One JSON file per chunk in a directory (the CLI's `--cache-dir`). Unreadable or invalid files
 * are misses; writes go through a temporary file and a rename so a crash never leaves half a file.
 */
export class DirectoryJudgeCache implements JudgeCache {
  constructor(readonly directory: string) {}

  async get(key: string): Promise<CachedChunk | undefined> {
    try {
      const raw = JSON.parse(await readFile(this.pathOf(key), 'utf8')) as Partial<CachedChunk>;
      const wire = JudgeWireSchema.safeParse(raw.wire);
      if (!wire.success) return undefined;
      return { wire: wire.data, promptTokens: Number(raw.promptTokens) || 0, completionTokens: Number(raw.completionTokens) || 0 };
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: CachedChunk): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const target = this.pathOf(key);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, JSON.stringify(value), 'utf8');
    await rename(temporary, target);
  }

  private pathOf(key: string): string {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`invalid cache key ${JSON.stringify(key)}`);
    return join(this.directory, `${key}.json`);
  }
}

/** Memory in front of another cache: hits from disk are kept in memory. */
export class LayeredJudgeCache implements JudgeCache {
  constructor(
    private readonly front: JudgeCache,
    private readonly back: JudgeCache,
  ) {}

  async get(key: string): Promise<CachedChunk | undefined> {
    const hit = await this.front.get(key);
    if (hit) return hit;
    const fromBack = await this.back.get(key);
    if (fromBack) await this.front.set(key, fromBack);
    return fromBack;
  }

  async set(key: string, value: CachedChunk): Promise<void> {
    await this.front.set(key, value);
    await this.back.set(key, value);
  }
}
