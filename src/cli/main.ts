// The headless entry point: `grounding-review <command> …` over the same core as the extension.
import { isMainThread } from 'node:worker_threads';
import { CliError, EXIT_USAGE, type CliIo } from './args';
import { redactUrls } from '../core/redact';

interface CliCommand {
  summary: string;
  /**
   * The command's module, loaded when the command runs: a review needs none of the other
   * commands' code (the MCP server, calibration, the hook), and loading it all was start-up time.
   */
  load: () => Promise<{ usage: string; run: (argv: string[], io: CliIo) => number | Promise<number> }>;
}

/** Every command of the CLI; each lives in its own file under commands/. */
const commands: Record<string, CliCommand> = {
  review: {
    summary: 'mark every claim of a report against its evidence, with S and δ',
    load: async () => {
      const { reviewUsage, runReview } = await import('./commands/review.js');
      return { usage: reviewUsage, run: (argv, io) => runReview(argv, io) };
    },
  },
  score: {
    summary: 'score a partition and decide proceed / regenerate / replan',
    load: async () => {
      const { scoreUsage, runScore } = await import('./commands/score.js');
      return { usage: scoreUsage, run: runScore };
    },
  },
  calibrate: {
    summary: 'fit the GroundingSwitch thresholds on labelled examples',
    load: async () => {
      const { calibrateUsage, runCalibrate } = await import('./commands/calibrate.js');
      return { usage: calibrateUsage, run: runCalibrate };
    },
  },
  gate: {
    summary: 'replay an agent trace through the grounding gate: may the answer ship?',
    load: async () => {
      const { gateUsage, runGateCommand } = await import('./commands/gate.js');
      return { usage: gateUsage, run: runGateCommand };
    },
  },
  mcp: {
    summary: 'an MCP server over stdio: review_report, check_claims, gate_check',
    load: async () => {
      const { mcpUsage, runMcp } = await import('./commands/mcp.js');
      return { usage: mcpUsage, run: (argv, io) => runMcp(argv, io) };
    },
  },
  hook: {
    summary: 'stop hook: exit 0 when the report may ship, 2 with what to fix',
    load: async () => {
      const { hookUsage, runHook } = await import('./commands/hook.js');
      return { usage: hookUsage, run: (argv, io) => runHook(argv, io) };
    },
  },
};

function mainUsage(): string {
  const rows = Object.entries(commands).map(([name, command]) => `  ${name.padEnd(10)} ${command.summary}`);
  return [
    'Usage: grounding-review <command> [options]',
    '',
    'Commands:',
    ...rows,
    '',
    'Run `grounding-review <command> --help` for a command\'s options.',
    'Exit codes: 0 success and proceed, 1 success but not proceed, 2 usage or input error',
    '(hook: 0 ready to stop, 2 otherwise, never 1).',
  ].join('\n');
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(mainUsage() + '\n');
    return name === undefined ? EXIT_USAGE : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr(`grounding-review: unknown command ${JSON.stringify(name)} (expected one of ${Object.keys(commands).join(', ')})\n`);
    return EXIT_USAGE;
  }
  const { usage, run } = await command.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(usage + '\n');
    return 0;
  }
  try {
    return await run(rest, io);
  } catch (error) {
    if (error instanceof CliError || isParseArgsError(error)) {
      io.stderr(`grounding-review ${name}: ${redactUrls((error as Error).message)}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

// Batch worker threads load this same file (the bundle): the review command's module serves them
// as it loads. Only the main thread runs the command line.
if (!isMainThread) void import('./commands/review.js');
if (require.main === module && isMainThread) {
  // A reader that stops early (`| head -1`) closes the pipe: what was written stands, exit 0, quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  const io: CliIo = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
  };
  runCli(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`grounding-review: internal error: ${redactUrls(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
      process.exitCode = EXIT_USAGE;
    },
  );
}
