// A count of members past a limit that the rows give otherwise: "Three TP-3 batches exceeded the
// 1.5% weight RSD limit" while two TP-3 rows hold more than 1.5 (a third holds 1.5 itself). The
// rows, the measure and the side of the limit are read by derive/threshold-counts.ts. A share of
// them too: "a third of all changeovers overran the 45-minute target" while 15 of the 30 did.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { statedPlainly } from '../align/table-alignment';
import { thresholdCount, thresholdShare } from '../derive/threshold-counts';
import { numericValue } from '../records/tables';

export function contradictThresholdCount(view: ClaimView): ClaimVerdict | undefined {
  // ("about a dozen batches", "at least three": a count that is no exact figure.)
  if (!statedPlainly(view)) return undefined;
  for (const quantity of view.features.quantities) {
    if (quantity.qualifier !== undefined) continue;
    const count = thresholdCount(view, quantity);
    if (!count || count.beyond.length === quantity.value) continue;
    const shown = count.beyond.slice(0, 6).map((row) => `${numericValue(row.values.get(count.measure) ?? '')} (${row.refs[0]})`);
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [...new Set((count.beyond.length > 0 ? count.beyond : count.scope).slice(0, 8).map((row) => row.refs[0]!))],
      reason: `claim counts ${quantity.raw.trim()} ${count.noun} that ${count.wording} ${count.limit.raw.trim()}; by ${count.measure}, ${count.beyond.length} of the ${count.scope.length} rows do${shown.length > 0 ? `: ${shown.join(', ')}` : ''}`,
    };
  }
  for (const quantity of view.features.quantities) {
    const count = thresholdShare(view, quantity);
    if (!count || count.scope.length < 3) continue;
    const share = (100 * count.beyond.length) / count.scope.length;
    // Within half a row of the share, and for a share said roughly ("a third", "about 40%") five points either side.
    const slack = Math.max(50 / count.scope.length, quantity.qualifier === 'approx' ? 5 : 0.5);
    if (Math.abs(share - quantity.value) <= slack) continue;
    return {
      partition: 'contradicted',
      type: 'synthesis',
      evidence_refs: [...new Set((count.beyond.length > 0 ? count.beyond : count.scope).slice(0, 8).map((row) => row.refs[0]!))],
      reason: `claim says ${quantity.raw.trim()} of the ${count.noun} ${count.wording} ${count.limit.raw.trim()}; by ${count.measure}, ${count.beyond.length} of the ${count.scope.length} rows do (${Number(share.toFixed(1))}%)`,
    };
  }
  return undefined;
}
