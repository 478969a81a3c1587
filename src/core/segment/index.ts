// Claim segmentation: a report (Markdown or plain text) → atomic claims with exact spans.
// Prose comes from paragraphs, list items, block quotes and table cells; headings, code, HTML
// and front matter are not claims. Sentences come from Intl.Segmenter, then sentences that join
// independent facts are split into clauses (see clauses.ts). Every claim satisfies
// `report.slice(claim.start, claim.end) === claim.text` (UTF-16 offsets, end exclusive).
import type { Nodes, Paragraph, Table } from 'mdast';
import { parse as parseYaml } from 'yaml';
import type { InputWarning, ReportClaim } from '../review-types';
import { splitClauses } from './clauses';
import { parseMarkdown } from './markdown';
import { lineAt, lineStarts, splitLines } from './positions';

export { lineAt, lineStarts, splitLines, stripBom } from './positions';

/** Report metadata from YAML front matter; unknown keys are kept as they are. */
export interface ReportFrontMatter {
  question?: string;
  /** Evidence files, relative to the report. */
  evidence?: string[];
  claim_type?: string;
  [key: string]: unknown;
}

export interface SegmentOptions {
  /** `markdown` (default) or `text`: blank-line paragraphs, one claim region per bullet line. */
  format?: 'markdown' | 'text';
  /** Named in warnings. */
  file?: string;
}

export interface SegmentedReport {
  /**
   * In document order, ids `C1`, `C2`, …. A claim split out of a longer sentence carries
   * `parentId` = `S<k>` (k = the sentence's number in the report); its sibling atoms share it.
   */
  claims: ReportClaim[];
  frontMatter: ReportFrontMatter;
  warnings: InputWarning[];
}

/** A span of prose, with the words that name its subject when the span alone does not (a table row's label). */
type Region = [start: number, end: number, context?: string];

