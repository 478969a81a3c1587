// Documents such as runbooks. Markdown: one item per block (paragraph, heading, code block, table
// row, front matter…), list items and quotes opened up, each with its section's headings as context. Plain prose text: one item per paragraph
// (lines separated by blank lines).
import type { Nodes, Table, TableCell } from 'mdast';
import { parseMarkdown } from '../segment/markdown';
import { forEachLine, lineAt, lineStarts } from '../segment/positions';
import { ItemCollector } from './shared';

const CONTAINERS = new Set(['root', 'list', 'listItem', 'blockquote', 'footnoteDefinition']);
const NO_CONTENT = new Set(['thematicBreak']);

export function parseMarkdownDocument(collector: ItemCollector, text: string): void {
  const starts = lineStarts(text);
  // The headings above a block frame it ("## 3.0.0 — 2026-02-10" over the release's notes): the
  // nearest heading of each depth, outermost first, is the block's context.
  const headings: string[] = [];
  const visit = (node: Nodes, inList = false): void => {
    if (node.type === 'heading' && node.position) {
      headings.length = node.depth - 1;
      headings[node.depth - 1] = text.slice(node.position.start.offset ?? 0, node.position.end.offset ?? 0).replace(/^#+\s*|\s*#*\s*$/g, '');
    }
    if (CONTAINERS.has(node.type) && 'children' in node) {
      // A list item's own paragraphs become items one by one; nested lists recurse.
      for (const child of node.children) visit(child as Nodes, inList || node.type === 'listItem');
      return;
    }
    const section = node.type === 'heading' ? '' : headings.filter(Boolean).join(' · ');
    if (node.type === 'table') {
      addTableRows(collector, node, text, starts, section);
      return;
    }
    if (NO_CONTENT.has(node.type) || !node.position) return;
    const start = node.position.start.offset ?? 0;
    const end = node.position.end.offset ?? start;
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
  visit(parseMarkdown(text));
}

/**
 * A table: one item per row (the header row included, as the table's own statement of what it
 * holds). A body row's item carries its column headers as context ("Team · Business ·
 * Enterprise"), since a row's cells mean little without them.
 */
function addTableRows(collector: ItemCollector, table: Table, text: string, starts: number[], section: string): void {
  const cellText = (cell: TableCell): string => {
    const first = cell.position?.start.offset ?? 0;
    const last = cell.position?.end.offset ?? first;
    return text.slice(first, last).replace(/^\s*\|?|\|?\s*$/g, '').trim();
  };
  const headers = (table.children[0]?.children ?? []).map(cellText);
  table.children.forEach((row, index) => {
    if (!row.position) return;
    const start = row.position.start.offset ?? 0;
    const end = row.position.end.offset ?? start;
    const body = text.slice(start, end).trim();
    if (body === '') return;
    const context = [section, index === 0 ? '' : headers.filter(Boolean).join(' · ')].filter(Boolean).join(' · ');
    collector.add({ line: lineAt(starts, start), endLine: lineAt(starts, end), text: body, kind: 'paragraph', fields: {}, terse: true, ...(context ? { context } : {}) });
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
