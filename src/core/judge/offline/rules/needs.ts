// What a claim needs from evidence, each with what meets it: its identifiers, figures (where the
// claim's subject, period, moment or version is), times, dates, names and content words.
import { canonicalStem, extractFeatures, type CalendarDate, type IndexedItem, type Quantity } from '../../../retrieval/index';
import { isWeakStateWord } from '../language';
import { boundCandidates, dateMatches, isBound, quantityMatches, satisfiesBound, timeMatches } from '../derive/matching';
import { type ClaimView, hasIdentifier, hasName, holdsMonthOf, holdsSomeAnchor, isOfPeriod, momentOfFigure, numberedIdentifiers, periodAmbiguous, periodOfFigure, versionOfFigure, shortNameOf } from '../claim-view';
import { fileWords, wordingOf } from '../words';
import { inIdentifier, isDayOf, isGluedCodeOf, isLabelOf, isRangeEndOf, isVersionOf, isYearOf, quantitiesAt } from '../figures';
import { tablesOf } from '../records/tables';
import reportedActs from '../vocabulary/reported-acts.json';

/** Each reported act: the claim wordings that say it was done, and the stems evidence writes it in. */
const REPORTED_ACTS = reportedActs.acts.map((act) => ({
  forms: new RegExp(`\\b(?:${act.forms.map((form) => form.split(/\s+/).join('\\s+(?:\\p{L}+\\s+){0,2}')).join('|')})\\b`, 'iu'),
  claimStems: new Set(act.forms.map((form) => canonicalStem(form.split(/[\s-]+/)[0]!.toLowerCase()))),
  stems: act.stems,
}));

/** The stems of the acts a claim reports as done ("were briefed") → the stems that write each act. */
function reportedActsOf(text: string): Map<string, readonly string[]> {
  return new Map(REPORTED_ACTS.filter((act) => act.forms.test(text)).flatMap((act) => [...act.claimStems].map((stem) => [stem, act.stems] as const)));
}

export interface Need {
  label: string;
  weight: number;
  /** Hard needs (identifiers, numbers, times, dates, names) must all be met. */
  hard: boolean;
  met(unit: IndexedItem): boolean;
  /** For a figure the evidence may only give in parts (a sum, a change). */
  quantity?: Quantity;
  /** A time or a date. */
  kind?: 'moment';
  /** For a date the evidence may give as another date and a period ("14 days, until 1 May"). */
  date?: CalendarDate;
  /** A figure, bound, time or date (not a name or a word). */
  value?: boolean;
  /** A name ("Tidewater", "Stanford University"). */
  name?: boolean;
}

