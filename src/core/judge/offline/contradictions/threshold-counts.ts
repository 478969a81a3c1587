// A count of members past a limit that the rows give otherwise: "Three TP-3 batches exceeded the
// 1.5% weight RSD limit" while two TP-3 rows hold more than 1.5 (a third holds 1.5 itself). The
// rows, the measure and the side of the limit are read by derive/threshold-counts.ts.
import type { ClaimVerdict, ClaimView } from '../claim-view';
import { statedPlainly } from '../align/table-alignment';
import { thresholdCount } from '../derive/threshold-counts';
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
  return undefined;
}
