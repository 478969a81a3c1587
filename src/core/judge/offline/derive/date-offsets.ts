// A date no record states may follow from a date and a period: "kept for 14 days, so it can be
// used until 1 May" (the snapshot's date plus 14 days), "refunded until 30 August" (1 June plus
// 90 days), "renewal opens 42 days before expiry". The base date and the period each come from
// the claim or from a record about the claim's subject; calendar months and years are counted as
// such, not as 30 or 365 days.
import type { CalendarDate, IndexedItem, Quantity } from '../../../retrieval/index';
import { type ClaimView, holdsSomeAnchor } from '../claim-view';

const DAY = 86_400;
/** Figures tried from the records, so a claim costs what its candidates hold, not the evidence's size. */
const LIMIT = 40;

interface Sourced<T> {
  value: T;
  /** The record it comes from; undefined when the claim gives it. */
  unit?: IndexedItem;
}

/** The records a date follows from ([] when the claim gives both parts), or undefined. */
export function dateOffsetDerivation(view: ClaimView, date: CalendarDate, candidates: readonly IndexedItem[]): IndexedItem[] | undefined {
  if (date.day === undefined) return undefined;
  const records = candidates.filter((unit) => unit.item.kind !== 'reasoning' && holdsSomeAnchor(view, unit)).slice(0, LIMIT);
  const bases: Array<Sourced<CalendarDate>> = [
    ...view.features.dates.filter((d) => d !== date && d.day !== undefined).map((value) => ({ value })),
    ...records.flatMap((unit) => unit.features.dates.filter((d) => d.day !== undefined).map((value) => ({ value, unit }))),
  ];
  if (bases.length === 0) return undefined;
  const periods: Array<Sourced<Quantity>> = [
    ...view.features.quantities.filter(isPeriod).map((value) => ({ value })),
    ...records.flatMap((unit) => unit.features.quantities.filter(isPeriod).map((value) => ({ value, unit }))),
  ];
  for (const base of bases) {
    for (const period of periods) {
      if (base.unit === undefined && period.unit === undefined && view.features.dates.length < 2) continue;
      if (offsets(base.value, period.value).some((day) => sameDay(day, date, base.value))) return [...new Set([base.unit, period.unit].filter((unit): unit is IndexedItem => unit !== undefined))];
    }
  }
  return undefined;
}

/** A whole number of days, weeks, months or years. */
function isPeriod(quantity: Quantity): boolean {
  return quantity.dimension === 'duration' && quantity.value >= DAY && quantity.value % DAY === 0 && quantity.value <= 5 * 366 * DAY;
}

/** The days a period from a base date may end on: after it (or its last day, counted inclusively), or before it. */
function offsets(base: CalendarDate, period: Quantity): Date[] {
  const start = new Date(Date.UTC(base.year ?? 2001, base.month - 1, base.day!));
  const unit = /year/i.test(period.raw) ? 'year' : /month/i.test(period.raw) ? 'month' : 'day';
  const count = unit === 'year' ? Math.round(period.value / (365 * DAY)) : unit === 'month' ? Math.round(period.value / (30 * DAY)) : period.value / DAY;
  const shifted = (sign: number, extraDays: number): Date => {
    const day = new Date(start);
    if (unit === 'year') day.setUTCFullYear(day.getUTCFullYear() + sign * count);
    else if (unit === 'month') day.setUTCMonth(day.getUTCMonth() + sign * count);
    else day.setUTCDate(day.getUTCDate() + sign * count);
    day.setUTCDate(day.getUTCDate() + extraDays);
    return day;
  };
  return [shifted(1, 0), shifted(1, -1), shifted(-1, 0)];
}

/** Whether a computed day is the claimed date (a date without a year takes the base's, and may fall in the next or last year). */
function sameDay(day: Date, claimed: CalendarDate, base: CalendarDate): boolean {
  if (day.getUTCMonth() + 1 !== claimed.month || day.getUTCDate() !== claimed.day) return false;
  if (claimed.year === undefined || base.year === undefined) return true;
  return day.getUTCFullYear() === claimed.year;
}
