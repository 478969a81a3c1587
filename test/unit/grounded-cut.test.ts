// Issue 17 point 4: a reviewer can ask for green marks they can trust. The grounded cut, named by
// number or as `strict`, and what the hybrid judge does with the claims it would withhold: ask the
// LLM about them, never keep them as ungrounded on the strength of a verdict it did not believe.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HybridJudge } from '../../src/core/judge/hybrid';
import { DEFAULT_GROUNDED_CUT, STRICT_GROUNDED_CUT, groundedCutOf, strictGroundedCut } from '../../src/core/judge/grounded-cut';
import { createOfflineJudge } from '../../src/core/judge/offline';
import { parseEvidenceSources } from '../../src/core/evidence';
import { FEATURE_NAMES } from '../../src/core/judge/offline/decide/features';
import { shippedModel, type DecisionModel } from '../../src/core/judge/offline/decide/model';
import { PARTITION_KEYS } from '../../src/core/model';
import { OpenAIJudge } from '../../src/core/judge/openai';
import { review } from '../../src/core/review';
import { toReviewJson } from '../../src/core/review-json';
import { renderText } from '../../src/cli/commands/review-text';
import type { ClaimJudge } from '../../src/core/review-types';
import { chatJson, judgeAnswer, judgePromptIds, startOpenAITestServer, status, type OpenAITestServer, type RecordedRequest } from '../support/openai-test-server';

