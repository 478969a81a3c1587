// Evidence parsing: every evidence file becomes addressable items that judges cite and users see.
//
// Ids: a single file gives `E<line>` (`E12` = line 12; `E12.2`, `E12.3` when one line holds several
// items, e.g. a one-line JSON document). With several files every id is prefixed by the file's
// name — `metrics.log:E12` — using the shortest trailing part of the path that tells the files
// apart (`a/app.log:E3`, `b/app.log:E3`), and `#2`, `#3` for the same path given twice.
import type { EvidenceItem, EvidenceSource, InputWarning } from '../review-types';
import { forEachLine, stripBom } from '../segment/positions';
import { parseJsonDocument } from './json-document';
import { parseMarkdownDocument, parseTextParagraphs } from './markdown-document';
import { ItemCollector, type ParsedEvidence } from './shared';
import { parseTextLines } from './text-lines';
import { parseTraceJsonl } from './trace-jsonl';

export { MAX_ITEM_CHARS, parseFields, type ParsedEvidence } from './shared';

/** How a file is read. `lines`: logs and plain text, one item per line; `paragraphs`: prose text. */
export const EVIDENCE_FORMATS = ['lines', 'jsonl', 'json', 'markdown', 'paragraphs'] as const;
export type EvidenceFormat = (typeof EVIDENCE_FORMATS)[number];

export interface ParseEvidenceOptions {
  /** Overrides detection from the extension and content. */
  format?: EvidenceFormat;
}

/** Parses one evidence file. Never throws on bad content: problems become warnings with line numbers. */
export function parseEvidence(source: EvidenceSource, options: ParseEvidenceOptions = {}): ParsedEvidence {
  const collector = new ItemCollector(source.file);
  if (source.notice) collector.warn(source.notice);
  if (source.refused) {
    collector.warn(source.refused);
    return collector.result();
  }
  const text = stripBom(source.text);
  const format = options.format ?? detectEvidenceFormat(source.file, text);
  switch (format) {
    case 'jsonl':
      parseTraceJsonl(collector, text);
      break;
    case 'json':
      // Invalid JSON is read line by line instead, so none of its content is lost.
      if (!parseJsonDocument(collector, text)) {
        collector.warn('not valid JSON; read line by line instead');
        parseTextLines(collector, text);
      }
      break;
    case 'markdown':
      parseMarkdownDocument(collector, text);
      break;
    case 'paragraphs':
      parseTextParagraphs(collector, text);
      break;
    case 'lines':
      parseTextLines(collector, text);
      break;
  }
  return collector.result();
}

/** Parses several files; ids are made unique across them (see the header comment). */
export function parseEvidenceSources(sources: readonly EvidenceSource[], options: ParseEvidenceOptions = {}): ParsedEvidence {
  const labels = evidenceLabels(sources.map((source) => source.file));
  const items: EvidenceItem[] = [];
  const warnings: InputWarning[] = [];
  sources.forEach((source, index) => {
    const parsed = parseEvidence(source, options);
    const prefix = sources.length > 1 ? `${labels[index]}:` : '';
    for (const item of parsed.items) items.push(prefix ? { ...item, id: prefix + item.id } : item);
    warnings.push(...parsed.warnings);
  });
  return { items, warnings };
}

/** Short, distinct labels for files: the shortest trailing path parts that differ. */
export function evidenceLabels(files: readonly string[]): string[] {
  const parts = files.map((file) => file.split(/[\\/]+/).filter(Boolean));
  const labels = parts.map((segments, index) => segments.at(-1) ?? `evidence${index + 1}`);
  for (let depth = 2; ; depth++) {
    const clashes = labels.filter((label, index) => labels.indexOf(label) !== index);
    if (clashes.length === 0) break;
    let grew = false;
    labels.forEach((label, index) => {
      if (!clashes.includes(label) || parts[index].length < depth) return;
      labels[index] = parts[index].slice(-depth).join('/');
      grew = true;
    });
    if (!grew) break;
  }
  // Whatever still clashes is the same path given twice: number the repeats.
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label}#${count}`;
  });
}

