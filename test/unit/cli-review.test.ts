// The `review` command: arguments, evidence from front matter, formats, batch and exit codes.
// Verdicts come from judges written here, so exit codes follow from hand-known partitions.
import * as assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { runCli } from '../../src/cli/main';
import type { CliIo } from '../../src/cli/args';
import type { JudgeFactories } from '../../src/cli/commands/judges';
import { runReview } from '../../src/cli/commands/review';
import { judgeOutputFromClaims } from '../../src/core/judge/offline';
import type { ClaimJudge, ClaimJudgeInput, JudgedClaim } from '../../src/core/review-types';
import type { PartitionKey } from '../../src/core/model';

const root = resolve(__dirname, '../../..');
const reports = 'test/fixtures/reports';

function capture(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    env: {},
    cwd: root,
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
  };
  return io;
}

/** A judge putting every claim in one bucket as tool_match citing the first item; records its inputs. */
function uniformJudge(partition: PartitionKey, calls: ClaimJudgeInput[] = []): JudgeFactories {
  const judge: ClaimJudge = {
    kind: 'test',
    judgeClaims: async (input) => {
      calls.push(input);
      const claims: JudgedClaim[] = input.claims.map((claim) => ({
        ...claim,
        partition,
        type: 'tool_match',
        evidence_refs: input.evidence.slice(0, 1).map((item) => item.id),
        reason: `all ${partition}`,
      }));
      return {
        claims,
        output: judgeOutputFromClaims(claims),
        fallbacks: [],
        warnings: [],
      };
    },
  };
  return { offline: () => judge };
}

// Tests run from the repository root so relative paths look as a user types them.
const inRoot = <T>(run: () => Promise<T>): Promise<T> => {
  const previous = process.cwd();
  process.chdir(root);
  return run().finally(() => process.chdir(previous));
};

describe('cli review: one report', () => {
  it('reads the evidence listed in front matter, relative to the report, and the question', async () => {
    const calls: ClaimJudgeInput[] = [];
    const io = capture();
    const code = await inRoot(() => runReview([`${reports}/frontmatter/report.md`, '--format', 'json'], io, uniformJudge('grounded', calls)));
    assert.equal(code, 0);
    assert.equal(calls[0].question, 'Why was checkout slow?');
    assert.deepEqual(
      calls[0].evidence.map((item) => item.id),
      ['metrics.log:E1', 'trace.jsonl:E1', 'trace.jsonl:E2'],
    );
    const json = JSON.parse(io.out);
    assert.deepEqual(json.warnings, [
      // Named relative to the report (what an endpoint would be sent), not by the path the CLI read.
      { file: 'trace.jsonl', line: 3, message: json.warnings[0].message },
    ]);
    assert.match(json.warnings[0].message, /invalid JSON/);
  });

  it('prints the JSON contract with exact spans, and exits 0 on proceed', async () => {
    const io = capture();
    const code = await inRoot(() => runReview([`${reports}/frontmatter/report.md`, '--format', 'json'], io, uniformJudge('grounded')));
    const json = JSON.parse(io.out);
    assert.equal(code, 0);
    assert.equal(json.score, 1);
    assert.equal(json.decision, 'proceed');
    assert.deepEqual(json.counts, { grounded: 3, ungrounded: 0, contradicted: 0, complementary: 0 });
    // Front matter: 4 + 33 + 10 + 16 + 16 + 4 = 83 characters with line feeds; "# Checkout latency\n\n" is 20 → 103.
    // The list item's text starts after "\n\n- " at 146 + 4 = 150; ", and " takes 178–184.
    assert.deepEqual(
      json.claims.map((claim: { text: string; start: number; end: number; line: number }) => [claim.text, claim.start, claim.end, claim.line]),
      [
        ['CPU on db-prod-1 reached 97.2% at 14:02:01.', 103, 146, 9],
        ['The deploy pushed config v42', 150, 178, 11],
        ['the alert fired at 14:02:30.', 184, 212, 11],
      ],
    );
    assert.deepEqual(json.judge, { kind: 'test' });
  });

  it('exits 1 when the decision is not proceed, and --evidence replaces the front matter list', async () => {
    const calls: ClaimJudgeInput[] = [];
    const io = capture();
    const code = await inRoot(() =>
      runReview([`${reports}/frontmatter/report.md`, '--evidence', `${reports}/frontmatter/metrics.log`], io, uniformJudge('ungrounded', calls)),
    );
    assert.equal(code, 1);
    assert.deepEqual(calls[0].evidence.map((item) => item.id), ['E1']);
    assert.match(io.out, /S = 0\.0000 {3}δ = replan/);
    assert.match(io.out, /C1 {3}line 9 {4}ungrounded {4}tool_match {12}E1/);
  });

  it('reads a .txt report as plain text', async () => {
    const io = capture();
    await inRoot(() => runReview([`${reports}/plain.txt`, '--evidence', `${reports}/frontmatter/metrics.log`, '--format', 'json'], io, uniformJudge('grounded')));
    const texts = JSON.parse(io.out).claims.map((claim: { text: string }) => claim.text);
    // As Markdown the indented line would be a code block; as text it is a claim.
    assert.deepEqual(texts, ['CPU on db-prod-1 reached 97.2% at 14:02:01.', 'The alert fired at 14:02:30.']);
  });

  it('applies --rho: only contradicted claims at ρ = 0 leave a zero denominator, so S = 0.5', async () => {
    const io = capture();
    const code = await inRoot(() =>
      runReview([`${reports}/frontmatter/report.md`, '--rho', '0', '--format', 'json'], io, uniformJudge('contradicted')),
    );
    // Only contradicted claims and ρ = 0: the denominator is 0, so S = 0.5 (gsar.md §2) → replan.
    assert.equal(JSON.parse(io.out).score, 0.5);
    assert.equal(code, 1);
  });
});

