// A reading given at its own time that the record of that minute gives otherwise: "01:50 — The
// pot reading is down to 158 °C" while the 01:50 record has glue_temp_c=164 (158 is 01:55's). The
// claim's one figure with a unit is stated at a clock time (momentOfFigure); the records of that
// minute (of the entity the claim names, if it names one by a code) give exactly one reading of
// the figure's kind — a bar such as a setpoint or a limit is no reading — and it is not the figure.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { isBound, isLimit, quantityMatches, timeMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted, momentOfFigure, numberedIdentifiers } from '../claim-view';
import { THRESHOLD_WORDS } from '../vocabulary';

/** More records than this in one minute are a burst, not one reading's record. */
const MAX_RECORDS_AT_MINUTE = 50;

/**
 * Run twice: in the chain, before support is sought, only for a figure a record of another minute
 * writes (support would pair this minute's record with that one); after support, for a figure no
 * record holds, once the checks of a row's own value have had their say (rules.ts).
 */
export function contradictMomentReading(view: ClaimView, onlyWrittenElsewhere = false): ClaimVerdict | undefined {
  // (A time that bounds, "back above it by 01:31", is no moment of the reading.)
  if (view.wording.hedge || view.wording.negated.length > 0 || view.features.times.length !== 1 || view.wording.before !== undefined || view.wording.after !== undefined) return undefined;
  const figures = view.features.quantities.filter((q) => !isBound(q) && q.qualifier !== 'delta');
  if (figures.length !== 1 || !figures[0]!.hasUnit || figures[0]!.dimension === 'duration') return undefined;
  const figure = figures[0]!;
  const moment = momentOfFigure(view, figure);
  if (!moment) return undefined;
  const named = numberedIdentifiers(view);
  const minute = Math.floor(moment.seconds / 60);
  // The records of the entity the claim names, else of the minute: a minute of many records (a
  // burst of log lines) is no one record's reading.
  const positions = named.length > 0 ? view.index.itemsWith(`i:${named[0]}`) : [...view.index.itemsWith(`t:${minute}`), ...view.index.itemsWith(`t:${minute - 1}`)];
  if (named.length === 0 && positions.length > MAX_RECORDS_AT_MINUTE) return undefined;
  const records = positions.map((position) => view.index.items[position]!).filter((unit) => isRecord(unit) && unit.features.times.some((t) => timeMatches(moment, t)));
  const readings: Array<{ unit: IndexedItem; reading: Quantity }> = [];
  for (const unit of records) {
    for (const reading of unit.features.quantities) {
      if (reading.dimension !== figure.dimension || reading.key.length === 0 || isBound(reading) || isLimit(reading) || reading.key.some((word) => THRESHOLD_WORDS.has(word))) continue;
      readings.push({ unit, reading });
    }
  }
  const kinds = new Set(readings.map(({ reading }) => reading.key.join(' ')));
  if (kinds.size !== 1 || readings.some(({ reading }) => quantityMatches(figure, reading))) return undefined;
  // A record of that minute that writes the figure's number anywhere ("output 88% -> 100%") may give it.
  const number = /\d[\d,]*(?:\.\d+)?/.exec(figure.raw)?.[0].replace(/,/g, '') ?? '';
  const written = new RegExp(`(?<![\\d.])${number.replace('.', '\\.')}(?![\\d])`);
  const writes = (unit: IndexedItem): boolean => written.test(unit.text.replace(/(?<=\d),(?=\d{3})/g, ''));
  if (records.some(writes)) return undefined;
  // (Records index their figures by the integer part in the base unit: only those can write it.)
  if (onlyWrittenElsewhere && !view.index.itemsWith(`n:${Math.trunc(figure.value)}`).some((position) => isRecord(view.index.items[position]!) && writes(view.index.items[position]!))) return undefined;
  const { unit, reading } = readings[0]!;
  // The field as the record writes it (error_rate_pct=37.9), else the reading's words.
  const field = Object.entries(unit.features.fields).find(([, value]) => value.trim() === reading.raw.trim())?.[0] ?? reading.key.join(' ');
  return contradicted(unit, `claim says ${figure.raw.trim()} at ${moment.raw}; ${unit.item.id} gives ${field} ${reading.raw.trim()} at that time`);
}

function isRecord(unit: IndexedItem): boolean {
  return unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning';
}
