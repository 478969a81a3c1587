// Evidence retrieval: an inverted index built once per review over the evidence items, ranking
// candidates for a claim with BM25 in which identifiers, times and numbers weigh more than
// ordinary words. Judges use it so that each claim is compared with a handful of items instead
// of every line (no O(claims × items) scans).
import { ABBREVIATION_END } from '../segment/index';
import type { EvidenceItem } from '../review-types';
import { extractFeatures, extractTermFeatures, type TextFeatures } from './features';
import { WEEKDAY_STEMS, weekdayOf } from './reading/dates-times';
import { bestFirst } from './best-first';
import { IndexedUnit, unitFeatures, type IndexedItem } from './indexed-unit';

export * from './features';
export type { IndexedItem } from './indexed-unit';

export interface RetrievalHit {
  indexed: IndexedItem;
  score: number;
}

export interface SearchOptions {
  /** How many candidates to return (default 12). */
  limit?: number;
}

/** Term kinds and their weight in the ranking: specific content counts for more than words. */
const TERM_WEIGHTS = { w: 1, i: 3, n: 2, t: 2 } as const;
type TermKind = keyof typeof TERM_WEIGHTS;

const K1 = 1.2;
const B = 0.5;

/** The text of an item that is worth indexing: its text plus fields a parser kept apart. */
function indexableText(item: EvidenceItem): string {
  const parts = [item.text];
  if (item.tool && !item.text.includes(item.tool)) parts.push(`tool=${item.tool}`);
  if (item.jsonPath && !item.text.includes(item.jsonPath)) parts.push(item.jsonPath);
  // A field whose value the text shows is there already (and so is its key=value pair, if written).
  const fields = item.fields;
  for (const key of Object.keys(fields)) if (!item.text.includes(fields[key]!)) parts.push(`${key}=${fields[key]!}`);
  if (item.result && !item.text.includes(item.result)) parts.push(item.result);
  if (item.context) parts.push(item.context);
  // The item's own string when nothing is added (no copy to keep, nor to compare with it later).
  return parts.length === 1 ? item.text : parts.join(' ');
}

/** Prose worth splitting into sentences: document paragraphs and long plain lines. */
function isProse(item: EvidenceItem): boolean {
  return item.kind === 'paragraph' || (item.kind === 'log_line' && item.text.length > 240);
}

/** Made on first use: building a segmenter loads ICU's sentence rules, and most evidence is not prose. */
let sentenceSegmenter: Intl.Segmenter | undefined;

/** Sentences of a prose text; also splits "century.First" where a source glued two sentences. */
const SOFT_WRAP_RE = /(?<=\S[ \t]*)\n(?=[ \t]*(?![-*+][ \t]|\d+[.)][ \t]|#|\||>)\S)/g;

export function splitProseSentences(text: string): string[] {
  const out: string[] = [];
  let pending = '';
  sentenceSegmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  // A line break inside a paragraph or list item is a soft wrap, not the end of a sentence (the
  // segmenter ends one at every line feed); a break before a list marker, heading or table row
  // stays. The sentences are cut from the text as written, so each is still a part of it.
  const unwrapped = text.includes('\n') ? text.replace(SOFT_WRAP_RE, ' ') : text;
  let at = 0;
  const push = (part: string): void => {
    if (!/[\p{L}\p{N}]/u.test(part)) return;
    const start = unwrapped.indexOf(part, at);
    const written = start < 0 ? part : text.slice(start, start + part.length);
    if (start >= 0) at = start + part.length;
    out.push(written.trim());
  };
  for (const { segment } of sentenceSegmenter.segment(unwrapped)) {
    // "Mark L. Lester", "e.g. this": the segmenter ends a sentence after an initial or an abbreviation.
    if (ABBREVIATION_END.test(segment)) {
      pending += segment;
      continue;
    }
    for (const part of (pending + segment).split(/(?<=[\p{Ll}\p{N})"”][.!?])(?=[\p{Lu}"“][\p{Ll}\s])/u)) push(part);
    pending = '';
  }
  push(pending);
  return out;
}