const SKIPPED = new Set(['heading', 'code', 'html', 'yaml', 'definition', 'thematicBreak', 'footnoteDefinition']);
// Abbreviations after which Intl.Segmenter wrongly ends a sentence.
// Titles are matched case-sensitively so a unit ("38 ms.") still ends its sentence.
// A lone capital with a period is a name's initial ("H. Bruce Humberstone").
export const ABBREVIATION_END = /(?:^|[\s(])(?:[Ee]\.g|[Ii]\.e|etc|vs|approx|incl|cf|Dr|Mr|Mrs|Ms|No|Fig|Jr|Sr|\p{Lu})\.\s*$/u;

export function segmentReport(text: string, options: SegmentOptions = {}): SegmentedReport {
  const file = options.file ?? 'report';
  const warnings: InputWarning[] = [];
  const starts = lineStarts(text);
  let frontMatter: ReportFrontMatter = {};
  let regions: Region[];
  if (options.format === 'text') {
    regions = textRegions(text);
  } else {
    regions = [];
    // micromark drops a leading byte-order mark and counts offsets without it; add it back.
    const base = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const tree = parseMarkdown(base ? text.slice(base) : text);
    const visit = (node: Nodes): void => {
      if (node.type === 'yaml') {
        frontMatter = readFrontMatter(node.value, lineAt(starts, base + (node.position?.start.offset ?? 0)) + 1, file, warnings);
        return;
      }
      if (SKIPPED.has(node.type)) return;
      if (node.type === 'paragraph') {
        if (isLeadIn(node, text, base)) return;
        if (node.position) regions.push([base + (node.position.start.offset ?? 0), base + (node.position.end.offset ?? 0)]);
        return;
      }
      if (node.type === 'table') {
        regions.push(...tableRegions(node, text, base));
        return;
      }
      if ('children' in node) for (const child of node.children) visit(child as Nodes);
    };
    visit(tree);
  }

  const claims: ReportClaim[] = [];
  let sentenceNumber = 0;
  for (const [regionStart, regionEnd, context] of regions) {
    for (const [sentenceStart, sentenceEnd] of sentences(text, regionStart, regionEnd)) {
      sentenceNumber++;
      const sentence = text.slice(sentenceStart, sentenceEnd);
      const atoms = splitClauses(sentence);
      for (const [atomStart, atomEnd] of atoms) {
        const start = sentenceStart + atomStart;
        const end = sentenceStart + atomEnd;
        const claim: ReportClaim = { id: `C${claims.length + 1}`, text: text.slice(start, end), start, end, line: lineAt(starts, start) };
        if (atoms.length > 1) claim.parentId = `S${sentenceNumber}`;
        if (context) claim.context = context;
        claims.push(claim);
      }
    }
  }
  return { claims, frontMatter, warnings };
}

/**
 * Paragraphs that state nothing: a bold or italic line used as a heading ("**Paging**"), or a
 * short lead-in ending in a colon ("Per plan:", "To move your configuration:") — the list or
 * table after it carries the facts.
 */
function isLeadIn(paragraph: Paragraph, text: string, base: number): boolean {
  const [only] = paragraph.children;
  if (paragraph.children.length === 1 && (only.type === 'strong' || only.type === 'emphasis')) return true;
  const start = base + (paragraph.position?.start.offset ?? 0);
  const end = base + (paragraph.position?.end.offset ?? 0);
  const body = text.slice(start, end).trim();
  return body.endsWith(':') && (body.match(/[\p{L}\p{N}]+/gu) ?? []).length <= 6;
}

/**
 * A body row of two short cells (`db-prod-1 | 97.2%`) is one claim: the row states one fact.
 * In a wider row (`Ashby | 1,499 t | 40.1%`) the first cell names the row and every other cell is
 * a fact of its own, right or wrong apart from its neighbours, read with the row and its column's
 * header. Cells holding prose (three words or more) are claims of their own. The header row is labels.
 */
function tableRegions(table: Table, text: string, base: number): Region[] {
  const regions: Region[] = [];
  const headers = (table.children[0]?.children ?? []).map((cell) => {
    const first = cell.children[0]?.position?.start.offset;
    const last = cell.children.at(-1)?.position?.end.offset;
    return first !== undefined && last !== undefined ? text.slice(base + first, base + last).trim() : '';
  });
  for (const row of table.children.slice(1)) {
    const cells: Region[] = [];
    const columns: number[] = [];
    row.children.forEach((cell, column) => {
      const first = cell.children[0]?.position?.start.offset;
      const last = cell.children.at(-1)?.position?.end.offset;
      if (first !== undefined && last !== undefined && last > first) {
        cells.push([base + first, base + last]);
        columns.push(column);
      }
    });
    if (cells.length === 0) continue;
    const cellText = ([start, end]: Region): string => text.slice(start, end).trim();
    const headerOf = (cell: Region): string => headers[columns[cells.indexOf(cell)]!] ?? '';
    if (cells.length >= 3) {
      // Kept apart ("Langholmen; Average weight"): run together, a row's name and a header would
      // read as one longer name.
      regions.push(...cells.slice(1).map((cell) => withContext(cell, [cellText(cells[0]), headerOf(cell)], '; ')));
      continue;
    }
    // Two cells, a short name beside a short figure ("Fairways, back nine | 4 applications, $10,504"):
    // the first is the row's name, not a claim; the figure is read with it and its column's header.
    if (cells.length === 2 && rowName(cellText(cells[0])) && /\d/.test(cellText(cells[1])) && (cellText(cells[1]).match(/\p{L}{2,}/gu) ?? []).length <= 3) {
      regions.push(withContext(cells[1], [cellText(cells[0]), headerOf(cells[1])], '; '));
      continue;
    }
    const prose = cells.filter((cell) => (cellText(cell).match(/[\p{L}\p{N}]+/gu) ?? []).length >= 3);
    if (prose.length > 0) {
      // A prose cell ("Completed in just over three minutes.") is about its row: the short cell
      // beside it ("rollback") names the subject, the column's header what the cell holds
      // ("WH-LEJ" in the "March" column).
      const labels = cells.filter((cell) => !prose.includes(cell)).map(cellText);
      regions.push(...prose.map((cell) => withContext(cell, [...labels, headerOf(cell)])));
    }
    else {
      // The header names what each short cell is ("Line | Waste share"): the row's context.
      regions.push(withContext([cells[0][0], cells.at(-1)![1]], headers));
    }
  }
  return regions;
}

/** A cell that names a row: a few words, no figure, no sentence's stop. */
function rowName(cell: string): boolean {
  return !/\d/.test(cell) && !/[.!?:;]$/.test(cell) && (cell.match(/[\p{L}]+/gu) ?? []).length <= 5;
}

function withContext([start, end]: Region, parts: readonly string[], separator = ' '): Region {
  const context = parts.filter(Boolean).join(separator).slice(0, 200);
  return context ? [start, end, context] : [start, end];
}

/** Plain text: paragraphs separated by blank lines; a bulleted or numbered line starts a new region. */
function textRegions(text: string): Region[] {
  const regions: Region[] = [];
  let open: Region | undefined;
  for (const line of splitLines(text)) {
    const marker = /^\s*(?:[-*•]|\d+[.)])\s+/u.exec(line.text);
    if (line.text.trim() === '' || marker) {
      if (open) regions.push(open);
      open = undefined;
      if (!marker) continue;
    }
    const contentStart = line.start + (marker ? marker[0].length : 0);
    const end = line.start + line.text.length;
    if (open) open[1] = end;
    else open = [contentStart, end];
  }
  if (open) regions.push(open);
  return regions;
}

