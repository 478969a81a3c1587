// Algorithm 1 end to end against the test server: the core review() (segmentation, evidence
// parsing, scoring), the OpenAI judge over HTTP, regenerate through the same endpoint, replan through a real command.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAIJudge } from '../../src/core/judge/openai';
import { createCommandReplanner, createLlmRegenerator, reviewWithRepair } from '../../src/core/repair';
import type { EvidenceSource } from '../../src/core/review-types';
import {
  chatJson,
  chatText,
  judgeAnswer,
  judgePromptIds,
  startOpenAITestServer,
  status,
  type OpenAITestServer,
  type RecordedRequest,
  type ScriptedReply,
} from '../support/openai-test-server';

const API_KEY = 'sk-loop-test-0d9e8f';

const METRICS = [
  '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2',
  '[tool=query_metrics row=14:02:01] host=db-prod-1 mem_pct=41.0',
  '14:01:31 deploy config v42 pushed to db-prod-1',
].join('\n');

const REPORT = 'CPU on db-prod-1 reached 97.2% at 14:02. Memory on db-prod-1 was at 41%. The outage was caused by the config push.\n';
const REWRITTEN =
  'CPU on db-prod-1 reached 97.2% at 14:02. Memory on db-prod-1 was at 41%. A config push landed shortly before; the evidence does not show that it caused the outage.\n';

/** Grounds all claims but the last, which is an unsupported inference (2 G + 1 U → S 0.769, regenerate). */
const lastClaimUngrounded = (request: RecordedRequest): ScriptedReply => {
  const { claims: ids, evidence: refs } = judgePromptIds(request);
  return chatJson(
    judgeAnswer(ids.map((id, i) => ({ claim_id: id, partition: i === ids.length - 1 ? 'ungrounded' : 'grounded', type: i === ids.length - 1 ? 'inference' : 'tool_match', evidence_refs: i === ids.length - 1 ? [] : [refs[i]!], reason: 'checked' }))),
  );
};

/** Grounds every claim on the first evidence item sent, the hedged last one as complementary. */
const allSupported = (request: RecordedRequest): ScriptedReply => {
  const { claims: ids, evidence: refs } = judgePromptIds(request);
  return chatJson(
    judgeAnswer(ids.map((id, i) => ({ claim_id: id, partition: i === ids.length - 1 ? 'complementary' : 'grounded', type: i === ids.length - 1 ? 'complementary_finding' : 'tool_match', evidence_refs: [refs[0]!], reason: 'checked' }))),
  );
};

/** Every claim ungrounded: S = 0 → replan. */
const nothingSupported = (request: RecordedRequest): ScriptedReply =>
  chatJson(judgeAnswer(judgePromptIds(request).claims.map((id) => ({ claim_id: id, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'not in evidence' }))));