// The same words and identifiers recur on every line of a log: one term string each, built once,
// so postings are looked up by a string whose hash is already known.
const WORD_TERMS = new Map<string, string>();
const IDENTIFIER_TERMS = new Map<string, string>();

function termName(cache: Map<string, string>, prefix: string, value: string): string {
  let term = cache.get(value);
  if (term === undefined) {
    if (cache.size > 100_000) cache.clear();
    cache.set(value, (term = prefix + value));
  }
  return term;
}

// Numbers and minutes recur too (a metric's values, a log's clock): their terms are built once as well.
const NUMBER_TERMS = new Map<number, string>();
const MINUTE_TERMS = new Map<number, string>();

function numberTerm(cache: Map<number, string>, prefix: string, value: number): string {
  let term = cache.get(value);
  if (term === undefined) {
    if (cache.size > 100_000) cache.clear();
    cache.set(value, (term = `${prefix}${value}`));
  }
  return term;
}

/** The index terms of a feature set, tagged by kind (`w:` word, `i:` identifier, `n:` number, `t:` time). */
export function termsOf(features: TextFeatures): Array<[string, TermKind]> {
  const terms: string[] = [];
  const kinds: TermKind[] = [];
  collectTerms(features, terms, kinds);
  return terms.map((term, i) => [term, kinds[i]!]);
}

/**
 * The index terms of a feature set, in order, into `terms` (and their kinds into `kinds`): plain
 * loops into arrays the caller reuses, since every unit of the evidence goes through here.
 */
function collectTerms(features: TextFeatures, terms: string[], kinds: TermKind[]): void {
  terms.length = 0;
  kinds.length = 0;
  for (const word of features.words) terms.push(termName(WORD_TERMS, 'w:', word));
  while (kinds.length < terms.length) kinds.push('w');
  for (const identifier of features.identifiers) terms.push(termName(IDENTIFIER_TERMS, 'i:', identifier));
  while (kinds.length < terms.length) kinds.push('i');
  // Numbers index by their integer part in the base unit, so 97% meets 97.2 and 2.5s meets 2500ms.
  for (const quantity of features.quantities) terms.push(numberTerm(NUMBER_TERMS, 'n:', Math.trunc(quantity.value)));
  while (kinds.length < terms.length) kinds.push('n');
  // Times index by the minute, so 14:02 meets 14:02:01.
  for (const time of features.times) terms.push(numberTerm(MINUTE_TERMS, 't:', Math.floor(time.seconds / 60)));
  while (kinds.length < terms.length) kinds.push('t');
  // Dates index by month and day, and their year as a number, so "2006" meets "September 2006".
  for (const date of features.dates) {
    terms.push(date.day !== undefined ? `t:d${date.month}-${date.day}` : `t:m${date.month}`);
    kinds.push('t');
    if (date.year !== undefined) {
      terms.push(`n:${date.year}`);
      kinds.push('n');
    }
  }
}

/** Scratch arrays for one unit's terms while indexing, and a query's while searching (both synchronous). */
const UNIT_TERMS: string[] = [];
const UNIT_KINDS: TermKind[] = [];
const QUERY_TERMS: string[] = [];
const QUERY_KINDS: TermKind[] = [];

/** The units holding a term (unit positions, ascending) and how often each holds it. */
interface Posting {
  positions: number[];
  counts: number[];
}

/** A query term some unit holds. */
interface FoundTerm {
  term: string;
  kind: TermKind;
  posting: Posting;
}

/** A unit a query ranked, and its score. */
interface RankedUnit {
  position: number;
  score: number;
}

export class EvidenceIndex {
  readonly items: IndexedItem[];
  /** term → the units holding it (unit positions) and how often. */
  private readonly postings = new Map<string, Posting>();
  private readonly averageLength: number;
  /** Score accumulator reused across searches (reset after each). */
  private readonly scratch: Float64Array;
  /** Each unit's length normalisation in BM25, in one array: a query reads it for thousands of units. */
  private readonly lengthNorms: Float64Array;
  /** The hits of the queries asked so far (unit positions and scores), by found query terms and limit. */
  private readonly searches = new Map<string, RankedUnit[]>();
  /** Long postings as bit sets, for reranking by a common term. */
  private readonly listedBits = new Map<string, Uint32Array>();
  /**
   * Whether any item is a record (log line, tool row or call, signal, JSON field) rather than
   * prose: records are what an absence claim ("no errors were logged") can be checked against.
   */
  readonly hasRecords: boolean;

