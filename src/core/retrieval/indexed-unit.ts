// A unit of the evidence index — a whole item, or one sentence of a long prose item — whose
// features are read on first use. Building the index needs only each unit's terms; most units of
// a large log are never a candidate for any claim, and their features were most of an index's
// time and memory.
import type { EvidenceItem } from '../review-types';
import { canonicalStem, extractFeatures, extractMoments, extractNames, extractQuantities, splitIdentifierWords, type TextFeatures } from './features';
import { fieldsIn } from './reading/figure-context';
import { execAll } from './reading/matches';
import { keyTableCells } from './reading/table-cells';

/**
 * A unit of evidence with its features: a whole item, or one sentence of a long prose item (so
 * that a claim is matched against statements, not against a whole document).
 */
export interface IndexedItem {
  item: EvidenceItem;
  /** Position of the evidence item in the array given to `buildEvidenceIndex` (shared by its sentences). */
  position: number;
  /** Position of this unit in the index's `items`. */
  unit: number;
  /** The unit's text: the item's text, or one of its sentences. */
  text: string;
  /** 0 for a whole item or its first sentence, 1… for later sentences. */
  sentence: number;
  /** `text` in lower case, for substring checks of identifiers. */
  lowerText: string;
  features: TextFeatures;
  /** Sets for O(1) membership tests by the judge. */
  wordSet: Set<string>;
  identifierSet: Set<string>;
  /** Index terms with their frequency. */
  termCount: number;
}

/**
 * An IndexedItem whose features, lower-cased text and membership sets are built on first use.
 * Its words and identifiers are kept from indexing (the same as a full reading's, and shared
 * strings): the judge tests many units for an identifier or a word, most of them for nothing else.
 */
export class IndexedUnit implements IndexedItem {
  private lazyFeatures?: LazyUnitFeatures;
  private lower?: string;
  private wordsHeld?: Set<string>;
  private identifiersHeld?: Set<string>;

  constructor(
    readonly item: EvidenceItem,
    readonly position: number,
    readonly unit: number,
    readonly text: string,
    readonly sentence: number,
    readonly termCount: number,
    readonly words: string[],
    readonly identifiers: string[],
  ) {}

  get features(): TextFeatures {
    return (this.lazyFeatures ??= new LazyUnitFeatures(this));
  }

  get lowerText(): string {
    return (this.lower ??= this.text.toLowerCase());
  }

  get wordSet(): Set<string> {
    return (this.wordsHeld ??= new Set(this.words));
  }

  get identifierSet(): Set<string> {
    return (this.identifiersHeld ??= new Set(this.identifiers));
  }
}

/**
 * A unit's features, read in steps: its words and identifiers were kept from indexing; its
 * key=value fields alone are cheap, and the judge reads every record's fields once per index (to
 * learn which fields name entities); its dates and times, and its names, each come from one pass
 * of their own (the judge looks for the claimed moment among many units, and for a name among a
 * document's sentences); its figures cost a reading of all but its names, made on their first
 * read, of which only the figures are kept.
 */
class LazyUnitFeatures implements TextFeatures {
  private readFields?: Record<string, string>;
  private moments?: Pick<TextFeatures, 'dates' | 'times'>;
  private nameReading?: Pick<TextFeatures, 'names' | 'nameGroups'>;
  private figures?: TextFeatures['quantities'];

  constructor(private readonly unit: IndexedUnit) {}

  get fields(): Record<string, string> {
    return (this.readFields ??= withItemFields(fieldsIn(this.unit.text), this.unit.item, this.unit.text, this.unit.sentence));
  }

  get words(): string[] {
    return this.unit.words;
  }

  get names(): string[] {
    return (this.nameReading ??= extractNames(this.unit.text)).names;
  }

  get nameGroups(): string[][] {
    return (this.nameReading ??= extractNames(this.unit.text)).nameGroups;
  }

  get identifiers(): string[] {
    return this.unit.identifiers;
  }

  get quantities(): TextFeatures['quantities'] {
    return (this.figures ??= tableKeyed(this.unit.item, this.unit.text, extractQuantities(this.unit.text)));
  }

  get times(): TextFeatures['times'] {
    return (this.moments ??= extractMoments(this.unit.text)).times;
  }

  get dates(): TextFeatures['dates'] {
    return (this.moments ??= extractMoments(this.unit.text)).dates;
  }
}

/**
 * The features of a unit: what `read` finds in its text (all of them, or those terms are made
 * of), plus what the item's parser kept apart (a tool row's fields its text does not show) and
 * the countries its codes name.
 */
