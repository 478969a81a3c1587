// Training examples for the offline judge's decision model: every labelled claim of the corpus
// dev split, and HaluEval QA dev answers of one claim, each as its feature vector (the rules'
// proposal among its inputs) and its label.
// Claims are read by the product's own review() (a capturing judge records what the judge is
// given), so training sees exactly what users' reviews see. Test cases are never read.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PARTITION_KEYS, type PartitionKey } from '../../src/core/model';
import { review } from '../../src/core/review';
import type { ClaimJudgeInput, EvidenceSource } from '../../src/core/review-types';
import { buildEvidenceIndex } from '../../src/core/retrieval/index';
import { gatherClaimEvidence } from '../../src/core/judge/offline/pipeline';
import { featureVector } from '../../src/core/judge/offline/decide/features';
import { groundable } from '../../src/core/judge/offline/decide/verdict';
import { judgeOutputFromClaims, judgeableEvidence } from '../../src/core/judge/offline/output';
import { proposeVerdicts } from '../../src/core/judge/offline/propose';
import { bestOverlap, evalSplit, loadCases } from '../corpus.eval';
import { loadResponses } from '../halueval.eval';

export interface Example {
  /** The case (or HaluEval line) it comes from: folds never split a group. */
  group: string;
  x: number[];
  y: number;
  /** Whether the decision may ground the claim at all (decide/verdict.ts `groundable`). */
  groundable: boolean;
  /** The labelled text (corpus claims; HaluEval answers are not kept). */
  text?: string;
}

/** What review() hands the judge for one report, captured without judging. */
export async function capture(report: string, reportFile: string, evidence: EvidenceSource[], question?: string): Promise<ClaimJudgeInput> {
  let seen: ClaimJudgeInput | undefined;
  await review({
    report,
    reportFile,
    evidence,
    question,
    judge: {
      kind: 'capture',
      judgeClaims: async (input) => {
        seen = input;
        const claims = input.claims.map((c) => ({ ...c, partition: 'ungrounded' as const, type: 'inference' as const, evidence_refs: [], reason: '' }));
        return { claims, output: judgeOutputFromClaims(claims), fallbacks: [], warnings: [] };
      },
    },
  });
  return seen!;
}

/** Each claim's feature vector, with the rules' proposal read exactly as the shipped judge reads it. */
export function featuresOf(input: ClaimJudgeInput): Array<{ x: number[]; groundable: boolean }> {
  const judgeable = judgeableEvidence(input);
  if ('abstain' in judgeable) return input.claims.map(() => ({ x: [], groundable: false }));
  const index = buildEvidenceIndex(judgeable.usable);
  return proposeVerdicts(input, index).map((proposal) => {
    const evidence = gatherClaimEvidence(proposal, index, input.question, proposal);
    return { x: featureVector(evidence), groundable: groundable(proposal, evidence) };
  });
}

export async function corpusExamples(include: (name: string, split: string) => boolean, hash?: ReturnType<typeof createHash>): Promise<Example[]> {
  const examples: Example[] = [];
  for (const { name, dir, labels } of loadCases()) {
    // The split the eval gives it: a released blind batch is trained on whatever its writers set.
    if (!include(name, evalSplit(name, labels))) continue;
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    const evidence = labels.evidence.map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
    hash?.update(name).update(report).update(JSON.stringify(labels));
    for (const source of evidence) hash?.update(source.text);
    const input = await capture(report, 'report.md', evidence, labels.question);
    const vectors = featuresOf(input);
    for (const label of labels.claims) {
      const start = report.indexOf(label.text);
      const claim = start < 0 ? undefined : bestOverlap(input.claims.map((c) => ({ ...c, partition: 'grounded', type: 'inference', evidence_refs: [], reason: '' })), start, start + label.text.length);
      if (!claim) continue;
      const at = input.claims.findIndex((c) => c.id === claim.id);
      examples.push({ group: name, ...vectors[at]!, y: PARTITION_KEYS.indexOf(label.partition as PartitionKey), text: label.text });
    }
  }
  return examples;
}

/** HaluEval QA dev: an answer read as one claim is grounded when right, ungrounded when hallucinated. */
export async function haluEvalExamples(hash?: ReturnType<typeof createHash>): Promise<Example[]> {
  const examples: Example[] = [];
  for (const response of loadResponses('dev')) {
    const input = await capture(response.answer, 'answer.txt', [{ file: 'knowledge.md', text: response.knowledge }], response.question);
    if (input.claims.length !== 1) continue;
    hash?.update(response.answer).update(response.knowledge);
    examples.push({ group: `halueval-${response.line}`, ...featuresOf(input)[0]!, y: PARTITION_KEYS.indexOf(response.hallucinated ? 'ungrounded' : 'grounded') });
  }
  return examples;
}
