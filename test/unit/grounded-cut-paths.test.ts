// One grounded cut, the same verdicts on every path: the built CLI on files, `--batch` on worker
// threads, and the MCP server driven by the official SDK client over stdio. Expected values come
// from the default run: cut 0 changes nothing, cut 1 leaves no claim grounded.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = resolve(__dirname, '../../..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'examples');
const EVIDENCE_FILES = ['metrics.log', 'alert.log', 'app.log', 'trace.jsonl'];

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: Record<string, any> };
type Claim = { text: string; partition: string; type: string; reason: string; confidence?: number };

function runBuilt(args: string[], cwd = root) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: 'grounding-review-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', ...args], stderr: 'pipe' }));
  return client;
}

const callTool = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<ToolResult>;

describe('--grounded-cut: files, --batch and MCP give the same verdicts', function () {
  let dir: string;
  let mcp: Client;
  let byDefault: { claims: Claim[] };

  /** The incident example through the three paths, at one cut. */
  async function threeWays(cut: number | 'strict') {
    const files = runBuilt(['review', 'examples/incident/report.md', '--format', 'json', '--grounded-cut', String(cut)]);
    assert.equal(files.stderr, '');
    const batch = runBuilt(['review', '--batch', 'cases.jsonl', '--jobs', '2', '--grounded-cut', String(cut)], dir);
    assert.match(batch.stderr, /^2 reviewed: /);
    const lines = batch.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const overMcp = await callTool(mcp, 'review_report', { report_path: 'incident/report.md', grounded_cut: cut });
    assert.notEqual(overMcp.isError, true, overMcp.content[0]?.text);
    return { files: JSON.parse(files.stdout).claims as Claim[], batch: lines.map((line) => line.claims as Claim[]), mcp: overMcp.structuredContent!.claims as Claim[] };
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'grounded-cut-paths-'));
    // The same files as {"file","text"} items: the names pick the formats and the ids, as on disk.
    const evidence = EVIDENCE_FILES.map((file) => ({ file, text: readFileSync(join(examples, 'incident', file), 'utf8') }));
    const report = { file: 'report.md', text: readFileSync(join(examples, 'incident', 'report.md'), 'utf8') };
    writeFileSync(join(dir, 'cases.jsonl'), ['first', 'second'].map((id) => JSON.stringify({ id, report, evidence })).join('\n') + '\n');
    byDefault = JSON.parse(runBuilt(['review', 'examples/incident/report.md', '--format', 'json']).stdout);
    mcp = await connect(['--root', examples]);
  });
  after(async () => {
    await mcp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const assertSameEverywhere = (got: Awaited<ReturnType<typeof threeWays>>) => {
    for (const claims of got.batch) assert.deepEqual(claims, got.files);
    assert.deepEqual(got.mcp, got.files);
  };

  for (const cut of [0, 1, 'strict'] as const) {
    it(`at ${cut}: the batch cases (on workers) and the MCP call carry the verdicts of the file review`, async () => {
      assertSameEverywhere(await threeWays(cut));
    });
  }

  it('at a cut between two grounded confidences, which withholds some grounded verdicts and keeps others: the same', async () => {
    const confidences = byDefault.claims.filter((claim) => claim.partition === 'grounded').map((claim) => claim.confidence!).sort((a, b) => a - b);
    const cut = Number(((confidences[0]! + confidences.at(-1)!) / 2).toFixed(4));
    const got = await threeWays(cut);
    const kept = got.files.filter((claim) => claim.partition === 'grounded').length;
    assert.ok(kept > 0 && kept < confidences.length, `${cut} splits the grounded claims`);
    assertSameEverywhere(got);
  });

  it('cut 0 is the default run; cut 1 leaves nothing grounded and withholds exactly what was grounded', async () => {
    assert.deepEqual((await threeWays(0)).mcp, byDefault.claims);
    const shut = (await threeWays(1)).mcp;
    assert.equal(shut.filter((claim) => claim.partition === 'grounded').length, 0);
    const withheld = shut.filter((claim) => claim.reason.startsWith('could not verify offline'));
    assert.deepEqual(
      withheld.map((claim) => claim.text),
      byDefault.claims.filter((claim) => claim.partition === 'grounded').map((claim) => claim.text),
    );
  });

  it('check_claims takes the cut too: a grounded claim is withheld, a contradicted one stays contradicted', async () => {
    const claims = ['p99 latency reached 2340 ms at 14:02:30.', 'At 14:03:00 the error rate was still 39.7%.'];
    const ask = async (grounded_cut?: number) =>
      (await callTool(mcp, 'check_claims', { claims, evidence_paths: ['incident/metrics.log'], ...(grounded_cut === undefined ? {} : { grounded_cut }) })).structuredContent!.claims as Claim[];
    const [open, shut] = [await ask(), await ask(1)];
    assert.deepEqual(open.map((claim) => claim.partition), ['grounded', 'contradicted']);
    assert.equal(shut[0]!.partition, 'ungrounded');
    assert.match(shut[0]!.reason, /^could not verify offline \(confidence 0\.\d\d below 1\)/);
    assert.deepEqual(shut[1], open[1]);
  });

  it('describes grounded_cut on both review tools, and answers a value outside [0, 1] or another name with an input error', async () => {
    const { tools } = await mcp.listTools();
    for (const name of ['review_report', 'check_claims']) {
      const input = tools.find((tool) => tool.name === name)!.inputSchema.properties as Record<string, { description?: string }>;
      assert.match(input.grounded_cut!.description!, /a number in \[0, 1\].*"strict"/, name);
    }
    for (const bad of [1.5, -0.1, 'STRICT', '0.5']) {
      const result = await callTool(mcp, 'review_report', { report_path: 'incident/report.md', grounded_cut: bad });
      assert.equal(result.isError, true, String(bad));
      assert.match(result.content[0]!.text!, /Input validation error/);
    }
  });
});

