// The hybrid judge (issue 18) against the real test server through the real openai client: only
// claims below the confidence cut are sent, every claim survives any fault, each says which
// judge decided, disagreements are flagged, samples measure stability, and a dry run connects
// nowhere yet predicts the real run's request count.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/cli/args';
import { runReview } from '../../src/cli/commands/review';
import { HybridJudge } from '../../src/core/judge/hybrid';
import { createOfflineJudge } from '../../src/core/judge/offline';
import { OpenAIJudge, countPromptTokens, type OpenAIJudgeOptions } from '../../src/core/judge/openai';
import { review } from '../../src/core/review';
import { toReviewJson } from '../../src/core/review-json';
import type { ClaimJudge } from '../../src/core/review-types';
import { chatJson, judgeAnswer, judgePromptIds, startOpenAITestServer, status, type OpenAITestServer, type RecordedRequest } from '../support/openai-test-server';

// Four claims, one per sentence; the fourth needs the third to say what "It" is.
const REPORT = [
  'CPU on db-prod-1 reached 97.2% at 14:02. The outage was caused by the config push.',
  '',
  'The circuit breaker on api-gw opened at 14:05. It stayed open for about half an hour.',
  '',
].join('\n');
const EVIDENCE = [
  { file: 'metrics.log', text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2\n14:01:31 deploy config v42 pushed to db-prod-1\n14:05:00 api-gw breaker=open\n14:36:10 api-gw breaker=closed' },
];
const QUESTION = 'What happened to db-prod-1 and api-gw?';

/** The real offline judge, with the confidences the coming decision model will set given by claim order. */
function offlineWithConfidence(confidences: Array<number | undefined>): ClaimJudge {
  const offline = createOfflineJudge();
  return {
    kind: 'offline',
    judgeClaims: async (input) => {
      const judgement = await offline.judgeClaims(input);
      const claims = judgement.claims.map((claim, i) => {
        const { confidence: _unset, ...rest } = claim;
        return confidences[i] === undefined ? rest : { ...rest, confidence: confidences[i] };
      });
      return { ...judgement, claims };
    },
  };
}

const grounded = (request: RecordedRequest) => {
  const { claims, evidence } = judgePromptIds(request);
  return chatJson(judgeAnswer(claims.map((id) => ({ claim_id: id, partition: 'grounded', type: 'tool_match', evidence_refs: [evidence[0]!], reason: 'the LLM says so' }))));
};

describe('hybrid judge over a real OpenAI-compatible server', () => {
  let server: OpenAITestServer;
  const llm = (options: Partial<OpenAIJudgeOptions> = {}) => new OpenAIJudge({ model: 'judge-model', baseURL: server.baseURL, maxRetries: 0, ...options });
  const hybrid = (confidences: Array<number | undefined>, options: Partial<OpenAIJudgeOptions> = {}) =>
    new HybridJudge({ offline: offlineWithConfidence(confidences), llm: llm(options), confidenceCut: 0.9 });

  beforeEach(async () => {
    server = await startOpenAITestServer();
  });
  afterEach(() => server.close());

  it('sends only the claims below the cut (unset confidence counts as 0); each claim says which judge decided and why', async () => {
    server.scriptChat(grounded);
    const result = await review({ report: REPORT, evidence: EVIDENCE, question: QUESTION, judge: hybrid([0.95, 0.5, undefined, 0.9]) });
    const calls = server.requestsTo('/chat/completions');
    assert.equal(calls.length, 1);
    assert.deepEqual(judgePromptIds(calls[0]!).claims, ['C2', 'C3']);
    assert.deepEqual(result.claims.map((c) => c.decided_by), ['offline', 'llm', 'llm', 'offline']);
    assert.equal(result.claims[0]!.decided_why, 'offline confidence 0.95 ≥ cut 0.90');
    assert.equal(result.claims[1]!.decided_why, 'offline confidence 0.50 < cut 0.90: sent to the LLM');
    assert.equal(result.claims[2]!.decided_why, 'offline confidence unset (counts as 0) < cut 0.90: sent to the LLM');
    assert.equal(result.claims[1]!.reason, 'the LLM says so');
    assert.equal(result.judge.kind, 'hybrid');
    assert.equal(result.judge.usage!.requests, 1);
    const json = toReviewJson(result);
    assert.deepEqual(json.claims.map((c) => c.decided_by), ['offline', 'llm', 'llm', 'offline']);
  });

  it('flags a claim both judges judged differently, in the claim and the JSON', async () => {
    server.scriptChat(grounded);
    const result = await review({ report: REPORT, evidence: EVIDENCE, judge: hybrid([0.95, 0.5, 0.95, 0.95]) });
    // The offline judge calls the causal claim ungrounded; the scripted LLM grounds it.
    const causal = result.claims[1]!;
    assert.equal(causal.partition, 'grounded');
    assert.match(causal.disagreement!, /^the judges disagree: offline ungrounded \(confidence 0\.50\), LLM grounded; review this claim$/);
    assert.equal(toReviewJson(result).claims[1]!.disagreement, causal.disagreement);
    assert.equal(result.claims[0]!.disagreement, undefined);
  });

  it('keeps every claim on any fault: an LLM failure leaves the sent claims not judged, never passed on a weak offline verdict', async () => {
    server.scriptChat(status(500, 'upstream exploded'));
    const result = await review({ report: REPORT, evidence: EVIDENCE, judge: hybrid([0.95, 0.5, 0.2, 0.95]) });
    assert.equal(result.claims.length, 4);
    assert.deepEqual(result.claims.map((c) => [c.decided_by, c.not_judged === true]), [
      ['offline', false],
      ['none', true],
      ['none', true],
      ['offline', false],
    ]);
    assert.ok(result.claims.slice(1, 3).every((c) => c.partition === 'ungrounded' && /HTTP 500: upstream exploded/.test(c.reason) && /the offline judge said \w+ at confidence/.test(c.reason)));
    assert.equal(result.degraded, true);
    assert.equal(result.judge.notJudged, 2);
    for (const reply of [{ kind: 'raw' as const, status: 200, body: '<html>proxy</html>', contentType: 'text/html' }, chatJson({ verdicts: 'nope' })]) {
      server.scriptChat(reply);
      const faulty = await review({ report: REPORT, evidence: EVIDENCE, judge: hybrid([0.95, 0.5, 0.2, 0.95]) });
      assert.deepEqual(faulty.claims.map((c) => c.id), ['C1', 'C2', 'C3', 'C4']);
      assert.equal(faulty.judge.notJudged, 2);
    }
  });

  it('no request at all when the offline judge is confident about every claim', async () => {
    const result = await review({ report: REPORT, evidence: EVIDENCE, judge: hybrid([1, 1, 0.99, 0.9]) });
    assert.equal(server.requests.length, 0);
    assert.ok(result.claims.every((c) => c.decided_by === 'offline'));
  });

  it('each claim travels with its paragraph and the question, fenced as data; the offline verdict is never sent', async () => {
    server.scriptChat(grounded);
    await review({ report: REPORT, evidence: EVIDENCE, question: QUESTION, judge: hybrid([1, 1, 1, 0]) });
    const user: string = server.requestsTo('/chat/completions')[0]!.body.messages[1].content;
    assert.match(user, /^<<<BEGIN DATA-[0-9a-f]{12}>>>\nQUESTION the report answers\n"What happened to db-prod-1 and api-gw\?"\n/m);
    assert.ok(user.includes('{"passage":"P1","text":"The circuit breaker on api-gw opened at 14:05. It stayed open for about half an hour."}'));
    assert.ok(user.includes('{"id":"C4","text":"It stayed open for about half an hour.","passage":"P1"}'));
    assert.ok(!/offline|confidence/i.test(user), 'no hint from the offline judge');
  });

  it('--samples 3 against a server that flips one verdict marks exactly that claim unstable; an unchanged re-run makes 0 requests', async () => {
    let call = 0;
    const flipping = (request: RecordedRequest) => {
      call += 1;
      const { claims, evidence } = judgePromptIds(request);
      return chatJson(
        judgeAnswer(
          claims.map((id) => ({
            claim_id: id,
            partition: id === 'C2' && call === 2 ? 'ungrounded' : 'grounded',
            type: id === 'C2' && call === 2 ? 'inference' : 'tool_match',
            evidence_refs: id === 'C2' && call === 2 ? [] : [evidence[0]!],
            reason: `call ${call}`,
          })),
        ),
      );
    };
    server.scriptChat(flipping, flipping, flipping);
    const judge = hybrid([0, 0, 0, 0], { samples: 3 });
    const result = await review({ report: REPORT, evidence: EVIDENCE, judge });
    assert.equal(server.requestsTo('/chat/completions').length, 3);
    assert.deepEqual(result.claims.map((c) => c.stability?.unstable), [false, true, false, false]);
    assert.equal(result.claims[1]!.partition, 'grounded');
    assert.equal(result.claims[1]!.stability!.agreement, 2 / 3);
    assert.equal(result.judge.stability!.unstableClaims, 1);
    // S over the samples: all four grounded tool_match (S = 1), or C2 ungrounded inference: 3 / 3.6.
    assert.deepEqual(result.judge.stability!.scoreInterval, [3 / 3.6, 1]);
    assert.deepEqual(toReviewJson(result).judge.stability, { samples: 3, unstable_claims: 1, mean_agreement: (1 + 2 / 3 + 1 + 1) / 4, score_interval: [3 / 3.6, 1] });
    const again = await review({ report: REPORT, evidence: EVIDENCE, judge });
    assert.equal(server.requestsTo('/chat/completions').length, 3);
    assert.equal(again.judge.usage!.cachedResponses, 3);
    assert.deepEqual(again.claims.map((c) => c.stability?.unstable), [false, true, false, false]);
  });

  it('prompt tokens come from a real tokenizer (o200k_base, chat framing), not characters ÷ 4', async () => {
    // "hello world" is 2 tokens; <|im_start|>user<|im_sep|> … <|im_end|> adds 4, the reply's priming 3.
    assert.equal(await countPromptTokens([{ role: 'user', content: 'hello world' }]), 9);
    assert.equal(await countPromptTokens([{ role: 'user', content: 'x'.repeat(400) }]) < 100, true);
  });
});

describe('review --dry-run', () => {
  let server: OpenAITestServer;
  let dir: string;
  let stdout: string;
  const run = (argv: string[]) => {
    stdout = '';
    const io: CliIo = { stdout: (t) => void (stdout += t), stderr: () => undefined, env: {}, cwd: dir };
    return runReview(argv, io);
  };

  beforeEach(async () => {
    server = await startOpenAITestServer();
    dir = mkdtempSync(join(tmpdir(), 'dry-run-'));
    writeFileSync(join(dir, 'report.md'), REPORT);
    writeFileSync(join(dir, 'metrics.log'), EVIDENCE[0]!.text);
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens no connection (sockets disabled in the process), and its request count is the real run\'s', async () => {
    const attempts: string[] = [];
    const saved = { connect: net.connect, createConnection: net.createConnection, socketConnect: net.Socket.prototype.connect };
    const refuse = (name: string) =>
      function refused(): never {
        attempts.push(name);
        throw new Error('networking is disabled in this test');
      };
    // At a cut of 1 every claim is sent whatever its confidence: the plan does not hang on the model's figures.
    const args = [join(dir, 'report.md'), '--evidence', join(dir, 'metrics.log'), '--base-url', server.baseURL, '--samples', '2', '--confidence-cut', '1'];
    let planned: any;
    try {
      Object.assign(net, { connect: refuse('net.connect'), createConnection: refuse('net.createConnection') });
      net.Socket.prototype.connect = refuse('Socket.connect') as typeof net.Socket.prototype.connect;
      assert.equal(await run([...args, '--judge', 'hybrid', '--dry-run', '--format', 'json']), 0);
      planned = JSON.parse(stdout);
    } finally {
      Object.assign(net, { connect: saved.connect, createConnection: saved.createConnection });
      net.Socket.prototype.connect = saved.socketConnect;
    }
    assert.deepEqual(attempts, []);
    assert.equal(server.requests.length, 0);
    assert.equal(planned.dry_run, true);
    assert.equal(planned.claims, 4);
    assert.equal(planned.token_encoding, 'o200k_base');
    // Hybrid sends the claims below its cut in one chunk, judged twice (2 samples), as llm does all four.
    assert.equal(planned.llm.requests, 2);
    assert.equal(planned.hybrid.requests, 2);
    assert.ok(planned.llm.prompt_tokens > 500);

    server.scriptChat(grounded, grounded);
    await run([...args, '--judge', 'hybrid', '--format', 'json']);
    assert.equal(server.requestsTo('/chat/completions').length, planned.hybrid.requests);
    const real = JSON.parse(stdout);
    assert.equal(real.judge.usage.requests, planned.hybrid.requests);
  });

  it('prints llm vs hybrid as text, and --fail-on counts not-judged claims as not proceed', async () => {
    assert.equal(await run([join(dir, 'report.md'), '--evidence', join(dir, 'metrics.log'), '--judge', 'llm', '--dry-run']), 0);
    assert.match(stdout, /dry run — nothing sent\. 4 claim\(s\)/);
    assert.match(stdout, /\n {2}llm {5}1 request\(s\), \d+ prompt tokens, 4 claim\(s\) sent/);
    // At a cut of 1 no offline verdict is sure enough to keep: hybrid sends all four, like llm.
    assert.equal(await run([join(dir, 'report.md'), '--evidence', join(dir, 'metrics.log'), '--judge', 'hybrid', '--confidence-cut', '1', '--dry-run']), 0);
    assert.match(stdout, /\n {2}hybrid {2}1 request\(s\), \d+ prompt tokens, 4 claim\(s\) sent \(0 kept offline at confidence ≥ 1\)/);
    // Three claims grounded tool_match, C4 left out of the answer (ungrounded inference, 0.6):
    // S = 3 / 3.6 proceeds — but a claim no judge decided is never a pass.
    server.scriptChat((request) => {
      const { claims, evidence } = judgePromptIds(request);
      return chatJson(judgeAnswer(claims.filter((id) => id !== 'C4').map((id) => ({ claim_id: id, partition: 'grounded', type: 'tool_match', evidence_refs: [evidence[0]!], reason: 'row' }))));
    });
    const code = await run([join(dir, 'report.md'), '--evidence', join(dir, 'metrics.log'), '--judge', 'hybrid', '--confidence-cut', '1', '--base-url', server.baseURL, '--fail-on', 'replan']);
    assert.match(stdout, /S = 0\.8333 {3}δ = proceed/);
    assert.equal(code, 1);
    assert.match(stdout, /NOT JUDGED/);
    assert.match(stdout, /judge usage: 1 request\(s\), .* 0 cache hit\(s\), 0 fallback\(s\), 1 not judged/);
    assert.match(stdout, /DEGRADED/);
  });
});
