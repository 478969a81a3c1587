// Turning a model's answer into judged claims: verdicts matched to OUR claim ids (anything that
// matches nothing is reported), atomic parts folded into their parent, refs checked against the
// evidence, reasons size-capped, and several samples of one claim combined into one verdict
// with its agreement. A claim without a valid verdict is kept and marked not judged.
import type { EvidenceType, JudgeOutput, PartitionKey } from '../../model';
import type { ClaimStability, JudgedClaim, ReportClaim } from '../../review-types';
import { judgeOutputFromClaims } from '../offline';
import { capText } from './transport';
import type { JudgeWire } from './wire';

/** Evidence types whose grounding is, by definition, a specific item: without a valid ref they are not grounded. */
const ITEM_BOUND_TYPES: ReadonlySet<EvidenceType> = new Set(['tool_match', 'specific_data', 'signal_match']);

/** A reason, gap or explanation longer than this is cut (a model can answer megabytes). */
export const MAX_REASON_CHARS = 1000;

/** A claim the judge gave no usable verdict: kept, ungrounded, with the reason. */
export function unjudged(claim: ReportClaim, reason: string): JudgedClaim {
  return { ...claim, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `not judged: ${reason}`, not_judged: true };
}

/** Matches a chunk's verdicts to its claims by id; anything that matches nothing is reported. */
export function mergeChunk(claims: ReportClaim[], wire: JudgeWire, known: ReadonlySet<string>, warnings: string[]): JudgedClaim[] {
  const byId = new Map(claims.map((c) => [c.id, c]));
  const verdicts = new Map<string, JudgedClaim>();
  for (const verdict of wire.verdicts) {
    const claim = byId.get(verdict.claim_id);
    if (!claim) {
      warnings.push(`judge returned a verdict for unknown claim id ${short(verdict.claim_id)} (${verdict.partition}: ${verdict.reason}); not used`);
      continue;
    }
    if (verdicts.has(claim.id)) {
      warnings.push(`judge returned more than one verdict for ${claim.id}; kept the first`);
      continue;
    }
    verdicts.set(claim.id, checkedVerdict(claim, verdict, known, warnings));
  }
  // Atomic parts refine their parent rather than stand beside it: a part never becomes a claim of
  // its own (no double count, no overlapping spans), and the parent is no stronger than its weakest part.
  const parts = new Map<string, JudgedClaim[]>();
  for (const sub of wire.sub_claims) {
    const parent = byId.get(sub.parent_id);
    if (!parent) {
      warnings.push(`judge returned a sub-claim for unknown claim id ${short(sub.parent_id)}: ${JSON.stringify(sub.text)}; not used`);
      continue;
    }
    parts.set(parent.id, [...(parts.get(parent.id) ?? []), checkedVerdict({ ...parent, text: sub.text }, sub, known, warnings)]);
  }
  return claims.map((claim) => withParts(claim, verdicts.get(claim.id), parts.get(claim.id) ?? []));
}

/** How far a bucket is from grounded: the weakest part decides. */
export const WEAKNESS: Record<PartitionKey, number> = { grounded: 0, complementary: 1, ungrounded: 2, contradicted: 3 };

function withParts(claim: ReportClaim, own: JudgedClaim | undefined, pieces: JudgedClaim[]): JudgedClaim {
  if (pieces.length === 0) return own ?? unjudged(claim, 'the judge returned no valid verdict for this claim');
  const summary = pieces
    .map((part) => `${JSON.stringify(part.text)} ${part.partition}${part.evidence_refs.length > 0 ? ` (${part.evidence_refs.join(', ')})` : ''}`)
    .join('; ');
  const weakest = pieces.reduce((a, b) => (WEAKNESS[b.partition] > WEAKNESS[a.partition] ? b : a));
  if (!own) {
    const refs = [...new Set(pieces.flatMap((part) => part.evidence_refs))];
    return { ...claim, partition: weakest.partition, type: weakest.type, evidence_refs: refs, reason: `judged by its parts, the weakest decides: ${summary}` };
  }
  if (WEAKNESS[weakest.partition] > WEAKNESS[own.partition]) {
    return { ...own, partition: weakest.partition, type: weakest.type, reason: `${own.reason} — but a part is ${weakest.partition}: ${summary}` };
  }
  return { ...own, reason: `${own.reason} — parts: ${summary}` };
}

/** Keeps only refs to real evidence items; an item-bound grounded claim citing none is not grounded. */
function checkedVerdict(
  claim: ReportClaim,
  verdict: { partition: PartitionKey; type: EvidenceType; evidence_refs: string[]; reason: string },
  known: ReadonlySet<string>,
  warnings: string[],
): JudgedClaim {
  const refs = [...new Set(verdict.evidence_refs)].filter((ref) => known.has(ref));
  const unknownRefs = verdict.evidence_refs.filter((ref) => !known.has(ref));
  if (unknownRefs.length > 0) warnings.push(`${claim.id}: judge cited unknown evidence id(s) ${unknownRefs.slice(0, 10).map((ref) => capText(ref, 64)).join(', ')}; removed`);
  if (verdict.partition === 'grounded' && refs.length === 0 && ITEM_BOUND_TYPES.has(verdict.type)) {
    warnings.push(`${claim.id}: judged grounded (${verdict.type}) without citing an evidence item; counted as ungrounded`);
    return { ...claim, partition: 'ungrounded', type: verdict.type, evidence_refs: [], reason: `no evidence item cited (judge said: ${verdict.reason})` };
  }
  return { ...claim, partition: verdict.partition, type: verdict.type, evidence_refs: refs, reason: verdict.reason };
}