  constructor(items: readonly EvidenceItem[]) {
    this.items = [];
    items.forEach((item, position) => {
      const sentences = isProse(item) ? splitProseSentences(item.text) : [];
      if (sentences.length > 1) sentences.forEach((text, sentence) => this.items.push(this.indexUnit(item, position, text, sentence)));
      else this.items.push(this.indexUnit(item, position, indexableText(item), 0));
    });
    this.scratch = new Float64Array(this.items.length);
    this.hasRecords = items.some((item) => item.kind !== 'paragraph' && item.kind !== 'reasoning');
    const total = this.items.reduce((sum, indexed) => sum + indexed.termCount, 0);
    this.averageLength = this.items.length > 0 ? total / this.items.length : 1;
    // BM25's length normalisation of each unit, K1 · (1 − B + B · length / average length).
    this.lengthNorms = Float64Array.from(this.items, (indexed) => K1 * (1 - B + (B * indexed.termCount) / this.averageLength));
  }

  /**
   * Adds one unit's terms to the postings. Its text is read here only for what terms are made of;
   * its words and identifiers are kept, the rest is read in full on first use: most units are
   * never a candidate.
   */
  private indexUnit(item: EvidenceItem, position: number, text: string, sentence: number): IndexedItem {
    const unit = this.items.length;
    const read = unitFeatures(item, text, sentence, extractTermFeatures);
    const features = read.dates.length > 0 ? { ...read, words: withWeekdays(read.words, read.dates) } : read;
    collectTerms(features, UNIT_TERMS, UNIT_KINDS);
    for (const term of UNIT_TERMS) this.addPosting(term, unit);
    return new IndexedUnit(item, position, unit, text, sentence, UNIT_TERMS.length, features.words, features.identifiers);
  }

  /** Counts one occurrence of a term in a unit; units are added in order, so a term seen again in this unit is counted on its last entry. */
  private addPosting(term: string, unit: number): void {
    let posting = this.postings.get(term);
    if (!posting) this.postings.set(term, (posting = { positions: [], counts: [] }));
    const last = posting.positions.length - 1;
    if (last >= 0 && posting.positions[last] === unit) posting.counts[last]!++;
    else {
      posting.positions.push(unit);
      posting.counts.push(1);
    }
  }

  get size(): number {
    return this.items.length;
  }

