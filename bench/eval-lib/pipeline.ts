// The pipeline the evaluations run: the product's own review() (segmentation, evidence parsing,
// the judge — offline unless `npm run eval -- --judge llm|hybrid …` chose another), so the
// figures measure what a user gets. The rules alone (`decision: 'rules'`) run beside the shipped
// judge through the same path.
import type { OfflineJudgeOptions } from '../../src/core/judge/offline';
import { review } from '../../src/core/review';
import type { EvidenceSource, JudgedClaim } from '../../src/core/review-types';
import { evalJudge, record } from './judge-choice';

export interface EvalCase {
  report: string;
  /** Named like the report file, so review() reads Markdown or plain text as the product does. */
  reportFile?: string;
  evidence: EvidenceSource[];
  question?: string;
}

export async function judgeCase(input: EvalCase, options: OfflineJudgeOptions = {}): Promise<JudgedClaim[]> {
  const result = await review({ ...input, judge: evalJudge(options) });
  record(result);
  return result.claims;
}
