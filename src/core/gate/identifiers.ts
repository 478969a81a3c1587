// Identifiers and path-aware relevance (gate.md §3 step 3). Relevance compares whole
// identifiers, never substrings: `app.cfg` matches `./app.cfg`, `proj/app.cfg` and
// `/srv/proj/app.cfg`, but not `app.cfg.bak`, and `/etc/app.cfg` does not match `/srv/proj/app.cfg`.

/** `[\w.\-/]+` tokens, with Unicode letters and digits as word characters. */
const TOKEN = /[\p{L}\p{N}_.\-/]+/gu;

export function identifierTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/**
 * The text of a tool call's arguments for relevance: its keys and leaf values, unescaped (in JSON,
 * "a\\nretries=5" would read as the token `nretries`).
 */
export function argumentText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object') return String(value);
  const parts: string[] = [];
  const visit = (inner: unknown): void => {
    if (inner === undefined || inner === null) return;
    if (typeof inner !== 'object') parts.push(String(inner));
    else if (Array.isArray(inner)) inner.forEach(visit);
    else
      for (const [key, child] of Object.entries(inner as Record<string, unknown>)) {
        parts.push(key);
        visit(child);
      }
  };
  visit(value);
  return parts.join('\n');
}

const SLASH = 0x2f;

/** A token character of `[\w.\-/]` with Unicode letters and digits; a surrogate half counts (fails toward a longer token). */
function isTokenCode(code: number): boolean {
  if (code < 0x80) {
    return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x2e || code === 0x2d || code === SLASH;
  }
  if (code >= 0xd800 && code <= 0xdfff) return true;
  return /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
}

/**
 * The whole token around `text[at, at + length)` when that span is the token's last path segment
 * (after the trailing dots, dashes and slashes `parseIdentifier` drops), else undefined.
 */
function tokenEndingWith(text: string, at: number, length: number): string | undefined {
  if (at > 0 && text.charCodeAt(at - 1) !== SLASH && isTokenCode(text.charCodeAt(at - 1))) return undefined;
  let end = at + length;
  while (end < text.length && isTokenCode(text.charCodeAt(end))) end += 1;
  const tail = trimTail(text.slice(at + length, end));
  for (let index = 0; index < tail.length; index += 1) if (tail.charCodeAt(index) !== SLASH) return undefined;
  let start = at;
  while (start > 0 && isTokenCode(text.charCodeAt(start - 1))) start -= 1;
  return text.slice(start, end);
}

