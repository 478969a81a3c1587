// The content words of a text (stemmed, in order, duplicates kept) and the tokens names are read
// from; number words ("three minutes", "twenty") are read here as quantities.
import type { ReadingDetail } from './detail';
import type { NameToken } from './names';
import type { Quantity } from './types';
import { MAGNITUDES, MONTHS, MONTH_NAME_RE, NOT_WORDS, STOPWORDS, TENS_WORDS, UNITS, UNIT_WORDS, WORD_NUMBERS, WORD_RE, canonicalStem, isStopword } from './vocabulary';
import { wordTokens } from './token-scan';

/**
 * The words of a text and its word tokens (for names); number words become quantities, appended
 * to `quantities`. Words inside a fraction ("a quarter of") are its figure, not content.
 */
export function readWords(text: string, quantities: Quantity[], inFraction: (index: number) => boolean, detail: ReadingDetail): { words: string[]; tokens: NameToken[] } {
  const words: string[] = [];
  const tokens: NameToken[] = [];
  let first = true;
  let lastCompound: { quantity: Quantity; end: number } | undefined;
  const camelParts: string[] = [];
  let lowerText: string | undefined;
  // The end of a compound number's units word ("seven" of "thirty-seven"), read with its tens.
  let unitsWordEnd = -1;
  const found = wordTokens(WORD_RE, text);
  for (let k = 0; k < found.texts.length; k++) {
    const matched = found.texts[k]!;
    const at = found.starts[k]!;
    const reading = readingOf(matched);
    const { word, lower } = reading;
    if (word.length === 0) continue;
    // Whether the word opens a sentence: a name's first word only with a capitalised word after it.
    const isFirst = detail.names && (first || /[.!?:]\s*$/.test(text.slice(Math.max(0, at - 3), at)));
    first = false;
    const fractionWord = inFraction(at);
    if (at < unitsWordEnd) continue;
    let number = fractionWord ? undefined : reading.number;
    // "thirty-seven", "twenty one": a tens word and the units word after it are one number.
    let numberWord = word;
    if (number !== undefined && TENS.has(number)) {
      const units = UNITS_AFTER_TENS_RE.exec(text.slice(at + matched.length, at + matched.length + 8));
      if (units) {
        number += UNIT_WORDS[units[1]!.toLowerCase()]!;
        numberWord = text.slice(at, at + matched.length + units[0].length);
        unitsWordEnd = at + numberWord.length;
      }
    }
    // "zero" is a value ("went from zero to 412"); "none" is an absence, read as wording.
    if (number !== undefined && (number > 0 || word.toLowerCase() === 'zero')) {
      // "three minutes" is a duration like "3 minutes".
      // "three minutes", "three consecutive days", "three hours and twenty minutes".
      // (A unit glued to more of a name is the name's: "Four KG-MAIN sessions" are no kilograms.)
      const after = at + (numberWord === word ? matched.length : numberWord.length);
      const following = /^(?:\s+|-)(?:([a-z]+)\s+)?([a-z]+)\b(?![-_/][a-z\d])/i.exec(text.slice(after, after + 30));
      const unitWord = [following?.[1], following?.[2]].map((w) => w?.toLowerCase()).find((w) => w !== undefined && UNITS[w] !== undefined && !/^(?:s|b|g|t|h|us)$/.test(w));
      const unit = unitWord ? UNITS[unitWord] : undefined;
      if (lastCompound && lastCompound.end === at && unit && lastCompound.quantity.dimension === unit.dimension) {
        // "three hours and twenty minutes": one duration.
        lastCompound.quantity.value += number * unit.factor;
        lastCompound.quantity.scale = unit.factor;
        lastCompound.quantity.raw = text.slice(lastCompound.quantity.start, at + numberWord.length + 1 + unitWord!.length);
        continue;
      }
      const quantity: Quantity = {
        value: number * (unit?.factor ?? 1),
        dimension: unit?.dimension ?? 'count',
        hasUnit: unit !== undefined,
        decimals: 0,
        scale: unit?.factor ?? 1,
        key: detail.keyBefore(text, at),
        raw: unit ? `${numberWord} ${unitWord}` : numberWord,
        start: at,
        qualifier: detail.qualifier(text, at),
      };
      quantities.push(quantity);
      if (unit) {
        const unitEnd = (lowerText ??= text.toLowerCase()).indexOf(unitWord!, at + numberWord.length) + unitWord!.length;
        const joiner = /^\s+and\s+/i.exec(text.slice(unitEnd));
        lastCompound = joiner ? { quantity, end: unitEnd + joiner[0].length } : undefined;
      }
    }
    // "th" of "27th" is the ordinal's suffix; "half" of "and a half" belongs to its figure, as do "and a quarter" and "and three quarters".
    const ordinalSuffix =
      reading.maySuffix &&
      ((/^(?:st|nd|rd|th)$/.test(lower) && /\d/.test(text[at - 1] ?? '')) ||
        ((lower === 'half' || lower === 'quarter') && /\band\s+an?\s+$/i.test(text.slice(Math.max(0, at - 8), at))) ||
        (lower === 'quarters' && /\band\s+three\s+$/i.test(text.slice(Math.max(0, at - 12), at))));
    const content = !fractionWord && reading.stem !== undefined && !ordinalSuffix;
    const stem = content ? reading.stem : undefined;
    if (stem) words.push(stem);
    // "OOMKilling", "ScalingReplicaSet": the parts are words too.
    // (After the text's own words, so the order of the words as written is kept.)
    if (content) for (const part of reading.camelParts) camelParts.push(part);
    if (detail.names) tokens.push({ word, stem, isFirst, capital: reading.capital, start: at, end: at + matched.length });
  }
  words.push(...camelParts);
  return { words, tokens };
}