describe('cli review: usage and input errors exit 2', () => {
  const cases: [string, string[], RegExp][] = [
    ['a missing report', ['review', `${reports}/nope.md`, '--evidence', `${reports}/plain.txt`], /nope\.md: file not found/],
    ['a missing evidence file', ['review', `${reports}/plain.txt`, '--evidence', `${reports}/missing.log`], /missing\.log: file not found/],
    ['no evidence at all', ['review', `${reports}/plain.txt`], /no evidence/],
    ['an unknown judge', ['review', `${reports}/plain.txt`, '--judge', 'oracle'], /--judge: expected one of offline/],
    ['a bad format', ['review', `${reports}/plain.txt`, '--format', 'xml'], /--format/],
    ['equal thresholds', ['review', `${reports}/plain.txt`, '--evidence', `${reports}/plain.txt`, '--tau-proceed', '0.7', '--tau-regenerate', '0.7'], /strictly below/],
    ['a report and --batch', ['review', `${reports}/plain.txt`, '--batch', `${reports}/batch.jsonl`], /--batch/],
    ['no report', ['review'], /exactly one report/],
  ];
  for (const [name, argv, message] of cases) {
    it(name, async () => {
      const io = capture();
      const code = await inRoot(() => runCli(argv, io));
      assert.equal(code, 2);
      assert.match(io.err, message);
      assert.equal(io.out, '');
    });
  }

  it('is listed in the main help', async () => {
    const io = capture();
    assert.equal(await runCli(['--help'], io), 0);
    assert.match(io.out, /review +mark every claim/);
  });
});

describe('cli review: --batch', () => {
  it('prints one line per case with its id; bad lines become error lines and the rest go on', async () => {
    const calls: ClaimJudgeInput[] = [];
    const io = capture();
    const code = await inRoot(() => runReview(['--batch', `${reports}/batch.jsonl`], io, uniformJudge('grounded', calls)));
    const lines = io.out.trimEnd().split('\n').map((line) => JSON.parse(line));
    assert.equal(lines.length, 4);
    assert.equal(lines[0].id, 'a');
    assert.equal(lines[0].decision, 'proceed');
    assert.equal(lines[0].claims[0].text, 'CPU on db-prod-1 reached 97.2%.');
    assert.deepEqual(Object.keys(lines[1]), ['id', 'line', 'error']);
    assert.equal(lines[1].id, null);
    assert.equal(lines[1].line, 2);
    assert.match(lines[1].error, /invalid JSON/);
    assert.equal(lines[2].id, 'c');
    assert.equal(lines[2].line, 3);
    assert.match(lines[2].error, /evidence/);
    assert.equal(lines[3].id, 7);
    assert.deepEqual(lines[3].counts, { grounded: 2, ungrounded: 0, contradicted: 0, complementary: 0 });
    // Two evidence texts: ids are unique across them; the question reaches the judge.
    assert.deepEqual(calls[1].evidence.map((item) => item.id), ['evidence1:E1', 'evidence2:E1']);
    assert.equal(calls[1].question, 'What happened?');
    assert.equal(code, 2);
  });
});
