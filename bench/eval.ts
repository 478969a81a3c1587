// `npm run eval`: runs every `bench/*.eval.ts` module (each exports `run(): Promise<string>`, a
// Markdown section), prints the sections and writes them to docs/accuracy.md.
// `npm run eval -- halueval` runs only the matching modules and writes nothing.
import { runModules, writeReport } from './report';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const sections = await runModules('.eval.js', only);
  if (only.length === 0) writeReport('accuracy.md', 'Accuracy', sections);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
