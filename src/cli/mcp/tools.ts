// The MCP tools: review_report, check_claims and gate_check. Each goes through the same core path
// as the CLI — review() for the first two, runGate() for the third — so an agent asking over MCP
// gets the verdicts `grounding-review review` / `gate` would print. Inputs are zod-described;
// outputs are structured (with the JSON as text too, for clients that read only text).
import { dirname, join } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { parseEvidence } from '../../core/evidence';
import { GATE_CLAIM_TYPES, runGate, type GateResult } from '../../core/gate/index';
import { STRICT_GROUNDED_CUT, groundedCutOf } from '../../core/judge/grounded-cut';
import { reportSegmentOptions, review } from '../../core/review';
import { toReviewJson } from '../../core/review-json';
import type { ClaimJudge, EvidenceSource, ReviewResult } from '../../core/review-types';
import { segmentReport } from '../../core/segment';
import { hookVerdict, renderAgentFeedback } from '../agent-feedback';
import type { Roots } from './roots';

/** What the tools need from the server: where files may be read, and the judge to use. */
export interface ToolContext {
  roots: Roots;
  /** The server's judge, with the call's grounded cut; throws when that judge cannot honour one. */
  makeJudge: (groundedCut?: number) => ClaimJudge;
}

const MAX_TEXT = 4_000_000;
const PRESETS = ['default', 'skipper', 'diverger'] as const;

const evidenceInputs = {
  evidence_paths: z.array(z.string().min(1)).max(200).optional().describe('Evidence files (logs, JSON Lines traces, JSON, Markdown), relative to the first --root or absolute inside a root'),
  evidence: z
    .array(z.object({ name: z.string().min(1).max(500).describe('a file name: its extension picks the parser (.log, .jsonl, .json, .md)'), text: z.string().max(MAX_TEXT) }))
    .max(200)
    .optional()
    .describe('Evidence given inline'),
  question: z.string().max(10_000).optional().describe('The question the report answers'),
};

const judgeInputs = {
  grounded_cut: z
    .union([z.number().min(0).max(1), z.literal(STRICT_GROUNDED_CUT)])
    .optional()
    .describe(
      `Withhold a grounded verdict whose confidence is below this: a number in [0, 1] (offline default 0.5: grounded only where the model rates it more likely than not; 0: every verdict stands), or "${STRICT_GROUNDED_CUT}" (the cut that reached 0.9 precision of grounded on blind batches the rules had not seen). A withheld claim comes back ungrounded, "could not verify offline" (a hybrid judge asks the LLM instead), so the grounded claims left can be trusted. Offline and hybrid judges only: an error with the LLM judge`,
    ),
};

/** The judge for one call: a named cut resolved to its number here, so every path applies the same one. */
function judgeFor(context: ToolContext, groundedCut: number | typeof STRICT_GROUNDED_CUT | undefined): ClaimJudge {
  return context.makeJudge(groundedCut === undefined ? undefined : groundedCutOf(groundedCut));
}

const ClaimOut = z.object({
  text: z.string(),
  start: z.number(),
  end: z.number(),
  line: z.number(),
  partition: z.enum(['grounded', 'ungrounded', 'contradicted', 'complementary']),
  type: z.string(),
  evidence_refs: z.array(z.string()),
  reason: z.string(),
  confidence: z.number().min(0).max(1).optional().describe("the judge's calibrated probability that the partition is right"),
  not_judged: z.boolean().optional(),
  decided_by: z.string().optional(),
  decided_why: z.string().optional(),
  disagreement: z.string().optional(),
  stability: z.looseObject({ samples: z.number(), agreement: z.number(), unstable: z.boolean() }).optional(),
});
const OmissionOut = z.object({ id: z.string(), file: z.string(), line: z.number(), reason: z.string(), text: z.string() });
const Counts = z.object({ grounded: z.number(), ungrounded: z.number(), contradicted: z.number(), complementary: z.number() });
const reviewOutput = {
  score: z.number(),
  decision: z.enum(['proceed', 'regenerate', 'replan', 'abstain']),
  degraded: z.boolean(),
  counts: Counts,
  claims: z.array(ClaimOut),
  judge: z.looseObject({ kind: z.string() }),
  warnings: z.array(z.looseObject({ file: z.string(), message: z.string() })),
  omissions: z.array(OmissionOut),
  gate: z.looseObject({ verdict: z.enum(['ACCEPT', 'REJECT']), legal_next: z.array(z.string()) }).optional(),
  ready: z.boolean().describe('δ is proceed and the gate (when run) accepts: what the stop hook exits 0 on'),
};

