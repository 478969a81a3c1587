// A claim whose own figures disagree with what it says they make: "Five of the 20 excursions, a
// third of the total" (5 of 20 is a quarter); "fell from 182 kW to 139 kW, a drop of about 31%"
// (24%); "moved from 06:00 to 09:30, a delay of about two and a half hours" (three and a half);
// "29,410 eggs, about a quarter fewer than the 35,120" (16% fewer). Whatever the evidence holds,
// one of the claim's figures is wrong. Read in plain statements only (no hedge, plan or forecast),
// each relation in one of four fixed shapes — a change between two figures, a part of a whole, a
// comparison by a share, the time between two clock times — so that a figure is never set against
// another it does not speak of. Wording is data (vocabulary/own-arithmetic.json).
import type { ClockTime, Quantity } from '../../../retrieval/index';
import { WORD_NUMBERS } from '../../../retrieval/reading/vocabulary';
import type { ClaimView } from '../claim-view';
import { durationHolds } from '../records/events';
import { escapePhrase, phrasePattern } from '../vocabulary';
import vocabulary from '../vocabulary/own-arithmetic.json';

export interface OwnArithmetic {
  /** What the claim says its figures make ("a drop of about 31%"). */
  wording: string;
  /** What they make ("23.6%"). */
  actual: string;
}

const FRACTIONS: Record<string, number> = vocabulary.fractions;
const alternatives = (phrases: readonly string[]): string => [...phrases].sort((a, b) => b.length - a.length).map(escapePhrase).join('|');
const FRACTION = alternatives(Object.keys(FRACTIONS));
const HEDGE = `(?:${alternatives(['about', 'around', 'roughly', 'some', 'approximately', 'close to', 'an estimated', ...Object.values(vocabulary.boundHedges).flat()])})`;
const MODAL_RE = phrasePattern(vocabulary.modal);
/** The change words right before a change's figure: "a drop of about", "rose by", "cuts nitrogen by". */
const CHANGE_BEFORE_RE = new RegExp(`(?<![\\p{L}-])(?:${alternatives(vocabulary.changeWords)})(?:\\s+of)?(?:\\s+${HEDGE})*\\s*$`, 'iu');
const CHANGE_AFTER_RE = new RegExp(`^\\s*(?:${alternatives(vocabulary.changeAfter)})\\b`, 'i');
const FRACTION_CHANGE_RE = new RegExp(`(?<![\\p{L}-])(?:${alternatives(vocabulary.changeWords)})(?:\\s+of)?\\s+((?:${HEDGE}\\s+)*)(${FRACTION})(?![\\p{L}-])`, 'iu');
const COMPARATIVE_RE = new RegExp(`((?:${HEDGE}\\s+)*)(${FRACTION}|\\d[\\d.]*\\s*%)\\s+(?:${alternatives(vocabulary.comparatives)})\\s+than\\b`, 'iu');
const SPAN_BEFORE_RE = new RegExp(`(?<![\\p{L}-])(?:${alternatives(vocabulary.spanBefore)})\\s+(?:${HEDGE}\\s+)*$`, 'iu');
const SPAN_AFTER_RE = new RegExp(`^\\s*(?:${alternatives(vocabulary.spanAfter)})\\b`, 'i');
const LIMIT_RE = phrasePattern(vocabulary.limitWords);
const MULTIPLE_AFTER_RE = /^\s*(?:-?\s*fold\b|times\b|x\b|×)/i;
const AGAINST = alternatives(vocabulary.againstWords);
const NUMBER_WORD = Object.keys(WORD_NUMBERS).filter((word) => WORD_NUMBERS[word]! <= 20).join('|');
const PART_OF_RE = new RegExp(`(?<![\\w.,])(\\d[\\d,]*(?:\\.\\d+)?|${NUMBER_WORD})\\s+of\\s+(?:the\\s+|its\\s+|their\\s+|all\\s+)?(\\d[\\d,]*(?:\\.\\d+)?)(?![\\d.,]\\d)`, 'giu');

