// Two events' lengths compared, against their records: "Wave 4 took longer to complete than wave
// 3" while wave 3 ran 12:30–14:02 (92 min) and wave 4 14:20–15:47 (87 min); "the rerun finished
// faster than the first attempt". Each side is an entity the claim names ("wave 4", an
// identifier); its span runs from its first record to the first later one that closes it (an
// end word, vocabulary/spans.json), else to its last record.
import type { IndexedItem } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, hasIdentifier } from '../claim-view';
import { escapePhrase } from '../vocabulary';
import { momentOf, type Moment } from '../records/events';
import spans from '../vocabulary/spans.json';

const END = new Set(spans.end.filter((word) => !spans.fieldOnly.includes(word)));
// "took longer … than", "was faster than", "finished sooner than": +1 the first side is the longer.
const COMPARED_RE =
  /\b(?:(took|lasted|ran)\s+(longer|more\s+time|less\s+time)|(?:was|were|ran|finished|completed|went)\s+(?:much\s+|slightly\s+|a\s+little\s+)?(faster|slower|quicker|longer|shorter|sooner))\b(?:\s+(?:to|in)\s+[\p{L}-]+)?\s+than\b/iu;
// A side: "wave 4", "stage 2", "attempt 1", or an identifier (ET22-B, gw-2).
const SIDE_RE = /\b([a-z]+)\s+(\d{1,3})\b|\b([a-z][\w]*(?:[-_.][\w]+)+)\b/gi;

export function contradictSpanComparison(view: ClaimView): ClaimVerdict | undefined {
  const { wording } = view;
  if (wording.hedge || wording.negated.length > 0 || wording.absent.length > 0) return undefined;
  const text = view.claim.text;
  const match = COMPARED_RE.exec(text);
  if (!match) return undefined;
  const word = (match[2] ?? match[3]!).toLowerCase().replace(/\s+/g, ' ');
  const longer = ['longer', 'more time', 'slower'].includes(word) ? 1 : -1;
  const first = [...text.slice(0, match.index).matchAll(SIDE_RE)].at(-1);
  const second = [...text.slice(match.index + match[0].length).matchAll(SIDE_RE)][0];
  if (!first || !second) return undefined;
  const records = view.index.items.filter((unit) => unit.item.kind !== 'paragraph' && unit.item.kind !== 'reasoning');
  const a = spanOf(sideTest(first), records);
  const b = spanOf(sideTest(second), records);
  if (!a || !b || a.from.unit === b.from.unit) return undefined;
  const [lengthA, lengthB] = [a.to.at - a.from.at, b.to.at - b.from.at];
  if (lengthA === lengthB || longer * (lengthA - lengthB) > 0) return undefined;
  const show = (side: RegExpMatchArray, span: { from: Moment; to: Moment }, length: number): string => `${side[0]} ran ${span.from.raw} to ${span.to.raw} (${Math.round(length / 60)} min, ${span.from.unit === span.to.unit ? span.from.unit.item.id : `${span.from.unit.item.id} → ${span.to.unit.item.id}`})`;
  return contradicted(a.to.unit, `claim says "${match[0].replace(/\s+than$/i, '')} than", but ${show(first, a, lengthA)} and ${show(second, b, lengthB)}`);
}

/** Whether a record names a side: "wave=4", "wave 4", "wave-4", or the identifier itself. */
function sideTest(side: RegExpMatchArray): (unit: IndexedItem) => boolean {
  if (side[3] !== undefined) {
    const id = side[3].toLowerCase();
    return (unit) => hasIdentifier(unit, id);
  }
  const word = side[1]!.toLowerCase();
  const pattern = new RegExp(`\\b${escapePhrase(word)}\\s*[=:_-]?\\s*0*${side[2]}\\b`);
  // Or a field of its own (a JSON element's wave = 1).
  return (unit) => pattern.test(unit.lowerText) || Object.entries(unit.item.fields).some(([key, value]) => key.toLowerCase().split(/[._]/).pop() === word && value.replace(/^0+(?=\d)/, '') === side[2]);
}

/** The span of a side's records: its first, to the first after it that closes it, else its last. */
function spanOf(names: (unit: IndexedItem) => boolean, records: readonly IndexedItem[]): { from: Moment; to: Moment } | undefined {
  const named = records.filter(names);
  // A record that gives both ends in its fields (started_at, completed_at).
  for (const unit of named) {
    const fields = Object.entries(unit.item.fields);
    const start = fields.find(([key, value]) => START_FIELD_RE.test(key) && Number.isFinite(Date.parse(value)));
    const end = fields.find(([key, value]) => END_FIELD_RE.test(key) && Number.isFinite(Date.parse(value)));
    if (start && end && Date.parse(end[1]) > Date.parse(start[1])) {
      return { from: { unit, at: Date.parse(start[1]) / 1000, raw: start[1] }, to: { unit, at: Date.parse(end[1]) / 1000, raw: end[1] } };
    }
  }
  const moments = named.filter((unit) => unit.features.times.length > 0).map(momentOf).sort((x, y) => x.at - y.at);
  const from = moments[0];
  const later = moments.filter((moment) => from !== undefined && moment.at > from.at);
  if (!from || later.length === 0) return undefined;
  const closing = later.find((moment) => moment.unit.lowerText.split(/[^a-z]+/).some((token) => END.has(token)));
  return { from, to: closing ?? later.at(-1)! };
}

const START_FIELD_RE = /(?:^|[._])(?:start|started|begin|began|opened)(?:_at|_time|_ts)?$/i;
const END_FIELD_RE = /(?:^|[._])(?:end|ended|complete|completed|finish|finished|done|closed)(?:_at|_time|_ts)?$/i;