let segmenter: Intl.Segmenter | undefined;

/** Sentence spans inside [start, end): Intl.Segmenter on the region with line breaks read as spaces. */
function sentences(text: string, start: number, end: number): Region[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  // A soft line break inside a paragraph is not a sentence end; same length keeps offsets exact.
  const region = text.slice(start, end).replace(/[\r\n]/g, ' ');
  const spans: Region[] = [];
  for (const { segment, index } of segmenter.segment(region)) {
    const previous = spans.at(-1);
    if (previous && ABBREVIATION_END.test(region.slice(previous[0] - start, previous[1] - start))) {
      previous[1] = start + index + segment.length;
    } else {
      spans.push([start + index, start + index + segment.length]);
    }
  }
  return spans
    .flatMap(([from, to]) => splitBeforeIdentifiers(text, from, to))
    .map(([from, to]): Region => {
      while (from < to && /\s/u.test(text[from])) from++;
      while (to > from && /\s/u.test(text[to - 1])) to--;
      return [from, to];
    })
    .filter(([from, to]) => to > from && /[\p{L}\p{N}]/u.test(text.slice(from, to)));
}

// Intl.Segmenter keeps ". db-prod-1 restarted" and ". 212 accounts were locked" in one sentence
// because a lowercase letter follows the period; in reports such a word is usually a host or
// service name, or a count, starting a new sentence.
// The same holds for a lowercase command or package name ("quiver 3.0 was released", "chronyd
// might also …") after a sentence of its own — but not after a unit ("2.3 s. after").
// So does a channel, a handle or inline code ("#ecom-trading was told", "`tw dlq redrive` sends").
const END_BEFORE_IDENTIFIER =
  /[.!?]["')\]]*\s+(?=\p{Ll}[\p{L}\p{N}]*[-_.\d]|\p{N}|[#@`][\p{L}\p{N}])|(?<![\s(]\p{L}|\b(?:s|ms|min|h|sec|secs|mins|hrs))[.!?]["')\]]*\s+(?=\p{Ll}{3,}\s+(?:\p{L}|\d))/gu;

function splitBeforeIdentifiers(text: string, start: number, end: number): Region[] {
  const sentence = text.slice(start, end);
  const spans: Region[] = [];
  let from = 0;
  END_BEFORE_IDENTIFIER.lastIndex = 0;
  for (let match = END_BEFORE_IDENTIFIER.exec(sentence); match; match = END_BEFORE_IDENTIFIER.exec(sentence)) {
    const cut = match.index + match[0].length;
    if (ABBREVIATION_END.test(sentence.slice(from, cut))) continue;
    spans.push([start + from, start + cut]);
    from = cut;
  }
  spans.push([start + from, end]);
  return spans;
}

function readFrontMatter(source: string, firstLine: number, file: string, warnings: InputWarning[]): ReportFrontMatter {
  let data: unknown;
  try {
    data = parseYaml(source);
  } catch (error) {
    warnings.push({ file, line: firstLine, message: `front matter is not valid YAML, ignored (${(error as Error).message.split('\n')[0]})` });
    return {};
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    warnings.push({ file, line: firstLine, message: 'front matter must be a YAML mapping, ignored' });
    return {};
  }
  const matter: ReportFrontMatter = { ...(data as Record<string, unknown>) };
  for (const key of ['question', 'claim_type'] as const) {
    if (matter[key] !== undefined && typeof matter[key] !== 'string') {
      warnings.push({ file, line: firstLine, message: `front matter ${key}: expected text, ignored` });
      delete matter[key];
    }
  }
  const evidence: unknown = matter.evidence;
  if (typeof evidence === 'string') matter.evidence = [evidence];
  else if (evidence !== undefined && !(Array.isArray(evidence) && evidence.every((entry) => typeof entry === 'string'))) {
    warnings.push({ file, line: firstLine, message: 'front matter evidence: expected a file name or a list of file names, ignored' });
    delete matter.evidence;
  }
  return matter;
}
