// The report as the gate's terminal (claim type, claim surface, per-claim tiers), the review's
// gate block and the `gate` CLI on the demo scenarios of gate.md §5. Expected values by hand.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { computeGate, describeGate, inferClaimType, reportClaimSurface, runGate } from '../../src/core/gate';
import { GroundingInputError } from '../../src/core/model';
import type { EvidenceItem, ReportClaim } from '../../src/core/review-types';

const root = join(__dirname, '..', '..', '..');
const example = (name: string) => join(root, 'examples', 'gate', name);

function item(line: number, fields: Partial<EvidenceItem>): EvidenceItem {
  return { id: `E${line}`, file: 'trace.jsonl', line, endLine: line, text: '', kind: 'tool_call', fields: {}, ...fields };
}
const readCfg = (line: number, result: string) => item(line, { tool: 'read_file', args: { path: '/srv/proj/app.cfg' }, result, mutating: false, exitOk: true });
const writeCfg = (line: number) =>
  item(line, { tool: 'write_file', args: { path: '/srv/proj/app.cfg', content: 'retries=5' }, result: 'wrote 9 bytes', mutating: true, exitOk: true });

/** Claims the way the segmenter gives them: one per sentence (". " ends one), with spans into the report. */
function claimsOf(report: string): ReportClaim[] {
  const claims: ReportClaim[] = [];
  let start = 0;
  for (const sentence of report.split(/(?<=[.!?])\s+/)) {
    start = report.indexOf(sentence, start);
    claims.push({ id: `C${claims.length + 1}`, text: sentence, start, end: start + sentence.length, line: 1 });
    start += sentence.length;
  }
  return claims;
}

describe('gate: claim type of a report', () => {
  const infer = (report: string, traceHasMutation = true) => inferClaimType({ report, traceHasMutation }).claimType;

  it('first-person, passive and terse action verbs with a mutation in the trace → completion', () => {
    assert.equal(infer('I restarted db-prod-1 at 14:05.'), 'completion');
    assert.equal(infer('We have now rolled back the deploy.'), 'completion');
    assert.equal(infer('The service was rolled back to v1.4.2.'), 'completion');
    assert.equal(infer('Fixed app.cfg.'), 'completion');
    assert.equal(infer('Summary:\n- Changed retries to 5 in app.cfg'), 'completion');
  });

  it('the same words with no mutation in the trace report an observed event → assertion', () => {
    assert.equal(infer('I restarted db-prod-1 at 14:05.', false), 'assertion');
    assert.equal(infer('The service was rolled back to v1.4.2.', false), 'assertion');
  });

  it('a report that says it could not confirm → unverified, even when it mentions a change', () => {
    assert.equal(infer('I could not confirm whether app.cfg was changed.'), 'unverified');
    assert.equal(infer('The retry count could not be verified.', false), 'unverified');
    assert.equal(infer('retries is probably 5 (unverified).', false), 'unverified');
  });

  it('no statement at all → none; a plain statement → assertion', () => {
    assert.equal(infer('', false), 'none');
    assert.equal(infer('Is the cache warm?', false), 'none');
    assert.equal(infer('CPU on db-prod-1 peaked at 97%.', false), 'assertion');
    assert.equal(infer('The config file was read twice.'), 'assertion');
  });

  it('front matter and code blocks are not prose', () => {
    assert.equal(infer('---\nclaim_type: completion\n---\n', true), 'none');
    assert.equal(infer('```\nrestarted app by hand\n```\nThe app is healthy.'), 'assertion');
  });
});

describe('gate: claim surface of a report', () => {
  it('names hosts, paths, ids, metric and key names, never common words, numbers or quantities', () => {
    const report =
      'CPU on db-prod-1 peaked at 97.2% after the deploy of /srv/proj/app.cfg; see INC-1234 and `retries`. ' +
      'The p99 latency_ms rose to 250ms at 14:02, e.g. on api.internal.';
    assert.deepEqual(reportClaimSurface(report), ['retries', 'db-prod-1', '/srv/proj/app.cfg', 'INC-1234', 'p99', 'latency_ms', 'api.internal']);
  });

  it('takes kebab-case service names but not hyphenated English compounds', () => {
    const report = 'The read-only, well-known follow-up is built-in and long-term; checkout-api called payments-db via api-gateway.';
    assert.deepEqual(reportClaimSurface(report), ['checkout-api', 'payments-db', 'api-gateway']);
  });

  it('takes the key of key = value and skips front matter', () => {
    assert.deepEqual(reportClaimSurface('---\nclaim_type: assertion\n---\nretries = 5 now.'), ['retries']);
    assert.deepEqual(reportClaimSurface('The service is healthy.'), []);
  });
});

