// A movement the series goes against: a trend without figures ("organic visits fell") against
// the first and last rows of that measure for that subject, and a trend to a figure ("grew to
// 14,980 rides") against the row, field or entry of the period before, with the size of the
// change when the claim gives one. Rows are put in time order by the periods they name.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { isBound, quantityMatches } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { fieldValueWords } from '../words';
import { claimedChange } from './shares-and-changes';
import { NEUTRAL_KEY_PARTS } from '../vocabulary/index';

export const TREND_DOWN =
  // "fell within the window", "fell short of": where something lies, not a movement.
  /\b(?:(?:fell|falls?|falling)(?!\s+(?:within|inside|into|under|outside|short|behind|through)\b)|dropped|drops?|declined|declines|decreased|decreases|shrank|went down|slipped|slips|slid|dipped|dips|plunged|plummeted|tumbled|sank|eased|eases|easing|(?:edged|ticked|inched|crept|came) down)\b/i;

export const TREND_UP = /\b(?:rose|rises?|rising|grew|grows|increased|increases|climbed|climbs|went up|jumped|jumps|surged|surges|soared|(?:edged|ticked|inched|crept) up)\b/i;

/** A claim's text without the verbs an infinitive or a modal names ("agreed to drop message priorities"): actions, not movements of a figure. */
export function withoutInfinitives(text: string): string {
  return text.replace(/\b(?:to|will|would|can|could|should|must)\s+(?:\p{L}+\s+)?(?=\p{L})/gu, (m) => m.replace(/\S/g, '#')).replace(/#+\s*\p{L}+/gu, '');
}

/**
 * A trend without figures ("organic visits fell") against the records of that quantity for
 * that subject: the rows holding the claim's field-value words (channel=organic) and a value
 * keyed by one of its words (visits=…). When the last value moved the other way from the
 * first, the claimed direction is contradicted.
 */
export function contradictTrend(view: ClaimView, candidates: IndexedItem[]): ClaimVerdict | undefined {
  // (A hedge, "part of the rise might be seasonal", offers an explanation; it does not report the movement.)
  if (view.wording.negated.length > 0 || view.wording.absent.length > 0 || view.wording.hedge) return undefined;
  // "agreed to drop message priorities": an infinitive names an action, not a movement of a figure.
  const movementText = withoutInfinitives(view.claim.text);
  const down = TREND_DOWN.test(movementText);
  const up = TREND_UP.test(movementText);
  if (down === up) return undefined;
  if (view.features.quantities.length > 0) return contradictTrendTo(view, candidates, down);
  const records = candidates.filter((unit) => unit.item.kind !== 'paragraph');
  // The claim's words that name a field value somewhere select the subject's rows.
  const allValueWords = new Set(records.flatMap((unit) => [...fieldValueWords(unit)]));
  const selectors = [...view.words.keys()].filter((word) => allValueWords.has(word));
  // A word may name both a measure and a value elsewhere (holds_placed=…, query=holds_summary):
  // as the measure, it does not also select rows.
  const keyWords = [...new Set([...[...view.words.entries()].filter(([, weight]) => weight >= 1).map(([word]) => word), ...selectors])];
  for (const key of keyWords) {
    const series: Array<{ unit: IndexedItem; value: number; dimension: string }> = [];
    for (const unit of records) {
      if (!selectors.every((word) => word === key || fieldValueWords(unit).has(word))) continue;
      // The measure named by the word alone (holds=…), else the one field it names (holds_placed=…).
      const exact = unit.features.quantities.filter((q) => q.key.length === 1 && q.key[0] === key);
      // The other words of that field name must not narrow it to a kind of it: holds_placed is
      // holds, bookings_cancelled is not bookings.
      const values =
        exact.length > 0 ? exact : unit.features.quantities.filter((q) => q.key.includes(key) && q.key.every((word) => word === key || NEUTRAL_KEY_PARTS.has(word) || view.words.has(word)));
      if (values.length === 1) series.push({ unit, value: values[0]!.value, dimension: values[0]!.dimension });
    }
    // One measure of one source: rows of another file or another dimension are another series.
    if (series.length < 2 || series.some((entry) => entry.unit.item.file !== series[0]!.unit.item.file || entry.dimension !== series[0]!.dimension)) continue;
    // In time order: by the period the rows differ in (quarter=2026Q2 before 2026Q3), else as listed.
    const period = periodField(series.map((entry) => entry.unit));
    series.sort((a, b) => (period ? (periodOf(a.unit.features.fields[period] ?? '') ?? '').localeCompare(periodOf(b.unit.features.fields[period] ?? '') ?? '') : 0) || a.unit.item.line - b.unit.item.line);
    const first = series[0]!;
    const last = series[series.length - 1]!;
    if ((down && last.value > first.value) || (up && last.value < first.value)) {
      return contradicted(last.unit, `claim says ${down ? 'down' : 'up'}, ${first.unit.item.id} → ${last.unit.item.id} goes from ${first.value} to ${last.value}`);
    }
  }
  return undefined;
}


const BY_AMOUNT_RE = /\bby\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|some\s+|approximately\s+|almost\s+|just\s+over\s+|just\s+under\s+)?[$€£¥]?$/i;

