// Long reports are judged in chunks of claims, each sent with only the evidence items that
// retrieval ranks as relevant to its claims, a bounded number of chunks at a time.
import { buildEvidenceIndex } from '../../retrieval';
import type { EvidenceItem, ReportClaim } from '../../review-types';

/** Picks the evidence items to send with a chunk of claims. */
export type EvidenceSelector = (claims: readonly ReportClaim[]) => EvidenceItem[];

export interface EvidenceSelectionOptions {
  /** Candidates taken per claim (default 8). */
  perClaim?: number;
  /** At most this many items per chunk (default 60). */
  maxItems?: number;
  /** Evidence this small is sent whole: retrieval could only lose context (default 20 items). */
  sendAllUpTo?: number;
}

/**
 * The default selector: BM25 retrieval over the evidence (built once per judgement), the top
 * candidates of each claim pooled, capped, and restored to evidence order so the judge reads
 * lines in sequence.
 */
export function retrievalEvidenceSelector(evidence: readonly EvidenceItem[], options: EvidenceSelectionOptions = {}): EvidenceSelector {
  const perClaim = options.perClaim ?? 8;
  const maxItems = options.maxItems ?? 60;
  if (evidence.length <= (options.sendAllUpTo ?? 20)) return () => [...evidence];
  const index = buildEvidenceIndex(evidence);
  return (claims) => {
    // Round-robin over the claims' rankings so one wordy claim cannot crowd out the others.
    const rankings = claims.map((claim) => index.search(claim.text, { limit: perClaim }).map((hit) => hit.indexed.position));
    const chosen = new Set<number>();
    for (let rank = 0; rank < perClaim && chosen.size < maxItems; rank++) {
      for (const ranking of rankings) {
        const position = ranking[rank];
        if (position !== undefined) chosen.add(position);
        if (chosen.size >= maxItems) break;
      }
    }
    return [...chosen].sort((a, b) => a - b).map((position) => evidence[position]!);
  };
}

/** Splits claims in document order into chunks of at most `size`. */
export function chunkClaims<T>(claims: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const chunks: T[][] = [];
  for (let i = 0; i < claims.length; i += step) chunks.push(claims.slice(i, i + step));
  return chunks;
}

/** Maps with at most `limit` calls in flight; results keep input order. Stops starting work once aborted. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal?.throwIfAborted();
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
