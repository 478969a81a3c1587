// Choosing a query's best candidates: a dozen out of the thousands of units a query touches in a
// large log, without sorting them all.

/**
 * The `limit` best of the touched units, best first: by score, then by position (evidence order).
 * A short list is kept in order as the units come instead of sorting them all: a query touches
 * thousands of units of a large log and keeps a dozen.
 */
export function bestFirst(touched: readonly number[], scores: Float64Array, limit: number): number[] {
  const better = (a: number, b: number): boolean => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
  // A long list (or an odd limit) is sorted once, as before.
  if (!Number.isInteger(limit) || limit < 1 || limit > 64 || touched.length <= limit) return [...touched].sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0)).slice(0, limit);
  const best: number[] = [];
  for (const position of touched) {
    if (best.length === limit && !better(position, best[limit - 1]!)) continue;
    // Insert in order: the last place (dropping the worst when full), then up past every worse one.
    let at = best.length === limit ? limit - 1 : best.length;
    for (; at > 0 && better(position, best[at - 1]!); at--) best[at] = best[at - 1]!;
    best[at] = position;
  }
  return best;
}
