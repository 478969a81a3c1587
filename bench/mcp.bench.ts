// Cold start of the MCP server to its first tool result (issue 20: ≤ 500 ms on this machine): a
// fresh `node dist/cli.js mcp --root examples` per run, driven by the official SDK client over
// stdio — spawn, initialize, review_report on the bundled incident example. The time of a bare
// `node -e 0` spawn is measured alongside: what Node itself costs here before any of our code, in
// this process's environment and in the shorter one the SDK client gives the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { loadLine, median, mib, ms } from './lib/measure';
import { repoRoot } from './report';

const RUNS = 9;
const TARGET_MS = 500;

/** CPU time (user + system) a process has used so far, from /proc (Linux; clock ticks of 10 ms). */
function processCpuMs(pid: number | null): number {
  if (pid === null) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** dist/cli.js reads the command name and hands `mcp` to dist/cli-mcp.js (see esbuild.js). */
function loadedBundles(): string[] {
  return ['cli.js', 'cli-mcp.js'].filter((file) => existsSync(join(repoRoot, 'dist', file)));
}

async function coldStart(cli: string): Promise<{ initMs: number; firstResultMs: number; cpuMs: number }> {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--root', join(repoRoot, 'examples')], stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const initMs = performance.now() - started;
  const result = await client.callTool({ name: 'review_report', arguments: { report_path: 'incident/report.md' } });
  const firstResultMs = performance.now() - started;
  const cpuMs = processCpuMs(transport.pid);
  await client.close();
  if (result.isError) throw new Error(`review_report failed: ${JSON.stringify(result.content)}`);
  return { initMs, firstResultMs, cpuMs };
}

export async function run(): Promise<string> {
  const header = '## MCP server: cold start to the first tool result';
  const cli = join(repoRoot, 'dist', 'cli.js');
  if (!existsSync(cli)) return `${header}\n\nSkipped: dist/cli.js is missing (\`npm run build\`).\n`;
  const node: number[] = [];
  const nodeAsServer: number[] = [];
  const init: number[] = [];
  const first: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    node.push(performance.now() - t0);
    // The SDK client starts the server with a short list of variables (getDefaultEnvironment), not
    // this process's: a variable such as NODE_EXTRA_CA_CERTS costs a bare Node start tens of ms.
    const t1 = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { env: getDefaultEnvironment() });
    nodeAsServer.push(performance.now() - t1);
    const { initMs, firstResultMs, cpuMs } = await coldStart(cli);
    init.push(initMs);
    first.push(firstResultMs);
    cpu.push(cpuMs);
  }
  const best = Math.min(...first);
  const mid = median(first);
  return [
    header,
    '',
    `${RUNS} runs, each a new server process: spawn + MCP initialize, then \`review_report\` on examples/incident/report.md (offline judge).`,
    `Bundles the server loads: ${loadedBundles().map((file) => `dist/${file} ${mib(statSync(join(repoRoot, 'dist', file)).size)}`).join(' + ')}.`,
    '',
    '| | median | best |',
    '|---|---:|---:|',
    `| \`node -e 0\` (Node alone) | ${ms(median(node))} ms | ${ms(Math.min(...node))} ms |`,
    `| \`node -e 0\` in the environment the server gets | ${ms(median(nodeAsServer))} ms | ${ms(Math.min(...nodeAsServer))} ms |`,
    `| spawn → initialized | ${ms(median(init))} ms | ${ms(Math.min(...init))} ms |`,
    `| spawn → first tool result | ${ms(mid)} ms | ${ms(best)} ms |`,
    `| server CPU time to the first result | ${ms(median(cpu))} ms | ${ms(Math.min(...cpu))} ms |`,
    '',
    `Target ≤ ${TARGET_MS} ms to the first result: ${mid <= TARGET_MS ? 'met' : 'not met'} at the median wall time (${ms(mid)} ms); the server's own CPU time (${ms(median(cpu))} ms) is less sensitive to the other processes than wall time.`,
    loadLine(),
    '',
  ].join('\n');
}
