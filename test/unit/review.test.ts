// review(), rescore() and the JSON contract, with small judges written here so the expected
// partition — and so S and δ — are known by hand (values from gsar.md §5).
import * as assert from 'node:assert/strict';
import { GroundingInputError, type EvidenceType, type PartitionKey } from '../../src/core/model';
import { judgeOutputFromClaims } from '../../src/core/judge/offline';
import { rescore, review } from '../../src/core/review';
import { toReviewJson } from '../../src/core/review-json';
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, JudgedClaim } from '../../src/core/review-types';

const REPORT = 'CPU hit 97.2% on db-prod-1. The outage was caused by a config push.';
const METRICS = { file: 'metrics.log', text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2\n' };

type Rule = { when: RegExp; partition: PartitionKey; type: EvidenceType; refs?: string[] };

/** A judge that decides by regular expressions over the claim text and records what it was given. */
function ruleJudge(rules: Rule[]): ClaimJudge & { calls: ClaimJudgeInput[] } {
  const calls: ClaimJudgeInput[] = [];
  return {
    kind: 'test',
    calls,
    judgeClaims: async (input): Promise<ClaimJudgement> => {
      calls.push(input);
      const claims: JudgedClaim[] = input.claims.map((claim) => {
        const rule = rules.find((candidate) => candidate.when.test(claim.text));
        return rule
          ? { ...claim, partition: rule.partition, type: rule.type, evidence_refs: rule.refs ?? [], reason: `matched ${rule.when.source}` }
          : { ...claim, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: 'no rule' };
      });
      return { claims, output: resolvedOutput(), fallbacks: [], warnings: [] };
    },
  };
}

/** A resolved judge output whose own scalar is deliberately wrong: review() must not use it. */
function resolvedOutput(): ClaimJudgement['output'] {
  return { ...judgeOutputFromClaims([]), grounding_score: 0.99 };
}

const groundMetric: Rule = { when: /97\.2/, partition: 'grounded', type: 'tool_match', refs: ['E1'] };

describe('review()', () => {
  it('segments, judges and scores from the partition: G=[tool_match], U=[inference] → 0.625, replan', async () => {
    const judge = ruleJudge([groundMetric]);
    const result = await review({ report: REPORT, evidence: [METRICS], judge });
    assert.equal(result.score, 0.625);
    assert.equal(result.decision, 'replan');
    assert.equal(result.degraded, false);
    assert.deepEqual(result.counts, { grounded: 1, ungrounded: 1, contradicted: 0, complementary: 0 });
    assert.deepEqual(
      result.claims.map((claim) => [claim.id, claim.text, claim.start, claim.end, claim.partition, claim.evidence_refs]),
      [
        ['C1', 'CPU hit 97.2% on db-prod-1.', 0, 27, 'grounded', ['E1']],
        ['C2', 'The outage was caused by a config push.', 28, 67, 'ungrounded', []],
      ],
    );
    assert.deepEqual(result.evidence, { files: ['metrics.log'], items: 1 });
    assert.equal(result.judge.kind, 'test');
    assert.equal(result.switch, null);
    assert.equal(result.gate, null);
    // The judge saw the parsed evidence item.
    assert.equal(judge.calls[0].evidence[0].tool, 'query_metrics');
  });

  it('gives the judge ids unique across several evidence files', async () => {
    const judge = ruleJudge([]);
    await review({ report: REPORT, evidence: [METRICS, { file: 'app.log', text: 'deploy pushed config v42' }], judge });
    assert.deepEqual(judge.calls[0].evidence.map((item) => item.id), ['metrics.log:E1', 'app.log:E1']);
  });

  it('passes the question: explicit first, else from front matter', async () => {
    const judge = ruleJudge([]);
    const report = '---\nquestion: Why did checkout fail?\n---\nA fact was stated.';
    await review({ report, evidence: [METRICS], judge });
    await review({ report, evidence: [METRICS], judge, question: 'What broke?' });
    assert.deepEqual(judge.calls.map((call) => call.question), ['Why did checkout fail?', 'What broke?']);
  });

  it('keeps evidence warnings (malformed lines) in the result', async () => {
    const result = await review({
      report: REPORT,
      evidence: [{ file: 'trace.jsonl', text: '{"type":"reasoning","text":"ok"}\nnot json\n' }],
      judge: ruleJudge([]),
    });
    assert.equal(result.warnings.length, 1);
    assert.equal(result.warnings[0].file, 'trace.jsonl');
    assert.equal(result.warnings[0].line, 2);
  });

  it('turns a throwing judge into the safe default: abstain, S = 0.5, degraded, reason shown', async () => {
    const judge: ClaimJudge = { kind: 'broken', judgeClaims: () => Promise.reject(new Error('connection refused')) };
    const result = await review({ report: REPORT, evidence: [METRICS], judge });
    assert.equal(result.decision, 'abstain');
    assert.equal(result.score, 0.5);
    assert.equal(result.degraded, true);
    assert.equal(result.judge.abstainReason, 'judge failed: connection refused');
    assert.equal(result.scoring.decisionWithoutAbstain, 'replan');
    assert.equal(result.claims.length, 2);
    assert.ok(result.claims.every((claim) => claim.partition === 'ungrounded' && claim.reason.startsWith('not judged')));
  });

  it('marks claims the judge skipped, ignores unknown and malformed verdicts, and says so', async () => {
    const judge: ClaimJudge = {
      kind: 'sloppy',
      judgeClaims: async (input) => ({
        claims: [
          { ...input.claims[0], partition: 'grounded', type: 'tool_match', evidence_refs: ['E1'], reason: 'row matches' },
          { ...input.claims[1], partition: 'grounded', type: 'made_up' as EvidenceType, evidence_refs: [], reason: 'x' },
          { ...input.claims[0], id: 'C99', partition: 'grounded', type: 'tool_match', evidence_refs: [], reason: 'x' },
        ],
        output: resolvedOutput(),
        fallbacks: [],
        warnings: [],
      }),
    };
    const result = await review({ report: REPORT, evidence: [METRICS], judge });
    assert.equal(result.degraded, true);
    assert.deepEqual(result.counts, { grounded: 1, ungrounded: 1, contradicted: 0, complementary: 0 });
    assert.match(result.claims[1].reason, /not judged/);
    const messages = result.warnings.map((warning) => warning.message).join('\n');
    assert.match(messages, /malformed/);
    assert.match(messages, /unknown claim "C99"/);
    assert.match(messages, /no valid verdict for 1 claim/);
  });

  it('rejects invalid settings before calling the judge', async () => {
    const judge = ruleJudge([]);
    await assert.rejects(
      review({ report: REPORT, evidence: [METRICS], judge, settings: { thresholds: { proceed: 0.6, regenerate: 0.6 } } }),
      GroundingInputError,
    );
    await assert.rejects(review({ report: REPORT, evidence: [METRICS], judge, settings: { rho: 2 } }), GroundingInputError);
    assert.equal(judge.calls.length, 0);
  });

  it('rejects when the signal is aborted', async () => {
    const controller = new AbortController();
    const judge: ClaimJudge = {
      kind: 'slow',
      judgeClaims: (input) => {
        controller.abort(new Error('cancelled by user'));
        input.signal?.throwIfAborted();
        return Promise.resolve({ claims: [], output: resolvedOutput(), fallbacks: [], warnings: [] });
      },
    };
    await assert.rejects(review({ report: REPORT, evidence: [METRICS], judge, signal: controller.signal }), /cancelled by user/);
  });

  it('uses the offline judge when none is given', async () => {
    const result = await review({ report: REPORT, evidence: [METRICS] });
    assert.equal(result.judge.kind, 'offline');
    assert.equal(result.claims.length, 2);
  });
});

describe('rescore()', () => {
  const contradicted: Rule = { when: /outage/, partition: 'contradicted', type: 'specific_data' };

  it('recomputes δ for new thresholds without calling the judge', async () => {
    const judge = ruleJudge([groundMetric]);
    const result = await review({ report: REPORT, evidence: [METRICS], judge });
    const lenient = rescore(result, { thresholds: { proceed: 0.7, regenerate: 0.5 } });
    assert.equal(lenient.score, 0.625);
    assert.equal(lenient.decision, 'regenerate');
    assert.deepEqual(lenient.scoring.thresholds, { proceed: 0.7, regenerate: 0.5 });
    assert.equal(judge.calls.length, 1);
    assert.equal(result.decision, 'replan', 'the original result is not mutated');
  });

  it('recomputes S for a new ρ: G=[tool_match], X=[specific_data] is 0.677966 at ρ 0.5, 1.0 at ρ 0', async () => {
    const result = await review({ report: REPORT, evidence: [METRICS], judge: ruleJudge([groundMetric, contradicted]) });
    assert.ok(Math.abs(result.score - 0.677966) < 1e-6);
    assert.equal(result.decision, 'regenerate');
    const noPenalty = rescore(result, { rho: 0 });
    assert.equal(noPenalty.score, 1);
    assert.equal(noPenalty.decision, 'proceed');
  });

  it('recounts edited claims and keeps an abstention as abstain', async () => {
    const result = await review({ report: REPORT, evidence: [METRICS], judge: ruleJudge([groundMetric]) });
    const edited = rescore({ ...result, claims: [{ ...result.claims[1], partition: 'grounded', type: 'tool_match' }, result.claims[0]] }, {});
    assert.deepEqual(edited.counts, { grounded: 2, ungrounded: 0, contradicted: 0, complementary: 0 });
    assert.equal(edited.score, 1);
    const abstained = rescore({ ...result, judge: { ...result.judge, abstainReason: 'no evidence' } }, { rho: 0 });
    assert.equal(abstained.decision, 'abstain');
    assert.equal(abstained.score, 0.5);
  });

  it('rejects invalid settings', async () => {
    const result = await review({ report: REPORT, evidence: [METRICS], judge: ruleJudge([]) });
    assert.throws(() => rescore(result, { weights: { tool_match: 2 } }), GroundingInputError);
  });
});

describe('the JSON contract', () => {
  it('has exactly the fields of issue 4 point 5, and the omissions of issue 20', async () => {
    const result = await review({ report: REPORT, evidence: [METRICS], judge: ruleJudge([groundMetric]) });
    const json = toReviewJson(result);
    assert.deepEqual(Object.keys(json).sort(), ['claims', 'counts', 'decision', 'degraded', 'judge', 'omissions', 'score', 'warnings']);
    assert.deepEqual(json.claims[0], {
      text: 'CPU hit 97.2% on db-prod-1.',
      start: 0,
      end: 27,
      line: 1,
      partition: 'grounded',
      type: 'tool_match',
      evidence_refs: ['E1'],
      reason: 'matched 97\\.2',
    });
    assert.deepEqual(json.judge, { kind: 'test' });
    assert.deepEqual(JSON.parse(JSON.stringify(json)), json);
  });

  it('names the abstain reason and shows switch / gate once a stage fills them', async () => {
    const judge: ClaimJudge = { kind: 'broken', judgeClaims: () => Promise.reject(new Error('timeout')) };
    const result = await review({ report: REPORT, evidence: [METRICS], judge });
    const json = toReviewJson({ ...result, gate: { verdict: 'pass' } });
    // Both claims are kept, counted as not judged.
    assert.deepEqual(json.judge, { kind: 'broken', abstain_reason: 'judge failed: timeout', not_judged: 2 });
    assert.deepEqual(json.gate, { verdict: 'pass' });
    assert.equal('switch' in json, false);
  });
});