const TENS = new Set(TENS_WORDS.map((word) => WORD_NUMBERS[word]!));
/** The units word after a tens word ("-seven" of "thirty-seven", " one" of "twenty one"). */
const UNITS_AFTER_TENS_RE = new RegExp(`^[-\\s](${Object.keys(UNIT_WORDS).join('|')})\\b`, 'i');

/** What a word is wherever it stands; the same words recur on every line of a log. */
interface WordReading {
  /** The word without a possessive ending ("Kafka's" → "Kafka"). */
  word: string;
  lower: string;
  /** What WORD_NUMBERS holds for it: a number word's value. */
  number: number | undefined;
  /**
   * Its stem when it is a content word wherever it stands: not a stop word, a unit, a month, a
   * time zone, a number or magnitude word, nor a single letter. (In a text, a fraction's word or
   * an ordinal's suffix is not one either.)
   */
  stem: string | undefined;
  /** The stems of its camel-cased parts ("OOMKilling" → oom, kill), for a content word. */
  camelParts: string[];
  capital: boolean;
  /** "st", "nd", "rd", "th" or "half": whether it is content depends on what precedes it. */
  maySuffix: boolean;
}

const WORD_READINGS = new Map<string, WordReading>();

/** The reading of a word as matched by WORD_RE (bounded cache). */
function readingOf(matched: string): WordReading {
  let reading = WORD_READINGS.get(matched);
  if (reading === undefined) {
    if (WORD_READINGS.size > 50_000) WORD_READINGS.clear();
    WORD_READINGS.set(matched, (reading = readWord(matched)));
  }
  return reading;
}

function readWord(matched: string): WordReading {
  const word = matched.replace(/['’]s?$/, '');
  const lower = word.toLowerCase();
  // Units, months and time zones are read as parts of quantities, dates and times instead; a
  // number word is its quantity.
  const content =
    !STOPWORDS.has(lower) && word.length >= 2 && !UNITS[lower] && !NOT_WORDS.has(lower) && WORD_NUMBERS[lower] === undefined && !MAGNITUDES[lower] &&
    !(MONTHS.includes(lower.slice(0, 3)) && MONTH_NAME_RE.test(word));
  const camelParts: string[] = [];
  if (content && /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u.test(word)) {
    for (const part of word.split(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u)) {
      if (part.length >= 2 && !isStopword(part)) camelParts.push(canonicalStem(part));
    }
  }
  return {
    word,
    lower,
    number: WORD_NUMBERS[lower],
    stem: content ? canonicalStem(word) : undefined,
    camelParts,
    capital: /^\p{Lu}/u.test(word),
    maySuffix: /^(?:st|nd|rd|th|half|quarters?)$/.test(lower),
  };
}
