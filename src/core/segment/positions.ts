// Offsets ↔ 1-based line numbers. CRLF, CR and LF each end one line, as in Markdown.

/** Matches one line ending of any style. */
export const LINE_ENDING = /\r\n|\r|\n/g;

/** UTF-16 offsets where each line starts; index i holds the start of line i + 1. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  LINE_ENDING.lastIndex = 0;
  for (let match = LINE_ENDING.exec(text); match; match = LINE_ENDING.exec(text)) {
    starts.push(match.index + match[0].length);
  }
  return starts;
}

/** The 1-based line holding `offset`, by binary search over `starts`. */
export function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** Splits text into lines without their endings, keeping each line's start offset. */
export function splitLines(text: string): { text: string; start: number }[] {
  const lines: { text: string; start: number }[] = [];
  let start = 0;
  LINE_ENDING.lastIndex = 0;
  for (let match = LINE_ENDING.exec(text); match; match = LINE_ENDING.exec(text)) {
    lines.push({ text: text.slice(start, match.index), start });
    start = match.index + match[0].length;
  }
  lines.push({ text: text.slice(start), start });
  return lines;
}

/**
 * Calls `visit` with each line (without its ending) and its 1-based number, in order: the lines of
 * a large log are read one at a time, never held as one array of copies.
 */
export function forEachLine(text: string, visit: (line: string, lineNumber: number) => void): void {
  let start = 0;
  let lineNumber = 1;
  if (!text.includes('\r')) {
    // Most files end lines with '\n' alone: the next one is found by a native search, not by
    // testing every character.
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', start)) {
      visit(text.slice(start, at), lineNumber++);
      start = at + 1;
    }
    visit(text.slice(start), lineNumber);
    return;
  }
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code !== 0x0a && code !== 0x0d) continue;
    visit(text.slice(start, at), lineNumber++);
    if (code === 0x0d && text.charCodeAt(at + 1) === 0x0a) at++;
    start = at + 1;
  }
  visit(text.slice(start), lineNumber);
}

/** Drops a leading byte-order mark, which editors and Windows tools often write. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
