// The date of an act that the thing's own records give otherwise: "Wave 2 ran on 8 October as
// planned" while every rollout record of wave=2 is dated 9 October (8 October is the plan's). The
// claim dates an act in the past ("ran on", "went out on", "was flashed on") of a thing it names
// before the date — a numbered label ("Wave 2" for wave=2) or a numbered code (mjf-04); the timed
// records of that thing that word the act, or for an act said generally (ran, went ahead) those
// that carry the thing out (started, completed: act-dates.json), two at least, all fall on one
// other day. (A record of its deferral on the planned day dates no act; nor does a plan's field.)
import { canonicalStem, type CalendarDate, type IndexedItem } from '../../../retrieval/index';
import actWords from '../vocabulary/act-dates.json';
import { dateMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier, numberedIdentifiers } from '../claim-view';
import { statedPlainly } from '../align/table-alignment';

/** An act in the past right before "on <date>", at most three words between: "ran on", "went out on", "was flashed on the". */
const ACT_ON_DATE_RE = /\b(\p{L}{3,}ed|ran|went(?:\s+(?:out|live|ahead))?|began|took\s+place|happened)\b(?:\s+(?!\d)[\p{L}-]+){0,3}?\s+on\s+(?:the\s+)?$/iu;
/** A plan's date, not an act's: "planned on", "scheduled on", "booked on". */
const PLANNED_WORDS = new Set(['planned', 'scheduled', 'booked', 'expected', 'proposed', 'targeted', 'based', 'focused', 'relied', 'agreed']);
/** Acts said generally, of which any record carrying the thing out is the record. */
const GENERAL_ACTS = new Set(actWords.generalActs);
/** A field of a plan's date: planned_date, scheduled_for, due, target_date. */
const PLAN_FIELD_RE = /(?:^|[_.-])(?:planned|plan|scheduled|schedule|due|target|deadline|rescheduled)(?:$|[_.-])/i;
/** "Wave 2", "Line 3", "Batch 14": a word and its number, as records write word=number. */
const NUMBERED_LABEL_RE = /\b(\p{L}{3,})\s+(\d{1,3})\b(?![.:,]\d)/gu;
/** The words as written, whole ("fw-deploy" is a name, "running PB-24-0449" another job's run). */
const DONE_RE = new RegExp(`(?<![\\w-])(?:${actWords.doneWords.join('|')})(?![\\w-])`, 'i');
/** A thing's records over one day, at least this many: one record may be a plan's or a reminder's. */
const MIN_RECORDS = 2;

export function contradictActDate(view: ClaimView): ClaimVerdict | undefined {
  if (!statedPlainly(view) || view.features.dates.length !== 1) return undefined;
  const date = view.features.dates[0]!;
  if (date.day === undefined) return undefined;
  const text = view.claim.text;
  const act = ACT_ON_DATE_RE.exec(text.slice(Math.max(0, date.start - 60), date.start))?.[1];
  if (!act || PLANNED_WORDS.has(act.toLowerCase())) return undefined;
  const before = text.slice(0, date.start);
  // The records that word the claim's own act ("calibrated"), else, for an act said generally
  // ("ran", "went ahead"), those that carry the thing out; "tested on" no record words is not read.
  const head = act.split(/\s+/)[0]!.toLowerCase();
  const all = recordsOfThing(view, before);
  const own = all.filter((unit) => unit.wordSet.has(canonicalStem(head)));
  const records = own.length > 0 ? own : GENERAL_ACTS.has(head) ? all.filter((unit) => DONE_RE.test(unit.lowerText)) : [];
  if (records.length < MIN_RECORDS) return undefined;
  const acted = records.map((unit) => ({ unit, dates: actDates(unit) }));
  if (acted.some(({ dates }) => dates.length === 0) || acted.some(({ dates }) => dates.some((d) => dateMatches(date, d)))) return undefined;
  const days = new Set(acted.flatMap(({ dates }) => dates.map((d) => `${d.year}-${d.month}-${d.day}`)));
  if (days.size !== 1) return undefined;
  const { unit, dates } = acted[0]!;
  return contradicted(unit, `claim says ${act} on ${date.raw.trim()}; the records of it are dated ${dates[0]!.raw.trim()} (${unit.item.id})`);
}

/** A record's dates but a plan's (planned_date=2024-10-08 beside started=2024-10-09T06:05). */
function actDates(unit: IndexedItem): CalendarDate[] {
  const planned = Object.entries(unit.features.fields)
    .filter(([key]) => PLAN_FIELD_RE.test(key))
    .map(([, value]) => value.trim());
  // Each plan field's value takes away one date of the record, the one it writes.
  const dates = [...unit.features.dates];
  for (const value of planned) {
    const at = dates.findIndex((d) => value.startsWith(d.raw.trim()));
    if (at >= 0) dates.splice(at, 1);
  }
  return dates;
}

/** The timed records of the one thing the claim names before the date: by its numbered label's field, else by its code. */
function recordsOfThing(view: ClaimView, before: string): IndexedItem[] {
  const timed = (unit: IndexedItem): boolean => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning' && unit.features.times.length > 0;
  const labels = [...before.matchAll(NUMBERED_LABEL_RE)].map((m) => ({ field: m[1]!.toLowerCase(), value: m[2]! }));
  const codes = numberedIdentifiers(view).filter((id) => before.toLowerCase().includes(id.toLowerCase()));
  if (labels.length + codes.length !== 1) return [];
  if (labels.length === 1) {
    const { field, value } = labels[0]!;
    return view.index
      .itemsWith(`n:${value}`)
      .map((position) => view.index.items[position]!)
      .filter((unit) => timed(unit) && Object.entries(unit.features.fields).some(([key, held]) => key.toLowerCase() === field && held.trim() === value));
  }
  const code = codes[0]!;
  return view.index
    .itemsWith(`i:${code}`)
    .map((position) => view.index.items[position]!)
    .filter((unit) => timed(unit) && hasIdentifier(unit, code));
}