describe('gate: computeGate over evidence items', () => {
  const report = 'I raised `retries` in app.cfg to 5. db-prod-1 was healthy.';

  it('write then read-back: completion ACCEPT, the claim verified by the read-back, the other ungrounded', () => {
    const gate = computeGate({ report, claims: claimsOf(report), evidenceItems: [readCfg(1, 'retries=3'), writeCfg(2), readCfg(3, 'retries=5')] });
    assert.equal(gate.claim_type, 'completion');
    assert.equal(gate.claim_type_source, 'inferred');
    assert.equal(gate.verdict, 'ACCEPT');
    assert.deepEqual(gate.surface, ['retries', 'app.cfg', 'db-prod-1']);
    assert.deepEqual(gate.per_claim, [
      { claim_index: 0, claim_id: 'C1', tier: 'verified', observation_ref: 'E3' },
      { claim_index: 1, claim_id: 'C2', tier: 'none', observation_ref: null },
    ]);
    assert.deepEqual(gate.replay, { tool_calls: 3, reasoning_steps: 0, qualifying: 2, mutations: 1, terminals: 0 });
  });

  it('without the read-back: REJECT, the claim only observed by the read before the write', () => {
    const gate = computeGate({ report, claims: claimsOf(report), evidenceItems: [readCfg(1, 'retries=3'), writeCfg(2)] });
    assert.equal(gate.verdict, 'REJECT');
    assert.deepEqual(gate.reasons, ['no verified-tier observation — re-read what was modified, after the change']);
    assert.deepEqual(gate.legal_next, ['qualifying_tool_call', 'unverified_terminal']);
    assert.deepEqual(gate.per_claim[0], { claim_index: 0, claim_id: 'C1', tier: 'observed', observation_ref: 'E1' });
    assert.equal(
      describeGate(gate),
      'gate: REJECT (completion, default, budget 6/6) — no verified-tier observation — re-read what was modified, after the change; legal next: qualifying_tool_call, unverified_terminal',
    );
  });

  it('the mutating call never grounds its own effect, even when its output names the file', () => {
    const selfReport = item(2, { tool: 'write_file', args: { path: 'app.cfg' }, result: 'app.cfg now has retries=5', mutating: true, exitOk: true });
    const gate = computeGate({ report: 'I fixed app.cfg.', evidenceItems: [selfReport] });
    assert.equal(gate.claim_type, 'completion');
    assert.equal(gate.verdict, 'REJECT');
  });

  it('a plain log: each line is one read-only observation by the tool in its tag', () => {
    const log = item(7, { kind: 'tool_row', tool: 'query_metrics', text: '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2' });
    const text = 'db-prod-1 reached cpu_pct 97.2.';
    const gate = computeGate({ report: text, claims: claimsOf(text), evidenceItems: [log] });
    assert.equal(gate.claim_type, 'assertion');
    assert.equal(gate.verdict, 'ACCEPT');
    assert.deepEqual(gate.per_claim, [{ claim_index: 0, claim_id: 'C1', tier: 'observed', observation_ref: 'E7' }]);
  });

  it('per claim, the observation naming most of its identifiers wins over a later one naming fewer', () => {
    const deploys = item(1, { tool: 'get_deploys', args: { service: 'checkout-api' }, result: 'config_version=cfg-2291 actor=deploy-bot', mutating: false });
    const metrics = item(2, { tool: 'query_metrics', args: { service: 'checkout-api' }, result: 'rows=5', mutating: false });
    const text = 'deploy-bot pushed cfg-2291 to checkout-api.';
    const gate = computeGate({ report: text, claims: claimsOf(text), evidenceItems: [deploys, metrics] });
    assert.deepEqual(gate.per_claim, [{ claim_index: 0, claim_id: 'C1', tier: 'observed', observation_ref: 'E1' }]);
  });

  it('front matter claim_type overrides inference; an unknown one is an input error', () => {
    const gate = computeGate({ report: 'retries is 5.', frontMatterClaimType: 'unverified', evidenceItems: [] });
    assert.deepEqual([gate.claim_type, gate.claim_type_source, gate.verdict], ['unverified', 'front_matter', 'ACCEPT']);
    assert.throws(() => computeGate({ report: 'x', frontMatterClaimType: 'maybe', evidenceItems: [] }), GroundingInputError);
  });

  it('goal predicates: a completion needs every goal signalled by a successful call', () => {
    const tests = (exitOk: boolean) => item(4, { tool: 'run_tests', args: 'npm test', result: 'ok', mutating: false, exitOk, signals: ['tests_passed'] });
    const base = { report: 'I fixed app.cfg.', evidenceItems: [writeCfg(2), readCfg(3, 'retries=5')], goals: ['tests_passed'] };
    assert.deepEqual(computeGate(base).reasons, ['declared signals not verified: tests_passed']);
    assert.equal(computeGate({ ...base, evidenceItems: [...base.evidenceItems, tests(false)] }).verdict, 'REJECT');
    assert.equal(computeGate({ ...base, evidenceItems: [...base.evidenceItems, tests(true)] }).verdict, 'ACCEPT');
  });

  it('submit attempts are inserted after the given trace step', () => {
    const run = runGate({
      report: '',
      claimType: 'completion',
      surface: ['app.cfg'],
      evidenceItems: [writeCfg(1), readCfg(2, 'retries=5')],
      attempts: [{ after: 1, claimType: 'completion' }],
    });
    assert.deepEqual(
      run.steps.map((step) => step.boundary?.verdict ?? step.classification?.outcome),
      ['mutation', 'REJECT', 'verified'],
    );
    assert.equal(run.result.verdict, 'ACCEPT');
    const beyond = { report: '', claimType: 'none', surface: ['app.cfg'], evidenceItems: [writeCfg(1)], attempts: [{ after: 2, claimType: 'completion' as const }] };
    assert.throws(() => runGate(beyond), /after step 2: the trace has steps 1 to 1/);
  });
});