  /** How many items contain a term (`w:stem`, `i:identifier`, …). */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.positions.length ?? 0;
  }

  /** Inverse document frequency (BM25's, always positive). */
  idf(term: string): number {
    const n = this.items.length;
    const df = this.documentFrequency(term);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Unit positions (in `items`) of the units containing a term. */
  itemsWith(term: string): readonly number[] {
    return this.postings.get(term)?.positions ?? [];
  }

  /** The best candidate items for a text (a claim), best first; ties keep evidence order. */
  search(query: string | TextFeatures, options: SearchOptions = {}): RetrievalHit[] {
    const limit = options.limit ?? 12;
    const found = this.foundTerms(typeof query === 'string' ? extractFeatures(query) : query);
    // The hits of a query are a function of its terms found in the index, in order, and the limit
    // (a term in no unit adds nothing): they are kept. The judge asks the same query more than
    // once per claim (its rules, then its alignment), and claims whose specifics are all absent
    // ("host db-standby-9 was rebooted …") come down to the same few common words.
    let key = String(limit);
    for (const { term } of found) key += '\n' + term;
    let best = this.searches.get(key);
    if (best === undefined) {
      best = this.rank(found, limit);
      if (this.searches.size >= 10_000) this.searches.clear();
      this.searches.set(key, best);
    }
    const hits: RetrievalHit[] = [];
    for (const { position, score } of best) hits.push({ indexed: this.items[position]!, score });
    return hits;
  }

  /** The distinct terms of a query that some unit holds, in the query's order, with their postings. */
  private foundTerms(features: TextFeatures): FoundTerm[] {
    collectTerms(features, QUERY_TERMS, QUERY_KINDS);
    const found: FoundTerm[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < QUERY_TERMS.length; i++) {
      const term = QUERY_TERMS[i]!;
      if (seen.has(term)) continue;
      seen.add(term);
      const posting = this.postings.get(term);
      if (posting !== undefined) found.push({ term, kind: QUERY_KINDS[i]!, posting });
    }
    return found;
  }

  /**
   * The `limit` best units for the found terms, by BM25. Rare terms first; a term in a large share
   * of the items only re-ranks what rarer terms found, so a query costs about the postings of its
   * rare terms, not a scan of the index.
   */
  private rank(found: FoundTerm[], limit: number): RankedUnit[] {
    const terms = [...found].sort((a, b) => a.posting.positions.length - b.posting.positions.length);
    const common = Math.max(256, this.items.length / 8);
    const touched: number[] = [];
    for (const { term, kind, posting } of terms) {
      const weight = TERM_WEIGHTS[kind] * this.idf(term);
      const rerankOnly = posting.positions.length > common && touched.length >= limit;
      // A unit holds a word or identifier exactly when its posting lists the unit: each candidate
      // is looked up in the long posting list instead of walking it.
      if (rerankOnly && (kind === 'w' || kind === 'i')) this.rerankListed(this.listedUnits(term, posting.positions), weight, touched);
      else this.addScores(posting, weight, rerankOnly, touched);
    }
    const scores = this.scratch;
    const best: RankedUnit[] = [];
    for (const position of bestFirst(touched, scores, limit)) best.push({ position, score: scores[position]! });
    for (const position of touched) scores[position] = 0;
    return best;
  }

  /** Adds a term's BM25 share to the units of its posting (with `rerankOnly`, to those already touched). */
  private addScores(posting: Posting, weight: number, rerankOnly: boolean, touched: number[]): void {
    const { positions, counts } = posting;
    const scores = this.scratch;
    const norms = this.lengthNorms;
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i]!;
      if (rerankOnly && scores[position] === 0) continue;
      const tf = counts[i]!;
      const saturation = (tf * (K1 + 1)) / (tf + norms[position]!);
      if (scores[position] === 0) touched.push(position);
      scores[position] += weight * saturation;
    }
  }

  /** Adds a term held once per unit to the touched units its bit set lists. */
  private rerankListed(listed: Uint32Array, weight: number, touched: readonly number[]): void {
    const scores = this.scratch;
    const norms = this.lengthNorms;
    for (const position of touched) {
      if ((listed[position >>> 5]! & (1 << (position & 31))) !== 0) scores[position] += (weight * (K1 + 1)) / (1 + norms[position]!);
    }
  }

  /** The units a long posting lists, one bit each; built on the first rerank by its term. */
  private listedUnits(term: string, positions: readonly number[]): Uint32Array {
    let bits = this.listedBits.get(term);
    if (bits === undefined) {
      bits = new Uint32Array((this.items.length + 31) >>> 5);
      for (const position of positions) bits[position >>> 5]! |= 1 << (position & 31);
      this.listedBits.set(term, bits);
    }
    return bits;
  }
}

/** Builds the index over a review's evidence items (once per judge call). */
export function buildEvidenceIndex(items: readonly EvidenceItem[]): EvidenceIndex {
  return new EvidenceIndex(items);
}

/**
 * A record dated 2024-10-23 happened on a Wednesday: the weekday of each full date is one of its
 * words, so "on Wednesday" finds the day's rows and is no word the evidence lacks.
 */
function withWeekdays(words: string[], dates: TextFeatures['dates']): string[] {
  const weekdays = new Set<string>();
  for (const date of dates) {
    if (date.year === undefined || date.day === undefined) continue;
    weekdays.add(WEEKDAY_STEMS[weekdayOf(date.year, date.month, date.day)]!);
  }
  return weekdays.size > 0 ? [...words, ...[...weekdays].filter((stem) => !words.includes(stem))] : words;
}
