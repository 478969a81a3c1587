// Splitting a sentence into atomic claims where it joins independent facts. Conservative on
// purpose: a split needs a clause on each side — the left side has a verb, the right side has a
// subject of its own followed by a verb. "db-1 and db-2 restarted" (a noun list) and
// "the service restarted and recovered" (a shared subject) stay whole.

/** [start, end) spans relative to the sentence, in order. */
export type Span = [number, number];

const AUXILIARIES = [
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'has', 'have', 'had', 'does', 'do', 'did',
  'will', 'would', 'can', 'could', 'may', 'might', 'must', 'should', 'shall',
  "isn't", "wasn't", "weren't", "aren't", "hasn't", "haven't", "hadn't", "didn't", "doesn't", "won't", "can't", "couldn't",
];
const IRREGULAR_VERBS = [
  'rose', 'fell', 'hit', 'went', 'ran', 'began', 'grew', 'saw', 'took', 'came', 'became', 'left', 'kept', 'held', 'led',
  'made', 'sent', 'spent', 'stood', 'wrote', 'broke', 'brought', 'built', 'caught', 'chose', 'drew', 'drove', 'found',
  'froze', 'gave', 'got', 'knew', 'lost', 'meant', 'met', 'paid', 'put', 'read', 'said', 'set', 'shut', 'sold',
  'spoke', 'struck', 'told', 'thought', 'won', 'cut', 'shows', 'show', 'remains', 'stays', 'returns', 'reports',
  'points', 'suggests', 'indicates', 'looks', 'seems', 'appears', 'runs', 'serves', 'fails', 'holds', 'contains',
  'spikes', 'peaks', 'stands', 'sits', 'lasts', 'takes', 'gives', 'needs', 'uses', 'matches', 'exceeds',
];
const NOT_VERBS = ['need', 'speed', 'feed', 'seed', 'embed', 'bed', 'red', 'shed', 'hundred', 'indeed', 'proceed', 'succeed', 'exceed'];
const DETERMINERS = ['the', 'a', 'an', 'this', 'that', 'these', 'those', 'its', 'their', 'our', 'his', 'her', 'each', 'every', 'no', 'all', 'both'];

const VERB_WORDS = new Set([...AUXILIARIES, ...IRREGULAR_VERBS]);
const NOT_VERB_WORDS = new Set(NOT_VERBS);
const DETERMINER_WORDS = new Set(DETERMINERS);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’._:%/-]*/gu;
// ", and" / " and " / ", but" between two stretches of text; `;` is handled first.
const CONJUNCTION = /(,\s*|\s+)(and|but)\s+/giu;

/** A verb by lexicon, or a past form in -ed that does not follow a determiner ("the affected host" is an adjective). */
function isVerbAt(tokens: readonly string[], index: number): boolean {
  const lower = tokens[index].toLowerCase().replace(/’/g, "'");
  if (VERB_WORDS.has(lower)) return true;
  if (!(lower.length >= 5 && lower.endsWith('ed') && /^\p{L}+$/u.test(lower) && !NOT_VERB_WORDS.has(lower))) return false;
  return index === 0 || !DETERMINER_WORDS.has(tokens[index - 1].toLowerCase());
}

/** Words, without the sentence punctuation that may trail them ("recovered." → "recovered"). */
function words(text: string): string[] {
  return (text.match(WORD) ?? []).map((word) => word.replace(/[.:%/-]+$/u, '')).filter(Boolean);
}

function hasVerb(text: string): boolean {
  const tokens = words(text);
  return tokens.some((_, index) => isVerbAt(tokens, index));
}

const CONJUNCTION_WORDS = new Set(['and', 'or', 'but', 'nor']);
// Words that open a noun phrase or a number: what follows a present-tense verb ("shares the counter").
const OBJECT_START = /^(?:the|a|an|its|their|this|that|these|those|no|all|every|each|\p{N}.*)$/iu;

/** A present-tense verb in -s: not after a determiner, and followed by an object ("the new secret shares the counter"). */
function isPresentVerbAt(tokens: readonly string[], index: number): boolean {
  const lower = tokens[index].toLowerCase();
  if (!/^\p{Ll}{3,}s$/u.test(lower) || /(?:ss|us|is)$/u.test(lower)) return false;
  if (index === 0 || DETERMINER_WORDS.has(tokens[index - 1].toLowerCase())) return false;
  return index + 1 < tokens.length && OBJECT_START.test(tokens[index + 1]);
}

/**
 * A clause start: a subject (some word that is not only a determiner) then a verb within a few
 * words, with no conjunction between them — "0.4% up to 07:00 and jumped" is a coordinated verb
 * phrase of the left clause, not a clause of its own.
 */
function startsClause(text: string): boolean {
  const tokens = words(text).slice(0, 7);
  const verbAt = tokens.findIndex((_, index) => isVerbAt(tokens, index) || isPresentVerbAt(tokens, index));
  if (verbAt <= 0) return false;
  const subject = tokens.slice(0, verbAt).map((token) => token.toLowerCase());
  return subject.some((token) => !DETERMINER_WORDS.has(token)) && !subject.some((token) => CONJUNCTION_WORDS.has(token));
}

/** "between 0.2% and 0.4%": a range, when nothing after the last "between" is a verb. */
function endsInRange(left: string): boolean {
  const tokens = words(left);
  const at = tokens.map((token) => token.toLowerCase()).lastIndexOf('between');
  if (at === -1) return false;
  return !tokens.slice(at + 1).some((_, offset) => isVerbAt(tokens, at + 1 + offset));
}

/** Trims whitespace (and a dangling comma) off both ends of [start, end) in `text`. */
function trimSpan(text: string, start: number, end: number): Span {
  while (start < end && /[\s,]/u.test(text[start])) start++;
  while (end > start && /[\s,]/u.test(text[end - 1])) end--;
  return [start, end];
}

const hasContent = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** The atomic claims of one sentence, as spans into it. One span when nothing splits. */
export function splitClauses(sentence: string): Span[] {
  const pieces: Span[] = [];
  // Semicolons separate independent statements when each side is a statement of a few words.
  let from = 0;
  for (let index = sentence.indexOf(';'); index !== -1; index = sentence.indexOf(';', index + 1)) {
    const left = sentence.slice(from, index);
    const right = sentence.slice(index + 1);
    if (words(left).length >= 2 && words(right).length >= 2) {
      pieces.push([from, index]);
      from = index + 1;
    }
  }
  pieces.push([from, sentence.length]);

  const spans: Span[] = [];
  for (const [pieceStart, pieceEnd] of pieces) {
    const piece = sentence.slice(pieceStart, pieceEnd);
    let clauseStart = 0;
    CONJUNCTION.lastIndex = 0;
    for (let match = CONJUNCTION.exec(piece); match; match = CONJUNCTION.exec(piece)) {
      const left = piece.slice(clauseStart, match.index);
      const right = piece.slice(match.index + match[0].length);
      if (hasVerb(left) && !endsInRange(left) && startsClause(right)) {
        spans.push([pieceStart + clauseStart, pieceStart + match.index]);
        clauseStart = match.index + match[0].length;
      }
    }
    spans.push([pieceStart + clauseStart, pieceEnd]);
  }
  return spans
    .map(([start, end]) => trimSpan(sentence, start, end))
    .filter(([start, end]) => end > start && hasContent(sentence.slice(start, end)));
}
