// "Like the other two waves, this one finished inside the 02:00–04:00 maintenance window": the
// window is the claim's two clock times written as a range before the word "window". The work's
// finish is a record's field (result.finished_at) or a log line that names the work and says it
// finished ("wave 2 completed"); one later than the window's end contradicts the claim. The
// records are the claim's entities' when it names any, else every finish of the work. Field names
// and words are data (window-fit.json).
import { type ClockTime, type IndexedItem, extractFeatures } from '../../../retrieval/index';
import { type ClaimVerdict, type ClaimView, contradicted, holdsAllAnchors } from '../claim-view';
import { phrasePattern } from '../vocabulary/index';
import { claimedWindow } from '../claims/window';
import windowFit from '../vocabulary/window-fit.json';

const FINISH_FIELDS = new Set(windowFit.finishFields);
const WORK_RE = phrasePattern(windowFit.workWords);
const FINISH_RE = phrasePattern(windowFit.finishWords);
const DAY = 24 * 3600;

export function contradictWindowFit(view: ClaimView): ClaimVerdict | undefined {
  const window = claimedWindow(view.claim.text, view.features.times);
  if (!window || view.wording.hedge || view.wording.negated.length > 0) return undefined;
  const anchored = view.features.identifiers.length + view.features.nameGroups.length > 0;
  const zoned = window.end.utc !== undefined;
  const clock = (t: ClockTime): number => (zoned ? (t.utc ?? t.seconds) : t.seconds);
  const startAt = clock(window.start);
  // A window past midnight (22:00–02:00) ends the next day.
  const span = (clock(window.end) - startAt + DAY) % DAY;
  // Minutes past the window's end.
  const overrun = (t: ClockTime): number => {
    const sinceStart = (clock(t) - startAt + DAY) % DAY;
    return sinceStart > span && sinceStart < span + 6 * 3600 ? Math.round((sinceStart - span) / 60) : 0;
  };
  for (const unit of view.index.items) {
    if (unit.item.kind === 'paragraph' || unit.item.kind === 'reasoning') continue;
    if (anchored && !holdsAllAnchors(view, unit)) continue;
    const finish = finishOf(unit);
    if (!finish) continue;
    const late = overrun(finish);
    if (late >= 1) return contradicted(unit, `claim says inside ${window.start.raw.trim()}–${window.end.raw.trim()}, ${unit.item.id} finished at ${finish.raw.trim()} (${late} min past the window)`);
  }
  return undefined;
}

/**
 * When a record says the work finished: its finish field (of a JSON document, the leaf that is
 * one, whose own key its fields hold), or a log line naming the work finishing.
 */
function finishOf(unit: IndexedItem): ClockTime | undefined {
  const { item } = unit;
  const own = item.jsonPath?.split('.').pop()?.replace(/\[\d+\]$/, '');
  const field = item.kind === 'json_field' ? (own !== undefined && FINISH_FIELDS.has(own) ? own : undefined) : Object.keys(item.fields).find((key) => FINISH_FIELDS.has(key.toLowerCase()));
  if (field !== undefined) return extractFeatures(item.fields[field] ?? '').times[0];
  if (item.kind !== 'log_line') return undefined;
  return WORK_RE.test(item.text) && FINISH_RE.test(item.text) ? unit.features.times[0] : undefined;
}
