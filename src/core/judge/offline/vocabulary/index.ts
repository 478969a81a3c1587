// The judge's vocabularies, loaded from the JSON tables beside this file: modality wording,
// mutually exclusive states, comparison words and the field names that hold states.
// Adding a word is a data change; no code path names a word.
import { canonicalStem } from '../../../retrieval/features';
import { UNITS } from '../../../retrieval/reading/vocabulary';
import comparisons from './comparisons.json';
import fields from './fields.json';
import measureWords from './measure-words.json';
import modality from './modality.json';
import relations from './relations.json';
import states from './states.json';
import unitNames from './unit-names.json';
import actors from './actors.json';

export type ModalityKind = 'hedge' | 'causal' | 'certainty' | 'negation' | 'absence' | 'recommendation';

/** A phrase of a vocabulary as pattern source: its characters literal, any run of spaces for a space, either apostrophe. */
export function escapePhrase(phrase: string): string {
  return phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+').replace(/'/g, "['’]");
}

/** One phrase list as a single whole-word, case-insensitive pattern (`*` = any ending). */
export function phrasePattern(phrases: readonly string[]): RegExp {
  const escaped = [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => escapePhrase(phrase).replace(/\\\*/g, '\\p{L}*'));
  return new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${escaped.join('|')})(?![\\p{L}\\p{N}_])`, 'iu');
}

export const MODALITY: Record<ModalityKind, RegExp> = {
  hedge: phrasePattern(modality.hedge),
  causal: phrasePattern(modality.causal),
  certainty: phrasePattern(modality.certainty),
  negation: phrasePattern(modality.negation),
  absence: phrasePattern(modality.absence),
  recommendation: phrasePattern(modality.recommendation),
};

/** The first phrase of a kind in a text, if any. */
export function findModality(kind: ModalityKind, text: string): string | undefined {
  return MODALITY[kind].exec(text)?.[0];
}

export interface StateWord {
  set: string;
  state: string;
}

/** Single-word state names by stem, and multi-word ones as lower-case phrases. */
const STATE_BY_STEM = new Map<string, StateWord[]>();
const STATE_PHRASES: Array<{ phrase: RegExp; word: StateWord }> = [];
const STATE_PHRASE_WORDS: string[] = [];
for (const set of states.sets) {
  for (const [state, words] of Object.entries(set.states)) {
    for (const word of words) {
      const entry = { set: set.name, state };
      if (/\s/.test(word)) {
        STATE_PHRASES.push({ phrase: phrasePattern([word]), word: entry });
        STATE_PHRASE_WORDS.push(word);
      } else {
        const stem = canonicalStem(word);
        STATE_BY_STEM.set(stem, [...(STATE_BY_STEM.get(stem) ?? []), entry]);
      }
    }
  }
}

/**
 * Every multi-word state name in one pattern: it matches a text exactly when one of theirs does
 * (an alternation tries each phrase at each place), so most texts, naming none, are read once
 * instead of once per phrase.
 */
const ANY_STATE_PHRASE = phrasePattern(STATE_PHRASE_WORDS);

/** The states a text names, each at most once per set and state. */
export function statesIn(text: string): StateWord[] {
  const found = new Map<string, StateWord>();
  if (STATE_PHRASES.length > 0 && ANY_STATE_PHRASE.test(text)) {
    for (const { phrase, word } of STATE_PHRASES) if (phrase.test(text)) found.set(`${word.set}:${word.state}`, word);
  }
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!token) continue;
    for (const word of STATE_BY_STEM.get(canonicalStem(token)) ?? []) found.set(`${word.set}:${word.state}`, word);
  }
  return [...found.values()];
}

/** A comparison word's direction: +1 the first figure is larger, -1 smaller, 0 neither. */
export function comparisonDirection(text: string): number | undefined {
  for (const token of text.toLowerCase().split(/[^\p{L}]+/u)) {
    const direction = (comparisons.words as Record<string, number>)[token];
    if (direction !== undefined && direction !== 0) return direction;
  }
  return undefined;
}

export const STATE_FIELDS: ReadonlySet<string> = new Set(fields.state);

/** Last parts of a field name that make it the moment of an act (approved_at, deployed_on). */
export const MOMENT_FIELD_SUFFIXES: ReadonlySet<string> = new Set(fields.momentSuffixes);

/** Wording by which a claim brings a reference of its own ("follow-up change CHG-8847", "ticket TX-915 has been opened"). */
export const NEW_REFERENCE_RE = phrasePattern(fields.newReference);

/** Stems of field-name words that count the thing itself rather than a kind of it (holds_placed is holds). */
export const NEUTRAL_KEY_PARTS: ReadonlySet<string> = new Set(measureWords.neutral);

/** Unit words of field names (wait_min, size_mb): they say how a measure is written, not what it is. */
export const UNIT_KEY_PARTS: ReadonlySet<string> = new Set([...Object.keys(UNITS), ...measureWords.units, ...Object.values(unitNames.units).flat()]);

/** Words that make a figure beside them a bar to meet (a minimum, a target), not a reading. */
export const THRESHOLD_WORDS: ReadonlySet<string> = new Set(measureWords.thresholds);

/** Stems of field-name words that say a column holds money (break_notional_usd, unit_price). */
export const MONEY_KEY_PARTS: ReadonlySet<string> = new Set(measureWords.money);

/** A column whose values are no amounts to add up (an average, a rate, a share, an extreme): comparisons.json notAdditive. */
export const NOT_ADDITIVE_RE = new RegExp(`(?:^|[_\\s-])(?:${comparisons.notAdditive.join('|')})(?:$|[_\\s-])`, 'i');

/** Past tenses not ending in -ed ("put", "reset", "shut"), as one group of a pattern (actors.json irregularPast). */
export const IRREGULAR_PAST = `(?:${actors.irregularPast.map(escapePhrase).join('|')})`;

/** Kinds of relation a claim may state (vocabulary/relations.json), in a fixed order. */
export const RELATION_KINDS = ['superlative', 'universal', 'comparative', 'order', 'trend', 'future'] as const;
const RELATION_PATTERNS = RELATION_KINDS.map((kind) => phrasePattern(relations[kind]));

/** Whether the text states a relation of each kind, in RELATION_KINDS order. */
export function relationsIn(text: string): boolean[] {
  return RELATION_PATTERNS.map((pattern) => pattern.test(text));
}
