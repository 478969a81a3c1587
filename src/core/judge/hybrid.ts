// The hybrid judge: the offline verifier runs first and keeps the claims it decides with a
// calibrated confidence at or above a cut (figures, times, identifiers — where it is strongest);
// only the rest go to the LLM, with their retrieved evidence and their paragraph, asked for claim
// verdicts only (the summary is built here from all the claims). The LLM never sees the offline
// verdict (no hints that tell it the answer). Every claim says which judge
// decided and why; where both judged and disagree, the claim is flagged for a reviewer.
// A grounded cut (the reviewer's "green marks I can trust") sends a grounded verdict below it to
// the LLM too: the offline judge could not verify the claim, so it is asked, not kept as ungrounded.
import type { PartitionKey } from '../model';
import type { ClaimJudge, ClaimJudgeInput, ClaimJudgement, JudgedClaim } from '../review-types';
import { createOfflineJudge, judgeOutputFromClaims } from './offline';
import type { EstimateOptions, JudgeEstimate } from './openai/estimate';
import type { JudgeAsk } from './openai/wire';

// Calibrated at first sight, on blind batches the rules had not seen (`npm run train:judge` prints
// the table): at 0.75 the offline judge keeps 52% of the claims, right 87% of the time on them.
export const DEFAULT_CONFIDENCE_CUT = 0.75;

/** An LLM judge that can say what it would send without sending it, and be asked for claim verdicts only. */
export interface EstimatingJudge extends ClaimJudge {
  judgeClaims(input: ClaimJudgeInput, ask?: JudgeAsk): Promise<ClaimJudgement>;
  estimate(input: ClaimJudgeInput, ask?: JudgeAsk, options?: EstimateOptions): Promise<JudgeEstimate>;
}

export interface HybridJudgeOptions {
  /**
   * The offline verifier (default: the offline judge with no grounded cut of its own; a verdict it
   * withheld would arrive as ungrounded and could be kept as ungrounded instead of asked).
   */
  offline?: ClaimJudge;
  llm: EstimatingJudge;
  /** Offline verdicts with confidence ≥ this are kept (default 0.75). Unset confidence counts as 0. */
  confidenceCut?: number;
  /**
   * A grounded offline verdict with confidence below this is not kept either: it goes to the LLM
   * (default 0). Give `offline` no grounded cut of its own: a verdict it withheld would arrive as
   * ungrounded with that partition's confidence, and could be kept as ungrounded instead of asked.
   */
  groundedCut?: number;
}

export interface HybridEstimate extends JudgeEstimate {
  /** Claims the offline judge keeps (nothing sent for them). */
  keptOffline: number;
}

const fixed = (x: number) => x.toFixed(2);