export function unitFeatures(item: EvidenceItem, text: string, sentence: number, read: (text: string) => TextFeatures = extractFeatures): TextFeatures {
  const features = read(text);
  tableKeyed(item, text, features.quantities);
  if (keepsItemFields(item, text, sentence)) {
    for (const key of Object.keys(item.fields)) for (const part of splitIdentifierWords(key)) features.words.push(part);
  }
  withItemFields(features.fields, item, text, sentence);
  // A sentence of a longer item keeps the words and names of the item's context (its section's
  // heading, "release notes · 3.5.0"), as a one-sentence item does in its text; not its figures,
  // which are the heading's, not the sentence's.
  if (item.context && !text.includes(item.context)) {
    const context = contextFeatures(item, read);
    for (const word of context.words) features.words.push(word);
    for (const identifier of context.identifiers) if (!features.identifiers.includes(identifier)) features.identifiers.push(identifier);
  }
  // Records write countries as ISO codes (country=DE, "DE: sent=…"); reports write "German", "Germany".
  if (MAY_HOLD_COUNTRY_CODE.test(text)) for (const match of execAll(COUNTRY_CODE_RE, text)) features.words.push(...COUNTRY_CODES[match[1]!]!);
  return features;
}

/** A table row's figures, keyed by their columns' names too (see `keyTableCells`). */
function tableKeyed<T extends TextFeatures['quantities']>(item: EvidenceItem, text: string, quantities: T): T {
  if (item.terse && text.startsWith(item.text)) keyTableCells(item.text, item.fields, item.context ?? '', quantities, extractQuantities);
  return quantities;
}

/** An item's context read once for all its sentences. */
const CONTEXT_FEATURES = new WeakMap<EvidenceItem, TextFeatures>();
function contextFeatures(item: EvidenceItem, read: (text: string) => TextFeatures): TextFeatures {
  let features = CONTEXT_FEATURES.get(item);
  if (!features) CONTEXT_FEATURES.set(item, (features = read(item.context!)));
  return features;
}

/** A whole item indexed with fields its text does not show: the fields belong to the unit. */
function keepsItemFields(item: EvidenceItem, text: string, sentence: number): boolean {
  return sentence === 0 && text !== item.text;
}

/** Adds the item's own fields that its text does not give (`fields` is changed and returned). */
function withItemFields(fields: Record<string, string>, item: EvidenceItem, text: string, sentence: number): Record<string, string> {
  if (keepsItemFields(item, text, sentence)) for (const [key, value] of Object.entries(item.fields)) fields[key.toLowerCase()] ??= value;
  return fields;
}

/** Two-letter country codes as records write them, and the stems of the country and its adjective. */
const COUNTRY_CODES: Record<string, string[]> = Object.fromEntries(
  (
    [
      ['DE', 'Germany German'], ['FR', 'France French'], ['NL', 'Netherlands Dutch'], ['ES', 'Spain Spanish'],
      ['IT', 'Italy Italian'], ['AT', 'Austria Austrian'], ['CH', 'Switzerland Swiss'], ['PL', 'Poland Polish'],
      ['SE', 'Sweden Swedish'], ['DK', 'Denmark Danish'], ['NO', 'Norway Norwegian'], ['FI', 'Finland Finnish'],
      ['BE', 'Belgium Belgian'], ['IE', 'Ireland Irish'], ['PT', 'Portugal Portuguese'], ['GB', 'Britain British'],
      ['UK', 'Britain British'], ['US', 'America American'], ['CA', 'Canada Canadian'], ['JP', 'Japan Japanese'],
      ['BR', 'Brazil Brazilian'], ['MX', 'Mexico Mexican'], ['AU', 'Australia Australian'], ['CN', 'China Chinese'],
    ] as const
  ).map(([code, words]) => [code, words.split(' ').map(canonicalStem)]),
);
// Upper case and standing alone or as a field value (country=DE, "DE:"), so "it" or "no" in prose is not a code.
const COUNTRY_CODE_RE = /(?<![\p{L}\p{N}_-])(DE|FR|NL|ES|IT|AT|CH|PL|SE|DK|NO|FI|BE|IE|PT|GB|UK|US|CA|JP|BR|MX|AU|CN)(?=[:=,;\s)]|$)(?![\p{L}\p{N}])/gu;
/** A cheap test first: the codes alone, without the look-arounds (most log lines hold none). */
const MAY_HOLD_COUNTRY_CODE = /DE|FR|NL|ES|IT|AT|CH|PL|SE|DK|NO|FI|BE|IE|PT|GB|UK|US|CA|JP|BR|MX|AU|CN/;
