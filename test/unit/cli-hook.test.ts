// The stop hook and the omission options of `review`, through the built CLI (dist/cli.js) as an
// agent runtime would run them. Exit codes from issue 20: 0 ready to stop, 2 otherwise, never 1.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
const cli = join(root, 'dist', 'cli.js');

function run(args: string[], cwd = root) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('CLI hook (stop-hook mode)', () => {
  it('the bundled example: exit 2, the contradicted and ungrounded claims with line, why and what to do on stderr', () => {
    const { code, stdout, stderr } = run(['hook', '--report', 'examples/incident/report.md', '--trace', 'examples/incident/trace.jsonl']);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /- line 15, contradicted: "At 14:03:00 the error rate was still 39\.7%\."\n {2}why: claim says 39\.7%, metrics\.log:E5 says 37\.9\n {2}do: correct it/);
    assert.match(stderr, /- line 25, ungrounded: "The outage was caused by the config push\."/);
    assert.match(stderr, /- line 25, ungrounded: "Rolling back cfg-2291 restored the error rate to normal\."/);
    // Grounded claims are not listed: the agent is told only what to fix.
    assert.doesNotMatch(stderr, /p99 latency/);
  });

  it('the corrected copy: exit 0, ready to stop', () => {
    const { code, stdout, stderr } = run(['hook', '--report', 'examples/hook/report-corrected.md', '--root', 'examples/incident', '--trace', 'examples/incident/trace.jsonl']);
    assert.equal(stderr, '');
    assert.equal(code, 0);
    assert.match(stdout, /is grounded \(S = 1\.000, δ = proceed, gate ACCEPT\): ready to stop/);
  });

  it('gives the verdicts of `review`: --format json carries the same claims, and a hook block', () => {
    const hook = run(['hook', '--report', 'examples/incident/report.md', '--format', 'json']);
    const cli = run(['review', 'examples/incident/report.md', '--format', 'json']);
    assert.equal(hook.code, 2);
    const hooked = JSON.parse(hook.stdout);
    assert.deepEqual(hooked.claims, JSON.parse(cli.stdout).claims);
    assert.deepEqual(hooked.hook, { pass: false, exit_code: 2 });
  });

  it('a file it cannot read, or a missing --report, is exit 2 (never 1)', () => {
    assert.equal(run(['hook', '--report', 'examples/incident/nope.md']).code, 2);
    assert.equal(run(['hook']).code, 2);
  });

  it('the gate must accept too: a completion claim with no read-back blocks although every claim is grounded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gr-hook-'));
    writeFileSync(join(dir, 'trace.jsonl'), JSON.stringify({ type: 'tool_call', tool: 'restart', args: { host: 'worker-5' }, result: 'restarted worker-5', mutating: true, exit_ok: true }) + '\n');
    writeFileSync(join(dir, 'report.md'), '---\nclaim_type: completion\n---\nI restarted worker-5.\n');
    const { code, stderr } = run(['hook', '--report', 'report.md', '--trace', 'trace.jsonl'], dir);
    assert.equal(code, 2);
    assert.match(stderr, /The grounding gate rejects the answer \(completion\)/);
  });

  it('omissions block only with --fail-on-omission', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gr-hook-'));
    writeFileSync(join(dir, 'app.log'), '2026-03-01T14:00:00Z INFO api started version=2.4.1\n2026-03-01T14:00:20Z ERROR billing-worker cannot connect to ledger-db\n');
    writeFileSync(join(dir, 'report.md'), 'The api started version 2.4.1 at 14:00:00.\n');
    const plain = run(['hook', '--report', 'report.md', '--evidence', 'app.log'], dir);
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /- E2 \(app\.log:2\) log level ERROR/);
    const strict = run(['hook', '--report', 'report.md', '--evidence', 'app.log', '--fail-on-omission'], dir);
    assert.equal(strict.code, 2);
    assert.match(strict.stderr, /- E2 \(app\.log:2\) log level ERROR/);
  });
});

describe('CLI review: omissions', () => {
  const dir = () => {
    const path = mkdtempSync(join(tmpdir(), 'gr-om-'));
    writeFileSync(join(path, 'app.log'), '2026-03-01T14:00:00Z INFO api started version=2.4.1\n2026-03-01T14:00:20Z ERROR billing-worker cannot connect to ledger-db\n');
    writeFileSync(join(path, 'report.md'), 'The api started version 2.4.1 at 14:00:00.\n');
    return path;
  };

  it('--fail-on is unaffected by omissions; --fail-on-omission makes them exit 1', () => {
    const cwd = dir();
    const plain = run(['review', 'report.md', '--evidence', 'app.log'], cwd);
    assert.equal(plain.code, 0);
    assert.match(plain.stdout, /Left out of the report[^\n]*\n {2}E2 \(app\.log:2\) log level ERROR/);
    assert.equal(run(['review', 'report.md', '--evidence', 'app.log', '--fail-on-omission'], cwd).code, 1);
  });

  it('SARIF: each omission is a note on the report, related to its evidence line', () => {
    const sarif = JSON.parse(run(['review', 'report.md', '--evidence', 'app.log', '--format', 'sarif'], dir()).stdout);
    const notes = sarif.runs[0].results.filter((result: { ruleId: string }) => result.ruleId === 'grounding/omission');
    assert.equal(notes.length, 1);
    assert.equal(notes[0].level, 'note');
    assert.equal(notes[0].locations[0].physicalLocation.artifactLocation.uri, 'report.md');
    assert.deepEqual(notes[0].relatedLocations[0].physicalLocation, { artifactLocation: { uri: 'app.log' }, region: { startLine: 2 } });
    assert.ok(sarif.runs[0].tool.driver.rules.some((rule: { id: string }) => rule.id === 'grounding/omission'));
  });
});
