// `review --grounded-cut P|strict` and `hook --grounded-cut`, in process on the bundled example.
// Expected verdicts follow from the default run: below the cut a grounded verdict becomes
// ungrounded, "could not verify offline"; nothing else moves, and S is the re-scored partition.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CliIo } from '../../src/cli/args';
import { runHook } from '../../src/cli/commands/hook';
import { runReview } from '../../src/cli/commands/review';
import { strictGroundedCut } from '../../src/core/judge/grounded-cut';
import { partitionOfClaims } from '../../src/core/review';
import type { JudgedClaim } from '../../src/core/review-types';
import { gsarScore } from '../../src/core/score';
import { chatJson, judgeAnswer, judgePromptIds, startOpenAITestServer, type OpenAITestServer, type RecordedRequest } from '../support/openai-test-server';

const root = resolve(__dirname, '../../..');
const REPORT = join(root, 'examples/incident/report.md');

type ClaimJson = Omit<JudgedClaim, 'id'> & { confidence: number };
type ReviewJson = { score: number; decision: string; counts: Record<string, number>; claims: ClaimJson[] };

function capture(env: NodeJS.ProcessEnv = {}): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', env, cwd: root, stdout: (t: string) => void (io.out += t), stderr: (t: string) => void (io.err += t) };
  return io;
}

async function reviewJson(extra: string[], env: NodeJS.ProcessEnv = {}): Promise<ReviewJson> {
  const io = capture(env);
  await runReview([REPORT, '--format', 'json', ...extra], io);
  return JSON.parse(io.out) as ReviewJson;
}

/** What a cut does to the default run's verdicts: grounded below it is withheld, every other claim is as it was. */
function assertWithheldBelow(cut: number, byDefault: ReviewJson, got: ReviewJson): void {
  assert.equal(got.claims.length, byDefault.claims.length);
  for (const [i, claim] of got.claims.entries()) {
    const before = byDefault.claims[i]!;
    if (before.partition !== 'grounded' || before.confidence >= cut) {
      assert.deepEqual(claim, before, `${before.text} stands`);
      continue;
    }
    const { reason, confidence: _withheldConfidence, withheld, ...rest } = claim;
    const { reason: _was, confidence: _had, ...kept } = before;
    assert.deepEqual(rest, { ...kept, partition: 'ungrounded', type: 'inference', evidence_refs: [] }, `${before.text} is withheld`);
    // The claim says what was withheld: grounded's probability (the default run's confidence) and the cut.
    assert.equal(withheld?.cut, cut);
    assert.ok(Math.abs(withheld!.grounded_confidence - before.confidence!) <= 0.0006, `withheld at ${withheld?.grounded_confidence}, grounded at ${before.confidence}`);
    const said = /^could not verify offline \(confidence (\d\.\d\d) below (\S+)\)/.exec(reason);
    assert.ok(said, reason);
    assert.ok(Math.abs(Number(said[1]) - before.confidence) <= 0.006, `the reason quotes the grounded confidence ${before.confidence}`);
    assert.equal(Number(said[2]), cut);
  }
  // S is the GSAR score of the new partition, recomputed, never carried over.
  assert.equal(got.score, gsarScore(partitionOfClaims(got.claims as JudgedClaim[])));
}

describe('review --grounded-cut', () => {
  let byDefault: ReviewJson;
  before(async () => {
    byDefault = await reviewJson([]);
    assert.ok(byDefault.counts.grounded >= 2, 'the example has grounded claims to withhold');
  });

  it('0 gives the default verdicts here (no grounded verdict of the example is below the default 0.5); 1 keeps no claim grounded (a calibrated probability never reaches 1)', async () => {
    assert.deepEqual(await reviewJson(['--grounded-cut', '0']), byDefault);
    const shut = await reviewJson(['--grounded-cut', '1']);
    assert.equal(shut.counts.grounded, 0);
    assert.equal(shut.counts.ungrounded, byDefault.counts.ungrounded + byDefault.counts.grounded);
    assertWithheldBelow(1, byDefault, shut);
    assert.ok(shut.score < byDefault.score);
  });

  it('a cut between two grounded confidences withholds exactly the grounded verdicts below it', async () => {
    const grounded = byDefault.claims.filter((c) => c.partition === 'grounded');
    const confidences = [...new Set(grounded.map((c) => c.confidence))].sort((a, b) => a - b);
    assert.ok(confidences.length >= 2);
    const middle = Math.floor(confidences.length / 2);
    // Halfway between two printed (rounded) confidences: no claim's own probability is that close to it.
    const cut = Number(((confidences[middle - 1]! + confidences[middle]!) / 2).toFixed(4));
    const got = await reviewJson(['--grounded-cut', String(cut)]);
    const standing = grounded.filter((c) => c.confidence >= cut).length;
    assert.ok(standing > 0 && standing < grounded.length, 'the cut withholds some grounded verdicts and keeps others');
    assert.equal(got.counts.grounded, standing);
    assertWithheldBelow(cut, byDefault, got);
  });

  it('strict is the model\'s strictGroundedCut, as if given by number', async () => {
    const strict = await reviewJson(['--grounded-cut', 'strict']);
    assert.deepEqual(strict, await reviewJson(['--grounded-cut', String(strictGroundedCut())]));
    assertWithheldBelow(strictGroundedCut(), byDefault, strict);
  });

  it('refuses anything but a decimal in [0, 1] or strict, naming the value', async () => {
    for (const bad of ['1.5', '-0.1', 'abc', '0x1', 'Infinity', '', ' 0.5', 'STRICT', '1e999', '50%']) {
      await assert.rejects(runReview([REPORT, `--grounded-cut=${bad}`], capture()), (error: Error) => {
        assert.equal(error.name, 'CliError');
        assert.equal(error.message, `--grounded-cut: expected a number in [0, 1] or strict, got ${JSON.stringify(bad)}`);
        return true;
      });
    }
  });

  it('is an error with the LLM judge, which gives no offline verdicts to cut — for a review, a dry run and a batch alike', async () => {
    const refused = /--grounded-cut: the (llm|openai) judge gives no offline verdicts for a grounded cut to withhold; it applies with the offline and hybrid judges$/;
    for (const judge of ['llm', 'openai']) {
      await assert.rejects(runReview([REPORT, '--judge', judge, '--grounded-cut', '0.5'], capture()), refused);
      await assert.rejects(runReview([REPORT, '--judge', judge, '--grounded-cut', 'strict', '--dry-run'], capture()), refused);
    }
    await assert.rejects(runReview(['--batch', 'cases.jsonl', '--judge', 'llm', '--grounded-cut', '0.5'], capture()), refused);
  });

  it('hybrid with no endpoint runs the offline judge alone, and the cut still applies', async () => {
    const io = capture();
    await runReview([REPORT, '--format', 'json', '--judge', 'hybrid', '--grounded-cut', '1'], io);
    assert.match(io.err, /offline judge/);
    assert.deepEqual(JSON.parse(io.out), await reviewJson(['--grounded-cut', '1']));
  });
});

