// Plain text and logs: one item per non-blank line. Tagged lines keep their kind and fields:
//   [tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2   → tool_row, tool query_metrics
//   [signal] alert_id=A-1 fired_at=14:02:30                         → signal
// A timestamp may precede the tag (`2026-03-01T14:02:01Z [signal] …`); it becomes field `ts`.
import { forEachLine } from '../segment/positions';
import { ItemCollector, parseFields } from './shared';

const LEADING_TIMESTAMP =
  /^\s*(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?|\d{2}:\d{2}:\d{2}(?:[.,]\d+)?)\s+(?=\[)/;
const TAG = /^\s*\[([^\]\r\n]*)\]/;
const SIGNAL_TAGS = new Set(['signal', 'alert']);

export function parseTextLines(collector: ItemCollector, text: string): void {
  forEachLine(text, (line, lineNumber) => {
    const trimmed = line.trim();
    if (trimmed !== '') addLine(collector, trimmed, lineNumber);
  });
}

function addLine(collector: ItemCollector, raw: string, lineNumber: number): void {
  const text = collector.clip(raw, lineNumber);
  let rest = text;
  const fields: Record<string, string> = {};
  const stamp = LEADING_TIMESTAMP.exec(rest);
  if (stamp) {
    fields.ts = stamp[1];
    rest = rest.slice(stamp[0].length);
  }
  const tag = TAG.exec(rest);
  if (tag) {
    const tagText = tag[1].trim();
    const head = /^[A-Za-z_][\w-]*(?=\s|$)/.exec(tagText)?.[0]?.toLowerCase();
    const tagFields = parseFields(tagText);
    const bodyFields = parseFields(rest.slice(tag[0].length));
    if (tagFields.tool !== undefined) {
      const { tool, ...attributes } = tagFields;
      collector.add({ line: lineNumber, endLine: lineNumber, text, kind: 'tool_row', tool, fields: { ...fields, ...attributes, ...bodyFields } });
      return;
    }
    if (head !== undefined && SIGNAL_TAGS.has(head)) {
      collector.add({ line: lineNumber, endLine: lineNumber, text, kind: 'signal', fields: { ...fields, ...tagFields, ...bodyFields } });
      return;
    }
  }
  collector.add({ line: lineNumber, endLine: lineNumber, text, kind: 'log_line', fields: { ...fields, ...parseFields(rest) } });
}
