// The contracts between the stages of a review: evidence items, report claims, judges and the
// review result. Each stage (segmentation, evidence parsing, judges, switch, gate) codes against
// these, so they can be built and tested on their own.
import type { Decision, EvidenceType, JudgeOutput, PartitionKey, RoundDecision, Thresholds, WeightMap } from './model';

/** What an evidence item is, as parsed from its file. */
export type EvidenceKind =
  | 'log_line' // a plain log or text line
  | 'tool_row' // a tagged line `[tool=NAME …] key=value …`
  | 'signal' // an alert / signal line or trace event
  | 'tool_call' // a JSONL trace tool call
  | 'reasoning' // a JSONL trace reasoning step
  | 'json_field' // a field of a JSON document
  | 'paragraph'; // a paragraph of a Markdown / text document (runbook)

/** One addressable piece of evidence. `id` is what users see and judges cite (e.g. `E12`). */
export interface EvidenceItem {
  /** Unique within a review. */
  id: string;
  /** The evidence file as given (path or URI string). */
  file: string;
  /** 1-based first and last line in that file. */
  line: number;
  endLine: number;
  /** The item's text as it should be quoted to a user or a judge. */
  text: string;
  kind: EvidenceKind;
  /** The tool that produced it (tagged lines, trace tool calls). */
  tool?: string;
  /** key=value fields (tagged lines) or flattened fields (trace results). */
  fields: Record<string, string>;
  /** JSON path of a json_field item, e.g. `steps[2].config_version`. */
  jsonPath?: string;
  /** Words that give the item its meaning without being part of its text: a table row's column headers. */
  context?: string;
  /** A document block written tersely — a table row or a list item — rather than a prose paragraph. */
  terse?: boolean;
  /** Trace tool calls: arguments, result, whether the call mutated state, declared signals, exit status, turn. */
  args?: unknown;
  result?: string;
  mutating?: boolean;
  exitOk?: boolean;
  signals?: string[];
  turn?: number;
  /** A trace event that could not be read, and why: kept as a reasoning step so the gate never loses a step. */
  unreadable?: string;
}

/** A problem found while parsing input; the item is skipped, the review goes on. */
export interface InputWarning {
  file: string;
  /** 1-based line, when the problem has one. */
  line?: number;
  message: string;
}

/** One evidence file's content, as read by the CLI or the editor. */
export interface EvidenceSource {
  /** Path or URI string, used in ids, warnings and links. */
  file: string;
  text: string;
  /** Why the content was not read as text (binary, …): the file gives no items, this as its warning. */
  refused?: string;
  /** Something said about reading it (decoded as UTF-16, invalid UTF-8 replaced): a warning, items still read. */
  notice?: string;
}

/** An atomic claim of the report, with its exact span (UTF-16 offsets into the report, end exclusive). */
export interface ReportClaim {
  /** Stable within a review: `C1`, `C2`, … in document order. */
  id: string;
  text: string;
  start: number;
  end: number;
  /** 1-based line of `start`. */
  line: number;
  /** Set when the claim is an atomic part of a larger sentence claim. */
  parentId?: string;
  /** Words naming the claim's subject from around it (a table row's label); used to find evidence, not as content. */
  context?: string;
}

/** A claim after judging: its bucket, evidence type, cited items and a one-line reason. */
export interface JudgedClaim extends ReportClaim {
  partition: PartitionKey;
  type: EvidenceType;
  evidence_refs: string[];
  reason: string;
  /**
   * The judge's calibrated probability that `partition` is right, 0–1. The offline judge sets it
   * for every claim it decides; a hybrid judge keeps offline verdicts above its cut.
   */
  confidence?: number;
  /** No valid verdict came back for this claim (a failed call, a wrong enum, a missing id): counted and shown as not judged. */
  not_judged?: boolean;
  /** Hybrid judge: which judge's verdict this is (`none` when neither gave one). */
  decided_by?: DecidedBy;
  /** Why that judge decided, e.g. "offline confidence 0.97 ≥ cut 0.90". */
  decided_why?: string;
  /** Set where two judges both judged the claim and disagree: a reviewer should look. */
  disagreement?: string;
  /** With several samples per claim: how often the verdicts agreed. */
  stability?: ClaimStability;
  /** A grounded verdict the grounded cut withheld: the model's probability of grounded and the cut it fell below. */
  withheld?: WithheldVerdict;
}

