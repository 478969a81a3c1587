// The time window a claim says work fell inside: "inside the 02:00–04:00 maintenance window",
// "within the approved 06:00–10:00 UTC window" — two clock times written as a range before the
// window's noun (window-fit.json). Its bounds are a plan's, not the time of an event.
import type { ClockTime } from '../../../retrieval/index';
import windowFit from '../vocabulary/window-fit.json';

const RANGE_BETWEEN_RE = /^\s*(?:–|—|-|to)\s*$/;
const INSIDE_BEFORE_RE = /\b(?:inside|within)\b(?:\s+[\p{L}'’-]+){0,4}\s*$/iu;
const WINDOW_AFTER_RE = new RegExp(`^\\s*(?:UTC|[A-Z]{2,4}|\\([A-Z]{2,4}\\))?\\s*(?:[\\p{L}-]+\\s+){0,2}?(?:${windowFit.windowWords.join('|')})\\b`, 'u');

export interface ClaimedWindow {
  start: ClockTime;
  end: ClockTime;
}

/** The window a claim says work fell inside: two of its clock times as a range before "window". */
export function claimedWindow(text: string, claimTimes: readonly ClockTime[]): ClaimedWindow | undefined {
  const times = [...claimTimes].sort((a, b) => a.start - b.start);
  for (let i = 0; i + 1 < times.length; i++) {
    const start = times[i]!;
    const end = times[i + 1]!;
    if (!RANGE_BETWEEN_RE.test(text.slice(start.start + start.raw.length, end.start))) continue;
    if (!WINDOW_AFTER_RE.test(text.slice(end.start + end.raw.length))) continue;
    if (!INSIDE_BEFORE_RE.test(text.slice(Math.max(0, start.start - 60), start.start))) continue;
    return { start, end };
  }
  return undefined;
}

const DASH_BETWEEN_RE = /^\s*[–—-]\s*$/;
const SPAN_AFTER_RE = new RegExp(`^\\s*(?:UTC|[A-Z]{2,4}|\\([A-Z]{2,4}\\))?\\s*(?:[\\p{L}-]+\\s+){0,2}?(?:${windowFit.spanWords.join('|')})\\b`, 'iu');

/** Whether the words after two clock times name a stretch of time they bound ("… window", "… average"). */
export function namesStretchAfter(after: string): boolean {
  return SPAN_AFTER_RE.test(after);
}

/**
 * The clock times that bound a stretch of time a claim names by them: "fired on the 02:30–03:00
 * average", "booked into the 14:00–14:15 slot". Those are no moment of an event.
 */
export function spanBoundTimes(text: string, claimTimes: readonly ClockTime[]): Set<ClockTime> {
  const times = [...claimTimes].sort((a, b) => a.start - b.start);
  const out = new Set<ClockTime>();
  for (let i = 0; i + 1 < times.length; i++) {
    const [start, end] = [times[i]!, times[i + 1]!];
    if (!DASH_BETWEEN_RE.test(text.slice(start.start + start.raw.length, end.start))) continue;
    if (!SPAN_AFTER_RE.test(text.slice(end.start + end.raw.length))) continue;
    out.add(start).add(end);
  }
  return out;
}
