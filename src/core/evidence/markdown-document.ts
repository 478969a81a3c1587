// Documents such as runbooks. Markdown: one item per block (paragraph, heading, code block, table
// row, front matter…), list items and quotes opened up. Plain prose text: one item per paragraph
// (lines separated by blank lines).
import type { Nodes } from 'mdast';
import { parseMarkdown } from '../segment/markdown';
import { lineAt, lineStarts, splitLines } from '../segment/positions';
import { ItemCollector } from './shared';

const CONTAINERS = new Set(['root', 'list', 'listItem', 'blockquote', 'table', 'footnoteDefinition']);
const NO_CONTENT = new Set(['thematicBreak']);

export function parseMarkdownDocument(collector: ItemCollector, text: string): void {
  const starts = lineStarts(text);
  const visit = (node: Nodes): void => {
    if (CONTAINERS.has(node.type) && 'children' in node) {
      // A list item's own paragraphs become items one by one; nested lists recurse.
      for (const child of node.children) visit(child as Nodes);
      return;
    }
    if (NO_CONTENT.has(node.type) || !node.position) return;
    const start = node.position.start.offset ?? 0;
    const end = node.position.end.offset ?? start;
    const body = text.slice(start, end).trim();
    if (body === '') return;
    collector.add({ line: lineAt(starts, start), endLine: lineAt(starts, end), text: body, kind: 'paragraph', fields: {} });
  };
  visit(parseMarkdown(text));
}

export function parseTextParagraphs(collector: ItemCollector, text: string): void {
  let block: { first: number; last: number; lines: string[] } | undefined;
  const flush = () => {
    if (block) collector.add({ line: block.first, endLine: block.last, text: block.lines.join('\n'), kind: 'paragraph', fields: {} });
    block = undefined;
  };
  splitLines(text).forEach((line, index) => {
    const trimmed = line.text.trim();
    if (trimmed === '') return flush();
    if (!block) block = { first: index + 1, last: index + 1, lines: [] };
    block.last = index + 1;
    block.lines.push(trimmed);
  });
  flush();
}