function structured<T extends Record<string, unknown>>(value: T, summary?: string) {
  const content: Array<{ type: 'text'; text: string }> = [{ type: 'text', text: JSON.stringify(value) }];
  if (summary) content.push({ type: 'text', text: summary });
  return { content, structuredContent: value };
}

function exactlyOne(given: Record<string, unknown>, what: string): void {
  const present = Object.entries(given).filter(([, value]) => value !== undefined).map(([key]) => key);
  if (present.length !== 1) throw new Error(`give exactly one of ${Object.keys(given).join(', ')} for ${what}${present.length > 1 ? ` (got ${present.join(', ')})` : ''}`);
}

function evidenceSources(context: ToolContext, args: { evidence_paths?: string[]; evidence?: Array<{ name: string; text: string }> }, fallback: string[] = []): EvidenceSource[] {
  const paths = args.evidence_paths ?? (args.evidence ? [] : fallback);
  const sources = [...paths.map((file) => ({ file, text: context.roots.read(file) })), ...(args.evidence ?? []).map(({ name, text }) => ({ file: name, text }))];
  if (sources.length === 0) throw new Error('no evidence: give evidence_paths or evidence (or a report_path whose front matter lists "evidence:")');
  return sources;
}

function reviewJson(result: ReviewResult) {
  return { ...toReviewJson(result), ready: hookVerdict(result).pass } as z.infer<z.ZodObject<typeof reviewOutput>>;
}

