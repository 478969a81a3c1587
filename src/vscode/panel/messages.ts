// The messages between the panel webview and the extension, validated with zod on both sides:
// the extension parses what the webview posts, and the webview parses what it receives.
// Pure zod — bundled into the webview script too, so nothing here may import 'vscode'.
import { z } from 'zod';

const PartitionSchema = z.enum(['grounded', 'ungrounded', 'contradicted', 'complementary']);

export const PanelClaimSchema = z.object({
  id: z.string(),
  text: z.string(),
  partition: PartitionSchema,
  type: z.string(),
  reason: z.string(),
  line: z.number().int(),
  stale: z.boolean(),
  reviewed: z.boolean(),
  judged: PartitionSchema,
  refs: z.array(z.string()),
  /** Hybrid judge: which judge decided, and why; a disagreement flags the claim for review. */
  decidedBy: z.enum(['offline', 'llm', 'none']).optional(),
  decidedWhy: z.string().optional(),
  disagreement: z.string().optional(),
  /** With samples: the verdicts differed; agreement is the share that gave the kept one. */
  unstable: z.boolean().optional(),
  agreement: z.number().optional(),
  notJudged: z.boolean().optional(),
  /** A grounded verdict the grounded cut withheld, e.g. "grounded at 0.43, below the grounded cut 0.5". */
  withheld: z.string().optional(),
});
export type PanelClaim = z.infer<typeof PanelClaimSchema>;

const FourNumbers = z.object({ grounded: z.number(), ungrounded: z.number(), contradicted: z.number(), complementary: z.number() });

export const SwitchCardSchema = z.object({
  /** computed: the fields below are set; pending: the encoder is still working; skipped: `note` says why. */
  status: z.enum(['computed', 'pending', 'skipped']),
  note: z.string().optional(),
  method: z.string().optional(),
  score: z.number().optional(),
  normalized: z.number().optional(),
  action: z.string().optional(),
  writeToState: z.boolean().optional(),
  level: z.string().optional(),
  reason: z.string().optional(),
});

export const GateCardSchema = z.object({
  status: z.enum(['computed', 'skipped']),
  note: z.string().optional(),
  claimType: z.string().optional(),
  verdict: z.string().optional(),
  legalNext: z.array(z.string()).optional(),
  reasons: z.array(z.string()).optional(),
  budget: z.string().optional(),
});

/** Trouble in the evidence the report never mentions; `id` is what the panel asks to open. */
export const PanelOmissionSchema = z.object({ id: z.string(), file: z.string(), line: z.number().int(), reason: z.string(), text: z.string() });

export const PanelStateSchema = z.object({
  report: z.object({ name: z.string(), uri: z.string() }),
  score: z.number(),
  decision: z.string(),
  degraded: z.boolean(),
  thresholds: z.object({ proceed: z.number(), regenerate: z.number() }),
  rho: z.number(),
  counts: FourNumbers,
  /** W(G), W(U), ρ·W(X), W(K): what each bucket puts into S's fraction. */
  contributions: FourNumbers.extend({ numerator: z.number(), denominator: z.number() }),
  staleClaims: z.number().int(),
  reviewedClaims: z.number().int(),
  claims: z.array(PanelClaimSchema),
  omissions: z.array(PanelOmissionSchema),
  switchCard: SwitchCardSchema.nullable(),
  gateCard: GateCardSchema.nullable(),
  judge: z.object({
    kind: z.string(),
    model: z.string().optional(),
    tokens: z.number().optional(),
    requests: z.number().optional(),
    cached: z.number().optional(),
    fallbacks: z.array(z.string()),
    abstainReason: z.string().optional(),
    /** What the remote judge was expected to cost, shown before its first call. */
    estimate: z.string().optional(),
    notJudged: z.number().optional(),
    /** Grounded verdicts the grounded cut withheld (counted as ungrounded). */
    withheld: z.number().optional(),
    stability: z.string().optional(),
  }),
  trajectory: z.array(z.object({ iteration: z.number(), action: z.string().optional(), score: z.number(), decision: z.string() })).nullable(),
  warnings: z.array(z.string()),
  evidence: z.object({ files: z.array(z.string()), items: z.number() }),
  elapsedMs: z.number(),
});
export type PanelState = z.infer<typeof PanelStateSchema>;

export const ToWebviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: PanelStateSchema.nullable(), busy: z.boolean(), note: z.string().optional() }),
  z.object({ type: z.literal('filter'), partition: PartitionSchema.or(z.literal('all')) }),
]);
export type ToWebview = z.infer<typeof ToWebviewSchema>;

export const PANEL_COMMANDS = ['evaluate', 'selectEvidence', 'exportAudit', 'clear'] as const;

export const FromWebviewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('revealClaim'), claimId: z.string().max(64) }),
  /** Opens the evidence line of an omission. */
  z.object({ type: z.literal('openOmission'), id: z.string().max(512) }),
  z.object({ type: z.literal('run'), command: z.enum(PANEL_COMMANDS) }),
  /** Sent after each render: lets the extension (and its tests) know what the panel shows. */
  z.object({ type: z.literal('rendered'), claims: z.number().int(), score: z.string().nullable() }),
]);
export type FromWebview = z.infer<typeof FromWebviewSchema>;