const PERIOD_RE = /(?<![\p{L}\d])(\d{4})(?:[-/ ]?(?:(Q)([1-4])|(W)(\d{1,2})|(\d{1,2}))(?:[-/](\d{1,2}))?)?(?!\d)|(?<![\p{L}\d])(?:(Q)([1-4])|(W)(\d{1,2}))(?!\d)/iu;

/**
 * A period written in a value (2026-07, 2026-8, 2026Q3, 2026-W9, AP-2025-07, W10), as a string
 * that sorts in time order: numbers padded, so W9 comes before W10 and 2026-8 before 2026-10.
 */
function periodOf(value: string): string | undefined {
  const match = PERIOD_RE.exec(value);
  if (!match) return undefined;
  const pad = (n: string | undefined): string => (n ?? '').padStart(2, '0');
  if (match[1] === undefined) return match[8] ? `0000-Q${match[9]}` : `0000-W${pad(match[11])}`;
  if (match[2]) return `${match[1]}-Q${match[3]}`;
  if (match[4]) return `${match[1]}-W${pad(match[5])}`;
  return match[6] ? `${match[1]}-M${pad(match[6])}-${pad(match[7])}` : match[1];
}

/** The one field whose values differ between the rows and read as periods (2026Q2, 2026-09), if any. */
function periodField(units: readonly IndexedItem[]): string | undefined {
  const fields = Object.keys(units[0]!.features.fields).filter((field) => field !== 'row' && !/^[-+]?[\d.,]+%?$/.test(units[0]!.features.fields[field]!));
  const differing = fields.filter((field) => new Set(units.map((unit) => unit.features.fields[field])).size > 1);
  if (differing.length !== 1) return undefined;
  const field = differing[0]!;
  return units.every((unit) => periodOf(unit.features.fields[field] ?? '') !== undefined) ? field : undefined;
}

/**
 * "Grew slightly to 14,980 rides": the figure is the series' new value. The record that gives it
 * and the record before it in the same series (the same fields but one, e.g. month=2026-04 for
 * month=2026-05, district=Nordpark in both) show which way it moved.
 */
