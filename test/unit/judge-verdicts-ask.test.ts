// The hybrid judge builds its summary from the claims, so it asks the LLM for claim verdicts only:
// no gaps, contradictions, verification, explanation or score in the schema or the instructions.
// The llm judge still asks for them; the two never share a cached answer.
import assert from 'node:assert/strict';
import { HybridJudge } from '../../src/core/judge/hybrid';
import { createOfflineJudge } from '../../src/core/judge/offline';
import {
  JUDGE_SYSTEM_PROMPT,
  JUDGE_VERDICTS_SYSTEM_PROMPT,
  OpenAIJudge,
  countPromptTokens,
  jsonSchemaTextFor,
  parseWire,
  type OpenAIJudgeOptions,
} from '../../src/core/judge/openai';
import type { ClaimJudge, EvidenceItem, ReportClaim } from '../../src/core/review-types';
import { chatJson, judgeAnswer, judgePromptIds, startOpenAITestServer, type OpenAITestServer, type RecordedRequest } from '../support/openai-test-server';

const SUMMARY_FIELDS = ['gaps', 'contradictions', 'verification_needed', 'verification_reason', 'explanation', 'grounding_score'];

const REPORT = 'CPU on db-prod-1 reached 97.2% at 14:02. The outage was caused by the config push.';
const CLAIMS: ReportClaim[] = [
  { id: 'C1', text: 'CPU on db-prod-1 reached 97.2% at 14:02.', start: 0, end: 40, line: 1 },
  { id: 'C2', text: 'The outage was caused by the config push.', start: 41, end: 82, line: 1 },
];
const EVIDENCE: EvidenceItem[] = [
  { id: 'E1', file: 'metrics.log', line: 1, endLine: 1, text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2', kind: 'tool_row', fields: {} },
  { id: 'E2', file: 'metrics.log', line: 2, endLine: 2, text: '14:01:31 deploy config v42 pushed to db-prod-1', kind: 'log_line', fields: {} },
];

/** A verdicts-only answer: every claim of the request grounded on the first item sent, and no summary at all. */
const verdictsOnly = (request: RecordedRequest) => {
  const { claims, evidence } = judgePromptIds(request);
  return chatJson({
    verdicts: claims.map((id) => ({ claim_id: id, partition: 'grounded', type: 'tool_match', evidence_refs: [evidence[0]!], reason: 'the row says so' })),
    sub_claims: [],
    decision_status: 'resolved',
    abstain_reason: null,
  });
};

/** The offline judge with every confidence at 0: the hybrid sends every claim. */
const unsureOffline: ClaimJudge = {
  kind: 'offline',
  judgeClaims: async (input) => {
    const judgement = await createOfflineJudge().judgeClaims(input);
    return { ...judgement, claims: judgement.claims.map((claim) => ({ ...claim, confidence: 0 })) };
  },
};

describe('a verdicts-only answer on the wire', () => {
  const verdict = { claim_id: 'C1', partition: 'grounded', type: 'tool_match', evidence_refs: ['E1'], reason: 'row' };
  const answer = { verdicts: [verdict], sub_claims: [], decision_status: 'resolved', abstain_reason: null };

  it('is read when verdicts were asked for, with an empty summary nothing reads', () => {
    const parsed = parseWire(answer, 'verdicts');
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value.verdicts, [verdict]);
    assert.deepEqual([parsed.value.gaps, parsed.value.explanation], [[], '']);
  });

  it('fails an answer to a full request, naming a summary field it lacks', () => {
    const parsed = parseWire(answer, 'full');
    assert.equal(parsed.ok, false);
    assert.match(!parsed.ok ? parsed.reason : '', /gaps/);
  });

  it('a model that adds the summary anyway is still read; a verdict outside the schema is still dropped alone', () => {
    const parsed = parseWire({ ...answer, explanation: 'extra', verdicts: [verdict, { ...verdict, claim_id: 'C2', partition: 'likely' }] }, 'verdicts');
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value.verdicts.map((v) => v.claim_id), ['C1']);
    assert.equal(parsed.dropped.length, 1);
  });

  it('its schema is the full one without the six summary fields', () => {
    const full = JSON.parse(jsonSchemaTextFor('full')) as { properties: object; required: string[] };
    const verdicts = JSON.parse(jsonSchemaTextFor('verdicts')) as { properties: object; required: string[] };
    assert.deepEqual(Object.keys(verdicts.properties), Object.keys(full.properties).filter((key) => !SUMMARY_FIELDS.includes(key)));
    assert.deepEqual(verdicts.required, ['verdicts', 'sub_claims', 'decision_status', 'abstain_reason']);
  });
});

