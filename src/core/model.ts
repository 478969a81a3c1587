// The shared vocabulary of the core: evidence types, claims, partitions and the judge's output.
// Wire formats (what a judge returns, what the CLI reads) keep the spec's snake_case names.
import { z } from 'zod';

/** The closed set of evidence types, in the order of their default weights (gsar.md §1). */
export const EVIDENCE_TYPES = [
  'tool_match',
  'specific_data',
  'signal_match',
  'complementary_finding',
  'synthesis',
  'neg_evidence',
  'inference',
  'domain',
] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

export const EvidenceTypeSchema = z.enum(EVIDENCE_TYPES, {
  error: (issue) =>
    `unknown evidence type ${JSON.stringify(issue.input)} (expected one of ${EVIDENCE_TYPES.join(', ')})`,
});

export function isEvidenceType(value: unknown): value is EvidenceType {
  return typeof value === 'string' && (EVIDENCE_TYPES as readonly string[]).includes(value);
}

/** The four buckets of a partition, in display order. */
export const PARTITION_KEYS = ['grounded', 'ungrounded', 'contradicted', 'complementary'] as const;
export type PartitionKey = (typeof PARTITION_KEYS)[number];

/** One atomic claim. `start`/`end` locate it in the report (UTF-16 offsets, end exclusive). */
export const ClaimSchema = z
  .object({
    text: z.string(),
    type: EvidenceTypeSchema,
    evidence_refs: z.array(z.string()).default([]),
    start: z.number().int().nonnegative().optional(),
    end: z.number().int().nonnegative().optional(),
  })
  .refine((c) => c.start === undefined || c.end === undefined || c.start <= c.end, {
    message: 'start must not be after end',
    path: ['end'],
  });
export type Claim = z.infer<typeof ClaimSchema>;

/** Every claim sits in exactly one of the four lists (gsar.md §1). */
export const PartitionSchema = z.strictObject({
  grounded: z.array(ClaimSchema).default([]),
  ungrounded: z.array(ClaimSchema).default([]),
  contradicted: z.array(ClaimSchema).default([]),
  complementary: z.array(ClaimSchema).default([]),
});
export type Partition = z.infer<typeof PartitionSchema>;

export function emptyPartition(): Partition {
  return { grounded: [], ungrounded: [], contradicted: [], complementary: [] };
}

export const DECISIONS = ['proceed', 'regenerate', 'replan'] as const;
export type Decision = (typeof DECISIONS)[number];
/** A round's outcome: a score decision, or abstain (which only a judge can produce). */
export type RoundDecision = Decision | 'abstain';

export const DecisionStatusSchema = z.enum(['resolved', 'abstain']);
export type DecisionStatus = z.infer<typeof DecisionStatusSchema>;

/** The judge contract of gsar.md §7. `grounding_score` is the judge's own scalar: audit only. */
export const JudgeOutputSchema = z
  .object({
    grounding_score: z.number().min(0).max(1),
    is_grounded: z.boolean(),
    grounded_claims: z.array(ClaimSchema),
    ungrounded_claims: z.array(ClaimSchema),
    contradicted_claims: z.array(ClaimSchema),
    complementary_claims: z.array(ClaimSchema),
    gaps: z.array(z.string()),
    contradictions: z.array(z.string()),
    verification_needed: z.boolean(),
    verification_reason: z.string(),
    explanation: z.string(),
    decision_status: DecisionStatusSchema,
    abstain_reason: z.string().nullable().optional(),
  })
  .refine((o) => o.decision_status !== 'abstain' || (o.abstain_reason ?? '').trim().length > 0, {
    message: 'abstain_reason is required when decision_status is "abstain"',
    path: ['abstain_reason'],
  });
export type JudgeOutput = z.infer<typeof JudgeOutputSchema>;

export function partitionOf(output: JudgeOutput): Partition {
  return {
    grounded: output.grounded_claims,
    ungrounded: output.ungrounded_claims,
    contradicted: output.contradicted_claims,
    complementary: output.complementary_claims,
  };
}

/**
 * The output a judge returns instead of throwing (gsar.md §7): score 0.5, nothing classified,
 * abstain with the reason — which the loop treats as replan.
 */
export function safeDefaultJudgeOutput(reason: string): JudgeOutput {
  return {
    grounding_score: 0.5,
    is_grounded: false,
    grounded_claims: [],
    ungrounded_claims: [],
    contradicted_claims: [],
    complementary_claims: [],
    gaps: [],
    contradictions: [],
    verification_needed: true,
    verification_reason: reason,
    explanation: reason,
    decision_status: 'abstain',
    abstain_reason: reason,
  };
}

/** Decision thresholds (gsar.md §3). */
export interface Thresholds {
  proceed: number;
  regenerate: number;
}
export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze({ proceed: 0.8, regenerate: 0.65 });
/** Profiles seen in the wild (gsar.md §3). */
export const THRESHOLD_PROFILES: Readonly<Record<'lenient' | 'default' | 'strict', Readonly<Thresholds>>> = Object.freeze({
  lenient: Object.freeze({ proceed: 0.7, regenerate: 0.5 }),
  default: DEFAULT_THRESHOLDS,
  strict: Object.freeze({ proceed: 0.95, regenerate: 0.85 }),
});

/** A weight map. A custom map replaces the defaults; types it lacks weigh `unknownWeight`. */
export type WeightMap = Partial<Record<EvidenceType, number>>;
export const DEFAULT_WEIGHTS: Readonly<Record<EvidenceType, number>> = Object.freeze({
  tool_match: 1.0,
  specific_data: 0.95,
  signal_match: 0.9,
  complementary_finding: 0.85,
  synthesis: 0.8,
  neg_evidence: 0.7,
  inference: 0.6,
  domain: 0.6,
});
/** w0: the weight of a type missing from a custom map. */
export const DEFAULT_UNKNOWN_WEIGHT = 0.6;
/** ρ: the contradiction penalty. */
export const DEFAULT_RHO = 0.5;
/** k_max: the replan budget of the loop. */
export const DEFAULT_K_MAX = 2;

/** Raised for invalid scores, weights, thresholds or inputs; `path` names the offending field. */
export class GroundingInputError extends Error {
  constructor(
    message: string,
    readonly path?: string,
  ) {
    super(path ? `${path}: ${message}` : message);
    this.name = 'GroundingInputError';
  }
}

/** Formats a zod error as one line per issue, each naming its JSON path (`grounded[0].type`). */
export function formatZodError(error: z.ZodError, prefix = ''): string {
  return error.issues
    .map((issue) => {
      const where = [prefix, formatPath(issue.path)].filter(Boolean).join(': ');
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
