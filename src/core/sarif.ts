// SARIF 2.1.0 for code-scanning UIs: one result per ungrounded or contradicted claim, located at
// the claim's span in the report, with the cited evidence as related locations; and one `note` on
// the report per omission (trouble in the evidence the report never mentions), pointing at its line.
import { createHash } from 'node:crypto';
import type * as Sarif from 'sarif';
import type { PartitionKey } from './model';
import type { EvidenceItem, JudgedClaim, Omission, ReviewResult } from './review-types';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

/** One reviewed report: its result, its text (for line/column regions) and where it lives. */
export interface SarifReview {
  result: ReviewResult;
  reportText: string;
  /** The report's URI as code scanning should show it: relative to `uriBaseId` when that is set. */
  reportUri: string;
  /** The evidence items the claims cite, to turn refs into related locations. */
  evidence: readonly EvidenceItem[];
  /** How evidence files map to URIs (default: the item's file as given). */
  evidenceUri?: (file: string) => string;
}

export interface SarifOptions {
  toolVersion: string;
  /** Base the relative URIs resolve against, e.g. `%SRCROOT%` → `file:///repo/`. */
  uriBase?: { id: string; uri: string };
}

/** The partitions that produce results, with their rule ids and default levels. */
const RULES: ReadonlyArray<{ partition: PartitionKey; id: string; name: string; level: Sarif.ReportingConfiguration.level; text: string; help: string }> = [
  {
    partition: 'contradicted',
    id: 'grounding/contradicted',
    name: 'ContradictedClaim',
    level: 'error',
    text: 'A claim the evidence contradicts.',
    help: 'The evidence states the same quantity or state differently (a different number, time or outcome). Correct the claim or cite the evidence that supports it.',
  },
  {
    partition: 'ungrounded',
    id: 'grounding/ungrounded',
    name: 'UngroundedClaim',
    level: 'warning',
    text: 'A claim the evidence does not support.',
    help: 'Its specific content is absent from the evidence, or it over-reaches (a causal or certain conclusion where the evidence only shows co-occurrence or order). Hedge it, remove it, or gather the evidence.',
  },
];

/** Omissions are no claim's partition: their own rule, a note on the report. */
const OMISSION_RULE = {
  id: 'grounding/omission',
  name: 'OmittedTrouble',
  level: 'note' as const,
  text: 'Trouble in the evidence the report does not mention.',
  help: 'An evidence item signals trouble (an ERROR line, a failed exit, status or test, a fired alert) and no claim cites or covers it. Say what it means for the conclusion, or why it does not matter.',
};

/** Maps UTF-16 offsets to 1-based SARIF lines and columns (CR, LF and CRLF end a line). */
class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10 /* \n */ || (ch === 13 /* \r */ && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }
}

function fingerprint(text: string): string {
  return createHash('sha256').update(text.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 32);
}

