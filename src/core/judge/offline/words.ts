// The words the offline judge weighs apart: those that carry little of a claim's content (light,
// narration and order words), the words that name a document, a unit's words read once (its
// wording, its stems, its field values, its file name), a stem's word as written, and two stems of one family.
import { canonicalStem, extractFeatures, type IndexedItem } from '../../retrieval/index';
import { readWording, type Wording } from './language';
import actors from './vocabulary/actors.json';

/** Generic words that carry little of a claim's specific content, wherever the support is. */
export const LIGHT_WORDS = new Set(
  ['happen', 'occur', 'show', 'indic', 'report', 'observ', 'see', 'seen', 'note', 'saw', 'found', 'find', 'also', 'still',
    'now', 'well', 'just', 'nonetheless', 'even', 'again', 'actual', 'exactli', 'simpli', 'mere', 'realli', 'quit', 'rather',
    'fairli', 'therefor', 'thu', 'henc', 'itself', 'here', 'there', 'instead', 'straight', 'awai', 'anyth', 'someth',
    'everyth', 'thing', 'wai',
    // Everyday verbs that paraphrases of documentation swap freely.
    'need', 'go', 'goe', 'gone', 'went', 'make', 'use', 'us', 'becom', 'want', 'handl', 'yourself', 'themselv', 'someon', 'anyon', 'everyon', 'keep', 'work', 'add', 'live', 'allow', 'let', 'give', 'take', 'put', 'get', 'got',
    'later', 'earlier', 'old', 'new', 'older', 'newer', 'onc', 'alreadi', 'yet', 'befor', 'after', 'sinc', 'agent', 'check', 'per',
    // Verbs a report uses to narrate values ("rose to", "held", "reached").
    'log', 'record', 'reach', 'total', 'time', 'result', 'valu', 'state', 'statu', 'current', 'around', 'approxim', 'about',
    'roughli', 'within', 'whole', 'overal', 'shortli', 'immedi', 'rose', 'risen', 'fell', 'fallen', 'grew', 'drop', 'went',
    'increas', 'decreas', 'peak', 'held', 'hold', 'took', 'ran', 'run', 'last', 'came', 'back', 'climb', 'spike', 'declin',
    'jump', 'move', 'stai', 'remain', 'period', 'window', 'dure', 'start', 'finish', 'end',
    // How a report names a document's figures and instructions ("the threshold", "read the header", "requires").
    'threshold', 'read', 'note', 'mention', 'describ', 'requir',
    // Concessive and degree words that frame a figure ("slightly", "though still below").
    'though', 'although', 'slightli', 'somewhat', 'modestli', 'sharpli', 'significantli', 'respect',
    // "without a restart" restates "does not need a restart": the function word carries no fact of its own.
    'without'],
);

/**
 * Words that are light only when the support is a record: rows show order ("first") by their
 * timestamps, whereas in a document the word itself carries the fact ("was born first").
 */
export const NARRATION_WORDS = new Set(['first']);

/** Light words that still state an order, an age or an approximation; a paraphrase may not drop them. */
export const ORDER_WORDS = new Set(['first', 'old', 'older', 'new', 'newer', 'earlier', 'befor', 'after', 'sinc', 'onc', 'alreadi', 'yet',
  'around', 'approxim', 'about', 'roughli', 'within', 'last', 'start', 'end', 'finish', 'peak']);

/** A unit's wording, read once: the same candidate rows come back for many claims. */
const UNIT_WORDING = new WeakMap<IndexedItem, Wording>();

export function wordingOf(unit: IndexedItem): Wording {
  let wording = UNIT_WORDING.get(unit);
  if (!wording) UNIT_WORDING.set(unit, (wording = readWording(unit.text)));
  return wording;
}

/** The words of a record's word-valued fields (segment=desktop, district=Nordpark), read once. */
const FIELD_VALUE_WORDS = new WeakMap<IndexedItem, Set<string>>();

export function fieldValueWords(unit: IndexedItem): Set<string> {
  let words = FIELD_VALUE_WORDS.get(unit);
  if (!words) {
    // `queue=new_connections` holds "new connections".
    words = new Set(Object.values(unit.features.fields).filter((v) => /^\p{L}[\p{L}\s_-]*$/u.test(v)).flatMap((v) => extractFeatures(v.replace(/_/g, ' ')).words));
    FIELD_VALUE_WORDS.set(unit, words);
  }
  return words;
}

/** Every word of a text as a stem, stopwords included and in order ("before refunds" → befor, refund). */
export function stemSequence(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).map(canonicalStem);
}

const UNIT_STEMS = new WeakMap<IndexedItem, string[]>();

/** A unit's stem sequence, read once. */
export function unitStems(unit: IndexedItem): string[] {
  let stems = UNIT_STEMS.get(unit);
  if (!stems) UNIT_STEMS.set(unit, (stems = stemSequence(unit.text)));
  return stems;
}

export const DOCUMENT_WORDS = new Set(['runbook', 'plan', 'polici', 'procedur', 'document', 'doc', 'guid', 'playbook', 'spec', 'manual', 'handbook', 'accord']);

export function splitKeyWords(key: string): string[] {
  return key.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 2 && !/^\d+$/.test(part)).map((part) => extractFeatures(part).words[0] ?? part.toLowerCase());
}

const FILE_WORDS = new WeakMap<object, Set<string>>();

/**
 * The words of a document's file name ("runbook.md", "cert-procedure.md", "plan-limits.json"):
 * a claim may name its source ("per the runbook", "the procedure requires"), and a document is
 * what its name says it is. Only documents: a log's name is not a fact about its lines.
 */
export function fileWords(unit: IndexedItem): Set<string> {
  const item = unit.item;
  let words = FILE_WORDS.get(item);
  if (!words) {
    const documented = item.kind === 'paragraph' || item.kind === 'json_field';
    const base = (item.file ?? '').split(/[\\/]/).pop()!.replace(/\.[^.]*$/, '');
    words = new Set(documented ? extractFeatures(base.replace(/[-_.]+/g, ' ')).words : []);
    FILE_WORDS.set(item, words);
  }
  return words;
}

/** The word as written whose stem is `stem` (for reasons shown to people). */
export function surfaceWord(text: string, stem: string): string {
  return (text.match(/\p{L}+/gu) ?? []).find((word) => canonicalStem(word) === stem) ?? stem;
}

const IRREGULAR_PAST = new Set(actors.irregularPast);

/** What a word's stem may carry beyond its verb's: "deliveries" (deliveri) is of "delivered" (deliv), "shipments" of "shipped", "failures" of "failed". */
const NOUN_ENDINGS = /^(?:ment|ur|eri|i|al)$/;

/** Two stems of one family: one is the other and a noun's ending, on a stem of four letters or more. */
export function sameFamily(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length > short.length && long.startsWith(short) && NOUN_ENDINGS.test(long.slice(short.length));
}

/** The stems of a text's verbs in the past (words of four letters or more ending in -ed, or irregular: sent, paid). */
export function pastVerbStems(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/\b\p{L}{4,}\b/gu) ?? []).filter((word) => word.endsWith('ed') || IRREGULAR_PAST.has(word)).map(canonicalStem));
}
