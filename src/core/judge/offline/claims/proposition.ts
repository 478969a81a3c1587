// Reading a claim as a proposition with typed slots: the entities it is about, its figures,
// times and dates, the states it asserts, a comparison, and its modality (hedge, cause,
// certainty, negation, absence). Slots are read from the text alone, never from the evidence.
import { extractFeatures, type TextFeatures } from '../../../retrieval/index';
import { MODALITY, comparisonDirection, findModality, statesIn, type StateWord } from '../vocabulary/index';

export interface Proposition {
  text: string;
  features: TextFeatures;
  /** What the claim is about: identifiers (hosts, ids) and names as stem groups. */
  identifiers: string[];
  names: string[][];
  hedge?: string;
  causal?: string;
  certainty?: string;
  negation?: string;
  absence?: string;
  recommendation?: string;
  states: StateWord[];
  /** +1 / -1 when the claim compares two figures or entities ("lower than", "faster"). */
  comparison?: number;
  /** The claim asks instead of stating. */
  question: boolean;
  /** Stems of what a denial or an absence is about: "was not restarted" → restart, "no errors were logged" → error. */
  denied: string[];
}

/**
 * A table cell's context, "sin1; Edge hit ratio": the row's name, then the column's header, which
 * is capitalised as a sentence is ("Edge hit ratio", "Average weight"), not as a name.
 */
export function sentenceCased(context: string): string {
  return context
    .split('; ')
    .map((part, at) => (at > 0 ? part.replace(/^(\p{Lu})(?=\p{Ll}+\s+\p{Ll})/u, (letter) => letter.toLowerCase()) : part))
    .join('; ');
}

/** Words of a name group that are too common in reports to identify anything. */
const GENERIC_NAME_STEMS = new Set(['the', 'a', 'an', 'thi', 'that', 'it', 'we', 'our', 'at', 'on', 'in', 'after', 'befor', 'dure', 'by', 'for', 'from', 'to', 'if', 'when', 'while', 'as']);

export function readProposition(text: string, context?: string): Proposition {
  const features = extractFeatures(context ? `${text} ${sentenceCased(context)}` : text);
  const names = features.nameGroups.map((group) => group.filter((stem) => !GENERIC_NAME_STEMS.has(stem))).filter((group) => group.length > 0);
  return {
    text,
    features,
    identifiers: [...new Set(features.identifiers)],
    names,
    hedge: findModality('hedge', text),
    causal: findModality('causal', text),
    certainty: findModality('certainty', text),
    negation: findModality('negation', text),
    absence: findModality('absence', text),
    recommendation: findModality('recommendation', text),
    states: statesIn(text),
    comparison: comparisonDirection(text),
    question: /\?\s*$/.test(text),
    denied: deniedStems(text),
  };
}

/** Up to three content words after each negation or absence word: what is denied. */
function deniedStems(text: string): string[] {
  const out: string[] = [];
  for (const kind of ['negation', 'absence'] as const) {
    const pattern = new RegExp(MODALITY[kind].source, 'giu');
    for (const match of text.matchAll(pattern)) {
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 60);
      out.push(...extractFeatures(after).words.slice(0, 3));
    }
  }
  return [...new Set(out)];
}