export function needsOf(view: ClaimView): Need[] {
  const needs: Need[] = [];
  for (const identifier of new Set(view.features.identifiers)) {
    // A quarter or a half (Q1, H2) is also met by a record of a month in it (month=2026-02).
    needs.push({ label: identifier, weight: 3, hard: true, met: (unit) => hasIdentifier(unit, identifier) || holdsMonthOf(identifier, unit) });
  }
  for (const quantity of view.features.quantities) {
    const label = quantity.raw.trim();
    if (isBound(quantity)) {
      const bare = { ...quantity, qualifier: undefined };
      needs.push({
        label,
        weight: 1,
        hard: false,
        value: true,
        // A bound in the evidence is a threshold too ("replay once below 500"): only the same threshold meets it.
        met: (unit) => {
          const figures = quantitiesAt(view, unit);
          return figures.some((e) => quantityMatches(bare, e)) || boundCandidates(quantity, figures).some((e) => !isBound(e) && satisfiesBound(quantity, e));
        },
      });
      continue;
    }
    // A figure counts where the claim's subject is: 97% on db-prod-2 is not 97% on db-prod-1.
    // A figure of a period ("the 3,120 of the previous quarter") counts in that period's record.
    // (Only where the evidence has each period label in one year: 2024Q4 and 2025Q4 leave "the
    // previous quarter" open, and the claim's own anchors decide as before.)
    const figurePeriod = periodOfFigure(view, quantity);
    const period = figurePeriod && ['q1', 'q2', 'q3', 'q4', 'h1', 'h2'].some((label) => periodAmbiguous(view.index, label)) ? undefined : figurePeriod;
    // A figure stated at its own time ("3,109 SKUs invalidated at 07:52") is that moment's record's.
    const moment = momentOfFigure(view, quantity);
    // "598 ms on 11.4.2": a figure stated on a version is that version's record's.
    const version = versionOfFigure(view, quantity);
    const anchored = (unit: IndexedItem): boolean =>
      ((version === undefined || hasIdentifier(unit, version)) &&
        (period === undefined ? holdsSomeAnchor(view, unit) : period === null || isOfPeriod(unit, period) || holdsSomeAnchor(view, unit))) ||
      (moment !== undefined && unit.item.kind !== 'paragraph' && unit.features.times.some((t) => timeMatches(moment, t)) && !namesOtherEntity(view, unit));
    // "the three turbines": a count of the things a table's column names, met by its rows when it holds that many.
    const counted = countedRows(view, quantity);
    needs.push({
      label,
      weight: 3,
      hard: true,
      value: true,
      quantity,
      met: (unit) =>
        counted?.has(unit) ||
        anchored(unit) &&
        (quantitiesAt(view, unit).some((e) => quantityMatches(quantity, e)) ||
          isYearOf(quantity, unit) ||
          isDayOf(quantity, view.claim.text, unit) ||
          inIdentifier(quantity, unit) ||
          isRangeEndOf(quantity, view.claim.text, unit) ||
          isGluedCodeOf(quantity, view.claim.text, unit) ||
          isLabelOf(quantity, view.claim.text, unit) ||
          isVersionOf(quantity, unit)),
    });
  }
  const { after, before } = view.wording;
  for (const time of view.features.times) {
    // "cleared by 10:53", "after 14:10": a bound, met by a record on the right side of it.
    const minute = Math.floor(time.seconds / 60) * 60;
    if (before !== undefined && Math.floor(before / 60) * 60 === minute) {
      needs.push({ label: time.raw.trim(), weight: 2, hard: true, kind: 'moment', value: true, met: (unit) => unit.features.times.some((t) => t.seconds <= before + 59) });
      continue;
    }
    if (after !== undefined && Math.floor(after / 60) * 60 === minute) {
      needs.push({ label: time.raw.trim(), weight: 2, hard: true, kind: 'moment', value: true, met: (unit) => unit.features.times.some((t) => t.seconds >= after) });
      continue;
    }
    needs.push({ label: time.raw.trim(), weight: 3, hard: true, kind: 'moment', value: true, met: (unit) => unit.features.times.some((t) => timeMatches(time, t)) });
  }
  for (const date of view.features.dates) {
    // "July 2024" is also met by a month code (month=2024-07), which is no calendar date of its own.
    const code = date.day === undefined && date.year !== undefined ? new RegExp(`(?<![\\d-])${date.year}[-/]0?${date.month}(?![\\d]|-\\d)`) : undefined;
    needs.push({ label: date.raw.trim(), weight: 3, hard: true, kind: 'moment', value: true, date, met: (unit) => unit.features.dates.some((d) => dateMatches(date, d)) || (code !== undefined && code.test(unit.text)) });
  }
  // A name is met where all its words stand together: "Stanford University" is not met by a
  // sentence about another university.
  // Names stay hard even when the question gives them: a question often names the very entity
  // a wrong answer swaps in ("Garth Brooks performed …" for "Who performed …, No Fences?").
  for (const group of view.features.nameGroups) {
    needs.push({ label: group.join(' '), weight: 2, hard: true, name: true, met: (unit) => hasName(unit, group) });
  }
  // A state word is met by the same state in other words ("completed" by "succeeded").
  const states = new Map(view.wording.states.filter((state) => !isWeakStateWord(state.word)).map((state) => [extractFeatures(state.word).words[0] ?? state.word, state]));
  const acts = reportedActsOf(view.claim.text);
  for (const [word, weight] of view.words) {
    const state = states.get(word);
    const sameState = (unit: IndexedItem): boolean =>
      state !== undefined && wordingOf(unit).states.some((s) => s.group === state.group && s.polarity === state.polarity && !isWeakStateWord(s.word));
    const nameWord = view.features.nameGroups.some((group) => group.length > 1 && group.includes(word));
    // "Operators were briefed before wave 1": an act between people that the evidence must write.
    const act = acts.get(word);
    if (act) {
      needs.push({ label: word, weight, hard: true, met: (unit) => act.some((stem) => unit.wordSet.has(stem)) });
      continue;
    }
    needs.push({
      label: word,
      weight,
      hard: false,
      met: (unit) =>
        unit.wordSet.has(word) || fileWords(unit).has(word) || sameState(unit) || (nameWord && shortNameOf(word, unit)),
    });
  }
  return needs;
}

