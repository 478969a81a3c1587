// One reviewed document: the judge's result, the reviewer's verdicts over it, and where each
// claim sits now. Edits shift the spans; a claim whose text was edited turns stale (its verdict
// no longer describes the text) until the next Evaluate. Re-scoring never calls the judge.
import type { PartitionKey } from '../core/model';
import type { EvidenceItem, JudgedClaim, ReviewResult, ScoringSettings } from '../core/review-types';
import { rescoreReview } from './engine';

export interface LiveSpan {
  start: number;
  end: number;
  stale: boolean;
}

/** A claim as shown: its current partition (the reviewer's if any), where it is, and whether it is stale. */
export interface LiveClaim {
  claim: JudgedClaim;
  judged: PartitionKey;
  reviewed?: PartitionKey;
  span: LiveSpan;
}

/** One content change, as VS Code reports it (offsets into the text before the change). */
export interface TextChange {
  rangeOffset: number;
  rangeLength: number;
  text: string;
}

export interface ReviewSessionInit {
  uri: string;
  version: number;
  reportText: string;
  /** The result as the judge produced it (before reviewer verdicts). */
  judged: ReviewResult;
  evidenceItems: EvidenceItem[];
  /** Evidence file (as named in items) → URI string to open it. */
  evidenceUris: Record<string, string>;
  /** Reviewer verdicts by claim text, carried over from earlier reviews of this report. */
  verdicts: Record<string, PartitionKey>;
  scoring: ScoringSettings;
  evaluatedAt: Date;
  elapsedMs: number;
}

/** One round of Evaluate and Repair, as shown in the panel and the audit. */
export interface TrajectoryRound {
  iteration: number;
  action: 'initial' | 'regenerate' | 'replan';
  score: number;
  decision: string;
  evidenceFiles: string[];
  error?: string;
}

export class ReviewSession {
  /** Set when this review came out of Evaluate and Repair. */
  trajectory: TrajectoryRound[] | undefined;
  /** What the remote judge was expected to cost, shown before its first call. */
  costEstimate: string | undefined;
  readonly uri: string;
  readonly reportText: string;
  private judgedResult: ReviewResult;
  /** True while the GroundingSwitch is being computed for this review. */
  geometryPending = false;
  readonly evidenceUris: Record<string, string>;
  readonly evaluatedAt: Date;
  readonly elapsedMs: number;
  private readonly items = new Map<string, EvidenceItem>();
  readonly evidenceItems: readonly EvidenceItem[];
  private readonly spans = new Map<string, LiveSpan>();
  /** Reviewer verdicts by claim text (texts survive re-evaluation; claim ids may not). */
  readonly verdicts: Record<string, PartitionKey>;
  private scored: ReviewResult;
  private scoring: ScoringSettings;

  constructor(init: ReviewSessionInit) {
    this.uri = init.uri;
    this.reportText = init.reportText;
    this.judgedResult = init.judged;
    this.evidenceUris = init.evidenceUris;
    this.evaluatedAt = init.evaluatedAt;
    this.elapsedMs = init.elapsedMs;
    this.evidenceItems = init.evidenceItems;
    for (const item of init.evidenceItems) if (!this.items.has(item.id)) this.items.set(item.id, item);
    for (const claim of init.judged.claims) this.spans.set(claim.id, { start: claim.start, end: claim.end, stale: false });
    const texts = new Set(init.judged.claims.map((claim) => claim.text));
    this.verdicts = Object.fromEntries(Object.entries(init.verdicts).filter(([text]) => texts.has(text)));
    this.scoring = init.scoring;
    this.scored = this.computeScore();
  }

  /** The result as the judge produced it (before reviewer verdicts). */
  get judged(): ReviewResult {
    return this.judgedResult;
  }

  /** Adds the GroundingSwitch once computed; the score does not depend on it. */
  attachSwitch(value: unknown): void {
    this.judgedResult = { ...this.judgedResult, switch: value };
    this.scored = { ...this.scored, switch: value };
    this.geometryPending = false;
  }

  /** Replaces the gate verdict (its settings changed); the score does not depend on it. */
  attachGate(value: unknown): void {
    this.judgedResult = { ...this.judgedResult, gate: value };
    this.scored = { ...this.scored, gate: value };
  }

  /** The result with reviewer verdicts applied, scored with the current settings. */
  get result(): ReviewResult {
    return this.scored;
  }

  get settings(): ScoringSettings {
    return this.scoring;
  }

  evidenceItem(id: string): EvidenceItem | undefined {
    return this.items.get(id);
  }

  get claims(): LiveClaim[] {
    return this.scored.claims.map((claim) => {
      const judged = this.judged.claims.find((c) => c.id === claim.id)?.partition ?? claim.partition;
      const reviewed = this.verdicts[claim.text];
      return { claim, judged, reviewed, span: this.spans.get(claim.id) ?? { start: claim.start, end: claim.end, stale: true } };
    });
  }

  claim(id: string): LiveClaim | undefined {
    return this.claims.find((live) => live.claim.id === id);
  }

  /** The claim whose current span holds `offset` (the innermost, for atomic sub-claims). */
  claimAt(offset: number): LiveClaim | undefined {
    let best: LiveClaim | undefined;
    for (const live of this.claims) {
      if (offset < live.span.start || offset > live.span.end) continue;
      if (!best || live.span.end - live.span.start < best.span.end - best.span.start) best = live;
    }
    return best;
  }

  get hasStaleClaims(): boolean {
    for (const span of this.spans.values()) if (span.stale) return true;
    return false;
  }

  /** Marks the claims matching `predicate` stale (their text changed under them). */
  markStaleWhere(predicate: (live: LiveClaim) => boolean): void {
    for (const live of this.claims) if (predicate(live)) live.span.stale = true;
  }

  /** Re-scores with new thresholds, weights or ρ — no judge call. */
  rescore(scoring: ScoringSettings): void {
    this.scoring = scoring;
    this.scored = this.computeScore();
  }

  /** Records the reviewer's verdict on a claim (undefined removes it) and re-scores. */
  setVerdict(claimId: string, partition: PartitionKey | undefined): boolean {
    const claim = this.judged.claims.find((c) => c.id === claimId);
    if (!claim) return false;
    if (partition === undefined) delete this.verdicts[claim.text];
    else this.verdicts[claim.text] = partition;
    this.scored = this.computeScore();
    return true;
  }

  /** Shifts spans for edits applied in order; returns true when any claim turned stale. */
  applyChanges(changes: readonly TextChange[]): boolean {
    let newlyStale = false;
    for (const change of changes) {
      const changeStart = change.rangeOffset;
      const changeEnd = change.rangeOffset + change.rangeLength;
      const delta = change.text.length - change.rangeLength;
      for (const span of this.spans.values()) {
        if (changeEnd <= span.start) {
          // Entirely before the claim (an insertion right at its start pushes it along).
          span.start += delta;
          span.end += delta;
        } else if (changeStart >= span.end) {
          // Entirely after: nothing moves.
        } else {
          if (!span.stale) newlyStale = true;
          span.stale = true;
          const start = Math.min(span.start, changeStart);
          const end = changeEnd >= span.end ? changeStart + change.text.length : span.end + delta;
          span.start = start;
          span.end = Math.max(start, end);
        }
      }
    }
    return newlyStale;
  }

  private computeScore(): ReviewResult {
    const claims = this.judged.claims.map((claim) => {
      const verdict = this.verdicts[claim.text];
      return verdict ? { ...claim, partition: verdict } : claim;
    });
    return rescoreReview({ ...this.judged, claims }, this.scoring);
  }
}