/** A result that is JSON text keeps `\\n` escapes: `"a\\nretries=5"` must not read as the token `nretries`. */
function withoutJsonEscapes(text: string): string {
  return text.includes('\\') ? text.replace(/\\[nrtbf"\\]/g, ' ') : text;
}

interface ParsedIdentifier {
  text: string;
  /** Path segments without `.` and empty parts; a bare name is one segment. */
  segments: string[];
  absolute: boolean;
}

/** Sentence-final dots and dangling dashes are punctuation, not part of the name. */
function trimTail(token: string): string {
  let end = token.length;
  while (end > 0 && (token[end - 1] === '.' || token[end - 1] === '-')) end -= 1;
  return token.slice(0, end);
}

function lastSegment(trimmed: string): string {
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '/') end -= 1;
  return trimmed.slice(trimmed.lastIndexOf('/', end - 1) + 1, end);
}

function parseIdentifier(token: string): ParsedIdentifier | undefined {
  const text = trimTail(token);
  let segments = text.split('/').filter((segment) => segment !== '' && segment !== '.');
  // `../x` climbs an unknown number of levels: only what follows the last `..` is placed.
  const parent = segments.lastIndexOf('..');
  if (parent >= 0) segments = segments.slice(parent + 1);
  if (segments.length === 0) return undefined;
  return { text, segments, absolute: text.startsWith('/') && parent < 0 };
}

function isSuffix(shorter: string[], longer: string[]): boolean {
  if (shorter.length > longer.length) return false;
  const offset = longer.length - shorter.length;
  return shorter.every((segment, index) => segment === longer[offset + index]);
}

/** Two absolute paths match only when equal; otherwise the relative one must be a suffix of the other. */
function parsedMatch(a: ParsedIdentifier, b: ParsedIdentifier): boolean {
  if (a.absolute && b.absolute) return a.segments.length === b.segments.length && isSuffix(a.segments, b.segments);
  if (a.absolute) return isSuffix(b.segments, a.segments);
  if (b.absolute) return isSuffix(a.segments, b.segments);
  return a.segments.length <= b.segments.length ? isSuffix(a.segments, b.segments) : isSuffix(b.segments, a.segments);
}

export function identifiersMatch(a: string, b: string): boolean {
  const left = parseIdentifier(a);
  const right = parseIdentifier(b);
  return left !== undefined && right !== undefined && parsedMatch(left, right);
}

/** The claim surface, indexed by last path segment so each token costs one map lookup. */
export class SurfaceMatcher {
  private readonly byLastSegment = new Map<string, ParsedIdentifier[]>();
  private readonly ordered: string[] = [];

  constructor(identifiers: Iterable<string> = []) {
    for (const identifier of identifiers) this.add(identifier);
  }

  add(identifier: string): void {
    const parsed = parseIdentifier(identifier.trim());
    if (!parsed || this.ordered.includes(parsed.text)) return;
    const key = parsed.segments[parsed.segments.length - 1];
    const bucket = this.byLastSegment.get(key);
    if (bucket) bucket.push(parsed);
    else this.byLastSegment.set(key, [parsed]);
    this.ordered.push(parsed.text);
  }

  get identifiers(): readonly string[] {
    return this.ordered;
  }

  get size(): number {
    return this.ordered.length;
  }

  /**
   * The surface identifiers `text` names as whole identifiers, in surface order; empty when irrelevant.
   * Same answer as `hits(identifierTokens(text))`, but it only looks at the tokens around each
   * occurrence of a surface name's last segment, so long tool output is not tokenized whole.
   */
  hitsIn(text: string): string[] {
    const plain = withoutJsonEscapes(text);
    let found: Set<string> | undefined;
    for (const [key, bucket] of this.byLastSegment) {
      for (let at = plain.indexOf(key); at !== -1; at = plain.indexOf(key, at + 1)) {
        const token = tokenEndingWith(plain, at, key.length);
        if (token === undefined) continue;
        const parsed = parseIdentifier(token);
        if (!parsed) continue;
        for (const entry of bucket) if (parsedMatch(entry, parsed)) (found ??= new Set()).add(entry.text);
      }
    }
    return found ? this.ordered.filter((identifier) => found.has(identifier)) : [];
  }

  /** The surface identifiers any of `tokens` names, in surface order; empty when irrelevant. */
  hits(tokens: Iterable<string>): string[] {
    const found = new Set<string>();
    for (const token of tokens) {
      const bucket = this.byLastSegment.get(lastSegment(trimTail(token)));
      if (!bucket) continue;
      const parsed = parseIdentifier(token);
      if (!parsed) continue;
      for (const entry of bucket) if (parsedMatch(entry, parsed)) found.add(entry.text);
    }
    return this.ordered.filter((identifier) => found.has(identifier));
  }
}

// A report's identifiers are the names it is about (hosts, paths, ids, metric and key names);
// common words, numbers and quantities with units are not, so they never make a read relevant.
const NUMBER_WITH_UNIT = /^\d+(?:[.,]\d+)?[\p{L}]{0,3}$/u;
const CODE_SPAN = /`([^`\n]+)`/g;
const KEY_BEFORE_EQUALS = /([\p{L}_][\p{L}\p{N}_.\-]*)\s*=\s*\S/gu;

// Hyphenated English compounds (read-only, follow-up, built-in, long-term) are words, not names.
const COMPOUND_FIRST = new Set(['re', 'non', 'self', 'well', 'so', 'co', 'pre', 'post', 'multi', 'semi', 'anti', 'over', 'under', 'ex', 'half', 'high', 'low', 'long', 'short', 'real', 'built', 'all', 'one', 'two', 'first', 'second', 'cross', 'end', 'mid', 'read', 'opt', 'up', 'day', 'step', 'side', 'as']);
const COMPOUND_LAST = new Set(['in', 'on', 'up', 'out', 'off', 'by', 'down', 'over', 'back', 'level', 'term', 'time', 'based', 'like', 'free', 'wide', 'known', 'called', 'only', 'date', 'end', 'side', 'step', 'is']);

/** Kebab-case names such as checkout-api or payments-db: lowercase parts, not an English compound. */
function isKebabName(token: string): boolean {
  const parts = token.split('-');
  if (parts.length < 2 || !parts.every((part) => /^[\p{Ll}\p{N}]+$/u.test(part))) return false;
  return !COMPOUND_FIRST.has(parts[0]) && !COMPOUND_LAST.has(parts[parts.length - 1]);
}

function looksLikeIdentifier(token: string): boolean {
  if (!/\p{L}/u.test(token) || NUMBER_WITH_UNIT.test(token)) return false;
  if (token.includes('/') || token.includes('_')) return true;
  // Dotted names (app.cfg, db.prod.internal) but not abbreviations like e.g or U.S.
  if (/[^.]\.[^.]/u.test(token) && token.split('.').some((part) => part.length >= 2)) return true;
  if (/\p{N}/u.test(token)) return true; // db-prod-1, INC-1234, node7
  return /\p{Ll}\p{Lu}/u.test(token) || isKebabName(token); // camelCase keys such as maxRetries; service names
}

function addToken(into: string[], seen: Set<string>, raw: string): void {
  const token = trimTail(raw);
  if (token === '' || seen.has(token)) return;
  seen.add(token);
  into.push(token);
}

/** The identifiers a report names, in order of first appearance. */
export function reportIdentifiers(text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  // A code span or a `key = value` names its identifiers explicitly, whatever their shape.
  for (const match of text.matchAll(CODE_SPAN)) {
    for (const token of identifierTokens(match[1])) {
      if (/\p{L}/u.test(token) && !NUMBER_WITH_UNIT.test(token)) addToken(found, seen, token);
    }
  }
  for (const match of text.matchAll(KEY_BEFORE_EQUALS)) addToken(found, seen, match[1]);
  for (const token of identifierTokens(text.replace(CODE_SPAN, ' '))) {
    if (looksLikeIdentifier(trimTail(token))) addToken(found, seen, token);
  }
  return found;
}
