// `npm run eval -- --judge llm|hybrid --base-url … --model …` end to end against the local test
// server: plumbing only (the server grounds every claim, so its figures say nothing about any
// model). The eval runs as its own process, as a user runs it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { allGrounded, startOpenAITestServer, type OpenAITestServer } from '../support/openai-test-server';

const EVAL = join(__dirname, '..', '..', 'bench', 'eval.js');

function runEval(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [EVAL, ...args], { env: { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run eval -- --judge llm|hybrid (plumbing, against the test server)', function () {
  // About 770 requests through a real client and server: seconds, not the default bound.
  this.timeout(300_000);
  let server: OpenAITestServer;
  before(async () => {
    server = await startOpenAITestServer();
  });
  after(() => server.close());

  it('--judge llm: the corpus test split and HaluEval test go through the endpoint; tables, requests, tokens and wall time are printed', async () => {
    server.scriptChat(...Array.from({ length: 3000 }, () => allGrounded));
    const { code, stdout, stderr } = await runEval(['--judge', 'llm', '--base-url', server.baseURL, '--model', 'plumbing-model']);
    assert.equal(code, 0, stderr);
    const sent = server.requestsTo('/chat/completions').length;
    assert.ok(sent > 0);
    assert.match(stdout, /## Labelled corpus — llm judge\n/);
    assert.match(stdout, /### test split: 12 cases/);
    assert.match(stdout, /## HaluEval QA — llm judge \(test split, lines 251–500\)/);
    const requests = [...stdout.matchAll(/Judge llm \(model plumbing-model\): (\d+) request\(s\), \d+ prompt \+ \d+ completion tokens .* wall time [\d.]+ s\./g)].map((m) => Number(m[1]));
    assert.equal(requests.length, 2, 'one ledger line per module');
    assert.equal(requests[0]! + requests[1]!, sent);
    assert.match(stdout, /Prompt-token ratio hybrid \/ llm: \*\*\d\.\d{3}\*\*/);
    assert.match(stdout, /0 claim\(s\) not judged/);
  });

  it('--judge hybrid on the corpus: same table, its own ledger', async () => {
    server.reset();
    server.scriptChat(...Array.from({ length: 500 }, () => allGrounded));
    const { code, stdout, stderr } = await runEval(['corpus', '--judge', 'hybrid', '--base-url', server.baseURL, '--model', 'plumbing-model']);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /## Labelled corpus — hybrid judge\n/);
    const match = /Judge hybrid \(model plumbing-model\): (\d+) request\(s\)/.exec(stdout);
    assert.equal(Number(match![1]), server.requestsTo('/chat/completions').length);
  });
});
