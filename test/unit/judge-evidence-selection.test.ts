// What evidence travels with a request to the LLM judge: each claim's own retrieval candidates,
// de-duplicated and in evidence order — never the whole evidence just because it is small — and,
// for a claim whose own words retrieve too little, the candidates of its paragraph.
import assert from 'node:assert/strict';
import { claimPassages } from '../../src/core/judge/openai/context';
import { OpenAIJudge, evidenceLines, retrievalEvidenceSelector } from '../../src/core/judge/openai';
import type { EvidenceItem, ReportClaim } from '../../src/core/review-types';
import { chatJson, judgeAnswer, judgePromptIds, startOpenAITestServer, type OpenAITestServer } from '../support/openai-test-server';

// Ten lines on ten unrelated subjects: no two share a host, a time, a number or a content word.
const LINES = [
  '14:05:00 api-gw breaker=open',
  '[tool=query_metrics] host=db-prod-1 cpu_pct=97.2',
  'deploy config v42 pushed by ci-runner-7',
  'disk /var usage 81 on cache-3',
  'dns resolver 10.0.0.53 timeout',
  'certificate for shop.example.org expires 2027-01-31',
  'queue billing-q depth=18460',
  'kafka broker-4 under-replicated partitions=12',
  'backup job nightly-pg finished in 47m',
  'login failures for tenant acme hit 230',
];
const EVIDENCE: EvidenceItem[] = LINES.map((text, i) => ({ id: `E${i + 1}`, file: 'ops.log', line: i + 1, endLine: i + 1, text, kind: 'log_line', fields: {} }));

/** A claim cut from `report` by its text (offsets as the segmenter gives them). */
function claimIn(report: string, id: string, text: string): ReportClaim {
  const start = report.indexOf(text);
  assert.ok(start >= 0, `${text} is not in the report`);
  return { id, text, start, end: start + text.length, line: 1 };
}

const ids = (items: readonly EvidenceItem[]) => items.map((item) => item.id);

describe('evidence sent with a request to the LLM judge', () => {
  const REPORT = 'The breaker on api-gw opened at 14:05. CPU on db-prod-1 reached 97.2%.';
  const breaker = claimIn(REPORT, 'C1', 'The breaker on api-gw opened at 14:05.');
  const cpu = claimIn(REPORT, 'C2', 'CPU on db-prod-1 reached 97.2%.');

  it('two claims over ten items: only the items the two retrieve, not the whole (small) evidence', () => {
    // C1 shares api-gw, the breaker and 14:05 with E1 only; C2 shares db-prod-1, CPU and 97 with E2 only.
    assert.deepEqual(ids(retrievalEvidenceSelector(EVIDENCE)([breaker, cpu])), ['E1', 'E2']);
  });

  it('items two claims both retrieve are sent once, in evidence order whatever the claim order', () => {
    const again = claimIn(REPORT, 'C3', 'CPU on db-prod-1 reached 97.2%.');
    assert.deepEqual(ids(retrievalEvidenceSelector(EVIDENCE)([cpu, breaker, again])), ['E1', 'E2']);
  });

  it('a claim whose own words retrieve nothing gets the candidates of its paragraph', () => {
    const report = 'Queue billing-q grew to 18460. It drained again shortly after.';
    const fragment = claimIn(report, 'C1', 'It drained again shortly after.');
    const select = retrievalEvidenceSelector(EVIDENCE);
    // "drained", "again", "shortly" appear in no line: alone, the claim retrieves nothing, and
    // the ten small items go whole (with no evidence at all the judge would abstain).
    assert.equal(select([fragment]).length, 10);
    // Its paragraph names the queue billing-q and 18460, which only E7 holds.
    assert.deepEqual(ids(select([fragment], claimPassages(report, [fragment]))), ['E7']);
  });

  it('a claim that fills its quota with its own candidates takes none from its paragraph', () => {
    const report = 'Queue billing-q grew to 18460. The breaker on api-gw opened at 14:05.';
    const own = claimIn(report, 'C1', 'The breaker on api-gw opened at 14:05.');
    // One candidate per claim: C1's own (E1) fills it; the paragraph's billing-q line (E7) stays out.
    assert.deepEqual(ids(retrievalEvidenceSelector(EVIDENCE, { perClaim: 1 })([own], claimPassages(report, [own]))), ['E1']);
  });

  it('claims that retrieve nothing from large evidence get nothing: no arbitrary lines', () => {
    const large = Array.from({ length: 21 }, (_, i) => ({ ...EVIDENCE[i % 10]!, id: `E${i + 1}`, line: i + 1, endLine: i + 1 }));
    const report = 'It drained again shortly after.';
    assert.deepEqual(retrievalEvidenceSelector(large)([claimIn(report, 'C1', report)]), []);
  });

  it('sendAllUpTo still sends small evidence whole when a caller asks for it', () => {
    assert.equal(retrievalEvidenceSelector(EVIDENCE, { sendAllUpTo: 10 })([breaker]).length, 10);
    assert.deepEqual(ids(retrievalEvidenceSelector(EVIDENCE, { sendAllUpTo: 9 })([breaker])), ['E1']);
  });
});

describe('evidence lines in a judge prompt', () => {
  it('name each file once, where it changes; an id made from its line carries no line of its own', () => {
    const items: EvidenceItem[] = [
      { ...EVIDENCE[0]!, id: 'ops.log:E1' },
      { ...EVIDENCE[1]!, id: 'ops.log:E2' },
      { ...EVIDENCE[2]!, id: 'app.log:E1', file: 'app.log', line: 1 },
      { ...EVIDENCE[3]!, id: 'app.log:E1.2', file: 'app.log', line: 1 },
      // An id that does not say its line (an item made by a caller, not by the evidence parser).
      { ...EVIDENCE[4]!, id: 'dns', file: 'app.log', line: 7 },
    ];
    assert.deepEqual(evidenceLines(items), [
      '{"file":"ops.log"}',
      `{"id":"ops.log:E1","text":${JSON.stringify(LINES[0])}}`,
      `{"id":"ops.log:E2","text":${JSON.stringify(LINES[1])}}`,
      '{"file":"app.log"}',
      `{"id":"app.log:E1","text":${JSON.stringify(LINES[2])}}`,
      `{"id":"app.log:E1.2","text":${JSON.stringify(LINES[3])}}`,
      `{"id":"dns","line":7,"text":${JSON.stringify(LINES[4])}}`,
    ]);
  });
});

describe('the LLM judge sends each request its claims\' own evidence', () => {
  let server: OpenAITestServer;
  beforeEach(async () => {
    server = await startOpenAITestServer();
  });
  afterEach(() => server.close());

  it('the request and the dry-run estimate carry the same two items for two claims', async () => {
    const report = 'The breaker on api-gw opened at 14:05. CPU on db-prod-1 reached 97.2%.';
    const claims = [claimIn(report, 'C1', 'The breaker on api-gw opened at 14:05.'), claimIn(report, 'C2', 'CPU on db-prod-1 reached 97.2%.')];
    server.scriptChat(chatJson(judgeAnswer([])));
    const judge = new OpenAIJudge({ model: 'judge-model', baseURL: server.baseURL, maxRetries: 0, cache: null });
    const input = { claims, evidence: EVIDENCE, report };
    const planned = await judge.estimate(input);
    await judge.judgeClaims(input);
    const sent = server.requestsTo('/chat/completions');
    assert.equal(sent.length, 1);
    assert.deepEqual(judgePromptIds(sent[0]!).evidence, ['E1', 'E2']);
    assert.deepEqual(planned.perRequest, [['C1', 'C2']]);
  });
});
