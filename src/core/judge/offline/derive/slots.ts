// Slot by slot, what the aligned records say of a proposition: each figure, time and date is
// matched (a record states it), derived (it follows from up to a few record values), mismatched
// (a record about the same entity and measure states another value) or missing; states, the actor
// and an absence are met or opposed. These outcomes are what the decision model reads.
import { claimedWindow, spanBoundTimes } from '../claims/window';
import { periodNumbers } from '../align/table-alignment';
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import type { AlignedRecord, Alignment } from '../align/align';
import type { Proposition } from '../claims/proposition';
import { readRecord } from '../records/record';
import { deriveEventGap } from './event-gaps';
import { memberFigures } from '../records/map-members';
import { dateMatches, deriveQuantity, dimensionsCompatible, isBound, isLimit, mistakable, quantityMatches, satisfiesBound, sharesKey, timeMatches, type Derivation } from './matching';

export type SlotOutcome = 'matched' | 'derived' | 'mismatched' | 'missing';

export interface SlotResult {
  slot: 'figure' | 'time' | 'date' | 'state' | 'actor' | 'absence' | 'negation';
  outcome: SlotOutcome;
  /** What the claim says, as written. */
  claimed: string;
  /** The record that meets or opposes it, and what it says. */
  unit?: IndexedItem;
  found?: string;
  derivation?: Derivation;
  /** Met by a record naming all of the claim's entities (not only by a record found by wording). */
  anchored?: boolean;
  /** Some record about the claim's entities gives the same measure another value, whatever else met it. */
  conflict?: boolean;
  /** Some record about the claim's entities gives a figure of the same dimension that differs (measure unsure). */
  dimensionConflict?: boolean;
}

/** How many aligned records a slot is checked against: the best by entity and wording. */
const CHECKED = 8;

/** Records that may speak for the claim's entities: all of them named, or the claim names none. */
function anchored(records: readonly AlignedRecord[]): AlignedRecord[] {
  return records.filter((r) => r.entityShare >= 1 && r.wordShare > 0);
}

export function checkSlots(prop: Proposition, alignment: Alignment): SlotResult[] {
  const records = alignment.records.slice(0, CHECKED);
  const sure = anchored(records);
  const units = records.map((r) => r.unit);
  const results: SlotResult[] = [];
  // ("weeks 36 to 39": numbers that label periods are no figures to find.)
  const labels = periodNumbers(prop.text);
  const aligned = alignment.records.map((r) => r.unit);
  const numbered = prop.features.identifiers.filter((id) => /\d/.test(id));
  for (const quantity of prop.features.quantities) {
    if (!quantity.hasUnit && labels.has(quantity.raw.trim())) continue;
    results.push(checkFigure(quantity, units, sure, prop.text, aligned, numbered));
  }
  // A window's bounds ("inside the 02:00–04:00 window") are a plan's: no other time of a record belies them.
  // So are a span's ("fired on the 02:30–03:00 average"): the times bound what was averaged.
  const window = claimedWindow(prop.text, prop.features.times);
  const spans = spanBoundTimes(prop.text, prop.features.times);
  for (const time of prop.features.times) {
    const hit = units.find((u) => u.features.times.some((t) => timeMatches(time, t)));
    if (hit) results.push({ slot: 'time', outcome: 'matched', claimed: time.raw, unit: hit, anchored: sure.some((r) => r.unit === hit) });
    else if ((window && (time === window.start || time === window.end)) || spans.has(time)) results.push({ slot: 'time', outcome: 'missing', claimed: time.raw });
    else {
      const other = sure.find((r) => r.unit.features.times.length > 0 && r.unit.item.kind !== 'paragraph');
      results.push(other ? { slot: 'time', outcome: 'mismatched', claimed: time.raw, unit: other.unit, found: other.unit.features.times[0]!.raw } : { slot: 'time', outcome: 'missing', claimed: time.raw });
    }
  }
  for (const date of prop.features.dates) {
    const hit = units.find((u) => u.features.dates.some((d) => dateMatches(date, d)));
    if (hit) results.push({ slot: 'date', outcome: 'matched', claimed: date.raw, unit: hit, anchored: sure.some((r) => r.unit === hit) });
    else {
      const other = sure.find((r) => r.unit.features.dates.length > 0);
      results.push(other ? { slot: 'date', outcome: 'mismatched', claimed: date.raw, unit: other.unit, found: other.unit.features.dates[0]!.raw } : { slot: 'date', outcome: 'missing', claimed: date.raw });
    }
  }
  results.push(...checkStates(prop, sure.length > 0 ? sure : records.slice(0, 3)));
  results.push(...checkPolarity(prop, sure));
  return results;
}

