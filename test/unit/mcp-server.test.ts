// The MCP server as a client drives it: the official SDK client over stdio, talking to the built
// CLI (dist/cli.js mcp). Expected verdicts are the incident example's hand labels
// (examples/incident/README.md) and the CLI's own output for the same files.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = resolve(__dirname, '../../..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'examples');

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: Record<string, any> };

describe('MCP server over stdio (real SDK client)', function () {
  let client: Client;
  let outside: string;
  let secondRoot: string;

  before(async () => {
    const base = mkdtempSync(join(tmpdir(), 'gr-mcp-'));
    secondRoot = join(base, 'root');
    outside = join(base, 'outside');
    mkdirSync(secondRoot);
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret.log'), 'ERROR the secret\n');
    writeFileSync(join(secondRoot, 'ok.log'), '2026-03-01T14:00:00Z INFO api started version=2.4.1\n');
    symlinkSync(join(outside, 'secret.log'), join(secondRoot, 'link.log'));
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', examples, '--root', secondRoot], stderr: 'pipe' });
    client = new Client({ name: 'grounding-review-test', version: '1.0.0' });
    await client.connect(transport);
  });

  after(async () => {
    await client?.close();
  });

  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<ToolResult>;

  it('initializes as grounding-review and lists the three tools with input and output schemas', async () => {
    assert.equal(client.getServerVersion()?.name, 'grounding-review');
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['check_claims', 'gate_check', 'review_report']);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object');
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has a structured output`);
    }
  });

  it('review_report on the bundled example: the hand-labelled verdicts, the same claims as `review --format json`', async () => {
    const result = await call('review_report', { report_path: 'incident/report.md' });
    assert.notEqual(result.isError, true);
    const review = result.structuredContent!;
    // examples/incident/README.md: S = 6.55 / 8.25, δ = regenerate.
    assert.ok(Math.abs(review.score - 6.55 / 8.25) < 1e-9);
    assert.equal(review.decision, 'regenerate');
    assert.equal(review.ready, false);
    assert.deepEqual(review.counts, { grounded: 6, ungrounded: 2, contradicted: 1, complementary: 1 });
    assert.deepEqual(review.omissions, []);
    const cliRun = spawnSync(process.execPath, [cli, 'review', 'examples/incident/report.md', '--format', 'json'], { cwd: root, encoding: 'utf8' });
    assert.deepEqual(review.claims, JSON.parse(cliRun.stdout).claims);
    assert.deepEqual(JSON.parse(result.content[0].text!), review, 'the JSON as text too');
  });

  it('check_claims: each claim with its verdict and the index it came from', async () => {
    const result = await call('check_claims', {
      claims: ['p99 latency reached 2340 ms at 14:02:30.', 'At 14:03:00 the error rate was still 39.7%.'],
      evidence_paths: ['incident/metrics.log'],
    });
    assert.notEqual(result.isError, true);
    const claims = result.structuredContent!.claims as Array<Record<string, unknown>>;
    assert.deepEqual(
      claims.map(({ index, partition, evidence_refs }) => ({ index, partition, evidence_refs })),
      [
        { index: 0, partition: 'grounded', evidence_refs: ['E4'] },
        { index: 1, partition: 'contradicted', evidence_refs: ['E5'] },
      ],
    );
  });

  it('gate_check: the example trace accepts an assertion; a mutation with no read-back rejects a completion, with legal_next', async () => {
    const accepted = await call('gate_check', { trace_path: 'incident/trace.jsonl', claim_type: 'assertion', surface: ['checkout-api'] });
    assert.equal(accepted.structuredContent!.verdict, 'ACCEPT');
    const rejected = await call('gate_check', {
      steps: [{ type: 'tool_call', tool: 'restart', args: { host: 'worker-5' }, result: 'ok', mutating: true, exit_ok: true }],
      claim_type: 'completion',
      surface: ['worker-5'],
    });
    assert.equal(rejected.structuredContent!.verdict, 'REJECT');
    assert.ok((rejected.structuredContent!.legal_next as string[]).length > 0);
  });

  it('refuses paths outside the roots: absolute, ../ and a symlink inside a root that points out', async () => {
    for (const path of ['/etc/passwd', '../package.json', join(outside, 'secret.log'), join(secondRoot, 'link.log')]) {
      const result = await call('check_claims', { claims: ['The api started.'], evidence_paths: [path] });
      assert.equal(result.isError, true, path);
      assert.match(result.content[0].text!, /is outside the allowed roots/, path);
    }
    // The second --root is a root too.
    const ok = await call('check_claims', { claims: ['The api started version 2.4.1 at 14:00:00.'], evidence_paths: [join(secondRoot, 'ok.log')] });
    assert.notEqual(ok.isError, true);
  });

  it('malformed input is answered with an MCP error, and the server still serves the next call', async () => {
    const bad = await call('check_claims', { claims: 'not a list' });
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text!, /Input validation error/);
    const neither = await call('review_report', { evidence_paths: ['incident/app.log'] });
    assert.equal(neither.isError, true);
    assert.match(neither.content[0].text!, /exactly one of report, report_path/);
    const next = await call('review_report', { report: 'p99 latency reached 2340 ms at 14:02:30.', evidence_paths: ['incident/metrics.log'] });
    assert.equal(next.structuredContent!.decision, 'proceed');
  });
});

describe('grounding-review mcp start-up', () => {
  it('refuses to start without a --root, or with one that is no directory (exit 2)', () => {
    const none = spawnSync(process.execPath, [cli, 'mcp'], { cwd: root, encoding: 'utf8', input: '' });
    assert.equal(none.status, 2);
    assert.match(none.stderr, /give at least one --root DIR/);
    const missing = spawnSync(process.execPath, [cli, 'mcp', '--root', 'no/such/dir'], { cwd: root, encoding: 'utf8', input: '' });
    assert.equal(missing.status, 2);
  });
});