describe('repair loop wired to the judge, regenerate and replan', () => {
  let server: OpenAITestServer;
  let dir: string;
  const endpoint = () => ({ model: 'judge-model', apiKey: API_KEY, baseURL: server.baseURL, maxRetries: 0 });

  /** A replan command: a Node script that records its stdin and prints `output` (or fails). */
  function replanCommand(script: string): string {
    const file = join(dir, `replan-${Math.random().toString(16).slice(2)}.js`);
    writeFileSync(file, script);
    return `${JSON.stringify(process.execPath)} ${JSON.stringify(file)}`;
  }

  beforeEach(async () => {
    server = await startOpenAITestServer();
    dir = mkdtempSync(join(tmpdir(), 'loop-wired-'));
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('regenerate then proceed: the LLM rewrites from the same evidence, the original text is untouched', async () => {
    server.scriptChat(lastClaimUngrounded, chatText('```markdown\n' + REWRITTEN + '```'), allSupported);
    const evidence: EvidenceSource[] = [{ file: 'metrics.log', text: METRICS }];
    const result = await reviewWithRepair({
      report: REPORT,
      evidence,
      judge: new OpenAIJudge(endpoint()),
      regenerate: createLlmRegenerator(endpoint()),
    });

    assert.deepEqual(result.trajectory.map((r) => [r.action, r.decision]), [
      ['initial', 'regenerate'],
      ['regenerate', 'proceed'],
    ]);
    // 2 grounded tool_match + 1 ungrounded inference: 2 / 2.6.
    assert.ok(Math.abs(result.trajectory[0]!.score - 2 / 2.6) < 1e-9);
    assert.equal(result.trajectory[1]!.score, 1);
    assert.equal(result.report, REWRITTEN);
    assert.equal(result.changed, true);
    assert.equal(result.degraded, false);
    assert.equal(result.stopReason, 'proceed');
    assert.equal(result.regenerationsUsed, 1);
    assert.equal(result.review!.decision, 'proceed');
    assert.equal(result.trajectory[0]!.report, REPORT);

    const [, regenerate] = server.requestsTo('/chat/completions');
    assert.equal(regenerate!.body.response_format, undefined);
    const prompt = judgePromptIds(regenerate!).user;
    assert.ok(prompt.includes(REPORT.trim()));
    assert.match(prompt, /"claim":"The outage was caused by the config push\.","verdict":"ungrounded"/);
    assert.ok(prompt.includes('cpu_pct=97.2'), 'the same evidence is given to the rewrite');
    assert.match(regenerate!.body.messages[0].content, /Add no new facts/);
  });

  it('replan through a configured command: it reads the report and findings on stdin, its output becomes evidence', async () => {
    const seen = join(dir, 'stdin.json');
    const command = replanCommand(`
      let input = '';
      process.stdin.on('data', (d) => (input += d));
      process.stdin.on('end', () => {
        require('fs').writeFileSync(${JSON.stringify(seen)}, input);
        process.stdout.write(${JSON.stringify(METRICS)} + '\\n');
      });
    `);
    server.scriptChat(nothingSupported, (request) => {
      assert.ok(judgePromptIds(request).user.includes('cpu_pct=97.2'), 'the replanned evidence reached the judge');
      return lastClaimUngrounded(request);
    }, chatText(REWRITTEN), allSupported);
    const result = await reviewWithRepair({
      report: REPORT,
      evidence: [{ file: 'notes.txt', text: 'The on-call engineer was paged at 14:05.' }],
      judge: new OpenAIJudge(endpoint()),
      regenerate: createLlmRegenerator(endpoint()),
      replan: createCommandReplanner({ command, timeoutMs: 10_000 }),
    });

    assert.deepEqual(result.trajectory.map((r) => [r.action, r.decision]), [
      ['initial', 'replan'],
      ['replan', 'regenerate'],
      ['regenerate', 'proceed'],
    ]);
    assert.deepEqual(result.trajectory[1]!.evidenceFiles, ['notes.txt', 'replan-1.log']);
    assert.equal(result.replansUsed, 1);
    assert.equal(result.degraded, false);
    const request = JSON.parse(readFileSync(seen, 'utf8'));
    assert.equal(request.report, REPORT);
    assert.deepEqual(request.evidence, ['notes.txt']);
    assert.equal(request.explanation, 'The causal claim is not supported.');
    assert.equal(request.ungrounded.length, 3);
    assert.equal(request.round, 1);
  });

  it('budget exhaustion: k_max replans, then degraded with the whole trajectory and no extra judge call', async () => {
    // The new line names db-prod-1, so the claims retrieve it and each round's request differs (a
    // line no claim retrieves leaves the request as it was, and the judge answers it from its cache).
    const command = replanCommand(`process.stdin.resume(); process.stdin.on('end', () => console.log('14:09:00 nothing new on db-prod-1'));`);
    for (let i = 0; i < 4; i++) server.scriptChat(nothingSupported);
    const result = await reviewWithRepair({
      report: REPORT,
      evidence: [{ file: 'notes.txt', text: 'The on-call engineer was paged at 14:05.' }],
      judge: new OpenAIJudge(endpoint()),
      replan: createCommandReplanner({ command }),
      kMax: 2,
    });
    assert.equal(result.degraded, true);
    assert.equal(result.stopReason, 'replan budget exhausted');
    assert.equal(result.replansUsed, 2);
    assert.equal(result.trajectory.length, 3);
    assert.deepEqual(result.trajectory.map((r) => r.decision), ['replan', 'replan', 'replan']);
    assert.deepEqual(result.trajectory[2]!.evidenceFiles, ['notes.txt', 'replan-1.log', 'replan-2.log']);
    assert.equal(server.requestsTo('/chat/completions').length, 3);
    assert.equal(result.review!.degraded, true);
    assert.equal(result.report, REPORT);
  });

  it('a failing replan command stops the loop degraded with its reason', async () => {
    const command = replanCommand(`process.stderr.write('no access to the metrics store\\n'); process.exit(3);`);
    server.scriptChat(nothingSupported);
    const result = await reviewWithRepair({
      report: REPORT,
      evidence: [{ file: 'notes.txt', text: 'The on-call engineer was paged at 14:05.' }],
      judge: new OpenAIJudge(endpoint()),
      replan: createCommandReplanner({ command }),
    });
    assert.equal(result.degraded, true);
    assert.match(result.stopReason, /^repair failed: replan command failed \(exit 3\): no access to the metrics store: /);
    assert.equal(result.trajectory.length, 1);
  });

  it('regenerate with a model that refuses a set temperature: asked again without one', async () => {
    server.scriptChat(lastClaimUngrounded, status(400, "Unsupported parameter: 'temperature' is not supported with this model."), chatText(REWRITTEN), allSupported);
    const result = await reviewWithRepair({
      report: REPORT,
      evidence: [{ file: 'metrics.log', text: METRICS }],
      judge: new OpenAIJudge(endpoint()),
      regenerate: createLlmRegenerator(endpoint()),
    });
    assert.equal(result.stopReason, 'proceed');
    assert.equal(result.report, REWRITTEN);
    const [, refused, retried] = server.requestsTo('/chat/completions');
    assert.equal(refused!.body.temperature, 0.2);
    assert.equal('temperature' in retried!.body, false);
  });

  it('a failing regenerate call stops the loop degraded, and the key stays out of the reason', async () => {
    server.scriptChat(lastClaimUngrounded, status(500, `internal error for key ${API_KEY}`));
    const result = await reviewWithRepair({
      report: REPORT,
      evidence: [{ file: 'metrics.log', text: METRICS }],
      judge: new OpenAIJudge(endpoint()),
      regenerate: createLlmRegenerator(endpoint()),
    });
    assert.equal(result.degraded, true);
    assert.equal(result.stopReason, 'repair failed: regenerate model call failed: HTTP 500: internal error for key [redacted]');
    assert.equal(result.report, REPORT);
  });

  it('a judge that keeps failing abstains, and abstain is treated as replan', async () => {
    server.scriptChat(chatText('not json at all'));
    const result = await reviewWithRepair({
      report: REPORT,
      evidence: [{ file: 'metrics.log', text: METRICS }],
      judge: new OpenAIJudge(endpoint()),
      kMax: 0,
    });
    assert.equal(result.trajectory[0]!.decision, 'abstain');
    assert.match(result.trajectory[0]!.judgeOutput.abstain_reason!, /^judge output parse failed/);
    assert.equal(result.stopReason, 'replan budget exhausted');
    assert.equal(result.degraded, true);
  });

  it('cancellation during a round rejects and leaves nothing running', async () => {
    server.scriptChat({ ...chatJson({}), delayMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(
      reviewWithRepair({ report: REPORT, evidence: [{ file: 'metrics.log', text: METRICS }], judge: new OpenAIJudge(endpoint()), signal: controller.signal }),
      (error: Error) => error.name === 'AbortError',
    );
  });
});
