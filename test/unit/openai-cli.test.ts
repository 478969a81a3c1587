// `grounding-review review --judge openai [--loop --out …]` against the test server.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli/args';
import { runReview } from '../../src/cli/commands/review';
import {
  chatJson,
  chatText,
  judgeAnswer,
  judgePromptIds,
  startOpenAITestServer,
  type OpenAITestServer,
  type RecordedRequest,
  type ScriptedReply,
} from '../support/openai-test-server';

const API_KEY = 'sk-cli-test-5b6c7d';
const REPORT = 'CPU on db-prod-1 reached 97.2% at 14:02. Memory on db-prod-1 was at 41%. The outage was caused by the config push.\n';
const REWRITTEN = 'CPU on db-prod-1 reached 97.2% at 14:02. Memory on db-prod-1 was at 41%. A config push landed shortly before the outage.\n';
const METRICS = [
  '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2',
  '[tool=query_metrics row=14:02:01] host=db-prod-1 mem_pct=41.0',
  '14:01:31 deploy config v42 pushed to db-prod-1',
].join('\n');

/** Grounds every claim on the first evidence item, except the last when `lastUngrounded`. */
function verdicts(lastUngrounded: boolean) {
  return (request: RecordedRequest): ScriptedReply => {
    const { claims, evidence } = judgePromptIds(request);
    return chatJson(
      judgeAnswer(
        claims.map((id, i) =>
          lastUngrounded && i === claims.length - 1
            ? { claim_id: id, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'causal link not in evidence' }
            : { claim_id: id, partition: 'grounded', type: 'tool_match', evidence_refs: [evidence[0]!], reason: 'row' },
        ),
      ),
    );
  };
}

