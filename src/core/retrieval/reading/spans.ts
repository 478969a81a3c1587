// Spans of a text already read as a date, time or identifier: the later passes see them blanked
// out, so the digits of "14:02:01" or "db-prod-1" are not read again as numbers.

/** The spans read so far in one text. */
export class ReadSpans {
  private readonly spans: Array<[number, number]> = [];
  // Few spans are walked; past a handful, one flag per character makes the test O(1), so a text
  // with thousands of dates or times is not read once per span.
  private covered: Uint8Array | undefined;
  /** The text as last blanked, and how many of the spans it blanks (the first ones: spans are only added). */
  private lastBlanked: string | undefined;
  private blankedSpans = 0;

  constructor(private readonly text: string) {}

  mask(start: number, end: number): void {
    this.spans.push([start, end]);
    this.covered?.fill(1, start, end);
  }

  isMasked(index: number): boolean {
    if (this.covered === undefined && this.spans.length <= 16) return this.spans.some(([start, end]) => index >= start && index < end);
    if (this.covered === undefined) {
      this.covered = new Uint8Array(this.text.length + 1);
      for (const [start, end] of this.spans) this.covered.fill(1, start, end);
    }
    return this.covered[index] === 1;
  }

  /** The text with the spans read so far replaced by spaces (offsets kept). */
  blanked(): string {
    // A character is blank when any span covers it, so the spans added since the last call are
    // blanked on top of the last result (readFeatures asks after the times and again after the identifiers).
    if (this.lastBlanked === undefined || this.blankedSpans === 0) this.lastBlanked = blank(this.text, this.spans);
    else if (this.blankedSpans < this.spans.length) this.lastBlanked = blank(this.lastBlanked, this.spans.slice(this.blankedSpans));
    this.blankedSpans = this.spans.length;
    return this.lastBlanked;
  }
}

/** The text with the given spans replaced by spaces (offsets kept). */
function blank(text: string, spans: ReadonlyArray<[number, number]>): string {
  if (spans.length === 0) return text;
  // Spans mostly come in text order (each pass reads left to right): then there is nothing to sort.
  const sorted = inTextOrder(spans) ? spans : [...spans].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    out += text.slice(at, from) + ' '.repeat(end - from);
    at = end;
  }
  return out + text.slice(at);
}

function inTextOrder(spans: ReadonlyArray<[number, number]>): boolean {
  for (let i = 1; i < spans.length; i++) if (spans[i]![0] < spans[i - 1]![0]) return false;
  return true;
}