function contradictTrendTo(view: ClaimView, candidates: IndexedItem[], down: boolean): ClaimVerdict | undefined {
  // "fell by about a third, to 1.6%": the change's size, if the claim gives one, is checked too.
  const change = claimedChange(view.claim.text, view.features.quantities);
  // "grew by roughly $255k to $1.47M": a change given as an amount, checked against the two records' difference.
  const amount = change ? undefined : view.features.quantities.find((q) => q.dimension !== 'percent' && BY_AMOUNT_RE.test(view.claim.text.slice(0, q.start)));
  // "still the highest of the four": a count in words is not the series' value.
  const figures = view.features.quantities.filter((q) => q !== change?.quantity && q !== amount && !isBound(q) && q.qualifier !== 'delta' && !(!q.hasUnit && /^\p{L}/u.test(q.raw)));
  if (figures.length !== 1 || !/\bto\s+(?:about\s+|around\s+|roughly\s+)?[$€£]?$/i.test(view.claim.text.slice(0, figures[0]!.start))) return undefined;
  const figure = figures[0]!;
  const judge = (unit: IndexedItem, from: Quantity, to: Quantity, where: string): ClaimVerdict | undefined => {
    if ((down && to.value > from.value) || (!down && to.value < from.value)) {
      return contradicted(unit, `claim says ${down ? 'down' : 'up'} to ${figure.raw.trim()}, ${where} goes from ${from.raw.trim()} to ${to.raw.trim()}`);
    }
    if (amount) {
      const actual = Math.abs(to.value - from.value);
      const slack = Math.max(0.5 * 10 ** -amount.decimals * amount.scale, (amount.qualifier === 'approx' ? 0.1 : 0.02) * actual);
      if (Math.abs(actual - amount.value) > slack) {
        return contradicted(unit, `claim says ${down ? 'down' : 'up'} by ${amount.raw.trim()}, ${where} goes from ${from.raw.trim()} to ${to.raw.trim()} (${Number(actual.toPrecision(4))})`);
      }
    }
    if (change && from.value !== 0) {
      const actual = Math.abs(to.value - from.value) / Math.abs(from.value);
      const slack = (share: number): number => Math.max(0.05, (change.approximate ? 0.25 : 0.1) * share);
      // "fell by 0.4%, to 2.1%": on a percentage, "by" may give points (2.5 → 2.1).
      const points = to.dimension === 'percent' && change.quantity !== undefined && Math.abs(Math.abs(to.value - from.value) / 100 - change.share) <= slack(change.share);
      if (!points && Math.abs(actual - change.share) > slack(change.share)) {
        return contradicted(unit, `claim says ${down ? 'down' : 'up'} by ${change.wording}, ${where} goes from ${from.raw.trim()} to ${to.raw.trim()} (${(actual * 100).toFixed(1)}%)`);
      }
    }
    return undefined;
  };
  // The tag's row id (row=6]) numbers lines; it is not a field of the series.
  const wordFields = (unit: IndexedItem): Array<[string, string]> => Object.entries(unit.features.fields).filter(([k, v]) => k !== 'row' && !/^[-+]?[\d.,]+%?$/.test(v));
  for (const unit of candidates) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    const match = unit.features.quantities.find((e) => e.key.length > 0 && quantityMatches(figure, e));
    if (!match) continue;
    // "DUN 2026-Q2: … waste_pct=2.86; DUN 2026-Q3: … waste_pct=3.09": one record, one entry per period;
    // `waste_gbp_q2=38400 waste_gbp_q3=33600`: one record, one field per period.
    const previous = previousEntryValue(unit, match) ?? previousFieldValue(unit, match);
    if (previous) return judge(unit, previous, match, unit.item.id);
    const fields = wordFields(unit);
    // The row before in the series: the latest earlier period when the rows name periods
    // (row=AP-2025-07 before AP-2026-07, whichever is listed first), else the nearest line above.
    let previousRow: { other: IndexedItem; before: Quantity; order: string } | undefined;
    for (const position of view.index.itemsWith(`w:${match.key[0]}`)) {
      const other = view.index.items[position]!;
      if (other === unit || other.item.file !== unit.item.file) continue;
      const otherFields = new Map(wordFields(other));
      if (otherFields.size !== fields.length) continue;
      const differing = fields.filter(([k, v]) => otherFields.get(k) !== v);
      let order: [string, string] | undefined;
      if (differing.length === 1) {
        const [field, value] = differing[0]!;
        const periods = [periodOf(otherFields.get(field) ?? ''), periodOf(value)];
        order = periods[0] && periods[1] ? (periods as [string, string]) : other.item.line < unit.item.line ? [String(other.item.line).padStart(9, '0'), ''] : undefined;
      } else if (differing.length > 1) {
        // "week=2026-W13 week_start=2026-03-23": several fields that all name the period, in one order.
        const pairs = differing.map(([field, value]) => [periodOf(otherFields.get(field) ?? ''), periodOf(value)] as const);
        const agree = pairs.every(([a, b]) => a !== undefined && b !== undefined && a !== b && a < b === (pairs[0]![0]! < pairs[0]![1]!));
        if (agree) order = pairs[0] as [string, string];
      } else if (differing.length === 0) {
        // Rows alike but for the period in their tag (row=AP-2025-07, row=AP-2026-07).
        const [mine, theirs] = [unit.features.fields.row ?? '', other.features.fields.row ?? ''];
        const periods = [periodOf(theirs), periodOf(mine)];
        if (periods[0] && periods[1] && theirs.replace(PERIOD_RE, '') === mine.replace(PERIOD_RE, '')) order = periods as [string, string];
      }
      if (!order || !(order[1] === '' || order[0] < order[1])) continue;
      const before = other.features.quantities.find((e) => e.dimension === match.dimension && e.key.join('+') === match.key.join('+'));
      if (!before) continue;
      if (!previousRow || order[0] > previousRow.order) previousRow = { other, before, order: order[0] };
    }
    if (previousRow) return judge(unit, previousRow.before, match, `${previousRow.other.item.id} → ${unit.item.id}`);
  }
  return undefined;
}

