// Documents such as runbooks. Markdown: one item per block (paragraph, heading, code block, table
// row, front matter…), list items and quotes opened up, each with its section's headings as context. Plain prose text: one item per paragraph
// (lines separated by blank lines).
import type { Nodes, Table, TableCell } from 'mdast';
import { parseMarkdown } from '../segment/markdown';
import { forEachLine, lineAt, lineStarts } from '../segment/positions';
import { ItemCollector, fieldName } from './shared';

const CONTAINERS = new Set(['root', 'list', 'listItem', 'blockquote', 'footnoteDefinition']);
const NO_CONTENT = new Set(['thematicBreak']);

export function parseMarkdownDocument(collector: ItemCollector, text: string): void {
  const starts = lineStarts(text);
  // Offsets of the chunk being visited, within `text`.
  let base = 0;
  // The headings above a block frame it ("## 3.0.0 — 2026-02-10" over the release's notes): the
  // nearest heading of each depth, outermost first, is the block's context.
  const headings: string[] = [];
  const visit = (node: Nodes, inList = false): void => {
    if (node.type === 'heading' && node.position) {
      headings.length = node.depth - 1;
      headings[node.depth - 1] = text.slice(base + (node.position.start.offset ?? 0), base + (node.position.end.offset ?? 0)).replace(/^#+\s*|\s*#*\s*$/g, '');
    }
    if (CONTAINERS.has(node.type) && 'children' in node) {
      // A list item's own paragraphs become items one by one; nested lists recurse.
      for (const child of node.children) visit(child as Nodes, inList || node.type === 'listItem');
      return;
    }
    const section = node.type === 'heading' ? '' : headings.filter(Boolean).join(' · ');
    if (node.type === 'table') {
      addTableRows(collector, node, text, starts, section, base);
      return;
    }
    if (NO_CONTENT.has(node.type) || !node.position) return;
    const start = base + (node.position.start.offset ?? 0);
    const end = base + (node.position.end.offset ?? node.position.start.offset ?? 0);
    const body = text.slice(start, end).trim();
    if (body === '') return;
    collector.add({
      line: lineAt(starts, start),
      endLine: lineAt(starts, end),
      text: body,
      kind: 'paragraph',
      fields: {},
      ...(section ? { context: section } : {}),
      ...(inList ? { terse: true } : {}),
    });
  };
  for (const chunk of independentChunks(text)) {
    base = chunk.offset;
    visit(parseMarkdown(chunk.text));
  }
}

/** Lines a chunk holds at least before a long document is cut (small documents are parsed whole). */
const CHUNK_LINES = 400;
/** After a blank line, a line that starts a new top-level block whatever came before: a heading or a paragraph. */
const CHUNK_START = /^(?:#{1,6}(?:[ \t]|$)|\p{L})/u;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** HTML blocks that run across blank lines until their end marker (CommonMark kinds 1–5). */
const HTML_BLOCKS: ReadonlyArray<[RegExp, RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/**
 * A long document cut where it parses alone as it parses whole: at a blank line followed by a
 * heading or a paragraph at column 0, outside front matter, fenced code and HTML blocks. The
 * Markdown parser costs more than linear time on long documents of list items and paragraphs
 * (10,000 blocks took 24 s); in pieces of a few hundred lines it is linear.
 */
export function independentChunks(text: string): Array<{ offset: number; text: string }> {
  const chunks: Array<{ offset: number; text: string }> = [];
  let chunkStart = 0;
  let linesInChunk = 0;
  let previousBlank = false;
  let fence: string | undefined;
  let htmlEnd: RegExp | undefined;
  let inFrontMatter = /^---[ \t]*(?:\r\n|\r|\n)/.test(text);
  let offset = 0;
  forEachLine(text, (line, lineNumber) => {
    const lineStart = offset;
    offset += line.length + (text.charCodeAt(offset + line.length) === 0x0d && text.charCodeAt(offset + line.length + 1) === 0x0a ? 2 : 1);
    if (inFrontMatter) {
      if (lineNumber > 1 && /^(?:---|\.\.\.)[ \t]*$/.test(line)) inFrontMatter = false;
    } else if (fence !== undefined) {
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length && /^ {0,3}[`~]+[ \t]*$/.test(line)) fence = undefined;
    } else if (htmlEnd !== undefined) {
      if (htmlEnd.test(line)) htmlEnd = undefined;
    } else {
      if (previousBlank && linesInChunk >= CHUNK_LINES && CHUNK_START.test(line)) {
        chunks.push({ offset: chunkStart, text: text.slice(chunkStart, lineStart) });
        chunkStart = lineStart;
        linesInChunk = 0;
      }
      const open = FENCE.exec(line);
      if (open) fence = open[1];
      else {
        const html = HTML_BLOCKS.find(([start]) => start.test(line));
        if (html && !html[1].test(line.replace(html[0], ''))) htmlEnd = html[1];
      }
    }
    previousBlank = line.trim() === '';
    linesInChunk++;
  });
  chunks.push({ offset: chunkStart, text: text.slice(chunkStart) });
  return chunks;
}

/**
 * A table: one item per row (the header row included, as the table's own statement of what it
 * holds). A body row's item carries its column headers as context ("Team · Business ·
 * Enterprise"), since a row's cells mean little without them.
 */
function addTableRows(collector: ItemCollector, table: Table, text: string, starts: number[], section: string, base: number): void {
  const cellText = (cell: TableCell): string => {
    const first = base + (cell.position?.start.offset ?? 0);
    const last = base + (cell.position?.end.offset ?? cell.position?.start.offset ?? 0);
    return text.slice(first, last).replace(/^\s*\|?|\|?\s*$/g, '').trim();
  };
  const headers = (table.children[0]?.children ?? []).map(cellText);
  table.children.forEach((row, index) => {
    if (!row.position) return;
    const start = base + (row.position.start.offset ?? 0);
    const end = base + (row.position.end.offset ?? row.position.start.offset ?? 0);
    const body = text.slice(start, end).trim();
    if (body === '') return;
    const context = [section, index === 0 ? '' : headers.filter(Boolean).join(' · ')].filter(Boolean).join(' · ');
    // A body row's cells under their column names (max_rovers=5), so the row reads as a record of the table.
    const fields: Record<string, string> = {};
    if (index > 0) {
      row.children.forEach((cell, at) => {
        const name = fieldName(headers[at] ?? '');
        const value = cellText(cell);
        if (name !== '' && value !== '' && !(name in fields)) fields[name] = value;
      });
    }
    collector.add({ line: lineAt(starts, start), endLine: lineAt(starts, end), text: body, kind: 'paragraph', fields, terse: true, ...(context ? { context } : {}) });
  });
}

export function parseTextParagraphs(collector: ItemCollector, text: string): void {
  let block: { first: number; last: number; lines: string[] } | undefined;
  const flush = () => {
    if (block) collector.add({ line: block.first, endLine: block.last, text: block.lines.join('\n'), kind: 'paragraph', fields: {} });
    block = undefined;
  };
  forEachLine(text, (line, lineNumber) => {
    const trimmed = line.trim();
    if (trimmed === '') return flush();
    if (!block) block = { first: lineNumber, last: lineNumber, lines: [] };
    block.last = lineNumber;
    block.lines.push(trimmed);
  });
  flush();
}
