// Absence claims against the evidence window: "no errors in the last 5 minutes" is grounded only
// when the evidence spans those 5 minutes (issue 20, point 4). Windows computed by hand.
import * as assert from 'node:assert/strict';
import { judgeOutputFromClaims } from '../../src/core/judge/offline';
import { parseEvidence } from '../../src/core/evidence';
import { claimWindow, uncoveredWindowReason } from '../../src/core/coverage';
import { review } from '../../src/core/review';
import type { ClaimJudge, JudgedClaim } from '../../src/core/review-types';

const LOG = {
  file: 'app.log',
  text: ['2026-03-01T14:02:00Z INFO served status=200', '2026-03-01T14:03:00Z INFO served status=200', '2026-03-01T14:04:00Z INFO served status=200'].join('\n'),
};
const items = () => parseEvidence(LOG).items;

/** Grounds every claim: the window check must demote what any judge grounded. */
const groundingJudge: ClaimJudge = {
  kind: 'test',
  judgeClaims: async (input) => ({
    claims: input.claims.map((claim): JudgedClaim => ({ ...claim, partition: 'grounded', type: 'neg_evidence', evidence_refs: [], reason: 'judged', confidence: 0.9 })),
    output: judgeOutputFromClaims([]),
    fallbacks: [],
    warnings: [],
  }),
};

describe('absence claims against the evidence window', () => {
  it('reads the window a claim speaks of', () => {
    assert.deepEqual(claimWindow('no errors in the last 5 minutes'), { kind: 'recent', ms: 300_000, phrase: 'the last 5 minutes', at: [10, 31] });
    assert.deepEqual(claimWindow('nothing failed over the past hour'), { kind: 'recent', ms: 3_600_000, phrase: 'the past hour', at: [15, 33] });
    assert.equal(claimWindow('no errors since 14:00')?.kind, 'since');
    assert.equal(claimWindow('no errors between 14:02 and 14:04')?.kind, 'between');
    assert.equal(claimWindow('no errors were logged'), undefined);
  });

  it('14:02–14:04 does not cover the last 5 minutes, and says so', () => {
    assert.equal(uncoveredWindowReason('There were no errors in the last 5 minutes.', items()), 'evidence covers only 14:02–14:04, not the last 5 minutes');
  });

  it('covers the last 2 minutes, 14:02–14:04 and since 14:03; not since 14:00', () => {
    assert.equal(uncoveredWindowReason('no errors in the last 2 minutes', items()), undefined);
    assert.equal(uncoveredWindowReason('no errors between 14:02 and 14:04', items()), undefined);
    assert.equal(uncoveredWindowReason('no errors since 14:03', items()), undefined);
    assert.equal(uncoveredWindowReason('no errors since 14:00', items()), 'evidence covers only 14:02–14:04, not since 14:00');
  });

  it('only an absence in the window\'s own clause counts: a window of an event, or a verb\'s negation, is left alone', () => {
    for (const text of [
      'The app was down on 21 October from 10:05 to 15:20, so customers could not see their code.',
      'Enforcing since 08:00 UTC, after a 24-hour audit window with no denied connections.',
      'The daily figure is not reset at midnight: it counts the previous 24 hours.',
      'Errors rose in the last 5 minutes.',
    ]) {
      assert.equal(uncoveredWindowReason(text, items()), undefined, text);
    }
    assert.match(uncoveredWindowReason('Since 14:00, no errors were logged.', items()) ?? '', /^evidence covers only/);
    assert.match(uncoveredWindowReason('Zero 5xx responses between 14:00 and 14:03.', items()) ?? '', /^evidence covers only 14:02–14:04/);
  });

  it('evidence without any timestamp cannot show a window was watched (fails closed)', () => {
    const untimed = parseEvidence({ file: 'a.log', text: 'INFO all good\n' }).items;
    assert.match(uncoveredWindowReason('no errors in the last 5 minutes', untimed) ?? '', /no timestamps/);
  });

  it('a query that declares its window (args from/to) covers it', () => {
    const trace = parseEvidence({ file: 't.jsonl', text: JSON.stringify({ type: 'tool_call', tool: 'logs', args: { from: '14:00', to: '14:05' }, result: { errors: 0 } }) }).items;
    assert.equal(uncoveredWindowReason('no errors in the last 5 minutes', trace), undefined);
  });

  it('a row that declares its window as an ISO interval (window=…/…) covers that window', () => {
    const rows = parseEvidence({ file: 'fw.log', text: '[tool=fw_hits row=5] window=2026-04-15T08:30Z/2026-04-15T08:50Z denied=0\n' }).items;
    assert.equal(uncoveredWindowReason('nothing was dropped between 08:30 and 08:50', rows), undefined);
    assert.equal(uncoveredWindowReason('nothing was dropped between 08:20 and 08:50', rows), 'evidence covers only 08:30–08:50, not between 08:20 and 08:50');
  });

  it('in review(): a grounded absence claim over an uncovered window becomes ungrounded, whatever judge ran; S follows', async () => {
    const report = '# Check\n\nThere were no errors in the last 5 minutes.\n\nThere were no errors in the last 2 minutes.\n';
    const result = await review({ report, evidence: [LOG], judge: groundingJudge });
    assert.deepEqual(
      result.claims.map((claim) => [claim.partition, claim.reason]),
      [
        ['ungrounded', 'evidence covers only 14:02–14:04, not the last 5 minutes'],
        ['grounded', 'judged'],
      ],
    );
    // G = U = one neg_evidence (0.7 each): S = 0.7 / 1.4.
    assert.equal(result.score, 0.5);
  });

  it('a claim without negation is left alone, even with a window', async () => {
    const result = await review({ report: 'Errors rose in the last 5 minutes.', evidence: [LOG], judge: { ...groundingJudge, judgeClaims: async (input) => {
      const judged = await groundingJudge.judgeClaims(input);
      return { ...judged, claims: judged.claims.map((claim) => ({ ...claim, type: 'tool_match' as const })) };
    } } });
    assert.equal(result.claims[0].partition, 'grounded');
  });
});
