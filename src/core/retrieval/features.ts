// Text features shared by the evidence index and the offline judge: content words (stemmed),
// identifiers (hosts, paths, ids, metric names), numbers with units, clock times and key=value
// fields. Extracted once per evidence item and once per claim, then compared structurally.
// Each kind of feature is read by its own module under ./reading/, in the order below: a span
// read as a date, time or identifier is masked, so its digits are not read again as a number.
import { readDates, readTimes } from './reading/dates-times';
import { FIGURES_ONLY, FULL_DETAIL, NAMES_ONLY, TERMS_ONLY, type ReadingDetail } from './reading/detail';
import { fieldsIn } from './reading/figure-context';
import { identifierWordsOf, readIdentifiers } from './reading/identifiers';
import { groupNames } from './reading/names';
import { hasGenericSubject, measureGenericValues, readNumbers } from './reading/numbers';
import { ReadSpans } from './reading/spans';
import type { Quantity, TextFeatures } from './reading/types';
import { inFractionOf, mergeCompoundDurations, readFractionQuantities, readFractions, readWholesAndParts, readOneUnitPhrases, readShares } from './reading/unit-phrases';
import { readWords } from './reading/words';

export type { CalendarDate, ClockTime, Dimension, Quantity, TextFeatures } from './reading/types';
export { canonicalStem, isStopword } from './reading/vocabulary';
export { WEEKDAY_STEMS, weekdayOf } from './reading/dates-times';
export { splitIdentifierWords } from './reading/identifiers';
export { DENIED_COMPARISON_RE, NEGATED_LOWER_RE, NEGATED_UPPER_RE } from './reading/figure-context';

/** Extracts every feature of a text. Deterministic; linear in the text length. */
export function extractFeatures(text: string): TextFeatures {
  return readFeatures(text, FULL_DETAIL, fieldsIn(text));
}

/**
 * The features the evidence index makes its terms of — words, identifiers, figures' values,
 * times, dates — without what only the judge reads (what a figure measures, how it is meant,
 * names: their keys are empty, their qualifiers and the names absent). Made into terms, the same
 * as `extractFeatures`'s.
 */
export function extractTermFeatures(text: string): TextFeatures {
  // Where the fields name a rule or metric, a figure whose key is generic (`value=`) takes that
  // measure's unit: there a figure's key decides its value, so the text is read in full. (Terms
  // need no other field: a text without such a key is not read for fields at all.)
  const fields = MAY_NAME_SUBJECT.test(text) ? fieldsIn(text) : {};
  return readFeatures(text, hasGenericSubject(fields) ? FULL_DETAIL : TERMS_ONLY, fields);
}

/** What a key naming a generic value's subject (`rule=`, `metric=`, `name=`, any case) needs in the text. */
const MAY_NAME_SUBJECT = /(?:rule|metric|name)=/i;

/**
 * The figures of a text, as `extractFeatures` reads them: the same passes, without its names (read
 * by `extractNames`) and with the fields read only where one may name a generic value's subject
 * (the fields' one use in reading figures, as in `extractTermFeatures`).
 */
export function extractQuantities(text: string): Quantity[] {
  const fields = MAY_NAME_SUBJECT.test(text) ? fieldsIn(text) : {};
  return readFeatures(text, FIGURES_ONLY, fields).quantities;
}

/**
 * The dates and times of a text, as `extractFeatures` reads them: they are read first, from the
 * text alone, so they need none of the later passes.
 */
export function extractMoments(text: string): Pick<TextFeatures, 'dates' | 'times'> {
  const spans = new ReadSpans(text);
  const dates = readDates(text, spans, FULL_DETAIL);
  return { dates, times: readTimes(text, spans, FULL_DETAIL) };
}

/**
 * The names of a text, as `extractFeatures` reads them: from its words alone (and the fractions
 * whose words are figures), so they need none of the other passes.
 */
export function extractNames(text: string): Pick<TextFeatures, 'names' | 'nameGroups'> {
  const { tokens } = readWords(text, [], inFractionOf(readFractions(text)), NAMES_ONLY);
  const nameGroups = groupNames(tokens, text);
  return { names: nameGroups.flat(), nameGroups };
}

function readFeatures(text: string, detail: ReadingDetail, fields: Record<string, string>): TextFeatures {
  // Spans already read as a date, time or identifier, blanked out for the later passes.
  const spans = new ReadSpans(text);
  const dates = readDates(text, spans, detail);
  const times = readTimes(text, spans, detail);
  const fractions = readFractions(text);
  const inFraction = inFractionOf(fractions);
  const { identifiers, identifierDurations } = readIdentifiers(spans, inFraction);

  const quantities = readNumbers(text, spans.blanked(), detail);
  mergeCompoundDurations(quantities, text);
  quantities.push(...identifierDurations);
  measureGenericValues(quantities, fields);
  let unitPhraseRead = readOneUnitPhrases(text, fractions, quantities, detail);
  readFractionQuantities(text, fractions, quantities, detail);

  const { words, tokens } = readWords(text, quantities, inFraction, detail);
  const nameGroups = detail.names ? groupNames(tokens, text) : [];
  const names = nameGroups.flat();
  // Identifier parts are words too, so "CPU" in a claim meets `cpu_pct` in a row.
  for (const identifier of identifiers) {
    for (const part of identifierWordsOf(identifier)) words.push(part);
  }
  if (readWholesAndParts(text, quantities, detail)) unitPhraseRead = true;
  if (readShares(text, quantities, detail)) unitPhraseRead = true;
  // "an hour and forty minutes": the two parts were read by different passes; in text order they join.
  if (unitPhraseRead) {
    quantities.sort((a, b) => a.start - b.start);
    mergeCompoundDurations(quantities, text);
  }
  return { words, names, nameGroups, identifiers, quantities, times, dates, fields };
}