/** Fields that name whose a record is (host=, job=, deployment=, cluster=, …). */
const ENTITY_FIELD_RE = /^(?:host|hostname|service|svc|job|deployment|deploy|cluster|replica|site|pod|node|instance|app|application|tenant|namespace|ns|queue|store|region|customer|account|group|topic|route|workload|database|db|table|bucket|project|team|device|server|container|task|pipeline|repo|branch|user)$/i;

/**
 * A record of another entity than the claim's: a numbered identifier the claim does not name
 * (db-prod-2 for db-prod-1), or a field naming whose it is (cluster=analytics, job=nightly-reindex)
 * with a value the claim never mentions.
 */
function namesOtherEntity(view: ClaimView, unit: IndexedItem): boolean {
  const mine = numberedIdentifiers(view);
  if (unit.features.identifiers.some((id) => /[a-z]/i.test(id) && /\d/.test(id) && !/^\d{4}-\d{2}/.test(id) && !mine.includes(id)) && !mine.some((id) => hasIdentifier(unit, id))) return true;
  const text = view.claim.text.toLowerCase();
  return Object.entries(unit.features.fields).some(
    ([key, value]) => ENTITY_FIELD_RE.test(key.split(/[._]/).pop() ?? key) && !/^[-+]?[\d.,]+%?$/.test(value) && !text.includes(value.toLowerCase()),
  );
}

/**
 * The rows that make a count of the claim true: "three turbines", "all four sensors" where a table
 * of the evidence has a column named by the noun (turbine) holding that many distinct values.
 */
function countedRows(view: ClaimView, quantity: Quantity): Set<IndexedItem> | undefined {
  if (quantity.hasUnit || !Number.isInteger(quantity.value) || quantity.value < 2 || quantity.value > 20) return undefined;
  // The plural noun right after the count, or after one word more ("three turbines", "four soil sensors").
  const next = /^\s+([\p{L}-]{3,})(?:\s+([\p{L}-]{3,}))?/u.exec(view.claim.text.slice(quantity.start + quantity.raw.length));
  const noun = next && (/s$/i.test(next[1]!) ? next[1] : next[2] && /s$/i.test(next[2]) ? next[2] : undefined);
  if (!noun) return undefined;
  const stem = canonicalStem(noun.toLowerCase());
  for (const table of tablesOf(view.index)) {
    const column = table.columns.find((c) => canonicalStem(c.toLowerCase()) === stem);
    if (!column) continue;
    const values = new Set(table.rows.map((row) => row.values.get(column)).filter((v): v is string => v !== undefined));
    if (values.size === quantity.value) return new Set(table.rows.map((row) => row.unit));
  }
  return undefined;
}

