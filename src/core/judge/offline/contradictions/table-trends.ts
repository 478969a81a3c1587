// A movement a table's series goes against, in any layout: rows with a period column
// (period=2025-Q4, 2026-Q1) or one row with a column per period (q4_2025, q1_2026), from tool
// rows, tool results or JSON arrays. "Riverside Park's volumes grew" against 3,910 → 3,760;
// "punctuality improved" against on_time_pct 95.2 → 91.7, where the measure's name says which
// way is better (vocabulary/polarity.json). The series runs between the periods the claim names,
// else from the period before the one it names, else first to last.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import type { Table } from '../records/tables';
import { firstTableVerdict, namedValues, statedPlainly, tokensOf } from '../align/table-alignment';
import { periodKey } from '../records/periods';
import { LIGHT_WORDS } from '../words';
import { seriesOf, spanOf, type Series, type Span } from '../align/table-series';
import { TREND_DOWN, TREND_UP, withoutInfinitives } from './trends';
import { measurePolarity } from '../align/measure-direction';
import polarity from '../vocabulary/polarity.json';
import steady from '../vocabulary/steady.json';

const phrase = (words: readonly string[]): RegExp => new RegExp(`\\b(?:${words.map((w) => w.replace(/\s+/g, '\\s+')).join('|')})\\b`, 'i');
const BETTER_RE = phrase(polarity.better);
const WORSE_RE = phrase(polarity.worse);
const STEADY_RE = phrase(steady.words);


/** The claimed movement: +1 up, -1 down, 0 level, or better/worse to be read against the measure. */
export function claimedMovement(text: string): { sign: number; evaluative: boolean; wording: string } | undefined {
  const masked = withoutInfinitives(text);
  const down = TREND_DOWN.exec(masked);
  const up = TREND_UP.exec(masked);
  const better = BETTER_RE.exec(masked);
  const worse = WORSE_RE.exec(masked);
  const level = STEADY_RE.exec(masked);
  // "Alder Falls", "Rising Sun": a capitalised word inside the sentence is a name, not a movement.
  const named = (match: RegExpExecArray | null): boolean => match !== null && match.index > 0 && /^\p{Lu}/u.test(match[0]);
  if ([down, up, better, worse, level].some(named)) return undefined;
  const found = [down, up, better, worse, level].filter(Boolean);
  if (found.length !== 1) return undefined;
  // "doubled, from 1,240 to 2,975, while docks stayed roughly flat": the level may be another clause's,
  // or hold only until a movement ("flat at 97 in July and August before easing to 92").
  if (level) return /\b(?:while|whereas|but|although|before|until|from\s+\S+\s+to)\b|;/i.test(masked) ? undefined : { sign: 0, evaluative: false, wording: level[0] };
  if (down) return { sign: -1, evaluative: false, wording: down[0] };
  if (up) return { sign: 1, evaluative: false, wording: up[0] };
  return { sign: better ? 1 : -1, evaluative: true, wording: (better ?? worse)![0] };
}

export function contradictTableTrend(view: ClaimView): ClaimVerdict | undefined {
  const movement = statedPlainly(view) ? claimedMovement(view.claim.text) : undefined;
  return movement ? firstTableVerdict(view, (table, claim) => trendIn(view, table, movement, claim)) : undefined;
}

function trendIn(view: ClaimView, table: Table, movement: { sign: number; evaluative: boolean; wording: string }, claim: Set<string>): ClaimVerdict | null | undefined {
  const named = namedValues(view, table, claim);
  const outcomes: Array<{ span: Span; measure: string; against: boolean }> = [];
  for (const series of seriesOf(view, table, claim, named)) {
    // A row with a column per period measures what the table counts: only plain movements are read there,
    // and only of what the table counts ("Cancellations also rose" is no movement of boardings.json).
    if (series.measure === '' && (movement.evaluative || namesOtherMeasure(view, table, movement.wording, named))) continue;
    if (movement.sign === 0) {
      const level = levelSpanOf(series);
      if (level) outcomes.push({ span: level, measure: series.measure, against: !isLevel(level, series.measure) });
      continue;
    }
    // "rose every week", "fell steadily": each step between periods must go the claimed way.
    // ("improved steadily every month": which way is better is the measure's, when its name says.)
    const stepSign = movement.evaluative ? measurePolarity(series.measure) * movement.sign : movement.sign;
    if (stepSign !== 0 && EVERY_STEP_RE.test(view.claim.text) && series.points.length >= 3) {
      const points = stepsNamed(series);
      const against = points.slice(1).findIndex((point, i) => stepSign * (point.value - points[i]!.value) <= 0);
      if (against >= 0) outcomes.push({ span: { from: points[against]!, to: points[against + 1]! }, measure: series.measure, against: true });
      else outcomes.push({ span: { from: points[0]!, to: points.at(-1)! }, measure: series.measure, against: false });
      continue;
    }
    const span = spanOf(view, series, claim, named);
    if (!span) continue;
    const { from, to } = span;
    if (to.value === from.value) continue;
    if (span.reversed !== undefined) {
      // "edged up from 358.0 MW to 365.2 MW" where December was 365.2 and January 358.0.
      outcomes.push({ span, measure: series.measure, against: span.reversed });
      continue;
    }
    const sign = movement.evaluative ? measurePolarity(series.measure) * movement.sign : movement.sign;
    if (sign === 0) continue;
    outcomes.push({ span, measure: series.measure, against: sign * (to.value - from.value) < 0 });
  }
  if (outcomes.length === 0) return undefined;
  // "fell month on month at all three ports": each member's series must go the claimed way; one that does not refutes it.
  const eachMember = outcomes.length > 1 && EVERY_MEMBER_RE.test(view.claim.text);
  if (eachMember ? outcomes.every((o) => !o.against) : outcomes.some((o) => !o.against)) return null;
  const { span, measure } = eachMember ? outcomes.find((o) => o.against)! : outcomes[0]!;
  const { from, to } = span;
  const what = measure ? `${measure} ` : '';
  const refs = [...new Set([from.row.refs[0]!, to.row.refs[0]!])];
  if (movement.sign === 0) {
    return { partition: 'contradicted', type: 'synthesis', evidence_refs: refs, reason: `claim says "${movement.wording}", ${what}moves from ${from.value} (${from.label}, ${from.row.refs[0]}) to ${to.value} (${to.label}, ${to.row.refs[0]})` };
  }
  if (span.reversed) {
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: refs,
      reason: `claim goes from ${from.value} to ${to.value}; ${what}was ${to.value} in ${to.label} (${to.row.refs[0]}) and ${from.value} in ${from.label} (${from.row.refs[0]}), the other way round`,
    };
  }
  return {
    partition: 'contradicted',
    type: 'synthesis',
    evidence_refs: refs,
    reason: `claim says "${movement.wording}", ${what}goes from ${from.value} (${from.label}, ${from.row.refs[0]}) to ${to.value} (${to.label}, ${to.row.refs[0]})`,
  };
}

