// execAll (retrieval/reading/matches.ts) finds what matchAll finds, for the patterns the readers
// use and for patterns that match the empty string, and leaves the pattern as it found it.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { execAll } from '../../src/core/retrieval/reading/matches';
import { WORD_RE } from '../../src/core/retrieval/reading/vocabulary';

const PATTERNS = [WORD_RE, /\d+(?:\.\d+)?/g, /(?:\/[\w.-]+)+\/?|[\p{L}\p{N}]+(?:[._\-/:@&][\p{L}\p{N}]+)*/gu, /x*/g, /(?:)/gu, /\b/g, /(a)|(b)/gi];
const pieces = fc.constantFrom('a', 'B', 'x', '1', '2.5', ' ', '-', '/', '😀', 'é', '\ud800', 'db-prod-1', ':', '.');
const texts = fc.array(pieces, { maxLength: 20 }).map((parts) => parts.join(''));

const shape = (matches: Iterable<RegExpMatchArray>) => [...matches].map((m) => ({ index: m.index, groups: [...m] }));

describe('execAll', () => {
  it('gives the matches matchAll gives, from the same lastIndex, and restores lastIndex', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom(...PATTERNS), fc.nat(5), (text, pattern, from) => {
        pattern.lastIndex = from;
        const expected = shape(text.matchAll(pattern));
        assert.equal(pattern.lastIndex, from);
        assert.deepEqual(shape(execAll(pattern, text)), expected);
        assert.equal(pattern.lastIndex, from);
        pattern.lastIndex = 0;
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a pattern without the g flag, as matchAll does', () => {
    assert.throws(() => execAll(/a/, 'a'), TypeError);
  });
});