describe('the hybrid judge asks the LLM for verdicts only', () => {
  let server: OpenAITestServer;
  const llm = (options: Partial<OpenAIJudgeOptions> = {}) => new OpenAIJudge({ model: 'judge-model', baseURL: server.baseURL, maxRetries: 0, ...options });

  beforeEach(async () => {
    server = await startOpenAITestServer();
  });
  afterEach(() => server.close());

  it('structured outputs: the JudgeVerdicts schema and instructions without the summary; its verdicts decide the claims', async () => {
    server.scriptChat(verdictsOnly);
    const judgement = await new HybridJudge({ offline: unsureOffline, llm: llm(), confidenceCut: 0.5 }).judgeClaims({ claims: CLAIMS, evidence: EVIDENCE, report: REPORT });
    const [request] = server.requestsTo('/chat/completions');
    assert.equal(request!.body.response_format.json_schema.name, 'JudgeVerdicts');
    assert.equal(request!.body.messages[0].content, JUDGE_VERDICTS_SYSTEM_PROMPT);
    // The full prompt names each summary field as "field (what it holds)" or by its snake_case name.
    assert.ok(!/gaps \(|contradictions \(|verification_|explanation \(|grounding_score/.test(JUDGE_VERDICTS_SYSTEM_PROMPT));
    assert.ok(/gaps \(|contradictions \(|verification_|explanation \(|grounding_score/.test(JUDGE_SYSTEM_PROMPT));
    assert.deepEqual(judgement.claims.map((c) => [c.decided_by, c.partition, c.reason]), [
      ['llm', 'grounded', 'the row says so'],
      ['llm', 'grounded', 'the row says so'],
    ]);
    assert.equal(judgement.output.decision_status, 'resolved');
  });

  it('JSON in plain text: the verdicts schema is the one written into the prompt', async () => {
    server.scriptChat((request) => {
      const { user } = judgePromptIds(request);
      assert.ok(user.endsWith(jsonSchemaTextFor('verdicts')));
      return verdictsOnly(request);
    });
    const judgement = await new HybridJudge({ offline: unsureOffline, llm: llm({ structuredOutput: 'off' }), confidenceCut: 0.5 }).judgeClaims({ claims: CLAIMS, evidence: EVIDENCE, report: REPORT });
    assert.equal(server.requestsTo('/chat/completions')[0]!.body.response_format, undefined);
    assert.ok(judgement.claims.every((c) => c.decided_by === 'llm' && !c.not_judged));
  });

  it('the llm judge still asks for the full answer, and the two asks never share a cached answer', async () => {
    const judge = llm();
    const input = { claims: CLAIMS, evidence: EVIDENCE, report: REPORT };
    server.scriptChat(chatJson(judgeAnswer([], { explanation: 'the model\'s summary' })), verdictsOnly);
    const full = await judge.judgeClaims(input);
    const [request] = server.requestsTo('/chat/completions');
    assert.equal(request!.body.response_format.json_schema.name, 'JudgeOutput');
    assert.equal(request!.body.messages[0].content, JUDGE_SYSTEM_PROMPT);
    assert.equal(full.output.explanation, 'the model\'s summary');
    // A cached full answer does not serve a verdicts request (it is asked), nor the other way round.
    await judge.judgeClaims(input, 'verdicts');
    assert.equal(server.requestsTo('/chat/completions').length, 2);
    await judge.judgeClaims(input, 'verdicts');
    await judge.judgeClaims(input);
    assert.equal(server.requestsTo('/chat/completions').length, 2);
  });

  it('the dry run counts what a verdicts request sends: the full estimate less the summary\'s instructions and schema', async () => {
    const judge = llm();
    const input = { claims: CLAIMS, evidence: EVIDENCE, report: REPORT };
    const [full, verdicts] = [await judge.estimate(input, 'full'), await judge.estimate(input, 'verdicts')];
    // Same request count and user message; the system message and the response_format schema differ.
    const system = async (content: string) => countPromptTokens([{ role: 'system', content }]);
    const schema = async (text: string) => countPromptTokens([], text);
    const saved = (await system(JUDGE_SYSTEM_PROMPT)) - (await system(JUDGE_VERDICTS_SYSTEM_PROMPT)) + (await schema(jsonSchemaTextFor('full'))) - (await schema(jsonSchemaTextFor('verdicts')));
    assert.equal(verdicts.requests, full.requests);
    assert.ok(saved > 100, `the summary cost ${saved} tokens a request`);
    assert.equal(full.promptTokens - verdicts.promptTokens, saved);
    const hybrid = await new HybridJudge({ offline: unsureOffline, llm: judge, confidenceCut: 0.5 }).estimate(input);
    assert.equal(hybrid.promptTokens, verdicts.promptTokens);
  });

  it('the estimate says how many of its tokens every request repeats: the instructions and the schema, once per request', async () => {
    const input = { claims: CLAIMS, evidence: EVIDENCE, report: REPORT };
    const once = await countPromptTokens([{ role: 'system', content: JUDGE_VERDICTS_SYSTEM_PROMPT }], jsonSchemaTextFor('verdicts'));
    const oneRequest = await llm().estimate(input, 'verdicts');
    assert.equal(oneRequest.repeatedTokens, once);
    // One claim per request: two requests, the same instructions and schema twice.
    const twoRequests = await llm({ claimsPerChunk: 1 }).estimate(input, 'verdicts');
    assert.equal(twoRequests.requests, 2);
    assert.equal(twoRequests.repeatedTokens, 2 * once);
    assert.ok(twoRequests.promptTokens > twoRequests.repeatedTokens);
  });
});