describe('MCP grounded_cut with the LLM judge', () => {
  it('is an error naming the server\'s judge, not ignored; the same call without it is answered', async () => {
    const mcp = await connect(['--root', examples, '--judge', 'openai']);
    try {
      const refused = await callTool(mcp, 'check_claims', { claims: ['p99 latency reached 2340 ms at 14:02:30.'], evidence_paths: ['incident/metrics.log'], grounded_cut: 'strict' });
      assert.equal(refused.isError, true);
      assert.match(refused.content[0]!.text!, /grounded_cut: the openai judge gives no offline verdicts for a grounded cut to withhold/);
      const answered = await callTool(mcp, 'check_claims', { claims: ['p99 latency reached 2340 ms at 14:02:30.'], evidence_paths: ['incident/metrics.log'] });
      assert.notEqual(answered.isError, true);
    } finally {
      await mcp.close();
    }
  });
});

describe('MCP grounded_cut with the default offline judge', () => {
  it('is served from dist/cli-mcp.js alone: the commands\' bundle (the OpenAI client) is never loaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grounded-cut-load-'));
    // Preloaded into the server: prints each file of dist/ that Node loads, on stderr.
    const preload = join(dir, 'loads.js');
    writeFileSync(
      preload,
      `const Module = require('node:module'); const load = Module._load;
       Module._load = function (request, parent, isMain) { const file = Module._resolveFilename(request, parent, isMain); if (file.includes('${join(root, 'dist')}')) process.stderr.write('LOADED ' + file + '\\n'); return load.apply(this, arguments); };`,
    );
    const client = new Client({ name: 'grounding-review-test', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: ['-r', preload, cli, 'mcp', '--root', examples], stderr: 'pipe' });
    let stderr = '';
    transport.stderr!.on('data', (chunk) => (stderr += chunk));
    try {
      await client.connect(transport);
      const shut = await callTool(client, 'review_report', { report_path: 'incident/report.md', grounded_cut: 1 });
      assert.notEqual(shut.isError, true, shut.content[0]?.text);
      assert.equal((shut.structuredContent!.claims as Claim[]).filter((claim) => claim.partition === 'grounded').length, 0);
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
    assert.match(stderr, /LOADED .*cli-mcp\.js/);
    assert.doesNotMatch(stderr, /cli-commands\.js/);
  });
});
