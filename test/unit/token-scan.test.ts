// The readers' character scans (src/core/retrieval/reading/token-scan.ts) find exactly the matches
// of the patterns they stand in for, on any text: ASCII by the scan, anything else by the pattern.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { execAll } from '../../src/core/retrieval/reading/matches';
import { identifierTokens, wordTokens } from '../../src/core/retrieval/reading/token-scan';

const WORD_RE = /[\p{L}][\p{L}\p{M}'’]*/gu;
const IDENT_RE = /(?:\/[\w.-]+)+\/?|[\p{L}\p{N}]+(?:[._\-/:@&][\p{L}\p{N}]+)*/gu;

function byPattern(pattern: RegExp, text: string): { starts: number[]; texts: string[] } {
  const matches = execAll(pattern, text);
  return { starts: matches.map((match) => match.index), texts: matches.map((match) => match[0]) };
}

/** Texts made of the characters the patterns care about, so that edge cases come often. */
const tricky = fc.array(fc.constantFrom('a', 'Z', '7', '0', '/', '.', '_', '-', ':', '@', '&', "'", ' ', '=', ',', '’', 'é', '\u0301', '٣', '\n'), { maxLength: 40 }).map((chars) => chars.join(''));
const ascii = fc.string({ unit: 'binary-ascii', maxLength: 60 });

describe('token scans', () => {
  it('words: the same starts and texts as WORD_RE, on any text', () => {
    fc.assert(fc.property(fc.oneof(tricky, ascii, fc.string()), (text) => assert.deepEqual(wordTokens(WORD_RE, text), byPattern(WORD_RE, text))), { numRuns: 3000 });
  });

  it('identifier candidates: the same starts and texts as IDENT_RE, on any text', () => {
    fc.assert(fc.property(fc.oneof(tricky, ascii, fc.string()), (text) => assert.deepEqual(identifierTokens(IDENT_RE, text), byPattern(IDENT_RE, text))), { numRuns: 3000 });
  });

  it('a log line, a path and a non-ASCII line', () => {
    for (const text of ['[tool=query_metrics row=14:00:00] host=db-prod-119 cpu_pct=54.2', 'read /var/log/app.log/ and //x and /', 'Café déjà-vu: p99=2.5s', "it's o'clock--a..b"]) {
      assert.deepEqual(wordTokens(WORD_RE, text), byPattern(WORD_RE, text));
      assert.deepEqual(identifierTokens(IDENT_RE, text), byPattern(IDENT_RE, text));
    }
  });
});