export interface WithheldVerdict {
  grounded_confidence: number;
  cut: number;
}

export type DecidedBy = 'offline' | 'llm' | 'none';

/** A claim judged K times: each sample's verdict, the share that agreed with the one kept, and whether they differed. */
export interface ClaimStability {
  samples: number;
  agreement: number;
  verdicts: Array<{ partition: PartitionKey; type: EvidenceType }>;
  unstable: boolean;
}

export interface JudgeUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  requests: number;
  cachedResponses: number;
}

export interface ClaimJudgeInput {
  claims: ReportClaim[];
  evidence: EvidenceItem[];
  question?: string;
  /** The report's text, which claim offsets point into: an LLM judge reads each claim with its paragraph. */
  report?: string;
  signal?: AbortSignal;
}

/** What a claim judge returns. A judge never throws (except on abort): failure is the safe default. */
export interface ClaimJudgement {
  claims: JudgedClaim[];
  /** The judge contract output (gsar.md §7) built from `claims`; decision_status may be abstain. */
  output: JudgeOutput;
  /** Fallbacks taken, e.g. "structured output unsupported, parsed JSON from text". */
  fallbacks: string[];
  warnings: string[];
  model?: string;
  usage?: JudgeUsage;
}

export interface ClaimJudge {
  /** `offline`, `openai` or `hybrid`. */
  readonly kind: string;
  readonly model?: string;
  judgeClaims(input: ClaimJudgeInput): Promise<ClaimJudgement>;
}

/** The scoring settings a review is computed with; changing them re-scores without re-judging. */
export interface ScoringSettings {
  thresholds: Thresholds;
  rho: number;
  /** Replaces the default map when given. */
  weights?: WeightMap;
  unknownWeight?: number;
}

export interface PartitionCounts {
  grounded: number;
  ungrounded: number;
  contradicted: number;
  complementary: number;
}

/** A trouble item of the evidence (ERROR line, failed exit or test, fired alert) no claim cites or covers. */
export interface Omission {
  /** The evidence item's id, as claims cite it (`app.log:E4`). */
  id: string;
  file: string;
  /** 1-based line in `file`. */
  line: number;
  /** One line: what makes the item trouble, e.g. "log level ERROR". */
  reason: string;
  /** The item's text, clipped to one line. */
  text: string;
}

/** The review result: a contract shared by the CLI's JSON output, the editor and the audit export. */
export interface ReviewResult {
  score: number;
  decision: RoundDecision;
  /** True when the result should not be trusted as a verdict (judge fell back to the safe default, loop exhausted…). */
  degraded: boolean;
  counts: PartitionCounts;
  claims: JudgedClaim[];
  judge: {
    kind: string;
    model?: string;
    usage?: JudgeUsage;
    fallbacks: string[];
    abstainReason?: string;
    /** Claims no judge gave a valid verdict (shown as not judged; the result is degraded). */
    notJudged?: number;
    /** With several samples per claim: unstable claims and the range of S over the samples. */
    stability?: { samples: number; unstableClaims: number; meanAgreement: number; scoreInterval: [number, number] };
  };
  warnings: InputWarning[];
  /** Trouble in the evidence the report says nothing about; informational unless a caller fails on it. */
  omissions: Omission[];
  evidence: { files: string[]; items: number };
  scoring: ScoringSettings & { decisionWithoutAbstain?: Decision };
  /** Filled by later stages; null when not computed. */
  switch: unknown | null;
  gate: unknown | null;
}