/**
 * The judge contract output (gsar.md §7) for merged claims: the partition as the offline judge
 * builds it, with the model's own audit fields (its score, gaps, explanation) in place of counts.
 */
export function mergedJudgeOutput(
  claims: readonly JudgedClaim[],
  wires: ReadonlyArray<{ wire: JudgeWire; weight: number }>,
  abstainReason?: string,
): JudgeOutput {
  const abstain = abstainReason !== undefined && abstainReason.trim().length > 0;
  const base = judgeOutputFromClaims(claims, abstain ? abstainReason : undefined);
  if (wires.length === 0) return base;
  const totalWeight = wires.reduce((sum, w) => sum + w.weight, 0);
  const clamp = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0.5);
  const text = (key: 'verification_reason' | 'explanation') => wires.map((w) => w.wire[key].trim()).filter(Boolean).join(' ');
  return {
    ...base,
    grounding_score: wires.reduce((sum, w) => sum + clamp(w.wire.grounding_score) * w.weight, 0) / totalWeight,
    gaps: wires.flatMap((w) => w.wire.gaps),
    contradictions: wires.flatMap((w) => w.wire.contradictions),
    verification_needed: abstain || wires.some((w) => w.wire.verification_needed),
    verification_reason: text('verification_reason') || base.verification_reason,
    explanation: [abstain ? `Abstained: ${abstainReason}.` : '', text('explanation')].filter(Boolean).join(' ') || base.explanation,
  };
}

export function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}

const MAX_LIST_ITEMS = 50;

/** An id the model made up, quoted and cut for a warning. */
const short = (id: string) => JSON.stringify(capText(id, 64));

/** The wire with every text field cut to MAX_REASON_CHARS and its free-text lists to MAX_LIST_ITEMS entries. */
export function capWire(wire: JudgeWire): JudgeWire {
  const cap = (text: string) => capText(text, MAX_REASON_CHARS);
  const list = (items: string[]) => items.slice(0, MAX_LIST_ITEMS).map(cap);
  return {
    ...wire,
    // Ids and refs need no cap: only those matching our own ids and items are ever used.
    verdicts: wire.verdicts.map((v) => ({ ...v, reason: cap(v.reason) })),
    sub_claims: wire.sub_claims.map((v) => ({ ...v, text: cap(v.text), reason: cap(v.reason) })),
    gaps: list(wire.gaps),
    contradictions: list(wire.contradictions),
    verification_reason: cap(wire.verification_reason),
    explanation: cap(wire.explanation),
    abstain_reason: wire.abstain_reason === null ? null : cap(wire.abstain_reason),
  };
}

/**
 * One verdict per claim from K samples: the partition most samples gave (a tie goes to the one
 * further from grounded, so disagreement never rounds up), the first sample's verdict with it,
 * and how the samples agreed. Samples without a valid verdict are left out; none left → not judged.
 */
export function combineSamples(samples: readonly JudgedClaim[][], claims: readonly ReportClaim[]): JudgedClaim[] {
  if (samples.length === 1) return [...samples[0]!];
  return claims.map((_claim, index) => {
    const judged = samples.map((sample) => sample[index]!).filter((verdict) => !verdict.not_judged);
    if (judged.length === 0) return samples[0]![index]!;
    const votes = new Map<PartitionKey, number>();
    for (const verdict of judged) votes.set(verdict.partition, (votes.get(verdict.partition) ?? 0) + 1);
    let chosen: PartitionKey = judged[0]!.partition;
    for (const [partition, count] of votes) {
      const best = votes.get(chosen)!;
      if (count > best || (count === best && WEAKNESS[partition] > WEAKNESS[chosen])) chosen = partition;
    }
    const kept = judged.find((verdict) => verdict.partition === chosen)!;
    const stability: ClaimStability = {
      samples: judged.length,
      agreement: votes.get(chosen)! / judged.length,
      verdicts: judged.map((verdict) => ({ partition: verdict.partition, type: verdict.type })),
      unstable: votes.size > 1,
    };
    const missing = samples.length - judged.length;
    const note = stability.unstable
      ? ` [unstable: ${judged.map((v) => v.partition).join(' / ')} over ${judged.length} samples]`
      : missing > 0
        ? ` [${missing} of ${samples.length} samples gave no verdict]`
        : '';
    return { ...kept, reason: `${kept.reason}${note}`, stability };
  });
}