export function registerTools(server: McpServer, context: ToolContext): void {
  server.registerTool(
    'review_report',
    {
      title: 'Review a report against its evidence',
      description:
        'Marks every claim of a report grounded, ungrounded, contradicted or complementary against the evidence, with cited items and a reason; computes the score S and the decision δ (proceed / regenerate / replan), and lists omissions: trouble in the evidence (ERROR lines, failed exits or tests, fired alerts) no claim mentions. The same review as `grounding-review review`.',
      inputSchema: {
        report: z.string().max(MAX_TEXT).optional().describe('The report text (Markdown)'),
        report_path: z.string().min(1).optional().describe('A report file inside a --root; its front matter "evidence:" is used when no evidence is given'),
        ...evidenceInputs,
        ...judgeInputs,
        gate: z.enum(PRESETS).optional().describe('Also run the grounding gate with this preset: the evidence replayed as the trace, the report as the answer'),
      },
      outputSchema: z.looseObject(reviewOutput),
    },
    async (args) => {
      exactlyOne({ report: args.report, report_path: args.report_path }, 'the report');
      const report = args.report ?? context.roots.read(args.report_path!);
      const reportFile = args.report_path ?? 'report.md';
      // A report file's front matter names the evidence when none is given. A Markdown report is
      // segmented once for it, and the review takes that segmentation over; a plain-text report is
      // reviewed as text while its front matter is read from a Markdown parse, as it always was.
      const segmentOptions = reportSegmentOptions(reportFile);
      const segmented = args.report_path && segmentOptions.format === 'markdown' ? segmentReport(report, segmentOptions) : undefined;
      const frontMatter = args.report_path ? (segmented ?? segmentReport(report)).frontMatter : {};
      const listed = (frontMatter.evidence ?? []).map((entry) => join(dirname(args.report_path!), entry));
      const evidence = evidenceSources(context, args, listed);
      const result = await review({ report, reportFile, segmented, evidence, question: args.question, judge: judgeFor(context, args.grounded_cut), gate: args.gate ? { preset: args.gate } : undefined });
      return structured(reviewJson(result), renderAgentFeedback(result, reportFile, hookVerdict(result)));
    },
  );

  server.registerTool(
    'check_claims',
    {
      title: 'Check a few claims against evidence',
      description:
        'Judges each claim against the evidence: grounded, ungrounded, contradicted or complementary, with cited items and a reason. A claim of several sentences or clauses may come back as several parts, each with the index of the claim it came from.',
      inputSchema: {
        claims: z.array(z.string().min(1).max(5_000)).min(1).max(200).describe('The claims, one statement each'),
        ...evidenceInputs,
        ...judgeInputs,
      },
      outputSchema: z.looseObject({
        claims: z.array(ClaimOut.extend({ index: z.number().int().describe('which input claim this part comes from (0-based)') })),
        counts: Counts,
        score: z.number(),
        decision: reviewOutput.decision,
        omissions: z.array(OmissionOut),
      }),
    },
    async (args) => {
      // One paragraph per claim, as plain text: the same segmentation and judging as a report.
      const paragraphs = args.claims.map((claim) => claim.replace(/\s+/g, ' ').trim());
      const starts: number[] = [];
      let offset = 0;
      for (const paragraph of paragraphs) {
        starts.push(offset);
        offset += paragraph.length + 2;
      }
      const result = await review({ report: paragraphs.join('\n\n'), reportFile: 'claims.txt', evidence: evidenceSources(context, args), question: args.question, judge: judgeFor(context, args.grounded_cut) });
      const json = toReviewJson(result);
      const indexOf = (start: number) => starts.reduce((found, claimStart, index) => (claimStart <= start ? index : found), 0);
      return structured({
        claims: json.claims.map((claim) => ({ index: indexOf(claim.start), ...claim })),
        counts: json.counts,
        score: json.score,
        decision: json.decision,
        omissions: json.omissions,
      });
    },
  );

  server.registerTool(
    'gate_check',
    {
      title: 'Grounding gate: may this answer be submitted?',
      description:
        'Replays an agent trace (JSON Lines tool calls, reasoning steps, signals) through the grounding gate and checks a submit of the given claim type at the boundary: ACCEPT or REJECT with reasons and the legal next moves. The same gate as `grounding-review gate`.',
      inputSchema: {
        trace_path: z.string().min(1).optional().describe('A JSON Lines trace file inside a --root'),
        trace: z.string().max(MAX_TEXT).optional().describe('The trace as JSON Lines text'),
        steps: z
          .array(z.looseObject({ type: z.enum(['tool_call', 'reasoning', 'signal']) }))
          .max(10_000)
          .optional()
          .describe('The steps so far, as trace events: {"type":"tool_call","tool","args","result","mutating","exit_ok"}, {"type":"reasoning","text"}, {"type":"signal",…}'),
        claim_type: z.enum(GATE_CLAIM_TYPES).optional().describe('What the answer claims; inferred from report when omitted'),
        report: z.string().max(MAX_TEXT).optional().describe('The answer itself: claim type and surface are inferred from it unless given'),
        surface: z.array(z.string().min(1)).max(500).optional().describe('The identifiers the answer is about (hosts, paths, ids, keys)'),
        preset: z.enum(PRESETS).optional(),
        goals: z.array(z.string().min(1)).max(100).optional().describe('Signals a completion claim needs verified, e.g. tests_passed'),
      },
      outputSchema: z.looseObject({
        verdict: z.enum(['ACCEPT', 'REJECT']),
        claim_type: z.enum(GATE_CLAIM_TYPES),
        legal_next: z.array(z.string()),
        reasons: z.array(z.string()),
        budget: z.object({ remaining: z.number(), cap: z.number(), refill: z.number() }),
        surface: z.array(z.string()),
      }),
    },
    async (args) => {
      exactlyOne({ trace_path: args.trace_path, trace: args.trace, steps: args.steps }, 'the trace');
      if (args.report === undefined && args.claim_type === undefined) throw new Error('give claim_type, or report to infer it');
      if (args.report === undefined && args.surface === undefined) throw new Error('give surface, or report to infer it');
      const file = args.trace_path ?? 'trace.jsonl';
      const text = args.trace_path ? context.roots.read(args.trace_path) : (args.trace ?? args.steps!.map((step) => JSON.stringify(step)).join('\n'));
      const parsed = parseEvidence({ file, text }, { format: 'jsonl' });
      const segmented = args.report === undefined ? undefined : segmentReport(args.report, { file: 'answer' });
      const { result } = runGate({
        report: args.report ?? '',
        claims: segmented?.claims,
        evidenceItems: parsed.items,
        claimType: args.claim_type,
        frontMatterClaimType: segmented?.frontMatter.claim_type,
        surface: args.surface,
        preset: args.preset,
        goals: args.goals,
      });
      const warnings = parsed.warnings.map((warning) => `${warning.file}${warning.line === undefined ? '' : `:${warning.line}`}: ${warning.message}`);
      const output: GateResult & { warnings?: string[] } = { ...result, ...(warnings.length > 0 ? { warnings } : {}) };
      return structured({ ...output });
    },
  );
}
