// Under the offline runner, VS Code hands the extension host's console to the browser mixed with the
// workbench's own log lines. The suite's output is therefore also sent, in order, to the runner's
// bridge, which prints exactly these lines to the terminal.
import { format } from 'node:util';
import Mocha from 'mocha';
import { postToBridge } from './workbench';

export interface SuiteCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

/**
 * Tells the runner the suite ran to its end. The runner trusts VS Code's exit code only together
 * with this: an extension host that dies mid-suite can still report exit code 0.
 */
export async function reportSuiteFinished(bridgeUrl: string, counts: SuiteCounts, phaseTests?: Record<string, number>): Promise<void> {
  // phaseTests: how many tests each other launch (run.js --phase) would run; run.js skips those at 0.
  await postToBridge(bridgeUrl, 'finished', { counts, phaseTests });
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error';
const METHODS: readonly ConsoleMethod[] = ['log', 'info', 'warn', 'error'];

/** Starts forwarding; the returned function restores the console and waits for every line to arrive. */
export function forwardOutputToRunner(bridgeUrl: string): () => Promise<void> {
  let pending: string[] = [];
  let delivered: Promise<void> = Promise.resolve();
  let scheduled = false;

  const flush = (): Promise<void> => {
    scheduled = false;
    if (pending.length === 0) return delivered;
    const lines = pending;
    pending = [];
    delivered = delivered.then(() =>
      postToBridge(bridgeUrl, 'log', { lines }).then(
        () => undefined,
        () => undefined, // the runner is gone: nothing left to print to
      ),
    );
    return delivered;
  };
  const capture = (original: (...args: unknown[]) => void) => (...args: unknown[]) => {
    original(...args);
    pending.push(format(...args));
    if (!scheduled) {
      scheduled = true;
      setImmediate(() => void flush());
    }
  };

  // VS Code's extension host defines console methods as accessors whose setter ignores assignment,
  // so the capture is installed (and later removed) by redefining the property.
  const descriptors = new Map(METHODS.map((method) => [method, Object.getOwnPropertyDescriptor(console, method)!] as const));
  for (const method of METHODS) {
    const forwarding = capture(console[method].bind(console));
    Object.defineProperty(console, method, { configurable: true, enumerable: true, get: () => forwarding, set: () => {} });
  }
  // Mocha's reporters print through Base.consoleLog, captured from console.log when mocha loaded.
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const originalConsoleLog = base.consoleLog;
  base.consoleLog = capture(originalConsoleLog);

  return async () => {
    for (const method of METHODS) Object.defineProperty(console, method, descriptors.get(method)!);
    base.consoleLog = originalConsoleLog;
    await flush();
  };
}
