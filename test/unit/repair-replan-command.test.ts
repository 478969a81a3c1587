// The replan command runner: JSON on stdin, evidence on stdout, bounded by a timeout, every
// failure a one-line reason.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeDefaultJudgeOutput } from '../../src/core/model';
import { createCommandReplanner, runReplanCommand, type ReplanRequest } from '../../src/core/repair';
import type { ReviewResult } from '../../src/core/review-types';

const REQUEST: ReplanRequest = { report: 'r', evidence: ['a.log'], explanation: 'need metrics', gaps: [], ungrounded: ['x'], contradicted: [], round: 1 };

/** Whether a process runs; a killed process left unreaped (a zombie, state Z) does not. */
function isRunning(pid: number): boolean {
  if (existsSync('/proc')) {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('replan command', () => {
  let dir: string;
  const node = (script: string) => {
    const file = join(dir, `s${Math.random().toString(16).slice(2)}.js`);
    writeFileSync(file, script);
    return `${JSON.stringify(process.execPath)} ${JSON.stringify(file)}`;
  };
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'replan-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes the request as JSON on stdin and returns stdout', async () => {
    const command = node(`let s=''; process.stdin.on('data',d=>s+=d); process.stdin.on('end',()=>{const r=JSON.parse(s); process.stdout.write(r.explanation.toUpperCase()+' '+r.evidence.join(','));});`);
    assert.equal(await runReplanCommand({ command }, REQUEST), 'NEED METRICS a.log');
  });

  it('a command that exits non-zero fails with its exit code and first stderr line', async () => {
    const command = node(`console.error('first line\\nsecond line'); process.exit(4);`);
    await assert.rejects(runReplanCommand({ command }, REQUEST), { message: `replan command failed (exit 4): first line: ${command}` });
  });

  it('a command slower than the timeout is killed, with its children', async () => {
    const pidFile = join(dir, 'grandchild.pid');
    const command = node(
      `const c = require('child_process').spawn(process.execPath, ['-e', 'setTimeout(()=>{}, 30000)'], { stdio: 'inherit' });` +
        `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); setTimeout(() => {}, 30000);`,
    );
    const started = Date.now();
    await assert.rejects(runReplanCommand({ command, timeoutMs: 1500 }, REQUEST), /^Error: replan command timed out after 1500 ms/);
    assert.ok(Date.now() - started < 10_000);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(isRunning(grandchild), false, "the command's child is gone too");
  });

  it('an abort kills the command and rejects with the abort reason', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(runReplanCommand({ command: node('setTimeout(() => {}, 30000);') }, REQUEST, controller.signal), (e: Error) => e.name === 'AbortError');
  });

  it('output beyond the limit is an error, not a memory blow-up', async () => {
    const command = node(`process.stdout.write('x'.repeat(100000));`);
    await assert.rejects(runReplanCommand({ command, maxOutputBytes: 1000 }, REQUEST), /printed more than 1000 bytes/);
  });

  it('a command that ignores stdin and prints nothing: the replanner reports "no evidence"', async () => {
    const replan = createCommandReplanner({ command: node('') });
    const context = {
      report: 'r',
      evidence: [{ file: 'a.log', text: 'x' }],
      judgeOutput: safeDefaultJudgeOutput('judge model call failed: boom'),
      review: {} as ReviewResult,
      round: 1,
    };
    await assert.rejects(replan(context), /^Error: replan command printed no evidence/);
  });

  it('a command that does not exist fails cleanly', async () => {
    await assert.rejects(runReplanCommand({ command: 'definitely-not-a-command-4711' }, REQUEST), /replan command failed \(exit 127\)/);
  });
});
