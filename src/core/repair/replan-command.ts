// Replan through a user-configured command (`grounding.replan.command`, CLI `--replan-command`):
// it receives the report, the evidence paths and the judge's findings as JSON on stdin and
// prints new evidence on stdout, within a timeout. A failing, silent or slow command makes the
// replan fail, and the loop stops degraded with that reason.
import { spawn } from 'node:child_process';
import { abortErrorOf } from '../judge/openai/client';
import type { EvidenceReplanner, RepairContext } from './types';

export interface ReplanCommandOptions {
  /** A shell command line, e.g. `./fetch-more-logs.sh` or `python gather.py --since 10m`. */
  command: string;
  cwd?: string;
  /** Default 60 s; the command (and its children) are killed after it. */
  timeoutMs?: number;
  /** Extra environment for the command (added to the current one). */
  env?: Record<string, string>;
  /** Stdout beyond this is an error (default 8 MiB). */
  maxOutputBytes?: number;
}

/** What the command reads on stdin. */
export interface ReplanRequest {
  report: string;
  evidence: string[];
  explanation: string;
  gaps: string[];
  ungrounded: string[];
  contradicted: string[];
  round: number;
}

export function replanRequestOf(context: RepairContext): ReplanRequest {
  const output = context.judgeOutput;
  // The review's claims are what the user sees (an abstaining judge classified nothing itself).
  const claims = context.review?.claims;
  const texts = (partition: 'ungrounded' | 'contradicted') =>
    claims ? claims.filter((c) => c.partition === partition).map((c) => c.text) : output[`${partition}_claims`].map((c) => c.text);
  return {
    report: context.report,
    evidence: context.evidence.map((source) => source.file),
    explanation: output.explanation,
    gaps: output.gaps,
    ungrounded: texts('ungrounded'),
    contradicted: texts('contradicted'),
    round: context.round,
  };
}

/** The new evidence is added as `replan-<round>.log` next to the evidence already given. */
export function createCommandReplanner(options: ReplanCommandOptions): EvidenceReplanner {
  return async (context) => {
    const stdout = await runReplanCommand(options, replanRequestOf(context), context.signal);
    if (!stdout.trim()) throw new Error(`replan command printed no evidence: ${options.command}`);
    return { evidence: [...context.evidence, { file: `replan-${context.round}.log`, text: stdout }] };
  };
}

/** Runs the command with the request on stdin; resolves with stdout, rejects with a one-line reason. */
export function runReplanCommand(options: ReplanCommandOptions, request: ReplanRequest, signal?: AbortSignal): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxBytes = options.maxOutputBytes ?? 8 * 1024 * 1024;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    // Its own process group on POSIX, so a timeout kills the shell and whatever it started.
    const detached = process.platform !== 'win32';
    const child = spawn(options.command, {
      shell: true,
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached,
      windowsHide: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: Error | undefined;
    const kill = (reason: Error) => {
      failure ??= reason;
      try {
        if (detached && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => kill(new Error(`replan command timed out after ${timeoutMs} ms: ${options.command}`)), timeoutMs);
    const onAbort = () => kill(abortErrorOf(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxBytes) return kill(new Error(`replan command printed more than ${maxBytes} bytes: ${options.command}`));
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4000) err += chunk.toString('utf8');
    });
    // A command that does not read its stdin must not crash us with EPIPE.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => kill(new Error(`replan command could not start: ${error.message}`)));
    child.on('close', (code, signalName) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(failure);
      if (code !== 0) {
        const detail = err.trim().split('\n')[0] ?? '';
        return reject(new Error(`replan command failed (${code === null ? `signal ${signalName}` : `exit ${code}`})${detail ? `: ${detail}` : ''}: ${options.command}`));
      }
      resolve(Buffer.concat(out).toString('utf8'));
    });
    child.stdin.end(JSON.stringify(request));
  });
}
