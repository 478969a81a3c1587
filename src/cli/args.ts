// Small helpers shared by the CLI commands: errors with exit codes, number and file parsing.
import { readFileSync } from 'node:fs';
import { GroundingInputError } from '../core/model';

/** Exit codes of every command: 0 success + proceed, 1 success but not proceed, 2 usage or input error. */
export const EXIT_PROCEED = 0;
export const EXIT_NOT_PROCEED = 1;
export const EXIT_USAGE = 2;

/** A usage or input problem: printed as one line, exit code 2. */
export class CliError extends Error {
  override name = 'CliError';
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function parseNumberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw new CliError(`--${name}: expected a number, got ${JSON.stringify(value)}`);
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

export function readTextFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(code === 'ENOENT' ? `${path}: file not found` : `${path}: cannot read (${code ?? String(error)})`);
  }
}

export function readJsonFile(path: string): unknown {
  const text = readTextFile(path);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: invalid JSON (${(error as Error).message})`);
  }
}

/** Turns core validation errors into one-line CLI errors that name the file. */
export function asCliError(error: unknown, file?: string): unknown {
  if (error instanceof GroundingInputError) return new CliError(file ? `${file}: ${error.message}` : error.message);
  return error;
}

// A named import from JSON: the bundler keeps only this field of package.json.
export { version as CLI_VERSION } from '../../package.json';
