// The CLI faces of the geometry: `calibrate` (bad lines reported and skipped, in- and
// out-of-sample figures, usage errors) and `review --switch` — on the real embedded encoder.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main';
import { EMBEDDED_ENCODER_ID } from '../../src/core/geometry/embedded-encoder';

function capture(env: NodeJS.ProcessEnv = {}) {
  const out = { stdout: '', stderr: '' };
  return { out, io: { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t), env, cwd: process.cwd() } };
}

const dir = mkdtempSync(join(tmpdir(), 'geometry-cli-'));
const context = 'The Oberoi Group is a hotel company with its head office in Delhi.';
const question = 'Where is the head office of the Oberoi Group?';
const lines = [
  { question, context, response: 'Delhi', label: 0 },
  { question, context, response: 'The Oberoi family is not involved in any hotel company.', label: 1 },
  { question: 'Which magazine started first?', context: "Arthur's Magazine (1844) predates First for Women (1989).", response: "Arthur's Magazine", label: 0 },
  { question: 'Which magazine started first?', context: "Arthur's Magazine (1844) predates First for Women (1989).", response: 'First for Women was started first.', label: 1 },
];
const train = join(dir, 'train.jsonl');
writeFileSync(train, [...lines.map((l) => JSON.stringify(l)), '{broken', JSON.stringify({ question, response: 'x', label: 7 })].join('\n'));
const heldOut = join(dir, 'test.jsonl');
writeFileSync(heldOut, lines.map((l) => JSON.stringify(l)).join('\n'));

describe('grounding-review calibrate', function () {
  this.timeout(120_000);

  it('fits on the good lines, reports the bad ones by line number, and prints in- and out-of-sample figures', async () => {
    const { out, io } = capture();
    const code = await runCli(['calibrate', train, '--test', heldOut, '--format', 'json'], io);
    assert.equal(code, 0, out.stderr);
    assert.match(out.stderr, /train\.jsonl:5: invalid JSON/);
    assert.match(out.stderr, /train\.jsonl:6: label: must be 0/);
    const result = JSON.parse(out.stdout);
    assert.equal(result.encoder, EMBEDDED_ENCODER_ID);
    assert.equal(result.fit.n, 4);
    assert.equal(result.fit.in_sample, true);
    assert.ok(result.fit.sgi_review <= result.fit.sgi_strong_pass);
    assert.equal(result.out_of_sample.sgi.n, 4);
    const { tp, fp, tn, fn } = result.out_of_sample.sgi.confusion;
    assert.equal(tp + fp + tn + fn, 4);
  });

  it('text output labels in-sample figures as such, and says when there is no held-out set', async () => {
    const { out, io } = capture();
    assert.equal(await runCli(['calibrate', heldOut], io), 0);
    assert.match(out.stdout, /In-sample, on the fitting data \(optimistic; not an accuracy estimate\)/);
    assert.match(out.stdout, /No --test file: no out-of-sample figures/);
    assert.match(out.stdout, /sgi_review\s+\d/);
  });

  it('usage errors exit 2 with a clear message', async () => {
    const oneClass = join(dir, 'one-class.jsonl');
    writeFileSync(oneClass, JSON.stringify(lines[0]));
    for (const [args, env, message] of [
      [['calibrate', oneClass], {}, /needs both grounded \(label 0\) and ungrounded \(label 1\)/],
      [['calibrate', train, '--encoder', 'openai'], {}, /GROUNDING_EMBEDDINGS_BASE_URL/],
      [['calibrate', train, '--encoder', 'magic'], {}, /expected one of embedded, openai/],
      [['calibrate', join(dir, 'missing.jsonl')], {}, /file not found/],
      [['calibrate', train, '--strong-pass-precision', '2'], {}, /strong-pass-precision/],
    ] as const) {
      const { out, io } = capture(env);
      assert.equal(await runCli([...args], io), 2, out.stdout);
      assert.match(out.stderr, message);
    }
  });
});

describe('grounding-review review --switch', function () {
  this.timeout(120_000);
  const report = join(dir, 'report.md');
  writeFileSync(report, '---\nquestion: Why did checkout fail?\n---\nCheckout failed because the payments database ran out of disk space at 14:02.\n');
  const evidence = join(dir, 'evidence.log');
  writeFileSync(evidence, '14:02:01 db-payments disk usage 100%\n14:02:05 checkout errors: database write failed (no space left on device)\n');

  it('fills switch in the JSON result with the embedded encoder and its calibrated cuts', async () => {
    const { out, io } = capture();
    await runCli(['review', report, '--evidence', evidence, '--switch', 'embedded', '--on-reject', 'REJECT', '--format', 'json'], io);
    const result = JSON.parse(out.stdout);
    assert.equal(result.switch.computed, true, out.stderr);
    assert.equal(result.switch.method, 'sgi');
    assert.equal(result.switch.encoder, EMBEDDED_ENCODER_ID);
    assert.equal(result.switch.thresholds.source, 'calibrated');
    assert.equal(result.switch.on_reject, 'reject');
    assert.equal(result.switch.write_to_state, result.switch.action === 'accept');
  });

  it('without --switch there is no switch; bad switch options exit 2', async () => {
    const plain = capture();
    await runCli(['review', report, '--evidence', evidence, '--format', 'json'], plain.io);
    assert.equal(JSON.parse(plain.out.stdout).switch, undefined);
    for (const args of [['--switch', 'bogus'], ['--on-reject', 'reject'], ['--switch', 'embedded', '--on-reject', 'accept']]) {
      const { out, io } = capture();
      assert.equal(await runCli(['review', report, '--evidence', evidence, ...args], io), 2, out.stdout);
    }
  });
});
