// Omissions: trouble in the evidence (ERROR lines, failed exits and tests, fired alerts) that no
// claim cites or covers. Expected ids are read off the fixtures by hand.
import * as assert from 'node:assert/strict';
import { judgeOutputFromClaims } from '../../src/core/judge/offline';
import { parseEvidence } from '../../src/core/evidence';
import { findOmissions, troubleReason } from '../../src/core/omissions';
import { review } from '../../src/core/review';
import { toReviewJson } from '../../src/core/review-json';
import type { ClaimJudge, JudgedClaim } from '../../src/core/review-types';

const APP_LOG = {
  file: 'app.log',
  text: [
    '2026-03-01T14:00:00Z INFO api started version=2.4.1',
    '2026-03-01T14:00:10Z ERROR api disk quota exceeded volume=/data used_pct=100',
    '2026-03-01T14:00:20Z ERROR billing-worker cannot connect to ledger-db host=ledger-db-1',
    '2026-03-01T14:00:30Z INFO api request served status=200',
    '2026-03-01T14:00:40Z ERROR scheduler job nightly-export crashed exit_code=137',
  ].join('\n'),
};
const REPORT = '# Status\n\nThe api reported disk quota exceeded on volume /data at 14:00:10.\n\nThe api started version 2.4.1 at 14:00:00.\n';

/** A judge that cites fixed items: omissions must follow the citations of whatever judge ran. */
function citingJudge(refs: Record<string, string[]>): ClaimJudge {
  return {
    kind: 'test',
    judgeClaims: async (input) => {
      const claims: JudgedClaim[] = input.claims.map((claim) => {
        const key = Object.keys(refs).find((word) => claim.text.includes(word));
        return { ...claim, partition: 'grounded', type: 'tool_match', evidence_refs: key ? refs[key] : [], reason: 'test' };
      });
      return { claims, output: judgeOutputFromClaims([]), fallbacks: [], warnings: [] };
    },
  };
}

describe('omissions', () => {
  it('two uncited ERROR lines and one cited: exactly the two are listed, with id, line and reason', async () => {
    const result = await review({ report: REPORT, evidence: [APP_LOG], judge: citingJudge({ quota: ['E2'], started: ['E1'] }) });
    assert.deepEqual(
      result.omissions.map(({ id, line, reason }) => ({ id, line, reason })),
      [
        { id: 'E3', line: 3, reason: 'log level ERROR' },
        { id: 'E5', line: 5, reason: 'log level ERROR' },
      ],
    );
    assert.equal(toReviewJson(result).omissions.length, 2);
  });

  it('the same case through the offline judge lists the same two', async () => {
    const result = await review({ report: REPORT, evidence: [APP_LOG] });
    assert.ok(result.claims[0].evidence_refs.includes('E2'), 'the quota claim cites its ERROR line');
    assert.deepEqual(result.omissions.map((omission) => omission.id), ['E3', 'E5']);
  });

  it('a repeat of a cited event (same line but for its time) is covered', async () => {
    const evidence = { file: 'app.log', text: '14:02:00 ERROR upstream failed status=503\n14:02:05 ERROR upstream failed status=503\n14:02:09 ERROR pool exhausted\n' };
    const claims = [{ id: 'C1', text: 'x', start: 0, end: 1, line: 1, partition: 'grounded', type: 'tool_match', evidence_refs: ['E1'], reason: '' }] as JudgedClaim[];
    assert.deepEqual(findOmissions(claims, parseEvidence(evidence).items).map((omission) => omission.id), ['E3']);
  });

  it('the bundled incident example: both 503 ERROR lines are covered by the claim citing one', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(__dirname, '../../../examples/incident');
    const evidence = ['metrics.log', 'alert.log', 'app.log', 'trace.jsonl'].map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
    const result = await review({ report: readFileSync(join(dir, 'report.md'), 'utf8'), evidence });
    assert.deepEqual(result.omissions, []);
  });

  describe('what counts as trouble', () => {
    const reasonOf = (file: string, text: string) => parseEvidence({ file, text }).items.map(troubleReason);

    it('log levels in capitals or in a level field; prose about "the error rate" is none', () => {
      assert.deepEqual(reasonOf('a.log', 'FATAL out of memory\n[CRITICAL] disk gone\nlevel=error msg=x\nthe error rate was 5%\nINFO ok\n'), [
        'log level FATAL',
        'log level CRITICAL',
        'log level ERROR',
        undefined,
        undefined,
      ]);
    });

    it('a trace tool call with exit_ok false, a non-zero exit code, a failed status, a failed test', () => {
      const trace = [
        { type: 'tool_call', tool: 'deploy', args: {}, result: 'done', exit_ok: false },
        { type: 'tool_call', tool: 'sh', args: { cmd: 'make' }, result: { exit_code: 2 }, exit_ok: true },
        { type: 'tool_call', tool: 'ci', args: {}, result: { status: 'failed' }, exit_ok: true },
        { type: 'tool_call', tool: 'pytest', args: {}, result: 'FAILED tests/test_api.py::test_login', exit_ok: true },
        { type: 'tool_call', tool: 'pytest', args: {}, result: { passed: 12, failed: 0 }, exit_ok: true },
        { type: 'tool_call', tool: 'search_logs', args: { level: 'error', status: 'failed' }, result: { hits: 0 }, exit_ok: true },
      ].map((event) => JSON.stringify(event));
      assert.deepEqual(reasonOf('t.jsonl', trace.join('\n')), [
        'exit_ok false (deploy)',
        'non-zero exit code 2',
        'failed status status=failed',
        'a failed test ("FAILED")',
        undefined,
        undefined,
      ]);
    });

    it('a fired signal, unless it says it resolved; a signal naming no alert, a runbook paragraph are never trouble', () => {
      assert.deepEqual(reasonOf('alert.log', '[signal] alert_id=A-1 fired_at=14:02 severity=critical\n[signal] alert_id=A-1 state=resolved\n[signal] alert_id=A-1 resolved_at=14:09\n[signal] request_id=R-2 requested_by=ops\n'), [
        'a signal fired (alert_id=A-1)',
        undefined,
        undefined,
        undefined,
      ]);
      assert.deepEqual(reasonOf('runbook.md', '# Runbook\n\nIf the job logs ERROR, restart it.\n'), [undefined, undefined]);
    });
  });
});
