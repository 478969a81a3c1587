// The CLI in pipelines: SARIF output, --fail-on, and --batch on worker threads.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { CliIo } from '../../src/cli/args';
import type { JudgeFactories } from '../../src/cli/commands/judges';
import { runReview } from '../../src/cli/commands/review';
import { judgeOutputFromClaims } from '../../src/core/judge/offline';
import type { PartitionKey } from '../../src/core/model';
import type { ClaimJudge, JudgedClaim } from '../../src/core/review-types';

const root = resolve(__dirname, '../../..');
const cli = join(root, 'dist', 'cli.js');
const example = 'examples/incident/report.md';

function runBuilt(args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', env: {}, cwd: root, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

/** A judge that files claim i under partitions[i] (as tool_match citing nothing), so S is known by hand. */
function scriptedJudge(partitions: PartitionKey[]): JudgeFactories {
  const judge: ClaimJudge = {
    kind: 'test',
    judgeClaims: async (input) => {
      const claims: JudgedClaim[] = input.claims.map((claim, i) => ({ ...claim, partition: partitions[i] ?? 'grounded', type: 'tool_match', evidence_refs: [], reason: 'scripted' }));
      return { claims, output: judgeOutputFromClaims(claims), fallbacks: [], warnings: [] };
    },
  };
  return { offline: () => judge };
}

describe('CLI review --format sarif', () => {
  const run = runBuilt(['review', example, '--format', 'sarif']);
  const json = runBuilt(['review', example, '--format', 'json']);

  it('validates against the SARIF 2.1.0 schema', () => {
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(join(root, 'test/fixtures/sarif/sarif-2.1.0-rtm.5.json'), 'utf8')));
    assert.ok(validate(JSON.parse(run.stdout)), JSON.stringify(validate.errors));
  });

  it('has exactly one result per ungrounded or contradicted claim of the same review, located in the report', () => {
    const sarif = JSON.parse(run.stdout);
    const review = JSON.parse(json.stdout);
    const flagged = review.claims.filter((c: { partition: string }) => c.partition === 'ungrounded' || c.partition === 'contradicted');
    const results = sarif.runs[0].results;
    assert.equal(results.length, flagged.length);
    assert.ok(flagged.length > 0, 'the example has flagged claims');
    for (const [i, claim] of flagged.entries()) {
      const location = results[i].locations[0].physicalLocation;
      assert.equal(location.artifactLocation.uri, example);
      assert.equal(location.region.startLine, claim.line);
      assert.equal(location.region.snippet.text, claim.text);
      assert.equal(results[i].ruleId, `grounding/${claim.partition}`);
    }
  });

  it('exits like the other formats (1 when the decision is not proceed)', () => {
    assert.equal(run.code, json.code);
  });
});

describe('CLI review --fail-on', () => {
  // 3 claims. [G, G, U] → S = 2/3 → regenerate; [G, U, U] → 1/3 → replan; [G, G, G] → proceed.
  const report = 'test/fixtures/reports/three-claims.txt';
  const cases: Array<[PartitionKey[], string | undefined, number]> = [
    [['grounded', 'grounded', 'grounded'], undefined, 0],
    [['grounded', 'grounded', 'ungrounded'], undefined, 1],
    [['grounded', 'grounded', 'ungrounded'], 'regenerate', 1],
    [['grounded', 'grounded', 'ungrounded'], 'replan', 0],
    [['grounded', 'ungrounded', 'ungrounded'], 'replan', 1],
  ];
  for (const [partitions, failOn, expected] of cases) {
    it(`${partitions.join(', ')} with --fail-on ${failOn ?? '(default)'} exits ${expected}`, async () => {
      const io = capture();
      const args = ['review', report, '--evidence', 'test/fixtures/evidence/metrics.log', '--format', 'json', ...(failOn ? ['--fail-on', failOn] : [])];
      const code = await runReview(args.slice(1), io, scriptedJudge(partitions));
      const claims = JSON.parse(io.out).claims.length;
      assert.ok(claims >= 3, `fixture must have ≥ 3 claims, has ${claims}`);
      assert.equal(code, expected);
    });
  }

  it('an unknown --fail-on value is a usage error', async () => {
    await assert.rejects(runReview(['x.md', '--fail-on', 'proceed'], capture(), scriptedJudge([])), /--fail-on: expected one of regenerate, replan/);
  });
});

