// From bytes (or already-decoded text) to an evidence source, the one way every path reads
// evidence: files in the CLI and the editor, texts in `--batch`. UTF-8 (with or without BOM) and
// UTF-16 (with BOM, or plainly ASCII-in-UTF-16) are decoded; binary content (PNG, ELF, …) is
// refused with a warning naming the file, so its bytes never become "evidence" a claim can match.
import type { EvidenceSource } from '../review-types';

/** The default cap on one input file: generous for logs, far below what exhausts memory. */
export const DEFAULT_MAX_FILE_MB = 64;
export const BYTES_PER_MB = 1024 * 1024;

/** How much of the start of a file is sniffed for NUL bytes (git's heuristic uses the same span). */
const SNIFF_BYTES = 8000;
/** More replaced characters than this share of the text and it is not text at all. */
const MAX_REPLACED_SHARE = 0.1;

export type DecodedText = { ok: true; text: string; notice?: string } | { ok: false; message: string };

/** Decodes a file's bytes as text, or says why they are not text. */
export function decodeTextBytes(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, [0xff, 0xfe, 0x00, 0x00]) || startsWith(bytes, [0x00, 0x00, 0xfe, 0xff])) {
    return { ok: false, message: 'UTF-32 text is not supported; save it as UTF-8' };
  }
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return utf8(bytes.subarray(3));
  if (startsWith(bytes, [0xff, 0xfe])) return utf16(bytes.subarray(2), 'utf-16le', 'UTF-16LE');
  if (startsWith(bytes, [0xfe, 0xff])) return utf16(bytes.subarray(2), 'utf-16be', 'UTF-16BE');
  const bomless = bomlessUtf16(bytes);
  if (bomless) return utf16(bytes, bomless === 'UTF-16LE' ? 'utf-16le' : 'utf-16be', `${bomless} without a byte-order mark`);
  if (bytes.subarray(0, SNIFF_BYTES).includes(0)) return { ok: false, message: binaryMessage() };
  return utf8(bytes);
}

/** The same check for text that arrives decoded (a batch line, an open editor): NUL means binary. */
export function checkText(text: string): DecodedText {
  if (text.slice(0, SNIFF_BYTES).includes('\0')) return { ok: false, message: binaryMessage() };
  return { ok: true, text };
}

/** An evidence source from a decoding: refused content keeps its name and becomes a warning. */
export function evidenceSource(file: string, decoded: DecodedText): EvidenceSource {
  if (!decoded.ok) return { file, text: '', refused: decoded.message };
  return decoded.notice ? { file, text: decoded.text, notice: decoded.notice } : { file, text: decoded.text };
}

/** The size policy's one message; `bytes` when the size is known before reading. */
export function sizeLimitMessage(limitMb: number, bytes?: number): string {
  const size = bytes === undefined ? 'more than that' : `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;
  return `larger than the ${limitMb} MB limit for an input file (${size}); refused`;
}

function binaryMessage(): string {
  return 'binary content (NUL bytes), not text; not read as evidence';
}

function utf8(bytes: Uint8Array): DecodedText {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const replaced = countReplaced(text);
    if (replaced > text.length * MAX_REPLACED_SHARE) return { ok: false, message: binaryMessage().replace('(NUL bytes)', '(mostly invalid UTF-8)') };
    return { ok: true, text, notice: `not valid UTF-8: ${replaced} character(s) replaced by U+FFFD` };
  }
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be', name: string): DecodedText {
  const text = new TextDecoder(encoding).decode(bytes);
  if (text.slice(0, SNIFF_BYTES).includes('\0')) return { ok: false, message: binaryMessage() };
  return { ok: true, text, notice: `decoded as ${name}` };
}

/** ASCII-range text saved as UTF-16 with no BOM: every other byte of the start is zero, the rest never are. */
function bomlessUtf16(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  const span = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (span < 4) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let index = 0; index < span; index += 2) {
    if (bytes[index] === 0) evenZero++;
    if (bytes[index + 1] === 0) oddZero++;
  }
  const pairs = span / 2;
  if (oddZero === pairs && evenZero === 0) return 'UTF-16LE';
  if (evenZero === pairs && oddZero === 0) return 'UTF-16BE';
  return undefined;
}

function countReplaced(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\uFFFD'); index !== -1; index = text.indexOf('\uFFFD', index + 1)) count++;
  return count;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}
