// The words of a claim that evidence must hold, with their weight, and the wording that only
// restates the claim's own date or figures ("on Saturday 5 September", "nearly double the
// 1,512") and so needs no evidence of its own.
import { extractFeatures, type Quantity, type TextFeatures } from '../../../retrieval/index';
import type { Wording } from '../language';
import { LIGHT_WORDS } from '../words';
import { NOT_A_FRACTION_BEFORE, WORD_NUMBERS } from '../../../retrieval/reading/vocabulary';

// (A hyphen makes a compound, not a ratio: "half-hour averages", "double-digit growth"; an ordinal a period: "the first half of 2025";
// "two and a half times" is no half, and "rose by half" a change, read with the claim's own arithmetic.)
const RATIO_RE = new RegExp(
  String.raw`\b(nearly|almost|roughly|about|more than|over|less than|under|below|at least|at most|just over|just under|close to)?\s*${NOT_A_FRACTION_BEFORE}(?<!\band\s+a\s+)(?<!\bby\s+(?:(?:nearly|almost|roughly|about|more than|over|less than|under|just over|just under|close to)\s+)?)(double|doubled|twice|triple|tripled|(?:two|three|four|five|six|seven|eight|nine|ten)(?:\s+and\s+a\s+half)?\s+times|halved|half)\b(?!-|\s+(?:an?\s+)?(?:hour|minute|second|day|week|month|year)s?\b)`,
  'i',
);
const RATIO_FACTORS: Record<string, number> = { double: 2, doubled: 2, twice: 2, triple: 3, tripled: 3, 'three times': 3, halved: 0.5, half: 0.5 };

/** The factor a ratio's words give: "twice" 2, "two and a half times" 2.5. */
function factorOf(words: string): number {
  const times = /^(\p{L}+)(\s+and\s+a\s+half)?\s+times$/u.exec(words.replace(/\s+/g, ' '));
  return times ? WORD_NUMBERS[times[1]!]! + (times[2] ? 0.5 : 0) : RATIO_FACTORS[words]!;
}

/**
 * The stems of ratio wording ("nearly double") when the claim's two figures of one dimension
 * stand in that ratio (2,930 / 1,512 = 1.94), so the words need no evidence of their own.
 */
export function ratioWording(text: string, quantities: readonly Quantity[]): { words: string[]; holds: boolean; wording: string; actual: number } | undefined {
  const match = RATIO_RE.exec(text);
  if (!match) return undefined;
  const figures = quantities.filter((q) => q.value > 0 && /^\d/.test(q.raw));
  if (figures.length !== 2 || figures[0]!.dimension !== figures[1]!.dimension) return undefined;
  const factor = factorOf(match[2]!.toLowerCase());
  // "about four times the Field price" sets a figure against one the claim does not give: a multiple
  // by a number of times is read only with a figure written after it ("four times Fairmart's 2.2%").
  if (/times$/i.test(match[2]!) && !RATIO_FACTORS[match[2]!.toLowerCase()] && !figures.some((q) => q.start > match.index + match[0].length)) return undefined;
  const [a, b] = [figures[0]!.value, figures[1]!.value];
  const actual = factor >= 1 ? Math.max(a, b) / Math.min(a, b) : Math.min(a, b) / Math.max(a, b);
  const hedge = match[1]?.toLowerCase();
  let ok: boolean;
  // Halving, the change, is read the other way up: "more than halved" is a ratio below one half
  // ("less than half", the ratio, is not).
  if (match[2]!.toLowerCase() === 'halved' && hedge !== undefined && /^(?:more than|over|less than|under|below|just over|just under)$/.test(hedge)) {
    const more = hedge === 'more than' || hedge === 'over' || hedge === 'just over';
    ok = more ? actual < factor : actual > factor;
  } else if (hedge === 'more than' || hedge === 'over') ok = actual > factor;
  else if (hedge === 'less than' || hedge === 'under' || hedge === 'below') ok = actual < factor;
  else if (hedge === 'at least') ok = actual >= factor * 0.99;
  else if (hedge === 'at most') ok = actual <= factor * 1.01;
  else if (hedge === 'just over') ok = actual > factor && actual <= factor * 1.15;
  else if (hedge === 'just under') ok = actual < factor && actual >= factor * 0.9;
  else ok = Math.abs(actual - factor) <= (hedge ? 0.1 : 0.03) * factor;
  return { words: extractFeatures(match[0]).words, holds: ok, wording: match[0].trim(), actual };
}

export function contentWords(features: TextFeatures, wording: Wording): Map<string, number> {
  const words = new Map<string, number>();
  const hedgeOrCause = new Set(
    [wording.causal, wording.certainty, wording.hedge].filter((w): w is string => !!w).flatMap((w) => extractFeatures(w).words),
  );
  for (const word of features.words) {
    if (hedgeOrCause.has(word)) continue;
    words.set(word, Math.max(words.get(word) ?? 0, LIGHT_WORDS.has(word) ? 0.3 : 1));
  }
  return words;
}