function quote(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function claimResult(claim: JudgedClaim, ruleIndex: number, review: SarifReview, lines: LineIndex, uriBaseId?: string): Sarif.Result {
  const rule = RULES[ruleIndex];
  const from = lines.position(claim.start);
  const to = lines.position(claim.end);
  const byId = new Map(review.evidence.map((item) => [item.id, item]));
  const relatedLocations: Sarif.Location[] = claim.evidence_refs.map((ref, index) => {
    const item = byId.get(ref);
    if (!item) return { id: index + 1, message: { text: `${ref} (not found in the evidence)` } };
    return {
      id: index + 1,
      physicalLocation: {
        artifactLocation: { uri: (review.evidenceUri ?? ((file) => file))(item.file), ...(uriBaseId ? { uriBaseId } : {}) },
        region: { startLine: item.line, endLine: Math.max(item.line, item.endLine) },
      },
      message: { text: `${ref}: ${quote(item.text)}` },
    };
  });
  return {
    ruleId: rule.id,
    ruleIndex,
    level: rule.level,
    message: { text: `${claim.partition} claim (${claim.type}): ${claim.reason}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: review.reportUri, ...(uriBaseId ? { uriBaseId } : {}) },
          region: {
            startLine: from.line,
            startColumn: from.column,
            endLine: to.line,
            endColumn: to.column,
            charOffset: claim.start,
            charLength: claim.end - claim.start,
            snippet: { text: claim.text },
          },
        },
      },
    ],
    ...(relatedLocations.length > 0 ? { relatedLocations } : {}),
    partialFingerprints: { 'claimText/v1': fingerprint(claim.text) },
    properties: {
      partition: claim.partition,
      evidenceType: claim.type,
      claimId: claim.id,
      evidenceRefs: claim.evidence_refs,
      ...(claim.not_judged ? { notJudged: true } : {}),
      ...(claim.decided_by ? { decidedBy: claim.decided_by } : {}),
      ...(claim.disagreement ? { flaggedForReview: claim.disagreement } : {}),
      // A grounded verdict the grounded cut withheld: grounded's probability and the cut.
      ...(claim.withheld ? { withheld: { groundedConfidence: claim.withheld.grounded_confidence, cut: claim.withheld.cut } } : {}),
      // With --samples: the claim's verdicts differed between samples.
      ...(claim.stability ? { unstable: claim.stability.unstable, agreement: claim.stability.agreement } : {}),
    },
  };
}

function omissionResult(omission: Omission, review: SarifReview, uriBaseId?: string): Sarif.Result {
  const evidenceUri = (review.evidenceUri ?? ((file) => file))(omission.file);
  return {
    ruleId: OMISSION_RULE.id,
    ruleIndex: RULES.length,
    level: OMISSION_RULE.level,
    message: { text: `the report does not mention ${omission.id} (${omission.reason}): ${quote(omission.text)}` },
    locations: [{ physicalLocation: { artifactLocation: { uri: review.reportUri, ...(uriBaseId ? { uriBaseId } : {}) }, region: { startLine: 1 } } }],
    relatedLocations: [
      {
        id: 1,
        physicalLocation: { artifactLocation: { uri: evidenceUri, ...(uriBaseId ? { uriBaseId } : {}) }, region: { startLine: omission.line } },
        message: { text: `${omission.id}: ${quote(omission.text)}` },
      },
    ],
    partialFingerprints: { 'omission/v1': fingerprint(`${evidenceUri}\n${omission.text}`) },
    properties: { evidenceRef: omission.id, reason: omission.reason },
  };
}

/** Builds one SARIF log (one run) over any number of reviewed reports. */
export function buildSarifLog(reviews: readonly SarifReview[], options: SarifOptions): Sarif.Log {
  const uriBaseId = options.uriBase?.id;
  const results: Sarif.Result[] = [];
  for (const review of reviews) {
    const lines = new LineIndex(review.reportText);
    for (const claim of review.result.claims) {
      const ruleIndex = RULES.findIndex((rule) => rule.partition === claim.partition);
      if (ruleIndex >= 0) results.push(claimResult(claim, ruleIndex, review, lines, uriBaseId));
    }
    for (const omission of review.result.omissions ?? []) results.push(omissionResult(omission, review, uriBaseId));
  }
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Grounding Review',
            version: options.toolVersion,
            informationUri: 'https://github.com/grounding-review/grounding-review',
            rules: [...RULES, OMISSION_RULE].map((rule) => ({
              id: rule.id,
              name: rule.name,
              shortDescription: { text: rule.text },
              fullDescription: { text: rule.help },
              help: { text: rule.help },
              defaultConfiguration: { level: rule.level },
            })),
          },
        },
        ...(options.uriBase ? { originalUriBaseIds: { [options.uriBase.id]: { uri: options.uriBase.uri } } } : {}),
        columnKind: 'utf16CodeUnits',
        results,
        properties: {
          reviews: reviews.map((review) => ({
            report: review.reportUri,
            score: review.result.score,
            decision: review.result.decision,
            degraded: review.result.degraded,
            counts: review.result.counts,
          })),
        },
      },
    ],
  };
}
