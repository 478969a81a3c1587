// How the CLI reads its input files: regular files only (a device, FIFO or directory is refused
// before a byte is read), at most the size limit (checked on the size the file reports and again
// while reading, since /proc files report 0), decoded by the one evidence decoder.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { visit } from 'jsonc-parser';
import { BYTES_PER_MB, DEFAULT_MAX_FILE_MB, checkText, decodeTextBytes, evidenceSource, sizeLimitMessage } from '../core/evidence/decode';
import type { EvidenceSource } from '../core/review-types';
import { CliError } from './args';

/** The bytes of a regular file no larger than `maxMb`; a CliError naming the file otherwise. */
export function readRegularFile(path: string, maxMb = DEFAULT_MAX_FILE_MB): Buffer {
  const limit = Math.floor(maxMb * BYTES_PER_MB);
  refuseUnlessReadable(path, statOrThrow(path, () => statSync(path)), maxMb);
  let fd: number;
  try {
    // Non-blocking, so a FIFO swapped in after the check cannot hang the open.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw cannotRead(path, error);
  }
  try {
    refuseUnlessReadable(path, fstatSync(fd), maxMb);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > limit) throw new CliError(`${path}: ${sizeLimitMessage(maxMb)}`);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    throw error instanceof CliError ? error : cannotRead(path, error);
  } finally {
    closeSync(fd);
  }
}

/** A text input (report, batch file, JSON): decoded, or a CliError when it is not text. */
export function readTextFile(path: string, maxMb = DEFAULT_MAX_FILE_MB): string {
  const decoded = decodeTextBytes(readRegularFile(path, maxMb));
  if (!decoded.ok) throw new CliError(`${path}: ${decoded.message}`);
  return decoded.text;
}

/** An evidence file as the review reads it, named `name`; binary content is a warning, not an error. */
export function readEvidenceFile(path: string, name: string, maxMb = DEFAULT_MAX_FILE_MB): EvidenceSource {
  return evidenceSource(name, decodeTextBytes(readRegularFile(path, maxMb)));
}

/** An evidence text that arrived decoded (a batch item): the same checks, the same size limit. */
export function evidenceFromText(name: string, text: string, maxMb = DEFAULT_MAX_FILE_MB): EvidenceSource {
  // UTF-16 code units are at least one byte each in UTF-8, so length bounds the size from below.
  if (text.length > maxMb * BYTES_PER_MB || Buffer.byteLength(text, 'utf8') > maxMb * BYTES_PER_MB) {
    throw new CliError(`${name}: ${sizeLimitMessage(maxMb)}`);
  }
  return evidenceSource(name, checkText(text));
}

/** JSON from a file; a number beyond a double's range (`1e309`) is an error quoting it as written. */
export function readJsonFile(path: string, maxMb = DEFAULT_MAX_FILE_MB): unknown {
  const text = readTextFile(path, maxMb);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: invalid JSON (${(error as Error).message})`);
  }
  const overflow = firstNonFiniteNumber(text);
  if (overflow) throw new CliError(`${path}:${overflow.line}: ${overflow.raw} is beyond the range of a number`);
  return value;
}

/** The first number literal that JSON.parse would turn into ±Infinity, as written, with its line. */
export function firstNonFiniteNumber(text: string): { raw: string; line: number } | undefined {
  let found: { raw: string; line: number } | undefined;
  visit(text, {
    onLiteralValue: (value, offset, length, startLine) => {
      if (!found && typeof value === 'number' && !Number.isFinite(value)) found = { raw: text.slice(offset, offset + length), line: startLine + 1 };
    },
  });
  return found;
}

function refuseUnlessReadable(path: string, stats: Stats, maxMb: number): void {
  if (!stats.isFile()) throw new CliError(`${path}: not a regular file (${kindOf(stats)}); refused`);
  if (stats.size > maxMb * BYTES_PER_MB) throw new CliError(`${path}: ${sizeLimitMessage(maxMb, stats.size)}`);
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

function statOrThrow(path: string, stat: () => Stats): Stats {
  try {
    return stat();
  } catch (error) {
    throw cannotRead(path, error);
  }
}

function cannotRead(path: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code;
  return new CliError(code === 'ENOENT' ? `${path}: file not found` : `${path}: cannot read (${code ?? String(error)})`);
}