type Bound = 'above' | 'below' | 'justAbove' | 'justBelow' | 'approx' | 'plain';

function boundOf(hedge: string | undefined): Bound {
  const words = (hedge ?? '').toLowerCase().trim().replace(/\s+/g, ' ');
  if (!words) return 'plain';
  for (const [bound, phrases] of Object.entries(vocabulary.boundHedges)) if (phrases.some((phrase) => words.endsWith(phrase))) return bound as Bound;
  return 'approx';
}

const HEDGE_BEFORE_RE = new RegExp(`(?:${HEDGE}\\s+)+$`, 'iu');

/** The hedge written right before a figure ("a drop of about", "just under"), if any. */
function hedgeBefore(text: string, start: number): string | undefined {
  return HEDGE_BEFORE_RE.exec(text.slice(Math.max(0, start - 30), start))?.[0];
}

/**
 * Whether what the figures make agrees with what the claim says, within the rounding its wording
 * allows: `slack` is the relative slack of a rounded figure, `floor` the least absolute one.
 */
function agrees(actual: number, stated: number, bound: Bound, slack: number, floor: number): boolean {
  switch (bound) {
    case 'above':
      return actual > stated * 0.99;
    case 'below':
      return actual < stated * 1.01;
    case 'justAbove':
      return actual >= stated * 0.99 && actual <= stated * (1 + Math.max(slack, 0.15)) + floor;
    case 'justBelow':
      return actual <= stated * 1.01 + floor && actual >= stated * (1 - Math.max(slack, 0.2));
    default:
      // A figure given plainly is held to a quarter of the slack an "about" allows.
      return Math.abs(actual - stated) <= Math.max((bound === 'approx' ? slack : slack / 4) * stated, floor);
  }
}

/** A percentage as written: the slack of its rounding ("about 31%" is 31 ± 12%, "31.4%" ± a tenth). */
function percentAgrees(actual: number, stated: Quantity, bound: Bound): boolean {
  const step = 10 ** -stated.decimals;
  return agrees(actual, stated.value, bound, 0.12, bound === 'plain' ? step / 2 : step);
}

const fractionAgrees = (actual: number, fraction: number, bound: Bound): boolean => agrees(actual, fraction, bound === 'plain' ? 'approx' : bound, 0.2, 0);
const shown = (value: number, digits = 1): string => `${Number(value.toFixed(digits))}`;
const isYear = (q: Quantity): boolean => !q.hasUnit && /^(?:19|20)\d\d$/.test(q.raw.trim());
const between = (text: string, from: { start: number; raw: string }, to: { start: number }): string => text.slice(from.start + from.raw.length, to.start);

export function ownArithmeticConflict(view: ClaimView): OwnArithmetic | undefined {
  const text = view.claim.text;
  // Every shape sets two of the claim's figures against what it says they make, or two clock times
  // against a length: most claims have neither, and are left before any pattern is run.
  const { quantities, times } = view.features;
  if (quantities.length < 2 && !(quantities.length === 1 && times.length === 2)) return undefined;
  if (view.wording.hedge || MODAL_RE.test(text)) return undefined;
  const figures = quantities.filter((q) => Number.isFinite(q.value)).sort((a, b) => a.start - b.start);
  return changeConflict(text, figures) ?? partConflict(text, figures) ?? comparativeConflict(text, figures) ?? spanConflict(view, figures);
}

