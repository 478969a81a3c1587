// The two repair actions of GSAR's loop (gsar.md §6) as pluggable functions: the CLI and the
// editor choose the implementations (an LLM rewrite, a command, a file picker).
import type { JudgeOutput } from '../model';
import type { EvidenceSource, ReviewResult } from '../review-types';

export interface RepairContext {
  report: string;
  evidence: EvidenceSource[];
  /** The judge's verdict on `report` against `evidence` (explanation, gaps, claims by bucket). */
  judgeOutput: JudgeOutput;
  /** The full review of that round: claims with spans, reasons and refs. */
  review: ReviewResult;
  /** 1-based number of this repair among the loop's repairs. */
  round: number;
  signal?: AbortSignal;
}

/** Regenerate: a new report from the SAME evidence. Returns text; never writes a file. Throws on failure. */
export type ReportRegenerator = (context: RepairContext) => Promise<string>;

/** Replan: fresh evidence (and optionally a new report). Throws on failure, which stops the loop degraded. */
export type EvidenceReplanner = (context: RepairContext) => Promise<{ evidence: EvidenceSource[]; report?: string }>;