describe('review CLI with the OpenAI-compatible judge and the loop', () => {
  let server: OpenAITestServer;
  let dir: string;
  let stdout: string;
  let stderr: string;
  const run = (argv: string[], env: NodeJS.ProcessEnv = { OPENAI_API_KEY: API_KEY }) => {
    stdout = '';
    stderr = '';
    const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env, cwd: dir };
    return runReview(argv, io);
  };

  beforeEach(async () => {
    server = await startOpenAITestServer();
    dir = mkdtempSync(join(tmpdir(), 'openai-cli-'));
    writeFileSync(join(dir, 'report.md'), REPORT);
    writeFileSync(join(dir, 'metrics.log'), METRICS);
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const files = () => [join(dir, 'report.md'), '--evidence', join(dir, 'metrics.log')];

  it('with no API key and no base URL, --judge openai runs the offline judge and says so', async () => {
    const code = await run([...files(), '--judge', 'openai', '--format', 'json'], {});
    const result = JSON.parse(stdout);
    assert.equal(result.judge.kind, 'offline');
    assert.match(stderr, /no API key and no base URL configured: using the offline judge/);
    assert.equal(server.requests.length, 0);
    assert.equal(code, result.decision === 'proceed' ? 0 : 1);
  });

  it('judges over HTTP with the key from OPENAI_API_KEY, shows the model, tokens and no key', async () => {
    server.scriptChat(verdicts(true));
    const code = await run([...files(), '--judge', 'openai', '--base-url', server.baseURL, '--model', 'judge-x']);
    assert.equal(code, 1);
    assert.match(stdout, /judge openai \(judge-x\)/);
    assert.match(stdout, /judge usage: 1 request\(s\), \d+ tokens/);
    // 2 grounded tool_match + 1 ungrounded inference = 2 / 2.6.
    assert.match(stdout, /S = 0\.7692 {3}δ = regenerate/);
    assert.equal(server.requests[0]!.headers.authorization, `Bearer ${API_KEY}`);
    assert.equal(server.requests[0]!.body.model, 'judge-x');
    assert.ok(!stdout.includes(API_KEY) && !stderr.includes(API_KEY));
  });

  it('--cache-dir: an unchanged re-run makes zero HTTP requests, even from a new process state', async () => {
    server.scriptChat(verdicts(false));
    const args = [...files(), '--judge', 'openai', '--base-url', server.baseURL, '--cache-dir', 'cache', '--format', 'json'];
    assert.equal(await run(args), 0);
    const first = JSON.parse(stdout);
    assert.equal(server.requests.length, 1);
    assert.equal(readdirSync(join(dir, 'cache')).length, 1);
    assert.equal(first.judge.usage.requests, 1);
    assert.equal(first.judge.usage.cached_responses, 0);
    assert.equal(await run(args), 0);
    assert.equal(server.requests.length, 1);
    const again = JSON.parse(stdout);
    assert.deepEqual(again.claims, first.claims);
    assert.deepEqual(again.judge.usage, { requests: 0, prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, cached_responses: 1 });
  });

  it('--loop --out: regenerate then proceed; the final report goes to --out, the input is untouched', async () => {
    server.scriptChat(verdicts(true), chatText(REWRITTEN, { usage: { prompt_tokens: 900, completion_tokens: 100 } }), verdicts(false));
    server.setStructuredOutputs(false);
    const code = await run([...files(), '--judge', 'openai', '--base-url', server.baseURL, '--loop', '--out', 'repaired.md', '--format', 'json']);
    assert.equal(code, 0);
    const result = JSON.parse(stdout);
    assert.equal(result.decision, 'proceed');
    assert.deepEqual(result.loop.trajectory.map((r: { action: string; decision: string }) => [r.action, r.decision]), [
      ['initial', 'regenerate'],
      ['regenerate', 'proceed'],
    ]);
    assert.equal(result.loop.stop_reason, 'proceed');
    // Round 0: the refused json_schema request and the plain one; round 1: one; one rewrite of 1000 tokens.
    assert.equal(result.loop.usage.judge_requests, 3);
    assert.deepEqual([result.loop.usage.regenerate_requests, result.loop.usage.regenerate_tokens], [1, 1000]);
    // The endpoint refused json_schema on the first call; the judge said so and read JSON from text.
    assert.match(result.judge.fallbacks[0], /^structured output unsupported by the endpoint/);
    assert.equal(result.loop.trajectory[1].report, REWRITTEN);
    assert.equal(result.loop.trajectory[0].explanation, 'The causal claim is not supported.');
    assert.equal(readFileSync(join(dir, 'repaired.md'), 'utf8'), REWRITTEN);
    assert.equal(readFileSync(join(dir, 'report.md'), 'utf8'), REPORT);
  });

  it('--loop in text: the trajectory is printed; a budget exhausted by replans is DEGRADED', async () => {
    const script = join(dir, 'more.js');
    writeFileSync(script, `process.stdin.resume(); process.stdin.on('end', () => console.log('14:09:00 nothing new'));`);
    const ungroundedAll = (request: RecordedRequest): ScriptedReply =>
      chatJson(
        judgeAnswer(
          judgePromptIds(request).claims.map((id) => ({ claim_id: id, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'absent' })),
          { explanation: 'Nothing is supported.', grounding_score: 0 },
        ),
      );
    server.scriptChat(ungroundedAll, ungroundedAll);
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`;
    const code = await run([...files(), '--judge', 'openai', '--base-url', server.baseURL, '--loop', '--k-max', '1', '--replan-command', command]);
    assert.equal(code, 1);
    assert.match(stdout, /round 0 +initial +S = 0\.0000 +δ = replan/);
    assert.match(stdout, /round 1 +replan +S = 0\.0000 +δ = replan +evidence: .*metrics\.log, replan-1\.log/);
    assert.match(stdout, /stopped: replan budget exhausted; 0 regeneration\(s\), 1 replan\(s\) — DEGRADED/);
    assert.equal(server.requests.length, 2);
  });

  it('refuses --out pointing at the report, and loop options without --loop (usage errors, exit 2 via the CLI)', async () => {
    await assert.rejects(run([...files(), '--loop', '--out', join(dir, 'report.md')]), { name: 'CliError', message: /^--out .*report\.md resolves to the input .*report\.md; the input files are never overwritten/ });
    assert.equal(readFileSync(join(dir, 'report.md'), 'utf8'), REPORT);
    await assert.rejects(run([...files(), '--out', 'x.md']), { name: 'CliError', message: '--out needs --loop' });
    assert.equal(existsSync(join(dir, 'x.md')), false);
    assert.equal(server.requests.length, 0);
  });
});
