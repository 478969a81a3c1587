// The headless entry point: `grounding-review <command> …` over the same core as the extension.
// This file only reads the command name and hands over: each command is loaded when it runs (in
// dist/, `mcp` from cli-mcp.js and the others from cli-commands.js; see esbuild.js), so a command
// pays at start-up only for its own code.
import { EXIT_USAGE, isCliError, type CliIo } from './command-io';
import { redactUrls } from '../core/redact';

interface LoadedCommand {
  usage: string;
  run: (argv: string[], io: CliIo) => number | Promise<number>;
}

interface CliCommand {
  summary: string;
  /** Loads the command's code; only the command that runs (or shows its help) is loaded. */
  load: () => Promise<LoadedCommand>;
}

/** Every command of the CLI; each lives in its own file under commands/. */
const commands: Record<string, CliCommand> = {
  review: {
    summary: 'mark every claim of a report against its evidence, with S and δ',
    load: async () => {
      const { reviewUsage, runReview } = await import('./commands/index.js');
      return { usage: reviewUsage, run: (argv, io) => runReview(argv, io) };
    },
  },
  score: {
    summary: 'score a partition and decide proceed / regenerate / replan',
    load: async () => {
      const { scoreUsage, runScore } = await import('./commands/index.js');
      return { usage: scoreUsage, run: runScore };
    },
  },
  calibrate: {
    summary: 'fit the GroundingSwitch thresholds on labelled examples',
    load: async () => {
      const { calibrateUsage, runCalibrate } = await import('./commands/index.js');
      return { usage: calibrateUsage, run: runCalibrate };
    },
  },
  gate: {
    summary: 'replay an agent trace through the grounding gate: may the answer ship?',
    load: async () => {
      const { gateUsage, runGateCommand } = await import('./commands/index.js');
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
      const { hookUsage, runHook } = await import('./commands/index.js');
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
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    io.stderr(`grounding-review: unknown command ${JSON.stringify(name)} (expected one of ${Object.keys(commands).join(', ')})\n`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.usage + '\n');
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (isCliError(error) || isParseArgsError(error)) {
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

// Run as a program, not when a test imports runCli. (`review --batch` workers load the review
// command's module, not this file.)
if (require.main === module) {
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
