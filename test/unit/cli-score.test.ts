// `grounding-review score`: the built CLI (dist/cli.js) run as a real process, exit codes and output.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const cli = join(root, 'dist', 'cli.js');
const fixture = (name: string) => join(root, 'test', 'fixtures', 'partitions', name);
const appendixE = join(root, 'examples', 'appendix-e.partition.json');

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('CLI: score', () => {
  it('Appendix E prints S = 0.7568 and regenerate, exit 1', () => {
    const r = run('score', appendixE);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /S\s+= .* = 2\.8000 \/ 3\.7000 = 0\.7568$/m);
    assert.match(r.stdout, /^δ\s+= regenerate/m);
    assert.match(r.stdout, /^W\(G\)\s+= 1\.9500/m);
    assert.match(r.stdout, /^ρ·W\(X\) = 0\.3000/m);
  });

  it('--format json prints one object with score and decision', () => {
    const r = run('score', appendixE, '--format', 'json');
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout);
    assert.ok(Math.abs(out.score - 2.8 / 3.7) < 1e-12);
    assert.equal(out.decision, 'regenerate');
    assert.deepEqual(out.counts, { grounded: 2, ungrounded: 1, contradicted: 1, complementary: 1 });
  });

  it('options change the verdict: ρ = 0 → 0.8235 proceed (exit 0); all weights 1 → 0.6667 regenerate', () => {
    const r0 = run('score', appendixE, '--rho', '0', '--format', 'json');
    assert.equal(r0.code, 0);
    assert.equal(JSON.parse(r0.stdout).decision, 'proceed');
    const ones = run('score', appendixE, '--weights', fixture('weights-all-one.json'), '--format', 'json');
    assert.ok(Math.abs(JSON.parse(ones.stdout).score - 2 / 3) < 1e-12);
    const lenient = run('score', appendixE, '--tau-proceed', '0.7', '--tau-regenerate', '0.5', '--format', 'json');
    assert.equal(lenient.code, 0);
  });

  it('an all-grounded partition proceeds, exit 0', () => {
    const r = run('score', fixture('all-grounded.json'));
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^δ\s+= proceed/m);
  });

  it('an unknown evidence type exits 2 with one line naming it and its JSON path', () => {
    const r = run('score', fixture('unknown-type.json'));
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /ungrounded\[0\]\.type: unknown evidence type "hunch"/);
  });

  it('usage and input errors exit 2 with one line', () => {
    const cases: Array<[string[], RegExp]> = [
      [['score'], /expected exactly one partition file/],
      [['score', fixture('nope.json')], /file not found/],
      [['score', appendixE, '--rho', 'high'], /--rho: expected a decimal number, got "high"/],
      [['score', appendixE, '--rho', '1.5'], /rho: must be a number in \[0, 1\]/],
      [['score', appendixE, '--tau-proceed', '0.6', '--tau-regenerate', '0.6'], /strictly below/],
      [['score', appendixE, '--format', 'xml'], /--format: expected one of text, json/],
      [['score', appendixE, '--bogus'], /Unknown option '--bogus'/],
      [['frobnicate'], /unknown command "frobnicate"/],
    ];
    for (const [args, pattern] of cases) {
      const r = run(...args);
      assert.equal(r.code, 2, `${args.join(' ')} exited ${r.code}`);
      assert.match(r.stderr, pattern);
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    }
  });

  it('--help documents the options and exits 0', () => {
    const r = run('score', '--help');
    assert.equal(r.code, 0);
    for (const option of ['--rho', '--tau-proceed', '--tau-regenerate', '--weights', '--format']) assert.ok(r.stdout.includes(option), option);
  });
});