// Four claims: two the offline judge grounds (a figure and a time, both in the rows), one causal
// over-reach (ungrounded) and one the rows do not bear out (open 31 minutes, not two hours).
const REPORT = 'CPU on db-prod-1 reached 97.2% at 14:02. The outage was caused by the config push.\n\nThe circuit breaker on api-gw opened at 14:05. It stayed open for about two hours.\n';
const EVIDENCE = [
  { file: 'metrics.log', text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2\n14:01:31 deploy config v42 pushed to db-prod-1\n14:05:00 api-gw breaker=open\n14:36:10 api-gw breaker=closed' },
];

/** The real offline judge's verdicts, each given the same confidence: which claims a cut touches then depends on the partition alone. */
function offlineAtConfidence(confidence: number): ClaimJudge {
  const offline = createOfflineJudge();
  return {
    kind: 'offline',
    judgeClaims: async (input) => {
      const judgement = await offline.judgeClaims(input);
      return { ...judgement, claims: judgement.claims.map((claim) => ({ ...claim, confidence })) };
    },
  };
}

/**
 * A hand-made model whose grounded logit is ln(r) against 0 for the three others: p(grounded) =
 * r / (r + 3), the likeliest partition either way, so only the cut decides.
 */
function tilted(r: number): DecisionModel {
  const logit = PARTITION_KEYS.map((key) => (key === 'grounded' ? Math.log(r) : 0));
  return { features: [...FEATURE_NAMES], classes: [...PARTITION_KEYS], weights: logit.map((z) => [...FEATURE_NAMES.map(() => 0), z]), base: logit, trees: [], treeShare: 0.5, temperature: 1, strictGroundedCut: 0.9, overrides: [], trainedOn: { sha256: '', claims: 0, cases: 0 } };
}

const groundedByLlm = (request: RecordedRequest) => {
  const { claims, evidence } = judgePromptIds(request);
  return chatJson(judgeAnswer(claims.map((id) => ({ claim_id: id, partition: 'grounded', type: 'tool_match', evidence_refs: [evidence[0]!], reason: 'the LLM says so' }))));
};

describe('grounded cut: by number or by name', () => {
  it('strict is the shipped model\'s strictGroundedCut, a number strictly inside (0, 1)', () => {
    assert.equal(groundedCutOf(STRICT_GROUNDED_CUT), shippedModel().strictGroundedCut);
    assert.equal(strictGroundedCut(), shippedModel().strictGroundedCut);
    assert.ok(strictGroundedCut() > 0 && strictGroundedCut() < 1);
  });

  it('a number in [0, 1] is itself; anything else is a RangeError naming it', () => {
    for (const cut of [0, 0.5, 1]) assert.equal(groundedCutOf(cut), cut);
    for (const bad of [-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY, 'STRICT' as never]) {
      const named = typeof bad === 'number' ? String(bad) : JSON.stringify(bad);
      assert.throws(() => groundedCutOf(bad), (error: Error) => error instanceof RangeError && error.message.endsWith(`or "strict", got ${named}`));
    }
  });

  it('by default a grounded verdict stands only where the model rates it more likely than not', async () => {
    assert.equal(DEFAULT_GROUNDED_CUT, 0.5);
    const rows = { file: 'signups.log', text: '[tool=query row=1] region=eu signups=2260' };
    const claims = [{ id: 'C1', text: 'The eu region had 2260 signups.', start: 0, end: 31, line: 1 }];
    const verdict = async (r: number, groundedCut?: number) => (await createOfflineJudge({ model: tilted(r), ...(groundedCut === undefined ? {} : { groundedCut }) }).judgeClaims({ claims, evidence: parseEvidenceSources([rows]).items })).claims[0]!;
    // r = 2: p = 0.4, withheld by default, kept at cut 0; r = 4.5: p = 0.6, kept.
    assert.equal((await verdict(2, 0)).partition, 'grounded');
    const withheld = await verdict(2);
    assert.equal(withheld.partition, 'ungrounded');
    assert.match(withheld.reason, /^could not verify offline \(confidence 0\.40 below 0\.5\)/);
    assert.equal((await verdict(4.5)).partition, 'grounded');
  });

  it('a withheld verdict says so: its probability of grounded and the cut, in the claim, the JSON and the text output', async () => {
    const evidence = [{ file: 'signups.log', text: '[tool=query row=1] region=eu signups=2260\n' }];
    // p(grounded) = 2 / (2 + 3) = 0.4 against the default cut 0.5; at 4.5 / 7.5 = 0.6 nothing is withheld.
    const result = await review({ report: 'The eu region had 2260 signups.\n', evidence, judge: createOfflineJudge({ model: tilted(2) }) });
    const [claim] = result.claims;
    assert.deepEqual(claim!.withheld, { grounded_confidence: 0.4, cut: 0.5 });
    assert.deepEqual(toReviewJson(result).claims[0]!.withheld, { grounded_confidence: 0.4, cut: 0.5 });
    const text = renderText(result, 'report.md');
    assert.match(text, /withheld: grounded at confidence 0\.40, below the grounded cut 0\.5; counted as ungrounded/);
    assert.match(text, /ungrounded 1 \(1 withheld by the grounded cut\)/);
    const kept = await review({ report: 'The eu region had 2260 signups.\n', evidence, judge: createOfflineJudge({ model: tilted(4.5) }) });
    assert.equal(kept.claims[0]!.withheld, undefined);
    assert.ok(!('withheld' in toReviewJson(kept).claims[0]!));
    assert.doesNotMatch(renderText(kept, 'report.md'), /withheld/);
  });

  it('the offline judge at cut 1 keeps no grounded verdict; at cut 0.5 it gives the default verdicts', async () => {
    const byDefault = await review({ report: REPORT, evidence: EVIDENCE });
    const open = await review({ report: REPORT, evidence: EVIDENCE, judge: createOfflineJudge({ groundedCut: 0.5 }) });
    const shut = await review({ report: REPORT, evidence: EVIDENCE, judge: createOfflineJudge({ groundedCut: 1 }) });
    assert.deepEqual(open.claims, byDefault.claims);
    const grounded = byDefault.claims.filter((claim) => claim.partition === 'grounded').map((claim) => claim.id);
    assert.ok(grounded.length > 0, 'the example has grounded claims to withhold');
    // A calibrated probability never reaches 1 exactly, so every grounded verdict is withheld, and nothing else moves.
    for (const [i, claim] of shut.claims.entries()) {
      const before = byDefault.claims[i]!;
      if (grounded.includes(claim.id)) {
        assert.equal(claim.partition, 'ungrounded');
        assert.match(claim.reason, /^could not verify offline \(confidence 0\.\d\d below 1\)/);
      } else assert.deepEqual(claim, before);
    }
  });
});

describe('hybrid judge with a grounded cut', () => {
  let server: OpenAITestServer;
  const llm = () => new OpenAIJudge({ model: 'judge-model', baseURL: server.baseURL, maxRetries: 0 });
  let groundedOffline: string[];

  before(async () => {
    const offline = await review({ report: REPORT, evidence: EVIDENCE });
    groundedOffline = offline.claims.filter((claim) => claim.partition === 'grounded').map((claim) => claim.id);
    assert.deepEqual(groundedOffline, ['C1', 'C3'], 'the figure and the time are grounded offline');
  });
  beforeEach(async () => {
    server = await startOpenAITestServer();
  });
  afterEach(() => server.close());

  it('sends the grounded verdicts below the grounded cut even above the confidence cut, and keeps the rest', async () => {
    server.scriptChat(groundedByLlm);
    const judge = new HybridJudge({ offline: offlineAtConfidence(0.95), llm: llm(), confidenceCut: 0.9, groundedCut: 0.96 });
    const result = await review({ report: REPORT, evidence: EVIDENCE, judge });
    const calls = server.requestsTo('/chat/completions');
    assert.equal(calls.length, 1);
    assert.deepEqual(judgePromptIds(calls[0]!).claims, groundedOffline);
    assert.deepEqual(result.claims.map((c) => c.decided_by), ['llm', 'offline', 'llm', 'offline']);
    assert.equal(result.claims[0]!.decided_why, 'offline grounded at confidence 0.95 < grounded cut 0.96: sent to the LLM');
    assert.equal(result.claims[1]!.decided_why, 'offline confidence 0.95 ≥ cut 0.90');
    // The offline judge leaned grounded and so did the LLM: no disagreement to flag.
    assert.equal(result.claims[0]!.disagreement, undefined);
  });

  it('with no grounded cut (default 0) the same confidences keep every claim offline: no request', async () => {
    const judge = new HybridJudge({ offline: offlineAtConfidence(0.95), llm: llm(), confidenceCut: 0.9 });
    const result = await review({ report: REPORT, evidence: EVIDENCE, judge });
    assert.equal(server.requests.length, 0);
    assert.ok(result.claims.every((c) => c.decided_by === 'offline'));
    assert.equal(judge.groundedCut, 0);
  });

  it('a grounded cut at or below the confidence cut changes nothing: those verdicts were sent already', async () => {
    server.scriptChat(groundedByLlm, groundedByLlm);
    const plain = await review({ report: REPORT, evidence: EVIDENCE, judge: new HybridJudge({ offline: offlineAtConfidence(0.5), llm: llm(), confidenceCut: 0.6 }) });
    const cut = await review({ report: REPORT, evidence: EVIDENCE, judge: new HybridJudge({ offline: offlineAtConfidence(0.5), llm: llm(), confidenceCut: 0.6, groundedCut: 0.55 }) });
    const [first, second] = server.requestsTo('/chat/completions');
    assert.deepEqual(judgePromptIds(second!).claims, judgePromptIds(first!).claims);
    assert.deepEqual(
      cut.claims.map((c) => [c.partition, c.decided_why]),
      plain.claims.map((c) => [c.partition, c.decided_why]),
    );
  });

  it('an LLM failure leaves a claim sent for the grounded cut not judged, and says which cut sent it', async () => {
    server.scriptChat(status(500, 'upstream exploded'));
    const judge = new HybridJudge({ offline: offlineAtConfidence(0.95), llm: llm(), confidenceCut: 0.9, groundedCut: 1 });
    const result = await review({ report: REPORT, evidence: EVIDENCE, judge });
    const sent = result.claims.filter((c) => groundedOffline.includes(c.id));
    assert.ok(sent.every((c) => c.partition === 'ungrounded' && c.not_judged === true && c.decided_by === 'none'));
    assert.ok(sent.every((c) => / \(the offline judge said grounded at confidence 0\.95, below the grounded cut\)$/.test(c.reason)), sent.map((c) => c.reason).join('\n'));
    assert.equal(result.degraded, true);
  });

  it('refuses a grounded cut outside [0, 1]', () => {
    for (const groundedCut of [-0.1, 1.1, Number.NaN]) {
      assert.throws(() => new HybridJudge({ offline: createOfflineJudge(), llm: llm(), groundedCut }), /grounded cut must be in \[0, 1\]/);
    }
  });
});

describe('grounding.judge.groundedCut in package.json', () => {
  it('is a number in [0, 1] or unset (null, default: the judge\'s own cut), whose description names the default and the shipped strict cut', () => {
    const pkg = JSON.parse(readFileSync(resolve(__dirname, '../../../package.json'), 'utf8'));
    const judge = pkg.contributes.configuration.find((section: { id: string }) => section.id === 'grounding.judge');
    const setting = judge.properties['grounding.judge.groundedCut'];
    assert.deepEqual([setting.type, setting.minimum, setting.maximum, setting.default], [['number', 'null'], 0, 1, null]);
    assert.ok(setting.markdownDescription.includes(`\`${DEFAULT_GROUNDED_CUT}\` for the offline judge`), setting.markdownDescription);
    // A retrained model moves the strict cut: the description must move with it.
    assert.ok(setting.markdownDescription.includes(`\`${strictGroundedCut()}\` is the shipped model's strict cut`), setting.markdownDescription);
  });
});
