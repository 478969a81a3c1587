// A claim that sets one of its own figures above or below another the wrong way: "2.2 ms,
// slightly above its pre-change baseline of 2.3 ms", "-2.7 °C after the change, colder than the
// -2.8 °C recorded before", "1.18 mg/L, slightly above the old 1.2 mg/L setpoint". Whatever the
// evidence holds, the two figures and the word between them cannot all be right. Only a figure
// set apart from the word (a comma or words between) is compared: "0.1 above the 2.1 baseline"
// gives a difference, and "80 or above" a bound.
import type { Quantity } from '../../../retrieval/index';
import { dimensionsCompatible, isBound } from '../derive/matching';
import { escapePhrase, phrasePattern } from '../vocabulary';
import order from '../vocabulary/figure-order.json';
import polarity from '../vocabulary/polarity.json';
import { TREND_DOWN, TREND_UP } from '../contradictions/trends';
import { measurePolarity } from '../align/measure-direction';

const WORD_RE = new RegExp(`\\b(${[...order.greater, ...order.smaller].map(escapePhrase).join('|')})\\b`, 'gi');
const GREATER = new Set(order.greater.map((phrase) => phrase.toLowerCase()));

export interface FigureOrder {
  wording: string;
  larger: Quantity;
  smaller: Quantity;
}

/** The claim's two figures its order word puts the wrong way round, if it does. */
export function wrongFigureOrder(text: string, quantities: readonly Quantity[]): FigureOrder | undefined {
  const figures = quantities.filter((q) => q.qualifier !== 'delta' && !isBound(q) && /\d/.test(q.raw));
  for (const match of text.matchAll(WORD_RE)) {
    const at = match.index;
    const end = at + match[0].length;
    // The figure the word compares to: the first after it, within a few words ("its baseline of 2.3 ms").
    const after = figures.find((q) => q.start >= end && q.start - end <= 40 && !/[.;]/.test(text.slice(end, q.start)));
    // The figure it compares: the last before it in the same clause, set apart from the word.
    const before = [...figures].reverse().find((q) => q.start + q.raw.length <= at);
    if (!after || !before) continue;
    // "over half of the 213", "more than twice the 40": a ratio of the figure, not the figure.
    if (/\b(?:half|third|thirds|quarter|quarters|twice|double|triple|times|fold)\b/i.test(text.slice(end, after.start))) continue;
    // "more than Fibre 500", "behind Route 27": a number that names a thing is no figure to compare.
    if (!after.hasUnit && /^\d+$/.test(after.raw.trim()) && /\p{Lu}[\p{L}-]*\s+$/u.test(text.slice(Math.max(0, after.start - 20), after.start))) continue;
    const gap = text.slice(before.start + before.raw.length, at);
    // (Beyond the figure's own unit when it is written after it: "0.04 mg/L below" is a difference.)
    const apart = /\p{L}/u.test(before.raw) ? gap : gap.replace(/^\s*\S+/u, '');
    if (gap.length > 60 || /[.;]|\bor\b|\band\b|\bbut\b|\bwhile\b/i.test(gap) || !/[,\p{L}]/u.test(apart)) continue;
    if (before.dimension !== after.dimension || !dimensionsCompatible(before, after) || before.hasUnit !== after.hasUnit) continue;
    if (before.value === after.value) continue;
    const greater = GREATER.has(match[0].toLowerCase().replace(/\s+/g, ' '));
    const holds = greater ? before.value > after.value : before.value < after.value;
    if (!holds) return { wording: match[0], larger: greater ? after : before, smaller: greater ? before : after };
  }
  return undefined;
}

const BETTER_RE = phrasePattern(polarity.better);
const WORSE_RE = phrasePattern(polarity.worse);

export interface WrongMovement {
  wording: string;
  from: Quantity;
  to: Quantity;
}

/**
 * A movement the claim gives between two of its own figures the other way round: "latency fell
 * from 95 ms to 140 ms", "improved from 95 ms to 140 ms" of a measure whose lower values are
 * better. The figures are the "from" and the "to" right after the verb, of one kind; a rank
 * ("from 5th to 2nd") and a denied movement are left alone.
 */
export function wrongMovement(text: string, quantities: readonly Quantity[]): WrongMovement | undefined {
  const down = TREND_DOWN.exec(text);
  const up = TREND_UP.exec(text);
  const better = BETTER_RE.exec(text);
  const worse = WORSE_RE.exec(text);
  const found = [down, up, better, worse].filter((m): m is RegExpExecArray => m !== null);
  if (found.length !== 1) return undefined;
  const verb = found[0]!;
  if (/\b(?:not|never|no|n't)\b[^,.;]*$/i.test(text.slice(0, verb.index))) return undefined;
  // (Which way is better, for "improved", is the measure's: the words before the verb name it.)
  let sign = verb === down ? -1 : verb === up ? 1 : 0;
  if (sign === 0) {
    const measure = measurePolarity(text.slice(0, verb.index).toLowerCase().replace(/[^\p{L}]+/gu, '_'));
    if (measure === 0) return undefined;
    sign = verb === better ? measure : -measure;
  }
  const rest = text.slice(verb.index + verb[0].length);
  const span = /^(?:\s+[\p{L}-]+){0,3}?\s+(from\s+(?:about\s+|around\s+|roughly\s+)?\S+(?:\s+\S+)?\s+to\s+(?:about\s+|around\s+|roughly\s+)?\S+)/iu.exec(rest);
  if (!span) return undefined;
  const at = verb.index + verb[0].length + span.index + span[0].length - span[1]!.length;
  const end = at + span[1]!.length + 12;
  const figures = quantities.filter((q) => q.start >= at && q.start < end && /\d/.test(q.raw) && q.qualifier !== 'delta');
  if (figures.length !== 2) return undefined;
  const [from, to] = figures as [Quantity, Quantity];
  if (/\d(?:st|nd|rd|th)\b/i.test(from.raw + ' ' + to.raw) || /\b(?:place|rank|position)\b/i.test(text)) return undefined;
  if (from.dimension !== to.dimension || !dimensionsCompatible(from, to) || from.value === to.value) return undefined;
  return Math.sign(to.value - from.value) === sign ? undefined : { wording: verb[0], from, to };
}