/** The offline judge's confidence in its verdict; unset or not a number counts as 0 (everything goes to the LLM). */
export function offlineConfidence(claim: JudgedClaim | undefined): number {
  const value = claim?.confidence;
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

export class HybridJudge implements ClaimJudge {
  readonly kind = 'hybrid';
  readonly cut: number;
  readonly groundedCut: number;

  private readonly offline: ClaimJudge;

  constructor(private readonly options: HybridJudgeOptions) {
    const cut = options.confidenceCut ?? DEFAULT_CONFIDENCE_CUT;
    if (!(cut >= 0 && cut <= 1)) throw new RangeError(`confidence cut must be in [0, 1], got ${cut}`);
    const groundedCut = options.groundedCut ?? 0;
    if (!(groundedCut >= 0 && groundedCut <= 1)) throw new RangeError(`grounded cut must be in [0, 1], got ${groundedCut}`);
    this.cut = cut;
    this.groundedCut = groundedCut;
    this.offline = options.offline ?? createOfflineJudge({ groundedCut: 0 });
  }

  get model(): string | undefined {
    return this.options.llm.model;
  }

  async judgeClaims(input: ClaimJudgeInput): Promise<ClaimJudgement> {
    const { offline, kept, sent } = await this.split(input);
    // Verdicts only: this judgement's summary is built from the claims below, so the LLM's would be paid for and dropped.
    const llm = sent.length > 0 ? await this.options.llm.judgeClaims({ ...input, claims: sent }, 'verdicts') : undefined;
    const fromLlm = new Map((llm?.claims ?? []).map((claim) => [claim.id, claim]));
    const byId = new Map(offline.claims.map((claim) => [claim.id, claim]));
    const claims = input.claims.map((claim): JudgedClaim => {
      const own = byId.get(claim.id);
      const confidence = offlineConfidence(own);
      if (own && kept.has(claim.id)) {
        return { ...own, decided_by: 'offline', decided_why: `offline confidence ${fixed(confidence)} ≥ cut ${fixed(this.cut)}` };
      }
      const said = own ? `the offline judge said ${own.partition} at confidence ${own.confidence === undefined ? 'unset (counts as 0)' : fixed(confidence)}` : 'the offline judge gave no verdict';
      // Above the confidence cut, only the grounded cut can have sent it: say that one.
      const belowGroundedCut = confidence >= this.cut && this.withholds(own);
      const why = belowGroundedCut
        ? `offline grounded at confidence ${fixed(confidence)} < grounded cut ${fixed(this.groundedCut)}: sent to the LLM`
        : `offline confidence ${own?.confidence === undefined ? 'unset (counts as 0)' : fixed(confidence)} < cut ${fixed(this.cut)}: sent to the LLM`;
      const verdict = fromLlm.get(claim.id);
      if (!verdict || verdict.not_judged) {
        // Fail closed: a low-confidence offline verdict is not promoted to a pass because the LLM failed.
        const reason = verdict?.reason ?? 'not judged: the LLM judge returned no verdict for this claim';
        return { ...claim, partition: 'ungrounded', type: 'inference', evidence_refs: [], reason: `${reason} (${said}, below the ${belowGroundedCut ? 'grounded ' : ''}cut)`, not_judged: true, decided_by: 'none', decided_why: why };
      }
      const disagreement = own && own.partition !== verdict.partition ? disagreementOf(own, verdict.partition) : undefined;
      return { ...verdict, decided_by: 'llm', decided_why: why, ...(disagreement ? { disagreement } : {}) };
    });
    const abstainReason = llm?.output.decision_status === 'abstain' ? `LLM judge: ${llm.output.abstain_reason ?? 'abstained'}` : undefined;
    return {
      claims,
      output: judgeOutputFromClaims(claims, abstainReason),
      fallbacks: llm?.fallbacks ?? [],
      warnings: [...offline.warnings, ...(llm?.warnings ?? [])],
      ...(this.model ? { model: this.model } : {}),
      ...(llm?.usage ? { usage: llm.usage } : { usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, requests: 0, cachedResponses: 0 } }),
    };
  }

  /** What a hybrid judgement would send: the offline judge runs (locally), the LLM part is only planned. */
  async estimate(input: ClaimJudgeInput, options: EstimateOptions = {}): Promise<HybridEstimate> {
    const { kept, sent } = await this.split(input);
    const estimate = await this.options.llm.estimate({ ...input, claims: sent }, 'verdicts', options);
    return { ...estimate, keptOffline: kept.size };
  }

  private async split(input: ClaimJudgeInput) {
    const offline = await this.offline.judgeClaims(input);
    const byId = new Map(offline.claims.map((claim) => [claim.id, claim]));
    const keeps = (own: JudgedClaim | undefined) => offlineConfidence(own) >= this.cut && !this.withholds(own);
    const kept = new Set(input.claims.filter((claim) => keeps(byId.get(claim.id))).map((claim) => claim.id));
    const sent = input.claims.filter((claim) => !kept.has(claim.id));
    return { offline, kept, sent };
  }

  /** A grounded offline verdict the grounded cut does not let stand. */
  private withholds(own: JudgedClaim | undefined): boolean {
    return own?.partition === 'grounded' && offlineConfidence(own) < this.groundedCut;
  }
}

function disagreementOf(offline: JudgedClaim, llm: PartitionKey): string {
  const confidence = offline.confidence === undefined ? 'unset' : fixed(offlineConfidence(offline));
  return `the judges disagree: offline ${offline.partition} (confidence ${confidence}), LLM ${llm}; review this claim`;
}

export function createHybridJudge(options: HybridJudgeOptions): HybridJudge {
  return new HybridJudge(options);
}
