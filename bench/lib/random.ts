// A deterministic pseudo-random generator (LCG) for synthetic bench inputs, so every run
// measures the same input.
export function generator(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}
