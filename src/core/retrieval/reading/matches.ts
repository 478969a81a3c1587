// Every match of a global pattern, found with a plain exec loop. Each unit of the evidence is read
// by several patterns; matchAll's iterator costs a large share of a search on a short line, and
// most of the cold (interpreted) start of reading a log.

/**
 * The matches `[...text.matchAll(pattern)]` gives: from the pattern's lastIndex, an empty match
 * stepping one character (one code point with the `u` flag); the pattern's lastIndex is left as
 * it was found.
 */
export function execAll(pattern: RegExp, text: string): RegExpExecArray[] {
  if (!pattern.global) throw new TypeError(`execAll needs a global pattern: ${pattern}`);
  const from = pattern.lastIndex;
  const matches: RegExpExecArray[] = [];
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    matches.push(match);
    if (match[0].length === 0) pattern.lastIndex = stepOver(text, pattern.lastIndex, pattern.unicode);
  }
  pattern.lastIndex = from;
  return matches;
}

/** The index after `at`: past a whole surrogate pair in Unicode mode (the spec's AdvanceStringIndex). */
function stepOver(text: string, at: number, unicode: boolean): number {
  if (!unicode || at + 1 >= text.length) return at + 1;
  const first = text.charCodeAt(at);
  if (first < 0xd800 || first > 0xdbff) return at + 1;
  const second = text.charCodeAt(at + 1);
  return second >= 0xdc00 && second <= 0xdfff ? at + 2 : at + 1;
}