/** "at all three ports", "in every region", "for each site": the movement is claimed of each member the rows give. */
const EVERY_MEMBER_RE = /\b(?:at|in|on|across|for|of)\s+(?:all|every|each)(?:\s+(?:of\s+the\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|\d+))?\s+(?!(?:week|month|day|quarter|year|period|shift|run|time)s?\b)\p{L}+/iu;

export const EVERY_STEP_RE = /\b(?:every|each)\s+(?:single\s+)?(?:week|month|day|quarter|year|period|shift|run|time)\b|\b(?:steadily|consistently|week\s+(?:on|after)\s+week|month\s+(?:on|after)\s+month)\b/i;

/** The points between the periods a claim names, else the whole series. */
function stepsNamed(series: Series): Series['points'] {
  const named = series.points.filter((p) => series.ends.includes(p.label));
  return named.length >= 2 ? series.points.slice(series.points.indexOf(named[0]!), series.points.indexOf(named.at(-1)!) + 1) : series.points;
}

/** A level claim speaks of the periods it names, else of the whole series: its lowest and highest points in time order. */
function levelSpanOf(series: Series): Span | undefined {
  const named = series.points.filter((p) => series.ends.includes(p.label));
  const points = named.length >= 2 ? series.points.slice(series.points.indexOf(named[0]!), series.points.indexOf(named[named.length - 1]!) + 1) : series.points;
  if (points.length < 2) return undefined;
  const low = points.reduce((a, b) => (b.value < a.value ? b : a));
  const high = points.reduce((a, b) => (b.value > a.value ? b : a));
  if (low === high) return { from: points[0]!, to: points[points.length - 1]! };
  return points.indexOf(low) < points.indexOf(high) ? { from: low, to: high } : { from: high, to: low };
}

/** Whether a move is small enough to call level: in points for a percentage, else relative to where it started. */
function isLevel({ from, to }: Span, measure: string): boolean {
  const raw = `${from.row.values.get(measure) ?? ''}${to.row.values.get(measure) ?? ''}`;
  const percent = raw.includes('%') || /(?:^|[_\s.-])(?:pct|percent|percentage|rate|share)(?:$|[_\s.-])/i.test(measure);
  const change = Math.abs(to.value - from.value);
  return percent ? change <= steady.percentPoints + 1e-9 : change <= steady.relative * Math.abs(from.value) + 1e-9;
}

/** Fields of a JSON document that name what its rows count ("query": "boardings_by_route_quarter"). */
const TABLE_NAME_FIELDS = new Set(['query', 'metric', 'measure', 'name', 'title', 'report']);

/**
 * The words before the movement ("Cancellations also rose") name a measure that neither the table's
 * file nor its document's name fields give: the table's own counts are not what the claim moves.
 */
function namesOtherMeasure(view: ClaimView, table: Table, wording: string, named: ReadonlyMap<string, string[]>): boolean {
  const at = view.claim.text.indexOf(wording);
  if (at <= 0) return false;
  const namedTokens = new Set([...named.values()].flat().flatMap((value) => [...tokensOf(value)]));
  const subject = [...tokensOf(view.claim.text.slice(0, at))].filter((token) => /^\p{L}{3,}$/u.test(token) && !LIGHT_WORDS.has(token) && !namedTokens.has(token) && periodKey(token) === undefined);
  if (subject.length === 0) return false;
  const names = [table.file, ...table.columns, ...view.index.items.filter((unit) => unit.item.file === table.file).flatMap((unit) => Object.entries(unit.item.fields).filter(([key]) => TABLE_NAME_FIELDS.has(key.toLowerCase().split('.').pop()!)).map(([, value]) => value))];
  const known = tokensOf(names.join(' ').replace(/[_.]/g, ' '));
  return !subject.some((token) => known.has(token));
}
