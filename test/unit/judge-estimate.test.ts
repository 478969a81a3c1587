// The dry run counts what a real run sends: for the llm and the hybrid judge, with structured
// outputs and without, the estimate's prompt tokens equal the tokens of the messages (and the
// response_format schema) the test server received, and its parts add up to them.
import assert from 'node:assert/strict';
import { HybridJudge } from '../../src/core/judge/hybrid';
import { createOfflineJudge } from '../../src/core/judge/offline';
import { OpenAIJudge, PROMPT_PARTS, countPromptTokens, type JudgeEstimate, type OpenAIJudgeOptions } from '../../src/core/judge/openai';
import { parseEvidenceSources } from '../../src/core/evidence';
import type { ClaimJudge, ClaimJudgeInput } from '../../src/core/review-types';
import { segmentReport } from '../../src/core/segment';
import { chatJson, judgeAnswer, judgePromptIds, startOpenAITestServer, type OpenAITestServer, type RecordedRequest } from '../support/openai-test-server';

// Paragraphs, list items (one whose item is the claim itself) and two evidence files.
const REPORT = [
  'CPU on db-prod-1 reached 97.2% at 14:02. It fell back to 40% by 14:10.',
  '',
  '- The config push came at 14:01.',
  '- The breaker on api-gw opened at 14:05, and it stayed open for half an hour.',
  '',
  'The outage was caused by the config push.',
  '',
].join('\n');
const FILES = [
  { file: 'metrics.log', text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2\n[tool=query_metrics row=14:10:00] host=db-prod-1 cpu_pct=40.1' },
  { file: 'app.log', text: '14:01:31 deploy config v42 pushed to db-prod-1\n14:05:00 api-gw breaker=open\n14:36:10 api-gw breaker=closed' },
];
const input = (): ClaimJudgeInput => ({
  claims: segmentReport(REPORT, { format: 'markdown', file: 'report.md' }).claims,
  evidence: parseEvidenceSources(FILES).items,
  question: 'What happened to db-prod-1 and api-gw?',
  report: REPORT,
});

/** Every claim of a request grounded on its first item, with or without the summary as asked. */
const answer = (request: RecordedRequest) => {
  const { claims, evidence } = judgePromptIds(request);
  const verdicts = claims.map((id) => ({ claim_id: id, partition: 'grounded', type: 'tool_match', evidence_refs: [evidence[0]!], reason: 'stated' }));
  return chatJson(judgeAnswer(verdicts));
};

/** The offline judge unsure of every other claim: the hybrid sends half of them. */
const halfSure: ClaimJudge = {
  kind: 'offline',
  judgeClaims: async (judged) => {
    const judgement = await createOfflineJudge().judgeClaims(judged);
    return { ...judgement, claims: judgement.claims.map((claim, i) => ({ ...claim, confidence: i % 2 === 0 ? 0.99 : 0.1 })) };
  },
};

/** The prompt tokens of what the server received, counted as the estimate counts them. */
async function receivedTokens(requests: readonly RecordedRequest[]): Promise<number> {
  let total = 0;
  for (const request of requests) {
    const schema = request.body.response_format ? JSON.stringify(request.body.response_format.json_schema.schema) : '';
    total += await countPromptTokens(request.body.messages, schema);
  }
  return total;
}

function assertPartsAddUp(estimate: JudgeEstimate): void {
  const parts = estimate.parts!;
  assert.equal(PROMPT_PARTS.reduce((sum, part) => sum + parts[part], 0), estimate.promptTokens);
  assert.equal(parts.instructions + parts.schema, estimate.repeatedTokens);
  for (const part of PROMPT_PARTS) assert.ok(parts[part] > 0, `${part}: ${parts[part]} tokens`);
}

describe('the dry run counts the prompt tokens a real run sends', () => {
  let server: OpenAITestServer;
  const llm = (options: Partial<OpenAIJudgeOptions> = {}) => new OpenAIJudge({ model: 'judge-model', baseURL: server.baseURL, maxRetries: 0, cache: null, claimsPerChunk: 3, ...options });

  beforeEach(async () => {
    server = await startOpenAITestServer();
  });
  afterEach(() => server.close());

  for (const structuredOutput of ['on', 'off'] as const) {
    it(`llm judge, structured outputs ${structuredOutput}: tokens equal, parts add up`, async () => {
      const judge = llm({ structuredOutput });
      const planned = await judge.estimate(input(), 'full', { parts: true });
      server.scriptChat(...Array.from({ length: planned.requests }, () => answer));
      await judge.judgeClaims(input());
      const sent = server.requestsTo('/chat/completions');
      assert.equal(sent.length, planned.requests);
      assert.ok(planned.requests > 1);
      assert.equal(await receivedTokens(sent), planned.promptTokens);
      assertPartsAddUp(planned);
    });

    it(`hybrid judge, structured outputs ${structuredOutput}: tokens equal, parts add up`, async () => {
      const hybrid = new HybridJudge({ offline: halfSure, llm: llm({ structuredOutput }), confidenceCut: 0.5 });
      const planned = await hybrid.estimate(input(), { parts: true });
      server.scriptChat(...Array.from({ length: planned.requests }, () => answer));
      await hybrid.judgeClaims(input());
      const sent = server.requestsTo('/chat/completions');
      assert.equal(sent.length, planned.requests);
      assert.ok(planned.keptOffline > 0);
      assert.equal(await receivedTokens(sent), planned.promptTokens);
      assertPartsAddUp(planned);
    });
  }

  it('without parts asked for, the same tokens and no breakdown', async () => {
    const judge = llm();
    const [plain, parted] = [await judge.estimate(input()), await judge.estimate(input(), 'full', { parts: true })];
    assert.equal(plain.parts, undefined);
    assert.equal(plain.promptTokens, parted.promptTokens);
  });
});