/** "fell from 182 kW … to 139 kW, a drop of about 31%", "cut nitrogen by two thirds, from 150 to 50 ppm". */
function changeConflict(text: string, figures: readonly Quantity[]): OwnArithmetic | undefined {
  for (let i = 0; i + 1 < figures.length; i++) {
    const [a, b] = [figures[i]!, figures[i + 1]!];
    // (A temperature's or any negative figure's change is no ratio of the two, nor is one of years: "from 2023 to 2024".)
    if (a.dimension !== b.dimension || a.value <= 0 || b.value < 0 || a.dimension === 'duration' || a.dimension === 'temperature' || isYear(a) || isYear(b)) continue;
    if (!/^[^\d]{0,40}?\b(?:to|until)\s+(?:(?:an\s+average\s+of|about|around|roughly|approximately)\s+)?$/i.test(between(text, a, b))) continue;
    const openingStart = Math.max(0, a.start - 45);
    const from = /\bfrom\b[^\d]*$/i.exec(text.slice(openingStart, a.start));
    if (!from) continue;
    const fromStart = openingStart + from.index;
    const relative = Math.abs(b.value / a.value - 1);
    const points = a.dimension === 'percent' ? Math.abs(b.value - a.value) : undefined;
    // The change's figure: right after the pair ("…, a drop of about 31%") or right before "from" ("fell by 24%, from …").
    const next = figures[i + 2];
    const previous = figures[i - 1];
    const after = text.slice(b.start + b.raw.length, b.start + b.raw.length + 50);
    const before = text.slice(Math.max(0, fromStart - 50), fromStart);
    const nextIsChange = next !== undefined && /^[^\d;]{0,45}$/.test(between(text, b, next)) && (CHANGE_BEFORE_RE.test(between(text, b, next)) || CHANGE_AFTER_RE.test(text.slice(next.start + next.raw.length)));
    const previousIsChange = previous !== undefined && /^[^\d;]{0,25}$/.test(text.slice(previous.start + previous.raw.length, fromStart)) && CHANGE_BEFORE_RE.test(text.slice(Math.max(0, previous.start - 30), previous.start));
    const stated = nextIsChange ? next : previousIsChange ? previous : undefined;
    if (stated && /^\d/.test(stated.raw.trim())) {
      const bound = boundOf(hedgeBefore(text, stated.start));
      // "rose about 4.5-fold, from 874 to 3,931": a multiple of the first figure.
      if (MULTIPLE_AFTER_RE.test(text.slice(stated.start + stated.raw.length))) {
        const ratio = Math.max(a.value, b.value) / Math.min(a.value, b.value);
        if (b.value === 0 || agrees(ratio, stated.value, bound, 0.12, 10 ** -stated.decimals)) continue;
        return { wording: `${stated.raw.trim()}-fold`, actual: `×${shown(ratio, 2)}` };
      }
      if (stated.dimension === 'percent') {
        if (percentAgrees(relative * 100, stated, bound) || (points !== undefined && percentAgrees(points, stated, bound))) continue;
        return { wording: stated.raw.trim(), actual: `${shown(relative * 100)}%${points !== undefined ? ` (${shown(points)} points)` : ''}` };
      }
      if (stated.dimension === a.dimension && stated.hasUnit === a.hasUnit) {
        const difference = Math.abs(b.value - a.value);
        // (Rounded to the written unit: "a gain of roughly 50 lids", "about 43 kW".)
        if (agrees(difference, stated.value, bound, 0.12, stated.scale)) continue;
        return { wording: stated.raw.trim(), actual: shown(difference / stated.scale) };
      }
      continue;
    }
    const fraction = fractionOfChange(after.split(/[;\d]/)[0]!, 'after') ?? fractionOfChange(before.split(/[;\d]/).at(-1)!, 'before');
    if (!fraction) continue;
    if (fractionAgrees(relative, FRACTIONS[fraction[2]!.toLowerCase()]!, boundOf(fraction[1]))) continue;
    return { wording: fraction[0].trim(), actual: `${shown(relative * 100)}%` };
  }
  return undefined;
}

/**
 * A change written as a fraction next to its pair of figures: "…, down by about a third" after it,
 * "cut by two thirds, from …" before it; not the fraction of another pair ("…, and cuts nitrogen by
 * two thirds, from 150 to 50") nor of a unit ("by half a degree").
 */
