// Small helpers shared by the CLI commands: number and option parsing, core errors as CLI errors.
// The exit codes, CliIo and CliError live in command-io.ts and are re-exported here for the commands.
import { GroundingInputError } from '../core/model';
import { CliError } from './command-io';

export { CliError, EXIT_NOT_PROCEED, EXIT_PROCEED, EXIT_USAGE, type CliIo } from './command-io';

/** Plain decimal notation only: `Number()` would also take `0x1`, `0b1`, `0o7`, `Infinity` and blanks. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function parseNumberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!DECIMAL.test(value)) throw new CliError(`--${name}: expected a decimal number, got ${JSON.stringify(value)}`);
  const number = Number(value);
  if (!Number.isFinite(number)) throw new CliError(`--${name}: ${value} is beyond the range of a number`);
  return number;
}

/** A closed-set option such as `--format` or `--fail-on`. */
export function parseFormat<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, option = 'format'): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new CliError(`--${option}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** Turns core validation errors into one-line CLI errors that name the file. */
export function asCliError(error: unknown, file?: string): unknown {
  if (error instanceof GroundingInputError) return new CliError(file ? `${file}: ${error.message}` : error.message);
  return error;
}

/** A whole-number option (≥ 0), or undefined when not given. */
export function countOption(value: string | undefined, name: string): number | undefined {
  const number = parseNumberOption(value, name);
  if (number !== undefined && (!Number.isInteger(number) || number < 0)) throw new CliError(`--${name}: expected a whole number ≥ 0`);
  return number;
}

// A named import from JSON: the bundler keeps only this field of package.json.
export { version as CLI_VERSION } from '../../package.json';
