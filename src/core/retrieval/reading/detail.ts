// How much a reading records. The judge reads a text in full; the evidence index reads each unit
// only for its terms (words, identifiers, figures' values, times, dates) and leaves out what only
// the judge uses — the words naming what a figure measures, how it is meant, names — which were
// most of the cost of reading a log line.
import { fieldKeyWords, keyWordsAround, keyWordsBefore, figureQualifier } from './figure-context';
import type { Quantity } from './types';

export interface ReadingDetail {
  /** The words around a figure naming what it measures (three before, two after, by default). */
  keyAround(text: string, start: number, end: number, before?: number, after?: number): string[];
  /** The words before a figure naming what it measures. */
  keyBefore(text: string, index: number): string[];
  /** What a field's value measures: its key's words (and in prose, the words after it). */
  fieldKey(text: string, fieldKey: string, start: number, end: number): string[];
  /** How the figure at `index` (ending at `end`, unit included) is meant: about, at least, at most, a change. */
  qualifier(text: string, index: number, end?: number): Quantity['qualifier'];
  /** Whether names (runs of capitalised words) are read. */
  names: boolean;
}

export const FULL_DETAIL: ReadingDetail = { keyAround: keyWordsAround, keyBefore: keyWordsBefore, fieldKey: fieldKeyWords, qualifier: figureQualifier, names: true };

export const TERMS_ONLY: ReadingDetail = { keyAround: () => [], keyBefore: () => [], fieldKey: () => [], qualifier: () => undefined, names: false };

/** Names alone: the words read for their tokens, figures left undescribed. */
export const NAMES_ONLY: ReadingDetail = { ...TERMS_ONLY, names: true };

/** Everything but names: a text read for its figures (names are read on their own). */
export const FIGURES_ONLY: ReadingDetail = { ...FULL_DETAIL, names: false };
