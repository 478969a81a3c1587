// Issue 19, findings 9 and 12: `--batch` reads evidence the way the file path does, honours
// --switch and --gate, and one failing case never ends the run.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runBatchCases } from '../../src/cli/batch';
// Compiled alongside (it does nothing outside a worker); the worker test loads it as its entry.
import '../support/crashing-batch-worker';

const cli = resolve(__dirname, '../../../dist/cli.js');
const ROW = '[tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2';
const CLAIM = 'CPU on db-prod-1 reached 97.2% at 14:02:01.';
// Prose evidence on one line, as HaluEval's knowledge is: a document, not a log line.
const KNOWLEDGE = "Arthur's Magazine (1844–1846) was an American literary periodical published in Philadelphia in the 19th century. First for Women is a woman's magazine published by Bauer Media Group in the USA.";
const ANSWER = 'First for Women was started first.';
const QUESTION = "Which magazine was started first Arthur's Magazine or First for Women?";

function runBuilt(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, lines: result.stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)) };
}

/** What a review says about its claims, without what may differ between paths (ids of files). */
const verdicts = (result: { claims: Array<{ text: string; partition: string; type: string; reason: string }> }) =>
  result.claims.map((claim) => [claim.text, claim.partition, claim.type, claim.reason]);

describe('issue 19: --batch reads evidence as the file path does (finding 9)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'batch-paths-'));
    writeFileSync(join(dir, 'answer.txt'), ANSWER);
    writeFileSync(join(dir, 'knowledge.md'), KNOWLEDGE);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a {"file","text"} item gives the verdicts of the same file on disk', () => {
    const file = runBuilt(['review', 'answer.txt', '--evidence', 'knowledge.md', '--question', QUESTION, '--format', 'json'], dir);
    writeFileSync(
      join(dir, 'cases.jsonl'),
      JSON.stringify({ id: 'q1', report: { file: 'answer.txt', text: ANSWER }, evidence: [{ file: 'knowledge.md', text: KNOWLEDGE }], question: QUESTION }) + '\n',
    );
    const batch = runBuilt(['review', '--batch', 'cases.jsonl', '--jobs', '1'], dir);
    assert.equal(batch.lines.length, 1);
    assert.deepEqual(verdicts(batch.lines[0]), verdicts(JSON.parse(file.stdout)));
    // The knowledge is read as a document (paragraph items), the answer as plain text: the hallucinated answer is caught.
    assert.deepEqual(batch.lines[0].counts.grounded, 0);
  });

  it('a bare text item of one-line prose is read as prose too, as a .txt file of it is', () => {
    writeFileSync(join(dir, 'knowledge.txt'), KNOWLEDGE);
    const file = runBuilt(['review', 'answer.txt', '--evidence', 'knowledge.md', '--question', QUESTION, '--format', 'json'], dir);
    const txt = runBuilt(['review', 'answer.txt', '--evidence', 'knowledge.txt', '--question', QUESTION, '--format', 'json'], dir);
    writeFileSync(join(dir, 'cases.jsonl'), JSON.stringify({ id: 'q1', report: { file: 'answer.txt', text: ANSWER }, evidence: KNOWLEDGE, question: QUESTION }) + '\n');
    const batch = runBuilt(['review', '--batch', 'cases.jsonl', '--jobs', '1'], dir);
    assert.deepEqual(verdicts(JSON.parse(txt.stdout)), verdicts(JSON.parse(file.stdout)));
    assert.deepEqual(verdicts(batch.lines[0]), verdicts(JSON.parse(file.stdout)));
  });

  it('honours --gate and --switch for every case, in workers and in this thread alike', () => {
    writeFileSync(join(dir, 'cases.jsonl'), [1, 2].map((id) => JSON.stringify({ id, report: CLAIM, evidence: ROW })).join('\n'));
    const gated = runBuilt(['review', '--batch', 'cases.jsonl', '--gate', 'default', '--jobs', '2'], dir);
    assert.equal(gated.code, 0, gated.stderr);
    for (const line of gated.lines) assert.ok(line.gate && typeof line.gate.verdict === 'string', JSON.stringify(line));
    const switched = runBuilt(['review', '--batch', 'cases.jsonl', '--switch', 'embedded', '--jobs', '1'], dir);
    assert.equal(switched.code, 0, switched.stderr);
    for (const line of switched.lines) assert.ok(line.switch && typeof line.switch === 'object', JSON.stringify(line));
    const bad = runBuilt(['review', '--batch', 'cases.jsonl', '--switch', 'bogus'], dir);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--switch: expected embedded or openai, got "bogus"/);
    assert.equal(bad.stdout, '', 'a bad option fails before any case runs');
  });
});

