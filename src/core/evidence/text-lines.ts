// Plain text and logs: one item per non-blank line. Tagged lines keep their kind and fields:
//   [tool=query_metrics row=14:02:01] host=db-prod-1 cpu_pct=97.2   → tool_row, tool query_metrics
//   [signal] alert_id=A-1 fired_at=14:02:30                         → signal
// A timestamp may precede the tag (`2026-03-01T14:02:01Z [signal] …`); it becomes field `ts`.
// A file whose first line is a header of column names (CSV, TSV, or columns aligned by spaces as
// command-line tools print them) gives one record per row.
import { forEachLine } from '../segment/positions';
import { ItemCollector, fieldName, parseFields } from './shared';

const LEADING_TIMESTAMP =
  /^\s*(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?|\d{2}:\d{2}:\d{2}(?:[.,]\d+)?)\s+(?=\[)/;
const TAG = /^\s*\[([^\]\r\n]*)\]/;
const SIGNAL_TAGS = new Set(['signal', 'alert']);

export function parseTextLines(collector: ItemCollector, text: string): void {
  // CSV or TSV with a header line ("site,month,tonnes"): each row is a record under the column names.
  const table = csvHeader(text);
  const header = table?.header;
  const delimiter = table?.delimiter ?? ',';
  let first = true;
  forEachLine(text, (line, lineNumber) => {
    const trimmed = line.trim();
    if (trimmed === '') return;
    if (first) first = false;
    else if (header) {
      const cells = splitRow(trimmed, delimiter);
      if (cells.length === header.length) return addRow(collector, header, cells, lineNumber);
      collector.warn(`row has ${cells.length} cells, the header ${header.length}; read as a plain line`, lineNumber);
    }
    addLine(collector, trimmed, lineNumber);
  });
}

/** A column name of a header line: a word or a few, not a value (no digits first, no '=', no time). */
const HEADER_NAME = /^[A-Za-z_][\w.()%/-]*(?: [\w.()%/-]+){0,2}$/;

/**
 * The column names, when the file reads as CSV or TSV: a header line of names, then lines of as
 * many cells, with figures (or blanks, or three columns or more in every row), none a log line
 * (a timestamp or a [tag] first).
 */
function csvHeader(text: string): { header: string[]; delimiter: string } | undefined {
  // The first six non-blank lines only: a large log costs nothing more.
  const lines: string[] = [];
  for (let at = 0; at < text.length && lines.length < 6; ) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end).trim();
    if (line !== '') lines.push(line);
    at = end < 0 ? text.length : end + 1;
  }
  if (lines.length < 3) return undefined;
  const delimiter = lines[0]!.includes('\t') ? '\t' : lines[0]!.includes(',') || !ALIGNED_GAP.test(lines[0]!) ? ',' : ALIGNED;
  const names = splitRow(lines[0]!, delimiter);
  // Aligned columns take three or more: two words two spaces apart are as often a sentence's layout.
  if (names.length < (delimiter === ALIGNED ? 3 : 2) || !names.every((name) => HEADER_NAME.test(name))) return undefined;
  if (lines.slice(1).some((line) => LEADING_TIMESTAMP.test(`${line} [`) || /^\s*\[/.test(line))) return undefined;
  // Most rows (a malformed one is reported later, not a reason to read the file otherwise) have as many cells, some of them figures.
  const rows = lines.slice(1).map((line) => splitRow(line, delimiter)).filter((cells) => cells.length === names.length);
  if (rows.length < 2 || rows.length * 3 < (lines.length - 1) * 2) return undefined;
  // Every row holds a figure or a blank cell (a value not yet in: "CK-4,C-check,planned,,"); a table
  // of three columns or more whose every row has them all may hold no figure at all (ids, times, words).
  const figureOrBlank = rows.every((cells) => cells.some((cell) => cell === '' || /^[-+$€£]?\d[\d,.]*%?$/.test(cell)));
  if (!figureOrBlank && !(names.length >= 3 && rows.length === lines.length - 1)) return undefined;
  return { header: names.map(fieldName), delimiter };
}

/** The delimiter of columns aligned by spaces (`month    station  rain_mm`): two spaces or more. */
const ALIGNED = '  ';
const ALIGNED_GAP = /\S {2,}\S/;

/** The cells of a CSV/TSV line, with "quoted, cells" and doubled quotes inside them; of an aligned line, its runs of text. */
function splitRow(line: string, delimiter: string): string[] {
  if (delimiter === ALIGNED) return line.trim().split(/ {2,}/);
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') quoted = true;
    else if (char === delimiter) (cells.push(cell.trim()), (cell = ''));
    else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** A CSV row as a record: its cells under the column names, written as key=value so every reader takes them alike. */
function addRow(collector: ItemCollector, header: readonly string[], cells: readonly string[], lineNumber: number): void {
  const fields: Record<string, string> = {};
  header.forEach((name, at) => {
    if (name !== '' && cells[at] !== '' && !(name in fields)) fields[name] = cells[at]!;
  });
  const text = Object.entries(fields)
    .map(([key, value]) => `${key}=${/\s/.test(value) ? `"${value}"` : value}`)
    .join(' ');
  collector.add({ line: lineNumber, endLine: lineNumber, text: collector.clip(text, lineNumber), kind: 'tool_row', fields });
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
