// The tokens two of the readers walk every line for — words (WORD_RE) and identifier candidates
// (IDENT_RE) — found by a plain character scan when the text is ASCII, where the patterns' Unicode
// classes are ASCII letters and digits: the same matches, without a match array for each token
// (a log line has some ten of each). Any other text goes through the pattern.
import { execAll } from './matches';

/** Matches as parallel lists: where each starts and what it is. */
export interface Tokens {
  starts: number[];
  texts: string[];
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isAlnum(code: number): boolean {
  return isLetter(code) || (code >= 0x30 && code <= 0x39);
}

/** /[\w.-]/ */
function isPathChar(code: number): boolean {
  return isAlnum(code) || code === 0x5f || code === 0x2e || code === 0x2d;
}

/** /[._\-/:@&]/ */
function isJoiner(code: number): boolean {
  return code === 0x2e || code === 0x5f || code === 0x2d || code === 0x2f || code === 0x3a || code === 0x40 || code === 0x26;
}

function viaPattern(pattern: RegExp, text: string): Tokens {
  const starts: number[] = [];
  const texts: string[] = [];
  for (const match of execAll(pattern, text)) {
    starts.push(match.index);
    texts.push(match[0]);
  }
  return { starts, texts };
}

/**
 * What `execAll(WORD_RE, text)` finds (WORD_RE = /[\p{L}][\p{L}\p{M}'’]*\/gu): in ASCII, a letter
 * and the letters and apostrophes after it.
 */
export function wordTokens(pattern: RegExp, text: string): Tokens {
  if (!ASCII_ONLY.test(text)) return viaPattern(pattern, text);
  const starts: number[] = [];
  const texts: string[] = [];
  const n = text.length;
  for (let i = 0; i < n; ) {
    if (!isLetter(text.charCodeAt(i))) {
      i++;
      continue;
    }
    let end = i + 1;
    for (; end < n; end++) {
      const code = text.charCodeAt(end);
      if (!isLetter(code) && code !== 0x27) break;
    }
    starts.push(i);
    texts.push(text.slice(i, end));
    i = end;
  }
  return { starts, texts };
}

/**
 * What `execAll(IDENT_RE, text)` finds (IDENT_RE = /(?:\/[\w.-]+)+\/?|[\p{L}\p{N}]+(?:[._\-/:@&][\p{L}\p{N}]+)*\/gu):
 * in ASCII, a path ('/' and [\w.-] runs, repeated, and a trailing '/'), else a run of letters and
 * digits joined by single joiners each followed by another run.
 */
export function identifierTokens(pattern: RegExp, text: string): Tokens {
  if (!ASCII_ONLY.test(text)) return viaPattern(pattern, text);
  const starts: number[] = [];
  const texts: string[] = [];
  const n = text.length;
  for (let i = 0; i < n; ) {
    const code = text.charCodeAt(i);
    let end = -1;
    if (code === 0x2f) {
      // (?:\/[\w.-]+)+\/?
      let at = i;
      while (at < n && text.charCodeAt(at) === 0x2f && at + 1 < n && isPathChar(text.charCodeAt(at + 1))) {
        at += 2;
        while (at < n && isPathChar(text.charCodeAt(at))) at++;
      }
      if (at > i) end = at < n && text.charCodeAt(at) === 0x2f ? at + 1 : at;
    } else if (isAlnum(code)) {
      // [\p{L}\p{N}]+(?:[._\-/:@&][\p{L}\p{N}]+)*
      let at = i + 1;
      while (at < n && isAlnum(text.charCodeAt(at))) at++;
      while (at + 1 < n && isJoiner(text.charCodeAt(at)) && isAlnum(text.charCodeAt(at + 1))) {
        at += 2;
        while (at < n && isAlnum(text.charCodeAt(at))) at++;
      }
      end = at;
    }
    if (end < 0) {
      i++;
      continue;
    }
    starts.push(i);
    texts.push(text.slice(i, end));
    i = end;
  }
  return { starts, texts };
}