describe('issue 19: batch robustness (finding 12)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'batch-robust-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // A document too deep for the parser to walk (its fix is elsewhere): whatever that case gives, it is
  // one line with its id and line number, and the cases after it are still reviewed.
  for (const jobs of ['1', '2']) {
    it(`one case that fails inside the review (deep JSON) does not end the run (--jobs ${jobs})`, () => {
      const deep = '['.repeat(20_000) + ']'.repeat(20_000);
      writeFileSync(
        join(dir, 'cases.jsonl'),
        [JSON.stringify({ id: 'deep', report: CLAIM, evidence: [{ file: 'deep.json', text: deep }] }), JSON.stringify({ id: 'after', report: CLAIM, evidence: ROW })].join('\n'),
      );
      const run = runBuilt(['review', '--batch', 'cases.jsonl', '--jobs', jobs], dir);
      assert.deepEqual(run.lines.map((line) => [line.id, line.line]), [['deep', 1], ['after', 2]]);
      if ('error' in run.lines[0]) assert.deepEqual(Object.keys(run.lines[0]), ['id', 'line', 'error']);
      assert.equal(run.lines[1].decision, 'proceed');
      assert.match(run.stderr, /reviewed: /);
      assert.doesNotMatch(run.stderr, /at .*\.js:\d+/, 'no stack trace');
    });
  }

  it('a worker that dies fails only the case it held; a fresh worker takes the rest', async () => {
    const lines = ['a', 'b crash', 'c', 'd', 'e crash', 'f'].map((name) => JSON.stringify({ id: name[0], report: name.includes('crash') ? 'A crash happened.' : CLAIM, evidence: ROW }));
    let out = '';
    let err = '';
    const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t), env: {}, cwd: dir };
    const worker = { file: resolve(__dirname, '../support/crashing-batch-worker.js'), options: {} };
    const summary = await runBatchCases({ file: 'cases.jsonl', text: lines.join('\n'), setup: () => assert.fail('runs on workers'), worker, jobs: 2, io });
    const results = out.trim().split('\n').map((line) => JSON.parse(line));
    assert.deepEqual(results.map((result) => [result.id, result.line, result.decision ?? 'error']), [['a', 1, 'proceed'], ['b', 2, 'error'], ['c', 3, 'proceed'], ['d', 4, 'proceed'], ['e', 5, 'error'], ['f', 6, 'proceed']]);
    assert.match(results[1].error, /^internal error: the review's worker died \(exit code 3\)$/);
    assert.deepEqual([summary.reviewed, summary.errors], [4, 2]);
    assert.equal(err, '');
  });

  it('keeps ids as written, carries each line number, and warns about duplicate ids', () => {
    const cases = [
      '{"id":12345678901234567890,"report":"x.","evidence":"y"}',
      '{"id":7,"report":"x.","evidence":"y"}',
      '{"id":"7","report":"x.","evidence":"y"}',
      '{"id":1.0,"report":"x.","evidence":"y"}',
      '',
      '{"id":7,"report":"x.","evidence":"y"}',
    ];
    writeFileSync(join(dir, 'cases.jsonl'), cases.join('\n'));
    const run = runBuilt(['review', '--batch', 'cases.jsonl', '--jobs', '1'], dir);
    assert.deepEqual(run.lines.map((line) => [line.id, line.line]), [['12345678901234567890', 1], [7, 2], ['7', 3], ['1.0', 4], [7, 6]]);
    // The number 7 and the string "7" are different ids; the second number 7 is the duplicate.
    assert.deepEqual(run.stderr.split('\n').filter((line) => /duplicate/.test(line)), ['cases.jsonl:6: duplicate id 7 (first at line 2); results are told apart by "line"']);
  });
});