/** `waste_gbp_q2=38400 waste_gbp_q3=33600`: the same measure's field just before, for the period before. */
function previousFieldValue(unit: IndexedItem, figure: Quantity): Quantity | undefined {
  const key = figure.key.join('+');
  const before = unit.features.quantities.filter((e) => e.start < figure.start && e.dimension === figure.dimension && e.key.join('+') === key);
  if (before.length !== 1) return undefined;
  // The two fields' names differ only in a period (waste_gbp_q2 / waste_gbp_q3), not in what they measure (p50 / p99).
  const nameAt = (q: Quantity): string | undefined => /([A-Za-z_][\w.-]*)=\s*$/.exec(unit.text.slice(Math.max(0, q.start - 60), q.start))?.[1]?.toLowerCase();
  const [a, b] = [nameAt(before[0]!), nameAt(figure)];
  if (!a || !b) return undefined;
  const period = /(?:q[1-4]|h[12]|(?:19|20)\d\d(?:[-_]?\d\d)?|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|prev|previous|before|after|last|this|current)/g;
  return a !== b && a.replace(period, '#') === b.replace(period, '#') ? before[0] : undefined;
}

/**
 * The same measure in the entry just before, when a record lists entries of one subject
 * separated by ";" and each opens with the subject's code ("DUN 2026-Q2: …; DUN 2026-Q3: …").
 */
function previousEntryValue(unit: IndexedItem, figure: Quantity): Quantity | undefined {
  const text = unit.text;
  const starts = [0, ...[...text.matchAll(/;\s+/g)].map((m) => m.index + m[0].length)];
  let at = 0;
  while (at + 1 < starts.length && starts[at + 1]! <= figure.start) at++;
  if (at < 1) return undefined;
  const subject = (start: number): string | undefined => /^([A-Z][A-Z0-9_-]{1,15})\s/.exec(text.slice(start))?.[1];
  const mine = subject(starts[at]!);
  if (!mine || subject(starts[at - 1]!) !== mine) return undefined;
  return unit.features.quantities.find(
    (e) => e.start >= starts[at - 1]! && e.start < starts[at]! && e.dimension === figure.dimension && e.key.join('+') === figure.key.join('+'),
  );
}
