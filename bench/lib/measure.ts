// Small measuring helpers shared by the rescore, footprint and activation benchmarks.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface Timing {
  /** Median wall time per call, ms. */
  wallMs: number;
  /** Median CPU time (user + system) per call, ms; on a loaded machine closer to the work done. */
  cpuMs: number;
  runs: number;
}

/** Median wall and CPU time of `runs` calls after `warmup` calls. CPU time per call is coarse (µs clock) below ~0.05 ms. */
export async function timeCalls(runs: number, action: () => unknown, warmup = 1): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await action();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await action();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wallMs: median(wall), cpuMs: median(cpu), runs };
}

/** Milliseconds with sensible precision. */
export function ms(value: number): string {
  return value < 0.1 ? value.toFixed(3) : value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

export function mib(bytes: number): string {
  return bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(2)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Where wall times deserve suspicion: other processes share the cores. */
export function loadLine(): string {
  return `Load average at the end (1 / 5 / 15 min): ${loadavg().map((load) => load.toFixed(1)).join(' / ')}.`;
}
