// The gate inside review(): the evidence trace is replayed and the report is the terminal.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GroundingInputError } from '../../src/core/model';
import { review } from '../../src/core/review';

const root = join(__dirname, '..', '..', '..');
const trace = (name: string) => ({ file: name, text: readFileSync(join(root, 'examples', 'gate', name), 'utf8') });

describe('review(): the gate block', () => {
  it('is null unless gate options are given', async () => {
    const result = await review({ report: 'I fixed `app.cfg`.', evidence: [trace('skipper-gated.jsonl')] });
    assert.equal(result.gate, null);
  });

  it('skipper, with the read-back in the trace: completion ACCEPT, the claim verified by the read-back (E4)', async () => {
    const result = await review({ report: 'I fixed `app.cfg`.', evidence: [trace('skipper-gated.jsonl')], gate: { preset: 'skipper' } });
    assert.deepEqual(result.gate, {
      preset: 'skipper',
      claim_type: 'completion',
      claim_type_source: 'inferred',
      claim_type_why: 'the report states actions taken and the trace has a mutation',
      verdict: 'ACCEPT',
      legal_next: [],
      reasons: [],
      budget: { remaining: 5, cap: 5, refill: 2 },
      surface: ['app.cfg'],
      goals: [],
      per_claim: [{ claim_index: 0, claim_id: 'C1', tier: 'verified', observation_ref: 'E4' }],
      replay: { tool_calls: 3, reasoning_steps: 1, qualifying: 2, mutations: 1, terminals: 0 },
    });
  });

  it('skipper, without the read-back: REJECT with the spec reason and legal next moves', async () => {
    const result = await review({ report: 'I fixed `app.cfg`.', evidence: [trace('skipper-ungated.jsonl')], gate: { preset: 'skipper', goals: ['tests_passed'] } });
    const gate = result.gate as { verdict: string; reasons: string[]; legal_next: string[] };
    assert.equal(gate.verdict, 'REJECT');
    assert.deepEqual(gate.reasons, [
      'no verified-tier observation — re-read what was modified, after the change',
      'declared signals not verified: tests_passed',
    ]);
    assert.deepEqual(gate.legal_next, ['qualifying_tool_call', 'unverified_terminal']);
  });

  it('an unknown front matter claim_type fails closed (REJECT with the reason); invalid options reject the review', async () => {
    const report = '---\nclaim_type: maybe\n---\n`retries` is 5.';
    const result = await review({ report, evidence: [trace('diverger-ungated.jsonl')], gate: {} });
    const gate = result.gate as { verdict: string; reasons: string[] };
    assert.equal(gate.verdict, 'REJECT');
    assert.match(gate.reasons[0], /unknown claim type "maybe" in front matter/);
    await assert.rejects(review({ report, evidence: [], gate: { cap: 2, refill: 2 } }), GroundingInputError);
  });
});