// A log line opens with a tag, a date or a time, or holds key=value. The key's characters are taken
// as one run where the run starts (an atomic lookahead), so "a.a.a.…" is read once, not per dot.
const LOG_OPENING = /^\s*(?:\[|\d{4}-\d{2}-\d{2}|\d{2}:\d{2}(?::\d{2})?\b)/;
const KEY_RUN_BEFORE_VALUE = /(?<![\w.-])(?=([\w.-]+))\1=\S/g;
/** Where a key may start in a run: a letter or underscore at a word boundary (the run's start, or after . or -). */
const KEY_START_IN_RUN = /(?:^|[.-])[A-Za-z_]/;

function isLogLike(line: string): boolean {
  if (LOG_OPENING.test(line)) return true;
  KEY_RUN_BEFORE_VALUE.lastIndex = 0;
  for (let match = KEY_RUN_BEFORE_VALUE.exec(line); match; match = KEY_RUN_BEFORE_VALUE.exec(line)) {
    if (KEY_START_IN_RUN.test(match[1]!)) return true;
    // No key in this run, but one may start right after its '='.
    KEY_RUN_BEFORE_VALUE.lastIndex = match.index + match[1]!.length + 1;
  }
  return false;
}

/** Picks a format from the file extension, then from the content. */
export function detectEvidenceFormat(file: string, text: string): EvidenceFormat {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase();
  if (extension === 'jsonl' || extension === 'ndjson') return 'jsonl';
  if (extension === 'json') return 'json';
  if (extension === 'md' || extension === 'markdown' || extension === 'mdx') return 'markdown';
  if (extension === 'log') return 'lines';
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let nonBlank = 0;
    let allObjects = true;
    let first = '';
    forEachLine(text, (line) => {
      if (line.trim() === '') return;
      if (nonBlank++ === 0) first = line;
      if (!line.trimStart().startsWith('{')) allObjects = false;
    });
    if (nonBlank > 1 && allObjects) return 'jsonl';
    if (nonBlank === 1 && /"type"\s*:\s*"(?:tool_call|reasoning|signal)"/.test(first)) return 'jsonl';
    if (isJson(trimmed)) return 'json';
  }
  if (/^---\r?\n/.test(trimmed) || /^#{1,6} /.test(trimmed)) return 'markdown';
  if (extension === 'txt' || extension === 'text' || extension === undefined) return looksLikeProse(text) ? 'paragraphs' : 'lines';
  return 'lines';
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Wrapped prose: few log-like lines, and some line that continues mid-sentence on the next (a wrap). */
function looksLikeProse(text: string): boolean {
  let nonBlank = 0;
  let logLike = 0;
  let onlyLine = '';
  // Wrapped lines are long (editors wrap near 60–100 columns); short lowercase lines are more likely a log.
  let wrapped = false;
  let previousEndsMidSentence = false;
  forEachLine(text, (line) => {
    if (line.trim() !== '') {
      if (nonBlank++ === 0) onlyLine = line;
      if (isLogLike(line)) logLike++;
    }
    if (previousEndsMidSentence && /^\s*\p{Ll}/u.test(line)) wrapped = true;
    previousEndsMidSentence = line.trim().length >= 40 && /[\p{L}\p{N},]\s*$/u.test(line);
  });
  if (nonBlank === 1) return isProseLine(onlyLine);
  if (nonBlank < 2 || logLike > nonBlank * 0.2) return false;
  return wrapped;
}

/**
 * One line of sentences (a knowledge snippet, a pasted paragraph): no log markers, a dozen words
 * or more, mostly plain words, and a sentence end. Without this a one-line document given as
 * text (a batch item, a `.txt` file) was read as a log line while the same text as `.md` was prose.
 */
function isProseLine(line: string): boolean {
  if (isLogLike(line)) return false;
  const words = line.trim().split(/\s+/);
  if (words.length < 12) return false;
  const plain = words.filter((word) => /^["'(“‘]?\p{L}[\p{L}'’-]*[.,;:!?"')”’]*$/u.test(word)).length;
  return plain >= words.length * 0.6 && /[\p{L}\p{N}"')”’][.!?](?:["')”’]?\s|\p{Lu}|$)/u.test(line);
}
