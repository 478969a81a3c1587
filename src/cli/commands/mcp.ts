// `grounding-review mcp --root DIR…`: an MCP server over stdio. Tools read files only inside the
// roots; the offline judge runs unless --judge openai is given, so by default nothing goes over the
// network. stdout is the protocol: everything else goes to stderr.
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { CLI_VERSION, CliError, type CliIo } from '../args';
import { Roots, RootError } from '../mcp/roots';
import { registerTools } from '../mcp/tools';
import type { JudgeFactories } from './judges';
import { createCliOfflineJudge, pickJudge, verdictOptionsFor } from './verdict-options';

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

/** `judges`: the table --judge picks from; by default the CLI's, as `review` has it. */
export async function runMcp(argv: string[], io: CliIo, judges?: JudgeFactories): Promise<number> {
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
  const table = judges ?? (await cliJudges(values.judge ?? 'offline'));
  const { judgeName, makeJudge } = pickJudge(table, values.judge);
  // Judge notices (e.g. "no key: the offline judge runs") must not reach stdout, the protocol stream.
  const quiet: CliIo = { ...io, stdout: io.stderr };
  makeJudge(quiet, values); // fails now, at start-up, on bad judge options

  const server = new McpServer({ name: 'grounding-review', version: CLI_VERSION }, { jsonSchemaValidator: validatorOnFirstUse() });
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

/**
 * The CLI's judge table for --judge NAME. The offline judge, the default, is the one an agent's MCP
 * client starts and waits on: it gets only itself, without the LLM judges' code (the OpenAI client
 * and its schemas), which loads when another judge is named.
 */
async function cliJudges(judgeName: string): Promise<JudgeFactories> {
  if (judgeName === 'offline') return { offline: (_io, _values, verdicts) => createCliOfflineJudge(verdicts) };
  return (await import('./judges.js')).CLI_JUDGES;
}

/**
 * The SDK's default JSON Schema validator (Ajv with its formats), built when first asked for. The
 * server uses it only to check the answers to elicitation requests, which these tools never make,
 * and building it is a sizeable part of the start-up an agent waits through before its first call.
 */
function validatorOnFirstUse(): jsonSchemaValidator {
  let validator: AjvJsonSchemaValidator | undefined;
  return { getValidator: (schema) => (validator ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}