function fractionOfChange(text: string, side: 'after' | 'before'): RegExpExecArray | undefined {
  const fraction = FRACTION_CHANGE_RE.exec(text);
  if (!fraction) return undefined;
  const rest = text.slice(fraction.index + fraction[0].length);
  if (/^\s+(?:an?|of\s+an?)\s+\p{L}/iu.test(rest)) return undefined;
  if (side === 'after' && (fraction.index > 25 || /^\s*,?\s*from\b/i.test(rest))) return undefined;
  if (side === 'before' && !/^\s*,?\s*$/.test(rest)) return undefined;
  return fraction;
}

/** "Five of the 20 excursions, a third of the total", "about 2.9% (45 of 1,563 fills)". */
function partConflict(text: string, figures: readonly Quantity[]): OwnArithmetic | undefined {
  const parts = [...text.matchAll(PART_OF_RE)];
  if (parts.length !== 1) return undefined;
  const match = parts[0]!;
  const part = figures.find((q) => q.start === match.index);
  const whole = figures.find((q) => q.start === match.index! + match[0].length - match[2]!.length);
  if (!part || !whole || part.dimension !== whole.dimension || part.hasUnit !== whole.hasUnit || whole.value <= 0 || part.value > whole.value) return undefined;
  const i = figures.indexOf(whole);
  const next = figures[i + 1];
  const previous = figures[figures.indexOf(part) - 1];
  const closeAfter = next && next.dimension === 'percent' && (/^[^\d;()]{0,50}$/.test(between(text, whole, next)) || /^\s*\(\s*$/.test(between(text, whole, next))) && !/\b(?:with|while|whereas|against|but|compared|versus|and|from|to|than|up|down)\b/i.test(between(text, whole, next));
  const closeBefore = previous && previous.dimension === 'percent' && /^\s*[(,]\s*$/.test(between(text, previous, part));
  const stated = closeAfter ? next : closeBefore ? previous : undefined;
  if (!stated) return undefined;
  const actual = (part.value / whole.value) * 100;
  const fraction = !/^\d/.test(stated.raw.trim());
  const bound = boundOf(hedgeBefore(text, stated.start));
  // ("238 of 240 sensors updated, a failure rate of about 0.8%": the share of the rest.)
  const agreesWith = (share: number): boolean => (fraction ? fractionAgrees(share / 100, stated.value / 100, bound) : percentAgrees(share, stated, bound));
  if (agreesWith(actual) || agreesWith(100 - actual)) return undefined;
  return { wording: `${match[0]}, ${stated.raw.trim()}`, actual: `${shown(actual)}%` };
}

/** "29,410 eggs …, about a quarter fewer than the 35,120". */
function comparativeConflict(text: string, figures: readonly Quantity[]): OwnArithmetic | undefined {
  const match = COMPARATIVE_RE.exec(text);
  if (!match) return undefined;
  const end = match.index + match[0].length;
  const reference = figures.find((q) => q.start >= end && /^[^\d]{0,30}$/.test(text.slice(end, q.start)));
  if (!reference) return undefined;
  // The figure compared: of the reference's measure, written in digits before the wording, and of
  // those the nearest in size (not a year or a week number: "7,247,500 tablets in week 18, about 2.2% fewer than the 7,407,000").
  const size = (q: Quantity): number => Math.abs(Math.log(q.value / reference.value));
  const compared = figures
    .filter((q) => q.start < match.index && q.dimension === reference.dimension && q.hasUnit === reference.hasUnit && q.value > 0 && /^\d/.test(q.raw.trim()))
    .sort((x, y) => size(x) - size(y))[0];
  if (!compared || reference.value <= 0) return undefined;
  const relative = Math.abs(compared.value / reference.value - 1);
  const bound = boundOf(match[1]);
  const written = match[2]!.toLowerCase();
  const fraction = FRACTIONS[written];
  const holds = fraction !== undefined ? fractionAgrees(relative, fraction, bound) : percentAgrees(relative * 100, { ...reference, value: Number.parseFloat(written), decimals: (written.split('.')[1] ?? '').replace(/\D/g, '').length }, bound);
  return holds ? undefined : { wording: match[0].trim(), actual: `${shown(relative * 100)}%` };
}

/** "moved from 06:00 to 09:30, a delay of about two and a half hours", "left at 11:40 instead of the planned 08:00, about 3 hours 40 minutes late". */
function spanConflict(view: ClaimView, figures: readonly Quantity[]): OwnArithmetic | undefined {
  const text = view.claim.text;
  const times = [...view.features.times].sort((a, b) => a.start - b.start);
  if (times.length !== 2 || view.features.dates.length > 1) return undefined;
  const [first, second] = times as [ClockTime, ClockTime];
  const gap = between(text, first, second);
  const linked =
    (/\bfrom\s+(?:[\p{L}-]+\s+){0,4}$/iu.test(text.slice(Math.max(0, first.start - 40), first.start)) && /^\s*(?:[\p{L},-]+\s+){0,5}(?:to|until|till|through)\s+(?:[\p{L}-]+\s+){0,4}$/iu.test(gap)) ||
    (/\bbetween\s+$/i.test(text.slice(Math.max(0, first.start - 10), first.start)) && /^\s*and\s+$/i.test(gap)) ||
    /^\s*(?:to|until|–|-|—)\s*$/i.test(gap) ||
    new RegExp(`^\\s*,?\\s*(?:${AGAINST})\\s+(?:(?:the|a|an|its|their)\\s+)?(?:[\\p{L}-]+\\s+){0,2}$`, 'iu').test(gap) ||
    /^\s*and\s+(?:[a-z]+\s+){1,3}(?:at\s+)?$/.test(gap);
  if (!linked) return undefined;
  const spans = figures.filter((q) => q.dimension === 'duration' && q.hasUnit && !times.some((t) => q.start >= t.start && q.start < t.start + t.raw.length));
  if (spans.length !== 1) return undefined;
  const span = spans[0]!;
  const lead = text.slice(Math.max(0, span.start - 40), span.start);
  const hedge = hedgeBefore(text, span.start);
  const beforeHedge = lead.slice(0, lead.length - (hedge?.length ?? 0));
  const spanWorded = SPAN_BEFORE_RE.test(lead) || SPAN_AFTER_RE.test(text.slice(span.start + span.raw.length));
  // (A limit or a length of each of several things: "inside the 30-minute target", "each time holding for 5 minutes".)
  const words = (part: string): string[] => part.split(/\s+/).filter(Boolean);
  const limited = LIMIT_RE.test(words(beforeHedge).slice(-4).join(' ')) || LIMIT_RE.test(words(text.slice(span.start + span.raw.length)).slice(0, 3).join(' '));
  if (!spanWorded || limited || span.value >= 12 * 3600) return undefined;
  // The span stands next to its two moments ("from 02:38 until 03:52, a stop of …"),
  // and the moments are no window something else happened in ("in the 02:30–02:40 window, … for 8 minutes").
  const [near, far] = span.start > second.start ? [second, span] : [span, first];
  if (!/^[^;]{0,60}$/.test(text.slice(near.start + near.raw.length, far.start))) return undefined;
  if (LIMIT_RE.test(words(text.slice(second.start + second.raw.length)).slice(0, 3).join(' '))) return undefined;
  const forward = (((second.seconds - first.seconds) % 86400) + 86400) % 86400;
  const actual = Math.min(forward, 86400 - forward);
  // (Within the rounding the events' spans are read with: "about an hour" is an hour give or take half of one.)
  if (durationHolds(span, actual, hedge !== undefined)) return undefined;
  return { wording: span.raw.trim(), actual: `${shown(actual / 60, 0)} minutes` };
}
