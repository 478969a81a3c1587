// What a CLI command is handed and hands back: its io, its exit code, and CliError for a usage or
// input problem. Kept apart from args.ts (which reads core's model, and with it zod) because
// dist/cli.js, which only reads the command name and hands over, needs these and nothing more.

/** Exit codes of every command: 0 success + proceed, 1 success but not proceed, 2 usage or input error. */
export const EXIT_PROCEED = 0;
export const EXIT_NOT_PROCEED = 1;
export const EXIT_USAGE = 2;

/** A usage or input problem: printed as one line, exit code 2. */
export class CliError extends Error {
  override name = 'CliError';
}

/**
 * Whether an error is a CliError, by name as well as by class: each CLI bundle carries its own copy
 * of the class (an MCP server started with an LLM judge takes the judge from the commands' bundle),
 * so one thrown by another bundle's copy is not an instance of this one.
 */
export function isCliError(error: unknown): error is CliError {
  return error instanceof CliError || (error instanceof Error && error.name === 'CliError');
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}
