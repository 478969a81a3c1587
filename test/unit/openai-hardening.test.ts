// Issue 19, finding 11: what an endpoint does can never stall a review, flood it, crash it or
// pass claims it did not judge. Against the real test server through the real openai client.
import assert from 'node:assert/strict';
import { MAX_REASON_CHARS, OpenAIJudge, type OpenAIJudgeOptions } from '../../src/core/judge/openai';
import { review } from '../../src/core/review';
import type { EvidenceItem, ReportClaim } from '../../src/core/review-types';
import { chatJson, judgeAnswer, startOpenAITestServer, status, type OpenAITestServer } from '../support/openai-test-server';

const CLAIMS: ReportClaim[] = [
  { id: 'C1', text: 'CPU on db-prod-1 reached 97.2% at 14:02.', start: 0, end: 40, line: 1 },
  { id: 'C2', text: 'The outage was caused by a config push.', start: 41, end: 80, line: 1 },
];
const EVIDENCE: EvidenceItem[] = [
  { id: 'E1', file: 'incident.log', line: 1, endLine: 1, text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2', kind: 'log_line', fields: {} },
];
const GOOD = judgeAnswer([
  { claim_id: 'C1', partition: 'grounded', type: 'tool_match', evidence_refs: ['E1'], reason: 'row E1' },
  { claim_id: 'C2', partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'causal link not in evidence' },
]);

describe('LLM judge hardening (issue 19, finding 11)', () => {
  let server: OpenAITestServer;
  const judgeWith = (options: Partial<OpenAIJudgeOptions> = {}) => new OpenAIJudge({ model: 'judge-model', baseURL: server.baseURL, maxRetries: 1, ...options });

  beforeEach(async () => {
    server = await startOpenAITestServer();
  });
  afterEach(() => server.close());

  it('a Retry-After of 100,000 s is obeyed only up to the cap, then the retry succeeds', async () => {
    server.scriptChat(status(429, 'slow down', { 'retry-after': '100000' }), chatJson(GOOD));
    const started = Date.now();
    const judgement = await judgeWith({ maxRetryWaitMs: 50 }).judgeClaims({ claims: CLAIMS, evidence: EVIDENCE });
    assert.equal(judgement.output.decision_status, 'resolved');
    assert.equal(server.requestsTo('/chat/completions').length, 2);
    assert.ok(Date.now() - started < 20_000, 'the 100,000 s wait was not obeyed');
  });

  it('a wait that would pass the review deadline is not taken: the claims are not judged, saying why', async () => {
    server.scriptChat(status(429, 'slow down', { 'retry-after': '100000' }), chatJson(GOOD));
    const judgement = await judgeWith({ maxRetryWaitMs: 60_000, reviewDeadlineMs: 2_000 }).judgeClaims({ claims: CLAIMS, evidence: EVIDENCE });
    assert.equal(server.requestsTo('/chat/completions').length, 1);
    assert.match(judgement.output.abstain_reason!, /^judge model call failed: review deadline of 2 s: HTTP 429: slow down; not retried: waiting 60 s would pass the review deadline$/);
    assert.ok(judgement.claims.every((claim) => claim.not_judged));
  });

  it('the per-request timeout covers the body: a server stalled mid-body fails after the timeout', async () => {
    server.scriptChat({ kind: 'stall', status: 200, partial: '{"id":"chatcmpl-1","object":"chat.completion","choices":[' });
    const judgement = await judgeWith({ timeoutMs: 300, maxRetries: 0 }).judgeClaims({ claims: CLAIMS, evidence: EVIDENCE });
    assert.match(judgement.output.abstain_reason!, /no complete answer within 300 ms \(timeout per request, body included\)/);
    assert.equal(server.requestsTo('/chat/completions').length, 1);
  });

  it('an answer over the size cap is not read whole; a huge reason is cut', async () => {
    const huge = judgeAnswer([{ claim_id: 'C1', partition: 'grounded', type: 'tool_match', evidence_refs: ['E1'], reason: 'x'.repeat(3_000_000) }]);
    server.scriptChat(chatJson(huge));
    const capped = await judgeWith({ maxResponseBytes: 1_000_000, maxRetries: 0 }).judgeClaims({ claims: CLAIMS, evidence: EVIDENCE });
    assert.match(capped.output.abstain_reason!, /the answer is larger than 1000000 bytes; not read further/);

    const long = judgeAnswer([{ claim_id: 'C1', partition: 'grounded', type: 'tool_match', evidence_refs: ['E1'], reason: 'y'.repeat(50_000) }]);
    server.scriptChat(chatJson(long));
    const judgement = await judgeWith().judgeClaims({ claims: CLAIMS.slice(0, 1), evidence: EVIDENCE });
    const reason = judgement.claims[0]!.reason;
    assert.equal(judgement.claims[0]!.partition, 'grounded');
    assert.ok(reason.length < MAX_REASON_CHARS + 100, `reason of ${reason.length} characters`);
    assert.ok(reason.endsWith(`[cut at ${MAX_REASON_CHARS} characters]`));
  });

  it('an HTML page answered with 200 gives a plain reason, not a TypeError', async () => {
    server.scriptChat({ kind: 'raw', status: 200, body: '<html><body>Gateway login</body></html>', contentType: 'text/html' });
    const judgement = await judgeWith({ maxRetries: 0 }).judgeClaims({ claims: CLAIMS, evidence: EVIDENCE });
    assert.equal(
      judgement.output.abstain_reason,
      'judge model call failed: the endpoint answered with something that is not a chat completion (text starting "<html><body>Gateway login</body></html>")',
    );
    assert.ok(!/Cannot read properties/.test(JSON.stringify(judgement)));
  });

  it('wrong enums, unknown and missing ids: those claims are counted, shown as not judged, and the review is degraded', async () => {
    const report = 'CPU on db-prod-1 reached 97.2% at 14:02. Disk stayed at 41%. Memory stayed flat.';
    server.scriptChat((request) => {
      const user: string = request.body.messages[1].content;
      const ids = [...user.matchAll(/\{"id":"(C\d+)"/g)].map((m) => m[1]!);
      assert.equal(ids.length, 3);
      // C1 a wrong enum, C2 answered under an unknown id, C3 missing.
      return chatJson(
        judgeAnswer([
          { claim_id: ids[0], partition: 'supported', type: 'tool_match', evidence_refs: [], reason: 'enum' },
          { claim_id: 'C99', partition: 'grounded', type: 'tool_match', evidence_refs: [], reason: 'unknown id' },
        ]),
      );
    });
    const result = await review({ report, evidence: [{ file: 'metrics.log', text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2' }], judge: judgeWith() });
    assert.equal(result.degraded, true);
    assert.equal(result.judge.notJudged, 3);
    assert.deepEqual(result.claims.map((claim) => [claim.partition, claim.not_judged]), [
      ['ungrounded', true],
      ['ungrounded', true],
      ['ungrounded', true],
    ]);
    assert.ok(result.warnings.some((w) => /3 claim\(s\) not judged/.test(w.message)));
  });
});
