// Pieces every evidence format uses: the item builder, key=value fields, JSON flattening, limits.
import type { EvidenceItem, InputWarning } from '../review-types';

/** Longest item text kept; longer lines are cut (with a warning) so one runaway line cannot stall a review. */
export const MAX_ITEM_CHARS = 20_000;

/** A column's header as a field name: lower case, runs of other characters as one '_' ("Yield target (kg)" → yield_target_kg). */
export function fieldName(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_+|_+$/g, '');
}

/**
 * Deepest JSON nesting read (a document, or one trace line): deeper JSON is refused with a warning
 * before any recursive walk could exhaust the stack. Real records nest a few levels.
 */
export const MAX_JSON_DEPTH = 128;

/** The offset where JSON text first nests deeper than MAX_JSON_DEPTH, or undefined; one pass, strings skipped. */
export function jsonTooDeepAt(text: string, limit = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return i;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return undefined;
}

export interface ParsedEvidence {
  items: EvidenceItem[];
  warnings: InputWarning[];
}

/** Collects the items of one file, giving each the id `E<line>` (`E<line>.2`, … when a line holds several). */
export class ItemCollector {
  readonly items: EvidenceItem[] = [];
  readonly warnings: InputWarning[] = [];
  private lastLine = 0;
  private seenOnLastLine = 0;

  constructor(readonly file: string) {}

  add(item: Omit<EvidenceItem, 'id' | 'file'>): void {
    // Items arrive in line order, so only the previous line can share a line with this one.
    const seen = item.line === this.lastLine ? this.seenOnLastLine + 1 : 1;
    this.lastLine = item.line;
    this.seenOnLastLine = seen;
    const id = seen === 1 ? `E${item.line}` : `E${item.line}.${seen}`;
    // Id and file first, so every item has the same leading shape; the rest as the parser gave it.
    this.items.push(Object.assign({ id, file: this.file }, item, { text: this.clip(item.text, item.line) }));
  }

  warn(message: string, line?: number): void {
    this.warnings.push(line === undefined ? { file: this.file, message } : { file: this.file, line, message });
  }

  /** Cuts a huge text to MAX_ITEM_CHARS, saying so: a cut is reported, never silent. */
  clip(text: string, line: number): string {
    if (text.length <= MAX_ITEM_CHARS) return text;
    this.warn(`line is ${text.length.toLocaleString('en-US')} characters long; kept the first ${MAX_ITEM_CHARS.toLocaleString('en-US')}`, line);
    return text.slice(0, MAX_ITEM_CHARS);
  }

  result(): ParsedEvidence {
    if (this.items.length === 0 && this.warnings.length === 0) this.warn('no evidence items (the file is empty)');
    return { items: this.items, warnings: this.warnings };
  }
}

// key=value with a bare, "double-quoted" or 'single-quoted' value; keys may hold dots, dashes and slashes.
const FIELD = /(?:^|[\s,;])([A-Za-z_][\w.\-/]*)=("(?:[^"\\]|\\.)*"|'[^']*'|[^\s,;]*)/g;

/** The key=value fields of a line: `host=db-prod-1 cpu_pct=97.2 msg="disk full"`. */
export function parseFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  FIELD.lastIndex = 0;
  for (let match = FIELD.exec(text); match; match = FIELD.exec(text)) {
    const [, key, raw] = match;
    fields[key] = unquote(raw);
  }
  return fields;
}

function unquote(raw: string): string {
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  if (raw.length >= 2 && raw.startsWith("'") && raw.endsWith("'")) return raw.slice(1, -1);
  return raw;
}

/** Flattens nested JSON into `a.b[2].c` → string value; scalars at the root go under `prefix`. */
export function flattenJson(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) {
    if (value.length === 0 && prefix) out[prefix] = '[]';
    value.forEach((element, index) => flattenJson(element, `${prefix}[${index}]`, out));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out[prefix] = '{}';
    for (const [key, element] of entries) flattenJson(element, joinPath(prefix, key), out);
  } else if (prefix) {
    out[prefix] = value === null ? 'null' : String(value);
  }
  return out;
}

/** Appends a key to a JSON path, bracket-quoting keys that are not plain identifiers. */
export function joinPath(prefix: string, key: string): string {
  if (/^[A-Za-z_$][\w$-]*$/.test(key)) return prefix ? `${prefix}.${key}` : key;
  return `${prefix}[${JSON.stringify(key)}]`;
}