function checkFigure(quantity: Quantity, units: IndexedItem[], sure: AlignedRecord[], text: string, aligned: readonly IndexedItem[], identifiers: readonly string[]): SlotResult {
  const claimed = quantity.raw.trim();
  const meets = (e: Quantity): boolean => (isBound(quantity) ? satisfiesBound(quantity, e) : quantityMatches(quantity, e));
  // (A JSON map keyed by the claim's entity gives that member's figures, not its siblings'.)
  const figuresOf = (unit: IndexedItem): Quantity[] => memberFigures(unit, identifiers);
  // "up to 6,000 entries" against a record stating that limit is decided by the limit alone, not
  // by any smaller figure beside it (a chapter number, another column).
  const metIn = (unit: IndexedItem): boolean => {
    const figures = figuresOf(unit);
    const limits = quantity.qualifier === 'upper' ? figures.filter((e) => isLimit(e) && sharesKey(quantity, e)) : [];
    return (limits.length > 0 ? limits : figures).some(meets);
  };
  const sureUnits = sure.map((r) => r.unit);
  const anchoredHit = sureUnits.find(metIn);
  const hit = anchoredHit ?? units.find(metIn);
  let conflicting: { unit: IndexedItem; found: string } | undefined;
  let dimensionConflict = false;
  for (const unit of sureUnits) {
    if (metIn(unit)) continue;
    const same = figuresOf(unit).filter((e) => e.dimension === quantity.dimension && dimensionsCompatible(quantity, e));
    if (same.length > 0 && quantity.dimension !== 'count') dimensionConflict = true;
    const other = same.find((e) => sharesKey(quantity, e) && mistakable(quantity, e, text));
    if (other && !conflicting) conflicting = { unit, found: other.raw.trim() };
  }
  const marks = { anchored: anchoredHit !== undefined, conflict: conflicting !== undefined, dimensionConflict };
  if (hit) return { slot: 'figure', outcome: 'matched', claimed, unit: hit, ...marks };
  const derivation = deriveQuantity(quantity, units) ?? deriveEventGap(quantity, text, units, aligned);
  if (derivation) return { slot: 'figure', outcome: 'derived', claimed, unit: derivation.units[0], derivation, ...marks };
  if (conflicting) return { slot: 'figure', outcome: 'mismatched', claimed, unit: conflicting.unit, found: conflicting.found, ...marks };
  return { slot: 'figure', outcome: 'missing', claimed, ...marks };
}

/** States: a record aligned with the claim stating the same state, or another of the same set. */
function checkStates(prop: Proposition, records: readonly AlignedRecord[]): SlotResult[] {
  const results: SlotResult[] = [];
  for (const state of prop.states) {
    let outcome: SlotResult | undefined;
    for (const record of records) {
      const view = readRecord(record.unit);
      const stated = view.fieldStates.length > 0 ? view.fieldStates : view.states;
      const same = stated.filter((s) => s.set === state.set);
      if (same.length === 0) continue;
      if (same.some((s) => s.state === state.state)) {
        outcome = { slot: 'state', outcome: 'matched', claimed: state.state, unit: record.unit };
        break;
      }
      outcome ??= { slot: 'state', outcome: 'mismatched', claimed: state.state, unit: record.unit, found: same[0]!.state, anchored: record.entityShare >= 1 && record.wordShare >= 0.5 && view.fieldStates.length + view.states.length > 0 };
    }
    if (outcome) results.push(outcome);
  }
  return results;
}

/**
 * A denial ("was not restarted") or an absence ("no other keys were changed") against the
 * records about its entities: one that states the thing without denying it opposes it; none
 * opposing is what an absence claim needs.
 */
function checkPolarity(prop: Proposition, records: readonly AlignedRecord[]): SlotResult[] {
  const slot = prop.absence ? 'absence' : prop.negation ? 'negation' : undefined;
  if (!slot) return [];
  const claimed = prop.absence ?? prop.negation!;
  // A record about the claim's entities that states the denied thing itself, without denying it.
  const opposing = records.find((r) => {
    const view = readRecord(r.unit);
    return !view.negated && !view.prose && prop.denied.some((stem) => r.unit.wordSet.has(stem));
  });
  if (opposing) return [{ slot, outcome: 'mismatched', claimed, unit: opposing.unit, found: opposing.unit.text.slice(0, 80), anchored: true }];
  return [{ slot, outcome: 'matched', claimed }];
}
