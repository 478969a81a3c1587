// The words around a claim that say what it is about: "It stayed open for about half an hour"
// means nothing without the sentence before it. Each claim travels with its block of the report —
// the paragraph, the list item, or the table row under its header row — cut from the report text
// the claim offsets point into. Context is data for reading the claim, never the claim itself.
import type { ReportClaim } from '../../review-types';

/** A passage longer than this is cut around the claim. */
export const MAX_PASSAGE_CHARS = 1200;

export interface ClaimPassages {
  /** Distinct passages, in first-use order: `P1`, `P2`, … */
  passages: Array<{ id: string; text: string }>;
  /** Passage id per claim id (claims whose passage is the claim itself have none). */
  byClaim: Map<string, string>;
}

const LIST_MARKER = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/;
const TABLE_ROW = /^\s*\|/;
const BREAK = /^\s*(?:#{1,6}\s|```|~~~|<|---\s*$|\*\*\*\s*$|>\s*$)/;

interface Line {
  start: number;
  text: string;
}

function linesOf(report: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const text of report.split('\n')) {
    lines.push({ start, text });
    start += text.length + 1;
  }
  return lines;
}

function lineIndexAt(lines: readonly Line[], offset: number): number {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lines[mid]!.start <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

const blank = (line: Line | undefined) => line === undefined || line.text.trim() === '';

/** The block of the report holding a claim: paragraph, list item, or header row + table row. */
export function passageOf(report: string, claim: Pick<ReportClaim, 'start' | 'end'>, lines: readonly Line[] = linesOf(report)): string {
  const at = lineIndexAt(lines, claim.start);
  const line = lines[at]!;
  let first = at;
  let last = at;
  if (TABLE_ROW.test(line.text)) {
    while (first > 0 && TABLE_ROW.test(lines[first - 1]!.text)) first--;
    const header = lines[first]!.text.trim();
    return first === at ? header : `${header}\n${line.text.trim()}`;
  }
  if (LIST_MARKER.test(line.text) || !BREAK.test(line.text)) {
    // Up to the item's marker (list) or the paragraph's first line; down to a blank, a new item or a block break.
    while (first > 0 && !LIST_MARKER.test(lines[first]!.text) && !blank(lines[first - 1]) && !BREAK.test(lines[first - 1]!.text) && !TABLE_ROW.test(lines[first - 1]!.text)) first--;
    while (!blank(lines[last + 1]) && !LIST_MARKER.test(lines[last + 1]!.text) && !BREAK.test(lines[last + 1]!.text) && !TABLE_ROW.test(lines[last + 1]!.text)) last++;
  }
  const text = lines.slice(first, last + 1).map((l) => l.text.trim()).join(' ');
  return cutAround(text, report.slice(claim.start, claim.end));
}

/** Keeps a long passage to a window centred on the claim. */
function cutAround(text: string, claimText: string): string {
  if (text.length <= MAX_PASSAGE_CHARS) return text;
  const at = Math.max(0, text.indexOf(claimText.trim().slice(0, 40)));
  const from = Math.max(0, Math.min(at - Math.floor((MAX_PASSAGE_CHARS - claimText.length) / 2), text.length - MAX_PASSAGE_CHARS));
  return `${from > 0 ? '…' : ''}${text.slice(from, from + MAX_PASSAGE_CHARS)}${from + MAX_PASSAGE_CHARS < text.length ? '…' : ''}`;
}

/** A passage's words as a claim would have them: no list or quote marker in front, spaces collapsed. */
const asClaimText = (text: string) => text.replace(/^\s*(?:>\s*)*(?:(?:[-*+]|\d{1,9}[.)])\s+)?/, '').replace(/\s+/g, ' ').trim();

/**
 * The passages of a chunk's claims, shared by the claims of one block; none where a passage adds
 * nothing: empty, or the claim itself (a list item or quote line that is one claim, marker aside).
 */
export function claimPassages(report: string | undefined, claims: readonly ReportClaim[]): ClaimPassages {
  const result: ClaimPassages = { passages: [], byClaim: new Map() };
  if (!report) return result;
  const lines = linesOf(report);
  const ids = new Map<string, string>();
  for (const claim of claims) {
    if (claim.start < 0 || claim.end > report.length || claim.start >= claim.end) continue;
    const text = passageOf(report, claim, lines);
    const words = asClaimText(text);
    if (words === '' || words === asClaimText(claim.text)) continue;
    let id = ids.get(text);
    if (!id) {
      id = `P${ids.size + 1}`;
      ids.set(text, id);
      result.passages.push({ id, text });
    }
    result.byClaim.set(claim.id, id);
  }
  return result;
}
