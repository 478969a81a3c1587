// Small vector helpers for the geometry: norms, unit vectors and angles on plain arrays.

/** Anything indexable as a vector: the encoders return Float32Array, tests use number[]. */
export type Vector = ArrayLike<number>;

export function dot(a: Vector, b: Vector): number {
  if (a.length !== b.length) throw new RangeError(`vector dimensions differ (${a.length} vs ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i] * b[i];
  return sum;
}

export function norm(a: Vector): number {
  return Math.sqrt(dot(a, a));
}

/** True when every component is finite and the norm is not zero: only then has it a direction. */
export function hasDirection(a: Vector): boolean {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  const n = norm(a);
  return Number.isFinite(n) && n > 0;
}

/** The unit vector of `a`; callers check `hasDirection` first. */
export function unit(a: Vector): Float64Array {
  const n = norm(a);
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] / n;
  return out;
}

export function subtract(a: Vector, b: Vector): Float64Array {
  if (a.length !== b.length) throw new RangeError(`vector dimensions differ (${a.length} vs ${b.length})`);
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] - b[i];
  return out;
}

/**
 * θ(a, b) for unit vectors, in radians: mathematically acos(clamp(a·b, −1, 1)), computed as
 * 2·atan2(‖a − b‖, ‖a + b‖) because acos is ill-conditioned near 1 — a vector against itself
 * would come out at ~2e-8 from rounding and slip past the spec's 1e-8 coincidence check.
 */
export function angleBetweenUnits(a: Vector, b: Vector): number {
  if (a.length !== b.length) throw new RangeError(`vector dimensions differ (${a.length} vs ${b.length})`);
  let diff = 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    diff += (a[i] - b[i]) ** 2;
    sum += (a[i] + b[i]) ** 2;
  }
  return 2 * Math.atan2(Math.sqrt(diff), Math.sqrt(sum));
}
