// The pipeline the evaluations run: the product's own review() (segmentation, evidence parsing,
// the judge — offline unless `npm run eval -- --judge llm|hybrid …` chose another), so the
// figures measure what a user gets. `trained` runs the trained judge (partitions from the
// decision model alone), to print it beside the shipped judge.
import type { OfflineJudgeOptions } from '../../src/core/judge/offline';
import { createTrainedJudge } from '../../src/core/judge/offline/trained-judge';
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

export type JudgeChoice = 'offline' | 'trained';

export async function judgeCase(input: EvalCase, options: OfflineJudgeOptions = {}, choice: JudgeChoice = 'offline'): Promise<JudgedClaim[]> {
  const judge = choice === 'trained' ? createTrainedJudge({ groundedCut: options.groundedCut }) : evalJudge(options);
  const result = await review({ ...input, judge });
  if (choice !== 'trained') record(result);
  return result.claims;
}
