// `node out/bench/verdicts-dump.js [dev|test|all]`: every judged claim of the corpus cases with its
// partition and type, one line each, so a retrieval change can be checked to change no verdict
// (dump before and after, then diff). Cases of held-out blind batches are skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evalSplit, loadCases } from './corpus.eval';
import { judgeCase } from './eval-lib/pipeline';

async function main(): Promise<void> {
  const split = process.argv[2] ?? 'dev';
  for (const { name, dir, labels } of loadCases()) {
    // Held-out blind batches are never judged here: their first scoring is their first-sight figure.
    const caseSplit = evalSplit(name, labels);
    if (caseSplit === 'blind' || (split !== 'all' && caseSplit !== split)) continue;
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    const evidence = labels.evidence.map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
    const claims = await judgeCase({ report, reportFile: 'report.md', evidence, question: labels.question });
    for (const claim of claims) {
      process.stdout.write(`${name}\t${claim.start}-${claim.end}\t${claim.partition}\t${claim.type}\t${claim.evidence_refs.join(',')}\n`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
