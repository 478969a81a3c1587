// `npm run eval`: runs every `bench/*.eval.ts` module (each exports `run(): Promise<string>`, a
// Markdown section), prints the sections and writes them to docs/accuracy.md.
// `npm run eval -- halueval` runs only the matching modules and writes nothing.
// `npm run eval -- --judge llm|hybrid --base-url URL --model NAME` runs the corpus test split and
// HaluEval test through that judge and prints (never writes) the tables with the cost ledger.
import { parseEvalArgs, useEvalJudge } from './eval-lib/judge-choice';
import { runModules, writeReport } from './report';

async function main(): Promise<void> {
  const { only, judge } = parseEvalArgs(process.argv.slice(2));
  if (judge) {
    useEvalJudge(judge);
    await runModules('.eval.js', only.length > 0 ? only : ['corpus', 'halueval', 'judge-cost']);
    return;
  }
  const sections = await runModules('.eval.js', only);
  if (only.length === 0) writeReport('accuracy.md', 'Accuracy', sections);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