describe('review --judge hybrid --grounded-cut against a real OpenAI-compatible server', () => {
  let server: OpenAITestServer;
  let groundedIds: string[];
  const agree = (request: RecordedRequest) => {
    const { claims, evidence } = judgePromptIds(request);
    return chatJson(judgeAnswer(claims.map((id) => ({ claim_id: id, partition: 'grounded', type: 'tool_match', evidence_refs: [evidence[0]!], reason: 'the LLM says so' }))));
  };

  // The JSON carries no ids; the judge is sent C1, C2, … in report order.
  const idOf = (index: number) => `C${index + 1}`;
  before(async () => {
    groundedIds = (await reviewJson([])).claims.flatMap((c, index) => (c.partition === 'grounded' ? [idOf(index)] : []));
  });
  beforeEach(async () => {
    server = await startOpenAITestServer();
  });
  afterEach(() => server.close());

  it('at confidence cut 0 the grounded cut alone decides what is sent: exactly the grounded claims at cut 1', async () => {
    server.scriptChat(agree);
    const got = await reviewJson(['--judge', 'hybrid', '--base-url', server.baseURL, '--confidence-cut', '0', '--grounded-cut', '1']);
    const [call, ...more] = server.requestsTo('/chat/completions');
    assert.equal(more.length, 0);
    assert.deepEqual(judgePromptIds(call!).claims, groundedIds);
    for (const [index, claim] of got.claims.entries()) {
      const sent = groundedIds.includes(idOf(index));
      assert.equal(claim.decided_by, sent ? 'llm' : 'offline', claim.text);
      if (sent) assert.match(claim.decided_why!, /^offline grounded at confidence 0\.\d\d < grounded cut 1\.00: sent to the LLM$/);
    }
  });

  it('--dry-run plans the same: the grounded claims sent, the rest kept offline, the cut in the plan', async () => {
    const io = capture();
    const args = [REPORT, '--judge', 'hybrid', '--base-url', server.baseURL, '--confidence-cut', '0', '--dry-run'];
    await runReview([...args, '--grounded-cut', '1', '--format', 'json'], io);
    const plan = JSON.parse(io.out);
    assert.equal(plan.hybrid.claims_sent, groundedIds.length);
    assert.equal(plan.hybrid.kept_offline, plan.claims - groundedIds.length);
    assert.equal(plan.hybrid.grounded_cut, 1);
    const text = capture();
    await runReview([...args, '--grounded-cut', '1'], text);
    assert.match(text.out, new RegExp(`\\(${plan.claims - groundedIds.length} kept offline at confidence ≥ 0, grounded ≥ 1\\)`));
    assert.equal(server.requests.length, 0);
  });
});

describe('review --batch and hook with --grounded-cut (in this thread)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'grounded-cut-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('--batch --jobs 1: every case gets the cut', async () => {
    const evidence = ['metrics.log', 'alert.log', 'app.log', 'trace.jsonl'].map((file) => ({ file, text: readFileSync(join(root, 'examples/incident', file), 'utf8') }));
    const report = { file: 'report.md', text: readFileSync(REPORT, 'utf8') };
    writeFileSync(join(dir, 'cases.jsonl'), ['a', 'b'].map((id) => JSON.stringify({ id, report, evidence })).join('\n'));
    const io = capture();
    await runReview(['--batch', join(dir, 'cases.jsonl'), '--jobs', '1', '--grounded-cut', '1'], io);
    const lines = io.out.trim().split('\n').map((line) => JSON.parse(line));
    assert.equal(lines.length, 2);
    for (const line of lines) assert.equal(line.counts.grounded, 0, JSON.stringify(line.counts));
  });

  it('hook takes the flag, with the same verdicts as review; refuses it with the openai judge', async () => {
    const io = capture();
    assert.equal(await runHook(['--report', REPORT, '--grounded-cut', 'strict', '--format', 'json'], io), 2);
    assert.deepEqual(JSON.parse(io.out).claims, (await reviewJson(['--grounded-cut', 'strict'])).claims);
    await assert.rejects(runHook(['--report', REPORT, '--judge', 'openai', '--grounded-cut', '0.5'], capture()), /^CliError: --grounded-cut: the openai judge gives no offline verdicts/);
  });
});
