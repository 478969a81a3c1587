// A percentage the claim gives for its own part and whole: "28 of 31 (94%)", "9 withdrawals from
// 179 runners, about 3.5%", "5.9% (250 of 4,440)". The three figures cannot all be right when the
// part over the whole is not the percentage (nor its complement, "238 of 240 updated, a failure
// rate of about 0.8%"): whichever the evidence gives, the claim states something it does not.
import type { IndexedItem, Quantity } from '../../../retrieval/index';
import { isBound } from '../derive/matching';
import { type ClaimVerdict, type ClaimView, contradicted } from '../claim-view';
import { holding } from './shares-and-changes';

/** Between a part and its whole: "of", "out of", "from", after at most three words ("9 withdrawals from 179"). */
const PART_WHOLE_RE = /^\s*(?:[\p{L}-]+\s+){0,3}?(?:out\s+of|of|from)\s+(?:the\s+|its\s+|their\s+|all\s+)?$/iu;
/** From the whole to its percentage: "(94%)", ", about 3.5%", ", a crash rate of 2.9%", " runners, or 5%". */
const WHOLE_TO_PERCENT_RE = /^\s*(?:[\p{L}-]+(?:\s+|(?=[,:;(—–]))){0,2}?(?:\(\s*|[,:;—–]\s*(?:(?:or|about|around|roughly|nearly|almost|some|just\s+over|just\s+under|i\.e\.|that\s+is|which\s+is|an?|the)\s+|[\p{L}-]+\s+(?=(?:rate|share)\b)|(?:rate|share)\s+of\s+)*)$/iu;
/** From the percentage to its part: "5.9% (250 of 4,440)", "92.6% of callouts (28 of 31)". */
const PERCENT_TO_PART_RE = /^\s*(?:of\s+(?:the\s+)?(?:[\p{L}-]+\s+){0,2}?[\p{L}-]+\s*)?\(\s*$/iu;

export function contradictOwnShare(view: ClaimView, candidates: readonly IndexedItem[]): ClaimVerdict | undefined {
  const text = view.claim.text;
  const quantities = view.features.quantities;
  const counts = quantities.filter((q) => !q.hasUnit && q.dimension !== 'percent' && Number.isInteger(q.value) && q.value > 0 && /^\d/.test(q.raw.trim()));
  for (const part of counts) {
    const whole = counts.find((q) => q.start > part.start && PART_WHOLE_RE.test(between(text, part, q)));
    if (!whole || whole.value <= part.value) continue;
    const percent = quantities.find(
      (q) =>
        q.dimension === 'percent' &&
        !isBound(q) &&
        ((q.start > whole.start && WHOLE_TO_PERCENT_RE.test(between(text, whole, q))) || (q.start < part.start && PERCENT_TO_PART_RE.test(between(text, q, part)))),
    );
    if (!percent) continue;
    const share = (part.value / whole.value) * 100;
    if (fits(percent, share) || fits(percent, 100 - share)) return undefined;
    const reason = `claim says ${percent.raw.trim()}, ${part.raw.trim()} of ${whole.raw.trim()} is ${share.toFixed(1)}%`;
    const unit = holding(view, part, candidates) ?? holding(view, whole, candidates);
    return unit ? contradicted(unit, reason) : { partition: 'contradicted', type: 'synthesis', evidence_refs: [], reason };
  }
  return undefined;
}

function between(text: string, first: Quantity, second: Quantity): string {
  return text.slice(first.start + first.raw.length, second.start);
}

/** Within the percentage's written precision, and a tenth of it more when worded as approximate. */
function fits(percent: Quantity, actual: number): boolean {
  const difference = Math.abs(actual - percent.value);
  const exact = 0.5 * 10 ** -percent.decimals + 1e-9;
  return difference <= (percent.qualifier === 'approx' ? Math.max(exact, 0.1 * percent.value) : exact);
}
