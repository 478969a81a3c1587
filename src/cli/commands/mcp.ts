// `grounding-review mcp --root DIR…`: an MCP server over stdio. Tools read files only inside the
// roots; the offline judge runs unless --judge openai is given, so by default nothing goes over the
// network. stdout is the protocol: everything else goes to stderr.
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CLI_VERSION, CliError, type CliIo } from '../args';
import { Roots, RootError } from '../mcp/roots';
import { registerTools } from '../mcp/tools';
import { pickJudge, verdictOptionsFor } from './judges';
import { CLI_JUDGES, type JudgeFactories } from './review';

export const mcpUsage = `Usage: grounding-review mcp --root DIR [--root DIR…] [options]

An MCP (Model Context Protocol) server over stdio with three tools: review_report (a report and
its evidence → the review result with omissions), check_claims (a few claims → their verdicts)
and gate_check (a trace or the steps so far + claim type → the gate verdict with legal_next).
Files are read only inside the --root directories; any other path is refused.

Options:
  --root DIR           a directory the tools may read (repeatable; at least one); relative paths
                       in tool calls resolve against the first
  --judge NAME         offline (default: deterministic, no network, no key) | openai
  --model, --base-url, --timeout, --cache-dir   the OpenAI-compatible judge, as for \`review\`
                       (the key from OPENAI_API_KEY only)

Register it in an MCP client as the command \`grounding-review mcp --root /path/to/project\`.`;

export async function runMcp(argv: string[], io: CliIo, judges: JudgeFactories = CLI_JUDGES): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      root: { type: 'string', multiple: true },
      judge: { type: 'string' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      timeout: { type: 'string' },
      'cache-dir': { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new CliError(`unexpected argument ${JSON.stringify(positionals[0])} (roots are given as --root DIR)`);
  let roots: Roots;
  try {
    roots = Roots.create(values.root ?? [], io.cwd);
  } catch (error) {
    throw error instanceof RootError ? new CliError(error.message) : error;
  }
  const { judgeName, makeJudge } = pickJudge(judges, values.judge);
  // Judge notices (e.g. "no key: the offline judge runs") must not reach stdout, the protocol stream.
  const quiet: CliIo = { ...io, stdout: io.stderr };
  makeJudge(quiet, values); // fails now, at start-up, on bad judge options

  const server = new McpServer({ name: 'grounding-review', version: CLI_VERSION });
  // A tool call's grounded_cut is checked against this server's judge: the LLM judge refuses it.
  registerTools(server, { roots, makeJudge: (groundedCut) => makeJudge(quiet, values, verdictOptionsFor(judgeName, groundedCut, 'grounded_cut')) });
  const closed = new Promise<number>((resolve) => {
    server.server.onclose = () => resolve(0);
  });
  await server.connect(new StdioServerTransport());
  // The SDK's transport does not watch for the end of stdin: a client that goes away ends the server.
  process.stdin.once('end', () => void server.close());
  io.stderr(`grounding-review mcp: serving on stdio; roots ${roots.dirs.join(', ')}; judge ${judgeName}\n`);
  return closed;
}
