// The offline judge on evidence files as the real evidence reader parses them: one claim, or the
// last claim of a short report judged with the ones before it (what "no other" sets apart). The
// verdict is the one before the grounded cut (groundedCut 0 unless given): these helpers serve the
// tests of what the rules read; the cut itself is grounded-cut.test.ts's.
import { createOfflineJudge, type OfflineJudgeOptions } from '../../src/core/judge/offline';
import { parseEvidenceSources } from '../../src/core/evidence';
import type { JudgedClaim } from '../../src/core/review-types';

export type Source = { file: string; text: string };

export async function judge(text: string, sources: Source[], options: OfflineJudgeOptions = {}, question?: string): Promise<JudgedClaim> {
  return judgeReport([text], sources, options, question);
}

export async function judgeReport(texts: string[], sources: Source[], options: OfflineJudgeOptions = {}, question?: string): Promise<JudgedClaim> {
  const evidence = parseEvidenceSources(sources).items;
  let offset = 0;
  const claims = texts.map((text, i) => {
    const claim = { id: `C${i + 1}`, text, start: offset, end: offset + text.length, line: i + 1 };
    offset += text.length + 1;
    return claim;
  });
  return (await createOfflineJudge({ groundedCut: 0, ...options }).judgeClaims({ claims, evidence, question })).claims.at(-1)!;
}