describe('CLI review --batch on worker threads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grounding-batch-'));
  const file = join(dir, 'cases.jsonl');
  const row = '[tool=query_metrics row=14:02] host=db-1 cpu_pct=97';
  const lines = [
    JSON.stringify({ id: 'a', report: 'CPU on db-1 reached 97% at 14:02.', evidence: row }),
    JSON.stringify({ id: 'b', report: 'CPU on db-1 reached 79% at 14:02.', evidence: row }),
    '{"id": "broken", ',
    JSON.stringify({ id: 'c', report: 'CPU on db-1 reached 97% at 14:02.', evidence: [row, 'another file'] }),
    '',
    JSON.stringify({ id: 'd', evidence: row }),
    JSON.stringify({ id: 'e', report: 'CPU on db-1 reached 97% at 14:02.', evidence: row }),
  ];
  writeFileSync(file, lines.join('\n'));

  const parallel = runBuilt(['review', '--batch', file, '--jobs', '3']);
  const serial = runBuilt(['review', '--batch', file, '--jobs', '1']);

  it('prints one line per non-blank input line, in input order, with ids and line numbers', () => {
    const out = parallel.stdout.trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(
      out.map((o) => o.id),
      ['a', 'b', null, 'c', 'd', 'e'],
    );
    assert.equal(out[2].line, 3);
    assert.match(out[2].error, /invalid JSON/);
    assert.equal(out[4].line, 6);
    assert.match(out[4].error, /report/);
  });

  it('judges each case: 97% is grounded by the row, 79% contradicts it', () => {
    const out = parallel.stdout.trim().split('\n').map((line) => JSON.parse(line));
    assert.equal(out[0].counts.grounded, 1);
    assert.equal(out[0].decision, 'proceed');
    assert.equal(out[1].counts.contradicted, 1);
    assert.equal(out[1].decision, 'replan');
  });

  it('gives the same lines with workers as without', () => {
    assert.equal(parallel.stdout, serial.stdout);
  });

  it('ends with the summary line and exits 2 when a line was bad', () => {
    assert.equal(parallel.stderr.trim().split('\n').at(-1), '4 reviewed: 3 proceed, 0 regenerate, 1 replan, 0 abstain; 2 bad line(s)');
    assert.equal(parallel.code, 2);
  });

  it('--jobs needs --batch, and --batch refuses sarif', () => {
    assert.equal(runBuilt(['review', example, '--jobs', '2']).code, 2);
    const sarif = runBuilt(['review', '--batch', file, '--format', 'sarif']);
    assert.equal(sarif.code, 2);
    assert.match(sarif.stderr, /--format sarif is not available/);
  });
});

describe('CLI review --gate', () => {
  it('adds the gate verdict: the example only asserts facts its logs were read for → ACCEPT', () => {
    const run = runBuilt(['review', example, '--gate', 'default', '--format', 'json']);
    const gate = JSON.parse(run.stdout).gate;
    assert.equal(gate.claim_type, 'assertion');
    assert.equal(gate.verdict, 'ACCEPT');
    assert.deepEqual(gate.legal_next, []);
    const text = runBuilt(['review', example, '--gate', 'default']);
    assert.match(text.stdout, /^gate: ACCEPT \(assertion, default, budget \d+\/6\)$/m);
  });

  it('without --gate there is no gate; bad gate options exit 2', () => {
    assert.equal(JSON.parse(runBuilt(['review', example, '--format', 'json']).stdout).gate, undefined);
    const bad = runBuilt(['review', example, '--gate', 'bogus']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--gate: expected one of default, skipper, diverger/);
    assert.equal(runBuilt(['review', example, '--goal', 'tests_passed']).code, 2);
  });
});