describe('CLI: gate on the demo scenarios', () => {
  async function cli(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(['gate', ...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}, cwd: root });
    return { code, stdout, stderr };
  }

  it('skipper, ungated trace: the "fixed" answer would have been rejected (exit 1)', async () => {
    const r = await cli(example('skipper-ungated.jsonl'), '--preset', 'skipper', '--claim-type', 'completion', '--surface', 'app.cfg');
    assert.equal(r.code, 1);
    assert.match(r.stdout, /answer \(completion\): REJECT/);
    assert.match(r.stdout, /reason: no verified-tier observation/);
    assert.match(r.stdout, /write_file \(mutating\): mutation/);
  });

  it('skipper, gated: first completion rejected, re-read app.cfg, second accepted (exit 0)', async () => {
    const r = await cli(example('skipper-gated.jsonl'), '--preset', 'skipper', '--claim-type', 'completion', '--surface', 'app.cfg', '--attempt', '3:completion');
    assert.equal(r.code, 0);
    const submitAt = r.stdout.indexOf('submit completion → REJECT');
    const readBackAt = r.stdout.indexOf('read_file: verified');
    assert.ok(submitAt > 0 && readBackAt > submitAt, r.stdout);
    assert.match(r.stdout, /answer \(completion\): ACCEPT/);
  });

  it('diverger, ungated: "retries is definitely 5" without looking is rejected (exit 1)', async () => {
    const r = await cli(example('diverger-ungated.jsonl'), '--preset', 'diverger', '--report', example('diverger-report.md'));
    assert.equal(r.code, 1);
    assert.match(r.stdout, /claim type assertion/);
    assert.match(r.stdout, /surface retries/);
    assert.match(r.stdout, /reason: no qualifying observation this turn/);
  });

  it('diverger, gated: rejected, starves its budget, ships a typed unverified answer (exit 0)', async () => {
    const r = await cli(
      example('diverger-gated.jsonl'),
      '--preset', 'diverger', '--surface', 'retries', '--attempt', '2:assertion', '--attempt', '5:assertion', '--claim-type', 'unverified', '--format', 'json',
    );
    assert.equal(r.code, 0);
    const out = JSON.parse(r.stdout);
    assert.equal(out.verdict, 'ACCEPT');
    assert.equal(out.claim_type, 'unverified');
    assert.deepEqual(out.steps.filter((s: { kind: string }) => s.kind === 'terminal').map((s: { verdict: string }) => s.verdict), ['REJECT', 'REJECT']);
    assert.equal(out.steps.filter((s: { refused?: boolean }) => s.refused === true).length, 3);
    assert.deepEqual(out.steps[6].reasons, ['reasoning budget exhausted', 'no qualifying observation this turn — read the thing the answer makes claims about']);
    assert.equal(out.budget.remaining, 0);
  });

  it('usage and input errors exit 2 with one line; a malformed trace line is reported with its line and fails closed', async () => {
    assert.equal((await cli(example('skipper-gated.jsonl'), '--claim-type', 'assertoin', '--surface', 'app.cfg')).code, 2);
    assert.equal((await cli(example('skipper-gated.jsonl'), '--claim-type', 'assertion')).code, 2);
    const badCap = await cli(example('skipper-gated.jsonl'), '--claim-type', 'assertion', '--surface', 'x', '--cap', '2', '--refill', '2');
    assert.equal(badCap.code, 2);
    assert.match(badCap.stderr, /need 1 ≤ refill < cap/);
    const dir = mkdtempSync(join(tmpdir(), 'gate-cli-'));
    const trace = join(dir, 'trace.jsonl');
    writeFileSync(trace, '{"type":"tool_call","tool":"cat","args":"app.cfg","result":"retries=5"}\nnot json\n');
    const r = await cli(trace, '--claim-type', 'assertion', '--surface', 'app.cfg');
    assert.match(r.stderr, /trace\.jsonl:2: invalid JSON/);
    // The unreadable line may have opened a new turn: the read before it no longer grounds the answer.
    assert.equal(r.code, 1);
    assert.match(r.stdout, /E2 could not be read/);
  });

  it('prints no control sequence from the trace to the terminal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gate-cli-'));
    const trace = join(dir, 'trace.jsonl');
    writeFileSync(trace, JSON.stringify({ type: 'tool_call', tool: 'cat\u001b[2J', args: 'app.cfg', result: 'retries=5' }) + '\n');
    const r = await cli(trace, '--claim-type', 'assertion', '--surface', 'app.cfg');
    assert.equal(r.code, 0);
    assert.ok(!r.stdout.includes('\u001b'), r.stdout);
    assert.match(r.stdout, /cat\ufffd\[2J: observed/);
  });
});
